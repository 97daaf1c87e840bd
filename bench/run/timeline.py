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

With `-e sched:sched_switch` added to the record, it also prints, for each of the three spans,
who had each CPU meanwhile (means in us a run, "program" being the run's own process and
"idle" no task): what shares the CPU of a bound judge worker, and what the starter does between
two programs.
"""
import bisect
import collections
import re
import statistics
import sys

EVENT = re.compile(r"(\d+\.\d+): sched:sched_process_(fork|exec|exit): (.*)")
SWITCH = re.compile(
    r"\[(\d+)\]\s+(\d+\.\d+):\s+sched:sched_switch: .*next_comm=(.*?) next_pid=(\d+)")


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: timeline.py PERF_SCRIPT_OUTPUT [PREFIX...]")
    prefixes = tuple(sys.argv[2:]) or ("aplusb", "tokens")
    forked, execed, exits = {}, {}, []
    # Per CPU: the times a task was switched in, and (comm, pid) of that task.
    switched_in = collections.defaultdict(lambda: ([], []))
    with open(sys.argv[1]) as lines:
        for line in lines:
            switch = SWITCH.search(line)
            if switch:
                times, tasks = switched_in[int(switch.group(1))]
                times.append(float(switch.group(2)))
                tasks.append((switch.group(3), int(switch.group(4))))
                continue
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
    runs = sorted((forked[pid], execed[pid], end, name, pid) for pid, name, end in exits
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
        if switched_in:
            spans = {"fork -> exec": [(runs[i][0], runs[i][1], runs[i][4]) for i in index],
                     "exec -> exit": [(runs[i][1], runs[i][2], runs[i][4]) for i in index],
                     "exit -> next fork": [(runs[i][2], runs[i + 1][0], runs[i][4])
                                           for i in index if i + 1 < len(runs)]}
            for span, intervals in spans.items():
                if not intervals:
                    continue
                shares = on_cpu(switched_in, intervals)
                top = sorted(shares.items(), key=lambda item: -item[1])
                mean = lambda seconds: us(seconds) / len(intervals)
                print(f"    {span}: " + ", ".join(f"cpu {cpu} {task} {mean(seconds):.0f}"
                                               for (cpu, task), seconds in top
                                               if mean(seconds) >= 1.5))


def on_cpu(switched_in, intervals):
    """Seconds each (cpu, task) had its CPU within the intervals (start, end, program pid)."""
    shares = collections.Counter()
    for cpu, (times, tasks) in switched_in.items():
        for start, end, program in intervals:
            # The task switched in last before `start`, then every one switched in until `end`.
            at = max(bisect.bisect_right(times, start) - 1, 0)
            while at < len(times) and times[at] < end:
                since = max(times[at], start)
                until = min(times[at + 1], end) if at + 1 < len(times) else end
                comm, pid = tasks[at]
                task = "program" if pid == program else "idle" if pid == 0 else f"{comm}:{pid}"
                if until > since:
                    shares[(cpu, task)] += until - since
                at += 1
    return shares


if __name__ == "__main__":
    main()
