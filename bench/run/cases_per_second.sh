#!/usr/bin/env bash
# cases_per_second.sh: `judge run` throughput on many tiny cases (a+b), with --jobs 1 and 2.
#
# Usage: bench/run/cases_per_second.sh JUDGE [CASES]   (JUDGE = build/judge/judge, CASES = 1000)
# Generates CASES tiny a+b cases in a temporary folder, judges them with the judge's own test
# problem (judge/testroot, checker `tokens`) through --cases, and prints cases per second from
# the judge's own summary (wall time of the judging, compiling excluded: the cache is warmed
# first). Not run by ctest.
set -euo pipefail
judge=$(realpath "$1")
count=${2:-1000}
root=$(realpath "$(dirname "$0")/../../judge/testroot")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cases"
for ((i = 1; i <= count; ++i)); do
    echo "$i $((i * 7))" >"$work/cases/$i.in"
    echo "$((i * 8))" >"$work/cases/$i.ans"
done
common=(--root "$root" --cache "$work/cache" run aplusb --cases "$work/cases")
"$judge" "${common[@]}" --tests 1 >/dev/null  # warm the compile cache
for jobs in 1 2; do
    "$judge" "${common[@]}" --jobs "$jobs" --json "$work/r$jobs.json" >"$work/out$jobs.txt"
    python3 - "$work/r$jobs.json" "$jobs" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
cases = len(report["cases"])
seconds = report["total_wall_ms"] / 1000
print(f"--jobs {sys.argv[2]}: {cases} cases ({report['verdict']}) in {seconds:.2f} s wall "
      f"= {cases / seconds:.0f} cases/s; programs' wall time summed "
      f"{report['programs_wall_ms'] / 1000:.2f} s")
PY
    grep "judge overhead" "$work/out$jobs.txt"
done
