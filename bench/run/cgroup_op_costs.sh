#!/usr/bin/env bash
# cgroup_op_costs.sh: what the cgroup operations of a run cost here, timed from a shell loop (so
# each figure includes starting a process, given alone as "spawn"): a cgroup's mkdir and rmdir,
# and a new process joining a cgroup ("echo 0" into its cgroup.procs, or tasks on v1). Run as
# root on the machine to measure, or in the VM:
#   judge/vm/cgroup2_vm.sh --mode root|root-v1 -- bash bench/run/cgroup_op_costs.sh [--favordynmods]
# --favordynmods remounts cgroup2 with that option first (v2 only). Not run by ctest.
set -euo pipefail
n=${N:-100}
if [[ -d /sys/fs/cgroup/memory ]]; then
    base=/sys/fs/cgroup/memory procs=tasks version=v1
else
    base=/sys/fs/cgroup procs=cgroup.procs version=v2
fi
if [[ ${1:-} == --favordynmods ]]; then
    mount -o remount,favordynmods /sys/fs/cgroup
    version+=" favordynmods"
fi
now() { date +%s%N; }
per_op_us() { echo $((($2 - $1) / n / 1000)); }
join=$base/cost-join-$$
mkdir "$join"
t0=$(now); for i in $(seq "$n"); do mkdir "$base/cost-$$-$i"; done
t1=$(now); for i in $(seq "$n"); do rmdir "$base/cost-$$-$i"; done
t2=$(now); for i in $(seq "$n"); do /bin/sh -c true; done
t3=$(now); for i in $(seq "$n"); do /bin/sh -c "echo 0 > $join/$procs"; done
t4=$(now)
echo $$ > "$base/$procs"  # out of $join, so that it can go
rmdir "$join"
echo "cgroup $version, per operation (us, $n each): mkdir $(per_op_us "$t0" "$t1")," \
     "rmdir $(per_op_us "$t1" "$t2"), spawn $(per_op_us "$t2" "$t3")," \
     "spawn + join $(per_op_us "$t3" "$t4")"
