# SPDX-License-Identifier: MIT
"""Polyform tilings from Python on the four lattices: counts known from the
literature (all and distinct), small boards on triangles and hexagons counted
again by a brute force in plain Python with its own geometry, orbit sizes
adding up to the full count, pictures, ranges, one-sided pieces, errors."""
import pathlib
import pickle
import re

import pytest

import xcover_dlx as xc
from xcover_dlx import polyform as pf


# --- a brute force with its own geometry -------------------------------------

def square_images(cell, k):
    """Symmetry k of 8 (4 turns, then their mirror images) of (row, col)."""
    r, c = cell
    if k >= 4:
        c = -c
    for _ in range(k % 4):
        r, c = c, -r
    return r, c


def hex_images(cell, k):
    """Symmetry k of 12 of hexagon (row, col): axial coordinates q = col,
    r = row, neighbours (0, +-1), (-1, 0), (-1, +1), (+1, -1), (+1, 0); a
    turn of 60 degrees takes (q, r) to (-r, q + r), the mirror swaps them."""
    r, q = cell
    if k >= 6:
        q, r = r, q
    for _ in range(k % 6):
        q, r = -r, q + r
    return r, q


def triangle_vertices(cell):
    """The three corners of triangle (row, col), as (line, half-unit across):
    up (row + col even) has its apex on line `row`, down its base."""
    r, c = cell
    if (r + c) % 2 == 0:
        return [(r, c + 1), (r + 1, c), (r + 1, c + 2)]
    return [(r, c), (r, c + 2), (r + 1, c + 1)]


def triangle_of(vertices):
    top = min(i for i, _ in vertices)
    upper = sorted(x for i, x in vertices if i == top)
    return (top, upper[0] - 1) if len(upper) == 1 else (top, upper[0])


def triangle_images(cell, k):
    """Symmetry k of 12 of a triangle: its corners in the axial coordinates
    of the vertex lattice (u, v) = ((x - i - 1) / 2, i), turned by
    (u, v) -> (-v, u + v), mirrored by (u, v) -> (u + v, -v)."""
    corners = []
    for i, x in triangle_vertices(cell):
        u, v = (x - i - 1) // 2, i
        if k >= 6:
            u, v = u + v, -v
        for _ in range(k % 6):
            u, v = -v, u + v
        corners.append((v, 2 * u + v + 1))
    return triangle_of(corners)


GEOMETRY = {  # images, symmetries (rotations first), translation test
    "square": (square_images, 8, 4, lambda dr, dc: True),
    "hex": (hex_images, 12, 6, lambda dr, dc: True),
    "triangle": (triangle_images, 12, 6, lambda dr, dc: (dr + dc) % 2 == 0),
}


def placements(lattice, shape, board, reflections):
    """Every set of board cells the shape covers, turned (and flipped)."""
    images, count, rotations, moves = GEOMETRY[lattice]
    cells = [(r, c) for r, c, _ in shape]
    found = set()
    for k in range(count if reflections else rotations):
        turned = [images(cell, k) for cell in cells]
        anchor = min(turned)
        for target in board:
            dr, dc = target[0] - anchor[0], target[1] - anchor[1]
            if not moves(dr, dc):
                continue
            placed = frozenset((r + dr, c + dc) for r, c in turned)
            if placed <= board:
                found.add(placed)
    return found


def brute_force_count(lattice, board_shape, pieces, reflections=True):
    """Tilings of the board with each piece once, by trying every placement
    of an unused piece on the first empty cell."""
    board = frozenset((r, c) for r, c, _ in board_shape)
    options = [placements(lattice, p.shape, board, reflections if p.flips is None else p.flips)
               for p in pieces]

    def count(empty, unused):
        if not empty:
            return 1
        first = min(empty)
        total = 0
        for p in unused:
            for placed in options[p]:
                if first in placed and placed <= empty:
                    total += count(empty - placed, unused - {p})
        return total

    return count(board, frozenset(range(len(pieces))))


