#!/usr/bin/env bash
# interrupt_test.sh JUDGE ROOT CACHE [MODE]: Ctrl-C (SIGINT to the judge's process group) ends
# the judge with exit status 2 and one "judge: error: interrupted ..." line, writes nothing, and
# leaves neither a scratch folder nor any process of the run behind.
#   MODE run (default):  during `judge run` (a TLE solution, --json must not be written);
#   MODE stress:         during the seed loop of `judge stress` (the solution is slow);
#   MODE stress-shrink:  while `judge stress` shrinks its first failure (each trial is a TLE).
set -uo pipefail
# No `... | grep -q` here: grep -q quits at its first match, and under pipefail the writer's
# SIGPIPE then fails the pipeline (bash's printf writes line by line): use <<<"$text".
judge=$1 root=$2 cache=$3 mode=${4:-run} wait_for=
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
slow=$root/solutions/aplusb_slow.cpp
# Scratch folders are named judge-<pid>-<purpose>-XXXXXX (TempDir, files.hpp).
case $mode in
    run)
        args=(run aplusb --solution "$slow" --jobs 1 --json "$work/r.json")
        scratch=judge-*-run-* settle=0.5 ;;
    stress)
        args=(stress aplusb --solution "$slow" --seeds 1-50 --jobs 1 --no-save)
        scratch=judge-*-stress-* settle=0.5 ;;
    stress-shrink)
        # Seed 1 fails (TLE) after about 1 s; every shrink trial takes about 1 s more.
        args=(stress aplusb --solution "$slow" --seeds 1-50 --jobs 1 --no-save --no-diagnose)
        scratch=judge-*-stress-* settle=0.5 wait_for="^generator args:" ;;
    *) echo "interrupt_test.sh: unknown mode $mode" >&2; exit 2 ;;
esac
# setsid: the judge gets its own process group, which the signal goes to, as a terminal's would.
TMPDIR=$work/tmp setsid "$judge" --root "$root" --cache "$cache" "${args[@]}" \
    >"$work/out.txt" 2>&1 &
judge_pid=$!
# Judging has started when its scratch folder appears (compiling may take long on a busy
# machine); then let it work for a moment.
for ((i = 0; i < 600; ++i)); do
    compgen -G "$work/tmp/$scratch" >/dev/null && break
    sleep 0.1
done
compgen -G "$work/tmp/$scratch" >/dev/null || echo "WARN: judging never started"
if [[ -n $wait_for ]]; then  # and until the judge says it reached the phase to interrupt
    for ((i = 0; i < 300; ++i)); do
        grep -q "$wait_for" "$work/out.txt" && break
        sleep 0.1
    done
fi
sleep "$settle"
kill -INT -- "-$judge_pid"
start=$(date +%s)
wait "$judge_pid"
status=$?
elapsed=$(($(date +%s) - start))
echo "--- judge ${args[*]} (exit status $status, interrupted in mode $mode)"
cat "$work/out.txt"
failed=0
[[ $status == 2 ]] || { echo "FAIL: exit status $status, expected 2"; failed=1; }
[[ $(grep -c "judge: error: interrupted" "$work/out.txt") == 1 ]] ||
    { echo "FAIL: no single 'judge: error: interrupted' line"; failed=1; }
if [[ $mode == stress ]]; then
    # A solution killed by the same Ctrl-C is no failure of it: nothing may be reported.
    ! grep -Eq "^(FAIL on seed|JE on seed|saved:|case \()" "$work/out.txt" ||
        { echo "FAIL: a result was reported for an interrupted run"; failed=1; }
elif [[ $mode == stress-shrink ]]; then
    # The failure was found (and said) before the Ctrl-C; no shrunk case may be shown or saved.
    grep -q "^FAIL on seed 1 " "$work/out.txt" ||
        { echo "FAIL: the Ctrl-C did not come while shrinking"; failed=1; }
    ! grep -Eq "^(saved:|case \()" "$work/out.txt" ||
        { echo "FAIL: a shrunk case was reported for an interrupted run"; failed=1; }
fi
((elapsed <= 10)) || { echo "FAIL: took ${elapsed}s to stop"; failed=1; }
[[ ! -e $work/r.json ]] || { echo "FAIL: a report was written"; failed=1; }
if [[ -n $(ls -A "$work/tmp") ]]; then
    echo "FAIL: scratch left: $(ls -A "$work/tmp")"
    failed=1
fi
if grep -q "$cache" <<<"$(pgrep -af aplusb-solution)"; then
    echo "FAIL: a process of the run is left: $(pgrep -af aplusb-solution)"
    failed=1
fi
exit $failed
