# SPDX-License-Identifier: MIT
"""Items named by any hashable value, options with keys, from_subsets, the
accessors (items, options, option_items) and pickling."""
import copy
import itertools
import pathlib
import pickle

import pytest

import xcover_dlx as xc

DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"
# Knuth's example (TAOCP 7.2.2.1, and Wikipedia's "Algorithm X"): one cover.
KNUTH_SUBSETS = {"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7], "D": [3, 5, 6],
                 "E": [2, 3, 6, 7], "F": [2, 7]}


def dominoes(rows, columns):
    """The dominoes of a board, each a pair of (row, column) cells."""
    cells = list(itertools.product(range(rows), range(columns)))
    return [[(r, c), (r + dr, c + dc)] for r, c in cells for dr, dc in ((0, 1), (1, 0))
            if r + dr < rows and c + dc < columns]


def test_from_subsets_gives_solutions_as_keys():
    p = xc.Problem.from_subsets(KNUTH_SUBSETS)
    assert p.items == [1, 4, 7, 5, 3, 6, 2]  # in order of first appearance
    assert p.primary == p.items and p.secondary == []
    solutions = [p.option_keys(s) for s in p.solutions()]
    assert [sorted(s) for s in solutions] == [["B", "D", "F"]]
    chosen = [KNUTH_SUBSETS[key] for key in solutions[0]]
    assert sorted(itertools.chain(*chosen)) == [1, 2, 3, 4, 5, 6, 7]
    assert p.option_key(0) == "A" and p.option_key(5) == "F"


def test_from_subsets_of_a_list_keys_by_index_and_takes_a_universe():
    p = xc.Problem.from_subsets([{1, 2}, {3}, {2, 3}, {1}])
    assert sorted(sorted(p.option_keys(s)) for s in p.solutions()) == [[0, 1], [2, 3]]
    # An element no subset holds can never be covered.
    assert xc.Problem.from_subsets([{1, 2}], primary=[1, 2, 3]).count().solutions == 0
    with pytest.raises(xc.ProblemError, match="unknown item 4"):
        xc.Problem.from_subsets([{1, 4}], primary=[1, 2, 3])


@pytest.mark.parametrize("rows, columns, tilings", [
    (2, 2, 2), (4, 4, 36), (6, 6, 6728),  # OEIS A004003
    (2, 10, 89), (3, 4, 11),               # Fibonacci; A001835
])
def test_domino_tilings_with_tuple_cells(rows, columns, tilings):
    p = xc.Problem.from_subsets(dominoes(rows, columns))
    assert len(p.items) == rows * columns and all(isinstance(c, tuple) for c in p.items)
    assert p.count().solutions == tilings
    for solution in itertools.islice(p.solutions(), 50):
        cells = [cell for option in solution for cell in p.option_items(option)]
        assert sorted(cells) == sorted(itertools.product(range(rows), range(columns)))


def test_labels_get_names_of_knuths_format():
    p = xc.Problem(primary=[(0, 1), "New York", 5, "5", "", frozenset({1})],
                   secondary=["x", None], options=[[(0, 1), "New York", 5, "5", "", frozenset({1})]])
    # A str that is a name keeps it, even when another label would make it.
    assert [p.item_name(i) for i in range(p.item_count)] == \
        ["(0,1)", "New_York", "5#2", "5", "_", "frozenset({1})", "x", "None"]
    assert p.items == [(0, 1), "New York", 5, "5", "", frozenset({1}), "x", None]
    # The names are good for Knuth's format: the text reads back as the same shape.
    back = xc.Problem.parse_dlx(p.to_dlx())
    assert back.items == [p.item_name(i) for i in range(p.item_count)]
    assert back.option(0) == p.option(0) and back != p  # (labels differ)


def test_duplicate_labels_are_refused():
    with pytest.raises(xc.ProblemError, match=r"duplicate item \(1, 2\)"):
        xc.Problem(primary=[(1, 2), "a", (1, 2)])
    with pytest.raises(xc.ProblemError, match="duplicate item True"):
        xc.Problem(primary=[1, True])  # equal in Python: one key
    with pytest.raises(xc.ProblemError, match="duplicate item name 'a'"):
        xc.Problem(primary=["a", "a"])  # (names: the engine's own message)


def test_colours_on_labelled_items():
    p = xc.Problem(primary=[1, 2], secondary=[("cell", 0), "x"],
                   options=[[1, (("cell", 0), "red"), "x:blue"], [2, (("cell", 0), "red")],
                            [2, (("cell", 0), "green")]])
    assert p.option_items(0) == [1, (("cell", 0), "red"), ("x", "blue")]
    assert p.option(0) == ["1", "('cell',0):red", "x:blue"]
    assert sorted(p.option_keys(s) for s in p.solutions()) == [[0, 1]]


def test_a_pair_that_is_an_item_is_that_item():
    p = xc.Problem(primary=[("x", "red")], secondary=["x"], options=[[("x", "red")]])
    assert p.option_items(0) == [("x", "red")] and p.count().solutions == 1
    p.add_option([("x", "red"), ("x", "blue")])
    assert p.option_items(1) == [("x", "red"), ("x", "blue")]


