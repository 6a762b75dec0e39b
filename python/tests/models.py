# SPDX-License-Identifier: MIT
"""Problems built in plain Python, for the tests and bench/bench_python.py:
each returns primary items, secondary items and options (lists of tokens)."""

PENTOMINOES = {  # name: cells as (row, column)
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def queens(n):
    """n queens: rows and columns primary, diagonals secondary (A000170)."""
    primary = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    secondary = [f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
               for i in range(n) for j in range(n)]
    return primary, secondary, options


def langford(n):
    """Langford pairs of 1..n in 2n places; each sequence and its reversal
    are both found (A014552 counts them once)."""
    primary = [f"v{k}" for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    options = [[f"v{k}", f"s{i}", f"s{i + k + 1}"]
               for k in range(1, n + 1) for i in range(2 * n - k - 1)]
    return primary, [], options


def orientations(cells):
    """The distinct rotations and reflections of a shape, each normalised."""
    seen = set()
    shape = list(cells)
    for _ in range(2):
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            top = min(r for r, _ in shape)
            left = min(c for _, c in shape)
            seen.add(tuple(sorted((r - top, c - left) for r, c in shape)))
        shape = [(r, -c) for r, c in shape]
    return sorted(seen)


def pentominoes(rows, columns):
    """The twelve pentominoes on a rows x columns board (6x10: 2,339 tilings
    up to symmetry, 9,356 in all; 3x20: 2 and 8)."""
    primary = list(PENTOMINOES) + [f"{r}_{c}" for r in range(rows) for c in range(columns)]
    options = []
    for name, cells in PENTOMINOES.items():
        for shape in orientations(cells):
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for top in range(rows - height + 1):
                for left in range(columns - width + 1):
                    options.append([name] + [f"{top + r}_{left + c}" for r, c in shape])
    return primary, [], options


def sudoku(puzzle):
    """A 9x9 puzzle line as exact cover, givens already placed: only the
    options of the blank cells that agree with the givens."""
    digits = [0 if ch in ".0" else int(ch) for ch in puzzle]
    taken = set()
    for cell, d in enumerate(digits):
        if d:
            r, c = divmod(cell, 9)
            taken |= {f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{r // 3 * 3 + c // 3}{d}"}
    primary, options = [], []
    for kind in "prcb":
        for x in range(9):
            for y in range(9):
                item = f"{kind}{x}{y + (kind != 'p')}"
                if item not in taken:
                    primary.append(item)
    for cell, d0 in enumerate(digits):
        if d0:
            continue
        r, c = divmod(cell, 9)
        for d in range(1, 10):
            items = [f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{r // 3 * 3 + c // 3}{d}"]
            if not taken.intersection(items):
                options.append(items)
    return primary, [], options


def obeys_rules(problem, solution):
    """True when the options cover each primary item exactly once, and each
    secondary item at most once or only with one colour throughout."""
    primary = set(problem.primary)
    covered, colours = [], {}
    for option in solution:
        for token in problem.option(option):
            item, _, colour = token.partition(":")
            if item in primary:
                covered.append(item)
            elif colour:
                if colours.setdefault(item, colour) != colour:
                    return False
            else:
                if item in colours:
                    return False
                colours[item] = None  # uncoloured: no other option may touch it
    for option in solution:  # a coloured item also taken uncoloured
        for token in problem.option(option):
            item, _, colour = token.partition(":")
            if item not in primary and colour and colours.get(item) is None:
                return False
    return sorted(covered) == sorted(primary)
