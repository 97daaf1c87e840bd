#!/bin/bash
# alcazar.options: the solution's options (solutions/alcazar.cpp), on the shared alcazam puzzles
# and a few generated ones.
#   -f FILE   same answer as stdin
#   -v        same stdout; stderr names the steps ("[single cell]", ...)
#   --count   "1" on unique puzzles, "0" on a no-solution one, "2 or more" on an open board
#   -r        the reduced puzzle still has exactly one solution (--count), has no more walls than
#             the input, and its solution is accepted by the checker against the original's
# Usage: alcazar_options.sh <repo root> <checker binary> <shared cases dir>
set -eu
root=$1 checker=$2 cases=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
fail() { echo "FAIL: $*"; exit 1; }
walls() { grep -v '^#' "$1" | tr -cd -- '-|' | wc -c; }

inputs=()
for f in "$cases"/*.in; do [ -e "$f" ] && inputs+=("$f"); done
for s in 1 2 3; do
    "$work/gen" -w 7 -h 6 -mode unique -seed "$s" > "$work/u$s.in"
    inputs+=("$work/u$s.in")
done
for f in "${inputs[@]}"; do
    name=$(basename "$f")
    "$work/sol" < "$f" > "$work/plain.out"
    "$work/sol" -f "$f" > "$work/file.out"
    cmp -s "$work/plain.out" "$work/file.out" || fail "$name: -f differs from stdin"
    "$work/sol" -v < "$f" > "$work/verbose.out" 2> "$work/verbose.err"
    cmp -s "$work/plain.out" "$work/verbose.out" || fail "$name: -v changes stdout"
    grep -q '^step [0-9]* \[single cell\]' "$work/verbose.err" || fail "$name: -v shows no step"
    [ "$("$work/sol" --count < "$f")" = "1" ] || fail "$name: --count is not 1"
    "$work/sol" -r < "$f" > "$work/reduced.in" 2> /dev/null
    [ "$("$work/sol" --count < "$work/reduced.in")" = "1" ] || fail "$name: -r lost uniqueness"
    [ "$(walls "$work/reduced.in")" -le "$(walls "$f")" ] || fail "$name: -r added walls"
    "$work/sol" < "$work/reduced.in" > "$work/reduced.out"
    "$checker" "$f" "$work/reduced.out" "$work/plain.out" 2> "$work/chk" ||
        fail "$name: the reduced puzzle's solution does not solve the original: $(cat "$work/chk")"
    echo "ok $name: -f -v --count -r ($(walls "$f") -> $(walls "$work/reduced.in") wall marks)"
done
printf '+---+---+\n|   |   |\n+---+---+\n' > "$work/none.in"
[ "$("$work/sol" --count < "$work/none.in")" = "0" ] || fail "--count on a no-solution board"
"$work/gen" -w 4 -h 4 -mode random -walls 0 -doors 4 -seed 1 > "$work/open.in"
[ "$("$work/sol" --count < "$work/open.in")" = "2 or more" ] || fail "--count on an open board"
"$work/sol" -f "$work/missing.in" > /dev/null 2>&1 && fail "-f of a missing file succeeded"
echo "all option checks passed"
