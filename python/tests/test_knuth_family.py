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


def test_multiplicities_from_python():
    p = xc.Problem()
    p.add_primary("a", 0, 2)
    p.add_primary("b")
    for items in (["a", "b"], ["a"], ["b"]):
        p.add_option(items)
    assert p.has_multiplicities and p.item_bounds(0) == (0, 2) and p.item_bounds(1) == (1, 1)
    # b once, a up to twice, each option at most once.
    got = {tuple(sorted(s)) for s in p.solutions()}
    assert got == {(0,), (2,), (0, 1), (1, 2)}
    assert "0:2|a" in p.to_dlx()
    assert xc.Problem.parse_dlx(p.to_dlx()) == p
    # As the CLI: on any number of threads.
    assert xc.count(p).solutions == 4
    assert xc.Solver(p).layout == xc.Layout.multiplicities
    assert xc.count(p, threads=2).solutions == 4


def test_cheapest_from_python_matches_a_brute_force():
    rng = random.Random(5)
    for _ in range(60):
        p = random_problem(rng)
        for option in range(p.option_count):
            p.set_option_cost(option, rng.randint(0, 4))
        assert p.has_costs or all(p.option_cost(o) == 0 for o in range(p.option_count))
        ranked = sorted((sum(p.option_cost(o) for o in s), sorted(s)) for s in p.solutions())
        solutions, status = xc.Solver(p).cheapest(3)
        assert status == xc.Status.exhausted
        assert [(c, list(o)) for c, o in solutions] == ranked[:3], p.to_dlx()


def test_estimate_from_python():
    solver = xc.Solver(problem(models.queens(8)))
    e = solver.estimate(2000, 1)
    assert e.probes == 2000 and e.status == xc.Status.exhausted
    assert 92 / 2 < e.solutions < 92 * 2
    assert e.nodes_spread >= 0 and e.seconds >= 0
    assert solver.count().solutions == 92


def word_squares(words, n):
    """Knuth's XCC word squares: rows and columns primary, cells coloured by letter."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"{i}{j}" for i in range(n) for j in range(n)]
    options = [[f"r{i}"] + [f"{i}{j}:{w[j]}" for j in range(n)] for i in range(n) for w in words]
    options += [[f"c{j}"] + [f"{i}{j}:{w[i]}" for i in range(n)] for j in range(n) for w in words]
    return xc.Problem(primary=primary, secondary=secondary, options=options)


def test_word_squares_take_the_counted_bit_sets_and_count_as_the_links_do():
    rng = random.Random(23)
    letters = "abc"
    words = sorted({"".join(rng.choice(letters) for _ in range(4)) for _ in range(60)})
    p = word_squares(words, 4)
    auto = xc.Solver(p)
    assert auto.layout == xc.Layout.counted_bitsets  # 8 primary items, many options
    links = xc.Solver(p, layout=xc.Layout.links)
    got, expected = auto.count(), links.count()
    assert got.solutions == expected.solutions > 0
    assert got.statistics.nodes == expected.statistics.nodes
    assert got.statistics.layout == xc.Layout.counted_bitsets
    assert expected.statistics.layout == xc.Layout.links
    # Row by row, a square kept while its columns begin words.
    prefixes = {w[:k] for w in words for k in range(5)}

    def squares(rows):
        if any("".join(r[j] for r in rows) not in prefixes for j in range(4)):
            return 0
        return 1 if len(rows) == 4 else sum(squares(rows + [w]) for w in words)

    assert got.solutions == squares([])
