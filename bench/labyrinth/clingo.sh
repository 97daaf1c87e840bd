#!/usr/bin/env bash
# Runs the clingo anchor (solutions/labyrinth.lp) on every official instance, one at a time.
# Usage: bench/labyrinth/clingo.sh [LIMIT_S=120] [CASES=../shared/cases/labyrinth] [OUT=/tmp/labyrinth-clingo]
# Writes OUT/NAME.out (clingo output) and prints/appends "NAME status wall_s" to OUT/clingo.tsv;
# status is SAT, UNSAT or TIMEOUT (wall_s is then the limit).
set -uo pipefail  # not -e: a program's exit status (a timeout, a failure) is read and reported
here=$(cd "$(dirname "$0")" && pwd)
limit_s=${1:-120}
cases=${2:-$here/../../../shared/cases/labyrinth}
out=${3:-/tmp/labyrinth-clingo}
mkdir -p "$out"
: > "$out/clingo.tsv"
for in in $(ls "$cases"/*.in | sort); do
    name=$(basename "$in" .in)
    start_ns=$(date +%s%N)
    timeout "$limit_s" clingo "$here/../../solutions/labyrinth.lp" "$in" > "$out/$name.out" 2>&1
    rc=$?
    end_ns=$(date +%s%N)
    wall_s=$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
    if [ $rc -eq 124 ]; then status=TIMEOUT; wall_s=$limit_s
    elif grep -q '^UNSATISFIABLE' "$out/$name.out"; then status=UNSAT
    elif grep -q '^SATISFIABLE' "$out/$name.out"; then status=SAT
    else status="ERROR($rc)"; fi
    printf '%s %s %s\n' "$name" "$status" "$wall_s" | tee -a "$out/clingo.tsv"
done
