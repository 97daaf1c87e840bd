#!/usr/bin/env python3
"""timeline.py: where the wall time of a loop of program runs goes, from the kernel's own events.

Usage:
    perf record -a -e sched:sched_process_fork -e sched:sched_process_exec \\
        -e sched:sched_process_exit -o t.data -- COMMAND...
    perf script -i t.data > t.txt
    bench/run/timeline.py t.txt [PREFIX...]     (PREFIX: program names, aplusb tokens by default)

COMMAND is a judge run, bench/run/bare_loop or bench/run/floor_loop on the same cases. For every
program whose name starts with a PREFIX it takes the clone that made it (fork), its execve and
the start of its exit, and prints the means of
    fork -> exec       the starter's and the program's own setup before the execve
    exec -> exit       the program's life
    exit -> next fork  what happens between one program's end and the next program's clone: the
                       exit's teardown, the starter's wake-up and bookkeeping
per program name, and the wall time per case (from the first clone to the last exit, divided by
the runs of the first PREFIX). Only three events per program: the tracing itself costs little.
"""
import re
import statistics
import sys

EVENT = re.compile(r"(\d+\.\d+): sched:sched_process_(fork|exec|exit): (.*)")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: timeline.py PERF_SCRIPT_OUTPUT [PREFIX...]")
    prefixes = tuple(sys.argv[2:]) or ("aplusb", "tokens")
    forked, execed, exits = {}, {}, []
    with open(sys.argv[1]) as lines:
        for line in lines:
            match = EVENT.search(line)
            if not match:
                continue
            time, kind, rest = float(match.group(1)), match.group(2), match.group(3)
            if kind == "fork":
                forked[int(re.search(r"child_pid=(\d+)", rest).group(1))] = time
            elif kind == "exec":
                execed[int(re.search(r" pid=(\d+)", rest).group(1))] = time
            else:
                pid = int(re.search(r" pid=(\d+)", rest).group(1))
                name = re.search(r"comm=(\S+)", rest).group(1)
                exits.append((pid, name, time))
    runs = sorted((forked[pid], execed[pid], end, name) for pid, name, end in exits
                  if name.startswith(prefixes) and pid in forked and pid in execed)
    if not runs:
        sys.exit("timeline.py: no program named " + " or ".join(prefixes) + " in the events")
    us = lambda seconds: seconds * 1e6
    first_kind = sum(1 for run in runs if run[3].startswith(prefixes[0]))
    print(f"{len(runs)} runs, {us(runs[-1][2] - runs[0][0]) / max(first_kind, 1):.0f} us a case")
    for prefix in prefixes:
        index = [i for i, run in enumerate(runs) if run[3].startswith(prefix)]
        if not index:
            continue
        setup = [us(runs[i][1] - runs[i][0]) for i in index]
        life = [us(runs[i][2] - runs[i][1]) for i in index]
        gap = [us(runs[i + 1][0] - runs[i][2]) for i in index if i + 1 < len(runs)]
        print(f"  {prefix}: fork -> exec {statistics.mean(setup):.0f} us, exec -> exit "
              f"{statistics.mean(life):.0f} us, exit -> next fork "
              f"{statistics.mean(gap) if gap else 0:.0f} us (means of {len(index)})")


if __name__ == "__main__":
    main()
