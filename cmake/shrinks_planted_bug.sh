#!/usr/bin/env bash
# shrinks_planted_bug.sh ID ANSWER GEN_ARGS JUDGE [JUDGE OPTIONS...]: a planted bug, a solution
# that always prints ANSWER (LOOP, false, no solution: wrong whenever the true answer differs),
# must fail `judge stress ID`, and the failing case must shrink to at most a quarter of its size
# while staying valid (every candidate the shrinker keeps passed the validator).
set -euo pipefail
id=$1 answer=$2 gen_args=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#include <cstdio>\nint main() { std::puts("%s"); }\n' "$answer" > "$work/planted.cpp"
status=0
"$@" stress "$id" --solution "$work/planted.cpp" --seeds 1-30 --gen-args "$gen_args" \
    --no-save --no-diagnose > "$work/out" || status=$?
cat "$work/out"
if [[ $status != 1 ]]; then
    echo "expected judge stress to find the planted bug (exit 1), got exit $status"
    exit 1
fi
line=$(grep -E '^case \([0-9]+ bytes, shrunk from [0-9]+ bytes' "$work/out" || true)
if [[ -z $line ]]; then
    echo "no 'case (N bytes, shrunk from M bytes' line"
    exit 1
fi
read -r shrunk original < <(sed -E 's/^case \(([0-9]+) bytes, shrunk from ([0-9]+) bytes.*/\1 \2/' <<< "$line")
if ((shrunk * 4 > original)); then
    echo "shrunk to $shrunk of $original bytes: more than a quarter"
    exit 1
fi
echo "planted bug of $id: case shrunk from $original to $shrunk bytes"
