#!/usr/bin/env bash
# polygon_export_round_trip.sh PACKAGE FORMAT JUDGE [JUDGE ARGS...]: `judge verify PACKAGE` (a
# Polygon package), `judge export PACKAGE OUT --format FORMAT`, then `judge verify OUT`: every
# solution exported must get the verdict it got on the Polygon package (a presentation error is a
# wrong answer in the package format, which has none). Prints both verify outputs, then
# "round trip: N solutions, the same verdicts" or the differences (exit 1).
set -euo pipefail
package=$1
format=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Verdicts only (--matrix none: each solution stops at its first failing case; a spinning one
# would otherwise run every case to the limit, twice).
"$@" verify "$package" --reruns 0 --matrix none >"$work/polygon.txt" 2>&1 || true
"$@" export "$package" "$work/out" --format "$format"
"$@" verify "$work/out" --reruns 0 --matrix none >"$work/export.txt" 2>&1 || true
cat "$work/polygon.txt" "$work/export.txt"

# "FILE  FOLDER  VERDICT ..." lines of verify: the file's name and the verdict, PE as WA.
verdicts() {
    awk '/^matrix:/ { exit }
        $1 ~ /\.[a-z]+$/ && $3 ~ /^(AC|WA|PE|TLE|MLE|RE|OLE|CE|JE|skipped)$/ {
        n = split($1, parts, "/"); v = $3; if (v == "PE") v = "WA"; print parts[n], v }' "$1" |
        sort -u
}
verdicts "$work/polygon.txt" >"$work/polygon.verdicts"
verdicts "$work/export.txt" >"$work/export.verdicts"
# Every exported solution (skipped ones are not exported) with the Polygon verdict.
exported=$(wc -l <"$work/export.verdicts")
if ((exported == 0)); then
    echo "round trip: no verdicts in the export's verify"
    exit 1
fi
missing=$(join -v 2 "$work/polygon.verdicts" "$work/export.verdicts" | wc -l)
different=$(join "$work/polygon.verdicts" "$work/export.verdicts" | awk '$2 != $3' || true)
if [[ -n $different ]] || ((missing > 0)); then
    echo "round trip: verdicts differ (solution, Polygon, export):"
    echo "$different"
    exit 1
fi
echo "round trip: $exported solutions, the same verdicts"
