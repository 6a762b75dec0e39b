# SPDX-License-Identifier: MIT
"""Knuth's wider family from Python: preprocessing (DLX-PRE), and big counts."""
import random

import xcover_dlx as xc
import models


def problem(model):
    primary, secondary, options = model
    return xc.Problem(primary=primary, secondary=secondary, options=options)


def random_problem(rng):
    primary = [f"p{i}" for i in range(rng.randint(1, 6))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(1, 12)):
        items = rng.sample(primary, rng.randint(1, len(primary)))
        for s in rng.sample(secondary, rng.randint(0, len(secondary))):
            items.append(s + rng.choice(["", ":r", ":g"]))
        options.append(items)
    return xc.Problem(primary=primary, secondary=secondary, options=options)


def test_reduce_keeps_the_solutions_and_maps_them_back():
    rng = random.Random(14)
    removed = 0
    for _ in range(200):
        p = random_problem(rng)
        r = xc.reduce(p)
        assert r.problem.option_count == p.option_count - r.removed_options
        assert len(r.original_option) == r.problem.option_count
        removed += r.removed_options
        expected = {tuple(sorted(s)) for s in p.solutions()}
        got = {tuple(sorted(r.original_options(s))) for s in r.problem.solutions()}
        assert got == expected, p.to_dlx()
        assert r.unsolvable <= (not expected)
        again = xc.reduce(r.problem)
        assert (again.removed_options, again.removed_items) == (0, 0)
    assert removed > 100  # the random problems gave it work


def test_reduce_a_pentomino_board_and_count_the_same():
    p = problem(models.pentominoes(3, 20))
    r = xc.reduce(p)
    assert r.complete and not r.unsolvable and r.removed_options > 0
    assert r.problem.count().solutions == p.count().solutions == 8
    assert "removed" in repr(r)


def test_counts_are_python_ints_of_any_size():
    result = problem(models.queens(6)).count()
    assert type(result.solutions) is int and result.solutions == 4
    assert type(result.statistics.nodes) is int and result.statistics.nodes > 4
