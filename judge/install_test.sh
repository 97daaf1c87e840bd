#!/usr/bin/env bash
# install_test.sh: the installed judge works from any folder, with no source tree in reach.
#
# Usage: install_test.sh BUILD_DIR
# Installs BUILD_DIR (`cmake --install --prefix`) into a temporary prefix, moves the prefix
# elsewhere (a relocated install must work), and from a third folder runs the moved judge on a
# tiny problem made here that uses the built-in `checker: tokens` and a checker of its own that
# includes "checklib.hpp" without a copy. Asserts:
#   1. --version names the moved prefix's share/cp-judge/checkers as "installed";
#   2. a right solution gets AC and a wrong one WA with the tokens checker's message;
#   3. the problem's own checker compiles against the prefix's checklib.hpp (AC);
#   4. with tokens.cpp deleted from the moved prefix, the judge fails (exit 2, naming the
#      missing checker) instead of reading the checkout it was built from, which is still there.
# Exit status: 0 passed, 1 failed, 2 setup failed.
set -uo pipefail
build=${1:?usage: install_test.sh BUILD_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"  # the boxed checker (uid 65534 as root) reads its binary in the cache here
failed=0
fail() { echo "FAIL: $*"; failed=1; }

cmake --install "$build" --prefix "$work/first" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "SETUP FAILED: cmake --install"; exit 2; }
mv "$work/first" "$work/moved"
judge=$work/moved/bin/judge
checkers=$work/moved/share/cp-judge/checkers
for file in "$judge" "$checkers/checklib.hpp" "$checkers/tokens.cpp"; do
    [[ -f $file ]] || fail "not installed: ${file#$work/moved/}"
done
((failed)) && exit 1

# The problem: print the sum of two numbers; `hello` is checked by tokens, `own` by its checker.
root=$work/problems
mkdir -p "$root/testdata/hello/sample" "$root/testdata/own/sample" "$root/solutions" \
    "$root/checkers" "$work/elsewhere"
for id in hello own; do
    printf '2 3\n' >"$root/testdata/$id/sample/01.in"
    printf '5\n' >"$root/testdata/$id/sample/01.ans"
    printf 'time-limit-ms: 2000\nmemory-limit-mib: 256\nchecker: %s\n' \
        "$([[ $id == hello ]] && echo tokens || echo own)" >"$root/testdata/$id/problem.txt"
    printf '#include <cstdio>\nint main() { long long a, b; if (scanf("%%lld %%lld", &a, &b) == 2) printf("%%lld\\n", a + b); }\n' \
        >"$root/solutions/$id.cpp"
done
printf '#include <cstdio>\nint main() { puts("6"); }\n' >"$root/solutions/wrong.cpp"
cat >"$root/checkers/own.cpp" <<'CHECKER'
#include "checklib.hpp"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long expected = ans.readLong(), found = ouf.readLong();
    if (expected != found) quitf(_wa, "expected %lld, found %lld", expected, found);
    quitf(_ok, "own checker: %lld", found);
}
CHECKER

# judge ARGS...: the moved judge from a folder outside both the prefix and the problem, with an
# environment that names no checklib folder.
judge() {
    (cd "$work/elsewhere" && env -u JUDGE_CHECKLIB_DIR NO_COLOR=1 \
        "$judge" --root "$root" --cache "$work/cache" "$@" 2>&1)
}
expect() {  # expect STATUS PATTERN WHAT ARGS...
    local status=$1 pattern=$2 what=$3 output code
    shift 3
    output=$(judge "$@")
    code=$?
    echo "--- judge $* (exit $code)"
    echo "$output"
    [[ $code == "$status" ]] || fail "$what: exit status $code, expected $status"
    grep -Eq -- "$pattern" <<<"$output" || fail "$what: output does not match /$pattern/"
}

expect 0 "checkers: $checkers \\(installed\\)" "--version names the moved prefix" --version
expect 0 'verdict: AC' "tokens checker from the prefix" run hello
expect 1 'WA .*expected.*5.*6|WA .*6.*5' "tokens checker's message" run hello --solution "$root/solutions/wrong.cpp"
expect 0 'own checker: 5' "own checker compiled against the prefix's checklib.hpp" run own
rm "$checkers/tokens.cpp"
expect 2 "tokens" "no fallback to the source tree" run hello

((failed)) && exit 1
echo "PASS"
