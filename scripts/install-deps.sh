#!/usr/bin/env bash
# install-deps.sh: installs the Debian packages the project needs, and only the missing ones.
# Usage: scripts/install-deps.sh [--bench] [--vm] [--languages]
#   --bench  adds hyperfine for the benchmarks
#   --vm     adds what judge/vm/cgroup2_vm.sh boots a cgroup v2 VM with (the judge_vm_cgroup2
#            tests; CI has cgroup v1): qemu-system-x86, the kernel linux-image-amd64 and
#            busybox-static
#   --languages  adds the compilers and interpreters of every language the judge builds beyond
#            C, C++, Java and Python (docs/languages.md): fp-compiler (Pascal), rustc, golang-go,
#            nodejs, kotlin, mono-mcs and mono-runtime (C#), ghc (Haskell), ruby, perl, php-cli,
#            lua5.4, bash, gfortran, swi-prolog-nox, gnat (Ada), ocaml, r-base-core (R), scala
#            and sbcl (Common Lisp). About 2.7 GB and 10 minutes on a machine that has none of
#            them (ghc 795 MB, golang-go 464 MB, kotlin 355 MB with its JVM libraries, ocaml
#            285 MB, rustc 275 MB); the polyglot tests skip a language whose tools are missing.
set -euo pipefail

# gcc: C submissions; python3 (Debian's, in /usr/bin where a sandboxed program finds it): Python
# submissions and jury programs; libyaml-cpp-dev: problem.yaml; libzip-dev: `judge export` to
# .zip and reading Polygon's zips; libpugixml-dev: Polygon's problem.xml; unzip: the export test
# reads the archive back; clang: <id>.compiles_alone checks every solution with clang++
# too; gringo (clingo): the labyrinth.asp_encoding tests run solutions/labyrinth.lp, and the
# benchmarks use it as their anchor.
packages=(g++ gcc clang make cmake pkg-config python3 libgtest-dev libgmock-dev libbenchmark-dev
          libcli11-dev nlohmann-json3-dev libyaml-cpp-dev libzip-dev unzip gringo libpugixml-dev)
for option in "$@"; do
    case $option in
        --bench) packages+=(hyperfine) ;;
        --vm) packages+=(qemu-system-x86 linux-image-amd64 busybox-static) ;;
        --languages) packages+=(fp-compiler rustc golang-go nodejs kotlin mono-mcs mono-runtime ghc
                                ruby perl php-cli lua5.4 bash gfortran swi-prolog-nox gnat ocaml
                                r-base-core scala sbcl) ;;
        *) echo "install-deps: unknown option $option (--bench, --vm, --languages)" >&2; exit 2 ;;
    esac
done

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
# In a container (CI) nothing boots /boot: INITRD=No spares the kernel's postinst its initramfs
# (minutes of CPU; cgroup2_vm.sh boots the kernel with a small one of its own). Elsewhere the
# kernel may be booted: it gets its initramfs.
install_env=()
if [[ -e /.dockerenv ]] || systemd-detect-virt --container --quiet 2>/dev/null; then
    install_env=(INITRD=No)
fi
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" env "${install_env[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
