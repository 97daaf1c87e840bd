#!/usr/bin/env bash
# Benchmark for quell (issue 5): CPU time and peak memory of solutions/quell.cpp, as a whole
# process, on generated maps of side 500, 1000 and 2000 (pearls scaled with the area, 100 000
# at side 2000). Best of 3 runs (the machine is shared). Usage: bench/quell/run.sh [repo root]
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=gnu++17 -o "$work/quell" "$root/solutions/quell.cpp"
g++ -O2 -std=gnu++17 -I "$root/checkers" -o "$work/gen" "$root/generators/quell.cpp"
printf '%-44s %6s %8s %10s %11s %6s\n' case side pearls cpu_ms max_rss_kib answer
for spec in "traps -walls 30 -place walk -walk 300000" "random -walls 30 -place reachable" \
            "maze -walls 5 -place reachable" "open -place any"; do
    for side in 500 1000 2000; do
        pearls=$((100000 * side / 2000 * side / 2000))
        # shellcheck disable=SC2086
        "$work/gen" -rows $side -cols $side -pearls $pearls -style $spec -seed 1 > "$work/map"
        best_ms=999999 best_kib=0
        for run in 1 2 3; do
            /usr/bin/time -f '%U %S %M' -o "$work/time" "$work/quell" < "$work/map" > "$work/out"
            read -r user sys kib < "$work/time"
            ms=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')
            if [ "$ms" -lt "$best_ms" ]; then best_ms=$ms best_kib=$kib; fi
        done
        printf '%-44s %6d %8d %10d %11d %6s\n' "$spec" "$side" "$(tr -cd '@' < "$work/map" | wc -c)" \
            "$best_ms" "$best_kib" "$(cat "$work/out")"
    done
done