def check_orbits(tiling_all, tiling_distinct):
    """The full count is the sum of the orbit sizes of the distinct tilings."""
    distinct = list(tiling_distinct.solutions())
    assert len(distinct) == tiling_distinct.count().solutions
    assert sum(tiling_distinct.orbit_size(s) for s in distinct) == tiling_all.count().solutions
    return distinct


# --- lattices and shapes ------------------------------------------------------------

def test_lattices_by_enum_or_name():
    assert [lattice.value for lattice in pf.Lattice] == ["square", "triangle", "hex", "cube",
                                                         "prism", "sphere", "rhombic",
                                                         "tetra-octa"]
    assert pf.Lattice("hex") is pf.Lattice.hex
    assert pickle.loads(pickle.dumps(pf.Lattice.cube)) is pf.Lattice.cube
    assert [pf.rotation_count(name) for name in ("square", "triangular", "hexagonal", "cubic")] \
        == [4, 6, 6, 24]
    assert [pf.symmetry_count(lattice) for lattice in pf.Lattice] == [8, 12, 12, 48, 24, 240,
                                                                      48, 48]
    assert pf.make_tiling(pf.Lattice.cube, "1x1x2", {"D": [(0, 0, 0), (0, 0, 1)]}).lattice \
        is pf.Lattice.cube


def test_the_module_geometry_agrees_with_the_brute_force():
    for lattice, (images, count, _, moves) in GEOMETRY.items():
        assert pf.symmetry_count(lattice) == count
        shape = pf.named_pieces(lattice, pf.piece_set_names(lattice)[0])[3].shape
        cells = [(r, c) for r, c, _ in shape]
        ours = set()
        for k in range(count):
            turned = [images(cell, k) for cell in cells]
            ours.add(pf.normalized(lattice, turned))
        assert set(pf.orientations(lattice, shape)) == ours, lattice
        assert pf.is_translation(lattice, (1, 1)) and pf.is_translation(lattice, (0, 2))
        assert pf.is_translation(lattice, (0, 1)) == moves(0, 1)


def test_shapes_from_cells_and_pictures():
    corner = pf.Shape([(0, 0), (1, 0), (0, 1)])
    assert corner == pf.Shape("##\n#.") == pf.Shape(["##", "#."]) == pf.Shape(corner)
    assert corner.cells == [(0, 0, 0), (0, 1, 0), (1, 0, 0)] == list(corner)
    assert len(corner) == 3 and (1, 0) in corner and (1, 1, 0) not in corner
    assert corner.picture() == ["##", "#."]
    assert hash(corner) == hash(pf.Shape("##\n#."))
    assert pf.Shape([(5, 7), (5, 8)]).normalized() == pf.Shape("##")
    assert pf.Shape(["#", "-", "#"]).cells == [(0, 0, 0), (0, 0, 1)]
    assert pf.Shape("  # #\n # #").cells == [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)]
    assert pf.transform("square", 1, (0, 1)) in {(1, 0, 0), (-1, 0, 0)}
    assert eval(repr(corner), {"Shape": pf.Shape}) == corner
    assert len(pf.orientations("square", "##\n#.")) == 4
    assert len(pf.orientations("square", "###\n#..", reflections=False)) == 4
    assert len(pf.orientations("square", "###\n#..")) == 8
    assert len(pf.orientations("cube", pf.named_pieces("cube", "soma")[0].shape)) >= 12


def test_named_sets_and_boards():
    assert "pentominoes" in pf.piece_set_names("square")
    assert pf.piece_set_names("hex") == ["tetrahexes"]
    assert [len(pf.named_pieces(lattice, name)) for lattice, name in [
        ("square", "pentominoes"), ("square", "hexominoes"), ("triangle", "hexiamonds"),
        ("hex", "tetrahexes"), ("cube", "soma"), ("cube", "bedlam"),
        ("cube", "pentominoes")]] == [12, 35, 12, 7, 7, 13, 12]
    assert len(pf.builtin_board("square", "8x8-centre")) == 60
    assert len(pf.builtin_board("triangle", "hexagon-2")) == 24
    assert len(pf.builtin_board("hex", "hexagon-3")) == 19
    assert len(pf.builtin_board("cube", "3x3x3")) == 27
    piece = pf.named_pieces("square", "pentominoes")[0]
    assert isinstance(piece, pf.Piece) and len(piece.shape) == 5 and piece.copies == 1
    assert piece.min_copies is None and piece.flips is None and piece.fewest == 1


