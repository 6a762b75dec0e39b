# SPDX-License-Identifier: MIT
"""Polyform tilings through the exact-cover engine, on four lattices: square
(polyominoes), triangle (polyiamonds), hex (polyhexes) and cube (polycubes).
A lattice is a Lattice or its name; a cell is (row, col) or (row, col,
layer); a shape is a Shape, a picture ("##\\n#.") or a list of cells.

    >>> from xcover_dlx import polyform
    >>> polyform.make_tiling("square", "6x10", "pentominoes", distinct=True).count().solutions
    2339
    >>> soma = polyform.make_tiling("cube", "3x3x3", "soma", distinct=True)
    >>> soma.count().solutions
    240
    >>> t = polyform.make_tiling("square", "2x3", [polyform.Piece("D", "##", copies=3)])
    >>> [t.picture(s) for s in t.solutions()][0]
    ['D:1 D:1 D:2', 'D:3 D:3 D:2']

distinct=True keeps one tiling of each class under the board's rotations
(and reflections, where the pieces allow them), as BurrTools counts
solutions; orbit_size(solution) says how many tilings its class holds.
Rows run down, columns right, layers back; on triangles the triangle at
(r, c) points up when r + c is even; hexagonal row r + 1 sits half a hexagon
right of row r.
"""
from ._core import Error, Status
from ._core import polyform as _polyform
from ._svg import Svg

Lattice = _polyform.Lattice
Shape = _polyform.Shape
Piece = _polyform.Piece
PictureFile = _polyform.PictureFile
Puzzle = _polyform.Puzzle
Tiling = _polyform.Tiling
TilingSolutions = _polyform.TilingSolutions
Move = _polyform.Move
Disassembly = _polyform.Disassembly
rotation_count = _polyform.rotation_count
symmetry_count = _polyform.symmetry_count
transform = _polyform.transform
is_translation = _polyform.is_translation
normalized = _polyform.normalized
orientations = _polyform.orientations
named_pieces = _polyform.named_pieces
piece_set_names = _polyform.piece_set_names
builtin_board = _polyform.builtin_board
parse_pictures = _polyform.parse_pictures
read_pictures = _polyform.read_pictures
make_tiling = _polyform.make_tiling


def _not_built(name):
    def missing(*args, **kwargs):
        raise Error(f"{name}() is not in this build of xcover (its reader came later): "
                    "rebuild the module from a newer xcover")
    missing.__name__ = name
    return missing


# The file readers, where the library this module was built with has them.
read_burrtools = getattr(_polyform, "read_burrtools", None) or _not_built("read_burrtools")
read_knuth_spec = getattr(_polyform, "read_knuth_spec", None) or _not_built("read_knuth_spec")

__all__ = [
    "Lattice", "Shape", "Piece", "PictureFile", "Puzzle", "Tiling", "TilingSolutions", "Move",
    "Disassembly", "rotation_count", "symmetry_count", "transform", "is_translation", "normalized",
    "orientations", "named_pieces", "piece_set_names", "builtin_board", "parse_pictures",
    "read_pictures", "make_tiling", "read_burrtools", "read_knuth_spec",
]


def _solve(self, *, time_limit=0.0, progress=None, progress_interval=1.0, propagate=False,
           item_choice="first-shortest", seed=0):
    """The first kept tiling as a list of option indices, or None when there is
    none. Raises Error when the time limit ends the search first. progress and
    the tree options as solutions()'s."""
    it = self.solutions(1, time_limit=time_limit, progress=progress,
                        progress_interval=progress_interval, propagate=propagate,
                        item_choice=item_choice, seed=seed)
    for solution in it:
        it.close()
        return solution
    status = it.status
    if status is not None and status != Status.exhausted:
        raise Error(f"no tiling found before the search stopped ({status.name})")
    return None


def _pictures(self, limit=0, *, time_limit=0.0):
    """The kept tilings, lazily, each as picture() draws it."""
    for solution in self.solutions(limit, time_limit=time_limit):
        yield self.picture(solution)


def _svg(self, solution, disassembly=None):
    """The tiling as a picture (Svg: a str that Jupyter shows): each piece one
    shape with its own fill, bold edges between pieces; a cube's layers side
    by side. Given the solution's disassembly (disassemble(), or what
    solutions(disassemble=True) found), the assembly taken apart step by
    step instead: a view in space after each move, captioned, with an arrow
    where the pieces went."""
    return Svg(self._svg(solution, disassembly))


Tiling.solve = _solve
Tiling.pictures = _pictures
Tiling.svg = _svg
