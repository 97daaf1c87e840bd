#!/usr/bin/env bash
# cgroup2_vm.sh: runs one command in a throwaway VM whose kernel has cgroup v2 mounted, as root or
# as nobody in a delegated subtree (issue 27: the judge's cgroup v2 backend, tested on a machine
# that has cgroup v1, or no cgroup it may write, as CI's).
#
# Usage: cgroup2_vm.sh --mode MODE[,MODE] [--share DIR] [--cache DIR] [--timeout S]
#                      [--env NAME=VALUE]... -- COMMAND [ARG...]
#   --mode root       COMMAND runs as root in the leaf cgroup /vm-root, with memory, pids and cpu
#                     enabled for it at the root (as systemd runs a root service)
#   --mode root-v1    COMMAND runs as root with the v1 hierarchies memory, pids and cpuacct
#                     mounted instead of cgroup2 (the same kernel, for comparing the two:
#                     bench/run/vm_cgroup_versions.sh)
#   --mode delegated  COMMAND runs as nobody (65534) in /delegated, a cgroup delegated to nobody
#                     as systemd's Delegate=yes does it: memory, pids and cpu enabled for it, the
#                     folder and its cgroup.procs, cgroup.subtree_control and cgroup.threads
#                     owned by nobody, nothing else; it is a leaf, so the program must make its
#                     own leaf below it before it enables controllers there (no internal process)
#   --mode root,delegated  COMMAND runs twice in one VM, in each mode in turn (one boot, some
#                     20 s, for both); CGROUP2_VM_MODE names the mode in its environment
#   --share DIR       DIR is writable in the guest, at the same path (for nobody only where its
#                     owner and mode let nobody write). The rest of the host's file system is
#                     seen read-only, at the same paths: COMMAND names host-built programs as is.
#   --cache DIR       where the initramfs is kept, one per kernel version and version of this
#                     script (default ${TMPDIR:-/tmp}/cgroup2-vm-cache)
#   --timeout SECONDS the whole VM, boot included (default 600; the boot alone may take 120)
#   --env NAME=VALUE  added to COMMAND's environment, which is otherwise PATH, HOME=/tmp,
#                     LANG=C.UTF-8, TMPDIR=/tmp and CGROUP2_VM_MODE (the mode it runs in)
# COMMAND runs in the caller's working folder (/ where the guest has none such) with stdin
# /dev/null. Its stdout and stderr are printed here once the VM is off, then one line on stderr
# with its exit status and the boot and run times.
# Exit status: COMMAND's (with two modes, the first that is not 0); 77 when no VM can be made
# here (no qemu, no kernel with its modules, no busybox; one line says what is missing); 125 when
# the VM failed (qemu's error, the boot or the command timed out, no exit status came back): one
# line says why, after what COMMAND printed and the end of the guest's console.
#
# Why each step:
# - The kernel is the host's Debian kernel (linux-image-amd64): it has cgroup v2 with every
#   controller and user, mount, pid and net namespaces, which the judge's sandbox needs. Its 9p
#   and virtio modules are not built in, so an initramfs (busybox-static + those modules,
#   decompressed here: busybox's insmod reads plain .ko only) loads them and mounts the host's
#   root over 9p (read-only: the guest cannot harm the host; remap: the host's file systems are
#   several devices) and switch_roots into it, so nothing is installed in the guest and
#   host-built binaries run as they are. The initramfs is cached: building it takes seconds.
#   switch_root, not chroot: the kernel refuses a new user namespace to a chrooted process,
#   and the judge's sandbox, run as nobody, needs one.
# - In the new root: proc, sys, devtmpfs with /dev/pts and /dev/shm (tmpfs), /run (tmpfs),
#   /tmp (the root is read-only) on a throwaway ext4 disk (a sparse 8 GiB file here) as on the
#   host: a file read in /tmp is page cache charged to the reader's cgroup (tmpfs pages stay
#   charged to their writer), which the runner's tests count on; cgroup2 on /sys/fs/cgroup with
#   systemd's options (nsdelegate, memory_recursiveprot), loopback up: what a systemd machine
#   gives a service.
# - TCG, not KVM: a KVM guest hung right after decompression on a machine of CI's kind, and
#   this one has no /dev/kvm at all. TCG runs about ten times slower than the host:
#   build and compile on the host, run in the guest. -nodefaults and no NIC: no network, no
#   devices but the console and the 9p shares.
# - COMMAND's output, its exit status and a "booted" mark come back through a second, private
#   9p share; the guest powers itself off (poweroff -f; -no-reboot makes qemu exit on a panic
#   too); a timeout here kills qemu whatever the guest does.
set -uo pipefail

