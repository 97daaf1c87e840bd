#!/usr/bin/env python3
"""Alcazam drawing on stdin -> clingo facts for bench/alcazar/alcazar.lp on stdout.
Reads the drawing exactly as testdata/alcazar/statement.md says (skips empty and '#' lines, offset of
the first '+', walls at fixed columns)."""
import sys

lines = [l.rstrip('\r\n') for l in sys.stdin]
grid = [l for l in lines if l and not l.startswith('#')]
o = grid[0].index('+')
w = (grid[0].rindex('+') - o) // 4
h = len(grid) // 2


def at(r, c):
    return grid[r][c] if c < len(grid[r]) else ' '


out, k = [], 0
for y in range(h):
    for x in range(w):
        out.append(f"cell({x},{y}).")
def node(x, y):
    return "o" if x < 0 or y < 0 or x >= w or y >= h else f"c({x},{y})"
for y in range(h + 1):          # edge above (x, y)
    for x in range(w):
        if at(2 * y, o + 4 * x + 2) != '-':
            out.append(f"e({k},{node(x, y - 1)},{node(x, y)}).")
            k += 1
for y in range(h):              # edge left of (x, y)
    for x in range(w + 1):
        if at(2 * y + 1, o + 4 * x) != '|':
            out.append(f"e({k},{node(x - 1, y)},{node(x, y)}).")
            k += 1
print("\n".join(out))
