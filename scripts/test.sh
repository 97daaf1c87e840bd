#!/usr/bin/env bash
# test.sh: builds everything (installing missing packages), then runs every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" --timeout 600
