#!/usr/bin/env bash
# gen_reproduces.sh ROOT ID JUDGE [JUDGE OPTIONS...]: `judge gen ID` in a scratch copy of the
# project gives testdata/ID/secret/ byte for byte. A generator that includes a solution, or a
# changed solution that answers differently, shows up here instead of silently in the next gen.
set -euo pipefail
root=$1 id=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/testdata"
cp -r "$root/generators" "$root/solutions" "$root/checkers" "$work/"
cp -r "$root/testdata/$id" "$work/testdata/"
"$@" --root "$work" gen "$id"
if ! diff -r "$root/testdata/$id/secret" "$work/testdata/$id/secret" > "$work/diff"; then
    echo "judge gen $id does not reproduce testdata/$id/secret (regenerate it with \`judge gen $id\` if the change is meant):"
    head -20 "$work/diff"
    exit 1
fi
echo "judge gen $id reproduces testdata/$id/secret ($(ls "$root/testdata/$id/secret" | wc -l) files)"
