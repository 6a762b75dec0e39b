# SPDX-License-Identifier: MIT
"""The Python half of xcover_dlx.Problem, put onto the compiled class by
install() when the package is imported: items named by any hashable value,
options with keys, 0/1 matrices both ways, and the searches.

The engine names items as Knuth's format does (non-blank text without ':'
or '|'). An item given as such a str is its own name, as before; any other
hashable value (an int, a tuple, a str with blanks) is a label, and the
item gets a name made from str(label). Labels and option keys live in the
instance's __dict__, so they travel with pickle:
    _labels       item labels by index (absent while every item is a name)
    _label_index  label -> item index
    _keys         option keys by index (absent: an option's key is its index)
"""
from __future__ import annotations

import collections.abc
import copy
import copyreg
import itertools
import operator
import re
from typing import (TYPE_CHECKING, Any, Callable, Hashable, Iterable, Literal, Mapping, Optional,
                    Union, cast)

from ._core import (
    CountResult,
    Error,
    ItemChoice,
    Layout,
    Problem,
    ProblemError,
    Progress,
    SolutionIterator,
    Solver,
    Status,
    ZddResult,
    count,
    zdd,
)

if TYPE_CHECKING:
    import numpy
    import numpy.typing

ProgressCallback = Optional[Callable[[Progress], object]]
# A layout or an item choice is its member or its name (the library's table).
LayoutName = Union[Layout, str]
ItemChoiceName = Union[ItemChoice, Literal["first-shortest", "most-clashes"]]
Options = Union[Iterable[Iterable[Hashable]], Mapping[Hashable, Iterable[Hashable]]]

# The compiled methods the Python ones wrap, taken before install() replaces them.
_core_init = Problem.__init__
_core_add_primary = Problem.add_primary
_core_add_secondary = Problem.add_secondary
_core_add_option = Problem.add_option
_core_eq = Problem.__eq__

_NOT_IN_A_NAME = re.compile(r"[ \t\r\n\v\f:|]")
_BLANKS_AFTER_COMMAS = re.compile(r",[ \t\r\n\v\f]+")
_NO_KEY: Any = object()


def _is_name(label: object) -> bool:
    """Whether `label` is a name of Knuth's format, which the item keeps."""
    return isinstance(label, str) and label != "" and _NOT_IN_A_NAME.search(label) is None


def _hashable(value: object, what: str) -> None:
    try:
        hash(value)
    except TypeError:
        raise TypeError(f"{what} is a hashable value, not {value!r}") from None


def _labels(problem: Problem) -> Optional[list[Hashable]]:
    labels: Optional[list[Hashable]] = problem.__dict__.get("_labels")
    return labels


def _label_table(problem: Problem) -> tuple[list[Hashable], dict[Hashable, int]]:
    """The labels and their index, made from the names at the first label
    that is not a name."""
    attributes = problem.__dict__
    if "_labels" not in attributes:
        names: list[Hashable] = [problem.item_name(i) for i in range(problem.item_count)]
        attributes["_labels"] = names
        attributes["_label_index"] = {name: i for i, name in enumerate(names)}
    return attributes["_labels"], attributes["_label_index"]


def _free_name(label: Hashable, taken: Callable[[str], bool]) -> str:
    """A name for `label` that is not taken: the label itself when it is a
    name, else str(label) with blanks, ':' and '|' made '_' ("(0,1)" for the
    tuple (0, 1)), then '#2', '#3', ... until it is free."""
    if _is_name(label):
        base = str(label)
    else:
        base = _NOT_IN_A_NAME.sub("_", _BLANKS_AFTER_COMMAS.sub(",", str(label))) or "_"
    name, suffix = base, 2
    while taken(name):
        name, suffix = f"{base}#{suffix}", suffix + 1
    return name


