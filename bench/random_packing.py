#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random packing puzzles against BurrTools' burrTxt -d: for each seed, a box
with a lid that has a small opening, and pieces cut at random from the cavity
and the opening; both programs count the distinct assemblies and the
solutions (the assemblies that come apart) and list the solutions' levels,
and this prints the seeds where they differ and a summary.

    BURRTXT=P python3 bench/random_packing.py [--grid prism] BUILD_DIR [SEEDS [FIRST [CAVITY]]]

SEEDS (default 200) seeds from FIRST (default 1); CAVITY (XxYxZ, e.g. 3x3x3)
sets every puzzle's cavity, else each seed picks one of 8 to 18 cells; with
it, each seed's counts and times are printed too (xcover's twice: listing
the solutions, each drawn, and counting them with --count, nearer to
burrTxt -d's output of a level line a solution). Half the seeds make the lid
part of the box (the pieces leave through the opening or not at all), half
make it a piece of its own. --grid prism makes the puzzles of triangular
prisms (BurrTools' grid 1): the cavity X triangles along a row (both ways
up), Y rows, Z layers, each seed picking one of 8 to 18 prisms; the box's
walls are a triangle thick, and pieces slide along the rows, the slanted
edges and the layers. The puzzles are written as BurrTools files
(tests/data/polyform/make_puzzles.py's writer) into a scratch folder; burrTxt
runs as `burrTxt -d FILE`, xcover as `xcover polyform FILE --distinct
--disassemble --threads 1`. Exit status 1 when some seed differs."""
import importlib.util
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location(
    "make_puzzles", ROOT / "tests" / "data" / "polyform" / "make_puzzles.py")
puzzles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(puzzles)

# The 24 turns of the cube, as functions of (x, y, z).
def _turns():
    def quarter(axis):
        return {0: lambda c: (c[0], -c[2], c[1]), 1: lambda c: (c[2], c[1], -c[0]),
                2: lambda c: (-c[1], c[0], c[2])}[axis]
    found, frontier = {(1, 2, 3): lambda c: c}, [lambda c: c]
    while frontier:
        f = frontier.pop()
        for axis in range(3):
            g = (lambda f, q: lambda c: q(f(c)))(f, quarter(axis))
            key = g((1, 2, 3))
            if key not in found:
                found[key] = g
                frontier.append(g)
    return list(found.values())

TURNS = _turns()
assert len(TURNS) == 24


def canonical(cells):
    """A shape's cells normalised, the least of its turns: equal for shapes one
    turn makes the same."""
    return min(puzzles.normalise([turn(c) for c in cells]) for turn in TURNS)


def cube_neighbours(c):
    return tuple(tuple(a + b for a, b in zip(c, d)) for d in
                 ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)))


def cut(cells, rng, neighbours=cube_neighbours, sizes=(3, 4)):
    """The cells cut into connected pieces of about three or four cells each
    (or as `sizes` says), grown at random from random seeds (neighbours: a
    cell's)."""
    cells = sorted(cells)
    left = set(cells)
    count = max(2, len(cells) // rng.choice(sizes))
    pieces = [[c] for c in rng.sample(cells, count)]
    for piece in pieces:
        left.discard(piece[0])
    while left:
        growing = [(p, n) for p, piece in enumerate(pieces) for c in piece
                   for n in neighbours(c) if n in left]
        p, cell = rng.choice(sorted(growing))
        pieces[p].append(cell)
        left.discard(cell)
    return pieces


# Prisms: BurrTools' voxel (x, y, z) of its triangle grid points up when x + y
# is even. A triangle is also named by the three families of lines of the
# grid that bound it (i, j, k): i + j + k is -1 pointing up, -2 down; a turn
# by 120 degrees cycles them, one by 180 negates them (less one), a mirror
# swaps two: the 12 turns of a prism are the 6 in the plane, and the 6
# mirrors in the plane each with the layers reversed.
def triangle_lines(x, y):
    up = (x + y) % 2 == 0
    i = (x - y) // 2 if up else (x - y - 1) // 2
    return i, y, (-1 if up else -2) - i - y


def triangle_voxel(i, j, k):
    return (2 * i + j if i + j + k == -1 else 2 * i + j + 1), j


def _prism_turns():
    def cycle(t):
        return t[1], t[2], t[0]

    def half(t):
        return -1 - t[0], -1 - t[1], -1 - t[2]

    def mirror(t):
        return t[1], t[0], t[2]

    def apply(steps, flip):
        def turn(c):
            t = triangle_lines(c[0], c[1])
            for step in steps:
                t = step(t)
            x, y = triangle_voxel(*(mirror(t) if flip else t))
            return x, y, -c[2] if flip else c[2]
        return turn

    planar = [[], [cycle], [cycle, cycle], [half], [half, cycle], [half, cycle, cycle]]
    return [apply(steps, flip) for steps in planar for flip in (False, True)]


PRISM_TURNS = _prism_turns()


def prism_normalise(cells):
    """Shifted so that the least x and y are 0 or x is 1 (keeping each triangle's
    direction: x + y changes by an even amount), the least z 0; sorted."""
    lx, ly, lz = (min(c[i] for c in cells) for i in range(3))
    if (lx + ly) % 2:
        lx -= 1
    return tuple(sorted((x - lx, y - ly, z - lz) for x, y, z in cells))


def prism_canonical(cells):
    return min(prism_normalise([turn(c) for c in cells]) for turn in PRISM_TURNS)


def prism_neighbours(c):
    """The prisms that share a face with c."""
    x, y, z = c
    return ((x - 1, y, z), (x + 1, y, z), (x, y - 1 if (x + y) % 2 == 0 else y + 1, z),
            (x, y, z - 1), (x, y, z + 1))


def make_puzzle(seed, cavity=None, grid="cube"):
    """The BurrTools text of the seed's puzzle (its cavity `cavity`, or one the
    seed picks)."""
    rng = random.Random(seed)
    prism = grid == "prism"
    if prism:
        cx, cy, cz = rng.choice(((4, 2, 1), (4, 2, 2), (3, 3, 2), (5, 2, 1), (6, 2, 1), (4, 3, 1),
                                 (5, 3, 1), (6, 3, 1), (3, 2, 3), (4, 1, 3), (6, 1, 2)))
    else:
        cx, cy, cz = rng.choice(((2, 2, 2), (2, 3, 2), (3, 2, 2), (2, 2, 3), (3, 3, 1),
                                 (3, 3, 2), (2, 3, 3), (4, 2, 2), (4, 3, 1)))
    if cavity:
        cx, cy, cz = cavity
    size = (cx + 2, cy + 2, cz + 2)  # walls all round; the lid is the top layer
    top = size[2] - 1
    cavity = [(x, y, z) for z in range(1, top) for y in range(1, cy + 1) for x in range(1, cx + 1)]
    # The opening: one cell of the lid above the cavity, or two side by side
    # (of prisms, two to four triangles).
    x, y = rng.randint(1, cx), rng.randint(1, cy)
    opening = [(x, y, top)]
    if prism:
        for _ in range(rng.randint(1, 3)):
            opening.append(rng.choice(sorted(
                {n for c in opening for n in prism_neighbours(c) if n[2] == top
                 and 1 <= n[0] <= cx and 1 <= n[1] <= cy and n not in opening})))
    elif rng.random() < 0.5:
        other = (x + 1, y, top) if x < cx else (x - 1, y, top)
        opening.append(other)
    inside = set(cavity) | set(opening)
    box = [c for c in puzzles.box(*size) if c not in inside]
    lid_apart = seed % 2 == 0
    shapes = []
    if lid_apart:
        shapes.append([c for c in box if c[2] == top])
        shapes.append([c for c in box if c[2] != top])
    else:
        shapes.append(box)
    shapes += cut(inside, rng, prism_neighbours, (2, 3)) if prism else cut(inside, rng)
    # Pieces one turn makes the same are copies of one shape.
    by_shape = {}
    for cells in shapes:
        by_shape.setdefault((prism_canonical if prism else canonical)(cells), []).append(cells)
    pieces, counts = {}, {}
    for k, (_, same) in enumerate(by_shape.items()):
        name = f"P{k}"
        pieces[name] = list((prism_normalise if prism else puzzles.normalise)(same[0]))
        counts[name] = len(same)
    return puzzles.burr_puzzle(pieces, "Box", puzzles.box(*size),
                               f"random packing, seed {seed}", counts=counts,
                               grid=1 if prism else 0)


SECONDS = {"burrTxt": 0.0, "xcover": 0.0}  # wall-clock, in all


def timed(who, command):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    SECONDS[who] += time.perf_counter() - start
    return out


def burrtxt_counts(burrtxt, path):
    out = timed("burrTxt", [burrtxt, "-d", path])
    if out.returncode != 0:
        return None
    found = re.findall(r"^(\d+) assemblies and (\d+) solutions", out.stdout, re.M)
    if not found:
        return None
    levels = sorted(re.findall(r"^level: *(\S+)", out.stdout, re.M))
    return int(found[-1][0]), int(found[-1][1]), levels


def xcover_counts(xcover, path):
    out = timed("xcover", [xcover, "polyform", path, "--distinct", "--disassemble", "--threads", "1"])
    if out.returncode != 0:
        return None
    assemblies = re.findall(r": (\d+) assembl\S* found;", out.stderr)
    levels = sorted(re.findall(r"^level ([0-9.]+),", out.stdout, re.M))
    return int(assemblies[-1]), len(levels), levels


def xcover_count_seconds(xcover, path):
    """The seconds of xcover counting the solutions (--count: burrTxt -d
    prints a level line a solution; xcover's listing draws each one)."""
    start = time.perf_counter()
    subprocess.run([xcover, "polyform", path, "--distinct", "--disassemble", "--count",
                    "--threads", "1"], capture_output=True, timeout=600, check=True)
    return time.perf_counter() - start


def main():
    args = sys.argv[1:]
    grid = "cube"
    if args[:1] == ["--grid"] and len(args) > 1 and args[1] in ("cube", "prism"):
        grid, args = args[1], args[2:]
    if not 1 <= len(args) <= 4 or not os.environ.get("BURRTXT"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    xcover = str(pathlib.Path(args[0]) / "xcover")
    burrtxt = os.environ["BURRTXT"]
    seeds = int(args[1]) if len(args) > 1 else 200
    first = int(args[2]) if len(args) > 2 else 1
    cavity = tuple(int(v) for v in args[3].split("x")) if len(args) > 3 else None
    same = {"assemblies": 0, "solutions": 0, "levels": 0}
    differ, failed = [], []
    kinds = {"apart": 0, "shut": 0}
    totals = [0, 0]  # assemblies, solutions
    hardest = []  # the level with the most moves before the first part comes off
    with tempfile.TemporaryDirectory() as scratch:
        for seed in range(first, first + seeds):
            path = os.path.join(scratch, f"seed-{seed}.xmpuzzle")
            puzzles.write_burr(path, make_puzzle(seed, cavity, grid))
            before = dict(SECONDS)
            bt, xc = burrtxt_counts(burrtxt, path), xcover_counts(xcover, path)
            if cavity and bt is not None:
                took = {who: SECONDS[who] - before[who] for who in SECONDS}
                counted = xcover_count_seconds(xcover, path)
                print(f"seed {seed}: {bt[0]} assemblies, {bt[1]} solutions; burrTxt "
                      f"{took['burrTxt']:.2f} s, xcover {took['xcover']:.2f} s listing them, "
                      f"{counted:.2f} s counting (burrTxt / that: "
                      f"{took['burrTxt'] / counted:.1f}x)", flush=True)
            if bt is None or xc is None:
                failed.append(f"seed {seed}: {'burrTxt' if bt is None else 'xcover'} failed")
                continue
            kinds["apart" if bt[1] else "shut"] += 1
            totals[0] += bt[0]
            totals[1] += bt[1]
            for level in bt[2]:
                numbers = [int(n) for n in level.split(".")]
                hardest = max(hardest, numbers)
            for key, a, b in zip(same, bt, xc):
                same[key] += a == b
            if bt != xc:
                differ.append(f"seed {seed}: burrTxt {bt[0]} assemblies, {bt[1]} solutions, "
                              f"levels {' '.join(bt[2][:8])}; xcover {xc[0]}, {xc[1]}, "
                              f"{' '.join(xc[2][:8])}")
    for line in failed + differ:
        print(line)
    ran = seeds - len(failed)
    print(f"{grid}: {ran} seeds from {first} ({kinds['apart']} with solutions, {kinds['shut']} none): "
          f"assemblies equal on {same['assemblies']}, solutions on {same['solutions']}, "
          f"levels on {same['levels']}; {totals[0]} assemblies and {totals[1]} solutions in "
          f"all, the hardest level {'.'.join(map(str, hardest)) or '-'}; seconds in all "
          f"(wall clock, each run a process): burrTxt {SECONDS['burrTxt']:.2f}, xcover "
          f"{SECONDS['xcover']:.2f}")
    return 1 if differ or failed else 0


if __name__ == "__main__":
    sys.exit(main())
