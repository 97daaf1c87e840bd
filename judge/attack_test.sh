#!/usr/bin/env bash
# attack_test.sh: the sandbox's attack suite (issue 12). Runs the attack submissions of
# judge/attacks/ with the judge on a throwaway copy of judge/testroot and checks that each was
# contained. Prints one line per attack variant, "CONTAINED: ..." or "NOT CONTAINED: ... why",
# then the judge's output for the ones not contained.
#
# Usage: attack_test.sh JUDGE ATTACK [--as-nobody] [--expect-breach]
#   ATTACK           read_answers write_testdata write_cache include_jury environment signals
#                    cgroup_escape network fill_scratch compile_bomb outlive escape_codes
#                    rerun_split forge_report jury_package interactor_flood clone_parent
#                    page_cache cross_submission cache_key include_endless file_output, or all
#   --as-nobody      run the judge as nobody (setpriv; needs root, else exit 77 = skipped), from
#                    a world-readable copy of the judge, the test root and checklib.hpp + the
#                    built-in tokens checker (the build and the repository may be unreadable to
#                    nobody, e.g. under /root)
#   --expect-breach  the control: run with --no-sandbox (when the judge has it) and pass only if
#                    some variant got through (an attack that no longer attacks would otherwise
#                    pass as "contained")
# ATTACK_VERBOSE=1 in the environment: show the judge's output even when everything passed.
# ATTACK_WORK_DIR=DIR (DIR must not exist yet): $work below is DIR, not a fresh mktemp folder;
# ATTACK_CACHE_KEEP=DIR: the judge's cache is copied from DIR (when there) before the attack and
# back to DIR after it. Together they let a later run, at the same paths (a cache key names the
# test root's path), find every program compiled: vm/guest_suite.sh fills the cache on the host
# and then runs the attacks in a VM, ten times slower, where the compiles would time out.
# Exit status: 0 every variant contained (or, with --expect-breach, some variant got through),
# 1 otherwise, 77 skipped.
#
# Everything runs in a fresh folder $work = ${TMPDIR:-/tmp}/judge-attack-test.XXXXXX: the test
# root copy ($work/root), JUDGE_CACHE_DIR ($work/cache), the judge's TMPDIR ($work/tmp). The
# judge runs from $work/root/solutions (it finds the root itself, and the cache through the
# environment: its command line names no path) with a cleared environment plus
# JUDGE_ATTACK_SECRET. The attacks that write (write_testdata, write_cache) only touch paths
# holding the name of $work, never the repository. Attack sources are copied into the copy's
# solutions/ with a few `#define`s in front (routes, markers, the listener's port).
set -uo pipefail
# No `... | grep -q` here: grep -q quits at its first match, and under pipefail the writer's
# SIGPIPE then fails the pipeline (bash's printf writes line by line): use <<<"$text".

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
attacks=$here/attacks
judge_given=$1 attack=$2
shift 2
as_nobody=0 expect_breach=0
for option in "$@"; do
    case $option in
        --as-nobody) as_nobody=1 ;;
        --expect-breach) expect_breach=1 ;;
        *) echo "attack_test.sh: unknown option $option" >&2; exit 2 ;;
    esac
done
all_attacks=(read_answers write_testdata write_cache include_jury environment signals
             cgroup_escape network fill_scratch compile_bomb outlive escape_codes
             rerun_split forge_report jury_package interactor_flood clone_parent
             page_cache cross_submission cache_key include_endless file_output)
if [[ $attack != all && " ${all_attacks[*]} " != *" $attack "* ]]; then
    echo "attack_test.sh: unknown attack '$attack' (one of: ${all_attacks[*]} all)" >&2
    exit 2
fi
if [[ $attack == all ]]; then  # each attack on its own fresh copy, cache and folders
    summary=() worst=0
    for name in "${all_attacks[@]}"; do
        bash "${BASH_SOURCE[0]}" "$judge_given" "$name" "$@"
        code=$?
        summary+=("$name: exit status $code")
        if ((code != 0 && code != 77)); then worst=1; fi
    done
    echo "=== all attacks"
    printf '%s\n' "${summary[@]}"
    exit $worst
fi
if ((as_nobody)); then
    if [[ $EUID != 0 ]]; then echo "SKIP: --as-nobody needs root to switch to nobody"; exit 77; fi
    command -v setpriv >/dev/null || { echo "SKIP: setpriv is not installed"; exit 77; }
fi
[[ -x $judge_given ]] || { echo "attack_test.sh: $judge_given is not an executable" >&2; exit 2; }

if [[ -n ${ATTACK_WORK_DIR:-} ]]; then
    mkdir "$ATTACK_WORK_DIR" || exit 2
    work=$ATTACK_WORK_DIR
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/judge-attack-test.XXXXXX") || exit 2
fi
marker=$(basename "$work")  # in every path the write attacks may touch
pids_to_kill=()
cleanup() {
    for pid in "${pids_to_kill[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    if [[ -n ${ATTACK_CACHE_KEEP:-} && -d $work/cache ]]; then
        rm -rf "$ATTACK_CACHE_KEEP" && cp -a "$work/cache" "$ATTACK_CACHE_KEEP"
    fi
    rm -rf "$work"
}
trap cleanup EXIT
root=$work/root
mkdir -p "$work/cache" "$work/tmp" "$work/bin"
if [[ -n ${ATTACK_CACHE_KEEP:-} && -d $ATTACK_CACHE_KEEP ]]; then
    cp -a "$ATTACK_CACHE_KEEP/." "$work/cache/" || exit 2
