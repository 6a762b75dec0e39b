# SPDX-License-Identifier: MIT
"""Polyomino tilings from Python: boards and pieces as rows, counts known from
the literature, every tiling checked against the board and the pieces, copies,
names of any length, errors."""
import re

import pytest

import xcover_dlx as xc
from xcover_dlx import polyomino


def canonical(cells):
    """The least of a cell set's 8 rotations and reflections, moved to the origin."""
    best = None
    for flip in (False, True):
        turned = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            turned = [(c, -r) for r, c in turned]
            r0 = min(r for r, _ in turned)
            c0 = min(c for _, c in turned)
            moved = sorted((r - r0, c - c0) for r, c in turned)
            if best is None or moved < best:
                best = moved
    return best


def cells_of(rows):
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]


def labels_of(picture, wide):
    return [row.split() if wide else list(row) for row in picture]


def check_tiling(tiling, picture):
    """Every board cell covered, each copy of each piece once in its shape."""
    pieces = {name: value if isinstance(value, tuple) else (value, 1)
              for name, value in tiling.pieces.items()}
    wide = any(len(name) > 1 or copies > 1 for name, (_, copies) in pieces.items())
    covered = {}
    board = set(cells_of(tiling.board))
    for r, row in enumerate(labels_of(picture, wide)):
        for c, label in enumerate(row):
            assert (label == ".") == ((r, c) not in board), (r, c)
            if label != ".":
                covered.setdefault(label, []).append((r, c))
    expected = {name if copies == 1 else f"{name}:{k}": rows
                for name, (rows, copies) in pieces.items() for k in range(1, copies + 1)}
    assert set(covered) == set(expected)
    for label, cells in covered.items():
        assert canonical(cells) == canonical(cells_of(expected[label])), label


def test_pentominoes_on_3x20_every_tiling_valid():
    tiling = polyomino.Tiling("3x20")
    assert tiling.count().solutions == 8
    pictures = list(tiling.pictures())
    assert len(pictures) == 8 and len(set(map(tuple, pictures))) == 8
    for picture in pictures:
        assert len(picture) == 3 and all(len(row) == 20 for row in picture)
        check_tiling(tiling, picture)
    assert polyomino.Tiling("3x20", reflections=False).count().solutions < 8


def test_pentominoes_on_6x10_as_the_cli_counts():
    # 2339 tilings up to symmetry, each in 4 orientations of the board.
    assert polyomino.Tiling().count(threads=0).solutions == 9356


def test_pieces_and_boards():
    five = polyomino.pentominoes()
    assert list(five) == list("FILNPTUVWXYZ")
    assert all(len(cells_of(rows)) == 5 for rows in five.values())
    assert polyomino.board("2x3") == ["###", "###"]
    assert polyomino.board("8x8-centre")[3] == "###..###"
    tiling = polyomino.Tiling()
    assert tiling.pieces == five
    assert tiling.board == polyomino.board("6x10")
    assert tiling.problem.primary_count == 72
    assert tiling.problem.option_count == 2056
    assert "12 pieces" in repr(tiling)
    # The pieces read back make the same tiling.
    again = polyomino.Tiling(tiling.board, tiling.pieces)
    assert again.problem == tiling.problem


def test_placements_cover_the_board_once():
    tiling = polyomino.Tiling("3x20")
    solution = next(iter(tiling.solutions()))
    placed = tiling.placements(solution)
    assert sorted(name for name, _, _ in placed) == list("FILNPTUVWXYZ")
    assert all(copy == 1 for _, copy, _ in placed)
    cells = sorted(cell for _, _, cells in placed for cell in cells)
    assert cells == [(r, c) for r in range(3) for c in range(20)]
    for option in solution:
        name, where = tiling.placement(option)
        assert (name, 1, where) in placed
    picture = tiling.picture(solution)
    for name, _, where in placed:
        assert all(picture[r][c] == name for r, c in where)


@pytest.mark.parametrize("n,tilings", [(1, 1), (2, 2), (3, 3), (4, 5), (10, 89)])
def test_copies_of_a_domino_on_2xn_count_fibonacci(n, tilings):
    tiling = polyomino.Tiling(f"2x{n}", {"D": (["##"], n)})
    assert tiling.problem.has_multiplicities == (n > 1)
    assert tiling.count().solutions == tilings
    for picture in tiling.pictures():
        check_tiling(tiling, picture)


