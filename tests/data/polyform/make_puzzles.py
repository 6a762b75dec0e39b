#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the polyform puzzle files: BurrTools puzzles (examples/polyforms and
tests/data/polyform), spec files for Knuth's generators (tests/data/polyform/knuth)
and the files spoiled on purpose. Run from the repository's root:

    python3 tests/data/polyform/make_puzzles.py .

The output is the same byte for byte on every run (gzip without a time stamp), so a
change to a file shows here first. Counts are in tests/data/polyform/README.md and
examples/polyforms/README.md."""
import gzip
import os
import sys

# ---------------------------------------------------------------- shapes

def picture(rows):
    """Cells (x, y, 0) of the '#' in a picture whose rows are split by '/'."""
    return [(x, y, 0) for y, r in enumerate(rows.split("/")) for x, c in enumerate(r) if c == "#"]

PENTOMINOES = {
    "F": picture(".##/##./.#."), "I": picture("#####"), "L": picture("####/#..."),
    "N": picture("##../.###"), "P": picture("##/##/#."), "T": picture("###/.#./.#."),
    "U": picture("#.#/###"), "V": picture("#../#../###"), "W": picture("#../##./.##"),
    "X": picture(".#./###/.#."), "Y": picture("####/.#.."), "Z": picture("##./.#./.##"),
}

# Soma: the V tricube and the six tetracubes that are not flat lines or squares.
SOMA = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],  # the two screws, mirror images
    "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],  # the branch
}

def normalise(cells):
    """Shifts cells so that each coordinate's least value is 0; sorted."""
    lo = [min(c[i] for c in cells) for i in range(len(cells[0]))]
    return tuple(sorted(tuple(v - m for v, m in zip(c, lo)) for c in cells))

# The Bedlam cube's twelve pentacubes and one tetracube, read off one solution:
# row y of four layers z, each layer's letters by x.
BEDLAM_SOLUTION = ["EEEV DVVV WWZZ FGGZ", "DEBV DECH DWGG FFGZ",
                   "ACBB DCCH FWCH FWXH", "AAAB AYYB YYXH YXXX"]

def bedlam():
    pieces = {}
    for y, row in enumerate(BEDLAM_SOLUTION):
        for z, layer in enumerate(row.split()):
            for x, name in enumerate(layer):
                pieces.setdefault(name, []).append((x, y, z))
    return {name: list(normalise(cells)) for name, cells in sorted(pieces.items())}

BEDLAM = bedlam()

# Triangles in Knuth's coordinates (polyiamond-dlx): (x, y, 0) is the triangle xy
# (pointing up), (x, y, 1) the triangle xy' to its right (pointing down).
def triangle_neighbours(c):
    x, y, d = c
    if d == 0:
        return [(x, y, 1), (x - 1, y, 1), (x, y - 1, 1)]
    return [(x, y, 0), (x + 1, y, 0), (x, y + 1, 0)]

def triangle_turn(c):  # 60 degrees
    x, y, d = c
    return (x + y - 1, 1 - x, 1) if d == 0 else (x + y, 1 - x, 0)

def triangle_mirror(c):
    x, y, d = c
    return (y, x, d)

# Hexagons in axial coordinates (q, r).
def hexagon_neighbours(c):
    q, r = c
    return [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]

def hexagon_turn(c):
    q, r = c
    return (-r, q + r)

def hexagon_mirror(c):
    q, r = c
    return (r, q)

def canonical(cells, turn, mirror, turns):
    forms, cur = [], list(cells)
    for _ in range(2):
        for _ in range(turns):
            forms.append(normalise(cur))
            cur = [turn(c) for c in cur]
        cur = [mirror(c) for c in cur]
    return min(forms)

def free_polyforms(size, start, neighbours, turn, mirror, turns):
    """Every free polyform of `size` cells, grown cell by cell from `start`, in a fixed order."""
    level = {canonical([start], turn, mirror, turns)}
    for _ in range(size - 1):
        grown = set()
        for shape in level:
            cells = set(shape)
            for c in shape:
                for n in neighbours(c):
                    if n not in cells:
                        grown.add(canonical(list(cells | {n}), turn, mirror, turns))
        level = grown
    return sorted(level)

