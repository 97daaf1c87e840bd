#!/bin/bash
# Benchmark for alcazar (issue 8): uniquely solvable puzzles from generators/alcazar.cpp
# (-mode unique; half with -keep-border 1, i.e. two doors as in printed puzzles), solved by
# solutions/alcazar.cpp as a whole process, against clingo (Debian package gringo) with the
# encoding bench/alcazar/alcazar.lp on the same puzzles (facts from to_facts.py, conversion not
# timed). Wall time of each process, median of 5 runs per puzzle; the table shows per-puzzle
# medians and the median over puzzles. Every answer is checked by checkers/alcazar.cpp.
# Usage: bench/alcazar/run.sh [repo root] [puzzles per size, default 10]
set -eu
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
count=${2:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/chk" "$root/checkers/alcazar.cpp"
for size in 8 20; do
    for seed in $(seq 1 "$count"); do
        keep=$((seed % 2))
        name="u${size}_s${seed}_k${keep}"
        "$work/gen" -w $size -h $size -mode unique -keep-border $keep -seed "$seed" > "$work/$name.in"
        python3 "$root/bench/alcazar/to_facts.py" < "$work/$name.in" > "$work/$name.lp"
        "$work/sol" < "$work/$name.in" > "$work/$name.out"
        "$work/chk" "$work/$name.in" "$work/$name.out" "$work/$name.out" 2> /dev/null ||
            { echo "checker rejects $name"; exit 1; }
        [ "$("$work/sol" --count < "$work/$name.in")" = 1 ] || { echo "$name not unique"; exit 1; }
    done
done
python3 - "$work" "$root" <<'PY'
import glob, os, statistics, subprocess, sys, time
work, root = sys.argv[1], sys.argv[2]
lp = os.path.join(root, "bench/alcazar/alcazar.lp")

def wall(cmd, stdin_path):
    best = []
    for _ in range(5):
        with open(stdin_path) as f:
            t = time.perf_counter()
            r = subprocess.run(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            best.append((time.perf_counter() - t) * 1000)
    return statistics.median(best), r.stdout.decode()

print(f"{'puzzle':16} {'ours_ms':>8} {'clingo_ms':>10} {'ratio':>7}")
for size in (8, 20):
    ours_all, clingo_all = [], []
    for p in sorted(glob.glob(f"{work}/u{size}_*.in"), key=lambda s: int(s.split('_s')[1].split('_')[0])):
        name = os.path.basename(p)[:-3]
        ours, _ = wall([f"{work}/sol"], p)
        cl, out = wall(["clingo", lp, p[:-3] + ".lp", "--quiet=1", "--models=1"], os.devnull)
        if "SATISFIABLE" not in out or "UNSAT" in out:
            sys.exit(f"clingo did not solve {name}")
        ours_all.append(ours); clingo_all.append(cl)
        print(f"{name:16} {ours:8.2f} {cl:10.2f} {cl / ours:7.1f}")
    mo, mc = statistics.median(ours_all), statistics.median(clingo_all)
    print(f"median {size}x{size}: ours {mo:.2f} ms (max {max(ours_all):.2f}), clingo {mc:.2f} ms "
          f"(max {max(clingo_all):.2f}), ratio of medians {mc / mo:.1f}x")
PY
