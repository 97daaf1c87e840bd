#!/usr/bin/env bash
# Stress for quell beyond the CI seed range, with the solution's test builds (see its header):
# release, -DQUELL_ONLY_2SAT (Phase B decides every map) and -DQUELL_ONE_ROUND. Each case: the
# brute's answer must match, and every `true` must come with a --moves string the checker
# accepts. Usage: cmake/problems/quell_stress_builds.sh FIRST_SEED LAST_SEED [repo root]
set -u
first=$1 last=$2
root=${3:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
g++ -O2 -o release "$root/solutions/quell.cpp"
g++ -O2 -DQUELL_ONLY_2SAT -o only_2sat "$root/solutions/quell.cpp"
g++ -O2 -DQUELL_ONE_ROUND -o one_round "$root/solutions/quell.cpp"
g++ -O2 -o brute "$root/solutions/brute/quell.cpp"
g++ -O2 -I "$root/checkers" -o gen "$root/generators/quell.cpp"
g++ -O2 -I "$root/checkers" -o checker "$root/checkers/quell.cpp"
cases=0 failures=0
for seed in $(seq "$first" "$last"); do
    for style in random traps maze rooms layers open; do
        for place in any reachable crossing walk; do
            args="-rows $((seed % 9 + 3)) -cols $((seed * 5 % 9 + 3)) -style $style"
            args+=" -walls $((seed * 29 % 90)) -pearls $((seed % 12)) -place $place"
            args+=" -border $((seed % 5 > 0)) -ragged $((seed % 2)) -walk $((seed % 15))"
            # shellcheck disable=SC2086
            ./gen $args -seed "$seed" > in.txt
            ./brute < in.txt > ans.txt
            for build in release only_2sat one_round; do
                cases=$((cases + 1))
                ./$build --moves < in.txt > out.txt
                if [ "$(head -1 out.txt)" != "$(cat ans.txt)" ] || ! ./checker in.txt out.txt ans.txt 2> msg.txt; then
                    echo "FAIL $build: $args -seed $seed ($(cat msg.txt 2>/dev/null))"
                    failures=$((failures + 1))
                fi
            done
        done
    done
done
echo "stress_builds: $cases runs, $failures failures"
[ "$failures" -eq 0 ]
