#!/usr/bin/env bash
# guest_suite.sh: the judge's cgroup tests on a real cgroup v2 kernel (issue 27), in a throwaway
# VM (cgroup2_vm.sh), as root and as nobody in a cgroup delegated to it (systemd's Delegate=yes).
# CTest runs it as judge_vm_cgroup2, both modes in one VM (one boot: some 20 s less).
#
# Usage: guest_suite.sh MODE JUDGE JUDGE_TESTS FIXTURE_DIR VM_CACHE
#   MODE          root, delegated, or both (root, then delegated, in the same VM: the two runs
#                 share nothing but the guest's kernel and its /tmp, each its own folders there)
#   JUDGE, JUDGE_TESTS, FIXTURE_DIR   the host's build: judge, judge_tests, judge/fixtures
#   VM_CACHE      where cgroup2_vm.sh keeps its initramfs
# Exit status: 0 every part passed in the guest, 1 some failed, 77 no VM can be made here
# (skipped), 125 the VM itself failed (boot, timeout).
#
# In the guest, in this order (each part prints PASS or FAIL lines, then a summary line):
#   check    the guest is cgroup v2 with memory and pids, and the mode is as claimed (uid, the
#            cgroup the suite runs in, the delegated folder's owner)
#   gtests   the runner's and the sandbox's GoogleTests that use cgroups (gtest_filter below)
#   attacks  attack_test.sh for the attacks that reach for cgroups (vm_attacks below)
# To add a test: a pattern in gtest_filter, an attack in vm_attacks, or a step in
# run_in_guest.
#
# The guest runs about ten times slower than the host (TCG): a compile there hits the judge's
# 30 s compile limit. So the attacks run once on the host first, to fill a judge cache for each
# (attack_test.sh's ATTACK_CACHE_KEEP), at the same paths the guest uses (ATTACK_WORK_DIR: a
# cache key names the test root's path) and as the same user; the guest finds every program
# compiled. What the host's run says is printed too, for comparison (the host has cgroup v1).
# Everything the guest needs is staged in a world-readable folder under /tmp (the build may be
# where nobody cannot read), shared with the guest writable at the same path.
set -uo pipefail

# --- the lists: what runs in the guest ---------------------------------------------------------
# The runner's tests in the cgroup mode the judge runs submissions in (SandboxCgroups), what
# only a cgroup measures (CgroupMeasurement, plain runs included), the sandbox's tests with
# cgroups, and those of the cgroup pool, direct runs and the keeper's backstop: about 60 s in
# the guest. Left out for CI's time (the VM's part is serial: the whole machine waits on it):
# CgroupsKeeper (a keeper forced where root would run directly: as nobody every run has a
# keeper, so there it repeats Cgroups; as root SandboxCgroups runs through a keeper), and the
# plain Cgroups mode as root (32 tests, 25 s in the guest): a root judge never runs a program
# unboxed (--no-sandbox is refused as root), so that mode is no path of the judge there.
gtest_filter='Modes/ProcessRunner.*/*Cgroups*:Modes/CgroupMeasurement.*:Modes/Sandbox.*/Cgroups'
gtest_filter+=':CgroupPoolThread.*:DirectRun.*:KeeperBackstop.*-*/CgroupsKeeper'
gtest_filter+=':Modes/ProcessRunner.*/Cgroups'
# Every run of these must be measured by a v2 cgroup (process_runner_test.cpp,
# cgroup_measurement_test.cpp): Linux 6.1 has memory.peak.
gtest_environment=(JUDGE_REQUIRE_SANDBOX=1 JUDGE_REQUIRE_CGROUPS=1
                   "JUDGE_EXPECT_MEMORY_SOURCE=cgroup v2")
