#!/usr/bin/env bash
# export_tools_test.sh ID VERSION JUDGE [JUDGE ARGS...]: `judge export ID --format VERSION`, then
# the format's own tools on the package, where they are installed (docs/export.md says how):
#   PROBLEMTOOLS_DIR    a Kattis problemtools checkout (`make -C support` done; its Python
#                       modules importable): `verifyproblem` on 2023-07-draft packages (it does
#                       not read 2025-09);
#   BAPCTOOLS_DIR       a BAPCtools checkout of its 2025-09 releases: `bt validate` and `bt run`
#                       on 2025-09 packages (it refuses 2023-07-draft);
#   BAPCTOOLS_2023_DIR  optional, a BAPCtools checkout from before 2025-09 (such as d0b009ad):
#                       the same on 2023-07-draft packages, exported with --statement tex (the
#                       only statement form BAPCtools reads).
# Each must report 0 errors, and no tool may write into the package. Exits 77 (skipped) when
# no tool for VERSION is set.
set -uo pipefail
id=$1
version=$2
shift 2
python=${PYTHON:-python3}

tools=()
if [[ $version == 2023-07-draft ]]; then
    [[ -n ${PROBLEMTOOLS_DIR:-} ]] && tools+=(problemtools)
    [[ -n ${BAPCTOOLS_2023_DIR:-} ]] && tools+=(bapctools-2023)
else
    [[ -n ${BAPCTOOLS_DIR:-} ]] && tools+=(bapctools)
fi
if ((${#tools[@]} == 0)); then
    echo "export_tools_test: skipped: no tool for $version is set (PROBLEMTOOLS_DIR," \
        "BAPCTOOLS_2023_DIR for 2023-07-draft; BAPCTOOLS_DIR for 2025-09: see docs/export.md)"
    exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for tool in "${tools[@]}"; do
    statement=()
    [[ $tool == bapctools-2023 ]] && statement=(--statement tex)
    package=$work/$tool/$id
    mkdir -p "$work/$tool"
    "$@" export "$id" "$package" --format "$version" "${statement[@]}" >/dev/null 2>&1 ||
        { echo "export_tools_test: $id: judge export failed"; exit 1; }
    cp -r "$package" "$work/$tool/original"
    log=$work/$tool/log
    case $tool in
        problemtools)
            (cd "$work/$tool" && PYTHONPATH=$PROBLEMTOOLS_DIR${PYTHONPATH:+:$PYTHONPATH} \
                "$python" -m problemtools.verifyproblem "$id") >"$log" 2>&1
            status=$?
            summary=$(grep -E "tested: [0-9]+ errors?, [0-9]+ warnings?" "$log" | tail -n 1)
            ;;
        bapctools*)
            dir=$BAPCTOOLS_DIR
            [[ $tool == bapctools-2023 ]] && dir=$BAPCTOOLS_2023_DIR
            (cd "$package" && "$python" "$dir/bin/tools.py" validate --no-bar &&
                "$python" "$dir/bin/tools.py" run --no-bar) >"$log" 2>&1
            # BAPCtools exits 1 on warnings too; its errors are what it prints in red.
            errors=$(grep -c $'\e\\[31m\|ERROR' "$log")
            warnings=$(grep -c $'\e\\[33m\|WARNING' "$log")
            summary="$errors error line(s), $warnings warning line(s)"
            status=0
            ((errors == 0)) || status=1
            ;;
    esac
    if ! diff -r -q "$work/$tool/original" "$package" >/dev/null; then
        echo "export_tools_test: $id: $tool wrote into the package:"
        diff -r -q "$work/$tool/original" "$package" | head -n 5
        status=1
    fi
    if ((status != 0)); then
        echo "export_tools_test: $id $version: $tool FAILED ($summary):"
        grep -E $'ERROR|[Ee]rror|\e\\[31m' "$log" | head -n 20
        failed=1
    else
        echo "export_tools_test: $id $version: $tool: 0 errors ($summary)"
    fi
done
exit $failed
