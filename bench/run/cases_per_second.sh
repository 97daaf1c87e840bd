#!/usr/bin/env bash
# cases_per_second.sh: `judge run` throughput on many tiny cases (a+b) against the bare cost of
# the programs it runs, in the same run.
#
# Usage: bench/run/cases_per_second.sh JUDGE [CASES] [ROUNDS]   (CASES = 300, ROUNDS = 5)
# Generates CASES tiny a+b cases in a temporary folder and judges them with the judge's own test
# problem (judge/testroot, checker `tokens`) through --cases. Each round times, one after the
# other (so that the machine's load hits both alike):
#   bare           bare_loop.cpp: posix_spawn + waitpid of the same cached binaries a case
#                  (solution with stdin/stdout files, then checker), no limits, no sandbox
#   judge          `judge run --jobs 1 --no-validate`
#   bare+val       the same with the validator first
#   judge+val      `judge run --jobs 1`
#   bare x2        two bare loops at once, half of the cases each (what 2 cores can give)
#   judge j2       `judge run --jobs 2 --no-validate`
#   floor          (root only) floor_loop.cpp: the bare loop plus what any sandboxed judge with
#                  limits pays per program (cgroups joined, read and reset; rlimits; uid 65534;
#                  a seccomp filter of the judge's size), without namespaces or a keeper
#   floor+         (root only) the same with what the judge's guarantees add (FLOOR_LOOP_GUARANTEES:
#                  a held pid namespace, a pidfd watched with a timeout, stdout and stderr
#                  through pipes, the OOM and process counts read): what is left between it
#                  and the judge is the judge's own (box mounts, spawner, files, bookkeeping)
# The judge's time is its own total_wall_ms (the judging; starting up and the warm compile
# cache's checks are left out) and, in brackets, the whole process from the outside. CPU time
# (user + system of the whole process tree, /usr/bin/time) is compared too, the judge's minus
# its start-up: on a machine shared with other work it moves much less than wall time.
# Prints each round, then the medians: judge / bare (goal <= 1.2, issue 18) and the gain of
# --jobs 2 against that of two bare loops (goal >= 0.9 of it). Not run by ctest.
set -euo pipefail
judge=$(realpath "$1")
count=${2:-300}
rounds=${3:-5}
here=$(realpath "$(dirname "$0")")
root=$(realpath "$here/../../judge/testroot")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$here/aplusb_cases.sh" "$work/cases" "$count"
g++ -O2 -std=c++17 -o "$work/bare_loop" "$here/bare_loop.cpp"
# The floor loops join v1 cgroups: only as root on a v1 machine.
with_floor=$([ "$(id -u)" = 0 ] && [ -d /sys/fs/cgroup/memory ] && echo 1 || echo 0)
if ((with_floor)); then
    g++ -O2 -std=c++17 -o "$work/floor_loop" "$here/floor_loop.cpp"
    chmod 755 "$work" "$work/cases" # its programs run as uid 65534
fi
common=(--root "$root" --cache "$work/cache" run aplusb --cases "$work/cases")
"$judge" "${common[@]}" --tests 1 >/dev/null # warm the compile cache
binary() { find "$work/cache" -maxdepth 1 -type f -name "$1" ! -name '*.hash' | head -1; }
solution=$(binary 'aplusb-solution-*')
checker=$(binary 'tokens-checker-*')
validator=$(binary 'aplusb-validator-*')
out=$(mktemp -d /dev/shm/bare-XXXXXX)
chmod 755 "$out"
trap 'rm -rf "$work" "$out"' EXIT

# Each timed command writes "wall user sys" (seconds, the whole process tree) to $work/t.
timed() { /usr/bin/time -f '%e %U %S' -o "$work/t" "$@"; }
cpu_of_last() { awk '{print $2 + $3}' "$work/t"; }
bare() { # VALIDATE FIRST LAST OUTPUT_NAME -> "seconds cpu_seconds"
    local s
    s=$(timed "$work/bare_loop" "$1" "$work/cases" "$2" "$3" "$solution" "$checker" "$validator" \
        "$out/$4")
    echo "$s $(cpu_of_last)"
}
floor() { # [GUARANTEES] -> "seconds cpu_seconds"
    local s
    s=$(FLOOR_LOOP_GUARANTEES=${1:-0} timed "$work/floor_loop" "$work/cases" 1 "$count" \
        "$solution" "$checker" "$out/f")
    echo "$s $(cpu_of_last)"
}
judge_seconds() { # JUDGE_OPTIONS... -> "judging_seconds process_seconds cpu_seconds"
    timed "$judge" "${common[@]}" "$@" --json "$work/r.json" >"$work/out.txt"
    python3 - "$work/r.json" "$count" "$(cat "$work/t")" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["verdict"] == "AC" and len(report["cases"]) == int(sys.argv[2]), report["verdict"]
wall, user, system = map(float, sys.argv[3].split())
print(report["total_wall_ms"] / 1000, wall, user + system)
PY
}
# The judge's CPU time outside the judging (start-up: compiler version, sandbox probe, cache
# checks), subtracted from its CPU time below: the mean of 3 one-case runs.
startup_cpu=0
for i in 1 2 3; do
    read -r _ _ c <<<"$(count=1 judge_seconds --jobs 1 --no-validate --tests 1)"
    startup_cpu=$(python3 -c "print($startup_cpu + $c / 3)")