# The attacks that reach for what cgroups bound: leaving the run's cgroup (cgroup_escape) and a
# process outliving the run (outlive). Left to the host for CI's time: clone_parent (the
# filter's), and fill_scratch (the box's private, size-bounded scratch folders, which no cgroup
# version changes; 30-60 s in the guest): judge_sandbox*.fill_scratch as root and as nobody,
# and in the guest Modes/CgroupMeasurement.A96MiBFileInDevShm* (what /dev/shm costs a v2 run)
# and Modes/Sandbox.*Scratch* (the scratch folders with v2 cgroups).
vm_attacks=(cgroup_escape outlive)
# As delegated nobody, for CI's time (issue 27: the VM part within about 5 minutes): the
# sandbox's own tests are left out; the box is nobody's on the host as well
# (judge_runner_as_nobody, judge_sandbox_nobody.*), and the root run covers them on v2. The
# runner's plain Cgroups mode (a --no-sandbox judge, which nobody may run) is left out as for
# root: as nobody it goes through the same keeper and the same delegated subtree as
# SandboxCgroups, which stays, and CgroupMeasurement still measures plain runs there.
delegated_gtest_skip=':Modes/Sandbox.*'
delegated_attacks=(cgroup_escape outlive)
vm_timeout_s=400  # a mode's part of the VM (about 130 s as root)
# mode_attacks MODE: the attacks the guest runs in MODE.
mode_attacks() {
    if [[ $1 == delegated ]]; then echo "${delegated_attacks[@]}"; else echo "${vm_attacks[@]}"; fi
}

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fail_usage() {
    echo "guest_suite.sh: $*" >&2
    echo "usage: guest_suite.sh root|delegated|both JUDGE JUDGE_TESTS FIXTURE_DIR VM_CACHE" >&2
    exit 2
}
as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all)

# --- in the guest ------------------------------------------------------------------------------
# guest_suite.sh --in-guest STAGE, in the mode cgroup2_vm.sh names (CGROUP2_VM_MODE). Each mode
# has its own files in the guest's /tmp (the binaries, the tests' outputs, HOME) and its own work
# folder and caches in the stage: root's, made first, are not nobody's to write.
passed=0 failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
seconds_since() { echo $(($(date +%s) - $1)); }
# attack_work_dir WORK_BASE ATTACK: the attack's folder, the same on the host and in the guest;
# its name is attack_test.sh's marker (the paths its write attacks may touch): unique.
attack_work_dir() { echo "$1/$(basename "$1")-$2"; }

check_guest() {
    local mode=$1 own controllers
    own=$(sed -n 's/^0:://p' /proc/self/cgroup)
    controllers=$(cat "/sys/fs/cgroup$own/cgroup.controllers" 2>/dev/null)
    if [[ $(stat -f -c %T /sys/fs/cgroup) == cgroup2fs ]]; then
        pass "check: /sys/fs/cgroup is cgroup2"
    else
        fail "check: /sys/fs/cgroup is $(stat -f -c %T /sys/fs/cgroup), not cgroup2"
    fi
    if [[ " $controllers " == *" memory "* && " $controllers " == *" pids "* ]]; then
        pass "check: the suite's cgroup $own has memory and pids ($controllers)"
    else
        fail "check: the suite's cgroup $own has '$controllers', not memory and pids"
    fi
    if [[ $mode == root ]]; then
        [[ $(id -u) == 0 && $own == /vm-root ]] && pass "check: root in /vm-root" ||
            fail "check: uid $(id -u) in $own, expected root in /vm-root"
    else
        [[ $(id -u) == 65534 && $own == /delegated ]] && pass "check: nobody in /delegated" ||
            fail "check: uid $(id -u) in $own, expected 65534 in /delegated"
        [[ $(stat -c %u /sys/fs/cgroup/delegated) == 65534 &&
           $(stat -c %u /sys/fs/cgroup/delegated/cgroup.procs) == 65534 &&
           $(stat -c %u /sys/fs/cgroup/delegated/memory.max) == 0 ]] &&
            pass "check: /delegated and its cgroup.procs are nobody's, memory.max root's" ||
            fail "check: /delegated is not delegated as systemd does it"
    fi
}