def _add_labelled(problem: Problem, label: Hashable, add: Callable[[str], int]) -> int:
    """Adds one item by label, named by _free_name, with `add`."""
    _hashable(label, "an item")
    labels, index = _label_table(problem)
    if label in index:
        raise ProblemError(f"duplicate item {label!r}")
    item = add(_free_name(label, lambda name: problem._find_item(name) >= 0))
    labels.append(label)
    index[label] = item
    return item


def _names(labels: list[Hashable]) -> tuple[list[str], dict[Hashable, int]]:
    """The names of all the items of a new problem, and the labels' index.
    A label that is a name keeps it, ahead of the names made for others."""
    index: dict[Hashable, int] = {}
    for item, label in enumerate(labels):
        _hashable(label, "an item")
        if index.setdefault(label, item) != item:
            raise ProblemError(f"duplicate item {label!r}")
    taken = {label for label in labels if isinstance(label, str) and _is_name(label)}
    names = []
    for label in labels:
        if isinstance(label, str) and _is_name(label):
            name = label
        else:
            name = _free_name(label, taken.__contains__)
            taken.add(name)
        names.append(name)
    return names, index


def _coloured(token: object) -> Optional[tuple[object, str]]:
    """(item, colour) for "item:colour" or a pair (item, colour); else None."""
    if isinstance(token, str) and ":" in token:
        item, colour = token.split(":", 1)
        return item, colour
    if isinstance(token, tuple) and len(token) == 2 and isinstance(token[1], str):
        return token[0], token[1]
    return None


def _entries(index: dict[Hashable, int], tokens: Iterable[Hashable]) -> tuple[list[int], list[str]]:
    """An option's items by label, as item indices and colours ('' for none;
    no list when none has one). A label is looked up first: a pair that is
    itself an item is that item."""
    tokens = list(tokens)
    try:
        return [index[token] for token in tokens], []
    except (KeyError, TypeError):
        pass  # unknown, coloured or not hashable: one at a time
    items, colours = [], []
    for token in tokens:
        _hashable(token, "an option's item")
        item, colour = index.get(token), ""
        if item is None:
            coloured = _coloured(token)
            if coloured is None:
                raise ProblemError(f"unknown item {token!r}")
            label, colour = coloured
            _hashable(label, "an option's item")
            item = index.get(label)
            if item is None:
                raise ProblemError(f"unknown item {label!r}")
        items.append(item)
        colours.append(colour)
    return items, colours


def _check_option(items: object) -> Iterable[Hashable]:
    if type(items) is list or type(items) is tuple:
        return cast(Iterable[Hashable], items)  # (the usual case, at once)
    if isinstance(items, str):
        raise TypeError("an option is a list of items, not one str (split it first)")
    try:
        iter(items)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"an option is a list of items, not {items!r}") from None
    return cast(Iterable[Hashable], items)


# %% Building


def _init(self: Problem, primary: Iterable[Hashable] = (), secondary: Iterable[Hashable] = (),
          options: Options = ()) -> None:
    """An exact-cover problem: primary items (covered exactly once),
    secondary items (at most once, or by options that agree on its colour)
    and options, each a list of items.

        Problem(primary=["a", "b", "c"], secondary=["x"],
                options=[["a", "b", "x:red"], ["c", ("x", "red")], ["a"], ["b", "c"]])
        Problem(primary=[(0, 0), (0, 1)], options={"domino": [(0, 0), (0, 1)]})

    An item is any hashable value. A str without blanks, ':' or '|' is also
    its name in Knuth's format; any other value is kept as the item's label
    (problem.items, option_items(), options) and gets a name made from it.
    An option's item is an item, "item:colour" or (item, colour) for a
    coloured secondary item. Options given as a dict {key: items} have keys:
    option_key(i) and option_keys(solution) give them back.
    """
    primary, secondary = list(primary), list(secondary)
    keys: Optional[list[Hashable]] = None
    if isinstance(options, collections.abc.Mapping):
        keys, options = list(options.keys()), list(options.values())
    if all(_is_name(label) for label in primary + secondary):
        _core_init(self, primary, secondary, options)  # names: the engine reads them at once
    else:
        labels = primary + secondary
        names, index = _names(labels)
        _core_init(self, names[:len(primary)], names[len(primary):])
        self.__dict__.update(_labels=labels, _label_index=index)
        add = self._add_entries
        for option in options:
            add(*_entries(index, _check_option(option)))
    if keys is not None:
        self.__dict__["_keys"] = keys


