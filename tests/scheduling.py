"""How ``make test`` shares the tests between its two processes (pytest-xdist, ``--dist
loadgroup``; the scheduler is ``BrowserTogether`` in ``conftest.py`` beside ``pyproject.toml``).

A *unit* is what one process runs whole, in order:

- all the browser tests: one Voilà server and one Chromium, set up once;
- one notebook: nbval runs its cells in order in one kernel, and a cell needs the ones before
  it (the notebook's first cell imports what the others use);
- any other single test.

>>> unit_of("tests/browser/test_axe.py::test_page[fr]")
'tests/browser/'
>>> unit_of("notebooks/farkle_chances.ipynb::Cell 3")
'notebooks/farkle_chances.ipynb'
>>> unit_of("tests/test_dice.py::test_roll")
'tests/test_dice.py::test_roll'
"""

from __future__ import annotations

BROWSER_TESTS = "tests/browser/"


def unit_of(nodeid: str) -> str:
    """The unit a test belongs to (see above)."""
    if nodeid.startswith(BROWSER_TESTS):
        return BROWSER_TESTS
    path, _, _ = nodeid.partition("::")
    if path.endswith(".ipynb"):
        return path
    return nodeid


def kind_of(nodeid: str) -> str:
    """Which kind of unit a test is in, for the time summary of a run.

    >>> kind_of("notebooks/farkle_chances.ipynb::Cell 3")
    'notebooks'
    """
    unit = unit_of(nodeid)
    if unit == BROWSER_TESTS:
        return "browser tests"
    return "notebooks" if unit.endswith(".ipynb") else "other tests"


def rank(nodeid: str) -> int:
    """0 for the browser tests, which run first (xdist hands out the first two units one to each
    process, so one process starts on the longest unit at once), 1 for the others."""
    return 0 if unit_of(nodeid) == BROWSER_TESTS else 1
