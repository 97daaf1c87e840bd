#!/usr/bin/env bash
# statement_examples.sh STATEMENT JUDGE...: the examples of a problem's statement
# (testdata/<id>/statement.md) are judged like cases: each fenced block opened by ```input is a
# case's input, the ```output block after it its answer, and `JUDGE... --cases DIR` (judge run
# <id> with the problem's validator, solution and checker) must accept them all. So an example
# that the contract rejects, or whose printed answer the solution and checker disagree with,
# fails here. A statement without examples, or an input without its output, fails too.
set -euo pipefail
statement=$1
shift
[ -f "$statement" ] || { echo "FAIL: no statement $statement"; exit 1; }
work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT
awk -v dir="$work_dir" '
    /^```input$/  { n++; file = sprintf("%s/example_%02d.in", dir, n); printf "" > file; next }
    /^```output$/ { file = sprintf("%s/example_%02d.ans", dir, n); printf "" > file; next }
    /^```/        { file = ""; next }
    file != ""    { print >> file }
' "$statement"
inputs=$(find "$work_dir" -name '*.in' | wc -l)
answers=$(find "$work_dir" -name '*.ans' | wc -l)
echo "$statement: $inputs example inputs, $answers outputs"
[ "$inputs" -gt 0 ] || { echo "FAIL: no \`\`\`input block"; exit 1; }
[ "$inputs" -eq "$answers" ] || { echo "FAIL: every \`\`\`input block needs an \`\`\`output block after it"; exit 1; }
"$@" --cases "$work_dir"
