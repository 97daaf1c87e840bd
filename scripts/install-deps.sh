#!/usr/bin/env bash
# install-deps.sh: installs the Debian packages the project needs, and only the missing ones.
# Usage: scripts/install-deps.sh [--bench]   (--bench adds hyperfine for the benchmarks)
set -euo pipefail

# gcc: C submissions; python3 (Debian's, in /usr/bin where a sandboxed program finds it): Python
# submissions and jury programs; libyaml-cpp-dev: problem.yaml; libzip-dev: `judge export` to
# .zip; unzip: the export test reads the archive back; clang: <id>.compiles_alone_strict builds
# every solution with clang++ too; gringo (clingo): the labyrinth.asp_encoding tests run
# solutions/labyrinth.lp, and the benchmarks use it as their anchor.
packages=(g++ gcc clang make cmake pkg-config python3 libgtest-dev libgmock-dev libbenchmark-dev
          libcli11-dev nlohmann-json3-dev libyaml-cpp-dev libzip-dev unzip gringo)
if [[ "${1:-}" == "--bench" ]]; then
    packages+=(hyperfine)
fi

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install ${missing[*]}" >&2; exit 2; }
    sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