# --- counts ----------------------------------------------------------------------------

@pytest.mark.parametrize("board, distinct, every", [("3x20", 2, 8), ("6x10", 2339, 9356)])
def test_pentomino_rectangles(board, distinct, every):
    assert pf.make_tiling("square", board, "pentominoes").count().solutions == every
    tiling = pf.make_tiling("square", board, "pentominoes", distinct=True)
    assert tiling.count().solutions == distinct
    if board == "3x20":
        assert tiling.count(threads=2).solutions == distinct


def test_pentominoes_3x20_each_distinct_tiling_and_its_orbit():
    every = pf.make_tiling("square", "3x20", "pentominoes")
    tiling = pf.make_tiling("square", "3x20", "pentominoes", distinct=True)
    distinct = check_orbits(every, tiling)
    assert [tiling.orbit_size(s) for s in distinct] == [4, 4]
    assert tiling.symmetry_count == 4
    pictures = {tuple(tiling.picture(s)) for s in distinct}
    assert len(pictures) == 2
    for picture in pictures:
        assert len(picture) == 3 and all(len(row) == 20 for row in picture)
        assert sorted(set("".join(picture))) == sorted("FILNPTUVWXYZ")


def test_soma_cube():
    assert pf.make_tiling("cube", "3x3x3", "soma").count().solutions == 11520
    soma = pf.make_tiling("cube", "3x3x3", "soma", distinct=True)
    assert soma.count().solutions == 240
    first = soma.solve()
    assert first is not None and soma.keep(first)
    picture = soma.picture(first)
    assert picture.count("-") == 2 and len(picture) == 3 * 3 + 2


def test_tetrahexes_against_the_brute_force():
    pieces = pf.named_pieces("hex", "tetrahexes")
    cases = [("3x4", (1, 2, 3)), ("3x4", (1, 3, 5)), ("3x4", (0, 1, 2)), ("2x6", (0, 1, 2)),
             ("4x4", (0, 1, 2, 3)), ("4x7", range(7))]
    nonzero = 0
    for board, chosen in cases:
        chosen = [pieces[k] for k in chosen]
        every = pf.make_tiling("hex", board, chosen)
        expected = brute_force_count("hex", pf.builtin_board("hex", board), chosen)
        assert every.count().solutions == expected, board
        nonzero += expected > 0
        check_orbits(every, pf.make_tiling("hex", board, chosen, distinct=True))
    assert nonzero == 5


def test_hexiamonds_against_the_brute_force():
    pieces = pf.named_pieces("triangle", "hexiamonds")
    cases = [("hexagon-2", (1, 2, 3, 7)), ("hexagon-2", (1, 5, 6, 10)), ("2x6", (4, 5, 9, 10)),
             ("3x4", (0, 4, 5, 9)), ("2x6", (0, 1, 2, 3)), ("triangle-6", range(5, 11))]
    nonzero = 0
    for board, chosen in cases:
        chosen = [pieces[k] for k in chosen]
        every = pf.make_tiling("triangle", board, chosen)
        expected = brute_force_count("triangle", pf.builtin_board("triangle", board), chosen)
        assert every.count().solutions == expected, board
        nonzero += expected > 0
        check_orbits(every, pf.make_tiling("triangle", board, chosen, distinct=True))
    assert nonzero == 4


def test_copies_are_counted_once_and_numbered():
    tiling = pf.make_tiling("square", "2x3", [pf.Piece("D", "##", copies=3)])
    assert tiling.count().solutions == 3
    pictures = sorted(tiling.pictures())
    assert pictures == [['D:1 D:1 D:2', 'D:3 D:3 D:2'], ['D:1 D:2 D:2', 'D:1 D:3 D:3'],
                        ['D:1 D:2 D:3', 'D:1 D:2 D:3']]
    solution = next(iter(tiling.solutions()))
    assert sorted(tiling.copy_numbers(solution)) == [1, 2, 3]
    assert all(name == "D" and len(cells) == 2 for name, _, cells in tiling.placements(solution))
    assert pf.make_tiling("square", "2x3", [pf.Piece("D", "##", copies=3)],
                          distinct=True).count().solutions == 2


