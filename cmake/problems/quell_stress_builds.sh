#!/usr/bin/env bash
# Stress for quell beyond the CI seed range, with the solution's test builds (see its header):
# release, -DQUELL_ONLY_2SAT (Phase B decides every map) and -DQUELL_ONE_ROUND. Each case: the
# brute's answer must match, and every `true` must come with a --moves string the checker
# accepts. Usage: cmake/problems/quell_stress_builds.sh FIRST_SEED LAST_SEED [repo root
# [GENERATOR CHECKER]] (the generator and the checker built already, as CTest passes them;
# compiled here otherwise).
# The time goes into starting processes (some 1 700 for seeds 1-8): the programs are linked
# -static (no dynamic loader at each start), the outputs are read with bash's `read`, not
# head and cat, and an output that is byte for byte one the checker accepted for this case
# is not checked again (the checker is deterministic).
set -u
first=$1 last=$2
root=${3:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
g++ -O2 -static -o release "$root/solutions/quell.cpp"
g++ -O2 -static -DQUELL_ONLY_2SAT -o only_2sat "$root/solutions/quell.cpp"
g++ -O2 -static -DQUELL_ONE_ROUND -o one_round "$root/solutions/quell.cpp"
g++ -O2 -static -o brute "$root/solutions/brute/quell.cpp"
if [ $# -ge 5 ]; then
    ln -s "$4" gen && ln -s "$5" checker
else
    g++ -O2 -static -I "$root/checkers" -o gen "$root/generators/quell.cpp"
    g++ -O2 -static -I "$root/checkers" -o checker "$root/checkers/quell.cpp"
fi
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
            answer= accepted= accepted_any=0
            IFS= read -r answer < ans.txt
            for build in release only_2sat one_round; do
                cases=$((cases + 1))
                ./$build --moves < in.txt > out.txt
                first_line= output=
                IFS= read -r first_line < out.txt
                # The whole output, as is; `read` stops early only at a NUL byte: checked then.
                IFS= read -r -d '' output < out.txt && output=$accepted-with-a-nul
                if [ "$first_line" != "$answer" ]; then
                    echo "FAIL $build: $args -seed $seed (says '$first_line', the brute '$answer')"
                    failures=$((failures + 1))
                elif [ "$accepted_any" = 0 ] || [ "$output" != "$accepted" ]; then
                    if ./checker in.txt out.txt ans.txt 2> msg.txt; then
                        accepted=$output accepted_any=1
                    else
                        echo "FAIL $build: $args -seed $seed ($(cat msg.txt 2>/dev/null))"
                        failures=$((failures + 1))
                    fi
                fi
            done
        done
    done
done
echo "stress_builds: $cases runs, $failures failures"
[ "$failures" -eq 0 ]
