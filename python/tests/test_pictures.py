# SPDX-License-Identifier: MIT
"""Pictures from Python: each svg() is an Svg (a str Jupyter shows), a real
XML document whose shapes match the solution."""
import xml.etree.ElementTree as ET

import pytest

import xcover_dlx as xc
from xcover_dlx import langford, polyomino, queens, sudoku

NS = "{http://www.w3.org/2000/svg}"


def shapes(svg, cls):
    """The elements of class `cls`, parsed by a real XML parser."""
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return [e for e in root.iter() if e.get("class") == cls]


def test_a_tiling_is_one_shape_per_piece_each_its_own_fill(tmp_path):
    tiling = polyomino.Tiling("6x10")
    solution = next(tiling.solutions())
    picture = tiling.svg(solution)
    assert isinstance(picture, xc.Svg) and isinstance(picture, str)
    assert picture._repr_svg_() == picture
    pieces = shapes(picture, "piece")
    assert sorted(p.get("data-piece") for p in pieces) == sorted("FILNPTUVWXYZ")
    assert len({p.get("fill") for p in pieces}) == 12
    picture.save(tmp_path / "t.svg")
    assert (tmp_path / "t.svg").read_text(encoding="utf-8") == picture


def test_copies_are_told_apart():
    tiling = polyomino.Tiling(["###", "###"], {"D": (["##"], 3)})
    pieces = shapes(tiling.svg(next(tiling.solutions())), "piece")
    assert sorted(p.get("data-piece") for p in pieces) == ["D:1", "D:2", "D:3"]


def test_queens_and_langford_draw_what_they_are_given():
    crowns = shapes(queens.svg([1, 3, 0, 2]), "queen")
    assert [(int(q.get("data-row")), int(q.get("data-col"))) for q in crowns] == [
        (1, 2), (2, 4), (3, 1), (4, 3)]
    arrangement = next(langford.solutions(4))
    picture = langford.svg(arrangement)
    assert [t.text for t in shapes(picture, "number")] == [str(v) for v in arrangement]
    assert sorted(int(p.get("data-value")) for p in shapes(picture, "pair")) == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="not a Langford arrangement"):
        langford.svg([1, 2, 1, 2])
    with pytest.raises(ValueError, match="not a column"):
        queens.svg([0, 7])


def test_sudoku_givens_apart_from_the_digits_found_and_cages_drawn():
    rules = sudoku.Rules()
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    picture = rules.svg(puzzle, rules.solve(puzzle))
    assert len(shapes(picture, "given")) == 30
    assert len(shapes(picture, "found")) == 51
    assert len(shapes(rules.svg(puzzle), "found")) == 0
    killer = sudoku.Rules(boxes=(2, 2), cages="r1c1r1c2=3 r4c3r4c4=7")
    drawn = killer.svg("." * 16)
    assert [t.text for t in shapes(drawn, "cage-sum")] == ["3", "7"]
    with pytest.raises(xc.SudokuError):
        rules.svg("1234")


def test_a_sheet_holds_every_picture():
    pictures = [queens.svg(c) for c in queens.solutions(6)]
    sheet = xc.svg_sheet(pictures, columns=2)
    assert isinstance(sheet, xc.Svg)
    root = ET.fromstring(sheet)
    assert len([e for e in root if e.tag == NS + "svg"]) == 4
    assert len(shapes(sheet, "queen")) == 24
    with pytest.raises(xc.Error, match="picture 1 is not an SVG document"):
        xc.svg_sheet(["<p/>"])