def test_a_range_of_copies_and_a_piece_of_none_or_one():
    pieces = [pf.Piece("D", "##", copies=2, min_copies=0), pf.Piece("Q", "##\n##", min_copies=0)]
    tiling = pf.make_tiling("square", "2x2", pieces)
    problem = tiling.problem
    # Neither bound can bind (three dominoes or two squares would not fit):
    # no item for either. On a 2x3 board a third domino would: D's is one.
    assert "Q" not in problem.secondary and "D" not in problem.primary
    assert "D" in pf.make_tiling("square", "2x3", pieces).problem.primary
    # (Fields as wide as the widest label.)
    assert sorted(tiling.pictures()) == [["D:1 D:1", "D:2 D:2"], ["D:1 D:2", "D:1 D:2"],
                                         ["Q   Q", "Q   Q"]]
    assert tiling.count(threads=2).solutions == 3


def test_one_sided_pieces():
    # Two L tetrominoes in a 2x4: mirrored Ls too, or only turned ones.
    board = pf.builtin_board("square", "2x4")
    for flips in (None, False, True):
        pieces = [pf.Piece("A", "#..\n###", flips=flips), pf.Piece("B", "#..\n###", flips=flips)]
        tiling = pf.make_tiling("square", board, pieces)
        expected = brute_force_count("square", board, pieces)
        assert tiling.count().solutions == expected, flips
    two_sided = pf.make_tiling("square", board, [pf.Piece("A", "#..\n###"),
                                                 pf.Piece("B", "#..\n###")])
    one_sided = pf.make_tiling("square", board, [pf.Piece("A", "#..\n###"),
                                                 pf.Piece("B", "#..\n###")], reflections=False)
    assert one_sided.count().solutions < two_sided.count().solutions
    # Turned only, tilings are the same under the board's rotations alone.
    pieces = [pf.Piece("A", "#..\n###"), pf.Piece("B", "#..\n###")]
    check_orbits(one_sided, pf.make_tiling("square", board, pieces, reflections=False,
                                           distinct=True))
    check_orbits(two_sided, pf.make_tiling("square", board, pieces, distinct=True))


def test_a_puzzle_with_optional_cells():
    puzzle = pf.Puzzle("square", "1x3", {"D": "##"}, optional_cells=[(0, 0), (0, 2)], name="p")
    assert puzzle.lattice is pf.Lattice.square and puzzle.name == "p"
    tiling = pf.make_tiling(puzzle)
    assert sorted(tiling.pictures()) == [[".DD"], ["DD."]]
    assert len(tiling.optional_cells) == 2


# --- solutions, limits -------------------------------------------------------------------

def test_solutions_are_lazy_and_limited_by_kept_ones():
    tiling = pf.make_tiling("square", "6x10", "pentominoes", distinct=True)
    it = tiling.solutions(5)
    assert it.status is None
    got = list(it)
    assert len(got) == 5 and all(tiling.keep(s) for s in got)
    assert it.status == xc.Status.solution_limit
    assert tiling.count(7).solutions == 7 and tiling.count(7).status == xc.Status.solution_limit
    for solution in got:
        assert sorted(tiling.problem.option_keys(solution)) == sorted(solution)
    assert tiling.count(time_limit=1e-9).status in (xc.Status.time_limit, xc.Status.exhausted)


# --- disassembly -------------------------------------------------------------------------

