"""What the whole suite shares: the slow and tables markers, and where each applies.

- ``slow``: over about two seconds, or a heavy case of a parametrised test whose other cases
  stay fast (docs/architecture.md, "Tests"). ``make check`` (``pytest -m "not slow"``) leaves
  them out, ``make test`` runs them. Test files mark their own slow tests; this file marks the
  items it cannot decorate: every notebook run by nbval (a kernel each).
- ``tables``: needs the solver tables that ``make tables`` builds (in ``~/.cache/dicelab``).
  When one is missing the test is skipped, so a fresh clone's ``make check`` builds nothing;
  in CI (``CI`` set), where ``make test`` builds them first, a missing table stops the run
  instead, so CI cannot pass by skipping. Doctests that load a table are marked here.

Shared helpers for the tests themselves are in ``tests/helpers.py``; the fuzzers' actions and
odd values in ``tests/fuzzing/`` (imported as ``fuzzing``: this folder is put on the path, as
``benchmarks/fuzz.py`` does too).
"""

from __future__ import annotations

import atexit
import gc
import logging
import os
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import settings

from dicelab.hub.grammars import defer_iri_grammars
from tests.helpers import examples
from tests.scheduling import rank

# The hub's modules import jupyter_server, which would build grammars no test uses (a second
# in each test process): built at their first use instead (docs/classroom.md).
defer_iri_grammars()

# Property tests check rules, not speed: no per-example deadline (a loaded CI machine would
# make them flaky). Speed is measured by benchmarks/, never by tests. Hypothesis's 100 examples
# a test, or a quarter in make check (tests/helpers.py: examples).
settings.register_profile("dicelab", deadline=None, max_examples=examples(100))
settings.load_profile("dicelab")

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# Doctests of modules that load a solver table (nodeid prefixes); tests under tests/ carry
# @pytest.mark.tables themselves.
NEEDS_TABLES = (
    "dicelab/penta/solver.py::",
    "dicelab/penta/review.py::",
    "dicelab/penta/moments.py::",
    "dicelab/widgets/penta/review.py::",
    "dicelab/widgets/farkle/review.py::",
)


@cache
def missing_tables() -> tuple[str, ...]:
    """The tables ``make tables`` builds that are not in the cache, by name."""
    from dicelab.farkle.rules import Rules as FarkleRules
    from dicelab.farkle.winchance import cache_path
    from dicelab.penta.moments import moments_path
    from dicelab.penta.rules import PRESETS
    from dicelab.penta.solver import Solver

    missing = [f"Penta {name}" for name in PRESETS if not Solver(name).path.exists()]
    missing += [f"Penta {name} moments" for name in PRESETS if not moments_path(name).exists()]
    missing += [
        f"Farkle win chances to {target}"
        for target in (5000, 10000, 15000)
        if not cache_path(FarkleRules(), target).exists()
    ]
    return tuple(missing)


# ``make test`` runs on two processes (pytest-xdist, ``--dist loadgroup``): ``tests/scheduling.py``
# says which tests one process runs whole, and puts the browser tests first.
@pytest.hookimpl(tryfirst=True)  # before -m selects: notebooks must be slow by then
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # the browser tests first (tests/scheduling.py); stable: the order within each is kept
    items.sort(key=lambda item: rank(item.nodeid))
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)
        if item.nodeid.startswith(NEEDS_TABLES):
            item.add_marker(pytest.mark.tables)
        if item.get_closest_marker("tables") and missing_tables() and not os.environ.get("CI"):
            item.add_marker(pytest.mark.skip(reason=_tables_message()))


def pytest_collection_finish(session: pytest.Session) -> None:
    """In CI a selected test that needs a missing table stops the run: no silent skip."""
    needed = any(item.get_closest_marker("tables") for item in session.items)
    if needed and os.environ.get("CI") and missing_tables():
        raise pytest.UsageError(_tables_message())
    _collect_garbage_less_often()


def _collect_garbage_less_often() -> None:
    """Python's cycle collector, tuned for a test process: what collection imported (the
    package, its dependencies, the test modules) is frozen, never looked at again, and the
    youngest generation is collected every 7,000 allocations rather than 700. A test process
    of ``make check`` spent 6.5 s in the collector, 2.5 s so tuned (docs/architecture.md,
    "The fast loop's seconds"); what the tests leave behind is still collected."""
    gc.freeze()
    gc.set_threshold(7000, 10, 10)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """A test process of pytest-xdist (``make check``, ``make test``) ends at once when it has
    sent its results and been told to stop: Python's tidy-up of its heap (the caches and
    widgets of 1,400 tests, 3 s a process) is left to the operating system, which frees it at
    once. The main process waits for both (docs/architecture.md, "Tests")."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        atexit.register(_end_now)  # the last registered runs first: after the results are sent


def _end_now() -> None:
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def _tables_message() -> str:
    return "solver tables missing (run make tables): " + ", ".join(missing_tables())


@pytest.fixture
def pseudo_language(monkeypatch):
    """The code of a pseudo-language whose every message is marked (``tests/helpers.py``)."""
    from tests.helpers import use_pseudo_language

    return use_pseudo_language(monkeypatch)