done

echo "$(date -u '+%F %T UTC'), $count cases, $rounds rounds, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "judge start-up CPU (1-case run): $startup_cpu s"
results="$work/results.txt"
for ((round = 1; round <= rounds; ++round)); do
    read -r b bc <<<"$(bare 0 1 "$count" o)"
    read -r j jp jc <<<"$(judge_seconds --jobs 1 --no-validate)"
    if ((with_floor)); then
        read -r f fc <<<"$(floor)"
        read -r g gc <<<"$(floor 1)"
        [[ -n ${fc:-} && -n ${gc:-} ]] || { echo "cases_per_second: floor_loop failed" >&2; exit 1; }
        echo "$b $j $f $bc $(python3 -c "print($jc - $startup_cpu)") $fc $g $gc" >>"$work/floor.txt"
    fi
    read -r bv bvc <<<"$(bare 1 1 "$count" o)"
    read -r jv jvp jvc <<<"$(judge_seconds --jobs 1)"
    half=$((count / 2))
    start=$(date +%s.%N)
    bare 0 1 "$half" o1 >/dev/null &
    bare 0 $((half + 1)) "$count" o2 >/dev/null
    wait
    b2=$(python3 -c "print($(date +%s.%N) - $start)")
    read -r j2 j2p _ <<<"$(judge_seconds --jobs 2 --no-validate)"
    echo "$b $j $jp $bv $jv $jvp $b2 $j2 $j2p $bc $jc $bvc $jvc" >>"$results"
    python3 - "$count" "$round" "$startup_cpu" $b $j $jp $bv $jv $jvp $b2 $j2 $j2p $bc $jc $bvc \
        $jvc <<'PY'
import sys
n, r, start = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
b, j, jp, bv, jv, jvp, b2, j2, j2p, bc, jc, bvc, jvc = map(float, sys.argv[4:])
cps = lambda s: f"{n / s:.0f}/s"
print(f"round {r}: bare {cps(b)}, judge {cps(j)} ({cps(jp)} whole) = {j / b:.2f}x wall, "
      f"{(jc - start) / bc:.2f}x CPU | bare+val {cps(bv)}, judge+val {cps(jv)} = "
      f"{jv / bv:.2f}x wall, {(jvc - start) / bvc:.2f}x CPU | bare x2 {cps(b2)}, judge j2 "
      f"{cps(j2)}")
PY
done
python3 - "$results" "$count" "$startup_cpu" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
n, start = int(sys.argv[2]), float(sys.argv[3])
med = lambda values: statistics.median(values)
ms = lambda seconds: f"{seconds * 1000 / n:.2f} ms"
print("medians over the rounds:")
for label, b, j, jp, bc, jc in (("--no-validate", 0, 1, 2, 9, 10), ("validating", 3, 4, 5, 11, 12)):
    print(f"  {label}: judge / bare = {med([r[j] / r[b] for r in rows]):.2f} wall "
          f"(whole process {med([r[jp] / r[b] for r in rows]):.2f}), "
          f"{med([(r[jc] - start) / r[bc] for r in rows]):.2f} CPU; "
          f"bare {med([n / r[b] for r in rows]):.0f} cases/s, judge {med([n / r[j] for r in rows]):.0f}; "
          f"CPU a case: bare {ms(med([r[bc] for r in rows]))}, "
          f"judge {ms(med([r[jc] - start for r in rows]))}")
bare_gain = med([r[0] / r[6] for r in rows])
judge_gain = med([r[1] / r[7] for r in rows])
print(f"  --jobs 2: judge gains {judge_gain:.2f}x over --jobs 1, two bare loops {bare_gain:.2f}x "
      f"over one ({judge_gain / bare_gain:.2f} of it); judge j2 / bare x2 = "
      f"{med([r[7] / r[6] for r in rows]):.2f}")
PY
if ((with_floor)); then
    python3 - "$work/floor.txt" <<'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
med = lambda i, k: statistics.median(r[i] / r[k] for r in rows)
print(f"  floor (--no-validate): floor / bare = {med(2, 0):.2f} wall, {med(5, 3):.2f} CPU; "
      f"judge / floor = {med(1, 2):.2f} wall, {med(4, 5):.2f} CPU")
print(f"  floor+ (with the guarantees): floor+ / bare = {med(6, 0):.2f} wall, {med(7, 3):.2f} CPU; "
      f"judge / floor+ = {med(1, 6):.2f} wall, {med(4, 7):.2f} CPU")
PY
fi
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
