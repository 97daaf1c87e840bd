#!/usr/bin/env bash
# Benchmark for bender (issue 4): whole-process time of solutions/bender.cpp (g++ -O2) on
# 100 x 100 maps from generators/bender.cpp, output to /dev/null, 2 cores shared with others.
#   hyperfine_ms  median wall time from hyperfine (its shell start-up subtracted); without
#                 hyperfine, the median of a loop timed with `date +%s%N` (fork + exec included)
#   spawn_ms      median wall time from bench/bender/spawn_time.cpp (fork, exec, wait4; no shell)
#   cpu_ms        median user + sys of the process (wait4 rusage), same runs
# Maps: the serpentine (the generator's longest walks, one gate broken per round trip) with 25,
# 100, 250 and all 992 gates; the longest random and maze walks of 50 tries; a LOOP map; and
# the statement's 5 x 6 example as the floor (process start-up).
# Usage: bench/bender/run.sh [repo root] [runs (default 30)]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
runs=${2:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/bender" "$root/solutions/bender.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/gen" "$root/generators/bender.cpp"
g++ -O2 -std=gnu++17 -o "$work/spawn_time" "$root/bench/bender/spawn_time.cpp"

median_ms() {  # median wall time of `bender < $1 > /dev/null`, in ms
    if command -v hyperfine > /dev/null; then
        hyperfine --warmup 3 --runs "$runs" --style none --export-json "$work/h.json" \
            "$work/bender < $1 > /dev/null" > /dev/null 2>&1
        python3 -c "import json,sys; print('%.2f' % (json.load(open(sys.argv[1]))['results'][0]['median'] * 1000))" "$work/h.json"
    else
        for _ in $(seq "$runs"); do
            t0=$(date +%s%N)
            "$work/bender" < "$1" > /dev/null
            t1=$(date +%s%N)
            echo $(((t1 - t0) / 1000))
        done | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f\n", a[int((NR + 1) / 2)] / 1000 }'
    fi
}

printf '%-26s %8s %6s %13s %9s %7s\n' map moves X hyperfine_ms spawn_ms cpu_ms
while read -r label args; do
    if [ "$label" = statement ]; then
        cp "$root/testdata/bender/sample/01_statement_example.in" "$work/map"
    else
        # shellcheck disable=SC2086
        "$work/gen" -rows 100 -cols 100 $args -seed 1 > "$work/map"
    fi
    "$work/bender" < "$work/map" > "$work/out"
    moves=$(grep -cv LOOP "$work/out" || true)
    read -r spawn cpu < <("$work/spawn_time" "$runs" "$work/map" "$work/bender")
    printf '%-26s %8d %6d %13s %9s %7s\n' "$label" "$moves" "$(tr -cd X < "$work/map" | wc -c)" \
        "$(median_ms "$work/map")" "$spawn" "$cpu"
done <<'MAPS'
statement
serpentine,gates=25 -style serpentine -gates 25
serpentine,gates=100 -style serpentine -gates 100
serpentine,gates=250 -style serpentine -gates 250
serpentine,all_992_gates -style serpentine
random,booth=last -walls 10 -xwalls 20 -beers 2 -inverters 2 -mods 2 -booth last -tries 50 -want booth
maze,booth=last -style maze -loops 10 -xwalls 25 -beers 3 -inverters 3 -mods 3 -booth last -tries 50 -want booth
random,LOOP -walls 5 -xwalls 30 -beers 3 -inverters 1 -mods 1 -tele 100 -tries 50 -want loop
MAPS
