#!/usr/bin/env bash
# concurrent_cache_test.sh JUDGE ROOT: three judges at once (run, verify, stress) on a problem
# whose programs are all Python, sharing one fresh cache under /tmp, three times over. Each must
# succeed: one judge compiles a key while the others wait (the cache's lock), and a program
# folder under /tmp is still seen inside the box, whose /tmp is its own.
set -uo pipefail
judge=$1 root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for round in 1 2 3; do
    cache=$work/cache-$round
    "$judge" --root "$root" --cache "$cache" run double >"$work/run.txt" 2>&1 &
    run=$!
    "$judge" --root "$root" --cache "$cache" verify double >"$work/verify.txt" 2>&1 &
    verify=$!
    "$judge" --root "$root" --cache "$cache" stress double --seeds 1-3 --no-save \
        >"$work/stress.txt" 2>&1 &
    stress=$!
    for name in run verify stress; do
        if ! wait "${!name}"; then
            echo "FAIL: round $round, judge $name:"
            cat "$work/$name.txt"
            failed=1
        fi
    done
done
((failed == 0)) && echo "three rounds of three concurrent judges on one cache: all succeeded"
exit $failed
