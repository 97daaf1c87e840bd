#!/usr/bin/env bash
# export_round_trip.sh ID JUDGE [JUDGE ARGS...]: `judge export ID` into a fresh folder (with
# JUDGE's global options), then `judge verify` the package: what another contest system would
# get must judge our submissions as their folders say. EXPORT_FORMAT (optional) is given to
# `judge export --format` (2023-07-draft by default). Verdicts only (`--matrix none`): each
# submission stops at its first failing case, as a contest system judges it.
set -euo pipefail
id=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$@" export "$id" "$work/$id" ${EXPORT_FORMAT:+--format "$EXPORT_FORMAT"}
# The package is judged as a stranger's: no project root, the same cache.
cache=
for ((i = 1; i <= $#; ++i)); do
    if [[ ${!i} == --cache ]]; then
        next=$((i + 1))
        cache=${!next}
    fi
done
cd "$work"
"$1" ${cache:+--cache "$cache"} verify "$work/$id" --reruns 0 --matrix none
