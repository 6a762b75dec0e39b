# SPDX-License-Identifier: MIT
"""The example scripts run and give the known answers."""
import os
import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def test_soma_cube_has_240_packings():
    out = subprocess.run([sys.executable, str(EXAMPLES / "soma.py")], capture_output=True,
                         text=True, check=True, env=os.environ.copy()).stdout
    # 240 essentially different packings (Conway and Guy), each in 48 forms.
    assert "688 placements; 11520 packings (240 up to rotation and reflection)" in out
    layers = out.split(": ")[1].split()
    assert len(layers) == 9 and sorted("".join(layers)) == sorted("V" * 3 + "LTZABP" * 4)


def run(example, *args):
    out = subprocess.run([sys.executable, str(EXAMPLES / example), *args], capture_output=True,
                         text=True, env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_subsets_by_key_and_domino_tilings():
    lines = run("subsets.py")
    assert lines[0] == "Knuth's example: [['B', 'D', 'F']]"
    assert lines[1] == "4x4 board: 36 domino tilings"  # OEIS A004003
    board = lines[2:6]
    assert all(len(row) == 4 for row in board) and "".join(board).count("+") == 8
    assert lines[6] == ("6x6 board, pickled and back: 6728 tilings; first cell (0, 0), "
                        "first key ((0, 0), (0, 1))")


def test_matrix_rows_in_and_out():
    pytest.importorskip("numpy")
    assert run("matrix.py") == [
        "rows [0, 3, 4] cover ['A', 'B', 'C', 'D', 'E', 'F', 'G']",
        "with A secondary: [[0, 3, 4], [2, 5]]",
        "[[1, 0, 1], [0, 1, 0], [1, 1, 0]] True",
    ]


def test_n_queens_counts_and_board():
    lines = run("n_queens.py", "6")
    assert lines[0] == "solutions for 1..10 queens: [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]"
    assert lines[1] == "6 queens: 4 solutions; the first:"
    board = lines[2:]
    assert len(board) == 6 and sorted(row.index("Q") for row in board) == list(range(6))


def test_langford_pairs():
    assert run("langford_pairs.py") == [
        "n=3: [[2, 3, 1, 2, 1, 3], [3, 1, 2, 1, 3, 2]]",
        "n=4: [2, 3, 4, 2, 1, 3, 1, 4]",
        "n=7: 26 arrangements up to reversal",
        "n=8: 150 arrangements up to reversal",
    ]


def test_progress_callback_and_budget():
    lines = run("progress.py", "12")
    assert lines[0].startswith("12 queens: 14200 solutions in ")
    assert lines[1].startswith("out of budget after 50000 nodes, with ")
    assert lines[2] == "and the solver goes on: 10 solutions with limit=10"


def test_the_readme_example_runs():
    readme = (EXAMPLES.parents[1] / "README.md").read_text()
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    out = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True,
                         cwd=EXAMPLES.parents[1], env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "['a b', 'c x:red']",
        "['a x:red', 'b c']",
        "['a x:red', 'b x:red', 'c x:red']",
        "3 Status.exhausted True",
        "1 3",  # Knuth's example with its first option forced: one solution, three nodes
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        "[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]",
        "True",
    ]


CPP = EXAMPLES.parent / "cpp"


def test_the_python_twins_of_the_cpp_examples_print_the_same():
    colors = (CPP / "colors.expected").read_text().splitlines()
    assert run("colors.py") == colors[:-1] + ["search exhausted"]  # (the C++ adds the nodes)
    knuth = str(EXAMPLES.parent / "knuth_example.dlx")
    assert run("read_knuth.py", knuth) == (CPP / "read_knuth.expected").read_text().splitlines()


def test_sudoku_batch_solves_the_sample_in_order():
    lines = run("sudoku_batch.py", str(EXAMPLES.parent / "sudoku_sample.txt"))
    assert len(lines) == 28
    assert lines[0] == ("534678912672195348198342567859761423426853791713924856961537284"
                        "287419635345286179")


def test_polyomino_count_and_its_picture(tmp_path):
    picture = tmp_path / "t.svg"
    assert run("polyomino_count.py", "3x20", str(picture)) == ["3x20: 8 tilings"]
    assert picture.read_text().startswith("<svg ")