def corridor_tiling():
    """A 3x6x3 block with a corridor of four cells along its middle row and a
    slot of two above its first two, which two bars and two cubes fill (the
    --sort puzzle of tests/test_disassembly.cpp): 8 distinct assemblies."""
    block = [(r, c, l) for l in range(3) for r in range(3) for c in range(6)]
    hollow = {(1, c, 1) for c in range(1, 5)} | {(1, 1, 2), (1, 2, 2)}
    pieces = [pf.Piece("box", [cell for cell in block if cell not in hollow]),
              pf.Piece("bar", [(0, 0, 0), (0, 1, 0)], copies=2),
              pf.Piece("cube", [(0, 0, 0)], copies=2)]
    return pf.make_tiling("cube", "3x6x3", pieces, distinct=True)


def test_solutions_that_come_apart_and_how():
    tiling = corridor_tiling()
    it = tiling.solutions(disassemble=True)
    assert it.disassembly is None
    got, found = [], []
    for solution in it:
        # What the filter found, handed over: the same as taking it apart again.
        got.append(solution)
        found.append(it.disassembly)
        again = tiling.disassemble(solution)
        assert (found[-1].level, found[-1].moves, found[-1].plan) == \
            (again.level, again.moves, again.plan)
    assert it.assemblies == 8 and len(got) == 8
    assert sorted(f.level_text for f in found) == ["1.1.1.2"] * 4 + ["1.1.2.2"] * 4
    for solution, f in zip(got, found):
        assert f.apart and f.level[0] == 1 and len(f.plan) == f.moves
        assert sum(m.distance for m in f.plan if not m.removes) == f.steps
        assert all(sum(map(abs, m.direction)) == 1 for m in f.plan)
        # Each part comes off once: one removal fewer than pieces.
        assert sum(m.removes for m in f.plan) == len(solution) - 1
        lines = tiling.plan_lines(solution, f)
        assert len(lines) == f.moves
        names = [f"{name}:{copy}" if name != "box" else name
                 for name, copy, _ in tiling.placements(solution)]
        for move, line in zip(f.plan, lines):
            assert line.startswith("remove " if move.removes else "move ")
            assert line.split()[1:1 + len(move.pieces)] == [names[k] for k in move.pieces]
    assert "1.1" in repr(found[0]) and "Move(pieces=" in repr(found[0].plan[0])
    # Drawn step by step: a view a move after the assembly's.
    steps = tiling.svg(got[0], found[0])
    assert steps.count('class="step"') == found[0].moves + 1
    assert f">level {found[0].level_text}, {found[0].moves} moves</text>" in steps
    assert 'class="step"' not in tiling.svg(got[0])
    # Every level starts with 1: none needs two moves for its first part.
    assert list(tiling.solutions(disassemble=True, min_level=2)) == []
    # Counted, on one thread or two, as the CLI's --count --disassemble.
    for threads in (1, 2):
        counted = tiling.count(disassemble=True, threads=threads)
        assert (counted.solutions, counted.assemblies) == (8, 8)
        harder = tiling.count(disassemble=True, min_level=2, threads=threads)
        assert (harder.solutions, harder.assemblies) == (0, 8)
    assert tiling.count().assemblies is None
    with pytest.raises(ValueError, match="give disassemble=True too"):
        tiling.count(min_level=1)
    assert tiling.solutions().assemblies is None
    plain = tiling.solutions()
    next(plain)
    assert plain.disassembly is None
    with pytest.raises(ValueError, match="give disassemble=True too"):
        tiling.solutions(min_level=1)


def test_disassemble_keeps_its_memory_and_shares_it_safely():
    # Tiling.disassemble keeps one Disassembler from call to call: the same
    # answers again, in another order, and from four Python threads at once
    # (a call that finds it busy takes its solution apart alone).
    import threading
    tiling = corridor_tiling()
    solutions = list(tiling.solutions())
    assert len(solutions) == 8

    def seen(d):
        return (d.apart, d.level, d.moves, d.steps, d.positions,
                list(d.plan))
    first = [seen(tiling.disassemble(s)) for s in solutions]
    assert [seen(tiling.disassemble(s)) for s in reversed(solutions)] == first[::-1]
    results, failures = {}, []

    def work(k):
        try:
            for _ in range(5):
                for i, s in enumerate(solutions):
                    results[(k, i)] = seen(tiling.disassemble(s))
        except Exception as e:  # pragma: no cover - reported below
            failures.append(e)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    assert all(results[(k, i)] == first[i] for k in range(4) for i in range(8))