# The tests in shards at once (gtest's GTEST_TOTAL_SHARDS): the guest has two vCPUs, each a
# host thread (MTTCG), and one process of tests keeps only one of them busy; the host is the VM's
# alone (RUN_SERIAL). One shard 112 s -> two about 60-100 s as root; three, since many of these
# tests wait (wall limits, a program's sleep) rather than compute: root's 88 -> 71 s, nobody's
# 48 -> 39 s (the whole VM test 230 -> 206 s). The tests hold under such load (they are the
# ones under_load_test.sh runs with both cores spinning).
gtest_shards=3
run_gtests() {
    local bin=$1 filter=$2 start status=0 shard count=0 shard_count shard_status
    start=$(date +%s)
    for ((shard = 0; shard < gtest_shards; shard++)); do
        (cd /tmp && env JUDGE_FIXTURE_DIR="$bin/fixtures" "${gtest_environment[@]}" \
             GTEST_TOTAL_SHARDS=$gtest_shards GTEST_SHARD_INDEX=$shard \
             "$bin/judge_tests" --gtest_filter="$filter" --gtest_brief=1 \
             >"/tmp/gtests-$mode-$shard.txt" 2>&1
         echo $? >"/tmp/gtests-$mode-$shard.status") &
    done
    wait
    for ((shard = 0; shard < gtest_shards; shard++)); do
        grep -vE '^\[ +(OK|RUN) +\]' "/tmp/gtests-$mode-$shard.txt" | sed "s/^/shard $shard: /"
        shard_status=$(cat "/tmp/gtests-$mode-$shard.status" 2>/dev/null || echo "?")
        [[ $shard_status == 0 ]] || status=$shard_status
        shard_count=$(grep -oE '^\[==========\] [0-9]+ tests? from' "/tmp/gtests-$mode-$shard.txt" |
                      grep -oE '[0-9]+' | tail -1)
        count=$((count + ${shard_count:-0}))
    done
    if [[ $status == 0 ]]; then
        pass "gtests: $count tests in $gtest_shards shards ($(seconds_since "$start") s)"
    else
        fail "gtests: exit status $status ($(seconds_since "$start") s; failed tests above)"
    fi
}

# run_attack STAGE BIN WORK_BASE ATTACK: one attack, its output and its PASS or FAIL line into
# /tmp/attack-MODE-ATTACK.txt (the attacks run at once: each has its own folders and cache).
run_attack() {
    local stage=$1 bin=$2 work_base=$3 attack=$4 start output status
    start=$(date +%s)
    output=$(ATTACK_WORK_DIR=$(attack_work_dir "$work_base" "$attack") \
             ATTACK_CACHE_KEEP=$stage/cache/$mode/$attack \
             bash "$stage/repo/judge/attack_test.sh" "$bin/judge" "$attack" 2>&1)
    status=$?
    {
        printf '%s\n' "$output" | sed "s/^/  $attack: /"
        if ((status == 0)); then
            echo "PASS attack $attack ($(seconds_since "$start") s)"
        else
            echo "FAIL attack $attack: exit status $status ($(seconds_since "$start") s)"
        fi
    } >"/tmp/attack-$mode-$attack.txt"
}

# The attacks side by side (about 20 s instead of 32 as root), then each one's lines in order.
run_attacks() {
    local stage=$1 bin=$2 work_base=$3 attack
    shift 3
    for attack in "$@"; do run_attack "$stage" "$bin" "$work_base" "$attack" & done
    wait
    for attack in "$@"; do
        local result=/tmp/attack-$mode-$attack.txt
        if [[ ! -s $result ]]; then
            fail "attack $attack: no result"
            continue
        fi
        grep -vE '^(PASS|FAIL) attack ' "$result"
        if grep -q '^PASS attack ' "$result"; then
            pass "$(sed -n 's/^PASS //p' "$result")"
        else
            fail "$(sed -n 's/^FAIL //p' "$result")"
        fi
    done
}

