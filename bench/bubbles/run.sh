#!/usr/bin/env bash
# Benchmark: solutions/bubbles.cpp vs the clingo anchor (bubbles.lp) on the same generated puzzles.
# Usage: bench/bubbles/run.sh [COUNT] [generator args...]
#   default: 10 puzzles of "-m 40 -n 40 -regions 25 -want many", seeds 1..COUNT.
# Times are whole processes (start to exit, wall clock), medians over the puzzles. Every answer
# of the solution is checked with the checker against clingo's verdict (solvable or not).
# BUBBLES_COUNT=1 times counting instead (solution --count, clingo -n 1000: both capped at 1000
# solutions, so a unique puzzle is proved unique) and checks that the two counts agree.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
count=${1:-10}
shift || true
gen_args=("$@")
[ ${#gen_args[@]} -eq 0 ] && gen_args=(-m 40 -n 40 -regions 25 -want many)
work=$(mktemp -d /tmp/bubbles-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/sol" "$root/solutions/bubbles.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/gen" "$root/generators/bubbles.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/chk" "$root/checkers/bubbles.cpp"

now_us() { date +%s%6N; }
sol_times=() asp_times=()
for seed in $(seq 1 "$count"); do
    "$work/gen" "${gen_args[@]}" -seed "$seed" > "$work/p.in"
    "$root/bench/bubbles/to_facts.sh" < "$work/p.in" > "$work/p.lp"
    if [ "${BUBBLES_COUNT:-0}" = 1 ]; then
        start=$(now_us); "$work/sol" --count < "$work/p.in" > "$work/p.out"; end=$(now_us)
        sol_times+=($((end - start)))
        start=$(now_us)
        timeout 600 clingo "$root/bench/bubbles/bubbles.lp" "$work/p.lp" -n 1000 -q > "$work/asp.out" || true
        end=$(now_us)
        asp_times+=($((end - start)))
        models=$(awk '/^Models/ {gsub(/\+/, "", $3); print $3}' "$work/asp.out")
        [ "$models" = "$(cat "$work/p.out")" ] ||
            { echo "seed $seed: --count says $(cat "$work/p.out"), clingo $models" >&2; exit 1; }
        continue
    fi
    start=$(now_us); "$work/sol" < "$work/p.in" > "$work/p.out"; end=$(now_us)
    sol_times+=($((end - start)))
    start=$(now_us)
    timeout 600 clingo "$root/bench/bubbles/bubbles.lp" "$work/p.lp" -n 1 -q > "$work/asp.out" || true
    end=$(now_us)
    asp_times+=($((end - start)))
    if grep -q '^UNSATISFIABLE' "$work/asp.out"; then echo "no solution" > "$work/p.ans"
    elif grep -q '^SATISFIABLE' "$work/asp.out"; then cp "$work/p.out" "$work/p.ans"
    else echo "clingo gave no verdict on seed $seed" >&2; exit 1; fi
    # With clingo saying "solvable", the jury answer is the solution's own output, so the checker
    # still replays it; "no solution" from both is OK, a mismatch is WA or FAIL.
    "$work/chk" "$work/p.in" "$work/p.out" "$work/p.ans" 2> "$work/chk.err" ||
        { echo "seed $seed: $(cat "$work/chk.err")" >&2; exit 1; }
    if grep -q '^SATISFIABLE' "$work/asp.out" && grep -q 'no solution' "$work/p.out"; then
        echo "seed $seed: clingo found a solution, the solution says none" >&2; exit 1
    fi
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
sol_median=$(median "${sol_times[@]}")
asp_median=$(median "${asp_times[@]}")
echo "puzzles: $count x (${gen_args[*]})"
echo "solution median: $(awk -v t="$sol_median" 'BEGIN {printf "%.1f", t / 1000}') ms (whole process)"
echo "clingo   median: $(awk -v t="$asp_median" 'BEGIN {printf "%.1f", t / 1000}') ms (whole process, -n $([ "${BUBBLES_COUNT:-0}" = 1 ] && echo 1000 || echo 1))"
echo "ratio clingo / solution: $(awk -v a="$asp_median" -v s="$sol_median" 'BEGIN {printf "%.1f", a / s}')"