def test_an_assembly_that_cannot_come_apart():
    block = [(r, c, l) for l in range(3) for r in range(3) for c in range(3)]
    shell = pf.Piece("shell", [cell for cell in block if cell != (1, 1, 1)])
    tiling = pf.make_tiling("cube", "3x3x3", [shell, pf.Piece("core", [(0, 0, 0)])])
    (solution,) = list(tiling.solutions())
    shut = tiling.disassemble(solution)
    assert not shut.apart and shut.level == [] and shut.plan == [] and shut.level_text == ""
    it = tiling.solutions(disassemble=True)
    assert list(it) == [] and it.assemblies == 1
    assert tiling.count().solutions == 1
    counted = tiling.count(disassemble=True)
    assert (counted.solutions, counted.assemblies) == (0, 1)
    flat = pf.make_tiling("square", "3x20", "pentominoes")
    with pytest.raises(xc.ProblemError, match="the square lattice's pieces lie in a plane"):
        flat.disassemble(next(iter(flat.solutions())))


def test_svg_draws_every_lattice():
    import xml.etree.ElementTree as ET
    tilings = [pf.make_tiling("square", "3x20", "pentominoes"),
               pf.make_tiling("hex", "4x7", "tetrahexes"),
               pf.make_tiling("triangle", "hexagon-2", [pf.named_pieces("triangle", "hexiamonds")[k]
                                                        for k in (1, 2, 3, 7)]),
               pf.make_tiling("cube", "3x3x3", "soma")]
    for tiling in tilings:
        solution = tiling.solve()
        picture = tiling.svg(solution)
        assert isinstance(picture, xc.Svg) and picture.startswith("<svg")
        root = ET.fromstring(picture)
        pieces = [e for e in root.iter() if e.get("class") == "piece"]
        assert len(pieces) >= len(solution), tiling.lattice
    with pytest.raises(xc.ProblemError):
        tilings[0].svg([10**6])


def test_meshes_are_closed_and_hold_their_cells():
    # Each piece's surface, as the JavaScript test checks it: closed (each
    # edge met once each way) and, by the divergence theorem, of volume
    # its cells, a unit each.
    for tiling in (pf.make_tiling("cube", "3x3x3", "soma"),
                   pf.make_tiling("cube", "2x2x2",
                                  [pf.Piece("O", [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)],
                                            copies=2)])):
        solution = tiling.solve()
        meshes = tiling.meshes(solution)
        placements = tiling.placements(solution)
        assert len(meshes) == len(placements)
        for (vertices, triangles), (name, _, cells) in zip(meshes, placements):
            volume = 0.0
            edges = {}
            for a, b, c in triangles:
                (ax, ay, az), (bx, by, bz), (cx, cy, cz) = vertices[a], vertices[b], vertices[c]
                volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx)
                           + az * (bx * cy - by * cx)) / 6
                for p, q in ((a, b), (b, c), (c, a)):
                    edges[p, q] = edges.get((p, q), 0) + 1
            assert volume == pytest.approx(len(cells)), name
            assert all(edges.get((q, p)) == n for (p, q), n in edges.items()), name
    with pytest.raises(xc.ProblemError):
        tiling.meshes([10**6])


def test_hexagonal_pictures_are_indented():
    # Two dominoes on a rhombus of four hexagons: side by side in rows, or
    # slanting down-left, each way with A and B swapped.
    tiling = pf.make_tiling("hex", "2x2", {"A": [(0, 0), (0, 1)], "B": [(1, 0), (1, 1)]})
    assert tiling.count().solutions == 4
    for picture in tiling.pictures():
        assert len(picture) == 2 and sorted("".join(picture).split()) in (
            ["A", "A", "B", "B"], ["AA", "BB"])
        indent = [len(row) - len(row.lstrip()) for row in picture]
        assert indent[1] > indent[0]


