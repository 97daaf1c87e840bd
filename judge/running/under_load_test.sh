#!/usr/bin/env bash
# under_load_test.sh JUDGE_TESTS [GTEST FILTER]: the runner's and the sandbox's GoogleTests with
# every core kept busy by a spinning process of lower priority than nothing (plain CPU hogs, as
# other jobs on a shared CI machine): what the runner guarantees (limits, verdict sources, the
# kill sweep, isolation) must not depend on an idle machine. Spinners are killed on any exit.
set -euo pipefail
tests=$1
# For CI's time, the runner's modes that repeat another's are left out: CgroupsKeeper (a keeper
# forced where root runs directly: the keeper's runs are loaded in SandboxCgroups and Fallback),
# SandboxFallback (the box of SandboxCgroups, the polling of Fallback) and Cgroups (a root
# --no-sandbox judge: the cgroup limits and measurement of SandboxCgroups without the box;
# CgroupMeasurement's Plain runs stay).
filter=${2:-'ProcessRunner*:Modes*:Sandbox*:KeeperBackstop*:Interaction*-*/CgroupsKeeper:*/SandboxFallback:Modes/ProcessRunner.*/Cgroups'}
cores=$(nproc)
pids=()
work=$(mktemp -d)  # the shards' outputs
cleanup() {
    kill "${pids[@]}" 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
for ((i = 0; i < cores; ++i)); do
    bash -c 'while :; do :; done' &
    pids+=($!)
done
echo "$cores spinners busy ($(cut -d' ' -f1-3 /proc/loadavg))"
# The tests in two shards at once (gtest's GTEST_TOTAL_SHARDS), as the VM's suite runs them: the
# spinners still keep every core busy, and CTest runs this test alone (RUN_SERIAL), so one
# process of tests left the spinners most of the machine and the run took some 55 s of CI's
# serial time. Each shard's output in turn, then the first failing status.
shards=2
shard_pids=()
for ((shard = 0; shard < shards; ++shard)); do
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$shard \
        "$tests" --gtest_filter="$filter" --gtest_brief=1 >"$work/$shard.txt" 2>&1 &
    shard_pids+=($!)
done
status=0
for ((shard = 0; shard < shards; ++shard)); do
    shard_status=0
    wait "${shard_pids[$shard]}" || shard_status=$?
    sed "s/^/shard $shard: /" "$work/$shard.txt"
    ((status != 0)) || status=$shard_status
done
exit "$status"
