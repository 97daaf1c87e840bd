#!/bin/bash
# alcazar.options: the solution's options (solutions/alcazar.cpp), on the shared alcazam puzzles
# and a few generated ones.
#   -f FILE   same answer as stdin
#   -v        same stdout; stderr names the steps ("[single cell]", ...)
#   --count   "1" on unique puzzles, "0" on a no-solution one, "2 or more" on an open board
#   two-factor  a board walled until it had no path is refuted before any guess (-v)
#   --reduce-unique  the reduced puzzle still has exactly one solution (--count), has no more
#             walls than the input, and its solution is accepted by the checker against the
#             original's
#   -r        (alcazam's) "removed N edges!", then the reduced puzzle solved: its walls are a
#             subset of the input's, the steps alone (--no-search) solve it and draw the same
#             board, and its path is the input's solution; a puzzle the steps alone do not solve
#             is printed as it is
#   -v, colours: snapshots of the board after each step (cmake/problems/alcazar_verbose.txt)
#             and of a terminal's output in colour (alcazar_colour.txt, through script(1));
#             no colour code when NO_COLOR is set or the output is not a terminal
# Usage: alcazar_options.sh <repo root> <checker binary> <shared cases dir>
set -eu
root=$1 checker=$2 cases=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
fail() { echo "FAIL: $*"; exit 1; }
walls() { grep -v '^#' "$1" | tr -cd -- '-|' | wc -c; }
# slots FILE: one line per grid line, one letter per edge: W wall, P path drawn, . neither
slots() {
    awk '!/^#/ && length($0) > 0 {
        if (o == "") {
            o = index($0, "+") - 1
            for (c = length($0); substr($0, c, 1) != "+"; c--) {}
            w = (c - 1 - o) / 4
        }
        s = ""
        if (n % 2 == 0) {
            for (c = o + 2; c < o + 4 * w; c += 4) {
                ch = substr($0, c + 1, 1)
                s = s (ch == "-" ? "W" : ch == "|" ? "P" : ".")
            }
        } else {
            for (c = o; c <= o + 4 * w; c += 4) {
                ch = substr($0, c + 1, 1)
                s = s (ch == "|" ? "W" : ch == "-" ? "P" : ".")
            }
        }
        print s; n++
    }' "$1"
}

# check_reduce_by_steps INPUT SOLUTION: alcazam's -r on a puzzle the steps alone solve
check_reduce_by_steps() {
    "$work/sol" -r < "$1" > "$work/r.out" 2> "$work/r.err" || fail "$1: -r failed"
    removed=$(head -n 1 "$work/r.out" | sed -n 's/^removed \([0-9]*\) edges!$/\1/p')
    [ -n "$removed" ] || fail "$1: -r: no 'removed N edges!' line: $(head -n 1 "$work/r.out")"
    tail -n +2 "$work/r.out" > "$work/r.board"
    "$work/sol" --no-search < "$work/r.board" > "$work/r.again"
    cmp -s "$work/r.board" "$work/r.again" || fail "$1: -r: the steps alone do not solve the reduced puzzle to the same board"
    slots "$work/r.board" | tr W . > "$work/r.path"
    slots "$2" | tr W . > "$work/path"
    cmp -s "$work/r.path" "$work/path" || fail "$1: -r: another path than the puzzle's solution"
    slots "$work/r.board" | tr P . > "$work/r.walls"
    slots "$1" | tr P . > "$work/walls"
    [ "$(tr -cd W < "$work/r.walls" | wc -c)" -eq "$(($(tr -cd W < "$work/walls" | wc -c) - removed))" ] ||
        fail "$1: -r: removed $removed edges but the wall count says otherwise"
    paste -d '\n' "$work/r.walls" "$work/walls" | awk 'NR % 2 { a = $0; next }
        { for (i = 1; i <= length(a); i++) if (substr(a, i, 1) == "W" && substr($0, i, 1) != "W") bad = 1 }
        END { exit bad }' || fail "$1: -r: a wall that the input does not have"
}

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
    "$work/sol" --reduce-unique < "$f" > "$work/reduced.in" 2> /dev/null
    [ "$("$work/sol" --count < "$work/reduced.in")" = "1" ] || fail "$name: --reduce-unique lost uniqueness"
    [ "$(walls "$work/reduced.in")" -le "$(walls "$f")" ] || fail "$name: --reduce-unique added walls"
    "$work/sol" < "$work/reduced.in" > "$work/reduced.out"
    "$checker" "$f" "$work/reduced.out" "$work/plain.out" 2> "$work/chk" ||
        fail "$name: the reduced puzzle's solution does not solve the original: $(cat "$work/chk")"
    check_reduce_by_steps "$f" "$work/plain.out"
    echo "ok $name: -f -v --count --reduce-unique ($(walls "$f") -> $(walls "$work/reduced.in") wall marks), -r (removed $removed)"
