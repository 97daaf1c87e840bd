#!/usr/bin/env bash
# judge-all.sh: builds everything (installing missing packages), then judges every problem on its
# testdata. Exit status 0 when every problem is all AC.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
status=0
# Every folder of testdata/ with a problem.txt, as `judge list` finds them.
for settings in testdata/*/problem.txt; do
    problem=$(basename "$(dirname "$settings")")
    echo "== judge run $problem"
    build/judge/judge run "$problem" || status=1
done
exit $status
