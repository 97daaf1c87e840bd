#!/usr/bin/env bash
# stress_test.sh: end-to-end tests of judge stress / gen / validate / selftest that write into
# the project root (saved stress cases, generated secret cases). Each runs on a fresh temporary
# copy of the test root, so the repository is never touched.
#
# Usage: stress_test.sh JUDGE TESTROOT CACHE SCENARIO
set -uo pipefail
# No `... | grep -q` here: grep -q quits at its first match, and under pipefail the writer's
# SIGPIPE then fails the pipeline (bash's printf writes line by line): use <<<"$text".
judge_binary=$1 source_root=$2 cache=$3 scenario=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source_root" "$work/root"
root=$work/root
sol=$root/solutions
failed=0
judge() { timeout 200 "$judge_binary" --root "$root" --cache "$cache" "$@"; }
fail() { echo "FAIL: $*"; failed=1; }
# expect STATUS REGEX -- ARGS: runs the judge, checks exit status and output (grep -Ez).
expect() {
    local status=$1 pattern=$2
    shift 3
    output=$(judge "$@" 2>&1)
    local got=$?
    echo "--- judge $* (exit status $got)"
    echo "$output"
    [[ $got == "$status" ]] || fail "exit status $got, expected $status"
    printf '%s' "$output" | grep -Ezq -- "$pattern" || fail "output does not match /$pattern/"
}

case $scenario in
stress_finds_and_shrinks)
    # A solution wrong only when b < 0: found within seeds 1-20, shrunk, saved, and the saved
    # case is then a regression case of `judge run` (WA for the wrong solution, AC for the right).
    expect 1 "FAIL on seed [0-9]+ .*WA.*shrunk generator args: .*case \\([0-9]+ bytes, shrunk from [0-9]+ bytes.*saved: testdata/aplusb/stress/seed-[0-9]+.in" -- \
        stress aplusb --seeds 1-20 --gen-args "-max 1000000" --no-diagnose \
        --solution "$sol/aplusb_wrong_sometimes.cpp"
    sizes=$(printf '%s' "$output" | sed -nE 's/^case \(([0-9]+) bytes, shrunk from ([0-9]+) bytes.*/\1 \2/p')
    read -r shrunk original <<<"$sizes"
    ((shrunk < original)) || fail "shrunk case ($shrunk bytes) is not smaller than $original bytes"
    saved=$(ls "$root"/testdata/aplusb/stress/*.in)
    [[ -f ${saved%.in}.ans ]] || fail "no .ans saved next to $saved"
    expect 1 "stress/seed-[0-9]+ +WA.*verdict: WA" -- run aplusb --tests "stress/*" \
        --solution "$sol/aplusb_wrong_sometimes.cpp"
    expect 0 "verdict: AC" -- run aplusb --tests "stress/*"
    # The right solution passes the same seeds with the same generator arguments.
    expect 0 "no failure in 20 seeds \\(1-20\\)" -- stress aplusb --seeds 1-20 --gen-args "-max 1000000"
    ;;
stress_jobs_deterministic)
    # The same first failure and the same shrunk case with 1 and 2 jobs.
    args=(stress aplusb --seeds 1-40 --gen-args "-max 1000" --no-save --no-diagnose
          --solution "$sol/aplusb_wrong_sometimes.cpp")
    # The seed count and the rate in the FAIL line differ (2 jobs may run a seed or two past
    # the failure); everything else must be equal.
    one=$(judge "${args[@]}" --jobs 1 2>&1 | sed -E 's/after [0-9]+ seeds \([^)]*\)//')
    two=$(judge "${args[@]}" --jobs 2 2>&1 | sed -E 's/after [0-9]+ seeds \([^)]*\)//')
    echo "--- jobs 1:"; echo "$one"; echo "--- jobs 2:"; echo "$two"
    [[ -n $one && $one == "$two" ]] || fail "--jobs 1 and --jobs 2 disagree"
    grep -q "FAIL on seed" <<<"$one" || fail "no failure found"
    ;;
gen)
    expect 0 "gen aplusb: 4 cases from testdata/aplusb/secret/plan.txt: 4 written, 0 unchanged" -- gen aplusb
    for name in gen-small gen-medium gen-big gen-brute; do
        [[ -s $root/testdata/aplusb/secret/$name.in && -s $root/testdata/aplusb/secret/$name.ans ]] ||
            fail "secret/$name.in or .ans missing"
    done
    grep -qx "gen-brute" "$root/testdata/aplusb/secret/.generated" || fail "manifest lacks gen-brute"
    # Reproducible: a second run changes nothing; the answers agree with the solution.
    expect 0 "0 written, 4 unchanged" -- gen aplusb
    expect 0 "verdict: AC  \\(11 cases: 11 AC\\)" -- run aplusb
    # A plan line that would overwrite the hand-written secret/3: refused, nothing written.
    echo "3 9 -max 5" >>"$root/testdata/aplusb/secret/plan.txt"
    before=$(cat "$root/testdata/aplusb/secret/3.in")
    expect 2 "^judge: error: refusing to overwrite hand-written case .*secret/3.in" -- gen aplusb
    [[ $(cat "$root/testdata/aplusb/secret/3.in") == "$before" ]] || fail "secret/3.in was changed"
    # A bad plan line: file and line named.
    printf 'x\n' >"$root/testdata/aplusb/secret/plan.txt"
    expect 2 "^judge: error: .*secret/plan.txt:1: expected NAME SEED" -- gen aplusb
    # A generated case that left the plan is removed.
    printf 'gen-small 1 -max 10\n' >"$root/testdata/aplusb/secret/plan.txt"
    expect 0 "removed gen-big .*1 cases.*3 removed" -- gen aplusb
    [[ ! -e $root/testdata/aplusb/secret/gen-big.in ]] || fail "gen-big.in not removed"
    ;;
selftest_misfiled_fixture)
    # A WA fixture filed under ok/ and an .err that does not match: both reported, exit 1.
    cp "$root/testdata/aplusb/checker/wa/wrong_sum.in" "$root/testdata/aplusb/checker/ok/bad.in"
    cp "$root/testdata/aplusb/checker/wa/wrong_sum.out" "$root/testdata/aplusb/checker/ok/bad.out"
    cp "$root/testdata/aplusb/checker/wa/wrong_sum.ans" "$root/testdata/aplusb/checker/ok/bad.ans"
    echo "some other message" >"$root/testdata/aplusb/invalid/letters.err"
    expect 1 "FAIL  checker/ok/bad: expected ok, got wa.*FAIL  invalid/letters \\(validator\\): message .* does not contain 'some other message'.*selftest aplusb: 22 passed, 2 failed" -- \
        selftest aplusb --solution "$sol/brute/aplusb.cpp"
    ;;
*)
    echo "unknown scenario $scenario"
    exit 2
    ;;
esac
exit $failed
