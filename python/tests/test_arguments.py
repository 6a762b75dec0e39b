# SPDX-License-Identifier: MIT
"""What a call with a wrong argument raises: TypeError for a wrong type,
ValueError for a number out of range (as the README promises), never
pybind11's RuntimeError or its list of overloads; paths as os.PathLike;
Status, Layout and Kernels as real enum.Enum classes."""
import enum
import pathlib
import pickle
import re

import pytest

import xcover_dlx as xc

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"


def small():
    return xc.Problem(primary=["a", "b"], options=[["a"], ["b"], ["a", "b"]])


@pytest.mark.parametrize("make", [
    lambda: xc.Problem(primary=[[1]]),
    lambda: xc.Problem(secondary=[{}]),
    lambda: xc.Problem(primary=["a"], options=[5]),
    lambda: xc.Problem(primary=["a"], options=[[[3]]]),
    lambda: xc.Problem(primary=[1], options=[[[3]]]),
    lambda: xc.Problem.from_subsets([[[1]]]),
    lambda: xc.Problem.from_subsets(["ab"]),
])
def test_a_wrong_type_in_a_problem_is_a_type_error(make):
    with pytest.raises(TypeError) as caught:
        make()
    assert "Unable to cast" not in str(caught.value)


def test_a_wrong_type_names_what_was_wanted():
    with pytest.raises(TypeError, match=r"an item is a hashable value, not \[1\]"):
        xc.Problem(primary=[[1]])
    with pytest.raises(TypeError, match=r"an option's item is a hashable value, not \[3\]"):
        xc.Problem(primary=["a"], options=[[[3]]])
    with pytest.raises(TypeError, match="an option is a list of items, not 5"):
        xc.Problem(primary=["a"], options=[5])
    with pytest.raises(TypeError, match="an option is a list of items, not 5"):
        xc.Problem(primary=[1], options=[5])


def test_an_item_of_another_type_is_unknown_not_wrong():
    # Items are any hashable values: an int that is not an item is unknown.
    with pytest.raises(xc.ProblemError, match="unknown item 3"):
        xc.Problem(primary=["a"], options=[["a", 3]])
    with pytest.raises(xc.ProblemError, match=r"unknown item \('a', 'b', 'c'\)"):
        xc.Problem(primary=[1], options=[[("a", "b", "c")]])


@pytest.mark.parametrize("call, name", [
    (lambda p: p.count(-1), "limit"),
    (lambda p: p.count(node_limit=-5), "node_limit"),
    (lambda p: p.count(threads=-1), "threads"),
    (lambda p: xc.count(p, -1), "limit"),
    (lambda p: xc.Solver(p).count(-1), "limit"),
    (lambda p: xc.Solver(p).solutions(-1), "limit"),
    (lambda p: xc.Solver(p).solutions(node_limit=-1), "node_limit"),
    (lambda p: p.solutions(-2), "limit"),
    (lambda p: xc.Solver(p).estimate(-1), "probes"),
    (lambda p: xc.Solver(p).estimate(10, -1), "seed"),
    (lambda p: xc.Solver(p).cheapest(-1), "k"),
    (lambda p: xc.Solver(p).cheapest(1, node_limit=-1), "node_limit"),
])
def test_a_negative_count_is_a_value_error(call, name):
    # The search options' messages are the option table's (test_options.py).
    takes = {"threads": "from 0 (one per CPU available) to 1024"}.get(
        name, "a whole number (0 or more)")
    want = (f"{name} must be 0 or more, not -" if name in ("probes", "k")
            else f"{name} must be {re.escape(takes)}, not '-")
    with pytest.raises(ValueError, match=f"^{want}"):
        call(small())


def test_a_count_too_large_is_a_value_error():
    with pytest.raises(ValueError, match=re.escape(
            "threads must be from 0 (one per CPU available) to 1024, not '1099511627776'")):
        small().count(threads=2**40)
    with pytest.raises(ValueError, match=re.escape(
            "limit must be a whole number (0 or more), not '18446744073709551616'")):
        small().count(2**64)
    # The largest that fits is taken.
    assert small().count(2**64 - 1).solutions == 2


def test_a_float_where_an_int_goes_is_still_a_type_error():
    with pytest.raises(TypeError):
        small().count(1.5)
    with pytest.raises(TypeError):
        small().count(threads="2")


def test_read_dlx_takes_a_path_like():
    by_str = xc.Problem.read_dlx(str(DATA / "knuth_example.dlx"))
    assert xc.Problem.read_dlx(DATA / "knuth_example.dlx") == by_str
    assert xc.Problem.read_dlx(bytes(DATA / "knuth_example.dlx")) == by_str
    with pytest.raises(OSError):
        xc.Problem.read_dlx(DATA / "no such file.dlx")
    with pytest.raises(TypeError):
        xc.Problem.read_dlx(3)


@pytest.mark.parametrize("kind, names", [
    (xc.Status, ["exhausted", "stopped", "solution_limit", "node_limit", "time_limit",
                 "cancelled"]),
    (xc.Layout, ["automatic", "links", "bitsets", "counted_bitsets", "sparse", "multiplicities",
                 "costs", "memo"]),
    (xc.Kernels, ["automatic", "baseline", "avx2", "avx512", "avx512icl"]),
])
def test_the_enums_are_enum_enums(kind, names):
    assert issubclass(kind, enum.Enum)
    assert [m.name for m in kind] == names
    assert [m.value for m in kind] == list(range(len(names)))
    assert list(kind) == [kind[n] for n in names]
    for member in kind:
        assert isinstance(member, kind)
        assert kind(member.value) is member
        assert pickle.loads(pickle.dumps(member)) is member
    assert str(kind[names[0]]) == f"{kind.__name__}.{names[0]}"


def test_the_enums_go_in_and_come_back_as_members():
    p = small()
    r = p.count()
    assert r.status is xc.Status.exhausted and r.status == xc.Status.exhausted
    assert r.status != xc.Status.stopped and r.status != 0
    assert xc.Solver(p).count(1).status is xc.Status.solution_limit
    it = xc.Solver(p).solutions()
    next(it)
    it.close()
    assert it.status is xc.Status.stopped
    assert xc.Solver(p).estimate(5).status is xc.Status.exhausted
    assert xc.Solver(p).cheapest(1)[1] is xc.Status.exhausted
    solver = xc.Solver(p, xc.Layout.links, xc.Kernels.baseline)
    assert solver.layout is xc.Layout.links and solver.kernels is xc.Kernels.baseline
    assert xc.count(p, layout=xc.Layout.sparse).solutions == 2
    assert isinstance(xc.best_kernels(), xc.Kernels)
    # A layout's name from the library's table stands for its member.
    assert xc.Solver(p, "links").layout is xc.Layout.links
    with pytest.raises(ValueError, match="layout must be auto, links, bitsets"):
        xc.Solver(p, "fast")
    with pytest.raises(TypeError):
        xc.Solver(p, 1)
