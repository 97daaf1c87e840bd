#!/usr/bin/env bash
# Boards with many solutions and boards without solution (issues 8 and 15), ours against
# clingo (bench/alcazar/alcazar.lp) on the same boards in one run, board by board in turn:
#   open S x S: generated here by generators/alcazar.cpp -mode path -walls 30 (a random
#               Hamiltonian path, 30 % of the other inner edges walled; no solver involved, so
#               the same boards every run): 30 x 30 seeds 1-16, 40 x 40 seeds 1-32,
#               60 x 60 seeds 1-8
#   none 20 x 20: the 16 fixed files bench/alcazar/none_boards/none20_<seed>.in, NOT generated
#               here. -mode none uses solutions/alcazar.cpp itself (edges of the solutions it
#               finds are walled until it finds none), so every solver change changed those
#               boards and runs were not comparable. The files are that generator's output,
#               made once on 2026-11-25 with main at 23b93af:
#                 g++ -O2 -std=gnu++17 -I checkers -o gen generators/alcazar.cpp
#                 gen -w 20 -h 20 -mode none -walls 20 -seed N > none20_N.in   (N = 1..16)
#               all 16 UNSATISFIABLE for clingo; see RESULTS.md. Regenerate them only
#               deliberately, and say so in RESULTS.md.
# One run of each, wall time of the whole process, a time-out of TIMEOUT seconds (default 20)
# counted as TIMEOUT. Every path of ours is checked by checkers/alcazar.cpp; every "no
# solution" of ours must be clingo's UNSATISFIABLE, and so must clingo's answer on every none
# board.
# Usage: bench/alcazar/open_boards.sh [repo root] [timeout seconds] [all|open|none]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
limit=${2:-20}
which=${3:-all}
case $which in all | open | none) ;; *) echo "third argument must be all, open or none" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/chk" "$root/checkers/alcazar.cpp"
echo "load before: $(cat /proc/loadavg)"
python3 - "$root" "$work" "$limit" "$which" <<'PY'
import shutil, statistics, subprocess, sys, time
root, work, limit, which = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
# (kind, side, generator mode or None for the fixed files, walls, count)
sets = [("open", 30, "path", 30, 16), ("open", 40, "path", 30, 32), ("open", 60, "path", 30, 8),
        ("none", 20, None, 20, 16)]
sets = [s for s in sets if which in ("all", s[0])]

def timed(command, out_path):
    """Wall time of one process (limit on a time-out) and whether it timed out."""
    start = time.perf_counter()
    try:
        with open(out_path, "wb") as out:
            subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL, timeout=limit)
        return time.perf_counter() - start, False
    except subprocess.TimeoutExpired:
        return limit, True

for kind, side, mode, walls, count in sets:
    ours, theirs = [], []
    for seed in range(1, count + 1):
        name = f"{work}/{kind}{side}_{seed}"
        if mode is None:  # fixed files: the generator's none mode depends on the solver
            shutil.copy(f"{root}/bench/alcazar/none_boards/{kind}{side}_{seed}.in", name + ".in")
        else:
            with open(name + ".in", "wb") as f:
                subprocess.run([f"{work}/gen", "-w", str(side), "-h", str(side), "-mode", mode,
                                "-walls", str(walls), "-seed", str(seed)], stdout=f, check=True)
        with open(name + ".in") as f, open(name + ".lp", "w") as g:
            subprocess.run(["python3", f"{root}/bench/alcazar/to_facts.py"], stdin=f, stdout=g,
                           check=True)
        t, late = timed([f"{work}/sol", "-f", name + ".in"], name + ".out")
        c, clingo_late = timed(["clingo", f"{root}/bench/alcazar/alcazar.lp", name + ".lp",
                                "--quiet=1", "--models=1"], name + ".clingo")
        answer = open(name + ".out").read().strip()
        clingo_says = open(name + ".clingo").read()
        if kind == "none" and not clingo_late and "UNSATISFIABLE" not in clingo_says:
            sys.exit(f"{kind}{side}_{seed}: clingo finds a solution on a board meant to have none")
        if not late and answer == "no solution":
            if not clingo_late and "UNSATISFIABLE" not in clingo_says:
                sys.exit(f"{kind}{side}_{seed}: we say no solution, clingo finds one")
        elif not late:
            r = subprocess.run([f"{work}/chk", name + ".in", name + ".out", name + ".out"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if r.returncode != 0:
                sys.exit(f"checker rejects {kind}{side}_{seed}")
        ours.append(t), theirs.append(c)
    for who, times in (("ours", ours), ("clingo", theirs)):
        print(f"{kind} {side} x {side}, {len(times)} boards, {who:6}: median "
              f"{statistics.median(times):.3f} s, mean {statistics.mean(times):.3f} s, max "
              f"{max(times):.3f} s, time-outs ({limit:g} s) {sum(x >= limit for x in times)}")
    print(f"  clingo / ours: ratio of medians {statistics.median(theirs) / statistics.median(ours):.1f}x, "
          f"worst board {min(c / o for o, c in zip(ours, theirs)):.2f}x, "
          f"max vs max {max(theirs) / max(ours):.2f}x", flush=True)
PY
echo "load after: $(cat /proc/loadavg)"
