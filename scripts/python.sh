#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Python quick start: installs Debian's Python headers, pybind11, setuptools
# and pytest where missing, installs the package xcover-dlx (import
# xcover_dlx) into .venv with pip (offline, no build isolation), and runs the
# Python tests against what was installed.
#   bash scripts/python.sh            then: .venv/bin/python -c 'import xcover_dlx'
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --python
# Debian's Python, which apt's packages serve (not another python3 on PATH).
python=/usr/bin/python3
[[ -x .venv/bin/python ]] || "$python" -m venv --system-site-packages .venv
.venv/bin/python -m pip install --no-build-isolation --no-index --quiet .
# From the test directory's parent's parent (the repository root), the
# import finds the installed package, not python/xcover_dlx.
.venv/bin/python -m pytest -q -p no:cacheprovider python/tests
