#!/usr/bin/env bash
# polygon.sh: `judge verify` on a Codeforces Polygon package with generated tests (issue 29),
# against the same steps done by a shell loop as the package's own doall.sh does them.
#
# Usage: bench/packages/polygon.sh JUDGE [TESTS] [ROUNDS]   (JUDGE = build/judge/judge,
#        TESTS = 100 generated tests, ROUNDS = 3)
# Writes the package to a temporary folder (nothing of it is kept), from the sources of
# judge/testroot-packages/polygon_sum (its minimal testlib.h, gen.cpp, val.cpp, check.cpp, the
# main solution): one manual test and TESTS generated ones (`gen A B`), answers from the main
# solution (the package ships none, as Polygon's packages do), the main solution and three more
# accepted C++ solutions (distinct sources) and one wrong-answer one. Not run by ctest.
#
# Each round, on an empty judge cache, then again on the cache the first left:
#   judge verify, cold   builds gen, val, check and 5 solutions (boxed), generates TESTS inputs,
#                        validates every input, makes the answers with the main solution, judges
#                        5 solutions x (TESTS + 1) cases, each run boxed and measured
#   judge verify, warm   the same command again: compiles, inputs and answers from the cache
#   shell loop           what doall.sh does, then a judge's loop: g++ -O2 the same programs (no
#                        box, no limits, no measurement), gen > test, val < test, main > answer,
#                        each solution on each test with the checker; sequential
set -euo pipefail
judge=$(realpath "$1")
tests=${2:-100}
rounds=${3:-3}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sum=$here/../../judge/testroot-packages/polygon_sum
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# --- the package ---
pkg=$work/pkg
mkdir -p "$pkg/files" "$pkg/solutions" "$pkg/tests"
cp "$sum/files/testlib.h" "$sum/files/gen.cpp" "$sum/files/val.cpp" "$sum/files/check.cpp" \
    "$pkg/files/"
cp "$sum/tests/01" "$pkg/tests/01"
cp "$sum/solutions/sum.cpp" "$pkg/solutions/main.cpp"
for k in 1 2 3; do
    { echo "// accepted variant $k"; cat "$sum/solutions/sum.cpp"; } >"$pkg/solutions/ok$k.cpp"
done
cp "$sum/solutions/plus_one.cpp" "$pkg/solutions/wa.cpp"
{
    echo '<?xml version="1.0" encoding="utf-8" standalone="no"?>'
    echo '<problem revision="1" short-name="bench-sum"><names><name language="english" value="Bench Sum"/></names>'
    echo '<judging input-file="" output-file=""><testset name="tests">'
    echo '<time-limit>1000</time-limit><memory-limit>268435456</memory-limit>'
    echo "<test-count>$((tests + 1))</test-count>"
    echo '<input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>'
    echo '<tests><test method="manual" sample="true"/>'
    for ((i = 1; i <= tests; ++i)); do
        echo "<test cmd=\"gen $((i * 7919 % 100003)) $((i * 104729 % 99991))\" method=\"generated\"/>"
    done
    echo '</tests></testset></judging>'
    echo '<files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable>'
    echo '<executable><source path="files/val.cpp" type="cpp.g++17"/></executable></executables></files>'
    echo '<assets><checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>'
    echo '<validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>'
    echo '<solutions><solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>'
    for k in 1 2 3; do
        echo "<solution tag=\"accepted\"><source path=\"solutions/ok$k.cpp\" type=\"cpp.g++17\"/></solution>"
    done
    echo '<solution tag="wrong-answer"><source path="solutions/wa.cpp" type="cpp.g++17"/></solution>'
    echo '</solutions></assets></problem>'
} >"$pkg/problem.xml"

elapsed_ms() { echo $((($(date +%s%N) - $1) / 1000000)); }

# --- the shell loop: doall.sh's steps, then each solution on each test with the checker ---
shell_loop() {
    local dir=$work/loop
    rm -rf "$dir"
    mkdir -p "$dir/tests"
    local program
    for program in files/gen files/val files/check solutions/main solutions/ok1 solutions/ok2 \
        solutions/ok3 solutions/wa; do
        g++ -O2 -std=c++17 -I "$pkg/files" -o "$dir/$(basename "$program")" "$pkg/$program.cpp"
    done
    cp "$pkg/tests/01" "$dir/tests/01"
    local i=2
    while read -r a b; do
        printf -v name '%02d' "$i"
        "$dir/gen" "$a" "$b" >"$dir/tests/$name"
        i=$((i + 1))
    done < <(sed -n 's/.*cmd="gen \([0-9]*\) \([0-9]*\)".*/\1 \2/p' "$pkg/problem.xml")
    local test verdicts=""
    for test in "$dir"/tests/??; do
        "$dir/val" <"$test"
        "$dir/main" <"$test" >"$test.a"
    done
    local solution
    for solution in main ok1 ok2 ok3 wa; do
        local accepted=1
        for test in "$dir"/tests/??; do
            "$dir/$solution" <"$test" >"$dir/out"
            "$dir/check" "$test" "$dir/out" "$test.a" 2>/dev/null || accepted=0
        done
        verdicts+="$solution=$accepted "
    done
    echo "$verdicts"
}

echo "package: 1 manual + $tests generated tests, 5 solutions (4 accepted, 1 wrong answer)"
for ((round = 1; round <= rounds; ++round)); do
    rm -rf "$work/cache"
    start=$(date +%s%N)
    "$judge" --cache "$work/cache" verify "$pkg" >"$work/cold.txt" 2>&1 || {
        cat "$work/cold.txt"
        exit 1
    }
    cold=$(elapsed_ms "$start")
    start=$(date +%s%N)
    "$judge" --cache "$work/cache" verify "$pkg" >"$work/warm.txt" 2>&1
    warm=$(elapsed_ms "$start")
    start=$(date +%s%N)
    verdicts=$(shell_loop)
    loop=$(elapsed_ms "$start")
    echo "round $round: judge verify cold $cold ms, warm $warm ms; shell loop $loop ms ($verdicts)"
done
echo "judge verify's last line: $(tail -1 "$work/warm.txt")"
echo "load: $(cat /proc/loadavg)"
