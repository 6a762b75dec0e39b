# SPDX-License-Identifier: MIT
"""Ctrl-C stops every kind of long search with KeyboardInterrupt, at once,
and leaves the engine usable."""
import os
import signal
import subprocess
import sys
import time
import textwrap

import pytest

# (A child started from a background job inherits SIGINT ignored, and
# Python then leaves it so: the child takes Python's own handler back.)
SETUP = """
import signal, sys, xcover_dlx as xc
signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, {tests!r})
import models
p = xc.Problem(*models.queens(40)[:2], options=models.queens(40)[2])
"""

SEARCHES = {
    "count": "p.count()",
    "count on threads": "p.count(threads=2)",
    "solutions": "for s in p.solutions(): pass",
    "solve_all": "xc.sudoku.solve_all(['.' * 625] * 100000)",
    "generate": "xc.sudoku.Rules(boxes=(5, 5)).generate(1)",
}


@pytest.mark.parametrize("search", sorted(SEARCHES))
def test_ctrl_c_interrupts(search):
    script = textwrap.dedent(SETUP.format(tests=os.path.dirname(__file__))) + textwrap.dedent(f"""
        print("ready", flush=True)
        try:
            {SEARCHES[search]}
        except KeyboardInterrupt:
            r = xc.Problem(*models.queens(6)[:2], options=models.queens(6)[2]).count()
            print("interrupted", r.solutions, flush=True)
            sys.exit(0)
        print("finished", flush=True)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=os.environ.copy())
    assert child.stdout.readline() == "ready\n"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        child.kill()
        pytest.fail(f"{search}: still running 20 s after Ctrl-C")
    assert (child.returncode, out) == (0, "interrupted 4\n"), err
