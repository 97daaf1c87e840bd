#!/usr/bin/env bash
# as_nobody_test.sh: the runner's and the sandbox's GoogleTests once more, as the unprivileged
# user nobody (uid 65534): no cgroups to write, the sandbox made in a user namespace. Only the
# runner's fallback modes: without cgroups its cgroup modes are the same runs (the cgroup modes
# as nobody run in delegated_test.sh, in a cgroup delegated to nobody).
#
# Usage: as_nobody_test.sh JUDGE_TESTS FIXTURE_DIR
# The build folder may sit where nobody cannot read (a clone under /root): the test binary and
# the fixtures are copied into a fresh world-readable folder first. Exit 77 (skipped) when not
# root, since only root can become nobody.
set -euo pipefail
tests=$1 fixtures=$2
if [[ $(id -u) != 0 ]]; then
    echo "as_nobody_test.sh: not root, cannot run as nobody: skipped"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$tests" "$work/judge_tests"
cp -r "$fixtures" "$work/fixtures"
chmod -R a+rX "$work"
cd "$work"
# A missing sandbox fails here instead of skipping: this test exists to exercise it.
JUDGE_FIXTURE_DIR=$work/fixtures JUDGE_REQUIRE_SANDBOX=1 \
    setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
    ./judge_tests --gtest_filter='Modes/ProcessRunner.*/*Fallback*:Modes/Sandbox.*:KeeperBackstop.*' \
    --gtest_brief=1
