# SPDX-License-Identifier: MIT
"""mypy --strict passes over the examples (examples/python) and the package
(its stubs and typed pure-Python modules), and catches misuse. Skipped only
where mypy is not installed (Debian: mypy; scripts/setup.sh --python
installs it, so CI runs this)."""
import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                                reason="mypy is not installed (Debian package mypy)")


def mypy(tmp_path, *paths):
    """mypy --strict on `paths`, xcover_dlx taken from the sources (the
    stubs), not from wherever the tests import it."""
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
               "--cache-dir", str(tmp_path / "cache"), *map(str, paths)]
    if importlib.util.find_spec("numpy") is None:
        command.append("--ignore-missing-imports")  # (the stubs name numpy's types)
    env = dict(os.environ, MYPYPATH=str(ROOT / "python"))
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)


def test_examples_and_package_pass_mypy_strict(tmp_path):
    examples = sorted((ROOT / "examples" / "python").glob("*.py"))
    assert len(examples) >= 6
    result = mypy(tmp_path, ROOT / "python" / "xcover_dlx", *examples)
    assert (result.returncode, result.stdout) == (0, ""), result.stdout + result.stderr


def test_mypy_catches_misuse(tmp_path):
    """The stubs are what mypy reads: wrong uses of the new API are errors."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import xcover_dlx as xc\n"
        "from xcover_dlx import langford, queens\n"
        "n: str = xc.Problem().count().solutions\n"
        "queens.count('8')\n"
        "langford.count(7).bit_length()\n"  # fine: an int
        "xc.Problem.from_matrix([[1]], secondary='x')\n"
        "xc.Problem().count(progress=lambda p: p.no_such_field)\n"
        "xc.Problem().to_matrix().no_such_method()\n"
        "from xcover_dlx import polyform\n"
        "polyform.make_tiling('square', '6x10', 'pentominoes', distinct=1.5)\n"
        "k: str = polyform.make_tiling('cube', '3x3x3', 'soma').orbit_size([])\n"
        "polyform.make_tiling(polyform.Puzzle('hex', '2x2', {'D': [(0, 0), (0, 1)]}))\n")
    result = mypy(tmp_path, wrong)
    lines = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert [int(line.split(":")[1]) for line in lines] == [3, 4, 6, 7, 8, 10, 11], result.stdout
