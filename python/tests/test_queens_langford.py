# SPDX-License-Identifier: MIT
"""xcover_dlx.queens and xcover_dlx.langford: the library's adapters, their
OEIS counts, and solutions read back as boards and sequences."""
import doctest
import itertools

import pytest

import xcover_dlx as xc
from xcover_dlx import langford, queens

# OEIS A000170: n-queens solutions.
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}
# OEIS A014552: Langford pairings, each with its reversal counted once.
LANGFORD = {1: 0, 2: 0, 3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150}


def attacks(columns):
    """Pairs of queens (by row) that attack each other."""
    return [(a, b) for a, b in itertools.combinations(range(len(columns)), 2)
            if columns[a] == columns[b] or abs(columns[a] - columns[b]) == b - a]


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_count_is_oeis_a000170(n):
    assert queens.count(n) == QUEENS[n]
    assert queens.count(n, threads=1) == QUEENS[n]


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8])
def test_queens_solutions_are_boards_without_attacks(n):
    boards = list(queens.solutions(n))
    assert len(boards) == len({tuple(b) for b in boards}) == QUEENS[n]
    for columns in boards:
        assert sorted(columns) == list(range(n)) and attacks(columns) == []
    assert len(list(queens.solutions(n, limit=3))) == min(3, QUEENS[n])


def test_queens_problem_keys_are_squares():
    p = queens.problem(8)
    assert p.option_count == 64 and sorted(p.option_keys(range(64))) == \
        list(itertools.product(range(8), range(8)))
    assert p.primary_count == 16 and p.items[:4] == ["r4", "c4", "r5", "c5"]  # centre first
    for option in range(64):
        row, column = p.option_key(option)
        assert f"r{row + 1}" in p.option(option) and f"c{column + 1}" in p.option(option)
    solution = p.solve()
    columns = queens.columns(p, solution)
    assert attacks(columns) == [] and sorted(p.option_keys(solution)) == list(enumerate(columns))


def test_queens_picture():
    assert queens.picture([1, 3, 0, 2]) == [".Q..", "...Q", "Q...", "..Q."]
    board = queens.picture(next(queens.solutions(8)))
    assert len(board) == 8 and all(len(row) == 8 and row.count("Q") == 1 for row in board)


@pytest.mark.parametrize("n", sorted(LANGFORD))
def test_langford_count_is_twice_oeis_a014552(n):
    # The library counts an arrangement and its reversal apart.
    assert langford.count(n) == 2 * LANGFORD[n]


@pytest.mark.parametrize("n", [3, 4, 7])
def test_langford_sequences_obey_the_rule_and_come_with_reversals(n):
    found = [tuple(s) for s in langford.solutions(n)]
    assert len(found) == len(set(found)) == 2 * LANGFORD[n]
    for sequence in found:
        assert sorted(sequence) == sorted(list(range(1, n + 1)) * 2)
        for value in range(1, n + 1):
            first = sequence.index(value)
            assert sequence[first + value + 1] == value
    assert set(found) == {s[::-1] for s in found}
    assert len({min(s, s[::-1]) for s in found}) == LANGFORD[n]


def test_langford_small_cases_and_keys():
    assert sorted(langford.solutions(3)) == [[2, 3, 1, 2, 1, 3], [3, 1, 2, 1, 3, 2]]
    p = langford.problem(3)
    assert p.items == ["v1", "v2", "v3", "p1", "p2", "p3", "p4", "p5", "p6"]
    for option in range(p.option_count):
        value, first = p.option_key(option)
        assert p.option(option) == [f"v{value}", f"p{first + 1}", f"p{first + value + 2}"]
    assert langford.sequence(p, p.solve()) in ([2, 3, 1, 2, 1, 3], [3, 1, 2, 1, 3, 2])


@pytest.mark.parametrize("call", [queens.problem, queens.count, langford.problem,
                                  langford.count, lambda n: list(queens.solutions(n))])
def test_a_board_of_no_size_is_a_problem_error(call):
    with pytest.raises(xc.ProblemError):
        call(0)


def test_the_modules_are_in_the_package():
    assert xc.queens is queens and xc.langford is langford
    assert {"queens", "langford"} <= set(xc.__all__)


@pytest.mark.parametrize("module", [xc, queens, langford])
def test_the_docstring_examples_hold(module):
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0
