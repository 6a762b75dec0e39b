# SPDX-License-Identifier: MIT
"""The type stubs name what the compiled module has, and no more."""
import ast
import pathlib

import xcover_dlx
from xcover_dlx import _core

STUBS = pathlib.Path(__file__).resolve().parents[1] / "xcover_dlx"


def stub_names(path):
    tree = ast.parse(path.read_text())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            top.add(node.name)
            if isinstance(node, ast.ClassDef):
                members[node.name] = {n.name for n in node.body
                                      if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
                                      and not isinstance(n, ast.AnnAssign)} | {
                    n.target.id for n in node.body if isinstance(n, ast.AnnAssign)} | {
                    t.id for n in node.body if isinstance(n, ast.Assign) for t in n.targets}
    return top, members


def test_core_stubs_match_the_module():
    top, members = stub_names(STUBS / "_core.pyi")
    public = {n for n in dir(_core) if not n.startswith("_") and n not in ("sudoku", "polyomino", "polyform")}
    assert {n for n in top if not n.startswith("_")} == public
    # The private functions the package's modules call are there too.
    assert {n for n in top if n.startswith("_") and not hasattr(_core, n)} == set()
    for name, names in members.items():
        if issubclass(getattr(xcover_dlx, name), BaseException):
            continue  # the exceptions' attributes are set on each instance
        have = {n for n in dir(getattr(xcover_dlx, name)) if not n.startswith("_")}
        wanted = {n for n in names if not n.startswith("_")}
        assert wanted <= have, (name, wanted - have)
        if name not in ("Status", "Layout", "Kernels"):  # enums bring name and value
            assert have - {"name", "value"} <= wanted, (name, have - wanted)


def test_sudoku_stubs_match_the_module():
    top, _ = stub_names(STUBS / "sudoku.pyi")
    assert top == {n for n in dir(_core.sudoku) if not n.startswith("_")}


def test_polyomino_stubs_match_the_module():
    from xcover_dlx import polyomino
    top, members = stub_names(STUBS / "polyomino.pyi")
    assert top == set(polyomino.__all__)
    assert set(polyomino.__all__) == {n for n in dir(_core.polyomino) if not n.startswith("_")}
    have = {n for n in dir(polyomino.Tiling) if not n.startswith("_")}
    assert {n for n in members["Tiling"] if not n.startswith("_")} == have


def test_polyform_stubs_match_the_module():
    from xcover_dlx import polyform
    top, members = stub_names(STUBS / "polyform.pyi")
    assert {n for n in top if not n.startswith("_")} == set(polyform.__all__)
    # The readers that came later are stood in for in polyform.py where
    # this build lacks them; everything else is the compiled module's.
    core = {n for n in dir(_core.polyform) if not n.startswith("_")}
    assert core <= set(polyform.__all__)
    assert set(polyform.__all__) - core <= {"read_burrtools", "read_knuth_spec"}
    for name, names in members.items():
        have = {n for n in dir(getattr(polyform, name)) if not n.startswith("_")}
        wanted = {n for n in names if not n.startswith("_")}
        if name == "Lattice":
            assert wanted == {m.name for m in polyform.Lattice}
            continue
        assert wanted == have, (name, wanted ^ have)