def test_items_and_options_build_the_problem_again():
    knuth = xc.Problem.read_dlx(DATA / "knuth_example.dlx")
    labelled = xc.Problem(primary=[(0, 0), (0, 1), 7], secondary=[frozenset("ab")],
                          options=[[(0, 0), (frozenset("ab"), "on")], [(0, 1), 7],
                                   [(0, 0), (0, 1), 7]])
    for p in (knuth, labelled):
        again = xc.Problem(p.primary, p.secondary, p.options)
        assert again == p and again.to_dlx() == p.to_dlx()
        assert p.items == p.primary + p.secondary
        assert p.options == [p.option_items(i) for i in range(p.option_count)]


def test_items_added_one_at_a_time_take_labels_too():
    p = xc.Problem(primary=["a"])
    assert p.add_primary((1, 1)) == 1 and p.add_primary("b", 0, 2) == 2
    assert p.add_secondary(3.5) == 3
    assert p.add_option(["a", (1, 1), 3.5]) == 0
    assert p.items == ["a", (1, 1), "b", 3.5] and p.item_bounds(2) == (0, 2)
    assert p.option_items(0) == ["a", (1, 1), 3.5] and p.option_text(0) == "a (1,1) 3.5"
    with pytest.raises(xc.ProblemError, match="declared after secondary items"):
        p.add_primary(9)
    assert p.items == ["a", (1, 1), "b", 3.5]  # nothing half-added


def test_option_keys():
    p = xc.Problem(primary=["a", "b"], options={"first": ["a"], ("t", 2): ["b"], None: ["a", "b"]})
    assert [p.option_key(i) for i in range(3)] == ["first", ("t", 2), None]
    assert {frozenset(p.option_keys(s)) for s in p.solutions()} == \
        {frozenset({"first", ("t", 2)}), frozenset({None})}
    assert p.add_option(["a"], key="again") == 3 and p.option_key(3) == "again"
    assert p.add_option(["b"]) == 4 and p.option_key(4) == 4  # no key: the index
    plain = xc.Problem(primary=["a"], options=[["a"], ["a"]])
    assert plain.option_keys([1, 0]) == [1, 0]
    plain.add_option(["a"], key="k")
    assert [plain.option_key(i) for i in range(3)] == [0, 1, "k"]
    with pytest.raises(xc.ProblemError, match="option index 3 out of range: the problem has 3"):
        plain.option_key(3)
    with pytest.raises(xc.ProblemError, match="option index -1 out of range"):
        plain.option_keys([-1])


def test_equality_sees_labels_and_keys():
    assert xc.Problem(primary=[1]) != xc.Problem(primary=["1"])
    assert xc.Problem(primary=[1]) == xc.Problem(primary=[1])
    assert xc.Problem(primary=["a"], options=[["a"]]) == \
        xc.Problem(primary=["a"], options={0: ["a"]})  # the default key is the index
    assert xc.Problem(primary=["a"], options={"k": ["a"]}) != \
        xc.Problem(primary=["a"], options=[["a"]])
    assert xc.Problem() != "a problem"


def everything():
    """A problem with each thing a pickle must keep."""
    p = xc.Problem(primary=[(0, 0), "b"])
    p.add_primary(7, 0, 2)
    p.add_secondary("x")
    p.add_secondary((9, "y"))
    p.add_option([(0, 0), "x:red"], key="k0")
    p.add_option(["b", ((9, "y"), "blue")], key=("k", 1))
    p.add_option([(0, 0), "b"], key="k2")
    p.add_option(["x"], key="only secondary")
    p.add_option([7, "b"], key=frozenset({"k3"}))
    p.set_option_cost(2, 5)
    return p


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_keeps_everything(protocol):
    p = everything()
    back = pickle.loads(pickle.dumps(p, protocol))
    assert back == p and back is not p
    assert back.items == [(0, 0), "b", 7, "x", (9, "y")] == p.items
    assert back.secondary == ["x", (9, "y")] and back.primary_count == 3
    assert back.item_bounds(2) == (0, 2) and back.has_multiplicities
    assert [back.option_cost(i) for i in range(5)] == [0, 0, 5, 0, 0]
    assert back.options == p.options and back.option_items(1) == ["b", ((9, "y"), "blue")]
    assert back.option_keys(range(5)) == ["k0", ("k", 1), "k2", "only secondary",
                                          frozenset({"k3"})]
    assert back.to_dlx() == p.to_dlx() and back.option(3) == ["x"]
    # And it goes on as the original would.
    assert back.add_option([(0, 0), 7]) == 5
    with pytest.raises(xc.ProblemError, match=r"duplicate item \(0, 0\)"):
        back.add_secondary((0, 0))


def test_pickle_of_a_plain_problem_and_of_knuths():
    plain = xc.Problem(primary=["a", "b"], secondary=["y"], options=[["a", "y:1"], ["y"], ["b"]])
    back = pickle.loads(pickle.dumps(plain))
    assert back == plain and back.option_count == 3 and "_labels" not in back.__dict__
    assert back.count().solutions == plain.count().solutions == 1


def test_copies_share_nothing():
    p = everything()
    for other in (copy.copy(p), copy.deepcopy(p)):
        assert other == p
        other.add_secondary(("new", 1))
        other.add_option([(0, 0)], key="new")
        assert ("new", 1) not in p.items and p.option_count == 5
        assert p == everything()


def test_a_damaged_pickle_is_a_value_error():
    state = everything().__getstate__()
    with pytest.raises(ValueError, match="not the state of a pickled xcover_dlx.Problem"):
        xc.Problem.__new__(xc.Problem).__setstate__(((99,) + state[0][1:], state[1]))
