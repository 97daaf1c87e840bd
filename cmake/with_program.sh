#!/usr/bin/env bash
# with_program.sh PROGRAM PACKAGE COMMAND...: runs COMMAND when PROGRAM is on the PATH; without it
# the test is skipped, or failed under CI (cmake/prerequisite.sh). PACKAGE: the Debian package
# that provides PROGRAM, named in the message.
set -euo pipefail
source "$(dirname "$0")/prerequisite.sh"
program=$1 package=$2
shift 2
command -v "$program" > /dev/null ||
    missing_prerequisite "$program not found (Debian package $package, scripts/install-deps.sh)"
exec "$@"
