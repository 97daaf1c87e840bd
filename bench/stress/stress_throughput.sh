#!/usr/bin/env bash
# stress_throughput.sh JUDGE [SEEDS]: cases per second of `judge stress` on the judge's tiny test
# problem (judge/testroot, aplusb: generator, validator, solution, brute, tokens checker: five
# program runs per case), with --jobs 1 and --jobs 2. The binaries are compiled once first
# (warm cache), so the figures measure the stress loop, not the compiler.
set -euo pipefail
judge=$1 seeds=${2:-1-500}
root=$(cd "$(dirname "$0")/../../judge/testroot" && pwd)
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
"$judge" --root "$root" --cache "$cache" stress aplusb --seeds 1-1 >/dev/null  # compile
for jobs in 1 2; do
    for run in 1 2 3; do
        timeout 300 "$judge" --root "$root" --cache "$cache" stress aplusb --seeds "$seeds" \
            --jobs "$jobs"
    done
done
