#!/bin/bash
# quell.moves: runs solutions/quell.cpp with --moves on every case whose answer is `true`
# (testdata/quell/{sample,secret} and ../shared/cases/quell) and checks the printed move string
# by simulation with checkers/quell.cpp (a wrong or missing string fails the test).
# Usage: quell_moves.sh <repo root> <checker binary> [shared cases dir]
set -u
root=$1 checker=$2 shared=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/quell" "$root/solutions/quell.cpp" || { echo "compile failed"; exit 1; }
checked=0 failed=0
for input in "$root"/testdata/quell/sample/*.in "$root"/testdata/quell/secret/*.in \
             ${shared:+"$shared"/*.in}; do
    answer=${input%.in}.ans
    [ "$(head -c 4 "$answer")" = true ] || continue
    timeout 20 "$work/quell" --moves < "$input" > "$work/out" || { echo "FAIL run $input"; failed=$((failed + 1)); continue; }
    if [ "$(wc -l < "$work/out")" -ne 2 ]; then
        echo "FAIL $input: expected true and a move line"; failed=$((failed + 1)); continue
    fi
    if ! "$checker" "$input" "$work/out" "$answer" 2> "$work/msg"; then
        echo "FAIL $input: $(cat "$work/msg")"; failed=$((failed + 1)); continue
    fi
    checked=$((checked + 1))
done
echo "checked $checked move strings, $failed failed"
[ "$failed" -eq 0 ] && [ "$checked" -gt 0 ]
