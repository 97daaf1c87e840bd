#!/usr/bin/env bash
# Benchmark: unsolvable random boards, solutions/labyrinth.cpp against clingo with solutions/labyrinth.lp,
# both on each board, one after the other, in one run.
# Usage: bench/labyrinth/unsat.sh [LIMIT_S=60] [SEEDS=3]
# Boards: generators/labyrinth.cpp -style random, sides 4 6 8 12 16, max_steps 4 6 8 (and 7 on
# 4 x 4), connection densities 20 30 45 percent, seeds 1..SEEDS; a board is kept when the
# solution (run first, limit LIMIT_S) answers UNSATISFIABLE or fails to decide in time (those
# are listed as undecided: they may be solvable). Rows: board, our wall time and peak memory,
# clingo's status and wall time (a TIMEOUT counts as LIMIT_S), ratio. clingo must say UNSAT
# where we do: any disagreement is counted as a failure.
set -uo pipefail  # not -e: a program's exit status (a timeout, a failure) is read and reported
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
limit_s=${1:-60} seeds=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/solution" "$root/solutions/labyrinth.cpp" || exit 1
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/generator" "$root/generators/labyrinth.cpp" || exit 1
seconds_since() { awk -v a="$1" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
printf '| board | ours (s) | ours MiB | clingo | clingo (s) | ratio |\n| --- | ---: | ---: | --- | ---: | ---: |\n'
total_s=0 total_clingo_s=0 decided_s=0 decided_clingo_s=0 boards=0 undecided=0 failures=0 clingo_faster=0
for n in 4 6 8 12 16; do
    for steps in 4 6 8 $([ "$n" = 4 ] && echo 7); do
        for p in 20 30 45; do
            for seed in $(seq 1 "$seeds"); do
                name="n${n}_m${steps}_p${p}_s${seed}"
                "$work/generator" -n "$n" -steps "$steps" -p "$p" -seed "$seed" > "$work/in"
                start=$(date +%s%N)
                /usr/bin/time -f '%M' -o "$work/rss" timeout "$limit_s" "$work/solution" < "$work/in" > "$work/out" 2> /dev/null
                rc=$?
                ours_s=$(seconds_since "$start")
                if grep -q UNSATISFIABLE "$work/out"; then ours=UNSAT
                elif [ $rc -eq 0 ]; then continue  # a plan: not an unsolvable board
                else ours=undecided; undecided=$((undecided + 1)); fi
                rss_mib=$(awk '/^[0-9]+$/ { v = $1 } END { printf "%.0f", v / 1024 }' "$work/rss")
                start=$(date +%s%N)
                timeout "$limit_s" clingo "$here/../../solutions/labyrinth.lp" "$work/in" > "$work/clingo" 2>&1
                rc=$?
                clingo_s=$(seconds_since "$start")
                if [ $rc -eq 124 ]; then clingo=TIMEOUT; clingo_s=$limit_s
                elif grep -q '^UNSATISFIABLE' "$work/clingo"; then clingo=UNSAT
                elif grep -q '^SATISFIABLE' "$work/clingo"; then clingo=SAT
                else clingo="ERROR($rc)"; fi
                if [ "$ours" = UNSAT ] && [ "$clingo" != UNSAT ] && [ "$clingo" != TIMEOUT ]; then
                    failures=$((failures + 1))
                fi
                [ "$ours" = undecided ] && ours_s=$limit_s
                boards=$((boards + 1))
                awk -v a="$clingo_s" -v b="$ours_s" 'BEGIN { exit !(a < b) }' && clingo_faster=$((clingo_faster + 1))
                ratio=$(awk -v a="$clingo_s" -v b="$ours_s" 'BEGIN { printf "%.0f", a / (b > 0.001 ? b : 0.001) }')
                [ "$clingo" = TIMEOUT ] && ratio=">$ratio"
                [ "$ours" = undecided ] && ratio="<$ratio"
                [ "$ours" = undecided ] && [ "$clingo" = TIMEOUT ] && ratio="?"
                printf '| %s | %s%s | %s | %s | %s | %s |\n' "$name" "$ours_s" \
                    "$([ "$ours" = undecided ] && echo ' (undecided)')" "$rss_mib" "$clingo" "$clingo_s" "$ratio"
                total_s=$(awk -v a="$total_s" -v b="$ours_s" 'BEGIN { printf "%.3f", a + b }')
                if [ "$ours" = UNSAT ]; then
                    decided_s=$(awk -v a="$decided_s" -v b="$ours_s" 'BEGIN { printf "%.3f", a + b }')
                    decided_clingo_s=$(awk -v a="$decided_clingo_s" -v b="$clingo_s" 'BEGIN { printf "%.2f", a + b }')
                fi
                total_clingo_s=$(awk -v a="$total_clingo_s" -v b="$clingo_s" 'BEGIN { printf "%.2f", a + b }')
            done
        done
    done
done
printf '\nboards: %d (undecided by us within %s s: %d), ours %s s, clingo %s s (timeouts counted as the limit), ratio %s, boards where clingo was faster: %d, disagreements: %d\n' \
    "$boards" "$limit_s" "$undecided" "$total_s" "$total_clingo_s" \
    "$(awk -v a="$total_clingo_s" -v b="$total_s" 'BEGIN { printf "%.1f", a / (b > 0.001 ? b : 0.001) }')" \
    "$clingo_faster" "$failures"
printf 'on the boards we refuted: ours %s s, clingo %s s, ratio %s\n' "$decided_s" "$decided_clingo_s" \
    "$(awk -v a="$decided_clingo_s" -v b="$decided_s" 'BEGIN { printf "%.1f", a / (b > 0.001 ? b : 0.001) }')"
[ "$failures" -eq 0 ]
