#!/usr/bin/env bash
# labyrinth_asp.sh ENCODING CHECKER LIMIT_S MODELS EXPECTED INSTANCE...: the ASP encoding
# (solutions/labyrinth.lp) under clingo, judged by our checker (checkers/labyrinth.cpp).
#
# For each INSTANCE (NAME.in; the jury's NAME.ans next to it when there is one, else the checker
# judges by simulation alone): `clingo -n MODELS ENCODING INSTANCE` (MODELS 0: every answer set)
# within LIMIT_S seconds of wall time. Every answer set it prints is converted to our output
# format (its push atoms in step order, one `push(Z,D,S).` line each) and must be accepted by
# CHECKER; clingo's UNSATISFIABLE becomes our `UNSATISFIABLE`, which the checker accepts only
# when the jury's answer says so too. The test fails when clingo runs out of time, prints
# neither, or some instance's number of answer sets differs from EXPECTED (`any`: at least one).
set -euo pipefail
encoding=$1 checker=$2 limit_s=$3 models=$4 expected=$5
shift 5
[ "$#" -gt 0 ] || { echo "FAIL: no instance given"; exit 1; }
work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT

# clingo's output (file $2) to our format: DIR ($1)/answer_K.out for each answer set K, its push
# atoms ordered by step, one `push(Z,D,S).` line each (a repeated or missing step stays for the
# checker to see); DIR/unsat.out for UNSATISFIABLE. Prints how many answer sets there were.
convert_answer_sets() {
    local dir=$1 clingo_output=$2 atoms_file
    awk -v dir="$dir" '
        /^Answer: [0-9]+$/ { answer = $2; next }
        answer != "" { printf "%s\n", $0 > (dir "/answer_" answer ".atoms"); answer = ""; next }
        /^UNSATISFIABLE$/ { print "UNSATISFIABLE" > (dir "/unsat.out") }
    ' "$clingo_output"
    local answers=0
    for atoms_file in "$dir"/answer_*.atoms; do
        [ -e "$atoms_file" ] || continue
        tr ' ' '\n' < "$atoms_file" | grep '^push(' |
            sed -E 's/^push\((.*),([^,]*)\)$/\2\tpush(\1,\2)./' | sort -n -s | cut -f2 \
            > "${atoms_file%.atoms}.out" || true
        answers=$((answers + 1))
    done
    echo "$answers"
}

judge_instance() {
    local instance=$1 name dir answer clingo_status answers
    name=$(basename "$instance" .in)
    dir=$work_dir/$name
    mkdir "$dir"
    answer=/dev/null
    [ -f "${instance%.in}.ans" ] && answer=${instance%.in}.ans
    clingo_status=0
    timeout "$limit_s" clingo -n "$models" "$encoding" "$instance" > "$dir/clingo.txt" 2>&1 ||
        clingo_status=$?
    # clingo's exit status: 10 satisfiable, 20 unsatisfiable, 30 every answer set enumerated.
    if [ "$clingo_status" -eq 124 ]; then
        echo "FAIL $name: clingo took more than $limit_s s"
        return 1
    fi
    case $clingo_status in 10 | 20 | 30) ;; *)
        echo "FAIL $name: clingo exited with $clingo_status:"
        tail -5 "$dir/clingo.txt"
        return 1 ;;
    esac
    answers=$(convert_answer_sets "$dir" "$dir/clingo.txt")
    if [ "$answers" -eq 0 ] && [ ! -f "$dir/unsat.out" ]; then
        echo "FAIL $name: clingo printed neither an answer set nor UNSATISFIABLE"
        return 1
    fi
    local failed=0 rejected=0 output
    for output in "$dir"/*.out; do
        "$checker" "$instance" "$output" "$answer" 2> "$dir/verdict.txt" && continue
        rejected=$((rejected + 1))
        if [ "$rejected" -le 3 ]; then  # the first few, with their plan
            echo "FAIL $name: the checker rejects $(basename "$output" .out): $(cat "$dir/verdict.txt")"
            sed 's/^/  /' "$output"
        fi
    done
    if [ "$rejected" -gt 0 ]; then
        echo "FAIL $name: the checker rejects $rejected of clingo's $(ls "$dir" | grep -c '\.out$') results"
        failed=1
    fi
    if [ "$expected" != any ] && [ "$answers" -ne "$expected" ]; then
        echo "FAIL $name: $answers answer sets, expected $expected"
        failed=1
    fi
    [ "$failed" -eq 0 ] || return 1
    if [ -f "$dir/unsat.out" ]; then
        echo "ok   $name: UNSATISFIABLE, as the jury's answer says"
    else
        echo "ok   $name: $answers answer sets, every one a plan the checker accepts"
    fi
}

failures=0
for instance in "$@"; do
    judge_instance "$instance" || failures=$((failures + 1))
done
echo "$(($# - failures)) of $# instances passed"
[ "$failures" -eq 0 ]