fi
cp -r "$here/testroot" "$root"
rm -rf "$root/.cache"
judge_bin=$judge_given
secret=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
runner=()
if ((as_nobody)); then
    cp "$judge_given" "$work/bin/judge"
    judge_bin=$work/bin/judge
    cp "$here/../checkers/checklib.hpp" "$here/../checkers/tokens.cpp" "$root/checkers/"
    as_nobody_cmd=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all)
    runner=("${as_nobody_cmd[@]}")
    # The judge passes `-I <repository>/checkers` (JUDGE_CHECKLIB_DIR, fixed at build time) to
    # every checker compile, and g++ fails on an -I folder it may not enter ("Permission
    # denied"), as when the repository is under /root (mode 700). Then the judge runs in a
    # mount namespace of its own where the first folder of that path nobody may not enter is a
    # tmpfs showing just a copy of checkers/ (the judge runs from $work: it needs nothing else
    # of the repository). The path is taken as the judge spells it (a string in its binary).
    # A judge that names its checkers' folder (`judge --version`: "checkers: DIR (how found)")
    # is asked; its build path is no longer one string in the binary (g++ copies it in pieces).
    checklib_dir=$("$judge_given" --version 2>/dev/null | sed -n 's/^checkers: \(.*\) ([^()]*)$/\1/p')
    [[ -n $checklib_dir ]] ||
        checklib_dir=$(grep -aoE -m1 '/[[:print:]]*/\.\./checkers' "$judge_given" | head -1)
    [[ -n $checklib_dir ]] || checklib_dir=$(cd "$here/.." && pwd -P)/judge/../checkers
    if ! "${as_nobody_cmd[@]}" test -r "$checklib_dir/checklib.hpp" 2>/dev/null; then
        blocked=
        path=
        IFS=/ read -ra parts <<<"${checklib_dir#/}"
        for part in "${parts[@]}"; do
            path+=/$part
            if ! "${as_nobody_cmd[@]}" test -x "$path" 2>/dev/null; then blocked=$path; break; fi
        done
        if [[ -z $blocked || $work/ == "$blocked"/* ]] || ! command -v unshare >/dev/null; then
            echo "SKIP: nobody cannot read $checklib_dir and no mount namespace can show it a copy"
            exit 77
        fi
        mkdir -p "$work/checklib"
        cp "$here/../checkers/checklib.hpp" "$here/../checkers/tokens.cpp" "$work/checklib/"
        runner=(unshare --mount --propagation private sh -c
                'mount -t tmpfs -o mode=755 tmpfs "$1" && mkdir -p "$2" && mount --bind "$3" "$2" &&
                 shift 3 && exec "$@"' sh "$blocked" "$checklib_dir" "$work/checklib"
                "${as_nobody_cmd[@]}")
        echo "note: nobody cannot enter $blocked: the judge sees a copy of checkers/ there"
    fi
fi
# World-readable, so that only the sandbox (not file permissions) keeps a uid-65534 submission
# out; as nobody, owned by nobody, so that only the sandbox keeps it from writing there either.
give_away() { ((as_nobody)) && chown -R 65534:65534 "$work"; chmod 755 "$work"; }
give_away
extra_args=()
if ((expect_breach)) && [[ $("$judge_bin" run --help 2>/dev/null) == *--no-sandbox* ]]; then
    extra_args=(--no-sandbox)
fi

# make_source NAME ATTACK_FILE [DEFINE...]: $root/solutions/NAME.cpp = the #defines + the file.
make_source() {
    local name=$1 file=$2 define
    shift 2
    {
        for define in "$@"; do printf '#define %s\n' "$define"; done
        printf '#line 1\n'  # no file name: __FILE__ stays the copy's (compile_bomb_include)
        cat "$file"
    } >"$root/solutions/$name.cpp"
    ((as_nobody)) && chown 65534:65534 "$root/solutions/$name.cpp"
    echo "$root/solutions/$name.cpp"
}

# The judge's whole environment.
# JUDGE_CHECKLIB_DIR: for a judge that lets the environment override its built-in checkers/.
judge_environment=(PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 HOME="$work" TMPDIR="$work/tmp"
                   JUDGE_CACHE_DIR="$work/cache" NO_COLOR=1 JUDGE_ATTACK_SECRET="$secret")
((as_nobody)) && judge_environment+=(JUDGE_CHECKLIB_DIR="$root/checkers")

# run_judge SECONDS ARGS...: runs the judge (timeout SECONDS, then SIGKILL 5 s later); sets
# $output, $status and $elapsed (seconds), and appends the output to $work/log.txt. With
# $memory_watch_kib set, a watchdog kills the judge's whole process tree once it holds more
# resident memory than that (touches $work/watchdog-fired).
run_judge() {
    local limit=$1 start judge_pid watcher=
    shift
    start=$(date +%s%N)
    (cd "$root/solutions" &&
     exec env -i "${judge_environment[@]}" timeout -k 5 "$limit" "${runner[@]}" "$judge_bin" \
         "$@" "${extra_args[@]}") >"$work/out.txt" 2>&1 &
    judge_pid=$!
    if [[ -n ${memory_watch_kib:-} ]]; then
        watch_memory "$judge_pid" "$memory_watch_kib" &
        watcher=$!
    fi
    { wait "$judge_pid"; } 2>/dev/null  # no "Killed" line from the shell
    status=$?
    if [[ -n $watcher ]]; then
        kill "$watcher" 2>/dev/null
        wait "$watcher" 2>/dev/null
    fi
    elapsed=$((($(date +%s%N) - start) / 1000000000))
    output=$(cat "$work/out.txt")
    {
        echo "--- judge $* (exit status $status, ${elapsed}s)"
        printf '%s\n' "$output"
    } >>"$work/log.txt"
}

# The pids of PID and all its descendants (a process in a pid namespace keeps its host parent).
process_tree() {
    ps -e -o pid=,ppid= | awk -v root="$1" '
        { parent[$1] = $2 }
        END { for (pid in parent) { p = pid; while (p != "" && p != root && p > 1) p = parent[p];
                                    if (p == root) print pid } }'
}

# watch_memory PID KIB: every 0.2 s, kills PID's tree when its total RSS exceeds KIB.
watch_memory() {
    local pids rss
    while kill -0 "$1" 2>/dev/null; do
        pids=$(process_tree "$1" | tr '\n' ',')
        rss=$(ps -o rss= -p "${pids%,}" 2>/dev/null | awk '{ total += $1 } END { print total + 0 }')
        if ((rss > $2)); then
            touch "$work/watchdog-fired"
            for pid in ${pids//,/ }; do kill -KILL "$pid" 2>/dev/null; done
            return
        fi
        sleep 0.2
    done
}

verdict() { printf '%s\n' "$output" | sed -n 's/^verdict: \([A-Z]*\).*/\1/p' | head -1; }
# Verdict of one case in the table, e.g. case_verdict sample/1.
case_verdict() { printf '%s\n' "$output" | awk -v name="$1" '$1 == name { print $2; exit }'; }
count_ac() { printf '%s\n' "$output" | grep -cE '^(sample|secret)/[^ ]+ +AC' || true; }
broken() { printf '%s\n' "$output" | grep -m1 -o "BROKEN[^' ]*"; }  # the attack's evidence
isolation() {
    local lines
    lines=$(grep '^isolation:' "$work/log.txt" | sort -u | head -3)
    printf '%s\n' "${lines:-isolation: (not reported by the judge)}"
}

results=() failures=0 breaches=0
# report VARIANT CONTAINED(0/1) WHY...
report() {
    if (($2)); then
        results+=("CONTAINED: $1")
    else
        results+=("NOT CONTAINED: $1: ${*:3}")
        breaches=$((breaches + 1))
    fi
}
setup_failed() { results+=("SETUP FAILED: $1: $2"); failures=$((failures + 1)); }

testdata_hashes() {
    (cd "$root" && find testdata -print | LC_ALL=C sort && find testdata -type f -print0 |
        LC_ALL=C sort -z | xargs -0 sha256sum)
}
restore_testdata() {
    rm -rf "$root/testdata"
    cp -r "$here/testroot/testdata" "$root/testdata"
    give_away
}

attack_read_answers() {
    local route source
    for route in fd0 relative proc search; do
        source=$(make_source "read_$route" "$attacks/jury_files.cpp" "ATTACK_ROUTE \"$route\"" \
                             "ATTACK_TARGET \"$marker\"")
        run_judge 60 run aplusb --solution "$source"
        if [[ $(verdict) == WA && $(count_ac) == 0 ]]; then
            report "read_answers/$route" 1
        else
            report "read_answers/$route" 0 \
                   "verdict $(verdict), $(count_ac) case(s) AC with the jury's answers"
        fi
    done
}

attack_write_testdata() {
    local route source before after differ
    before=$(testdata_hashes)
    for route in fd0 relative proc search; do
        source=$(make_source "write_$route" "$attacks/jury_files.cpp" "ATTACK_WRITE" \
                             "ATTACK_ROUTE \"$route\"" "ATTACK_TARGET \"$marker\"")
        run_judge 60 run aplusb --solution "$source"
        after=$(testdata_hashes)
        if [[ $after != "$before" ]]; then
            differ=$(diff <(echo "$before") <(echo "$after") | grep -c '^[<>]')
            report "write_testdata/$route" 0 \
                   "testdata changed: $differ line(s) of the listing differ"
            restore_testdata
        elif [[ $(verdict) != AC ]]; then
            setup_failed "write_testdata/$route" \
                         "verdict $(verdict), expected AC (the attack must run)"
        else
            report "write_testdata/$route" 1
        fi
    done
}

# The cache's programs (executable files) with their hashes.
cache_hashes() {
    (cd "$work/cache" && find . -type f -perm -u+x -print0 | LC_ALL=C sort -z |
        xargs -0 -r sha256sum)
}

attack_write_cache() {
    local wrong=$root/solutions/aplusb_wrong.cpp source before after changed
    # Fills the cache (checker, validator, the wrong solution: the same binaries whatever the
    # cases) and checks the wrong solution fails: secret/3 is a case it gets wrong.
    run_judge 60 run aplusb --solution "$wrong" --tests secret/3
    if [[ $(verdict) != WA ]]; then
        setup_failed write_cache "the wrong solution got $(verdict) before the attack, expected WA"
        return
    fi
    before=$(cache_hashes)
    source=$(make_source write_cache "$attacks/write_cache.cpp" "ATTACK_TARGET \"$marker\"")
    run_judge 60 run aplusb --solution "$source"
    local attack_verdict
    attack_verdict=$(verdict)
    after=$(cache_hashes)
    # Files of the cache from before the attack that now differ (new files are the attack's own
    # binary; a deleted file is only recompiled).
    changed=$(LC_ALL=C join -j 2 <(echo "$before" | LC_ALL=C sort -k2) \
                                 <(echo "$after" | LC_ALL=C sort -k2) |
              awk '$2 != $3 { print $1 }')
    run_judge 60 run aplusb --solution "$wrong"
    if [[ -n $changed ]]; then
        report write_cache 0 "cached binaries rewritten: $(echo $changed);" \
                             "afterwards the wrong solution got $(verdict)"
    elif [[ $(verdict) != WA || $(case_verdict secret/3) != WA ]]; then
        report write_cache 0 "afterwards the wrong solution got $(verdict)" \
                             "(secret/3: $(case_verdict secret/3)), expected WA"
    elif [[ $attack_verdict != AC ]]; then
        setup_failed write_cache "the attack got $attack_verdict, expected AC (it must run)"
    else
        report write_cache 1
    fi
}

attack_include_jury() {
    local variant path source
    for variant in relative absolute cwd; do
        case $variant in
            relative) path='"../testdata/aplusb/secret/3.ans"' ;;
            absolute) path="\"$root/testdata/aplusb/secret/3.ans\"" ;;
            cwd) path='"/proc/self/cwd/../testdata/aplusb/secret/3.ans"' ;;
        esac
        source=$(make_source "include_$variant" "$attacks/include_jury.cpp" "JURY_FILE $path")
        run_judge 60 run aplusb --solution "$source"
        if [[ $(verdict) == CE ]] && grep -q '3\.ans' <<<"$output"; then
            report "include_jury/$variant" 1
        elif [[ $(verdict) == CE ]]; then
            setup_failed "include_jury/$variant" \
                         "CE, but the message does not name 3.ans: not the include that failed"
        else
            report "include_jury/$variant" 0 "it compiled: verdict $(verdict)"
        fi
    done
}