# Every judge above (the killed ones of the outlive attack too) left its judge-<pid> subtree
# (a judge cannot leave its own leaf); the next judge removes those of judges that are gone. After
# one more judge (a single run), only its own is left, and no process is in any of them.
check_leftovers() {
    local bin=$1 base stale=0 busy=0 dir pid
    (cd /tmp && JUDGE_FIXTURE_DIR=$bin/fixtures "$bin/judge_tests" --gtest_brief=1 \
        --gtest_filter='Modes/CgroupMeasurement.ACorrectProgram*/Plain' >/dev/null 2>&1)
    base=/sys/fs/cgroup$(sed -n 's/^0:://p' /proc/self/cgroup)
    [[ ${base##*/} == judge-others ]] && base=${base%/*}
    for dir in "$base"/judge-*; do
        [[ -d $dir && ${dir##*/judge-} =~ ^[0-9]+$ ]] || continue
        pid=${dir##*/judge-}
        kill -0 "$pid" 2>/dev/null || stale=$((stale + 1))
        [[ -n $(find "$dir" -name cgroup.procs -exec cat {} + 2>/dev/null) ]] && busy=$((busy + 1))
    done
    ((stale <= 1 && busy == 0)) &&
        pass "leftovers: $stale subtree of a judge that is gone (the last one's), none with a process" ||
        fail "leftovers: $stale subtrees of judges that are gone under $base, $busy with a process"
}

run_in_guest() {
    local stage=$1 start bin=/tmp/judge-vm-bin-$mode work_base
    start=$(date +%s)
    work_base=$(cat "$stage/work_base.$mode") || { fail "no work folder for mode $mode"; return; }
    export HOME=/tmp/home-$mode
    mkdir -p "$HOME"
    echo "=== guest: $(uname -r), $(nproc) CPUs, mode $mode, uid $(id -u)," \
         "cgroup $(sed -n 's/^0:://p' /proc/self/cgroup)"
    echo "=== check"
    check_guest "$mode"
    # Programs run from the guest's tmpfs, not the 9p share.
    mkdir -p "$bin" "$work_base" && cp -r "$stage/bin/." "$bin/" ||
        { fail "copying the binaries to $bin"; return; }
    local filter=$gtest_filter attacks
    [[ $mode == delegated ]] && filter+=$delegated_gtest_skip
    read -ra attacks <<<"$(mode_attacks "$mode")"
    echo "=== gtests: $filter (${gtest_environment[*]})"
    run_gtests "$bin" "$filter"
    echo "=== attacks: ${attacks[*]}"
    run_attacks "$stage" "$bin" "$work_base" "${attacks[@]}"
    echo "=== leftovers"
    check_leftovers "$bin"
    echo "=== guest: $passed passed, $failed failed ($(seconds_since "$start") s)"
}

if [[ ${1:-} == --in-guest ]]; then
    (($# == 2)) || fail_usage "--in-guest STAGE"
    mode=${CGROUP2_VM_MODE:-}
    [[ $mode == root || $mode == delegated ]] || fail_usage "CGROUP2_VM_MODE '$mode'"
    run_in_guest "$2"
    ((failed == 0))
    exit
fi

# --- on the host -------------------------------------------------------------------------------
(($# == 5)) || fail_usage "expected 5 arguments, got $#"
mode=$1 judge=$2 judge_tests=$3 fixtures=$4 vm_cache=$5
case $mode in
    root | delegated) modes=("$mode") ;;
    both) modes=(root delegated) ;;
    *) fail_usage "MODE must be root, delegated or both" ;;
esac
for file in "$judge" "$judge_tests"; do
    [[ -x $file ]] || fail_usage "$file is not an executable"
done
[[ -d $fixtures ]] || fail_usage "$fixtures: no such folder"
if [[ $(id -u) != 0 ]]; then
    echo "SKIP: guest_suite.sh needs root (the VM's kernel in /boot, nobody's runs)"
    exit 77
fi
repo=$(cd "$here/../.." && pwd)

stage=$(mktemp -d /tmp/judge-vm-suite.XXXXXX) || exit 2
work_bases=()
trap 'rm -rf "$stage" "${work_bases[@]}"' EXIT
# The judge and its tests with the runner's fixtures (executables only), the attack suite, the
# test root with the tokens checker and checklib (the built-in ones may be unreadable to
# nobody), this script.
mkdir -p "$stage/bin/fixtures" "$stage/repo/judge" "$stage/repo/checkers" "$stage/cache"
cp "$judge" "$judge_tests" "$stage/bin/"
(cd "$fixtures" && find . -name CMakeFiles -prune -o -type f -perm -u+x -print |
    tar -cf - -T -) | tar -xf - -C "$stage/bin/fixtures"
cp -r "$repo/judge/attack_test.sh" "$repo/judge/attacks" "$repo/judge/testroot" "$repo/judge/vm" \
    "$stage/repo/judge/"
cp "$repo/checkers/checklib.hpp" "$repo/checkers/tokens.cpp" "$stage/repo/checkers/"
cp "$repo/checkers/checklib.hpp" "$repo/checkers/tokens.cpp" "$stage/repo/judge/testroot/checkers/"
# Each mode: its work folder (the attacks' folders: the same paths on the host and in the
# guest) and its caches, nobody's for delegated.
for one_mode in "${modes[@]}"; do
    work_base=$(mktemp -d /tmp/judge-vm-work.XXXXXX) || exit 2
    work_bases+=("$work_base")
    chmod 755 "$work_base"
    echo "$work_base" >"$stage/work_base.$one_mode"
    mkdir "$stage/cache/$one_mode"
    [[ $one_mode == delegated ]] && chown -R 65534:65534 "$stage/cache/$one_mode" "$work_base"
done
chmod -R a+rX "$stage"

echo "=== host: filling the judge's cache for each attack (and what the host's judge says)"
host_start=$(date +%s)
mkdir "$stage/host-output"
for one_mode in "${modes[@]}"; do  # all at once: each has its own folder and cache
    runner=()
    [[ $one_mode == delegated ]] && runner=("${as_nobody[@]}")
    work_base=$(cat "$stage/work_base.$one_mode")
    for attack in $(mode_attacks "$one_mode"); do
        "${runner[@]}" env ATTACK_WORK_DIR="$(attack_work_dir "$work_base" "$attack")" \
            ATTACK_CACHE_KEEP="$stage/cache/$one_mode/$attack" \
            bash "$stage/repo/judge/attack_test.sh" "$stage/bin/judge" "$attack" \
            >"$stage/host-output/$one_mode-$attack" 2>&1 &
    done
done
wait
for one_mode in "${modes[@]}"; do
    for attack in $(mode_attacks "$one_mode"); do
        output=$(cat "$stage/host-output/$one_mode-$attack")
        echo "host attack $attack ($one_mode): $(tail -1 <<<"$output")"
        grep -E '^(NOT CONTAINED|SETUP FAILED)' <<<"$output" | sed 's/^/  host: /'
    done
done
echo "=== host: $(($(date +%s) - host_start)) s"

vm_modes=$(IFS=,; echo "${modes[*]}")
echo "=== the VM ($vm_modes)"
bash "$here/cgroup2_vm.sh" --mode "$vm_modes" --share "$stage" --cache "$vm_cache" \
    --timeout "$((vm_timeout_s * ${#modes[@]}))" -- \
    bash "$stage/repo/judge/vm/guest_suite.sh" --in-guest "$stage"
status=$?
case $status in
    0) echo "guest_suite.sh: every part passed in the guest ($vm_modes)" ;;
    77 | 125) ;;  # cgroup2_vm.sh said why
    *)
        echo "guest_suite.sh: some part failed in the guest ($vm_modes; FAIL lines above)"
        status=1
        ;;
esac
exit $status
