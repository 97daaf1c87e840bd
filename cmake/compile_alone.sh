#!/usr/bin/env bash
# compile_alone.sh SOURCE...: compiles every SOURCE alone in an empty folder, as an online judge
# does (a local include or a missing header fails here first), and strictly: g++ with the
# judge's own command, `g++ -O2 NAME` (g++ 12's dialect, gnu++17), plus -Wall -Wextra -pedantic
# -Werror (some of g++'s warnings, -Wmaybe-uninitialized, come only from the optimiser); clang++
# with `-std=c++17 -Wall -Wextra -pedantic -Werror -fsyntax-only`: ISO C++17 (clang's warnings
# come from its front end alone; no code generated, no link: its -O2 would double the test's
# time). One g++ compile serves both purposes: a separate plain `g++ -O2` test repeated it (65 s
# of CI's test time, labyrinth's 11 s). Every compile is tried; the test fails if one failed. A
# compiler that is not installed skips the test, or fails it under CI (cmake/prerequisite.sh).
set -euo pipefail
source "$(dirname "$0")/prerequisite.sh"
declare -A package=([g++]=g++ [clang++]=clang)
declare -A flags_of=([g++]="-O2 -Wall -Wextra -pedantic -Werror"
                   [clang++]="-std=c++17 -Wall -Wextra -pedantic -Werror -fsyntax-only")
for compiler in g++ clang++; do
    command -v "$compiler" > /dev/null ||
        missing_prerequisite "$compiler not found (Debian package ${package[$compiler]})"
done
work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT
failed=0
for source_file in "$@"; do
    name=$(basename "$source_file")
    for compiler in g++ clang++; do
        read -ra flags <<<"${flags_of[$compiler]}"
        folder=$work_dir/$compiler-$(printf '%s' "$source_file" | md5sum | cut -c1-8)
        mkdir "$folder"
        cp "$source_file" "$folder/"
        if (cd "$folder" && "$compiler" "${flags[@]}" "$name" -o a.out 2> errors.txt); then
            echo "ok   $compiler ${flags[*]} $name"
        else
            echo "FAIL $compiler ${flags[*]} $name:"
            cat "$folder/errors.txt"
            failed=$((failed + 1))
        fi
    done
done
echo "$((2 * $# - failed)) of $((2 * $#)) compiles passed"
[ "$failed" -eq 0 ] && [ "$#" -gt 0 ]
