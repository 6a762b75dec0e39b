# SPDX-License-Identifier: MIT
"""The library's one table of search options (xcover_dlx.search_option_table())
against Python: the stubs and the calls name exactly the table's keyword
arguments, every name of the tables is taken, and bad values and options that
do not go together are refused with the table's message, in Python's spelling
(the CLI's half: tests/test_frontend_options.cpp; JavaScript's:
web/tests/options.test.mjs)."""
import ast
import math
import pathlib
import re

import pytest

import xcover_dlx as xc

STUBS = pathlib.Path(__file__).resolve().parents[1] / "xcover_dlx" / "_core.pyi"
TABLE = xc.search_option_table()
ROW = {row["name"]: row for row in TABLE}


def knuth():
    return xc.Problem.from_matrix([
        [0, 0, 1, 0, 1, 0, 0], [1, 0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1, 0],
        [1, 0, 0, 1, 0, 1, 0], [0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 1, 1, 0, 1]])


def stub_keywords(cls, method):
    """The parameters a method (or a function, cls None) has in _core.pyi."""
    tree = ast.parse(STUBS.read_text())
    body = tree.body
    if cls is not None:
        body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls).body
    for node in body:
        if isinstance(node, ast.FunctionDef) and node.name == method:
            args = node.args
            return {a.arg for a in args.args + args.kwonlyargs} - {"self", "problem"}
    raise AssertionError(f"{cls}.{method} is not in the stubs")


def table_keywords(call, leave_out=()):
    return {row["python"] for row in TABLE
            if row["python"] and call in row["calls"] and row["python"] not in leave_out}


# What each call takes beyond the table's options of its kind: a Solver's calls
# take no layout (the Solver has one) and only count() runs on threads.
CALLS = [
    ("Problem", "count", "count", set(), ()),
    ("Problem", "solutions", "solutions", set(), ("threads",)),
    ("Problem", "solve", "solutions", set(), ("threads", "limit", "node_limit")),
    ("Solver", "count", "count", set(), ("threads", "layout")),
    ("Solver", "solutions", "solutions", set(), ("threads", "layout")),
    ("Solver", "estimate", "estimate", {"probes"}, ("threads",)),
    ("Solver", "zdd", "zdd", set(), ("threads",)),
    ("Solver", "cheapest", "cheapest", {"k"}, ("threads",)),
    (None, "count", "count", set(), ()),
    (None, "zdd", "zdd", set(), ("threads", "layout")),
]


@pytest.mark.parametrize("cls, method, call, own, leave_out", CALLS)
def test_the_stubs_name_the_tables_options(cls, method, call, own, leave_out):
    assert stub_keywords(cls, method) == table_keywords(call, leave_out) | own


def test_the_table_is_the_librarys():
    assert [row["name"] for row in TABLE][:3] == ["count", "limit", "stats"]
    assert ROW["item-choice"] == dict(ROW["item-choice"], cli="item-choice",
                                      python="item_choice", javascript="itemChoice",
                                      kind="name", default="first-shortest")
    for row in TABLE:
        if not row["python"]:
            assert row["elsewhere"], row["name"]
    names = xc.option_names()
    assert [n["name"] for n in names["layout"]] == [
        "auto", "links", "bitsets", "counted-bitsets", "sparse", "multiplicities", "costs", "memo"]


def test_every_name_is_taken():
    p = knuth()
    for named in xc.option_names()["layout"]:
        for word in (named["name"], named["alias"]):
            if not word:
                continue
            if named["asked"]:
                assert p.count(layout=word, threads=1).solutions == 1, word
                assert xc.Solver(p, word).count().solutions == 1, word
            else:
                with pytest.raises(ValueError, match=re.escape(
                        f"layout must be {ROW['layout']['takes']}, not '{word}'")):
                    xc.Solver(p, word)
    for named in xc.option_names()["item-choice"]:
        for word in (named["name"], named["alias"]):
            if word:
                assert p.count(layout="bitsets", item_choice=word).solutions == 1, word
        assert xc.ItemChoice(named["name"]).value == named["name"]
    for named in xc.option_names()["zdd-order"]:
        assert p.zdd(order=named["name"]).zdd.count() == 1


@pytest.mark.parametrize("name, call", [
    ("layout", lambda p: p.count(layout="fast")),
    ("layout", lambda p: xc.Solver(p, "fast")),
    ("item-choice", lambda p: p.count(item_choice="best")),
    ("item-choice", lambda p: xc.Solver(p).solutions(item_choice="best")),
    ("item-choice", lambda p: xc.Solver(p).estimate(5, item_choice="best")),
    ("zdd-order", lambda p: p.zdd(order="best")),
])
def test_a_bad_name_has_the_tables_message(name, call):
    row = ROW[name]
    with pytest.raises(ValueError, match=f"^{re.escape(row['python'])} must be "
                       f"{re.escape(row['takes'])}, not 'fast|best'$"):
        call(knuth())


def test_a_bad_time_limit_has_the_tables_message():
    with pytest.raises(ValueError, match=re.escape(
            f"time_limit must be {ROW['time-limit']['takes']}, not '-1'")):
        knuth().count(time_limit=-1)


WHY = " (a memoised count counts whole sub-problems, by DLX1's choice of item)"


