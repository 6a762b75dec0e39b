# SPDX-License-Identifier: MIT
"""Decision diagrams from Python: made by Problem.zdd, Solver.zdd and zdd(),
counted, sampled and indexed, written and read back, and what they refuse."""
import itertools

import re

import pytest

import xcover_dlx as xc


def matchings(n):
    """Perfect matchings of n points: an option a pair."""
    return xc.Problem(primary=range(n), options=list(itertools.combinations(range(n), 2)))


def test_a_diagram_holds_every_solution():
    p = matchings(8)
    made = p.zdd()
    assert made.complete and made.status == xc.Status.exhausted
    zdd = made.zdd
    assert zdd.count() == 105 == p.count(memo=False, threads=1).solutions
    listed = [zdd.nth(k) for k in range(105)]
    assert sorted(listed) == sorted(sorted(s) for s in p.solutions())
    assert len({tuple(s) for s in listed}) == 105
    # Each is a perfect matching: every point once.
    for solution in listed:
        points = [x for k in solution for x in p.option_items(k)]
        assert sorted(points) == list(range(8))
    assert zdd.sample(3) == zdd.sample(3)
    assert zdd.sample(3) in listed
    assert zdd.node_count == len(zdd.nodes) > 0
    assert repr(zdd) == f"<Zdd: {zdd.node_count} nodes, 105 solutions>"


def test_solver_and_module_make_the_same_diagram():
    p = matchings(10)
    solver = xc.Solver(p)
    by_solver = solver.zdd().zdd
    assert solver.statistics.layout == xc.Layout.memo
    assert by_solver.text() == xc.zdd(p).zdd.text()
    assert by_solver.count() == 945


def test_the_text_round_trips(tmp_path):
    zdd = matchings(6).zdd().zdd
    path = tmp_path / "m6.zdd"
    zdd.write(path)  # a pathlib.Path
    back = xc.Zdd.read(str(path))
    assert back.text() == zdd.text() == path.read_text()
    assert xc.Zdd.from_text(zdd.text()).count() == 15
    with pytest.raises(OSError):
        xc.Zdd.read(tmp_path / "missing.zdd")
    with pytest.raises(xc.ParseError, match=r"^<text>:1: the diagram ends without its '\.' line"):
        xc.Zdd.from_text("2 1 B T\n")


def test_counts_past_two_to_the_64_and_indices():
    # 70 items with two options each: 2^70 solutions.
    p = xc.Problem(primary=range(70), options=[[i] for i in range(70) for _ in range(2)])
    zdd = p.zdd().zdd
    assert zdd.count() == 2**70
    last = zdd.nth(2**70 - 1)
    assert last == [2 * i + 1 for i in range(70)]
    assert zdd.nth(0) == [2 * i for i in range(70)]
    with pytest.raises(IndexError, match=r"index 1180591620717411303424 is past the last"):
        zdd.nth(2**70)
    with pytest.raises(ValueError, match="index must be 0 or more, not -1"):
        zdd.nth(-1)
    with pytest.raises(ValueError, match=re.escape("seed must be a whole number (0 or more), not '-1'")):
        zdd.sample(-1)


def test_limits_and_refusals():
    p = matchings(14)
    made = p.zdd(node_limit=10)
    assert made.status == xc.Status.node_limit
    assert not made.complete and made.zdd is None
    solver = xc.Solver(p)
    assert solver.assume(0)
    with pytest.raises(xc.Error, match="made without assumptions"):
        solver.zdd()
    bounded = xc.Problem()
    bounded.add_primary("a", 1, 2)
    bounded.add_option(["a"])
    with pytest.raises(xc.ProblemError):
        bounded.zdd()
    empty = xc.Problem(primary=["a"], options=[])
    assert empty.zdd().zdd.count() == 0
    with pytest.raises(xc.Error, match="the diagram has no solution"):
        empty.zdd().zdd.sample()


def test_the_order_is_the_callers():
    # Both orders hold the same solutions; 'first' is ordered: along every
    # path the options come in one order (children have smaller options).
    p = matchings(8)
    fewest = p.zdd().zdd
    first = p.zdd(order="first").zdd
    assert xc.zdd(p, order="first").zdd.text() == first.text()
    assert xc.Solver(p).zdd(order="first").zdd.text() == first.text()
    assert sorted(first.nth(k) for k in range(105)) == sorted(fewest.nth(k) for k in range(105))
    by_id = {k + 2: node for k, node in enumerate(first.nodes)}
    for node in first.nodes:
        for child in (node[1], node[2]):
            if child >= 2:
                assert by_id[child][0] > node[0]
    with pytest.raises(ValueError, match="order must be fewest or first, not 'last'"):
        p.zdd(order="last")
