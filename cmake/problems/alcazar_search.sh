#!/bin/bash
# alcazar.search_agrees: the search alone against the brute. With --local-steps the solution
# keeps only its local steps (single cell, loop, loop fork: no parity, connectivity or trial),
# and --restart-nodes 4 restarts after 4 x 1, 1, 2, 1, 1, 2, 4, ... contradictions, so on small
# boards the search (with its learned nogoods, activity, phase saving and restarts) must find the
# path or prove that there is none, where the full steps would refute most boards at the root
# (small boards without solution that need a search are next to nonexistent with them:
# testdata/alcazar/secret/none_* has larger ones). For each board: --count agrees with the
# brute's count; a path printed is accepted by the checker; "no solution" only when the brute
# finds none. Fails also when fewer than MIN_SEARCHED boards without solution needed a search
# or fewer than MIN_RESTARTS searches restarted (the test would have tested nothing). A second
# pass, --no-trials, keeps parity and connectivity but not the trial step, so that their
# deductions below the root feed the nogoods (see the end).
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
# generate_board ARGS... SEED: the board in $work/in
generate_board() {
    # shellcheck disable=SC2086
    "$work/gen" $1 -seed "$2" > "$work/in"
}
# The path in $work/out must pass the checker.
check_path() {
    "$checker" "$work/in" "$work/out" "$work/out" 2> "$work/chk" ||
        { echo "FAIL: $where: checker: $(cat "$work/chk")"; exit 1; }
}
mode="--local-steps --restart-nodes 4"
searched=0 restarts=0 boards=0 none=0
for args in "${settings[@]}"; do
    for seed in $(seq 1 "$seeds"); do
        generate_board "$args" "$seed"
        where="gen $args -seed $seed ($mode)"
        theirs=$("$work/brute" --count < "$work/in")
        # shellcheck disable=SC2086
        ours=$("$work/sol" $mode --count < "$work/in")
        [ "$ours" = "$theirs" ] || {
            echo "FAIL: $where: --count says '$ours', brute '$theirs'"
            exit 1
        }
        # shellcheck disable=SC2086
        "$work/sol" $mode -v < "$work/in" > "$work/out" 2> "$work/err"
        if [ "$theirs" = 0 ]; then
            [ "$(cat "$work/out")" = "no solution" ] || { echo "FAIL: $where: a path where the brute finds none"; exit 1; }
            none=$((none + 1))
            nodes=$(tail -n 1 "$work/err" | sed -n 's/^no solution after [0-9]* steps, \([0-9]*\) search nodes$/\1/p')
            [ -n "$nodes" ] || { echo "FAIL: $where: no summary line from -v"; exit 1; }
            [ "$nodes" -gt 1 ] && searched=$((searched + 1))
        else
            check_path
        fi
        restarts=$((restarts + $(grep -c '^restart after round' "$work/err" || true)))
        boards=$((boards + 1))
    done
done
echo "search agrees with the brute on $boards boards ($none without solution, $searched of them" \
    "refuted by a search, $restarts restarts)"
[ "$searched" -ge "$min_searched" ] || { echo "FAIL: only $searched boards needed a search"; exit 1; }
[ "$restarts" -ge "$min_restarts" ] || { echo "FAIL: only $restarts restarts"; exit 1; }

# --no-trials: boards with a planted path (the generator's), too large for the brute; every
# path printed must pass the checker and --count must not be 0 (a nogood from a wrong reason
# of parity or connectivity would cut the planted path off). At least one nogood per 2 boards.
learned=0 planted=0
for args in "-w 14 -h 14 -mode path -walls 25" "-w 10 -h 10 -mode unique"; do
    for seed in $(seq 1 "$((seeds / 2))"); do
        generate_board "$args" "$seed"
        where="gen $args -seed $seed (--no-trials)"
        [ "$("$work/sol" --no-trials --restart-nodes 2 --count < "$work/in")" != 0 ] ||
            { echo "FAIL: $where: --count says 0, the board has a path"; exit 1; }
        "$work/sol" --no-trials --restart-nodes 2 -v < "$work/in" > "$work/out" 2> "$work/err"
        check_path
        learned=$((learned + $(grep -c '^contradiction: learned' "$work/err" || true)))
        planted=$((planted + 1))
    done
done
echo "--no-trials: $planted boards with a planted path solved, $learned nogoods learned"
[ "$learned" -ge $((planted / 2)) ] || { echo "FAIL: --no-trials learned only $learned nogoods"; exit 1; }