attack_environment() {
    local source
    source=$(make_source environment "$attacks/environment.cpp")
    run_judge 60 run aplusb --solution "$source" --json "$work/report.json"
    if grep -q "$secret" <(printf '%s' "$output") "$work/report.json" 2>/dev/null; then
        report environment 0 "the secret of the judge's environment is in its output or report"
    elif [[ $(verdict) != AC ]]; then
        report environment 0 "verdict $(verdict): $(broken)"
    else
        report environment 1
    fi
}

attack_signals() {
    local variant source
    for variant in stop kill trace killall; do
        source=$(make_source "signals_$variant" "$attacks/signals.cpp" \
                             "ATTACK_SIGNALS \"$variant\"")
        run_judge 40 run aplusb --solution "$source" --tests sample/1
        if ((status == 124 || status == 137 || elapsed >= 35)); then
            report "signals/$variant" 0 \
                   "the judge hung or was killed (exit status $status after ${elapsed}s)"
        elif [[ $(verdict) != AC ]]; then
            report "signals/$variant" 0 "verdict $(verdict) (exit status $status): $(broken)"
        else
            report "signals/$variant" 1
        fi
    done
}

attack_cgroup_escape() {
    local source
    source=$(make_source cgroup_escape "$attacks/cgroup_escape.cpp")
    # What this attack probes is memory, so its problem is a+b with 10 s of CPU time: touching
    # the 64 MiB up to the limit took over a+b's 1 s in the emulated VM of judge_vm_cgroup2 (TLE
    # at a peak of 56 MiB, contained, but not the MLE this test asks for).
    if [[ ! -d $root/testdata/aplusb_memory ]]; then
        cp -r "$root/testdata/aplusb" "$root/testdata/aplusb_memory"
        sed -i 's/^time-limit-ms: .*/time-limit-ms: 10000/' "$root/testdata/aplusb_memory/problem.txt"
        ((as_nobody)) && chown -R 65534:65534 "$root/testdata/aplusb_memory"
    fi
    run_judge 60 run aplusb_memory --solution "$source" --tests sample/1
    if [[ $(case_verdict sample/1) == MLE ]]; then
        report cgroup_escape 1
    else
        report cgroup_escape 0 \
               "300 MiB under the 64 MiB limit got $(case_verdict sample/1), expected MLE"
    fi
}

