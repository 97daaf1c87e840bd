#!/usr/bin/env bash
# cli_test.sh: one end-to-end test of the judge's command line.
#
# Usage: cli_test.sh JUDGE EXPECTED_STATUS PATTERN [--one-line] [--expect-file NAME PATTERN]...
#                    [--expect-no-file NAME]... [--cache-compiler] [--as-nobody ROOT
#                    [--no-pid-namespaces]] [--timeout SECONDS] [--within SECONDS]
#                    [--slow-compiler SECONDS] -- ARGS...
# Runs `JUDGE ARGS...` in a fresh temporary folder (ARGS may use @TMP@ for it), then checks the
# exit status, that the combined stdout + stderr matches the extended regex PATTERN (matched
# against the whole output at once: `.` also matches a newline, ^ and $ are its start and end),
# that the output is a single line (--one-line), and the files named (relative to the temporary
# folder). Prints the output in any case, for ctest --output-on-failure. --cache-compiler reads
# g++'s own programs (cc1plus, as, ld) into the page cache first: a compile under a tight memory
# limit that has to read them itself is charged for their pages and thrashes on them until the
# wall limit, where with them cached it is killed at the memory limit at once (a machine that
# reclaims cold pages, as this one's DAMON does, leaves them uncached after a while).
# --as-nobody ROOT runs the judge as uid 65534 (setpriv; needs root, else exit 77 = skipped),
# from world-readable copies in the temporary folder, which nobody owns: of the judge, of the
# test root ROOT (every ARG naming ROOT names the copy), and of checkers/ (JUDGE_CHECKLIB_DIR);
# the repository and the build may be unreadable to nobody (a clone under /root).
# --no-pid-namespaces (with --as-nobody): in a user namespace where no pid namespace can be made,
# so that the judge can make no sandbox (running/without_pid_namespaces.py).
# --first "ARGS" runs `JUDGE ARGS` (split on spaces, @TMP@ substituted) once before, and
# --unchanged PATH (relative to the temporary folder) checks that the main run changed no file
# under PATH the first run left (names, sizes and modification times): what is cached is reused.
# --timeout SECONDS: how long each run may take before it is killed (default 100; the test's
# ctest TIMEOUT must be above it). --within SECONDS: the main run must end within that many
# seconds of wall time (for a test whose feature is the time a run takes; a wide margin).
# --slow-compiler SECONDS puts a g++ first on the judge's PATH that waits that long before each
# compile (not before a query of its version): compiles that take wall time, not CPU, for a test
# of how many run at once that a busy machine does not sway. The judge finds it where it runs
# g++ itself (--no-sandbox; a box shows the system's g++).
set -uo pipefail
judge=$1 expected_status=$2 pattern=$3
shift 3
expect_files=() expect_patterns=() absent_files=() one_line=0 nobody_root= no_pid_namespaces=0
first_args= unchanged= timeout_s=100 within_s= compile_delay_s=
while (($# > 0)) && [[ $1 != -- ]]; do
    case $1 in
        --expect-file) expect_files+=("$2"); expect_patterns+=("$3"); shift 3 ;;
        --expect-no-file) absent_files+=("$2"); shift 2 ;;
        --one-line) one_line=1; shift ;;
        --as-nobody) nobody_root=$2; shift 2 ;;
        --no-pid-namespaces) no_pid_namespaces=1; shift ;;
        --first) first_args=$2; shift 2 ;;
        --unchanged) unchanged=$2; shift 2 ;;
        --timeout) timeout_s=$2; shift 2 ;;
        --within) within_s=$2; shift 2 ;;
        --slow-compiler) compile_delay_s=$2; shift 2 ;;
        --cache-compiler)
            for program in "$(g++ -print-prog-name=cc1plus)" "$(g++ -print-prog-name=as)" \
                "$(g++ -print-prog-name=ld)"; do
                program=$(command -v "$program") && cat "$program" >/dev/null
            done
            shift ;;
        *) echo "cli_test.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[[ ${1:-} == -- ]] || { echo "cli_test.sh: missing --" >&2; exit 2; }
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
args=()
for arg in "$@"; do args+=("${arg//@TMP@/$work}"); done
if [[ -n $compile_delay_s ]]; then
    real_compiler=$(command -v g++) || { echo "cli_test.sh: no g++ on PATH" >&2; exit 2; }
    mkdir "$work/slow-bin"
    cat >"$work/slow-bin/g++" <<EOF
