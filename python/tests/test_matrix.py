# SPDX-License-Identifier: MIT
"""0/1 matrices in (numpy arrays, or lists of lists without numpy) and out:
rows are options, columns items, solutions lists of row indices."""
import itertools
import os
import random
import subprocess
import sys
import textwrap
import time

import pytest

import xcover_dlx as xc

# Knuth's example from "Dancing links" (columns A..G): rows 0, 3 and 4 alone
# cover every column once.
KNUTH = [
    [0, 0, 1, 0, 1, 1, 0],
    [1, 0, 0, 1, 0, 0, 1],
    [0, 1, 1, 0, 0, 1, 0],
    [1, 0, 0, 1, 0, 0, 0],
    [0, 1, 0, 0, 0, 0, 1],
    [0, 0, 0, 1, 1, 0, 1],
]


def brute_force(rows, secondary=()):
    """Every set of rows covering each primary column once and each
    secondary column at most once, as sorted lists of row indices. (A row
    without a primary column is never chosen, as in Knuth's programs.)"""
    columns = len(rows[0])
    useful = [r for r, row in enumerate(rows)
              if any(row[c] for c in range(columns) if c not in secondary)]
    found = []
    for size in range(len(useful) + 1):
        for chosen in itertools.combinations(useful, size):
            sums = [sum(rows[r][c] for r in chosen) for c in range(columns)]
            if all(s == 1 if c not in secondary else s <= 1 for c, s in enumerate(sums)):
                found.append(list(chosen))
    return sorted(found)


def solutions(problem):
    return sorted(sorted(s) for s in problem.solutions())


def test_knuths_matrix_as_lists():
    p = xc.Problem.from_matrix(KNUTH)
    assert solutions(p) == [[0, 3, 4]]
    assert p.items == list(range(7)) and p.option_count == 6
    assert p.option_text(0) == "2 4 5"
    named = xc.Problem.from_matrix(KNUTH, names="ABCDEFG")
    assert named.option_text(0) == "C E F" and named.option_items(1) == ["A", "D", "G"]


def test_lists_of_bools_and_tuples_read_too():
    as_bools = [tuple(bool(x) for x in row) for row in KNUTH]
    assert xc.Problem.from_matrix(as_bools) == xc.Problem.from_matrix(KNUTH)
    as_floats = [[float(x) for x in row] for row in KNUTH]
    assert xc.Problem.from_matrix(iter(as_floats)) == xc.Problem.from_matrix(KNUTH)


@pytest.mark.parametrize("seed", range(30))
def test_random_matrices_against_brute_force(seed):
    rng = random.Random(seed)
    rows, columns = rng.randint(1, 9), rng.randint(1, 6)
    matrix = [[int(rng.random() < 0.35) for _ in range(columns)] for _ in range(rows)]
    for row in matrix:
        if not any(row):
            row[rng.randrange(columns)] = 1
    secondary = set(rng.sample(range(columns), rng.randint(0, columns - 1)))
    p = xc.Problem.from_matrix(matrix, secondary=sorted(secondary))
    assert solutions(p) == brute_force(matrix, secondary)
    assert p.count().solutions == len(brute_force(matrix, secondary))


def test_secondary_columns_by_count_or_index():
    matrix = [[1, 0, 1], [0, 1, 1], [1, 1, 0]]
    last = xc.Problem.from_matrix(matrix, secondary=1)
    assert (last.primary, last.secondary) == ([0, 1], [2])
    assert solutions(last) == [[2]] == brute_force(matrix, {2})
    middle = xc.Problem.from_matrix(matrix, secondary=[1], names=["x", "y", "z"])
    assert (middle.primary, middle.secondary) == (["x", "z"], ["y"])
    assert solutions(middle) == brute_force(matrix, {1})
    assert xc.Problem.from_matrix(matrix, secondary=0) == xc.Problem.from_matrix(matrix)


def test_matrix_errors_say_where():
    with pytest.raises(ValueError, match="row 1, column 2 is 2: a matrix's entries are 0 or 1"):
        xc.Problem.from_matrix([[1, 0, 0], [0, 1, 2]])
    with pytest.raises(ValueError, match="row 0, column 1 is '1'"):
        xc.Problem.from_matrix([[1, "1"]])
    with pytest.raises(ValueError, match="row 0, column 0 is 0.5"):
        xc.Problem.from_matrix([[0.5]])
    with pytest.raises(ValueError, match="row 2 has 2 entries, and row 0 has 3"):
        xc.Problem.from_matrix([[1, 0, 0], [0, 1, 0], [0, 1]])
    with pytest.raises(ValueError, match="row 1 has no 1: each row is an option"):
        xc.Problem.from_matrix([[1, 0], [0, 0]])
    with pytest.raises(ValueError, match="3 names for 2 columns"):
        xc.Problem.from_matrix([[1, 0]], names="abc")
    with pytest.raises(ValueError, match="secondary=3: the matrix has 2 columns"):
        xc.Problem.from_matrix([[1, 0]], secondary=3)
    with pytest.raises(ValueError, match="secondary column 2 is not one of the 2 columns"):
        xc.Problem.from_matrix([[1, 0]], secondary=[2])
    with pytest.raises(TypeError, match="a matrix's row is a sequence of 0 and 1, and row 0 is 1"):
        xc.Problem.from_matrix([1, 0, 1])  # a row, not a matrix
    with pytest.raises(TypeError, match="a matrix is a numpy array or a sequence of rows"):
        xc.Problem.from_matrix(5)
    with pytest.raises(xc.ProblemError, match="duplicate item name 'a'"):
        xc.Problem.from_matrix([[1, 1]], names="aa")