attack_network() {
    local python port source
    if ! python=$(command -v python3); then
        setup_failed network "python3 is needed for the listener"
        return
    fi
    "$python" - "$work/listener.log" "$work/port" <<'EOF' &
import os, select, socket, sys, time
log = open(sys.argv[1], "a", buffering=1)
for attempt in range(50):
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    port = tcp.getsockname()[1]
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        udp.bind(("127.0.0.1", port))
        break
    except OSError:
        tcp.close(); udp.close()
tcp.listen(16)
sockets = [tcp, udp]
try:
    tcp6 = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    tcp6.bind(("::1", port)); tcp6.listen(16); sockets.append(tcp6)
except OSError:
    pass
local = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
local.bind("\0judge-attack-%d" % port); local.listen(16); sockets.append(local)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(port))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
end = time.time() + 300
while time.time() < end:
    ready, _, _ = select.select(sockets, [], [], 1)
    for s in ready:
        if s is udp:
            data, peer = s.recvfrom(4096)
            log.write("udp datagram from %r: %r\n" % (peer, data))
        else:
            connection, peer = s.accept()
            log.write("%s connection from %r\n" % ("unix" if s is local else "tcp", peer))
            connection.close()
EOF
    pids_to_kill+=($!)
    disown $!
    for ((i = 0; i < 100; ++i)); do
        [[ -s $work/port ]] && break
        sleep 0.1
    done
    port=$(cat "$work/port" 2>/dev/null)
    [[ -n $port ]] || { setup_failed network "the listener did not start"; return; }
    source=$(make_source network "$attacks/network.cpp" "ATTACK_PORT $port")
    run_judge 60 run aplusb --solution "$source" --tests sample/1
    sleep 0.3  # let the listener log what reached it
    if [[ -s $work/listener.log ]]; then
        report network 0 "the listener on 127.0.0.1:$port saw: $(tr '\n' ';' <"$work/listener.log")"
    elif [[ $(verdict) != AC ]]; then
        report network 0 "verdict $(verdict): $(broken)"
    else
        report network 1
    fi
}

shm_used_mib() { df -Pm /dev/shm | awk 'NR == 2 { print $3 }'; }

attack_fill_scratch() {
    local variant source fill_marker before after leftovers
    for variant in bytes files; do
        fill_marker=judge-attack-fill-$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')
        source=$(make_source "fill_$variant" "$attacks/fill_scratch.cpp" \
                             "ATTACK_FILL \"$variant\"" "ATTACK_MARKER \"$fill_marker\"")
        before=$(shm_used_mib)
        run_judge 60 run aplusb --solution "$source" --tests sample/1
        after=$(shm_used_mib)
        leftovers=$(find /tmp /dev/shm "$work" -maxdepth 5 -name "$fill_marker*" -prune -print \
                        2>/dev/null | sort -u)
        if [[ -n $leftovers ]]; then
            report "fill_scratch/$variant" 0 \
                   "left behind: $(echo "$leftovers" | head -5 | tr '\n' ' ')"
            echo "$leftovers" | while read -r path; do rm -rf -- "$path"; done
        elif ((after - before > 64)); then
            report "fill_scratch/$variant" 0 \
                   "/dev/shm holds $((after - before)) MiB more after the run"
        elif [[ -z $(verdict) || $(verdict) == JE || $status -gt 1 ]]; then
            report "fill_scratch/$variant" 0 \
                   "no normal verdict (exit status $status, verdict '$(verdict)')"
        else
            report "fill_scratch/$variant" 1
        fi
    done
}

attack_compile_bomb() {
    local variant source
    # The checker and the validator first, under the default compile limits (the cache keeps
    # them): under the lowered ones below, a busy machine took over 10 s of wall time to compile
    # the checker (load 11 on 2 cores), and the judge stopped before the bomb.
    run_judge 150 run aplusb --solution "$root/solutions/aplusb.cpp" --tests sample/1
    for variant in include dev_zero; do
        source=$(make_source "bomb_$variant" "$attacks/compile_bomb_$variant.cpp")
        # The safety net for a judge without compile limits: a watchdog ends the judge's
        # process tree past 2.5 GiB of resident memory. The compile limits are lowered (5 s CPU,
        # 10 s wall, 512 MiB) so that the test is quick; the defaults (30 s, 60 s, 2 GiB) are
        # checked by compiler_test. "A bounded time": 150 s, over those limits and the compiles
        # of the checker and the validator on a busy machine.
        rm -f "$work/watchdog-fired"
        memory_watch_kib=$((2560 * 1024)) \
            run_judge 150 --compile-cpu-s 5 --compile-memory-mib 512 \
            run aplusb --solution "$source" --tests sample/1
        if [[ -e $work/watchdog-fired ]]; then
            report "compile_bomb/$variant" 0 \
                   "the judge's processes held over 2.5 GiB after ${elapsed}s: killed by the test"
            continue
        fi
        if [[ $(verdict) == CE ]] && grep -qi 'limit' <<<"$output"; then
            report "compile_bomb/$variant" 1
        elif [[ $(verdict) == CE ]]; then
            report "compile_bomb/$variant" 0 "CE after ${elapsed}s, but no limit named"
        else
            report "compile_bomb/$variant" 0 "exit status $status after ${elapsed}s," \
                   "verdict '$(verdict)' (expected CE naming a limit)"
        fi
    done
}

# Kills (by pid) what is left alive with comm $1; prints the pids. A zombie is not alive: it
# is dead and waits for its parent to reap it. (When the judge itself is killed, the program it
# started is reparented to the judge's own reaper, init here, which reaps in its own time.)
kill_survivors() {
    local survivors="" pid waited
    # A killed run's processes go once the kernel has torn its pid namespace down, which a
    # loaded machine may take beyond the test's 1.2 s to do (seen once in five runs under two
    # spinners): up to 5 s more are granted. What outlives a run sleeps 60 s: still caught.
    for ((waited = 0; waited < 50; ++waited)); do
        pgrep -x "$1" >/dev/null || break
        sleep 0.1
    done
    for pid in $(pgrep -x "$1"); do
        [[ $(ps -o stat= -p "$pid" 2>/dev/null) == Z* ]] && continue
        survivors+="$pid "
        kill -KILL "$pid" 2>/dev/null
    done
    echo "$survivors"
}

