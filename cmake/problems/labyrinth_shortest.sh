#!/usr/bin/env bash
# labyrinth.shortest: `solutions/labyrinth.cpp --shortest` must print a plan exactly as short as
# the brute's (plain breadth-first search over push sequences, so its plan is minimal), and the
# same UNSATISFIABLE decisions; the default mode must agree on satisfiability. Every output is
# judged by the checker against the brute's answer. `--memory-mib 0` forces the table-free
# fallback (iterative deepening), whose plans must be minimal too.
# Usage: labyrinth_shortest.sh ROOT CHECKER GENERATOR [SEEDS=60]
set -u
root=$1 checker=$2 generator=$3 seeds=${4:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/solution" "$root/solutions/labyrinth.cpp" || exit 1
g++ -O2 -std=gnu++17 -o "$work/brute" "$root/solutions/brute/labyrinth.cpp" || exit 1
failures=0 unsat=0 total=0
for args in "-n 3 -steps 3" "-n 4 -steps 3 -style official" "-n 3 -steps 4 -p 30" \
            "-n 2 -steps 5 -p 40" "-n 4 -steps 3 -planted 3 -p 35 -format packed"; do
    for seed in $(seq 1 "$seeds"); do
        total=$((total + 1))
        # shellcheck disable=SC2086
        "$generator" $args -seed "$seed" > "$work/in"
        timeout 60 "$work/brute" < "$work/in" > "$work/ans" || { echo "brute failed: $args -seed $seed"; failures=$((failures + 1)); continue; }
        grep -q UNSATISFIABLE "$work/ans" && unsat=$((unsat + 1))
        for mode in ""; do
            # shellcheck disable=SC2086
            timeout 60 "$work/solution" $mode < "$work/in" > "$work/out" || { echo "solution $mode failed: $args -seed $seed"; failures=$((failures + 1)); continue; }
            if ! "$checker" "$work/in" "$work/out" "$work/ans" 2> "$work/message"; then
                echo "checker ($mode): $args -seed $seed: $(cat "$work/message")"; failures=$((failures + 1))
            fi
        done
        for mode in --shortest "--memory-mib 0"; do
            # shellcheck disable=SC2086
            timeout 60 "$work/solution" $mode < "$work/in" > "$work/out"
            if ! "$checker" "$work/in" "$work/out" "$work/ans" 2> "$work/message"; then
                echo "checker ($mode): $args -seed $seed: $(cat "$work/message")"; failures=$((failures + 1))
            elif [ "$(grep -c push "$work/out")" != "$(grep -c push "$work/ans")" ]; then
                echo "$mode length $(grep -c push "$work/out") != brute $(grep -c push "$work/ans"): $args -seed $seed"
                failures=$((failures + 1))
            fi
        done
    done
done
echo "labyrinth.shortest: $total cases ($unsat UNSATISFIABLE), $failures failures"
[ "$failures" -eq 0 ]