def _add_primary(self: Problem, name: Hashable, lower: int = 1, upper: int = 1) -> int:
    """Adds a primary item (before any secondary item) and returns its index;
    it is covered between `lower` and `upper` times (Knuth's multiplicities,
    u:v|name). `name`: any hashable value, as in Problem()."""
    if _labels(self) is None and _is_name(name):
        return _core_add_primary(self, name, lower, upper)
    return _add_labelled(self, name, lambda given: _core_add_primary(self, given, lower, upper))


def _add_secondary(self: Problem, name: Hashable) -> int:
    """Adds a secondary item and returns its index. `name`: any hashable
    value, as in Problem()."""
    if _labels(self) is None and _is_name(name):
        return _core_add_secondary(self, name)
    return _add_labelled(self, name, lambda given: _core_add_secondary(self, given))


def _add_option(self: Problem, items: Iterable[Hashable], *, key: Hashable = _NO_KEY) -> int:
    """Adds an option (its items as in Problem()) and returns its index;
    `key`: what option_key() gives for it (else its index)."""
    items = _check_option(items)
    if _labels(self) is None:
        option = _core_add_option(self, items)
    else:
        _, index = _label_table(self)
        option = self._add_entries(*_entries(index, items))
    if key is not _NO_KEY or "_keys" in self.__dict__:
        keys: list[Hashable] = self.__dict__.setdefault("_keys", list(range(option)))
        keys.append(option if key is _NO_KEY else key)
    return option


def _from_subsets(subsets: Options, *, primary: Optional[Iterable[Hashable]] = None,
                  secondary: Iterable[Hashable] = ()) -> Problem:
    """The problem of choosing subsets that cover every element once: a
    dict {key: elements} (or a list of element lists, keyed by index), the
    elements any hashable values. The primary items are `primary`, else
    every element of a subset that is not `secondary`, in order of first
    appearance.

        p = Problem.from_subsets({"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7],
                                  "D": [3, 5, 6], "E": [2, 3, 6, 7], "F": [2, 7]})
        [p.option_keys(s) for s in p.solutions()]  # [['B', 'D', 'F']]
    """
    given: Options
    if isinstance(subsets, collections.abc.Mapping):
        keyed = {key: list(_check_option(items)) for key, items in subsets.items()}
        given, elements = keyed, list(keyed.values())
    else:
        elements = [list(_check_option(items)) for items in subsets]
        given = elements
    secondary = list(secondary)
    if primary is None:
        primary = _primary_elements(elements, secondary)
    return Problem(primary, secondary, given)


def _primary_elements(subsets: list[list[Hashable]],
                      secondary: list[Hashable]) -> list[Hashable]:
    """The elements of the subsets, in order of first appearance, but for
    the secondary items (coloured or not)."""
    try:
        found = dict.fromkeys(itertools.chain.from_iterable(subsets))  # an ordered set
    except TypeError:
        for token in itertools.chain.from_iterable(subsets):
            _hashable(token, "an option's item")
        raise
    if not secondary:
        return list(found)
    for label in secondary:
        _hashable(label, "an item")
    skip = set(secondary)

    def is_secondary(token: Hashable) -> bool:
        if token in skip:
            return True
        coloured = _coloured(token)
        try:
            return coloured is not None and coloured[0] in skip
        except TypeError:  # (an unhashable item in a pair)
            return False

    return [token for token in found if not is_secondary(token)]


# %% Reading back


def _items(self: Problem) -> list[Any]:
    """The items, primary then secondary: their labels as given (names for
    a problem read from Knuth's format)."""
    labels = _labels(self)
    if labels is not None:
        return list(labels)
    return [self.item_name(i) for i in range(self.item_count)]