HEXIAMONDS = free_polyforms(6, (0, 0, 0), triangle_neighbours, triangle_turn, triangle_mirror, 6)
TETRAHEXES = free_polyforms(4, (0, 0), hexagon_neighbours, hexagon_turn, hexagon_mirror, 6)
assert len(HEXIAMONDS) == 12 and len(TETRAHEXES) == 7

def hexagons_to_triangles(cells):
    """A hexagon is the six triangles around a vertex; hexagon (q, r) sits at vertex
    q*(2,-1) + r*(1,1), so that neighbouring hexagons share an edge."""
    out = set()
    for q, r in cells:
        i, j = 2 * q + r, r - q
        out |= {(i, j, 0), (i - 1, j, 0), (i, j - 1, 0), (i - 1, j - 1, 1), (i - 1, j, 1), (i, j - 1, 1)}
    return list(normalise(list(out)))

# ---------------------------------------------------------------- BurrTools

def voxel_states(size, filled, variable):
    """'#' filled, '+' variable (may stay empty), '_' empty; x fastest, then y, then z."""
    sx, sy, sz = size
    filled, variable = set(filled), set(variable)
    return "".join("+" if (x, y, z) in variable else "#" if (x, y, z) in filled else "_"
                   for z in range(sz) for y in range(sy) for x in range(sx))

def voxel(name, cells, variable=()):
    every = list(cells) + list(variable)
    size = tuple(max(c[i] for c in every) + 1 for i in range(3))
    return (f'    <voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" name="{name}" type="0">'
            f"{voxel_states(size, cells, variable)}</voxel>")

def box(x, y, z):
    return [(i, j, k) for k in range(z) for j in range(y) for i in range(x)]

def burr_puzzle(pieces, result_name, result, comment, variable=(), counts=None, grid=0):
    """pieces: {name: cells}; counts: {name: n or (min, max)}, 1 if not given. Shapes
    0..n-1 are the pieces, shape n the result."""
    counts = counts or {}
    parts = []
    for i, name in enumerate(pieces):
        c = counts.get(name, 1)
        parts.append(f'        <shape id="{i}" min="{c[0]}" max="{c[1]}"/>' if isinstance(c, tuple)
                     else f'        <shape id="{i}" count="{c}"/>')
    lines = ['<?xml version="1.0"?>', '<puzzle version="2">', f'  <gridType type="{grid}"/>',
             "  <colors/>", "  <shapes>", *(voxel(n, c) for n, c in pieces.items()),
             voxel(result_name, result, variable), "  </shapes>", "  <problems>",
             '    <problem name="Problem" state="0">', "      <shapes>", *parts, "      </shapes>",
             f'      <result id="{len(pieces)}"/>', "      <bitmap/>", "    </problem>",
             "  </problems>", f"  <comment>{comment}</comment>", "</puzzle>", ""]
    return "\n".join(lines)

def write_burr(path, text, compress=True):
    data = text.encode()
    with open(path, "wb") as f:
        f.write(gzip.compress(data, mtime=0) if compress else data)

def burr_triangles(cells):
    """Knuth's triangles on BurrTools' triangle grid: row y, column 2x + d + y; a
    triangle whose column + row is even points up. Shifted by an even amount, which
    keeps each triangle's direction."""
    points = [(2 * x + d + y, y) for x, y, d in cells]
    mx, my = min(p[0] for p in points), min(p[1] for p in points)
    if (mx + my) % 2:
        mx -= 1
    return [(x - mx, y - my, 0) for x, y in points]

