# SPDX-License-Identifier: MIT
"""progress=, progress_interval=: a callback with a Progress snapshot while
a search runs (solutions, count, cheapest), called with the GIL; what it
raises stops the search, comes out of the call, and leaves the solver
usable."""
import math
import re
import threading

import pytest

import xcover_dlx as xc
import models

# Queens 13: 73,712 solutions, long enough (tens of milliseconds at least)
# for a callback every few milliseconds.
N, SOLUTIONS = 13, 73712


def queens(n):
    return xc.Problem(*models.queens(n))


def langford(n):
    return xc.Problem(*models.langford(n))


class Stop(Exception):
    pass


def stop(progress):
    raise Stop(progress)


def check_snapshots(seen, interval, final):
    assert seen, "the callback was never called"
    for p in seen:
        assert isinstance(p, xc.Progress)
        assert 0 <= p.fraction_done <= 1 and p.level >= 0 and p.updates >= p.nodes > 0
        assert p.seconds >= interval and p.solutions <= final
    for a, b in zip(seen, seen[1:]):
        assert a.nodes <= b.nodes and a.solutions <= b.solutions
        assert b.seconds - a.seconds >= interval * 0.999


@pytest.mark.parametrize("count", [
    lambda p, **kw: p.count(threads=1, **kw),
    lambda p, **kw: xc.Solver(p).count(**kw),
    lambda p, **kw: xc.count(p, threads=2, **kw),
])
def test_count_reports_progress(count):
    seen = []
    result = count(queens(N), progress=seen.append, progress_interval=0.005)
    assert result.solutions == SOLUTIONS and result.complete
    check_snapshots(seen, 0.005, SOLUTIONS)


def test_solutions_report_progress_between_solutions():
    seen = []
    found = sum(1 for _ in queens(N).solutions(progress=seen.append, progress_interval=0.005))
    assert found == SOLUTIONS
    check_snapshots(seen, 0.005, SOLUTIONS)


def test_a_long_interval_is_not_called():
    seen = []
    assert queens(8).count(progress=seen.append, progress_interval=3600).solutions == 92
    assert seen == []


@pytest.mark.parametrize("search", [
    lambda p, **kw: p.count(threads=1, **kw),
    lambda p, **kw: xc.count(p, threads=2, **kw),
    lambda p, **kw: list(p.solutions(**kw)),
    lambda p, **kw: langford(13).solve(**kw),  # none: seconds to find out
    lambda p, **kw: xc.Solver(p).cheapest(3, **kw),
])
def test_what_the_callback_raises_comes_out(search):
    p = queens(N)
    with pytest.raises(Stop) as raised:
        search(p, progress=stop, progress_interval=0.001)
    snapshot = raised.value.args[0]
    assert isinstance(snapshot, xc.Progress) and snapshot.nodes > 0
    assert "stop" in [frame.name for frame in raised.traceback]  # raised where it was raised


def test_the_solver_stays_usable_after_the_callback_raised():
    solver = xc.Solver(queens(N))
    with pytest.raises(Stop):
        solver.count(progress=stop, progress_interval=0.001)
    assert solver.count().solutions == SOLUTIONS
    it = solver.solutions(progress=stop, progress_interval=0.001)
    with pytest.raises(Stop):
        for _ in it:
            pass
    assert it.status is not None  # closed: the solver is free again
    assert solver.count().solutions == SOLUTIONS
    with pytest.raises(KeyboardInterrupt):
        solver.count(progress=lambda p: (_ for _ in ()).throw(KeyboardInterrupt),
                     progress_interval=0.001)
    assert solver.count(3).solutions == 3


def test_the_callback_can_stop_a_search_on_a_budget():
    """The usual use: give up after some nodes, keeping what was found."""
    found = []

    def budget(progress):
        if progress.nodes > 50_000:
            raise Stop

    with pytest.raises(Stop):
        for solution in queens(N).solutions(progress=budget, progress_interval=0.001):
            found.append(solution)
    assert 0 < len(found) < SOLUTIONS


def test_other_threads_run_while_the_callback_waits_its_turn():
    # The search runs without the GIL and takes it only to call back.
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        calls = []
        queens(N).count(progress=calls.append, progress_interval=0.002)
    finally:
        done.set()
        thread.join()
    assert calls and len(ticks) > 1


@pytest.mark.parametrize("bad, error, message", [
    (3, TypeError, "progress must be callable"),
    ("print", TypeError, "progress must be callable"),
])
def test_a_callback_that_cannot_be_called(bad, error, message):
    with pytest.raises(error, match=message):
        queens(4).count(progress=bad)
    with pytest.raises(error, match=message):
        xc.Solver(queens(4)).solutions(progress=bad)


@pytest.mark.parametrize("interval", [0, -1, math.inf, math.nan])
def test_an_interval_must_be_seconds_above_zero(interval):
    for call in (lambda: queens(4).count(progress=print, progress_interval=interval),
                 lambda: xc.count(queens(4), threads=2, progress_interval=interval),
                 lambda: xc.Solver(queens(4)).cheapest(progress_interval=interval)):
        with pytest.raises(ValueError, match=re.escape(
                f"progress_interval must be a number of seconds (more than 0), "
                f"not '{interval if math.isfinite(interval) else float(interval)!r}'")):
            call()
