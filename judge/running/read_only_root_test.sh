#!/usr/bin/env bash
# read_only_root_test.sh: the judge boxes its runs where the machine's root filesystem is
# read-only and the judge's root is a chroot (issue 28): the box needs nothing of the root
# filesystem, and a box's mount namespace is entered through its root folder, not the
# namespace's own root (which, from a chroot, is the tree above it). A VM that chroots into its
# real root, or a container started with --read-only, is this case.
#
# Usage: read_only_root_test.sh JUDGE TESTROOT
# Needs root (a mount namespace and chroot): exit 77 (skipped) otherwise. Everything is mounted
# in a mount namespace of its own, so nothing of it is seen outside or outlives the test.
set -euo pipefail
judge=$1 root=$2
if [[ $(id -u) != 0 ]] || ! command -v unshare >/dev/null; then
    echo "SKIP: needs root and unshare"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT  # the mounts below exist only in the test's own mount namespace
mkdir "$work/tree"
output=$(unshare --mount --propagation private sh -c '
    set -e
    work=$1 judge=$2 root=$3
    mount --rbind / "$work/tree"
    mount -o remount,bind,ro "$work/tree"
    mount -t tmpfs -o size=256m tmpfs "$work/tree$work"   # the only writable folder
    mkdir "$work/tree$work/tmp" "$work/tree$work/cache"
    touch "$work/tree/written-by-the-test" 2>/dev/null && { echo "the root is not read-only"; exit 3; }
    exec chroot "$work/tree" env -i PATH=/usr/bin:/bin TMPDIR="$work/tmp" \
        "$judge" --root "$root" --cache "$work/cache" run aplusb --tests "sample/*"
' sh "$work" "$(readlink -f "$judge")" "$(readlink -f "$root")" 2>&1)
status=$?
echo "$output"
if ((status != 0)); then
    echo "FAIL: exit status $status, expected 0"
    exit 1
fi
if ! grep -q '^verdict: AC' <<<"$output" || ! grep -q '^isolation: sandbox (' <<<"$output"; then
    echo "FAIL: expected verdict AC in a sandbox"
    exit 1
fi
echo "PASS: boxed and AC with a read-only root, from a chroot"