def write_burr_files(examples, data):
    for h, w in [(6, 10), (5, 12), (4, 15), (3, 20)]:
        write_burr(f"{examples}/pentominoes-{h}x{w}.xmpuzzle",
                   burr_puzzle(PENTOMINOES, f"{h}x{w}", box(w, h, 1),
                               f"The 12 pentominoes in a {h}x{w} rectangle, as flat pieces of one layer."))
    write_burr(f"{examples}/soma.xmpuzzle",
               burr_puzzle(SOMA, "3x3x3", box(3, 3, 3), "The 7 Soma pieces in a 3x3x3 cube."))
    for dims in [(3, 4, 5), (2, 5, 6), (2, 3, 10)]:
        name = "x".join(map(str, dims))
        write_burr(f"{examples}/pentacubes-{name}.xmpuzzle",
                   burr_puzzle(PENTOMINOES, name, box(*dims),
                               f"The 12 flat pentacubes (the pentominoes, one cube thick) in a {name} box."))
    write_burr(f"{examples}/bedlam.xmpuzzle",
               burr_puzzle(BEDLAM, "4x4x4", box(4, 4, 4),
                           "The 13 pieces of the Bedlam cube (12 pentacubes, 1 tetracube) in a 4x4x4 cube."))
    # A range: each pentomino 0 or 1 times; five of them fill the 5x5 square.
    write_burr(f"{examples}/pentominoes-5x5-range.xmpuzzle",
               burr_puzzle(PENTOMINOES, "5x5", box(5, 5, 1),
                           "Any five of the 12 pentominoes (each 0 or 1 times) in a 5x5 square.",
                           counts={n: (0, 1) for n in PENTOMINOES}))
    # Variable voxels: 60 cells of pieces on 60 filled and 4 variable cells (the
    # centre 2x2), so the variable cells are the holes: Scott's 8x8 problem.
    centre = [(x, y, 0) for x in (3, 4) for y in (3, 4)]
    write_burr(f"{examples}/pentominoes-8x8-centre.xmpuzzle",
               burr_puzzle(PENTOMINOES, "8x8", [c for c in box(8, 8, 1) if c not in centre],
                           "The 12 pentominoes in an 8x8 square whose centre 2x2 is variable (left empty).",
                           variable=centre))

    write_burr(f"{data}/soma-plain.xmpuzzle",
               burr_puzzle(SOMA, "3x3x3", box(3, 3, 3),
                           "The 7 Soma pieces in a 3x3x3 cube (plain XML, not gzip'd)."), compress=False)
    hexiamonds = {"ABCDEFGHIJKL"[i]: burr_triangles(c) for i, c in enumerate(HEXIAMONDS)}
    for w, h in [(6, 6), (9, 4)]:
        kind = "rhombus" if w == h else "parallelogram"
        board = [(x, y, d) for x in range(w) for y in range(h) for d in (0, 1)]
        write_burr(f"{data}/hexiamonds-{h}x{w}-triangles.xmpuzzle",
                   burr_puzzle(hexiamonds, "board", burr_triangles(board),
                               f"The 12 hexiamonds in a {h}x{w} {kind}, on the triangle grid.", grid=1),
                   compress=False)

# ------------------------------------------------ BurrTools' other grids

def sphere_cell(x, y, z):
    return (x + y + z) % 2 == 0

def rhombic_cell(x, y, z):
    """24 cells in each cube of 5: the coordinates mod 5, folded onto 0..2, are 0, 1, 2."""
    folded = sorted(min(v % 5, 4 - v % 5) for v in (x, y, z))
    return folded == [0, 1, 2]

