#!/usr/bin/env bash
# vm_cgroup_versions.sh: cases_per_second.sh in the cgroup VM (judge/vm/cgroup2_vm.sh), once with
# cgroup v2 and once with the v1 hierarchies mounted instead, on the same kernel (Debian's 6.1)
# and the same emulated machine: what the judge pays per case on each backend (issue 27: v2 may
# cost no more than v1). The guest runs about ten times slower than the host (TCG), so the
# figures are for comparing the two, not the host's.
#
# Usage: bench/run/vm_cgroup_versions.sh JUDGE [CASES] [ROUNDS]   (CASES = 100, ROUNDS = 3)
# Needs root and what scripts/install-deps.sh --vm installs. Not run by ctest.
set -euo pipefail
judge=$(realpath "$1")
cases=${2:-100}
rounds=${3:-3}
here=$(realpath "$(dirname "$0")")
vm=$here/../../judge/vm/cgroup2_vm.sh
for mode in root root-v1; do
    echo "=== cgroup $([[ $mode == root ]] && echo v2 || echo v1) (cgroup2_vm.sh --mode $mode)"
    bash "$vm" --mode "$mode" --timeout 1200 -- \
        bash "$here/cases_per_second.sh" "$judge" "$cases" "$rounds"
done