# --- the picture file format ---------------------------------------------------------------

TEXT = """\
board
####
####

piece L x2 1..2 one-sided
#.
##

| a comment
piece I
##
"""


def test_parse_pictures():
    parsed = pf.parse_pictures(TEXT, "square")
    assert parsed.board == pf.builtin_board("square", "2x4") and parsed.board_line == 1
    assert [p.name for p in parsed.pieces] == ["L", "I"] and parsed.piece_lines == [5, 10]
    ell = parsed.pieces[0]
    assert (ell.copies, ell.min_copies, ell.flips) == (2, 1, False)
    assert ell == pf.Piece("L", "#.\n##", copies=2, min_copies=1, flips=False)
    assert pf.make_tiling("square", parsed.board, parsed.pieces).count().solutions >= 1


def test_read_pictures(tmp_path):
    path = tmp_path / "cube.txt"
    path.write_text("board\n##\n-\n##\n\npiece D\n#\n-\n#\n")
    parsed = pf.read_pictures(path, "cube")
    assert parsed.board is not None and len(parsed.board) == 4
    tiling = pf.make_tiling("cube", parsed.board, [pf.Piece("D", parsed.pieces[0].shape,
                                                            copies=2)])
    assert tiling.count().solutions == 2
    assert pf.parse_pictures("piece X\n#\n").board is None
    with pytest.raises(OSError):
        pf.read_pictures(tmp_path / "missing.txt")


KNUTH = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "polyform" / "knuth"


@pytest.mark.skipif(not hasattr(xc._core.polyform, "read_knuth_spec"),
                    reason="the library this module was built with has no read_knuth_spec")
def test_knuth_spec(tmp_path):
    soma = pf.read_knuth_spec(KNUTH / "soma.polycube", "cube")
    assert soma.lattice is pf.Lattice.cube and len(soma.board) == 27
    assert [p.name for p in soma.pieces] == list("VLTZABP")
    assert soma.source.endswith("soma.polycube")
    assert pf.make_tiling(soma).count().solutions == 11520
    assert pf.make_tiling(soma, distinct=True).count().solutions == 240
    bad = tmp_path / "bad.polyomino"
    bad.write_text("00 01\nX 00 zz!\n")
    with pytest.raises(xc.ParseError) as caught:
        pf.read_knuth_spec(bad, "square")
    assert caught.value.source == str(bad) and caught.value.line == 2


BURRTOOLS = KNUTH.parent / "burrtools"


@pytest.mark.skipif(not hasattr(xc._core.polyform, "read_burrtools")
                    or not (BURRTOOLS / "soma-gzip.xmpuzzle").exists(),
                    reason="the library this module was built with has no read_burrtools")
def test_burrtools(tmp_path):
    puzzles = pf.read_burrtools(BURRTOOLS / "soma-gzip.xmpuzzle")
    assert len(puzzles) == 1
    soma = puzzles[0]
    assert soma.lattice is pf.Lattice.cube and soma.name == "Soma cube"
    assert len(soma.board) == 27 and len(soma.pieces) == 7 and len(soma.optional_cells) == 0
    assert pf.make_tiling(soma, distinct=True).count().solutions == 240
    assert pf.make_tiling(soma).count().solutions == 11520
    bad = tmp_path / "bad.xmpuzzle"
    bad.write_text("not xml at all\n")
    with pytest.raises(xc.ParseError):
        pf.read_burrtools(bad)


@pytest.mark.skipif(not hasattr(xc._core.polyform, "read_burrtools"),
                    reason="the library this module was built with has no read_burrtools")
def test_burrtools_grids():
    # BurrTools' other grids, burrTxt's distinct counts (tests/data/polyform/README.md).
    for name, lattice, distinct, every in [
            ("hexiamonds-4x9-triangles", pf.Lattice.prism, 74, 148),
            ("spheres-pyramid-3", pf.Lattice.sphere, 5, 20),
            ("rhombic-two-cubes", pf.Lattice.rhombic, 2, 16),
            ("tetra-octa-four-cubes", pf.Lattice.tetra_octa, 1, 4)]:
        (puzzle,) = pf.read_burrtools(KNUTH.parent / f"{name}.xmpuzzle")
        assert puzzle.lattice is lattice
        assert pf.make_tiling(puzzle, distinct=True).count().solutions == distinct
        assert pf.make_tiling(puzzle).count().solutions == every
    assert pf.Lattice("tetra-octa") is pf.Lattice.tetra_octa