attack_outlive() {
    local variant source comm judge_pid survivors line started deadline
    for variant in judge_killed keeper_killed; do
        comm=ja$(od -An -N5 -tx1 /dev/urandom | tr -d ' \n')  # 12 characters: a whole comm
        # With ATTACK_WORK_DIR, of its (unique) name: the same source, compiled once (see above).
        [[ -n ${ATTACK_WORK_DIR:-} ]] &&
            comm=ja$(printf '%s' "$marker/$variant" | sha256sum | cut -c1-10)
        source=$(make_source "outlive_$variant" "$attacks/outlive.cpp" \
                             "ATTACK_OUTLIVE \"$variant\"" "ATTACK_MARKER \"$comm\"")
        if [[ $variant == judge_killed ]]; then
            (cd "$root/solutions" &&
             exec env -i "${judge_environment[@]}" "${runner[@]}" "$judge_bin" \
                 run aplusb --solution "$source" --tests sample/1 \
                 "${extra_args[@]}") >"$work/outlive.txt" 2>&1 &
            judge_pid=$!
            pids_to_kill+=("$judge_pid")
            # Up to 120 s for the attack to start: a judge in the emulated VM on a loaded host
            # took over 30 s to load, build from its cache and start it.
            # Whether it started is what this loop saw: asking pgrep once more raced with the
            # program's own end in the emulated VM (a pgrep there can take longer than the
            # program's 2 s), and reported a started attack as never started.
            # The 120 s are counted on the clock, not in rounds: a pgrep in the loaded emulated
            # VM can take half a second, and 1200 rounds of it outlasted the VM's own timeout.
            started=0
            deadline=$((SECONDS + 120))
            while ((SECONDS < deadline)); do
                pgrep -x "$comm" >/dev/null && { started=1; break; }
                sleep 0.1
            done
            if ((started == 0)); then
                kill -KILL "$judge_pid" 2>/dev/null
                wait "$judge_pid" 2>/dev/null
                output=$(cat "$work/outlive.txt")
                line=$(printf '%s' "$output" | tail -3 | tr '\n' ' ')
                setup_failed "outlive/$variant" "the attack never started: $line"
                continue
            fi
            sleep 0.3
            kill -KILL "$judge_pid"
            wait "$judge_pid" 2>/dev/null
            sleep 1.2
            output=$(cat "$work/outlive.txt")
            {
                echo "--- judge (killed with SIGKILL mid-run)"
                printf '%s\n' "$output"
            } >>"$work/log.txt"
        else
            run_judge 60 run aplusb --solution "$source" --tests sample/1
            sleep 1.2
        fi
        survivors=$(kill_survivors "$comm")
        if [[ -n ${survivors// /} ]]; then
            report "outlive/$variant" 0 \
                   "process(es) of the run still alive 1 s after the judge ended: $survivors"
        elif [[ $variant == keeper_killed && $(verdict) != AC ]]; then
            report "outlive/$variant" 0 \
                   "verdict '$(verdict)' (exit status $status): the keeper was reached"
        else
            report "outlive/$variant" 1
        fi
    done
}

attack_escape_codes() {
    local variant source expected esc line tests sample=$root/testdata/aplusb/sample
    esc=$(printf '\033')
    for variant in stdout stderr compile case_name; do
        case $variant in
            stdout | stderr)
                source=$(make_source "escape_$variant" "$attacks/escape_codes.cpp" \
                                     "ATTACK_ESCAPE \"$variant\"")
                expected=$([[ $variant == stdout ]] && echo WA || echo RE) ;;
            compile)  # the compiler quotes the raw codes of the source in its message
                source=$root/solutions/escape_compile.cpp
                printf '#error "\033[2J\033]0;pwned\007"\nint main() {}\n' >"$source"
                expected=CE ;;
            case_name)  # a case whose name holds the codes
                cp "$sample/1.in" "$sample/x${esc}[2J.in"
                cp "$sample/1.ans" "$sample/x${esc}[2J.ans"
                source=$root/solutions/aplusb.cpp
                expected=AC ;;
        esac
        give_away
        tests=(--tests sample/1)
        [[ $variant == case_name ]] && tests=()
        run_judge 60 run aplusb --solution "$source" "${tests[@]}"
        rm -f "$sample/x${esc}"*
        if grep -q "$esc" <<<"$output"; then
            line=$(printf '%s\n' "$output" | grep -m1 "$esc" | cat -v | cut -c1-120)
            report "escape_codes/$variant" 0 "a raw ESC byte reached the judge's output: $line"
        elif [[ $(verdict) != "$expected" && $variant != case_name ]]; then
            setup_failed "escape_codes/$variant" \
                         "verdict '$(verdict)', expected $expected (the codes must reach a message)"
        else
            report "escape_codes/$variant" 1
        fi
    done
}

