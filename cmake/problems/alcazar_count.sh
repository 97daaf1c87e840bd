#!/bin/bash
# alcazar.count_agrees: `--count` of the solution (0, 1, "2 or more") against the brute's, which
# counts by walking every door-to-door path. A deduction step that wrongly cut off some
# solutions but not all would still pass the stress test (a path is found) and break --count,
# -r and the generator's unique puzzles; here it shows.
# Usage: alcazar_count.sh <repo root> <seeds per setting>
set -eu
root=$1 seeds=$2
# shellcheck source=alcazar_tools.sh
source "$root/cmake/problems/alcazar_tools.sh"
settings=(
    "-w 4 -h 4 -mode random -walls 15 -doors 3"
    "-w 5 -h 4 -mode random -walls 5 -doors 4"
    "-w 5 -h 5 -mode path -walls 30 -doors 3"
    "-w 6 -h 4 -mode path -walls 50 -doors 2"
    "-w 5 -h 5 -mode parity -walls 25 -doors 3"
    "-w 5 -h 5 -mode unique -keep-border 1"
    "-w 6 -h 5 -mode unique"
)
declare -A tally
for args in "${settings[@]}"; do
    for seed in $(seq 1 "$seeds"); do
        # shellcheck disable=SC2086
        "$work/gen" $args -seed "$seed" > "$work/in"
        ours=$("$work/sol" --count < "$work/in")
        theirs=$("$work/brute" --count < "$work/in")
        [ "$ours" = "$theirs" ] || {
            echo "FAIL: gen $args -seed $seed: solution --count says '$ours', brute '$theirs'"
            exit 1
        }
        tally[$ours]=$((${tally[$ours]:-0} + 1))
    done
done
echo "--count agrees on $((${#settings[@]} * seeds)) boards: 0: ${tally[0]:-0}," \
    "1: ${tally[1]:-0}, 2 or more: ${tally[2 or more]:-0}"
# The generator's unique cases of the test data (20 x 20 among them, larger than the boards
# above) are unique: its Solver counts one board after another, and a mark left from the board
# before once made it take a board with two solutions for unique.
for f in "$root"/testdata/alcazar/secret/unique_*.in; do
    [ "$("$work/sol" --count < "$f")" = 1 ] || { echo "FAIL: $f: --count is not 1"; exit 1; }
done
echo "--count is 1 on the $(ls "$root"/testdata/alcazar/secret/unique_*.in | wc -l) unique cases of testdata/alcazar/secret"
