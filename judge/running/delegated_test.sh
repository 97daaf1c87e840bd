#!/usr/bin/env bash
# delegated_test.sh: the runner's cgroup tests as the unprivileged user nobody (uid 65534) in a
# cgroup delegated to it, the way systemd's Delegate=yes does it: the folder, its cgroup.procs
# (and on v2 cgroup.subtree_control and cgroup.threads) owned by nobody, nothing above it. With
# a delegated cgroup a non-root judge must measure every run by cgroups, as root does:
# JUDGE_REQUIRE_CGROUPS makes a run measured otherwise a failure.
#
# Usage: delegated_test.sh JUDGE_TESTS FIXTURE_DIR [GTEST_FILTER]
# v1 (this machine: memory, pids and cpuacct hierarchies) or v2 (the unified hierarchy mounted
# at /sys/fs/cgroup), whichever is mounted. Exit 77 (skipped) when not root.
set -euo pipefail
tests=$1 fixtures=$2
filter=${3:-'Modes/ProcessRunner.*/*Cgroups*:Modes/CgroupMeasurement.*'}
if [[ $(id -u) != 0 ]]; then
    echo "delegated_test.sh: not root, cannot delegate a cgroup to nobody: skipped"
    exit 77
fi
work=$(mktemp -d)
name="delegated-test-$$"
delegated=()
cleanup() {
    local dir
    for dir in "${delegated[@]}"; do
        # What the judge left below (v2: its own leaf, which it cannot leave), deepest first.
        find "$dir" -depth -type d -exec rmdir {} + 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT
cp "$tests" "$work/judge_tests"
cp -r "$fixtures" "$work/fixtures"
chmod -R a+rX "$work"

if [[ -d /sys/fs/cgroup/memory && -d /sys/fs/cgroup/pids && -d /sys/fs/cgroup/cpuacct ]]; then
    version=v1 memory_source=cgroup
    for controller in memory pids cpuacct; do
        dir=/sys/fs/cgroup/$controller/$name
        mkdir "$dir"
        delegated+=("$dir")
        chown 65534:65534 "$dir" "$dir/cgroup.procs" "$dir/tasks"
    done
elif [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
    version=v2 memory_source="cgroup v2"
    dir=/sys/fs/cgroup/$name
    echo "+memory +pids" > /sys/fs/cgroup/cgroup.subtree_control
    mkdir "$dir"
    delegated+=("$dir")
    chown 65534:65534 "$dir" "$dir/cgroup.procs" "$dir/cgroup.subtree_control" \
        "$dir/cgroup.threads"
else
    echo "delegated_test.sh: no cgroup hierarchy with a memory controller is mounted" >&2
    exit 1
fi
echo "delegated_test.sh: cgroup $version, delegated to nobody: ${delegated[*]}"
cd "$work"
# A subshell joins the delegated cgroup(s), then becomes nobody: the tests start there.
(
    for dir in "${delegated[@]}"; do echo "$BASHPID" > "$dir/cgroup.procs"; done
    exec env JUDGE_FIXTURE_DIR="$work/fixtures" JUDGE_REQUIRE_CGROUPS=1 JUDGE_REQUIRE_SANDBOX=1 \
        JUDGE_EXPECT_MEMORY_SOURCE="$memory_source" \
        setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
        ./judge_tests --gtest_filter="$filter" --gtest_brief=1
)