# A case near the limit is run 3 times: a case with a TLE run must never be judged AC (issue
# 28). The summary must also say, first, when cgroups did not measure the runs (as nobody).
attack_rerun_split() {
    local source json verdicts mixed bad summary_first verdict_line exact memory_source
    if ! command -v python3 >/dev/null; then
        setup_failed rerun_split "python3 is needed to read the JSON report"
        return
    fi
    # A CPU limit of 300 ms (the copy's problem.txt only), not the problem's 1 s: the judge's
    # rule is relative to the limit (reruns within 20 %), and 7 cases of 3 runs near 1 s took
    # 21 s of CPU.
    source=$(make_source rerun_split "$attacks/rerun_split.cpp" "ATTACK_LIMIT_MS 300")
    json=$work/rerun_split.json
    # A case is rerun only when its first run is under the limit (a first TLE decides it: no
    # rerun), so runs disagree on a case with probability about 0.38 (an AC first, then a TLE),
    # and on none of the 7 about once in 28 judgings: up to 3 judgings, until some case splits.
    local attempt
    for attempt in 1 2 3; do
        rm -f "$json"
        sed -i 's/^time-limit-ms: .*/time-limit-ms: 300/' "$root/testdata/aplusb/problem.txt"
        # A wall limit far over the CPU limit: on a busy machine the 3 s default ends runs
        # before their CPU time comes near the limit, and every run is TLE alike.
        echo "wall-limit-ms: 60000" >>"$root/testdata/aplusb/problem.txt"
        run_judge 900 run aplusb --solution "$source" --reruns 2 --json "$json"
        restore_testdata
        if [[ ! -s $json ]]; then
            setup_failed rerun_split "no JSON report (exit status $status, verdict '$(verdict)')"
            return
        fi
        # Per case "name verdict run-verdicts...", then the report's memory_source and exact.
        verdicts=$(python3 - "$json" <<'PYTHON'
import json, sys
report = json.load(open(sys.argv[1]))
for case in report["cases"]:
    print(case["name"], case["verdict"], *[run["verdict"] for run in case["runs"]])
print("memory_source", report.get("memory_source", ""), report.get("exact", "missing"))
PYTHON
)
        mixed=$(awk '$1 != "memory_source" { split("", seen); n = 0
                     for (i = 3; i <= NF; ++i) if (!($i in seen)) { seen[$i]; ++n }
                     if (n > 1) ++mixed } END { print mixed + 0 }' <<<"$verdicts")
        bad=$(awk '$1 != "memory_source" && $2 == "AC" { for (i = 3; i <= NF; ++i)
                       if ($i == "TLE") { printf "%s AC with runs", $1
                                          for (j = 3; j <= NF; ++j) printf " %s", $j
                                          printf "; "; break } }' <<<"$verdicts")
        if [[ -n $bad ]] || ((mixed > 0)); then break; fi
    done
    if [[ -n $bad ]]; then
        report rerun_split 0 "$bad"
    elif ((mixed == 0)); then
        setup_failed rerun_split "no case had runs that disagree in $attempt judgings: the attack did not split"
    else
        report rerun_split 1
    fi
    # The note on inexact measurement: the summary's first line (the one before "problem ..."),
    # and a mark on the verdict line, exactly when some run was not measured by cgroups.
    read -r _ memory_source exact < <(grep '^memory_source ' <<<"$verdicts")
    summary_first=$(awk '/^problem aplusb, solution / { print previous; exit } { previous = $0 }' \
                        <<<"$output")
    verdict_line=$(grep -m1 '^verdict:' <<<"$output")
    if [[ $memory_source == cgroup* ]]; then
        if [[ $exact != True || $summary_first == inexact* || $verdict_line == *inexact* ]]; then
            report rerun_split/measurement_note 0 "cgroups measured every run, yet the report" \
                   "says inexact (exact: $exact, summary's first line: '$summary_first')"
        else
            report rerun_split/measurement_note 1
        fi
    elif [[ $exact != False || $summary_first != "inexact measurement: "*"Delegate=yes"* ||
            $verdict_line != *inexact* ]]; then
        report rerun_split/measurement_note 0 "measured by '$memory_source', not cgroups, and" \
               "the report does not say so (exact: $exact, summary's first line:" \
               "'$summary_first', verdict line: '$verdict_line')"
    else
        report rerun_split/measurement_note 1
    fi
    # judge verify and judge stress (the correct solution against itself, two seeds) say it
    # too, as the first line of their own (after the judge's notes).
    run_judge 900 verify aplusb
    check_measurement_note verify "$memory_source"
    run_judge 300 stress aplusb --solution "$root/solutions/aplusb.cpp" --seeds 1-2 \
        --no-shrink --no-save
    check_measurement_note stress "$memory_source"
}

# check_measurement_note COMMAND MEMORY_SOURCE: the last judge COMMAND's first line (after the
# judge's notes) says "inexact measurement" exactly when its runs were not measured by cgroups.
check_measurement_note() {
    local command=$1 memory_source=$2 first
    first=$(grep -v -m1 '^judge: note:' <<<"$output")
    if [[ $memory_source == cgroup* && $first == inexact* ]]; then
        report "rerun_split/measurement_note_$command" 0 "cgroups measured every run, yet" \
               "$command says inexact"
    elif [[ $memory_source != cgroup* && $first != "inexact measurement: "* ]]; then
        report "rerun_split/measurement_note_$command" 0 "measured by '$memory_source', not" \
               "cgroups, and $command's first line does not say so: '$first'"
    else
        report "rerun_split/measurement_note_$command" 1
    fi
}

# Judge-looking lines in what the judge shows of a submission: its stderr (RE message,
# --diagnose's sanitizer report), its compiler's message, its output (stress) (issue 28).
attack_forge_report() {
    local variant source expected forged='verdict: AC  (7 cases: 7 AC)' lines
    for variant in wa crash compile stress; do
        case $variant in
            wa | stress)  # one program for both (its cache key names its file): one compile
                source=$(make_source forge_wa "$attacks/forge_report.cpp" 'ATTACK_FORGE "wa"')
                expected=WA ;;
            crash)
                source=$(make_source forge_crash "$attacks/forge_report.cpp" \
                                     'ATTACK_FORGE "crash"')
                expected=RE ;;
            compile)  # g++ prints a #line file name with its newline raw in every message
                source=$root/solutions/forge_compile.cpp
                printf '#line 1 "forged\\n%s\\n"\nint main() { return undeclared_name; }\n' \
                       "$forged" >"$source"
                ((as_nobody)) && chown 65534:65534 "$source"
                expected=CE ;;
        esac
        if [[ $variant == stress ]]; then
            run_judge 300 stress aplusb --solution "$source" --seeds 1-3 --no-shrink --no-save
        else
            run_judge 300 run aplusb --solution "$source" --tests sample/1 --diagnose
        fi
        lines=$(grep -c '^verdict:' <<<"$output")
        if grep -q '^verdict: AC' <<<"$output"; then
            report "forge_report/$variant" 0 "a line of the judge's output starts with 'verdict: AC'"
        elif ((lines != 1)); then
            report "forge_report/$variant" 0 "$lines lines start with 'verdict:', expected one"
        elif [[ $(verdict) != "$expected" ]]; then
            setup_failed "forge_report/$variant" "verdict '$(verdict)', expected $expected"
        elif ! grep -qF "$forged" <<<"$output"; then
            setup_failed "forge_report/$variant" \
                         "the forged line is nowhere in the output: the attack reaches no report"
        else
            report "forge_report/$variant" 1
        fi
    done
}

