# SPDX-License-Identifier: MIT
"""Searches: known counts, solutions against the rules and a brute force,
laziness, limits, threads, reuse, and the GIL left free."""
import itertools
import os
import random
import threading
import time

import pytest

import xcover_dlx as xc
import models

# OEIS A000170: solutions of the n-queens problem.
QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}
# OEIS A014552 (each sequence counted once; exact cover finds its reversal too).
LANGFORD = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26, 8: 150}


def problem(model):
    primary, secondary, options = model
    return xc.Problem(primary=primary, secondary=secondary, options=options)


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_counts(n):
    p = problem(models.queens(n))
    result = p.count()
    assert (result.solutions, result.status, result.complete) == (QUEENS[n], xc.Status.exhausted, True)
    solutions = list(p.solutions())
    assert len(solutions) == QUEENS[n]
    assert all(models.obeys_rules(p, s) for s in solutions)
    assert len({tuple(sorted(s)) for s in solutions}) == QUEENS[n]


@pytest.mark.parametrize("n", sorted(LANGFORD))
def test_langford_counts(n):
    assert problem(models.langford(n)).count().solutions == 2 * LANGFORD[n]


def test_pentominoes_3x20():
    p = problem(models.pentominoes(3, 20))
    solutions = list(p.solutions())
    assert len(solutions) == 8  # 2 tilings, each in 4 orientations of the board
    assert all(models.obeys_rules(p, s) for s in solutions)


@pytest.mark.parametrize("layout", [xc.Layout.automatic, xc.Layout.links, xc.Layout.bitsets,
                                    xc.Layout.counted_bitsets, xc.Layout.sparse,
                                    xc.Layout.multiplicities])
def test_layouts_agree(layout):
    p = problem(models.queens(8))
    solver = xc.Solver(p, layout)
    assert solver.layout != xc.Layout.automatic
    if layout != xc.Layout.automatic:
        assert solver.layout == layout  # what is asked runs
    assert solver.count().solutions == 92
    assert solver.statistics.solutions == 92 and solver.statistics.nodes > 92
    assert solver.statistics.layout == solver.layout


def test_a_layout_that_cannot_run_is_refused():
    p = problem(models.queens(8))
    with pytest.raises(xc.ProblemError, match="the costs layout is Solver::cheapest's own"):
        xc.Solver(p, xc.Layout.costs)
    solver = xc.Solver(p, xc.Layout.links)
    solver.cheapest(1)
    assert solver.statistics.layout == xc.Layout.costs


def brute_force(p):
    """Every set of options that obeys the rules; as in Knuth's programs, an
    option without a primary item is never part of a solution."""
    usable = [i for i in range(p.option_count)
              if any(t.partition(":")[0] in p.primary for t in p.option(i))]
    found = set()
    for size in range(len(p.primary) + 1):
        for subset in itertools.combinations(usable, size):
            if models.obeys_rules(p, subset):
                found.add(subset)
    return found


def test_random_problems_match_a_brute_force():
    rng = random.Random(2026)
    for _ in range(150):
        primary = [f"p{i}" for i in range(rng.randint(1, 5))]
        secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
        options = []
        for _ in range(rng.randint(1, 9)):
            items = rng.sample(primary, rng.randint(0, len(primary)))
            for s in rng.sample(secondary, rng.randint(0, len(secondary))):
                items.append(s + rng.choice(["", ":r", ":g"]))
            if items:
                options.append(items)
        p = xc.Problem(primary=primary, secondary=secondary, options=options)
        expected = {s for s in brute_force(p) if s}
        got = [tuple(sorted(s)) for s in p.solutions()]
        assert len(got) == len(set(got))
        assert set(got) == expected, p.to_dlx()
        assert p.count().solutions == len(expected)


def test_solutions_are_lazy():
    solver = xc.Solver(problem(models.queens(10)))
    it = solver.solutions()
    first = next(it)
    nodes_for_one = it.statistics.nodes
    assert it.status is None  # still going
    assert models.obeys_rules(solver.problem, first)
    rest = list(it)
    assert len(rest) == 723 and it.status == xc.Status.exhausted
    assert nodes_for_one * 20 < solver.statistics.nodes


