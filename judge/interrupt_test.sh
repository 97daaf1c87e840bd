#!/usr/bin/env bash
# interrupt_test.sh JUDGE ROOT CACHE: Ctrl-C (SIGINT to the judge's process group) during
# `judge run` ends the judge with exit status 2 and "interrupted", writes no report, and leaves
# neither its scratch folder nor any process of the run behind.
set -uo pipefail
judge=$1 root=$2 cache=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
# setsid: the judge gets its own process group, which the signal goes to, as a terminal's would.
TMPDIR=$work/tmp setsid "$judge" --root "$root" --cache "$cache" run aplusb \
    --solution "$root/solutions/aplusb_slow.cpp" --jobs 1 --json "$work/r.json" \
    >"$work/out.txt" 2>&1 &
judge_pid=$!
# Judging has started when its scratch folder appears (compiling may take long on a busy
# machine); then let a case run for a moment.
for ((i = 0; i < 600; ++i)); do
    compgen -G "$work/tmp/judge-run-*" >/dev/null && break
    sleep 0.1
done
compgen -G "$work/tmp/judge-run-*" >/dev/null || echo "WARN: judging never started"
sleep 0.5
kill -INT -- "-$judge_pid"
start=$(date +%s)
wait "$judge_pid"
status=$?
elapsed=$(($(date +%s) - start))
cat "$work/out.txt"
failed=0
[[ $status == 2 ]] || { echo "FAIL: exit status $status, expected 2"; failed=1; }
grep -q "judge: error: interrupted" "$work/out.txt" || { echo "FAIL: no 'interrupted' line"; failed=1; }
((elapsed <= 10)) || { echo "FAIL: took ${elapsed}s to stop"; failed=1; }
[[ ! -e $work/r.json ]] || { echo "FAIL: a report was written"; failed=1; }
if compgen -G "$work/tmp/judge-run-*" >/dev/null; then
    echo "FAIL: scratch folder left: $(ls "$work/tmp")"
    failed=1
fi
if pgrep -f "aplusb_slow|aplusb-solution" >/dev/null && pgrep -af aplusb-solution | grep -q "$cache"; then
    echo "FAIL: a process of the run is left: $(pgrep -af aplusb-solution)"
    failed=1
fi
exit $failed