# A downloaded package's output validator (testroot-packages/snoop, with this test's paths and
# port put in front of it) tries to write a file on the host, read /etc/shadow and a file of the
# judge's, and connect to a listener on 127.0.0.1; what gets through it writes into its message
# and rejects. Contained: none of it reached the host, and the submissions get the verdicts
# their folders promise (AC and WA).
attack_jury_package() {
    local python port package=$work/snoop wrote=$work/jury-wrote-$marker
    local secret_file=$work/judge-secret variant expected solution
    if ! python=$(command -v python3); then
        setup_failed jury_package "python3 is needed for the listener"
        return
    fi
    "$python" - "$work/jury-listener.log" "$work/jury-port" <<'EOF_LISTENER' &
import os, select, socket, sys, time
log = open(sys.argv[1], "a", buffering=1)
tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
tcp.bind(("127.0.0.1", 0))
tcp.listen(16)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(tcp.getsockname()[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
end = time.time() + 300
while time.time() < end:
    if select.select([tcp], [], [], 1)[0]:
        connection, peer = tcp.accept()
        log.write("tcp connection from %r\n" % (peer,))
        connection.close()
EOF_LISTENER
    pids_to_kill+=($!)
    disown $!
    for ((i = 0; i < 100; ++i)); do
        [[ -s $work/jury-port ]] && break
        sleep 0.1
    done
    port=$(cat "$work/jury-port" 2>/dev/null)
    [[ -n $port ]] || { setup_failed jury_package "the listener did not start"; return; }
    cp -r "$here/testroot-packages/snoop" "$package"
    {
        printf '#define ATTACK_WRITE_PATH "%s"\n' "$wrote"
        printf '#define ATTACK_SECRET_FILE "%s"\n' "$secret_file"
        printf '#define ATTACK_PORT %s\n#line 1\n' "$port"
        cat "$here/testroot-packages/snoop/output_validator/validate.cpp"
    } >"$package/output_validator/validate.cpp"
    give_away
    # The judge's own file: its user's, readable by no one else.
    printf '%s\n' "$secret" >"$secret_file"
    chmod 600 "$secret_file"
    ((as_nobody)) && chown 65534:65534 "$secret_file"
    for variant in accepted wrong_answer; do
        case $variant in
            accepted) solution=$package/submissions/accepted/sum.cpp expected=AC ;;
            wrong_answer) solution=$package/submissions/wrong_answer/difference.cpp expected=WA ;;
        esac
        run_judge 120 run "$package" --solution "$solution"
        sleep 0.3  # let the listener log what reached it
        if [[ -e $wrote ]]; then
            report "jury_package/$variant" 0 "the output validator created $wrote on the host"
            rm -f "$wrote"
        elif [[ -s $work/jury-listener.log ]]; then
            report "jury_package/$variant" 0 "the listener on 127.0.0.1:$port saw:" \
                   "$(tr '\n' ';' <"$work/jury-listener.log")"
            : >"$work/jury-listener.log"
        elif grep -q -e "$secret" -e BROKEN <<<"$output"; then
            report "jury_package/$variant" 0 "the output validator got through: $(broken)"
        elif [[ $(verdict) != "$expected" ]]; then
            report "jury_package/$variant" 0 "verdict '$(verdict)' (exit status $status)," \
                   "expected $expected"
        else
            report "jury_package/$variant" 1
        fi
    done
}

# An interactive submission (test problem guess) floods the interactor with 1 GiB of blanks
# (attacks/interactor_flood.cpp). Contained: the judge's processes (the judge, the interactor
# and the submission) never hold over 384 MiB, the judge ends, and the verdict is OLE or WA.
attack_interactor_flood() {
    local source
    source=$(make_source interactor_flood "$attacks/interactor_flood.cpp")
    # 10 s of CPU (the copy's problem.txt only): time enough to send the whole GiB, so that
    # only a bound on the interaction, not the time limit, can stop it.
    sed -i 's/^time-limit-ms: .*/time-limit-ms: 10000/' "$root/testdata/guess/problem.txt"
    rm -f "$work/watchdog-fired"
    memory_watch_kib=$((384 * 1024)) run_judge 120 run guess --solution "$source" --tests secret/1
    if [[ -e $work/watchdog-fired ]]; then
        report interactor_flood 0 \
               "the judge's processes held over 384 MiB after ${elapsed}s: killed by the test"
    elif ((status == 124 || status == 137)); then
        report interactor_flood 0 "the judge did not end (exit status $status after ${elapsed}s)"
    elif [[ $(verdict) != OLE && $(verdict) != WA ]]; then
        report interactor_flood 0 "verdict '$(verdict)' (exit status $status), expected OLE or WA"
    else
        report interactor_flood 1
    fi
}

# Children made with clone(CLONE_PARENT): in a direct run, the judge thread's own, out of reach
# of the box's init (issue 28). Contained: WA on every case (never JE), and no stall: once the
# compile is cached, one job takes less than 2 s a case (a stall was 2 s a case).
attack_clone_parent() {
    local source cases wrong
    source=$(make_source clone_parent "$attacks/clone_parent.cpp")
    # Compiles it (one case is enough: the programs compiled do not depend on the cases).
    run_judge 300 run aplusb --solution "$source" --tests sample/1
    run_judge 300 run aplusb --solution "$source" --jobs 1
    cases=$(grep -cE '^(sample|secret)/[^ ]+ +[A-Z]+' <<<"$output")
    wrong=$(grep -cE '^(sample|secret)/[^ ]+ +WA' <<<"$output")
    if ((status == 124 || status == 137)); then
        report clone_parent 0 "the judge hung or was killed (exit status $status after ${elapsed}s)"
    elif [[ $(verdict) != WA || $cases == 0 || $wrong != "$cases" ]]; then
        report clone_parent 0 "verdict '$(verdict)', $wrong of $cases case(s) WA (expected all)"
    elif ((elapsed >= 2 * cases)); then
        report clone_parent 0 "${elapsed}s for $cases cases with the compile cached: a stall"
    else
        report clone_parent 1
    fi
}

# The page cache of /usr as a channel between runs: dropping a file's pages, asking which are
# cached (issue 28). Contained: AC, every such call refused.
attack_page_cache() {
    local source
    source=$(make_source page_cache "$attacks/page_cache.cpp")
    run_judge 60 run aplusb --solution "$source" --tests sample/1
    if [[ $(verdict) == AC ]]; then
        report page_cache 1
    elif grep -q SETUP-FAILED <<<"$output"; then
        setup_failed page_cache "$(grep -m1 -o 'SETUP-FAILED[^'\'']*' <<<"$output")"
    else
        report page_cache 0 "verdict $(verdict): $(broken)"
    fi
}

# Two different submissions judged one after the other by one judge process (`judge verify`,
# both in accepted/): the first leaves a trace in the box it ran in (many processes, files
# made and removed, the scratch folders' times), the second looks for it and answers wrong when
# it finds it (issue 28). Contained: both AC.
attack_cross_submission() {
    local channel folder=$root/testdata/aplusb/submissions role leave look
    for channel in all; do  # one judge run for the three (pids inodes times: one each)
        rm -rf "$folder"
        mkdir -p "$folder/accepted"
        for role in leave look; do
            make_source "cross_$role" "$attacks/cross_submission.cpp" "ATTACK_ROLE \"$role\"" \
                        "ATTACK_CHANNEL \"$channel\"" >/dev/null
        done
        # Judged in this order (by name), after the problem's solution.
        mv "$root/solutions/cross_leave.cpp" "$folder/accepted/a_leave.cpp"
        mv "$root/solutions/cross_look.cpp" "$folder/accepted/z_look.cpp"
        give_away
        run_judge 300 verify aplusb --jobs 1 --reruns 0
        leave=$(awk '$1 ~ /a_leave\.cpp$/ { print $3; exit }' <<<"$output")
        look=$(awk '$1 ~ /z_look\.cpp$/ { print $3; exit }' <<<"$output")
        if [[ $look == WA ]]; then
            report "cross_submission/$channel" 0 \
                   "the second submission found the first one's trace (WA)"
        elif [[ $leave != AC || $look != AC ]]; then
            setup_failed "cross_submission/$channel" \
                         "got '$leave' and '$look', expected AC for both (exit status $status)"
        else
            report "cross_submission/$channel" 1
        fi
    done
}