def test_a_matrix_without_rows():
    assert xc.Problem.from_matrix([]).item_count == 0
    p = xc.Problem.from_matrix([], names=["a", "b"])
    assert p.items == ["a", "b"] and p.count().solutions == 0


def test_without_numpy_lists_still_work():
    # numpy made unimportable: the lists go in, and to_matrix() says what it needs.
    script = textwrap.dedent("""
        import sys
        sys.modules["numpy"] = None
        import xcover_dlx as xc
        p = xc.Problem.from_matrix([[1, 0], [0, 1], [1, 1]])
        print(sorted(sorted(s) for s in p.solutions()))
        try:
            p.to_matrix()
        except ModuleNotFoundError as e:
            print(type(e).__name__, e.name)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["[[0, 1], [2]]", "ModuleNotFoundError numpy"]


# With numpy (Debian: python3-numpy; scripts/setup.sh --python installs it).


@pytest.fixture
def np():
    return pytest.importorskip("numpy")


def test_knuths_matrix_as_numpy_and_back(np):
    for dtype in (np.uint8, np.int64, bool, np.float32):
        array = np.array(KNUTH, dtype=dtype)
        p = xc.Problem.from_matrix(array)
        assert p == xc.Problem.from_matrix(KNUTH) and solutions(p) == [[0, 3, 4]]
        back = p.to_matrix()
        assert back.dtype == np.uint8 and back.shape == (6, 7)
        assert np.array_equal(back, np.array(KNUTH)) and back.flags.writeable


def test_numpy_matrix_checks(np):
    with pytest.raises(ValueError, match="row 1, column 0 is -1"):
        xc.Problem.from_matrix(np.array([[1, 0], [-1, 1]]))
    with pytest.raises(ValueError, match="a matrix has 2 dimensions, not 1"):
        xc.Problem.from_matrix(np.array([1, 0, 1]))
    with pytest.raises(ValueError, match="row 0 has no 1"):
        xc.Problem.from_matrix(np.zeros((2, 3)))
    # A numpy row inside a list is read value by value, not as its memory.
    assert xc.Problem.from_matrix([np.array([1, 0], dtype=np.int64),
                                   np.array([0, 1], dtype=np.int64)]).count().solutions == 1
    assert xc.Problem.from_matrix(np.zeros((0, 3), dtype=np.uint8)).items == [0, 1, 2]
    assert xc.Problem.from_matrix(np.eye(2), secondary=np.int64(1)).secondary == [1]


def test_to_matrix_orders_columns_as_the_items(np):
    matrix = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], dtype=np.uint8)
    p = xc.Problem.from_matrix(matrix, secondary=[0])
    assert p.items == [1, 2, 0]
    assert np.array_equal(p.to_matrix(), matrix[:, [1, 2, 0]])
    built = xc.Problem(primary=["a", "b"], secondary=["x"], options=[["x", "a"], ["b"]])
    assert built.to_matrix().tolist() == [[1, 0, 1], [0, 1, 0]]


def test_to_matrix_refuses_what_a_matrix_cannot_hold(np):
    coloured = xc.Problem(primary=["a"], secondary=["x"], options=[["a", "x:red"]])
    with pytest.raises(ValueError, match="holds no colours, and option 0 is 'a x:red'"):
        coloured.to_matrix()
    bounded = xc.Problem()
    bounded.add_primary("a", 0, 2)
    bounded.add_option(["a"])
    with pytest.raises(ValueError, match="holds no multiplicities, and item 'a' is covered 0 to 2"):
        bounded.to_matrix()
    costly = xc.Problem(primary=["a"], options=[["a"]])
    costly.set_option_cost(0, 3)
    with pytest.raises(ValueError, match="holds no costs, and option 0 costs 3"):
        costly.to_matrix()


def test_a_thousand_by_a_thousand_matrix(np):
    """A dense random matrix with a planted cover of ten rows: in, solved and
    out again in well under the seconds allowed here (0.1 s on a laptop)."""
    rng = np.random.default_rng(2024)
    matrix = (rng.random((1000, 1000)) < 0.5).astype(np.uint8)
    planted = rng.choice(1000, 10, replace=False)
    matrix[planted] = 0
    for row, columns in zip(planted, np.array_split(rng.permutation(1000), 10)):
        matrix[row, columns] = 1
    start = time.perf_counter()
    p = xc.Problem.from_matrix(matrix)
    solution = p.solve()
    assert solution is not None and (matrix[solution].sum(axis=0) == 1).all()
    assert np.array_equal(p.to_matrix(), matrix)
    from_lists = xc.Problem.from_matrix(matrix.tolist())
    assert from_lists == p
    assert time.perf_counter() - start < 20
