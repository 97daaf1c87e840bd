#!/bin/bash
# Open boards with many solutions (issue 8, the solver's weak spot): generators/alcazar.cpp
# -mode path -walls 30 (a random Hamiltonian path, 30 % of the other inner edges walled),
# 40 x 40 seeds 1-32 and 30 x 30 seeds 1-16. One run of each, wall time, a time-out of
# TIMEOUT seconds (default 20) counted as TIMEOUT; clingo (bench/alcazar/alcazar.lp) on the
# same boards. Every answer of ours is checked by checkers/alcazar.cpp.
# Usage: bench/alcazar/open_boards.sh [repo root] [timeout seconds]
set -eu
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
limit=${2:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -o "$work/sol" "$root/solutions/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/alcazar.cpp"
g++ -O2 -I "$root/checkers" -o "$work/chk" "$root/checkers/alcazar.cpp"
seconds() {  # seconds COMMAND...: wall time, or the limit on a time-out
    local start end
    start=$(date +%s.%N)
    timeout "$limit" "$@" > "$work/out" 2> /dev/null || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
for spec in "40 32" "30 16"; do
    read -r side count <<< "$spec"
    ours=() theirs=()
    for seed in $(seq 1 "$count"); do
        in="$work/p${side}_$seed.in"
        "$work/gen" -w "$side" -h "$side" -mode path -walls 30 -seed "$seed" > "$in"
        python3 "$root/bench/alcazar/to_facts.py" < "$in" > "${in%.in}.lp"
        t=$(seconds "$work/sol" -f "$in")
        if [ -s "$work/out" ]; then
            "$work/chk" "$in" "$work/out" "$work/out" 2> /dev/null || { echo "checker rejects p${side}_$seed"; exit 1; }
        fi
        ours+=("$t")
        theirs+=("$(seconds clingo "$root/bench/alcazar/alcazar.lp" "${in%.in}.lp" --quiet=1 --models=1)")
    done
    python3 - "$side" "$limit" "${ours[*]}" "${theirs[*]}" <<'PY'
import statistics, sys
side, limit = sys.argv[1], float(sys.argv[2])
for who, times in (("ours", sys.argv[3]), ("clingo", sys.argv[4])):
    t = [min(float(x), limit) for x in times.split()]
    print(f"{side} x {side}, {len(t)} boards, {who:6}: median {statistics.median(t):.2f} s, "
          f"mean {statistics.mean(t):.2f} s, max {max(t):.2f} s, "
          f"time-outs ({limit:g} s) {sum(x >= limit for x in t)}")
PY
done