def test_leaving_early_frees_the_solver():
    solver = xc.Solver(problem(models.queens(8)))
    it = solver.solutions()
    next(it)
    with pytest.raises(xc.Error):
        solver.count()  # the open iterator holds the solver
    it.close()
    assert it.status == xc.Status.stopped
    assert solver.count().solutions == 92
    for _ in solver.solutions():
        break
    assert solver.count().solutions == 92  # the loop's iterator is gone


def test_limits_say_why_they_stopped():
    p = problem(models.queens(12))
    r = p.count(100)
    assert (r.solutions, r.status, r.complete) == (100, xc.Status.solution_limit, False)
    assert len(list(p.solutions(5))) == 5
    r = p.count(node_limit=1000)
    assert r.status == xc.Status.node_limit and r.statistics.nodes <= 1000
    start = time.monotonic()
    r = problem(models.queens(40)).count(time_limit=0.2)
    assert r.status == xc.Status.time_limit and not r.complete
    assert time.monotonic() - start < 5
    with pytest.raises(ValueError):
        p.count(time_limit=-1)


@pytest.mark.parametrize("threads", [0, 2, 3])
def test_threads_count_the_same(threads):
    for n in (8, 9, 10):
        r = problem(models.queens(n)).count(threads=threads)
        assert (r.solutions, r.status) == (QUEENS[n], xc.Status.exhausted)
    r = problem(models.pentominoes(3, 20)).count(threads=threads)
    assert r.solutions == 8
    r = problem(models.queens(11)).count(500, threads=threads)
    assert (r.solutions, r.status) == (500, xc.Status.solution_limit)
    r = problem(models.queens(40)).count(threads=threads, time_limit=0.2)
    assert r.status == xc.Status.time_limit


def test_statistics_say_how_many_threads_searched():
    # By default one thread per CPU, as the CLI; a tree one thread finishes
    # in 10,000 nodes is searched on one, and the figures say so.
    big = problem(models.queens(11))
    assert big.count().statistics.threads == xc.default_threads()
    assert big.count(threads=2).statistics.threads == 2
    assert big.count(threads=1).statistics.threads == 1
    small = problem(models.queens(6))
    r = small.count(threads=2)
    assert (r.solutions, r.statistics.threads) == (4, 1)


def test_solve_and_no_solution():
    assert models.obeys_rules(problem(models.queens(8)), problem(models.queens(8)).solve())
    assert problem(models.queens(3)).solve() is None


def test_assumptions_split_the_count():
    p = problem(models.queens(8))
    solver = xc.Solver(p)
    solved, branch = solver.branching()
    assert not solved and branch
    total = 0
    for option in branch:
        assert solver.assume(option)
        assert solver.assumptions == [option]
        total += solver.count().solutions
        solver.clear_assumptions()
    assert total == 92
    assert not solver.assume([0, 1])  # two queens in row 0
    assert solver.count().solutions == 0


def test_kernels_can_be_forced():
    p = problem(models.queens(8))
    for kernels in (xc.Kernels.baseline, xc.best_kernels()):
        solver = xc.Solver(p, kernels=kernels)
        assert solver.kernels == kernels and solver.count().solutions == 92


def test_the_gil_is_free_while_searching():
    p = problem(models.queens(40))
    worker = threading.Thread(target=lambda: p.count(time_limit=0.5))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks >= 20  # held, the search would have let the loop run only once or twice


def test_a_bad_xcover_kernels_is_a_configuration_error(monkeypatch):
    monkeypatch.setenv("XCOVER_KERNELS", "sse9")
    with pytest.raises(xc.ConfigurationError) as raised:
        xc.Solver(problem(models.queens(6)))
    assert isinstance(raised.value, xc.Error)
    assert raised.value.variable == "XCOVER_KERNELS" and raised.value.value == "sse9"
    assert str(raised.value) == ("XCOVER_KERNELS=sse9: not a kernel set "
                                 "(baseline, avx2, avx512 or avx512icl)")


def test_the_kernels_forced_by_the_environment():
    # scripts/test.sh --kernels runs these tests once per kernel set.
    expected = os.environ.get("XCOVER_EXPECT_KERNELS")
    solver = xc.Solver(problem(models.queens(6)))
    if expected:
        assert solver.kernels.name == expected
    else:
        assert solver.kernels == xc.best_kernels() or "XCOVER_KERNELS" in os.environ
