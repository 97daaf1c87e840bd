#!/usr/bin/env bash
# test.sh: builds everything (installing missing packages), then runs every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
# --vm: qemu and a kernel for the cgroup v2 VM's tests (judge_vm_cgroup2).
bash scripts/build.sh --vm
cd build
# One test more than cores: many tests spend part of their time waiting (on a sandbox's set-up,
# a sleeping or blocked submission, a wall limit, files); the tests that need the machine to
# themselves (the VM's, the runner under load) are RUN_SERIAL.
ctest --output-on-failure -j "$(($(nproc) + 1))" --timeout 600