def test_the_file_readers_exist():
    assert callable(pf.read_burrtools) and callable(pf.read_knuth_spec)
    if hasattr(xc._core.polyform, "read_burrtools"):
        with pytest.raises(OSError):
            pf.read_burrtools("/nonexistent/x.xmpuzzle")
    else:
        with pytest.raises(xc.Error, match="not in this build"):
            pf.read_burrtools("x.xmpuzzle")
    if hasattr(xc._core.polyform, "read_knuth_spec"):
        with pytest.raises(OSError):
            pf.read_knuth_spec("/nonexistent/x.spec", "square")


# --- errors -----------------------------------------------------------------------------

def test_errors():
    with pytest.raises(ValueError, match="unknown lattice 'octagon'"):
        pf.rotation_count("octagon")
    with pytest.raises(TypeError):
        pf.rotation_count(4)  # type: ignore[arg-type]
    # The library's messages, as the CLI and JavaScript give them.
    with pytest.raises(xc.ProblemError, match=re.escape(
            "unknown piece set 'soma' on the square lattice (tetrominoes, pentominoes, "
            "hexominoes, kanoodle)")):
        pf.named_pieces("square", "soma")
    with pytest.raises(xc.ProblemError, match=re.escape(
            "unknown board '3x3x3' on the hex lattice (RxC, hexagon-N or triangle-N, e.g. 4x7; "
            "sides up to 1000)")):
        pf.builtin_board("hex", "3x3x3")
    with pytest.raises(xc.ProblemError):
        pf.make_tiling("square", "2x2", [pf.Piece("D", "##"), pf.Piece("D", "##")])
    with pytest.raises(xc.ProblemError):
        pf.make_tiling("square", "2x2", [pf.Piece("D", "##", copies=2, min_copies=3)])
    with pytest.raises(xc.ProblemError):
        pf.make_tiling("square", [(0, 0, 1), (0, 1, 1)], {"D": "##"})  # a layer in the plane
    with pytest.raises(xc.ProblemError, match="line 2"):
        pf.Shape("##\n#x")
    with pytest.raises(TypeError):
        pf.Shape([(0, "a")])
    with pytest.raises(TypeError):
        pf.make_tiling("square", "2x2", [("D", "##")])
    with pytest.raises(xc.ParseError) as caught:
        pf.parse_pictures("board\n##\nwhat\n", "square", "f.txt")
    assert caught.value.source == "f.txt" and caught.value.line == 3
    tiling = pf.make_tiling("square", "2x2", [pf.Piece("D", "##", copies=2)])
    with pytest.raises(xc.ProblemError, match="option 99"):
        tiling.picture([99])
    with pytest.raises(xc.ProblemError):
        tiling.orbit_size([-1])
    with pytest.raises(ValueError):
        tiling.count(-1)
    with pytest.raises(ValueError, match="symmetry"):
        pf.transform("square", 8, (0, 0))


def test_a_limit_counts_the_kept_tilings():
    # Copies of one piece: keep() checks every tiling the engine finds (36
    # domino tilings of the 4x4 square, 9 up to its symmetries); the limit
    # counts the kept ones, as the CLI's and JavaScript's do.
    puzzle = pf.parse_pictures("board\n####\n####\n####\n####\npiece D x8\n##\n")
    tiling = pf.make_tiling("square", puzzle.board, puzzle.pieces, distinct=True)
    assert tiling.needs_keep
    every = list(tiling.solutions())
    assert len(every) == 9 and tiling.count().solutions == 9
    for limit in range(1, 9):
        some = tiling.solutions(limit)
        assert list(some) == every[:limit]
        assert some.status == xc.Status.solution_limit