# The binary's name a cache_key attack printed ("CACHE-KEY:<name>" in the RE message); "".
printed_key() { printf '%s\n' "$output" | grep -m1 -o 'CACHE-KEY:[A-Za-z0-9_.-]*' | cut -d: -f2; }

attack_cache_key() {
    local source answer=$root/testdata/aplusb/secret/3.ans first changed other saved
    source=$(make_source cache_key "$attacks/cache_key.cpp")
    sed -i "s|JURY_ROOT|$root|" "$source"
    run_judge 60 run aplusb --solution "$source" --tests sample/1
    first=$(printed_key)
    if [[ -z $first ]]; then
        setup_failed cache_key "no CACHE-KEY in the output (verdict $(verdict)): the attack must run"
        return
    fi
    # The jury file it names under #if 0 changes: a key that covers it changes too.
    echo 4000000001 >"$answer"
    give_away
    run_judge 60 run aplusb --solution "$source" --tests sample/1
    changed=$(printed_key)
    restore_testdata
    if [[ $changed != "$first" ]]; then
        report cache_key/ans_changed 0 "the key changed with secret/3.ans: $first -> $changed"
    else
        report cache_key/ans_changed 1
    fi
    # Another cache: a key anyone can compute (unkeyed) is the same there.
    saved=("${judge_environment[@]}")
    judge_environment=("${judge_environment[@]/#JUDGE_CACHE_DIR=*/JUDGE_CACHE_DIR=$work/cache2}")
    run_judge 60 run aplusb --solution "$source" --tests sample/1
    judge_environment=("${saved[@]}")
    other=$(printed_key)
    if [[ -z $other ]]; then
        setup_failed cache_key/secret "no CACHE-KEY from the second cache (verdict $(verdict))"
    elif [[ $other == "$first" ]]; then
        report cache_key/secret 0 "two caches gave the same key $first: it is no secret's"
    else
        report cache_key/secret 1
    fi
}

attack_include_endless() {
    local variant file source
    for variant in pagemap dev_zero; do
        file=/proc/self/pagemap
        [[ $variant == dev_zero ]] && file=/dev/zero
        source=$(make_source "endless_$variant" "$attacks/include_endless.cpp")
        sed -i "s|\"/proc/self/pagemap\"|\"$file\"|" "$source"
        rm -f "$work/watchdog-fired"
        # Well above what the judge and its compiles need (a few hundred MiB at most).
        memory_watch_kib=$((1024 * 1024)) run_judge 120 run aplusb --solution "$source" \
            --tests sample/1
        if [[ -e $work/watchdog-fired ]]; then
            report "include_endless/$variant" 0 \
                   "the judge's processes held over 1 GiB after ${elapsed}s: killed by the test"
        elif [[ $(verdict) != AC || $status != 0 ]]; then
            report "include_endless/$variant" 0 \
                   "exit status $status after ${elapsed}s, verdict '$(verdict)' (expected AC)"
        else
            report "include_endless/$variant" 1
        fi
    done
}

# A problem with file input and output (a copy of testroot-packages/polygon_fileio: sum.in,
# sum.out in the submission's working folder) whose submission leaves there, for the judge to
# read, a link to the jury's answer, a FIFO, a folder or 1 TiB of holes, or tampers with sum.in
# (attacks/file_output.cpp). Contained: link, fifo, folder WA (never AC or JE) and the judge
# ends; huge OLE; input AC on every case; the jury's files unchanged.
attack_file_output() {
    local package=$work/polygon_fileio variant source expected before
    cp -r "$here/testroot-packages/polygon_fileio" "$package"
    printf '5\n' >"$package/tests/01.a"  # tests/01 is "2 3": its answer, shipped
    give_away
    before=$(cd "$package" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
    for variant in link fifo folder huge input; do
        source=$(make_source "file_output_$variant" "$attacks/file_output.cpp" \
                 "ATTACK_VARIANT \"$variant\"" "ATTACK_ANSWER \"$package/tests/01.a\"")
        case $variant in
            huge) expected=OLE ;;
            input) expected=AC ;;
            *) expected=WA ;;
        esac
        run_judge 120 run "$package" --solution "$source"
        if ((status == 124 || status == 137)); then
            report "file_output/$variant" 0 "the judge did not end (exit status $status)"
        elif [[ $(verdict) != "$expected" ]]; then
            report "file_output/$variant" 0 "verdict '$(verdict)' (exit status $status)," \
                   "expected $expected"
        elif [[ $before != $(cd "$package" && find . -type f -print0 | LC_ALL=C sort -z |
                             xargs -0 sha256sum) ]]; then
            report "file_output/$variant" 0 "the package's files changed"
        else
            report "file_output/$variant" 1
        fi
    done
}

mode="as $(id -un)"
((as_nobody)) && mode="as nobody"
if ((expect_breach)); then
    mode+=", control run with ${extra_args[*]:-the default of a judge without --no-sandbox}"
fi
"attack_$attack"

echo "=== attack suite: $attack ($mode)"
printf '%s\n' "${results[@]}"
isolation
if ((expect_breach)); then
    # The control passes when the attacks still attack.
    if ((breaches == 0 || failures > 0)); then
        echo "FAIL (control): no variant got through without the sandbox: the attack is dead"
        sed "s/\x1b/^[/g; s/\x07/^G/g" "$work/log.txt"
        exit 1
    fi
    echo "PASS (control): without the sandbox the attack still gets through"
    exit 0
fi
if ((breaches + failures > 0)); then
    echo "FAIL: $breaches variant(s) not contained, $failures setup failure(s); judge output:"
    sed "s/\x1b/^[/g; s/\x07/^G/g" "$work/log.txt"
    exit 1
fi
echo "PASS: every variant contained"
if [[ -n ${ATTACK_VERBOSE:-} ]]; then sed "s/\x1b/^[/g; s/\x07/^G/g" "$work/log.txt"; fi
exit 0
