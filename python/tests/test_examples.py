# SPDX-License-Identifier: MIT
"""The example scripts run and give the known answers."""
import os
import pathlib
import subprocess
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def test_soma_cube_has_240_packings():
    out = subprocess.run([sys.executable, str(EXAMPLES / "soma.py")], capture_output=True,
                         text=True, check=True, env=os.environ.copy()).stdout
    # 240 essentially different packings (Conway and Guy), each in 48 forms.
    assert "688 placements; 11520 packings (240 up to rotation and reflection)" in out
    layers = out.split(": ")[1].split()
    assert len(layers) == 9 and sorted("".join(layers)) == sorted("V" * 3 + "LTZABP" * 4)


def test_the_readme_example_runs():
    readme = (EXAMPLES.parents[1] / "README.md").read_text()
    block = readme.split("```python\n", 1)[1].split("```", 1)[0]
    out = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True,
                         cwd=EXAMPLES.parents[1], env=os.environ.copy())
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "['a b', 'c x:red']",
        "['a x:red', 'b c']",
        "['a x:red', 'b x:red', 'c x:red']",
        "3 Status.exhausted True",
        "1 3",  # Knuth's example with its first option forced: one solution, three nodes
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        "[[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]",
        "True",
    ]
