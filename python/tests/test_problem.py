# SPDX-License-Identifier: MIT
"""Building problems, Knuth's format both ways, and the errors."""
import pytest

import xcover_dlx as xc
from models import obeys_rules

KNUTH = """\
| Knuth's example from DLX2 (one solution)
a b c | x y
a b x:0 y:0
a b x:1 y:1
a c x:0 y:1
a c x:1 y:0
a x:0
b x:1
c y:1
"""


def test_build_and_read_back():
    p = xc.Problem(primary=["a", "b"], secondary=["x"],
                   options=[["a", "x:red"], ["b", ("x", "red")], ["a", "b"]])
    assert (p.primary_count, p.secondary_count, p.option_count) == (2, 1, 3)
    assert p.primary == ["a", "b"] and p.secondary == ["x"]
    assert p.option(1) == ["b", "x:red"]
    assert p.option_text(0) == "a x:red"
    assert p.add_option(["a"]) == 3
    assert xc.Problem.parse_dlx(p.to_dlx()) == p


def test_knuth_example_round_trip_and_solution():
    p = xc.Problem.parse_dlx(KNUTH, "knuth.dlx")
    assert p == xc.Problem.parse_dlx(p.to_dlx())
    solutions = [sorted(p.option_text(i) for i in s) for s in p.solutions()]
    assert sorted(solutions) == [["a b x:1 y:1", "c y:1"], ["a c x:1 y:0", "b x:1"]]
    assert all(obeys_rules(p, s) for s in p.solutions())
    assert not obeys_rules(p, [0, 6])  # y:0 and y:1
    assert p != xc.Problem(primary=["a"])


def test_read_file(tmp_path):
    path = tmp_path / "p.dlx"
    path.write_text(KNUTH)
    assert xc.Problem.read_dlx(str(path)) == xc.Problem.parse_dlx(KNUTH)
    with pytest.raises(OSError):
        xc.Problem.read_dlx(str(tmp_path / "missing.dlx"))


def test_parse_error_names_source_and_line():
    with pytest.raises(xc.ParseError) as failure:
        xc.Problem.parse_dlx("a b\na\nb zz\n", "mine.dlx")
    assert str(failure.value) == "mine.dlx:3: unknown item 'zz'"
    assert (failure.value.source, failure.value.line, failure.value.reason) == \
        ("mine.dlx", 3, "unknown item 'zz'")
    assert isinstance(failure.value, xc.Error)


@pytest.mark.parametrize("build, message", [
    (lambda p: p.add_option(["nope"]), "unknown item 'nope'"),
    (lambda p: p.add_primary("a"), "'a'"),
    (lambda p: p.add_option(["a:red"]), "colour"),
    (lambda p: p.add_option(["a", "a"]), "'a'"),
    (lambda p: p.option(7), "7"),
])
def test_problem_errors_say_what_is_wrong(build, message):
    p = xc.Problem(primary=["a"], secondary=["x"])
    with pytest.raises(xc.ProblemError, match=message):
        build(p)


def test_wrong_types_are_type_errors():
    p = xc.Problem(primary=["a"])
    with pytest.raises(TypeError):
        p.add_option("a")  # one str, not a list of items
    with pytest.raises(TypeError):
        p.add_option([["a"]])  # not hashable
    with pytest.raises(TypeError):
        p.add_primary(["b"])
    # Any hashable value may be an item, so these are only unknown.
    with pytest.raises(xc.ProblemError, match="unknown item 1"):
        p.add_option([1])
    with pytest.raises(xc.ProblemError, match=r"unknown item \('a', 'b', 'c'\)"):
        p.add_option([("a", "b", "c")])
