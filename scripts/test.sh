#!/usr/bin/env bash
# test.sh: builds everything (installing missing packages), then runs every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
# --vm: qemu and a kernel for the cgroup v2 VM's tests (judge_vm_cgroup2.*).
bash scripts/build.sh --vm
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 600