readonly vm_failed=125 no_vm_here=77

usage() {
    echo "usage: cgroup2_vm.sh --mode root|root-v1|delegated|root,delegated [--share DIR]" \
         "[--cache DIR] [--timeout SECONDS] [--env NAME=VALUE]... -- COMMAND [ARG...]" >&2
    exit 2
}
cannot() { echo "cgroup2_vm.sh: cannot run a VM here: $*" >&2; exit $no_vm_here; }
bad_usage() { echo "cgroup2_vm.sh: $*" >&2; usage; }

mode= share= cache_dir=${TMPDIR:-/tmp}/cgroup2-vm-cache timeout_s=600 boot_timeout_s=120
extra_env=()
while (($#)); do
    case $1 in
        --mode) [[ $# -ge 2 ]] || usage; mode=$2; shift 2 ;;
        --share) [[ $# -ge 2 ]] || usage; share=$2; shift 2 ;;
        --cache) [[ $# -ge 2 ]] || usage; cache_dir=$2; shift 2 ;;
        --timeout) [[ $# -ge 2 ]] || usage; timeout_s=$2; shift 2 ;;
        --env) [[ $# -ge 2 ]] || usage; extra_env+=("$2"); shift 2 ;;
        --) shift; break ;;
        *) bad_usage "unknown option '$1'" ;;
    esac
done
command_args=("$@")
[[ $mode == root || $mode == root-v1 || $mode == delegated || $mode == root,delegated ]] ||
    bad_usage "--mode must be root, root-v1, delegated or root,delegated"
((${#command_args[@]})) || bad_usage "no COMMAND after --"
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || bad_usage "--timeout '$timeout_s': a number of seconds"
for entry in "${extra_env[@]}"; do
    [[ $entry =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || bad_usage "--env '$entry': expected NAME=VALUE"
done
if [[ -n $share ]]; then
    [[ -d $share ]] || bad_usage "--share $share: no such folder"
    share=$(readlink -f "$share")
    [[ $share != / ]] || bad_usage "--share /: the root is shared read-only already"
fi
((boot_timeout_s < timeout_s)) || boot_timeout_s=$timeout_s

# --- what the VM needs from the host ---------------------------------------------------------
[[ $(uname -m) == x86_64 ]] || cannot "the host is $(uname -m), this runs x86_64 guests only"
qemu=$(command -v qemu-system-x86_64) ||
    cannot "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"
busybox=$(readlink -f "$(command -v busybox || echo /bin/busybox)")
[[ -x $busybox ]] || cannot "busybox is not installed (Debian: busybox-static)"
# The initramfs has no C library: a dynamically linked busybox (Debian's busybox) cannot run there.
# (No `| grep -q` under pipefail: grep quits at its first match and the writer's SIGPIPE fails
# the pipeline.)
applets=$("$busybox" --list 2>/dev/null)
headers=$(readelf -l "$busybox" 2>/dev/null)
if [[ $'\n'$applets$'\n' != *$'\ninsmod\n'* || $headers == *"program interpreter"* ]]; then
    cannot "$busybox is not a static busybox with insmod (Debian: busybox-static)"
fi
kernel_version=
for candidate in $(ls -1 /boot/vmlinuz-* 2>/dev/null | sort -V -r); do
    version=${candidate#/boot/vmlinuz-}
    if [[ -f /lib/modules/$version/modules.dep ]]; then kernel_version=$version; break; fi
done
[[ -n $kernel_version ]] ||
    cannot "no /boot/vmlinuz-VERSION with its /lib/modules/VERSION (Debian: linux-image-amd64)"
kernel=/boot/vmlinuz-$kernel_version
[[ -r $kernel ]] || cannot "$kernel is not readable (run as root)"
modules_dir=/lib/modules/$kernel_version

# --- the initramfs ---------------------------------------------------------------------------
# The modules for virtio-pci and 9p, each after the modules it needs (modules.dep); built-in ones
# are left out.
wanted_modules=(virtio_pci 9pnet_virtio 9p virtio_blk crc32c_generic ext4)
declare -A module_path=() module_deps=() builtin=() loaded=()
while IFS= read -r line; do
    file=${line%%:*} deps=${line#*:}
    name=${file##*/}; name=${name%%.ko*}; name=${name//-/_}
    module_path[$name]=$file
    module_deps[$name]=$deps
done <"$modules_dir/modules.dep"
while IFS= read -r file; do
    name=${file##*/}; name=${name%%.ko*}; builtin[${name//-/_}]=1
done <"$modules_dir/modules.builtin"
load_order=()
add_module() {  # NAME: its dependencies first, then itself
    local name=$1 dep_name deps=() i
    [[ -n ${loaded[$name]:-} || -n ${builtin[$name]:-} ]] && return 0
    [[ -n ${module_path[$name]:-} ]] ||
        cannot "kernel $kernel_version has no module $name (neither built in nor in modules.dep)"
    loaded[$name]=1
    read -ra deps <<<"${module_deps[$name]}"
    for ((i = ${#deps[@]} - 1; i >= 0; i--)); do
        dep_name=${deps[i]##*/}; dep_name=${dep_name%%.ko*}
        add_module "${dep_name//-/_}"
    done
    load_order+=("$name")
}
for name in "${wanted_modules[@]}"; do add_module "$name"; done

# PID 1 of the guest, first in the initramfs: loads the modules, mounts the host's root and the
# shares, makes the mounts a machine has, then switch_root (a chroot would refuse every user
# namespace: the kernel refuses CLONE_NEWUSER to a chrooted process, and the judge's sandbox as
# nobody needs one) into the host's root, where guest_run goes on as PID 1.
read -r -d '' guest_init <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
say() { echo "cgroup2-vm guest: $*" >/dev/console; }
fail() {  # the host finds this line on the console
    say "FAILED: $*"
    poweroff -f; sleep 10
}
mkdir -p /proc /sys /dev /host /vm
mount -t proc proc /proc && mount -t sysfs sysfs /sys && mount -t devtmpfs devtmpfs /dev ||
    fail "mounting proc, sys, dev"
for module in $(cat /modules/order); do
    insmod "/modules/$module.ko" || fail "insmod $module"
done
p9="trans=virtio,version=9p2000.L,msize=262144"
mount -t 9p -o "$p9" vm /vm || fail "mounting the 9p share vm"
. /vm/settings
mount -t 9p -o "$p9,ro,cache=loose" host /host || fail "mounting the host's root"
c=/host
mount -t proc proc $c/proc && mount -t sysfs sysfs $c/sys && mount -t devtmpfs devtmpfs $c/dev &&
    mkdir -p $c/dev/pts $c/dev/shm &&
    mount -t devpts -o newinstance,ptmxmode=0666 devpts $c/dev/pts &&
    mount -t tmpfs -o mode=1777 tmpfs $c/dev/shm && mount -t ext4 /dev/vda $c/tmp &&
    chmod 1777 $c/tmp &&
    mount -t tmpfs -o mode=755 tmpfs $c/run ||
    fail "mounting proc, sys, dev, /tmp, /run"
# After /tmp's mount: a share under /tmp is not hidden by it.
if [ -n "$SHARE" ]; then
    mkdir -p "$c$SHARE" && mount -t 9p -o "$p9" share "$c$SHARE" ||
        fail "mounting the share on $SHARE"
fi
if [ "$MODE" = root-v1 ]; then
    mount -t tmpfs -o mode=755 cgroup $c/sys/fs/cgroup || fail "mounting /sys/fs/cgroup"
    for controller in memory pids cpuacct; do
        mkdir -p $c/sys/fs/cgroup/$controller &&
            mount -t cgroup -o $controller cgroup $c/sys/fs/cgroup/$controller ||
            fail "mounting the v1 $controller hierarchy"
    done
else
    mount -t cgroup2 -o nsdelegate,memory_recursiveprot cgroup2 $c/sys/fs/cgroup ||
        fail "mounting cgroup2"
fi
mkdir -p $c/run/cgroup2-vm/io && cp /bin/busybox /run.sh $c/run/cgroup2-vm/ &&
    mount --move /vm $c/run/cgroup2-vm/io || fail "preparing /run/cgroup2-vm"
umount /proc /sys /dev
exec switch_root $c /run/cgroup2-vm/busybox sh /run/cgroup2-vm/run.sh
INIT
# ... then in the host's root: cgroups for the mode, the command in its cgroup, its output and
# exit status into io/ (the host's run folder), power off.
read -r -d '' guest_run <<'RUN'
here=/run/cgroup2-vm
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
bb=$here/busybox
say() { echo "cgroup2-vm guest: $*" >/dev/console; }
fail() { say "FAILED: $*"; $bb poweroff -f; sleep 10; }
. $here/io/settings
$bb ip link set lo up || fail "loopback"
cg=/sys/fs/cgroup
[ "$MODE" = root-v1 ] ||
    echo "+memory +pids +cpu" >$cg/cgroup.subtree_control || fail "enabling memory, pids, cpu"
echo booted >$here/io/booted
# Each mode in turn (MODE: one, or root,delegated), in its cgroup as its user; the exit status of
# each into io/status-MODE.
for mode in $(echo "$MODE" | $bb tr , ' '); do
    if [ "$mode" = root-v1 ]; then
        leaf=$cg/memory  # the root of each v1 hierarchy: a root judge makes its cgroups below
        as_user=
    elif [ "$mode" = delegated ]; then
        leaf=$cg/delegated
        mkdir $leaf && chown 65534:65534 $leaf $leaf/cgroup.procs $leaf/cgroup.subtree_control \
            $leaf/cgroup.threads || fail "delegating $leaf"
        as_user="/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all"
    else
        leaf=$cg/vm-root
        mkdir $leaf || fail "making $leaf"
        as_user=
    fi
    say "running the command ($mode)"
    $bb sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$leaf" \
        $as_user /bin/bash $here/io/command.sh "$mode" </dev/null >>$here/io/stdout \
        2>>$here/io/stderr
    echo $? >$here/io/status-$mode
done
sync
say "done, powering off"
$bb poweroff -f
sleep 10
RUN

busybox_id=$(stat -c "%s-%Y" "$busybox" "$kernel")
key=$(printf '%s\n' "$guest_init" "$guest_run" "${load_order[@]}" "$busybox_id" | sha256sum |
      cut -c1-12)
initramfs=$cache_dir/initramfs-$kernel_version-$key.cpio
if [[ ! -s $initramfs ]]; then
    mkdir -p "$cache_dir" || cannot "cannot make the cache folder $cache_dir"
    tree=$(mktemp -d "$cache_dir/tree.XXXXXX") || cannot "cannot write in $cache_dir"
    mkdir -p "$tree/bin" "$tree/modules"
    cp "$busybox" "$tree/bin/busybox"
    printf '%s\n' "$guest_init" >"$tree/init"
    printf '%s\n' "$guest_run" >"$tree/run.sh"
    chmod 755 "$tree/init"
    for name in "${load_order[@]}"; do
        source_file=$modules_dir/${module_path[$name]}
        case $source_file in
            *.ko) cp "$source_file" "$tree/modules/$name.ko" ;;
            *.ko.xz) xz -dc "$source_file" >"$tree/modules/$name.ko" ;;
            *.ko.zst) zstd -dcq "$source_file" >"$tree/modules/$name.ko" ;;
            *.ko.gz) gzip -dc "$source_file" >"$tree/modules/$name.ko" ;;
            *) false ;;
        esac || { rm -rf "$tree"; cannot "cannot decompress $source_file"; }
    done
    printf '%s\n' "${load_order[@]}" >"$tree/modules/order"
    # Written whole, then renamed: a concurrent run finds either none or a complete one.
    (cd "$tree" && find . | LC_ALL=C sort | "$busybox" cpio -o -H newc >"$tree.cpio" 2>/dev/null) ||
        { rm -rf "$tree" "$tree.cpio"; cannot "cannot write the initramfs (cpio)"; }
    mv -f "$tree.cpio" "$initramfs"
    rm -rf "$tree"
    # Those of other kernels or versions of this script are not used again.
    find "$cache_dir" -maxdepth 1 -name 'initramfs-*.cpio' ! -name "${initramfs##*/}" -delete
fi

# --- the run ---------------------------------------------------------------------------------
run_dir=$(mktemp -d "${TMPDIR:-/tmp}/cgroup2-vm.XXXXXX") || cannot "cannot make a temporary folder"
qemu_pid=
cleanup() {
    [[ -n $qemu_pid ]] && kill -KILL "$qemu_pid" 2>/dev/null
    rm -rf "$run_dir"
}
trap cleanup EXIT
io=$run_dir/io
mkdir "$io"
# The guest's /tmp: a sparse ext4 image, thrown away with the VM.
truncate -s 8G "$run_dir/tmp.img" &&
    mkfs.ext4 -q -F -m 0 -E lazy_itable_init=1,lazy_journal_init=1 \
        "$run_dir/tmp.img" || cannot "cannot make the guest's /tmp (truncate, mkfs.ext4)"
printf 'MODE=%q\nSHARE=%q\n' "$mode" "$share" >"$io/settings"
workdir=$(pwd -P)
{
    echo 'cd' "$(printf '%q' "$workdir")" '2>/dev/null || cd /'
    printf 'exec env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/tmp'
    printf ' LANG=C.UTF-8 TMPDIR=/tmp CGROUP2_VM_MODE="$1"'
    printf ' %q' "${extra_env[@]}" "${command_args[@]}"
    echo
} >"$io/command.sh"

qemu_args=(-accel tcg,thread=multi -cpu max -smp 2 -m 2048 -nodefaults -display none
           -no-reboot -serial "file:$run_dir/console.log"
           -drive "file=$run_dir/tmp.img,if=virtio,format=raw,cache=unsafe"
           -kernel "$kernel" -initrd "$initramfs"
           -append "console=ttyS0 rdinit=/init panic=-1 quiet loglevel=4 mitigations=off"
           -virtfs "local,path=/,mount_tag=host,security_model=none,readonly=on,multidevs=remap"
           -virtfs "local,path=$io,mount_tag=vm,security_model=none,multidevs=remap")
[[ -n $share ]] &&
    qemu_args+=(-virtfs "local,path=$share,mount_tag=share,security_model=none,multidevs=remap")

start=$(date +%s%N)
"$qemu" "${qemu_args[@]}" >"$run_dir/qemu.log" 2>&1 &
qemu_pid=$!
failure= boot_ms=
elapsed_ms() { echo $((($(date +%s%N) - start) / 1000000)); }
while kill -0 "$qemu_pid" 2>/dev/null; do
    if [[ -z $boot_ms && -e $io/booted ]]; then boot_ms=$(elapsed_ms); fi
    now_ms=$(elapsed_ms)
    if [[ -z $boot_ms ]] && ((now_ms > boot_timeout_s * 1000)); then
        failure="the guest did not boot within ${boot_timeout_s} s"
    elif ((now_ms > timeout_s * 1000)); then
        failure="timed out after ${timeout_s} s (booted in $((boot_ms / 1000)) s)"
    fi
    if [[ -n $failure ]]; then
        kill -KILL "$qemu_pid" 2>/dev/null
        break
    fi
    sleep 0.2
done
wait "$qemu_pid" 2>/dev/null
qemu_status=$?
qemu_pid=
total_ms=$(elapsed_ms)
[[ -z $boot_ms && -e $io/booted ]] && boot_ms=$total_ms

[[ -f $io/stdout ]] && cat "$io/stdout"
[[ -f $io/stderr ]] && cat "$io/stderr" >&2
# The first status that is not 0, or 0; "" when a mode's is missing.
status=0 statuses=
for one_mode in ${mode//,/ }; do
    one_status=$(cat "$io/status-$one_mode" 2>/dev/null)
    statuses+="${statuses:+, }$one_mode ${one_status:-none}"
    if ! [[ $one_status =~ ^[0-9]+$ ]]; then
        status=
    elif [[ $status == 0 ]]; then
        status=$one_status
    fi
done
if [[ -z $failure ]]; then
    guest_failure=$(grep -a -m1 -o 'cgroup2-vm guest: FAILED: .*' "$run_dir/console.log")
    if [[ -n $guest_failure ]]; then
        failure="the guest's set-up failed: ${guest_failure#cgroup2-vm guest: FAILED: }"
    elif ! [[ $status =~ ^[0-9]+$ ]]; then
        failure="no exit status came back (qemu's exit status $qemu_status:"
        failure+=" $(tail -1 "$run_dir/qemu.log"))"
    fi
fi
if [[ -n $failure ]]; then
    echo "--- the guest's console, last lines:" >&2
    tail -15 "$run_dir/console.log" >&2 2>/dev/null
    echo "cgroup2_vm.sh: the VM failed: $failure" >&2
    exit $vm_failed
fi
echo "cgroup2_vm.sh: exit status $status ($statuses; kernel $kernel_version; booted in" \
     "$((boot_ms / 1000)).$((boot_ms % 1000 / 100)) s, then $(((total_ms - boot_ms) / 1000)) s)" >&2
exit "$status"