#!/bin/sh
case " \$* " in
    *" --version "* | *" -dumpversion "* | *" -print-"*) ;;
    *) sleep $compile_delay_s ;;
esac
exec $real_compiler "\$@"
EOF
    chmod 755 "$work/slow-bin" "$work/slow-bin/g++"
    export PATH="$work/slow-bin:$PATH"
fi
runner=()
if [[ -n $nobody_root ]]; then
    if [[ $(id -u) != 0 ]] || ! command -v setpriv >/dev/null; then
        echo "SKIP: --as-nobody needs root and setpriv"
        exit 77
    fi
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    mkdir "$work/bin" "$work/checklib"
    cp "$judge" "$work/bin/judge"
    judge=$work/bin/judge
    cp -r "$nobody_root" "$work/root"
    rm -rf "$work/root/.cache"
    cp "$here/../checkers/checklib.hpp" "$here/../checkers/tokens.cpp" "$work/checklib/"
    for i in "${!args[@]}"; do args[i]=${args[i]//$nobody_root/$work/root}; done
    chown -R 65534:65534 "$work"
    chmod 755 "$work"
    runner=(setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all)
    if ((no_pid_namespaces)); then
        runner=(python3 "$here/running/without_pid_namespaces.py" 65534)
    fi
    runner+=(env HOME="$work" JUDGE_CHECKLIB_DIR="$work/checklib")
fi

cd "$work"
failed=0
snapshot() { find "$unchanged" -type f -printf '%p %s %T@\n' 2>/dev/null | sort; }
if [[ -n $first_args ]]; then
    read -ra first <<<"${first_args//@TMP@/$work}"
    first_output=$(timeout "$timeout_s" "${runner[@]}" "$judge" "${first[@]}" 2>&1) ||
        { echo "FAIL: the first run failed: judge $first_args"; echo "$first_output"; failed=1; }
fi
[[ -n $unchanged ]] && before=$(snapshot)
started_ns=$(date +%s%N)
output=$(timeout "$timeout_s" "${runner[@]}" "$judge" "${args[@]}" 2>&1)
status=$?
elapsed_ms=$((($(date +%s%N) - started_ns) / 1000000))
if [[ -n $within_s ]] && ((elapsed_ms > within_s * 1000)); then
    echo "FAIL: the run took $elapsed_ms ms, more than $within_s s"
    failed=1
fi
if [[ -n $unchanged ]]; then
    after=$(snapshot)
    if [[ -z $before ]]; then
        echo "FAIL: the first run left no file under $unchanged"
        failed=1
    elif [[ $before != "$after" ]]; then
        echo "FAIL: files under $unchanged changed:"
        diff <(echo "$before") <(echo "$after")
        failed=1
    fi
fi
if [[ $status != "$expected_status" ]]; then
    echo "FAIL: exit status $status, expected $expected_status"
    failed=1
fi
if ! printf '%s' "$output" | grep -Ezq -- "$pattern"; then
    echo "FAIL: output does not match /$pattern/"
    failed=1
fi
if ((one_line)) && [[ $(printf '%s\n' "$output" | wc -l) != 1 ]]; then
    echo "FAIL: expected exactly one line of output"
    failed=1
fi
for i in "${!expect_files[@]}"; do
    file=$work/${expect_files[$i]}
    if [[ ! -f $file ]]; then
        echo "FAIL: ${expect_files[$i]} was not written"
        failed=1
    elif ! grep -Ezq -- "${expect_patterns[$i]}" "$file"; then
        echo "FAIL: ${expect_files[$i]} does not match /${expect_patterns[$i]}/:"
        cat "$file"
        failed=1
    fi
done
for name in "${absent_files[@]}"; do
    # Neither the report nor a temporary of it may be left behind.
    if compgen -G "$work/$name" >/dev/null || compgen -G "$work/.$name.tmp-*" >/dev/null; then
        echo "FAIL: $name (or a temporary of it) exists but must not"
        failed=1
    fi
done
echo "--- judge ${args[*]} (exit status $status, $elapsed_ms ms)"
echo "$output"
exit $failed