def tetra_octa_cell(x, y, z):
    """In each cube of 3: its centre, and alternate corners by the cube's parity."""
    rest = [v % 3 for v in (x, y, z)]
    if rest == [1, 1, 1]:
        return True
    if 1 in rest:
        return False
    twos = rest.count(2)
    odd_cube = (x // 3 + y // 3 + z // 3) % 2 == 1
    return twos % 2 == (0 if odd_cube else 1)

def cut_into(cells, sizes):
    """The cells, in order, cut into pieces of the given sizes (each piece its cells
    where they lie, so that every piece fits the result at least once)."""
    pieces, k = [], 0
    for size in sizes:
        pieces.append(cells[k:k + size])
        k += size
    assert k == len(cells)
    return pieces

def sphere_pyramid(n):
    """A square pyramid of spheres (as xcover's pyramid-N, shifted to x >= 0)."""
    cells = [(i - j, i + j + l, l) for l in range(n) for i in range(n - l) for j in range(n - l)]
    return [(x + n - 1, y, z) for x, y, z in cells]  # n - 1 even: parity kept when n is odd

def write_grid_files(data):
    """Small puzzles on the sphere, rhombic and tetra-octa grids, each result cut into
    pieces of consecutive cells, written as BurrTools writes them."""
    pyramid = sorted(sphere_pyramid(3), key=lambda c: (c[2], c[1], c[0]))
    assert all(sphere_cell(*c) for c in pyramid) and len(pyramid) == 14
    spheres = cut_into(pyramid, [4, 4, 3, 3])
    write_burr(f"{data}/spheres-pyramid-3.xmpuzzle",
               burr_puzzle({f"S{k}": c for k, c in enumerate(spheres)}, "pyramid", pyramid,
                           "A pyramid of 14 spheres cut into four pieces, on the sphere grid.",
                           grid=2), compress=False)
    rhombic = [(x, y, z) for z in range(5) for y in range(5) for x in range(10)
               if rhombic_cell(x, y, z)]
    assert len(rhombic) == 48
    write_burr(f"{data}/rhombic-two-cubes.xmpuzzle",
               burr_puzzle({f"R{k}": c for k, c in enumerate(cut_into(rhombic, [8] * 6))},
                           "cubes", rhombic,
                           "Two cubes of the rhombic grid cut into six pieces.", grid=3),
               compress=False)
    tetra = [(x, y, z) for z in range(3) for y in range(6) for x in range(6)
             if tetra_octa_cell(x, y, z)]
    assert len(tetra) == 20
    write_burr(f"{data}/tetra-octa-four-cubes.xmpuzzle",
               burr_puzzle({f"T{k}": c for k, c in enumerate(cut_into(tetra, [5, 5, 5, 5]))},
                           "cubes", tetra,
                           "Four cubes of the tetra-octa grid cut into four pieces.", grid=4),
               compress=False)

def write_spoiled_files(data):
    soma = burr_puzzle(SOMA, "3x3x3", box(3, 3, 3), "Soma, spoiled on purpose.")
    spoiled = {
        "bad-xml": soma.replace("      </shapes>\n", ""),
        "bad-grid-unknown": soma.replace('<gridType type="0"/>', '<gridType type="9"/>'),
        "bad-grid-triangles": burr_puzzle({"D": [(0, 0, 0), (1, 0, 0)]}, "strip", box(4, 1, 1),
                                          "Two diamonds in a strip of four triangles, on the triangle grid.",
                                          counts={"D": 2}, grid=1),
        "bad-missing-shape": soma.replace('<shape id="6" count="1"/>', '<shape id="12" count="1"/>'),
        "bad-missing-result": soma.replace('<result id="7"/>', '<result id="20"/>'),
        "bad-voxel-short": soma.replace("#" * 27, "#" * 26),
        "bad-voxel-char": soma.replace('name="V" type="0">###_', 'name="V" type="0">##x_'),
    }
    for name, text in spoiled.items():
        assert text != soma, name
        write_burr(f"{data}/{name}.xmpuzzle", text, compress=False)
    packed = gzip.compress(soma.encode(), mtime=0)
    with open(f"{data}/bad-truncated.xmpuzzle", "wb") as f:
        f.write(packed[: len(packed) // 2])

# ---------------------------------------------------------------- Knuth's specs

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

def digit_set(values):
    """One radix-62 digit, or a bracketed set with ranges: '[1-35]' is {1, 2, 3, 5}."""
    values = sorted(set(values))
    if len(values) == 1:
        return DIGITS[values[0]]
    parts, i = [], 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(DIGITS[values[i]] if i == j else f"{DIGITS[values[i]]}-{DIGITS[values[j]]}")
        i = j + 1
    return "[" + "".join(parts) + "]"

def write_spec(path, comment, board, pieces):
    with open(path, "w") as f:
        for line in comment:
            f.write(f"| {line}\n")
        f.write(board + "\n")
        for name, cells in pieces.items():
            f.write(f"{name} {' '.join(cells)}\n")

def triangle_cells(cells):
    return [DIGITS[x] + DIGITS[y] + ("'" if d else "") for x, y, d in cells]

def triangle_board(cells):
    """The board's triangles as rows of bracketed x sets: polyiamond-dlx reads at most
    1024 characters a line, which a board written cell by cell can pass."""
    rows = {}
    for x, y, d in cells:
        rows.setdefault((y, d), []).append(x)
    return " ".join(digit_set(xs) + DIGITS[y] + ("'" if d else "") for (y, d), xs in sorted(rows.items()))

def write_knuth_specs(knuth):
    full = lambda n: digit_set(range(n))
    # polyomino-dlx: cell xy; here x is the row (0..h-1) and y the column.
    ominoes = {n: [DIGITS[y] + DIGITS[x] for x, y, _ in c] for n, c in PENTOMINOES.items()}
    for h, w in [(6, 10), (5, 12), (4, 15), (3, 20)]:
        write_spec(f"{knuth}/pentominoes-{h}x{w}.polyomino",
                   [f"The 12 pentominoes in a {h}x{w} rectangle (polyomino-dlx)."],
                   full(h) + full(w), ominoes)
    # polycube-dlx: cell xyz.
    cubes = lambda cells: [DIGITS[x] + DIGITS[y] + DIGITS[z] for x, y, z in cells]
    write_spec(f"{knuth}/soma.polycube", ["The 7 Soma pieces in a 3x3x3 cube (polycube-dlx)."],
               full(3) * 3, {n: cubes(c) for n, c in SOMA.items()})
    for dims in [(3, 4, 5), (2, 5, 6), (2, 3, 10)]:
        name = "x".join(map(str, dims))
        write_spec(f"{knuth}/pentacubes-{name}.polycube",
                   [f"The 12 flat pentacubes in a {name} box (polycube-dlx)."],
                   "".join(full(d) for d in dims), {n: cubes(c) for n, c in PENTOMINOES.items()})
    write_spec(f"{knuth}/bedlam.polycube", ["The 13 Bedlam cube pieces in a 4x4x4 cube (polycube-dlx)."],
               full(4) * 3, {n: cubes(c) for n, c in BEDLAM.items()})
    # polyiamond-dlx: a board of h rows of w rhombi, each rhombus the triangles xy, xy'.
    hexiamonds = {"ABCDEFGHIJKL"[i]: triangle_cells(c) for i, c in enumerate(HEXIAMONDS)}
    for w, h in [(6, 6), (9, 4)]:
        kind = "rhombus" if w == h else "parallelogram"
        write_spec(f"{knuth}/hexiamonds-{h}x{w}.polyiamond",
                   [f"The 12 hexiamonds in a {h}x{w} {kind} of {2 * w * h} triangles (polyiamond-dlx)."],
                   f"{full(w)}{full(h)} {full(w)}{full(h)}'", hexiamonds)
    # Polyhexes through polyiamond-dlx, each hexagon six triangles. "1|": polyiamond-dlx
    # copies a piece line's first characters into an 8-byte buffer while it looks for a
    # multiplicity's '|', and a long line without one overruns it.
    tetrahexes = {"1|" + "ABCDEFG"[i]: triangle_cells(hexagons_to_triangles(c))
                  for i, c in enumerate(TETRAHEXES)}
    for w, h in [(7, 4), (14, 2)]:
        board = hexagons_to_triangles([(q, r) for q in range(w) for r in range(h)])
        write_spec(f"{knuth}/tetrahexes-{h}x{w}.polyiamond",
                   [f"The 7 tetrahexes in a {h}x{w} parallelogram of hexagons (polyiamond-dlx;",
                    "each hexagon is the six triangles around a vertex; '1|' is an explicit multiplicity)."],
                   triangle_board(board), tetrahexes)

def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    examples = os.path.join(root, "examples/polyforms")
    data = os.path.join(root, "tests/data/polyform")
    knuth = os.path.join(data, "knuth")
    for d in (examples, data, knuth):
        os.makedirs(d, exist_ok=True)
    write_burr_files(examples, data)
    write_spoiled_files(data)
    write_grid_files(data)
    write_knuth_specs(knuth)

if __name__ == "__main__":
    main()
