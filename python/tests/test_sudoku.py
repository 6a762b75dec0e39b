# SPDX-License-Identifier: MIT
"""Sudoku helpers: lines and lists of rows, solutions checked against the
rules, uniqueness, sizes, errors."""
import pathlib

import re

import pytest

import xcover_dlx as xc
from xcover_dlx import sudoku

import models

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"
PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def puzzles(name):
    return [l for l in (DATA / name).read_text().split("\n") if l and not l.startswith("#")]


def obeys_sudoku_rules(line, box=3):
    side = box * box
    rows = [line[r * side:(r + 1) * side] for r in range(side)]
    groups = rows + ["".join(r[c] for r in rows) for c in range(side)]
    groups += ["".join(rows[r][c] for r in range(br, br + box) for c in range(bc, bc + box))
               for br in range(0, side, box) for bc in range(0, side, box)]
    return all(len(set(g)) == side and "." not in g for g in groups)


def test_seventeen_clue_puzzles_have_unique_solutions():
    lines = puzzles("sudoku_17clue_sample.txt")
    assert len(lines) == 100
    for line in lines[:30]:
        solution = sudoku.solve(line)
        assert obeys_sudoku_rules(solution)
        assert all(p in ".0" or p == s for p, s in zip(line, solution))
        assert sudoku.is_solution(line, solution)
        assert sudoku.count(line, 2) == 1


@pytest.mark.parametrize("threads", [1, 2, 5, 0])
def test_solve_all_keeps_order_and_agrees_with_solve(threads):
    lines = puzzles("sudoku_hardest_sample.txt") + ["11" + "." * 79] + puzzles(
        "sudoku_17clue_sample.txt")[:20]
    lines += ["." * 16, [[0] * 4] * 4, "." * 256] + lines[:5] * 20
    lines.insert(13, "1" * 80)  # not a puzzle: that line's result, the batch goes on
    solved = sudoku.solve_all(lines, threads=threads)
    assert len(solved) == len(lines)
    # The givens break a rule: a SudokuError saying which, returned in place.
    assert isinstance(solved[12], xc.SudokuError)
    assert str(solved[12]) == "digit 1 twice in row 1 (columns 1 and 2)"
    assert isinstance(solved[13], xc.SudokuError)
    assert str(solved[13]).startswith("80 cells")
    for k, (line, solution) in enumerate(zip(lines, solved)):
        if k not in (12, 13):
            assert solution == sudoku.solve(line)


def test_negative_counts_are_value_errors():
    with pytest.raises(ValueError, match=re.escape("limit must be a whole number (0 or more), not '-1'")):
        sudoku.count(PUZZLE, -1)
    with pytest.raises(ValueError, match=re.escape(
            "threads must be from 0 (one per CPU available) to 1024, not '-1'")):
        sudoku.solve_all([PUZZLE], threads=-1)
    rules = sudoku.Rules()
    with pytest.raises(ValueError, match="count must be 0 or more"):
        rules.generate(-1)
    with pytest.raises(ValueError, match="difficulty must be"):
        rules.generate(1, difficulty="hard")


def test_generate_keeps_the_difficulty_and_clues_asked():
    rules = sudoku.Rules(boxes=(2, 2))
    made = rules.generate(3, seed=5, clues=6, threads=2)
    assert len(made) == 3
    for puzzle in made:
        assert sum(c != "." for c in puzzle["puzzle"]) <= 6
        assert rules.count(puzzle["puzzle"]) == 1
    # Fewer clues than any puzzle of one solution has: refused at once.
    with pytest.raises(ValueError, match="clues 16: no 9x9, 3x3 boxes puzzle with one solution "
                                         "has fewer than 17 clues"):
        sudoku.Rules().generate(1, clues=16)
    with pytest.raises(ValueError, match="fewer than 4 clues"):
        rules.generate(1, clues=3)
    easy = sudoku.Rules().generate(2, seed=3, difficulty="simple")
    assert [p["level"] for p in easy] == ["simple", "simple"]
    for p in easy:
        assert sudoku.Rules().rate(p["puzzle"])["level"] == "simple"
    # Every minimal 4x4 puzzle is simple: 10,000 tried for an expert one,
    # and the error says why none came.
    with pytest.raises(xc.SudokuError, match="made 0 of 1 puzzles: none of the other 10000 "
                                             "puzzles made fitted the difficulty or clues asked"):
        rules.generate(1, difficulty="expert")


def test_the_exact_cover_model_agrees():
    # The same puzzle modelled by hand in Python, solved by the general engine.
    p = xc.Problem(*models.sudoku(PUZZLE)[:1], options=models.sudoku(PUZZLE)[2])
    (solution,) = list(p.solutions())
    cells = list(PUZZLE)
    for option in solution:
        place, row_digit = p.option(option)[:2]
        r, c = int(place[1]), int(place[2])
        cells[r * 9 + c] = row_digit[2]
    assert "".join(cells) == sudoku.solve(PUZZLE)


def test_lists_of_rows_come_back_in_their_shape():
    rows = [list(PUZZLE[r * 9:(r + 1) * 9]) for r in range(9)]
    solved = sudoku.solve(rows)
    assert isinstance(solved, list) and all(isinstance(ch, str) for row in solved for ch in row)
    assert "".join("".join(row) for row in solved) == sudoku.solve(PUZZLE)
    numbers = [[0 if ch == "." else int(ch) for ch in row] for row in rows]
    solved_numbers = sudoku.solve(numbers)
    assert solved_numbers == [[int(ch) for ch in row] for row in solved]


