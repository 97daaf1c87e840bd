#!/usr/bin/env bash
# paired.sh: two judge builds on the same tiny cases, in alternating pairs, so that the drift of
# a shared machine (single figures move by 10-25 % from minute to minute) hits both alike.
#
# Usage: bench/run/paired.sh JUDGE_A JUDGE_B [PAIRS] [CASES]   (PAIRS = 30, CASES = 300)
# Each pair runs `judge run aplusb --cases DIR --jobs 1 --no-validate` (the judge's own test
# problem, as cases_per_second.sh) once with each build, the order swapped every other pair,
# and records the judging time (the report's total_wall_ms) and the CPU time of the whole
# process (`perf stat -e task-clock`). Prints the median over the pairs of B / A for each, and
# the medians of the figures themselves. Needs perf. Not run by ctest.
set -euo pipefail
judge_a=$(realpath "$1")
judge_b=$(realpath "$2")
pairs=${3:-30}
count=${4:-300}
command -v perf >/dev/null || { echo "paired.sh: needs perf (linux-perf)" >&2; exit 1; }
root=$(realpath "$(dirname "$0")/../../judge/testroot")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$(dirname "$0")/aplusb_cases.sh" "$work/cases" "$count"
# One cache per build: each compiles the programs with its own flags.
for side in a b; do
    judge_var=judge_$side
    "${!judge_var}" --root "$root" --cache "$work/cache-$side" run aplusb --cases "$work/cases" \
        --tests 1 >/dev/null
done

one() { # SIDE -> "judging_ms cpu_ms"
    local judge_var=judge_$1
    perf stat -x, -e task-clock -o "$work/stat" "${!judge_var}" --root "$root" \
        --cache "$work/cache-$1" run aplusb --cases "$work/cases" --jobs 1 --no-validate \
        --json "$work/r.json" >/dev/null
    python3 - "$work/r.json" "$work/stat" "$count" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["verdict"] == "AC" and len(report["cases"]) == int(sys.argv[3]), report["verdict"]
cpu = next(float(line.split(",")[0]) for line in open(sys.argv[2]) if "task-clock" in line)
print(report["total_wall_ms"], round(cpu))
PY
}

echo "$(date -u '+%F %T UTC'), $pairs pairs of $count cases, load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < pairs; ++i)); do
    if ((i % 2)); then
        a=$(one a)
        b=$(one b)
    else
        b=$(one b)
        a=$(one a)
    fi
    echo "$a $b" >>"$work/pairs"
done
python3 - "$work/pairs" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = statistics.median
print(f"median B / A: judging wall {med([r[2] / r[0] for r in rows]):.3f}, "
      f"CPU {med([r[3] / r[1] for r in rows]):.3f}")
print(f"medians: A {med([r[0] for r in rows]):.0f} ms judging, {med([r[1] for r in rows]):.0f} ms CPU; "
      f"B {med([r[2] for r in rows]):.0f} ms judging, {med([r[3] for r in rows]):.0f} ms CPU")
PY