def test_copies_counted_once_and_drawn_numbered():
    assert polyomino.Tiling("4x4", {"D": (["##"], 8)}).count().solutions == 36
    assert polyomino.Tiling("6x6", {"D": (("##",), 18)}).count().solutions == 6728
    three = polyomino.Tiling(["###", "###"], {"D": (["##"], 3)})
    assert three.pieces == {"D": (["##"], 3)}
    assert sorted(three.pictures()) == [["D:1 D:1 D:2", "D:3 D:3 D:2"],
                                        ["D:1 D:2 D:2", "D:1 D:3 D:3"],
                                        ["D:1 D:2 D:3", "D:1 D:2 D:3"]]
    solution = next(iter(three.solutions()))
    assert sorted(copy for _, copy, _ in three.placements(solution)) == [1, 2, 3]
    # A piece with copies beside single pieces: a 2x2 square in 4 places.
    mixed = polyomino.Tiling("3x3", {"O": ["##", "##"], "m": (["#"], 5)})
    assert mixed.count().solutions == 4
    for picture in mixed.pictures():
        check_tiling(mixed, picture)
    assert mixed.count(threads=2).solutions == 4


def test_more_than_62_pieces_with_long_names():
    # Bars of lengths 1 to 70, each on a row of its own length, rows apart.
    rows = []
    for k in range(1, 71):
        rows += ["#" * k + "." * (70 - k), "." * 70]
    pieces = {f"bar{k}": ["#" * k] for k in range(1, 71)}
    tiling = polyomino.Tiling(rows[:-1], pieces)
    assert tiling.count().solutions == 1
    (picture,) = tiling.pictures()
    check_tiling(tiling, picture)
    assert picture[0] == "bar1  " + ".     " * 68 + "."
    assert picture[-1] == " ".join(["bar70"] * 70)
    assert polyomino.Tiling(["###"], {"P17": ["##"], "A": ["#"]}).count().solutions == 2
    assert sorted(polyomino.Tiling(["###"], {"P17": ["##"], "A": ["#"]}).pictures()) == [
        ["A   P17 P17"], ["P17 P17 A"]]


def test_parse_reads_the_file_format():
    board, pieces = polyomino.parse("board\n##.\n###\n\npiece L x1\n#.\n##\n\npiece I x2\n#\n")
    assert board == ["##.", "###"]
    assert pieces == {"L": ["#.", "##"], "I": (["#"], 2)}
    assert polyomino.Tiling(board, pieces).count().solutions == 5  # where the L goes
    assert polyomino.parse("piece A\n#\n") == (None, {"A": ["#"]})
    with pytest.raises(xc.ParseError) as error:
        polyomino.parse("piece A\n#\npiece A\n#\n", "p.txt")
    assert str(error.value) == "p.txt:3: piece 'A' is defined twice (first at line 1)"
    assert error.value.line == 3


def test_errors():
    # The CLI's message (xcover polyomino --board 7x) and JavaScript's.
    with pytest.raises(xc.ProblemError, match=re.escape(
            "unknown board '7x' on the square lattice (RxC or 8x8-centre, e.g. 6x10; "
            "sides up to 1000)")):
        polyomino.Tiling("7x")
    with pytest.raises(xc.ProblemError, match="unknown board"):
        polyomino.board("circle")
    with pytest.raises(xc.ProblemError, match="row 2 of the board is '#x'"):
        polyomino.Tiling(["##", "#x"])
    with pytest.raises(xc.ProblemError, match="piece 'A' has no cells"):
        polyomino.Tiling("1x2", {"A": ["..", ""]})
    with pytest.raises(xc.ProblemError, match="of the form rNcN"):
        polyomino.Tiling("1x2", {"r0c0": ["##"]})
    with pytest.raises(xc.ProblemError, match="other than letters, digits"):
        polyomino.Tiling("1x2", {"a b": ["##"]})
    with pytest.raises(xc.ProblemError, match="has 0 copies"):
        polyomino.Tiling("1x2", {"A": (["#"], 0)})
    with pytest.raises(xc.ProblemError, match="no pieces"):
        polyomino.Tiling("1x2", {})
    with pytest.raises(ValueError, match="copies must be 0 or more"):
        polyomino.Tiling("1x2", {"A": (["#"], -1)})
    with pytest.raises(TypeError, match="list of rows"):
        polyomino.Tiling("1x2", {"A": "##"})
    with pytest.raises(TypeError, match=r"\(rows, copies\)"):
        polyomino.Tiling("1x2", {"A": (["#"], 2, 3)})
    with pytest.raises(TypeError, match="dict"):
        polyomino.Tiling("1x2", [["##"]])
    with pytest.raises(TypeError):
        polyomino.Tiling(3)
    tiling = polyomino.Tiling("1x2", {"A": ["##"]})
    with pytest.raises(xc.ProblemError, match="option 5 is not one of this tiling's"):
        tiling.picture([5])
    with pytest.raises(xc.ProblemError, match="option -1"):
        tiling.placement(-1)


def test_the_module_docstring_examples_run():
    import doctest
    result = doctest.testmod(polyomino)
    assert result.attempted >= 3 and result.failed == 0
