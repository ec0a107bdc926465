"""Shared test helpers live beside this file (``tests/fuzzing/``): put ``tests/`` on the path.

pytest's default import mode does this already for a ``conftest.py`` in a folder without
``__init__.py``; it is written out so that other import modes and ``benchmarks/fuzz.py``
(which does the same) find the helpers too.
"""

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