def _primary(self: Problem) -> list[Any]:
    """The primary items, in order (labels, as items)."""
    return _items(self)[:self.primary_count]


def _secondary(self: Problem) -> list[Any]:
    """The secondary items, in order (labels, as items)."""
    return _items(self)[self.primary_count:]


def _option_items(self: Problem, index: int) -> list[Any]:
    """An option's items as Problem() takes them: labels, and (label,
    colour) for a coloured item. (option(i) gives the names instead.)"""
    labels = _labels(self)
    found: list[Any] = []
    for item, colour in self._entries(index):
        label = labels[item] if labels is not None else self.item_name(item)
        found.append((label, colour) if colour else label)
    return found


def _options(self: Problem) -> list[list[Any]]:
    """Every option's items, as option_items() gives them: with `items`, what
    Problem(primary, secondary, options) takes."""
    return [_option_items(self, i) for i in range(self.option_count)]


def _option_key(self: Problem, index: int) -> Any:
    """An option's key: the dict key it was given by (Problem(options={...}),
    from_subsets, add_option(key=)), else its index."""
    index = operator.index(index)
    if not 0 <= index < self.option_count:
        raise ProblemError(f"option index {index} out of range: the problem has "
                           f"{self.option_count} options")
    keys: Optional[list[Hashable]] = self.__dict__.get("_keys")
    return keys[index] if keys is not None else index


def _option_keys(self: Problem, solution: Iterable[int]) -> list[Any]:
    """The keys of a solution's options (see option_key): a solution of
    from_subsets as its subsets' keys."""
    return [_option_key(self, option) for option in solution]


def _eq(self: Problem, other: object) -> bool:
    if not isinstance(other, Problem):
        return NotImplemented
    every = range(self.option_count)
    return bool(_core_eq(self, other)) and _items(self) == _items(other) and \
        _option_keys(self, every) == _option_keys(other, every)


def keyed(problem: Problem, keys: list[Any]) -> Problem:
    """`problem` with keys[i] as option i's key (the puzzle modules' squares
    and placements)."""
    if len(keys) != problem.option_count:
        raise ValueError(f"{len(keys)} keys for {problem.option_count} options")
    problem.__dict__["_keys"] = keys
    return problem


def _reduce(self: Problem) -> tuple[Any, ...]:
    # pybind11's __getstate__ and __setstate__ serve pickle's protocols 2 and
    # up; this serves all of them, and copies.
    return copyreg.__newobj__, (Problem,), self.__getstate__()  # type: ignore[attr-defined]


def _copy(self: Problem) -> Problem:
    # A problem is a value: a copy shares no list of labels or keys with it.
    return copy.deepcopy(self)


# %% Matrices


def _from_matrix(matrix: Any, *, secondary: Union[int, Iterable[int]] = 0,
                 names: Optional[Iterable[Hashable]] = None) -> Problem:
    """The problem of a 0/1 matrix, a row an option and a column an item: a
    numpy array, or any sequence of sequences of 0 and 1 (True and False).
    A solution is then a list of row indices.

    secondary: how many of the last columns are secondary items, or their
    column indices. names: the columns' items (any hashable values; else
    the column indices 0, 1, ...). The items are the primary columns, then
    the secondary ones (problem.items, and to_matrix()'s column order).

        Problem.from_matrix([[1, 0, 1], [0, 1, 0], [1, 1, 0]]).solve()  # [0, 1]
    """
    cells, rows, width = _matrix_cells(matrix)
    labels: Optional[list[Hashable]] = None if names is None else list(names)
    columns = width if width is not None else len(labels) if labels is not None else 0
    if labels is None:
        labels = list(range(columns))
    if len(labels) != columns:
        raise ValueError(f"{len(labels)} names for {columns} columns")
    second = _secondary_columns(secondary, columns)
    order = [c for c in range(columns) if c not in second] + sorted(second)
    problem = Problem([labels[c] for c in order[:columns - len(second)]],
                      [labels[c] for c in order[columns - len(second):]])
    item_of_column = [0] * columns
    for item, column in enumerate(order):
        item_of_column[column] = item
    problem._add_matrix(cells, rows, item_of_column)
    return problem


