#!/usr/bin/env bash
# Benchmark: solutions/labyrinth.cpp against clingo (solutions/labyrinth.lp) on the official
# instances. Every plan of the solution is judged by checkers/labyrinth.cpp (against NAME.ans
# when it exists, else by simulation alone).
# Usage: bench/labyrinth/bench.sh [CLINGO_TSV] [CASES]
#   CLINGO_TSV: output of bench/labyrinth/clingo.sh (default /tmp/labyrinth-clingo/clingo.tsv);
#               run clingo.sh first (it takes up to LIMIT_S per instance, one at a time).
# Prints one row per instance: name, verdict, solution wall seconds, pushes, clingo status and
# seconds, ratio; then the totals (a clingo timeout counts as its limit, so the total ratio is
# a lower bound).
set -uo pipefail  # not -e: a program's exit status (a timeout, a failure) is read and reported
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
clingo_tsv=${1:-/tmp/labyrinth-clingo/clingo.tsv}
cases=${2:-$root/../shared/cases/labyrinth}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/solution" "$root/solutions/labyrinth.cpp" || exit 1
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/checker" "$root/checkers/labyrinth.cpp" || exit 1
printf '| instance | verdict | time (s) | pushes | clingo | clingo time (s) | ratio |\n'
printf '| --- | --- | ---: | ---: | --- | ---: | ---: |\n'
total_s=0 total_clingo_s=0 failures=0
for in in $(ls "$cases"/*.in | sort); do
    name=$(basename "$in" .in)
    start_ns=$(date +%s%N)
    timeout 60 "$work/solution" < "$in" > "$work/out"
    rc=$?
    end_ns=$(date +%s%N)
    wall_s=$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    answer=/dev/null
    [ -f "$cases/$name.ans" ] && answer="$cases/$name.ans"
    if [ $rc -ne 0 ]; then verdict="exit $rc"; failures=$((failures + 1))
    elif "$work/checker" "$in" "$work/out" "$answer" 2> /dev/null; then verdict=OK
    else verdict=WA; failures=$((failures + 1)); fi
    if grep -q UNSATISFIABLE "$work/out"; then pushes=UNSAT; else pushes=$(grep -c push "$work/out"); fi
    read -r clingo_status clingo_s < <(awk -v n="$name" '$1 == n { print $2, $3 }' "$clingo_tsv" 2>/dev/null)
    clingo_status=${clingo_status:-n/a} clingo_s=${clingo_s:-0}
    ratio=$(awk -v a="$clingo_s" -v b="$wall_s" 'BEGIN { if (a > 0) printf "%.0f", a / (b > 0.001 ? b : 0.001); else print "-" }')
    [ "$clingo_status" = TIMEOUT ] && ratio=">$ratio"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$verdict" "$wall_s" "$pushes" "$clingo_status" "$clingo_s" "$ratio"
    total_s=$(awk -v a="$total_s" -v b="$wall_s" 'BEGIN { printf "%.3f", a + b }')
    total_clingo_s=$(awk -v a="$total_clingo_s" -v b="$clingo_s" 'BEGIN { printf "%.2f", a + b }')
done
printf '\ntotal: solution %s s, clingo %s s (timeouts counted as the limit), ratio %s, failures %d\n' \
    "$total_s" "$total_clingo_s" "$(awk -v a="$total_clingo_s" -v b="$total_s" 'BEGIN { printf "%.1f", a / b }')" "$failures"
[ "$failures" -eq 0 ]
