# SPDX-License-Identifier: MIT
"""Memoised counts from Python: known counts past 2^64, the same counts as
plain search, the automatic choice, and what the memo refuses."""
import itertools

import pytest

import xcover_dlx as xc


def matchings(n):
    """Perfect matchings of n points: an option a pair."""
    return xc.Problem(primary=range(n), options=list(itertools.combinations(range(n), 2)))


def dominoes(n):
    """Domino tilings of an n x n board."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    pairs = [((r, c), (r, c + 1)) for r, c in cells if c + 1 < n]
    pairs += [((r, c), (r + 1, c)) for r, c in cells if r + 1 < n]
    return xc.Problem(primary=cells, options=pairs)


def test_memoised_counts_are_exact_past_two_to_the_64():
    # OEIS A004003: domino tilings of the 12x12 and 14x14 boards.
    result = dominoes(14).count(memo=True)
    assert result.solutions == 112202208776036178000000
    assert result.complete
    solver = xc.Solver(dominoes(12))
    assert solver.count(memo=True).solutions == 53060477521960000
    assert solver.statistics.layout == xc.Layout.memo
    assert solver.statistics.memo_hits > 0
    assert solver.statistics.memo_entries > 0


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_memo_and_plain_agree(n):
    p = matchings(n)
    plain = p.count(memo=False, threads=1)
    memo = p.count(memo=True)
    assert plain.solutions == memo.solutions
    assert plain.statistics.layout != xc.Layout.memo
    assert memo.statistics.layout == xc.Layout.memo


def test_the_automatic_choice():
    # 21!! = 13,749,310,575 matchings: only the memo counts them at once.
    big = matchings(22).count()
    assert big.solutions == 13749310575
    assert big.statistics.layout == xc.Layout.memo
    small = matchings(8).count()
    assert small.solutions == 105
    assert small.statistics.layout != xc.Layout.memo


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_the_threads_share_the_memo_and_agree(threads):
    result = dominoes(10).count(memo=True, threads=threads)
    assert result.solutions == 258584046368  # OEIS A004003
    assert result.statistics.threads == threads
    assert result.statistics.layout == xc.Layout.memo


def test_what_the_memo_refuses():
    # Refused as the CLI refuses --memo --limit, in Python's spelling.
    with pytest.raises(ValueError, match=r"^memo does not go with limit \(a memoised count"):
        matchings(6).count(3, memo=True)
    with pytest.raises(ValueError, match="^memo does not go with propagate"):
        matchings(6).count(memo=True, propagate=True)
    with pytest.raises(TypeError, match="memo must be True, False or None"):
        matchings(6).count(memo="yes")
    too_many = xc.Problem(primary=range(128), options=[[i] for i in range(128)] * 2)
    with pytest.raises(xc.CountOverflow, match="passes 2\\^128 - 1"):
        too_many.count(memo=True)
    assert issubclass(xc.CountOverflow, xc.Error)


@pytest.mark.parametrize("threads", [1, 2])
def test_a_count_splits_by_symmetry_unless_told_not_to(threads):
    # Langford pairs of 11 (A014552: 17,792, each and its reversal): the value
    # 11's ten places fall into five pairs of mirror images.
    p = xc.langford.problem(11)
    split = p.count(threads=threads)
    assert split.solutions == 35584
    assert split.statistics.symmetry_options == 10
    assert split.statistics.symmetry_classes == 5
    whole = p.count(threads=threads, symmetry=False)
    assert whole.solutions == 35584
    assert whole.statistics.symmetry_classes == 0
    solver = xc.Solver(p)
    assert solver.count(symmetry=False).statistics.nodes > solver.count().statistics.nodes
    # A plain count visits every solution.
    assert solver.count(memo=False).statistics.symmetry_classes == 0