done
printf '+---+---+\n|   |   |\n+---+---+\n' > "$work/none.in"
[ "$("$work/sol" --count < "$work/none.in")" = "0" ] || fail "--count on a no-solution board"
"$work/gen" -w 4 -h 4 -mode random -walls 0 -doors 4 -seed 1 > "$work/open.in"
[ "$("$work/sol" --count < "$work/open.in")" = "2 or more" ] || fail "--count on an open board"
"$work/sol" -f "$work/missing.in" > /dev/null 2>&1 && fail "-f of a missing file succeeded"
"$work/sol" -r < "$work/open.in" > "$work/open.r" 2> "$work/open.err"
cmp -s "$work/open.r" <(grep -v '^#' "$work/open.in") || fail "-r changed a puzzle the steps do not solve"
grep -q 'steps alone do not solve' "$work/open.err" || fail "-r: no message on an unsolved puzzle"
# The two-factor test (no set of edges gives every cell two): bench/alcazar/none_boards/none20_14,
# a board walled until it had no path, took ~15 000 search nodes without it; now it is refuted
# at the root of the search, before any guess.
"$work/sol" -v < "$root/bench/alcazar/none_boards/none20_14.in" > "$work/n14.out" 2> "$work/n14.err"
[ "$(cat "$work/n14.out")" = "no solution" ] || fail "none20_14: a path on a board without one"
grep -q '^two-factor: ' "$work/n14.err" || fail "none20_14: not refuted by the two-factor test"
grep -q 'no solution after [0-9]* steps, 1 search nodes$' "$work/n14.err" ||
    fail "none20_14: a search: $(tail -n 1 "$work/n14.err")"

# -v and colours: snapshots on a 4 x 3 puzzle (update them with care: they are the drawing)
# (its fourth line is one space: an empty line would be skipped)
printf '%s\n' '+   +---+   +---+' '|               |' '+   +   +   +   +' ' ' \
    '+   +   +---+   +' '|               |' '+---+   +---+---+' > "$work/tiny.in"
snapshots=$root/cmake/problems
"$work/sol" -v < "$work/tiny.in" 2> "$work/verbose.txt" > /dev/null
diff "$snapshots/alcazar_verbose.txt" "$work/verbose.txt" > "$work/diff" ||
    fail "-v differs from cmake/problems/alcazar_verbose.txt: $(head -20 "$work/diff")"
command -v script > /dev/null || fail "script(1) (util-linux) is needed for the colour test"
tty_run() { script -qec "$1" /dev/null < /dev/null | tr -d '\r'; }
tty_run "$work/sol -v -f $work/tiny.in" > "$work/colour.txt"
diff "$snapshots/alcazar_colour.txt" "$work/colour.txt" > "$work/diff" ||
    fail "colours differ from cmake/problems/alcazar_colour.txt: $(head -20 "$work/diff")"
grep -q $'\x1b\[32m' "$work/colour.txt" || fail "no colour on a terminal"
NO_COLOR=1 tty_run "$work/sol -v -f $work/tiny.in" | grep -q $'\x1b' && fail "colour with NO_COLOR set"
"$work/sol" -v < "$work/tiny.in" 2>&1 | grep -q $'\x1b' && fail "colour on a pipe"
echo "all option checks passed"
