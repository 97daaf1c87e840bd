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
cleanup() { kill "${pids[@]}" 2> /dev/null || true; }
trap cleanup EXIT
for ((i = 0; i < cores; ++i)); do
    bash -c 'while :; do :; done' &
    pids+=($!)
done
echo "$cores spinners busy ($(cut -d' ' -f1-3 /proc/loadavg))"
"$tests" --gtest_filter="$filter" --gtest_brief=1
