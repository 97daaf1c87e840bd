#!/usr/bin/env bash
# build.sh: installs missing Debian packages, then configures and builds everything in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh "$@"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$(nproc)"