def test_sizes():
    empty4 = [[0] * 4 for _ in range(4)]
    assert sudoku.count(empty4) == 288  # all 4x4 Sudoku grids
    line16 = sudoku.solve("." * 256)
    assert len(line16) == 256 and obeys_sudoku_rules(line16, 4)
    assert sudoku.count("." * 81, 1000) == 1000


def test_unsolvable_and_broken_puzzles():
    assert sudoku.solve("11" + "." * 79) is None
    assert sudoku.count("11" + "." * 79) == 0
    assert sudoku.conflict("11" + "." * 79) == "digit 1 twice in row 1 (columns 1 and 2)"
    assert sudoku.conflict(PUZZLE) is None
    # Rules kept, yet no solution: row 1 lacks only 9, which column 9 holds.
    no_solution = "12345678." + "........9" + "." * 63
    assert sudoku.conflict(no_solution) is None and sudoku.solve(no_solution) is None


@pytest.mark.parametrize("bad, message", [
    ("1" * 80, "80 cells"),
    ([[0] * 9 for _ in range(8)] + [[0] * 8], "row 9 has 8 cells"),
    ([[0] * 9] * 8 + [[0] * 8 + [10]], "10"),
    ([["12"] + ["."] * 8] * 9, "one character"),
])
def test_errors_say_what_is_wrong(bad, message):
    with pytest.raises(xc.SudokuError, match=message):
        sudoku.solve(bad)


def test_wrong_types():
    with pytest.raises(TypeError):
        sudoku.solve(42)
    with pytest.raises(TypeError):
        sudoku.solve([[1.5] * 9] * 9)


def rows_columns_regions(line, side, regions):
    groups = [line[r * side:(r + 1) * side] for r in range(side)]
    groups += ["".join(line[r * side + c] for r in range(side)) for c in range(side)]
    groups += ["".join(line[k] for k in range(side * side) if regions[k] == name)
               for name in sorted(set(regions))]
    return all(len(set(g)) == side and "." not in g for g in groups)


@pytest.mark.parametrize("kwargs, side, regions", [
    ({"boxes": (2, 3)}, 6, "".join(str(r // 2 * 2 + c // 3) for r in range(6) for c in range(6))),
    ({"latin": 5}, 5, "0" * 25),
    ({"regions": "AAABBACCBBACCCBDDEEEDDDEE"}, 5, "AAABBACCBBACCCBDDEEEDDDEE"),
    ({"boxes": (4, 4), "alphabet": "0123456789ABCDEF"}, 16,
     "".join(chr(65 + r // 4 * 4 + c // 4) for r in range(16) for c in range(16))),
])
def test_rules_generate_unique_puzzles_and_solve_them(kwargs, side, regions):
    rules = sudoku.Rules(**kwargs)
    assert rules.side == side
    made = rules.generate(3, seed=7, threads=2)
    assert [m["seed"] for m in made] == [7, 8, 9]
    assert made == rules.generate(3, seed=7, threads=1)
    for m in made:
        assert rules.count(m["puzzle"]) == 1
        assert rules.solve(m["puzzle"]) == m["solution"]
        # Latin squares: the rows serve as the regions (nothing more to check).
        check = regions if "latin" not in kwargs else "".join(chr(65 + k) * side for k in range(side))
        assert rows_columns_regions(m["solution"], side, check)


def test_rules_killer_and_x():
    made = sudoku.Rules().generate(2, seed=3, killer=True)
    for m in made:
        killer = sudoku.Rules(cages=m["cages"])
        assert killer.count(m["puzzle"]) == 1
        assert killer.solve(m["puzzle"]) == m["solution"]
        for cage in m["cages"].split():
            cells, total = cage.split("=")
            places = [(int(a), int(b)) for a, b in
                      (p.split("c") for p in cells.split("r")[1:])]
            digits = [int(m["solution"][(r - 1) * 9 + c - 1]) for r, c in places]
            assert sum(digits) == int(total) and len(set(digits)) == len(digits)
    x = sudoku.Rules(diagonals=True)
    for m in x.generate(2, seed=1, symmetry="mirror"):
        s = m["solution"]
        assert len({s[k * 10] for k in range(9)}) == 9
        assert len({s[k * 9 + 8 - k] for k in range(9)}) == 9
        p = m["puzzle"]
        assert all((p[r * 9 + c] == ".") == (p[r * 9 + 8 - c] == ".") for r in range(9) for c in range(9))


def test_rules_rate_and_errors():
    rules = sudoku.Rules()
    easy = [rules.rate(p)["level"] for p in puzzles("sudoku_kaggle_sample.txt")[:10]]
    hard = [rules.rate(p) for p in puzzles("sudoku_hardest1905_sample.txt")[:5]]
    assert "expert" not in easy
    assert all(h["level"] == "expert" and not h["logical"] and h["solutions"] == 1 for h in hard)
    assert sudoku.Rules(latin=4).solve([[1, 0, 0, 0]] + [[0] * 4] * 3)[0] == [1, 2, 3, 4]
    with pytest.raises(xc.SudokuError, match="region 'A' has 3 cells, not 2"):
        sudoku.Rules(regions="AAAB")
    with pytest.raises(ValueError, match="one of boxes, latin and regions"):
        sudoku.Rules(boxes=(2, 2), latin=4)
    with pytest.raises(xc.SudokuError, match="unknown symmetry 'spiral'"):
        rules.generate(1, symmetry="spiral")
    with pytest.raises(xc.SudokuError, match="cage 'r1c1=x'"):
        sudoku.Rules(cages="r1c1=x")
    assert rules.conflict("11" + "." * 79) == "digit 1 twice in row 1 (columns 1 and 2)"
