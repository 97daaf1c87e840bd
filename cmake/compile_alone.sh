#!/usr/bin/env bash
# compile_alone.sh SOURCE: compiles SOURCE exactly as an online judge would, alone in an empty
# folder with `g++ -O2`, so that a local include or a missing header fails here first.
set -euo pipefail
source_file=$(realpath "$1")
work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT
cp "$source_file" "$work_dir/"
cd "$work_dir"
g++ -O2 "$(basename "$source_file")" -o a.out
echo "compiled alone: $(basename "$source_file")"
