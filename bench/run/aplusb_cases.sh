#!/usr/bin/env bash
# aplusb_cases.sh DIR COUNT: writes COUNT tiny a+b cases (1.in/1.ans .. COUNT.in/COUNT.ans) into
# DIR, the cases cases_per_second.sh and paired.sh judge (judge/testroot's aplusb).
set -euo pipefail
dir=$1 count=$2
mkdir -p "$dir"
for ((i = 1; i <= count; ++i)); do
    echo "$i $((i * 7))" >"$dir/$i.in"
    echo "$((i * 8))" >"$dir/$i.ans"
done
