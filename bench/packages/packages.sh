#!/usr/bin/env bash
# packages.sh: the judge on problem packages: interactive round trips per second, and
# `judge verify` cases per second on 10 submissions x 100 tiny cases.
#
# Usage: bench/packages/packages.sh JUDGE [ROUND_TRIPS]   (JUDGE = build/judge/judge,
#        ROUND_TRIPS = 200000)
# Writes the packages to a temporary folder (nothing of them is kept) and warms the compile cache
# first, so compiling is not measured. Not run by ctest.
#
# 1. Interactive: a trivial interactor asks k = 1..ROUND_TRIPS, a trivial submission echoes each;
#    one case. Reported: round trips per second over the case's wall time, from judge run's
#    JSON, and the same two binaries joined by a FIFO without the judge (the pipes' own rate).
# 2. Verify: 10 accepted C++ submissions (distinct sources, so 10 compiles) on 100 a+b cases,
#    --jobs 1 and 2; cases/s = 10 x 100 / wall time of the whole verify (compiles cached).
set -euo pipefail
judge=$(realpath "$1")
round_trips=${2:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=$work/cache

# --- 1. interactive round trips ---
pkg=$work/echo
mkdir -p "$pkg/data/secret" "$pkg/output_validator" "$pkg/submissions/accepted"
printf 'type: interactive\nproblem_format_version: 2023-07-draft\nlimits:\n  time_limit: 60\n' \
    >"$pkg/problem.yaml"
echo "$round_trips" >"$pkg/data/secret/1.in"
: >"$pkg/data/secret/1.ans"
cat >"$pkg/output_validator/interactor.c" <<'C'
#include <stdio.h>
int main(int argc, char** argv) {
    FILE* input = fopen(argv[1], "r");
    long n = 0, reply = 0;
    if (!input || fscanf(input, "%ld", &n) != 1) return 1;
    for (long k = 1; k <= n; ++k) {
        printf("%ld\n", k);
        fflush(stdout);
        if (scanf("%ld", &reply) != 1 || reply != k) return 43;
    }
    printf("0\n");
    fflush(stdout);
    return 42;
}
C
cat >"$pkg/submissions/accepted/echo.c" <<'C'
#include <stdio.h>
int main(void) {
    long k;
    while (scanf("%ld", &k) == 1 && k != 0) {
        printf("%ld\n", k);
        fflush(stdout);
    }
    return 0;
}
C
"$judge" --cache "$cache" run "$pkg" --json "$work/echo.json" >/dev/null
for round in 1 2 3; do
    "$judge" --cache "$cache" run "$pkg" --json "$work/echo.json" >/dev/null
    python3 - "$work/echo.json" "$round_trips" <<'PY'
import json, sys
case = json.load(open(sys.argv[1]))["cases"][0]
n = int(sys.argv[2])
print(f"judge run, interactive: {case['verdict']}, {n} round trips in {case['wall_ms']} ms wall "
      f"= {n / max(case['wall_ms'], 1) * 1000:.0f} round trips/s")
PY
done
gcc -O2 -o "$work/bin-interactor" "$pkg/output_validator/interactor.c"
gcc -O2 -o "$work/bin-echo" "$pkg/submissions/accepted/echo.c"
mkfifo "$work/fifo"
for round in 1 2 3; do
    start=$(date +%s%N)
    # The interactor accepts with exit status 42.
    "$work/bin-echo" <"$work/fifo" | "$work/bin-interactor" "$pkg/data/secret/1.in" >"$work/fifo" ||
        [[ $? == 42 ]]
    end=$(date +%s%N)
    ms=$(((end - start) / 1000000))
    echo "bare FIFO, same binaries: $round_trips round trips in $ms ms = $((round_trips * 1000 / (ms > 0 ? ms : 1))) round trips/s"
done

# --- 2. judge verify: 10 submissions x 100 cases ---
pkg=$work/sum
mkdir -p "$pkg/data/secret" "$pkg/submissions/accepted"
printf 'name: sum\nlimits:\n  time_limit: 1\n' >"$pkg/problem.yaml"
for ((i = 1; i <= 100; ++i)); do
    echo "$i $((i * 7))" >"$pkg/data/secret/$i.in"
    echo "$((i * 8))" >"$pkg/data/secret/$i.ans"
done
for ((s = 1; s <= 10; ++s)); do
    printf '#include <stdio.h>\n/* submission %d */\nint main(void) {\n    long a, b;\n    if (scanf("%%ld %%ld", &a, &b) != 2) return 1;\n    printf("%%ld\\n", a + b);\n    return 0;\n}\n' \
        "$s" >"$pkg/submissions/accepted/sum$s.c"
done
"$judge" --cache "$cache" verify "$pkg" --jobs 1 >/dev/null  # warm the cache
for jobs in 1 2; do
    for round in 1 2 3; do
        start=$(date +%s%N)
        "$judge" --cache "$cache" verify "$pkg" --jobs "$jobs" | tail -1 >"$work/last.txt"
        end=$(date +%s%N)
        ms=$(((end - start) / 1000000))
        echo "judge verify --jobs $jobs: 1000 cases in $ms ms = $((1000000 / ms)) cases/s ($(cat "$work/last.txt"))"
    done
done
echo "load: $(cat /proc/loadavg)"
