#!/usr/bin/env bash
# labyrinth.shortest: `solutions/labyrinth.cpp --shortest` must print a plan exactly as short as
# the brute's (plain breadth-first search over push sequences, so its plan is minimal), and the
# same UNSATISFIABLE decisions; the default mode must agree on satisfiability. Every output is
# judged by the checker against the brute's answer. `--memory-mib 0` forces the table-free
# fallback (iterative deepening without a refutation table), whose plans must be minimal too;
# `--memory-mib 1` the same with a refutation table of 1 MiB, full on the larger cases, so that
# slots are overwritten.
# `--competition` must print the same decision in the ASP Competition layout (one line: the
# witness atoms, or UNSATISFIABLE). Generator settings with `-want unsat` / `-want sat` give
# boards of a known answer (the generator decides them by its own exhaustive search), so both
# answers are covered at every setting, including boards with 5 or 6 pushes.
# Usage: labyrinth_shortest.sh ROOT CHECKER GENERATOR [SEEDS=60]
# The time goes into starting processes (some 20 a board): the programs are linked -static (no
# dynamic loader at each start), and the outputs are read with bash's own `read`, not grep, wc
# and tr.
set -u
root=$1 checker=$2 generator=$3 seeds=${4:-60}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -static -o "$work/solution" "$root/solutions/labyrinth.cpp" || exit 1
g++ -O2 -std=gnu++17 -static -o "$work/brute" "$root/solutions/brute/labyrinth.cpp" || exit 1
# count_pushes FILE: $pushes = how many of its lines hold "push" (grep -c push), without a fork.
count_pushes() {
    local line
    pushes=0
    while IFS= read -r line || [ -n "$line" ]; do
        [[ $line == *push* ]] && pushes=$((pushes + 1))
    done < "$1"
    return 0
}
failures=0 unsat=0 total=0
# Settings after "|" are heavier (the brute explores 8^6 or 12^5 push sequences, the generator
# draws boards until its search refutes one): they run on every fifth seed count.
light=("-n 3 -steps 3" "-n 4 -steps 3 -style official" "-n 3 -steps 4 -p 30"
       "-n 2 -steps 5 -p 40" "-n 4 -steps 3 -planted 3 -p 35 -format packed"
       "-n 4 -steps 4 -p 35 -want sat" "-n 3 -steps 5 -style official -want sat"
       "-n 3 -steps 4 -p 35 -want unsat" "-n 4 -steps 3 -style official -want unsat")
heavy=("-n 4 -steps 4 -style official -want unsat" "-n 3 -steps 5 -p 35 -want unsat"
       "-n 2 -steps 6 -p 45 -want unsat" "-n 4 -steps 4 -p 25 -want unsat")
for args in "${light[@]}" "|" "${heavy[@]}"; do
    [ "$args" = "|" ] && { seeds=$((seeds / 5 + 1)); continue; }
    for seed in $(seq 1 "$seeds"); do
        total=$((total + 1))
        # shellcheck disable=SC2086
        "$generator" $args -seed "$seed" > "$work/in"
        timeout 60 "$work/brute" < "$work/in" > "$work/ans" || { echo "brute failed: $args -seed $seed"; failures=$((failures + 1)); continue; }
        answer=
        IFS= read -r -d '' answer < "$work/ans"
        [[ $answer == *UNSATISFIABLE* ]] && unsat=$((unsat + 1))
        count_pushes "$work/ans"
        brute_pushes=$pushes
        for mode in ""; do
            # shellcheck disable=SC2086
            timeout 60 "$work/solution" $mode < "$work/in" > "$work/out" || { echo "solution $mode failed: $args -seed $seed"; failures=$((failures + 1)); continue; }
            if ! "$checker" "$work/in" "$work/out" "$work/ans" 2> "$work/message"; then
                echo "checker ($mode): $args -seed $seed: $(cat "$work/message")"; failures=$((failures + 1))
            fi
        done
        timeout 60 "$work/solution" --competition < "$work/in" > "$work/competition"
        competition=
        IFS= read -r -d '' competition < "$work/competition"
        newlines=${competition//[^$'\n']/}
        if [ "${#newlines}" != 1 ] || [[ $competition != *$'\n' ]]; then
            echo "--competition: not one line: $args -seed $seed"; failures=$((failures + 1))
        else
            # One atom a line (tr ' ' '\n' | grep -v '^$'). An empty plan is an empty line:
            # no atom, which fails only when the brute's answer is not empty too.
            IFS=' ' read -r -a atoms <<< "${competition%$'\n'}"
            if [ "${#atoms[@]}" = 0 ]; then
                : > "$work/out"
                if [ -s "$work/ans" ]; then
                    echo "checker (--competition): $args -seed $seed: an empty line"
                    failures=$((failures + 1))
                fi
            else
                printf '%s\n' "${atoms[@]}" > "$work/out"
                if ! "$checker" "$work/in" "$work/out" "$work/ans" 2> "$work/message"; then
                    echo "checker (--competition): $args -seed $seed: $(cat "$work/message")"
                    failures=$((failures + 1))
                fi
            fi
        fi
        for mode in --shortest "--memory-mib 0" "--memory-mib 1"; do
            # shellcheck disable=SC2086
            timeout 60 "$work/solution" $mode < "$work/in" > "$work/out"
            if ! "$checker" "$work/in" "$work/out" "$work/ans" 2> "$work/message"; then
                echo "checker ($mode): $args -seed $seed: $(cat "$work/message")"; failures=$((failures + 1))
            elif count_pushes "$work/out" && [ "$pushes" != "$brute_pushes" ]; then
                echo "$mode length $pushes != brute $brute_pushes: $args -seed $seed"
                failures=$((failures + 1))
            fi
        done
    done
done
echo "labyrinth.shortest: $total cases ($unsat UNSATISFIABLE), $failures failures"
[ "$failures" -eq 0 ]