@pytest.mark.parametrize("given, named", [
    (dict(limit=3), "limit"),
    (dict(propagate=True), "propagate"),
    (dict(item_choice="most-clashes"), "item_choice"),
    (dict(seed=5), "seed"),
])
def test_memo_refuses_what_the_cli_refuses(given, named):
    for count in (knuth().count, xc.Solver(knuth()).count,
                  lambda **kw: xc.count(knuth(), **kw)):
        with pytest.raises(ValueError, match=re.escape(f"memo does not go with {named}{WHY}")):
            count(memo=True, **given)


def test_tree_options_a_layout_does_not_follow_are_refused():
    p = knuth()
    with pytest.raises(ValueError, match=re.escape(
            "propagate is followed by the bitsets layout only, and this problem runs on the "
            "links layout: add layout='bitsets', or leave propagate out")):
        p.count(layout="links", propagate=True)
    with pytest.raises(ValueError, match=re.escape(
            "item_choice='most-clashes' is followed by the bitsets layout only, and this "
            "problem runs on the sparse layout: add layout='bitsets', or leave item_choice "
            "out")):
        xc.Solver(p, xc.Layout.sparse).solutions(item_choice=xc.ItemChoice.most_clashes)
    with pytest.raises(ValueError, match="propagate is followed by the bitsets layout only"):
        xc.Solver(p, "links").estimate(10, propagate=True)


def test_the_tree_options_give_the_same_solutions():
    p = knuth()
    want = sorted(sorted(s) for s in p.solutions())
    for options in (dict(propagate=True), dict(item_choice="most-clashes"), dict(seed=7),
                    dict(propagate=True, item_choice="most-clashes", seed=3)):
        assert sorted(sorted(s) for s in p.solutions(layout="bitsets", **options)) == want
        assert p.count(layout="bitsets", threads=2, **options).solutions == 1
        assert xc.Solver(p, "bitsets").count(**options).solutions == 1
        assert sorted(p.solve(layout="bitsets", **options)) == want[0]
        assert xc.Solver(p, "bitsets").estimate(20, propagate=options.get("propagate", False),
                                                item_choice=options.get(
                                                    "item_choice", "first-shortest")).probes == 20
    # seed alone is followed by every layout
    assert xc.Solver(p, "links").count(seed=9).solutions == 1


# A bad value of each numeric kind, and the text the message quotes (the CLI's
# and JavaScript's too: web/tests/options.test.mjs, tests/test_frontend_options.cpp).
BAD = {"count": [(-1, "-1"), (2**64, "18446744073709551616")],
       "seconds": [(-1, "-1"), (math.inf, "inf")],
       "positive_seconds": [(0, "0"), (-2, "-2")],
       "threads": [(-1, "-1"), (1025, "1025")]}


def tiling():
    return xc.polyform.make_tiling("square", "3x20", "pentominoes")


@pytest.mark.parametrize("row", [r for r in TABLE if r["python"] and r["kind"] in BAD],
                         ids=lambda r: r["name"])
def test_every_bad_number_has_the_tables_message(row):
    keyword = row["python"]
    calls = [lambda **kw: knuth().count(progress=print, **kw),
             lambda **kw: xc.count(knuth(), progress=print, **kw)]
    if "solutions" in row["calls"] and keyword != "threads":
        calls += [lambda **kw: xc.Solver(knuth()).solutions(**kw),
                  lambda **kw: tiling().solutions(progress=print, **kw)]
    calls.append(lambda **kw: tiling().count(progress=print, **kw))
    for value, text in BAD[row["kind"]]:
        want = f"{keyword} must be {row['takes']}, not '{text}'"
        for call in calls:
            with pytest.raises(ValueError) as raised:
                call(**{keyword: value})
            assert str(raised.value) == want


# A Tiling runs on the automatic layout, without the memo's choice.
TILING_CALLS = [("count", "count", {"disassemble", "min_level"}, ("layout", "memo", "symmetry")),
                ("solutions", "solutions", {"disassemble", "min_level"}, ("threads", "layout")),
                ("solve", "solutions", set(), ("threads", "layout", "limit", "node_limit"))]


@pytest.mark.parametrize("method, call, own, leave_out", TILING_CALLS)
def test_the_tiling_stubs_name_the_tables_options(method, call, own, leave_out):
    stubs = STUBS.with_name("polyform.pyi")
    tree = ast.parse(stubs.read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tiling").body
    node = next(n for n in body if isinstance(n, ast.FunctionDef) and n.name == method)
    have = {a.arg for a in node.args.args + node.args.kwonlyargs} - {"self"}
    assert have == table_keywords(call, leave_out) | own


def test_a_tiling_takes_the_tree_options():
    t = tiling()  # on the bitsets layout, which follows every tree option
    assert xc.Solver(t.problem).layout == xc.Layout.bitsets
    want = sorted(sorted(s) for s in t.solutions())
    assert len(want) == t.count().solutions == 8
    for options in (dict(seed=4), dict(propagate=True), dict(item_choice="most-clashes"),
                    dict(propagate=True, item_choice="most-clashes", seed=2)):
        assert t.count(**options).solutions == 8
        assert sorted(sorted(s) for s in t.solutions(**options)) == want
        assert sorted(t.solve(**options)) in want
    with pytest.raises(ValueError, match=re.escape(
            f"item_choice must be {ROW['item-choice']['takes']}, not 'best'")):
        t.count(item_choice="best")