def _secondary_columns(secondary: Union[int, Iterable[int]], columns: int) -> set[int]:
    if isinstance(secondary, collections.abc.Iterable):
        chosen = {operator.index(c) for c in secondary}
        outside = sorted(c for c in chosen if not 0 <= c < columns)
        if outside:
            raise ValueError(f"secondary column {outside[0]} is not one of the {columns} columns")
        return chosen
    last = operator.index(secondary)
    if not 0 <= last <= columns:
        raise ValueError(f"secondary={last}: the matrix has {columns} columns")
    return set(range(columns - last, columns))


def _matrix_cells(matrix: Any) -> tuple[bytes, int, Optional[int]]:
    """The cells row by row, a byte each; the rows; the columns (None for a
    matrix without rows, which does not say)."""
    if hasattr(matrix, "__array__"):  # numpy, and what numpy reads
        import numpy
        array = numpy.asarray(matrix)
        if array.ndim != 2:
            raise ValueError(f"a matrix has 2 dimensions, not {array.ndim}")
        wrong = numpy.argwhere((array != 0) & (array != 1))
        if len(wrong):
            row, column = (int(i) for i in wrong[0])
            raise ValueError(_not_a_bit(row, column, array[row, column]))
        rows, columns = (int(n) for n in array.shape)
        return numpy.ascontiguousarray(array, dtype=numpy.uint8).tobytes(), rows, columns
    if not isinstance(matrix, collections.abc.Iterable) or isinstance(matrix, (str, bytes)):
        raise TypeError(f"a matrix is a numpy array or a sequence of rows, not {matrix!r}")
    found: list[bytes] = []
    width: Optional[int] = None
    for r, row in enumerate(matrix):
        if not isinstance(row, collections.abc.Iterable) or isinstance(row, (str, bytes)):
            raise TypeError(f"a matrix's row is a sequence of 0 and 1, and row {r} is {row!r}")
        cells = _row_cells(r, row)
        if width is None:
            width = len(cells)
        elif len(cells) != width:
            raise ValueError(f"row {r} has {len(cells)} entries, and row 0 has {width}")
        found.append(cells)
    return b"".join(found), len(found), width


def _row_cells(r: int, row: Iterable[Any]) -> bytes:
    # bytes() of an iterator reads ints (and bools) at C speed; never of the
    # row itself, which would copy a numpy row's memory as it lies.
    entries = list(row)
    cells: Optional[bytes]
    try:
        cells = bytes(iter(entries))
    except (TypeError, ValueError):
        cells = None
    if cells is not None and not cells.translate(None, b"\0\1"):
        return cells
    for c, value in enumerate(entries):
        if isinstance(value, (str, bytes)) or not (value == 0 or value == 1):
            raise ValueError(_not_a_bit(r, c, value))
    return bytes(1 if value == 1 else 0 for value in entries)


def _not_a_bit(row: int, column: int, value: object) -> str:
    return f"row {row}, column {column} is {value!r}: a matrix's entries are 0 or 1"


def _to_matrix(self: Problem) -> numpy.typing.NDArray[numpy.uint8]:
    """The problem as a numpy 0/1 array (uint8), options x items: row i is
    option i, and the columns are the items in order (problem.items).
    ValueError for colours, multiplicities or costs, which a matrix cannot
    hold; ModuleNotFoundError without numpy."""
    import numpy
    cells = self._incidence()
    return numpy.frombuffer(cells, dtype=numpy.uint8).reshape(
        self.option_count, self.item_count).copy()


# %% Searches (each on a Solver of its own)


