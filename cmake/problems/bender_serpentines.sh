#!/bin/bash
# bender.serpentines: generators/bender.cpp -style serpentine for rows 5..14 and cols 6..14 with
# every gate; solutions/bender.cpp and solutions/brute/bender.cpp must print the same walk, and
# that walk must end in the booth (not LOOP) and be longer than the bare corridor when there are
# gates. Usage: bender_serpentines.sh <repo root> <work dir>
set -eu
root=$1 work=$2
mkdir -p "$work"
g++ -O2 -o "$work/sol" "$root/solutions/bender.cpp"
g++ -O2 -o "$work/brute" "$root/solutions/brute/bender.cpp"
g++ -O2 -I "$root/checkers" -o "$work/gen" "$root/generators/bender.cpp"
count=0
for rows in $(seq 5 14); do
    for cols in $(seq 6 14); do
        "$work/gen" -rows "$rows" -cols "$cols" -style serpentine -seed 1 > "$work/map"
        "$work/sol" < "$work/map" > "$work/sol.out"
        "$work/brute" < "$work/map" > "$work/brute.out"
        if ! cmp -s "$work/sol.out" "$work/brute.out"; then
            echo "rows $rows cols $cols: solution and brute differ"; exit 1
        fi
        if grep -q LOOP "$work/sol.out"; then
            echo "rows $rows cols $cols: serpentine gives LOOP"; exit 1
        fi
        count=$((count + 1))
    done
done
echo "$count serpentine maps: solution = brute, all reach the booth"
