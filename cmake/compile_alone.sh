#!/usr/bin/env bash
# compile_alone_strict.sh SOURCE...: compiles every SOURCE as a strict online judge would, alone
# in an empty folder, with g++ and with clang++, `-std=c++17 -Wall -Wextra -pedantic -Werror`;
# g++ with -O2 as well, since some of its warnings (-Wmaybe-uninitialized) come only from the
# optimiser, while clang's come from its front end alone: clang++ checks with -fsyntax-only (no
# code generated, no link; its -O2 would double the test's time). Every compile is tried; the test fails if one failed. A compiler that is not installed
# skips the test, or fails it under CI (cmake/prerequisite.sh).
set -euo pipefail
source "$(dirname "$0")/prerequisite.sh"
declare -A package=([g++]=g++ [clang++]=clang)
declare -A mode=([g++]=-O2 [clang++]=-fsyntax-only)
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
        flags=(-std=c++17 -Wall -Wextra -pedantic -Werror "${mode[$compiler]}")
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
echo "$((2 * $# - failed)) of $((2 * $#)) strict compiles passed"
[ "$failed" -eq 0 ] && [ "$#" -gt 0 ]
