#!/bin/bash
# alcazar.search_agrees: the search alone against the brute. With --local-steps the solution
# keeps only its local steps (single cell, loop, loop fork: no parity, connectivity or trial),
# and --restart-nodes 4 starts the search again after 4, 8, 16, ... search nodes, so on small
# boards the search (with its activity, phase saving and restarts) must find the
# path or prove that there is none, where the full steps would refute most boards at the root
# (small boards without solution that need a search are next to nonexistent with them:
# testdata/alcazar/secret/none_* has larger ones). For each board: --count agrees with the
# brute's count; a path printed is accepted by the checker; "no solution" only when the brute
# finds none. Fails also when fewer than MIN_SEARCHED boards without solution needed a search
# or fewer than MIN_RESTARTS searches restarted (the test would have tested nothing).
# Usage: alcazar_search.sh <repo root> <checker binary> <seeds per setting>
set -eu
root=$1 checker=$2 seeds=$3
min_searched=$((seeds / 2)) min_restarts=$((seeds / 10))
# shellcheck source=alcazar_tools.sh
source "$root/cmake/problems/alcazar_tools.sh"
settings=(
    "-w 5 -h 5 -mode parity -walls 10 -doors 3"
    "-w 6 -h 4 -mode parity -walls 0 -doors 3"
    "-w 5 -h 5 -mode random -walls 10 -doors 3"
    "-w 6 -h 5 -mode random -walls 5 -doors 4"
    "-w 6 -h 5 -mode path -walls 10 -doors 3"
)
searched=0 restarts=0 boards=0 none=0
for args in "${settings[@]}"; do
    for seed in $(seq 1 "$seeds"); do
        # shellcheck disable=SC2086
        "$work/gen" $args -seed "$seed" > "$work/in"
        where="gen $args -seed $seed"
        theirs=$("$work/brute" --count < "$work/in")
        ours=$("$work/sol" --local-steps --restart-nodes 4 --count < "$work/in")
        [ "$ours" = "$theirs" ] || {
            echo "FAIL: $where: --local-steps --count says '$ours', brute '$theirs'"
            exit 1
        }
        "$work/sol" --local-steps --restart-nodes 4 -v < "$work/in" > "$work/out" 2> "$work/err"
        if [ "$theirs" = 0 ]; then
            [ "$(cat "$work/out")" = "no solution" ] || { echo "FAIL: $where: a path where the brute finds none"; exit 1; }
            none=$((none + 1))
            nodes=$(tail -n 1 "$work/err" | sed -n 's/^no solution after [0-9]* steps, \([0-9]*\) search nodes$/\1/p')
            [ -n "$nodes" ] || { echo "FAIL: $where: no summary line from -v"; exit 1; }
            [ "$nodes" -gt 1 ] && searched=$((searched + 1))
        else
            "$checker" "$work/in" "$work/out" "$work/out" 2> "$work/chk" ||
                { echo "FAIL: $where: checker: $(cat "$work/chk")"; exit 1; }
        fi
        restarts=$((restarts + $(grep -c '^restart after round' "$work/err" || true)))
        boards=$((boards + 1))
    done
done
echo "search agrees with the brute on $boards boards ($none without solution, $searched of them" \
    "refuted by a search, $restarts restarts)"
[ "$searched" -ge "$min_searched" ] || { echo "FAIL: only $searched boards needed a search"; exit 1; }
[ "$restarts" -ge "$min_restarts" ] || { echo "FAIL: only $restarts restarts"; exit 1; }
