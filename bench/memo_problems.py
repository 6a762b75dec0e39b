#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the memo benchmarks' problems in Knuth's format into DIR, one
# NAME.dlx each (bench/compare_memo.sh times them all against DLX6 and DXZ;
# bench/compare_builds.sh, a few against the previous build):
#   python3 bench/memo_problems.py DIR
import itertools, sys
out = sys.argv[1]
def write(name, items, options):
    with open(f"{out}/{name}.dlx", "w") as f:
        f.write(" ".join(items) + "\n")
        for option in options:
            f.write(" ".join(option) + "\n")
for n in (18, 22, 26, 30):
    write(f"matchings{n}", [f"p{i}" for i in range(n)],
          [(f"p{i}", f"p{j}") for i, j in itertools.combinations(range(n), 2)])
write("partitions12", [f"e{i}" for i in range(12)],
      [[f"e{i}" for i in range(12) if m >> i & 1] for m in range(1, 1 << 12)])
for n in (8, 12, 16):
    cell = lambda r, c: f"c{r}_{c}"
    pairs = [(cell(r, c), cell(r, c + 1)) for r in range(n) for c in range(n - 1)]
    pairs += [(cell(r, c), cell(r + 1, c)) for r in range(n - 1) for c in range(n)]
    write(f"dominoes{n}", [cell(r, c) for r in range(n) for c in range(n)], pairs)
# Three 10x10 boards side by side, their cells listed in turn (a1, b1, c1,
# a2, ...): the search goes from board to board, and only counting the
# boards apart (the memo's parts) keeps it small.
boards = []
for b in "abc":
    cell = lambda r, c: f"{b}{r}_{c}"
    boards += [(cell(r, c), cell(r, c + 1)) for r in range(10) for c in range(9)]
    boards += [(cell(r, c), cell(r + 1, c)) for r in range(9) for c in range(10)]
write("boards3x10", [f"{b}{r}_{c}" for r in range(10) for c in range(10) for b in "abc"], boards)
pair = lambda i, j: f"p{i}-{j}"
write("triples13", [pair(i, j) for i, j in itertools.combinations(range(13), 2)],
      [(pair(i, j), pair(i, k), pair(j, k)) for i, j, k in itertools.combinations(range(13), 3)])
# Kirkman: each triple on each of the (v - 1) / 2 days, covering its pairs
# and its points' places on that day.
for v in (9, 15):
    days = (v - 1) // 2
    place = lambda p, d: f"x{p}d{d}"
    write(f"kirkman{v}",
          [pair(i, j) for i, j in itertools.combinations(range(v), 2)]
          + [place(p, d) for p in range(v) for d in range(days)],
          [(pair(i, j), pair(i, k), pair(j, k), place(i, d), place(j, d), place(k, d))
           for i, j, k in itertools.combinations(range(v), 3) for d in range(days)])
# Latin squares: symbol k in cell (i, j) covers the cell, k in row i and k
# in column j; a reduced square has 0..n-1 along its first row and column.
def latin(n, reduced):
    items = [f"r{i}c{j}" for i in range(n) for j in range(n)]
    items += [f"r{i}v{k}" for i in range(n) for k in range(n)]
    items += [f"c{j}v{k}" for j in range(n) for k in range(n)]
    return items, [(f"r{i}c{j}", f"r{i}v{k}", f"c{j}v{k}")
                   for i in range(n) for j in range(n) for k in range(n)
                   if not reduced or ((i > 0 or k == j) and (j > 0 or k == i))]
write("latin6", *latin(6, False))
write("reduced7", *latin(7, True))
write("reduced8", *latin(8, True))
