#!/usr/bin/env bash
# Benchmark for alcazar (issue 8): uniquely solvable puzzles from generators/alcazar.cpp
# (-mode unique; half with -keep-border 1, i.e. two doors as in printed puzzles), solved by
# solutions/alcazar.cpp as a whole process, against clingo (Debian package gringo) with the
# encoding bench/alcazar/alcazar.lp on the same puzzles (facts from to_facts.py, conversion not
# timed). Wall time of each process measured by hyperfine -N (no shell; Debian package
# hyperfine), median of RUNS runs (default 20) after 3 warm-up runs; the table shows per-puzzle
# medians and the median over puzzles. An empty C program is measured the same way: the floor
# of any whole-process time on this machine. Every answer is checked by checkers/alcazar.cpp.
# Usage: bench/alcazar/run.sh [repo root] [puzzles per size, default 10]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
count=${2:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/chk" "$root/checkers/alcazar.cpp"
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
printf 'int main(void) { return 0; }\n' > "$work/empty.c"
gcc -O2 -o "$work/empty" "$work/empty.c"
command -v hyperfine > /dev/null || { echo "needs hyperfine (apt-get install hyperfine)"; exit 1; }
RUNS=${RUNS:-20} python3 - "$work" "$root" <<'PY'
import glob, json, os, statistics, subprocess, sys
work, root = sys.argv[1], sys.argv[2]
lp = os.path.join(root, "bench/alcazar/alcazar.lp")
runs = os.environ["RUNS"]

def medians(*commands):
    """hyperfine -N: the median wall time of each command in ms."""
    out = os.path.join(work, "hyperfine.json")
    subprocess.run(["hyperfine", "-N", "-i", "-w", "3", "-r", runs, "--export-json", out,
                    *commands], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [r["median"] * 1000 for r in json.load(open(out))["results"]]

empty, = medians(f"{work}/empty")
print(f"empty C program: {empty:.2f} ms (the floor of a whole-process time here)")
print(f"{'puzzle':16} {'ours_ms':>8} {'clingo_ms':>10} {'ratio':>7}")
for size in (8, 20):
    ours_all, clingo_all = [], []
    for p in sorted(glob.glob(f"{work}/u{size}_*.in"), key=lambda s: int(s.split('_s')[1].split('_')[0])):
        name = os.path.basename(p)[:-3]
        clingo = f"clingo {lp} {p[:-3]}.lp --quiet=1 --models=1"
        out = subprocess.run(clingo.split(), stdout=subprocess.PIPE).stdout.decode()
        if "SATISFIABLE" not in out or "UNSAT" in out:
            sys.exit(f"clingo did not solve {name}")
        ours, cl = medians(f"{work}/sol -f {p}", clingo)
        ours_all.append(ours); clingo_all.append(cl)
        print(f"{name:16} {ours:8.2f} {cl:10.2f} {cl / ours:7.1f}")
    mo, mc = statistics.median(ours_all), statistics.median(clingo_all)
    print(f"median {size}x{size}: ours {mo:.2f} ms (max {max(ours_all):.2f}), clingo {mc:.2f} ms "
          f"(max {max(clingo_all):.2f}), ratio of medians {mc / mo:.1f}x, "
          f"worst puzzle {min(c / o for o, c in zip(ours_all, clingo_all)):.1f}x")
PY
