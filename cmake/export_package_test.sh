#!/usr/bin/env bash
# export_package_test.sh ID JUDGE [JUDGE ARGS...]: what `judge export ID` writes holds what the
# package format and its tools ask, checked without the tools (they run in export_tools_test.sh
# where installed):
# - problem.yaml has a uuid, and two exports are the same bytes (uuid included);
# - the statement (statement/problem.en.md for 2023-07-draft, .tex for 2025-09, one file) holds
#   no sample data, no name heading and no path of this repository;
# - each validator is ONE source that compiles alone with `g++ -std=c++17 -O2` in an empty folder
#   (problemtools and BAPCtools compile it so);
# - --format 2025-09 writes the 2025-09 layout.
set -euo pipefail
id=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "export_package_test: $id: $*" >&2
    exit 1
}

"$@" export "$id" "$work/a" >/dev/null 2>&1
"$@" export "$id" "$work/b" >/dev/null 2>&1
"$@" export "$id" "$work/c" --format 2025-09 >/dev/null 2>&1

grep -Eq '^uuid: [0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' \
    "$work/a/problem.yaml" || fail "problem.yaml has no name-based uuid"
diff -r "$work/a" "$work/b" >/dev/null || fail "two exports differ"
grep -q '^problem_format_version: 2023-07-draft$' "$work/a/problem.yaml" ||
    fail "the default export is not 2023-07-draft"
grep -q '^problem_format_version: 2025-09$' "$work/c/problem.yaml" ||
    fail "--format 2025-09 does not say 2025-09"
grep -q '^license: ' "$work/a/problem.yaml" || fail "problem.yaml has no license"

# The layout both versions name: statement/ (not the legacy problem_statement/), one statement.
for package in a c; do
    for folder in statement data/sample data/secret output_validator submissions/accepted; do
        [[ -d $work/$package/$folder ]] || fail "$package: no $folder/"
    done
    [[ ! -e $work/$package/problem_statement ]] || fail "$package: a legacy problem_statement/"
    [[ $(ls "$work/$package/statement" | wc -l) == 1 ]] || fail "$package: not one statement"
done
[[ -f $work/a/statement/problem.en.md ]] || fail "2023-07-draft: no statement/problem.en.md"
[[ -f $work/c/statement/problem.en.tex ]] || fail "2025-09: no statement/problem.en.tex"
grep -q '^\\problemname{' "$work/c/statement/problem.en.tex" || fail "the .tex has no \\problemname"

# No sample data: no sample input, and no answer of more than one line (a one-word answer such
# as "true" may well be a word of the text), appears in either statement.
for statement in "$work/a/statement/problem.en.md" "$work/c/statement/problem.en.tex"; do
    grep -q 'testdata/' "$statement" && fail "$(basename "$statement") names testdata/"
    head -n 1 "$statement" | grep -q '^# ' && fail "$(basename "$statement") starts with the name"
    for sample in "$work"/a/data/sample/*.in "$work"/a/data/sample/*.ans; do
        [[ $sample == *.ans && $(wc -l <"$sample") -lt 2 ]] && continue
        python3 - "$statement" "$sample" <<'EOF' || fail "$(basename "$statement") shows $(basename "$sample")"
import sys
statement = open(sys.argv[1]).read()
sample = open(sys.argv[2]).read().replace('\r', '').strip()
sys.exit(1 if sample and sample in statement else 0)
EOF
    done
done

# Each validator alone, in an empty folder, as problemtools and BAPCtools build it (the
# compiles side by side: each takes seconds).
sources=()
for source in "$work"/a/output_validator/* "$work"/a/input_validators/*/*; do
    [[ -e $source ]] || continue
    [[ $(ls "$(dirname "$source")" | wc -l) == 1 ]] || fail "$(dirname "$source") is not one file"
    [[ $source == *.cpp ]] && sources+=("$source")
done
compiles=()
for source in "${sources[@]}"; do
    alone=$(mktemp -d -p "$work")
    cp "$source" "$alone/"
    (cd "$alone" && g++ -std=c++17 -O2 -o program "$(basename "$source")") &
    compiles+=($!)
done
for i in "${!compiles[@]}"; do
    wait "${compiles[$i]}" || fail "$(basename "${sources[$i]}") does not compile alone"
done
sources=${#sources[@]}

# Line ends: with problem.txt's `input-line-ends: lf-or-crlf` every exported input has the
# format's (\n only, a final newline); without it an input is copied byte for byte.
line_ends=""
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)  # or the --root given
for arg in "$@"; do [[ ${previous:-} == --root ]] && root=$arg; previous=$arg; done
# not_in_format FILE...: those of the files with a \r or a missing final newline (one python3
# for all: a process per file costs seconds here).
not_in_format() {
    python3 -c '
import sys
for name in sys.argv[1:]:
    text = open(name, "rb").read()
    if b"\r" in text or (text and not text.endswith(b"\n")):
        print(name)' "$@"
}
if grep -q '^input-line-ends: *lf-or-crlf' "$root/testdata/$id/problem.txt"; then
    mapfile -t odd < <(not_in_format "$root/testdata/$id"/{sample,secret}/*.in)
    bad=$(not_in_format "$work"/{a,c}/data/*/*.in)
    [[ -z $bad ]] || fail "$(basename "$(head -1 <<<"$bad")") has not the format's line ends"
    if ((${#odd[@]} > 0)); then
        # The same problem without the key: the first such input is exported as it is.
        bare=$work/bare
        mkdir -p "$bare/testdata"
        for entry in "$root"/*; do
            [[ $(basename "$entry") == testdata ]] || ln -s "$entry" "$bare/"
        done
        cp -r "$root/testdata/$id" "$bare/testdata/"
        sed -i '/^input-line-ends:/d' "$bare/testdata/$id/problem.txt"
        judge_bin=$1
        "$judge_bin" --root "$bare" export "$id" "$work/d" >"$work/d.log" 2>&1 ||
            fail "export without input-line-ends failed: $(tail -1 "$work/d.log")"
        relative=${odd[0]#"$root/testdata/$id/"}
        cmp -s "${odd[0]}" "$work/d/data/$relative" ||
            fail "without input-line-ends, $relative was not copied byte for byte"
        grep -q 'kept byte for byte' "$work/d.log" || fail "the export does not name the kept files"
        line_ends=", ${#odd[@]} inputs rewritten to \\n line ends (kept without the key)"
    fi
fi
echo "export_package_test: $id: uuid stable, statements clean, $sources validator source(s) compile alone, 2025-09 layout$line_ends"
