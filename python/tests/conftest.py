# SPDX-License-Identifier: MIT
import os
import sys

# models.py sits beside the tests.
sys.path.insert(0, os.path.dirname(__file__))
