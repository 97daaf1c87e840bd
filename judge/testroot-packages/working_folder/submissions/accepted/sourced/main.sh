#!/bin/bash
# The sum is defined in a file beside this one, which is sourced from the working folder (as
# DOMjudge's multifile-sh does: "." may not be on PATH).
. ./sum.sh
read -r a b
add "$a" "$b"
