#!/usr/bin/env bash
# Puzzle file (stdin) -> ASP facts for bubbles.lp (stdout).
# Usage: bench/bubbles/to_facts.sh < PUZZLE > FACTS
set -euo pipefail
tr -d '\r' | awk '
    NF == 0 { next }
    {
        for (k = 1; k <= length($0); ++k) {
            c = substr($0, k, 1)
            if (c == "#") printf "green(%d,%d).\n", NR - 1, k - 1
            else printf "sq(%d,%d,\"%s\").\n", NR - 1, k - 1, c
        }
        rows = NR
    }
    END { printf "rows(%d).\n", rows }'
