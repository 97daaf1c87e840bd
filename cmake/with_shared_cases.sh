#!/usr/bin/env bash
# with_shared_cases.sh DIR COMMAND...: runs COMMAND when DIR holds public cases (*.in), the
# <id>.shared_cases tests' folder ../shared/cases/<id>. Without them the test is skipped, or
# failed under CI (cmake/prerequisite.sh).
set -euo pipefail
source "$(dirname "$0")/prerequisite.sh"
cases_dir=$1
shift
if ! compgen -G "$cases_dir/*.in" > /dev/null; then
    missing_prerequisite "no public cases (*.in) in $cases_dir: configure with -DJUDGE_SHARED_DIR=<the folder holding cases/>"
fi
exec "$@"