def _solutions(self: Problem, limit: int = 0, *, time_limit: float = 0.0, node_limit: int = 0,
               layout: LayoutName = Layout.automatic, progress: ProgressCallback = None,
               progress_interval: float = 1.0, propagate: bool = False,
               item_choice: ItemChoiceName = "first-shortest",
               seed: int = 0) -> SolutionIterator:
    """The solutions, lazily, each a list of option indices (see
    Solver.solutions; option_keys(s) reads one as keys)."""
    return Solver(self, layout).solutions(limit, time_limit=time_limit, node_limit=node_limit,
                                          progress=progress,
                                          progress_interval=progress_interval,
                                          propagate=propagate, item_choice=item_choice,
                                          seed=seed)


def _count(self: Problem, limit: int = 0, *, time_limit: float = 0.0, node_limit: int = 0,
           threads: int = 0, layout: LayoutName = Layout.automatic,
           progress: ProgressCallback = None, progress_interval: float = 1.0,
           memo: Optional[bool] = None, symmetry: bool = True, propagate: bool = False,
           item_choice: ItemChoiceName = "first-shortest", seed: int = 0) -> CountResult:
    """Counts the solutions on `threads` threads (0, the default: one per CPU, as the
    CLI does); a CountResult. memo=True counts with a memo of sub-problems (one
    the threads share; billions of solutions in a second where sub-problems repeat),
    memo=False visits every solution, None takes the memo where it pays.
    symmetry=False never splits the count by the problem's symmetries; propagate,
    item_choice and seed grow the tree as the CLI's flags do (see Solver.count)."""
    return count(self, limit, time_limit=time_limit, node_limit=node_limit, threads=threads,
                 layout=layout, progress=progress, progress_interval=progress_interval,
                 memo=memo, symmetry=symmetry, propagate=propagate, item_choice=item_choice,
                 seed=seed)


def _zdd(self: Problem, *, time_limit: float = 0.0, node_limit: int = 0,
         progress: ProgressCallback = None, progress_interval: float = 1.0,
         order: Literal["fewest", "first"] = "fewest") -> ZddResult:
    """Every solution as a decision diagram (see Solver.zdd): a ZddResult, whose
    zdd (None when a limit stopped the search) counts, samples and indexes them.
    order: 'fewest' (as the count branches) or 'first' (an ordered diagram)."""
    return zdd(self, time_limit=time_limit, node_limit=node_limit, progress=progress,
               progress_interval=progress_interval, order=order)


def _solve(self: Problem, *, time_limit: float = 0.0, layout: LayoutName = Layout.automatic,
           progress: ProgressCallback = None, progress_interval: float = 1.0,
           propagate: bool = False, item_choice: ItemChoiceName = "first-shortest",
           seed: int = 0) -> Optional[list[int]]:
    """The first solution as a list of option indices, or None when there is none.
    Raises Error when the time limit ends the search first."""
    it = Solver(self, layout).solutions(1, time_limit=time_limit, progress=progress,
                                        progress_interval=progress_interval,
                                        propagate=propagate, item_choice=item_choice, seed=seed)
    for solution in it:
        return solution
    status = it.status  # (the search has ended)
    if status is not None and status != Status.exhausted:
        raise Error(f"no solution found before the search stopped ({status.name})")
    return None


def install() -> None:
    """Puts the Python half onto the compiled class Problem."""
    methods: dict[str, object] = {
        "__init__": _init,
        "add_primary": _add_primary,
        "add_secondary": _add_secondary,
        "add_option": _add_option,
        "from_subsets": staticmethod(_from_subsets),
        "from_matrix": staticmethod(_from_matrix),
        "to_matrix": _to_matrix,
        "items": property(_items),
        "primary": property(_primary),
        "secondary": property(_secondary),
        "options": property(_options),
        "option_items": _option_items,
        "option_key": _option_key,
        "option_keys": _option_keys,
        "__eq__": _eq,
        "__reduce__": _reduce,
        "__copy__": _copy,
        "solutions": _solutions,
        "count": _count,
        "solve": _solve,
        "zdd": _zdd,
    }
    for name, method in methods.items():
        setattr(Problem, name, method)
