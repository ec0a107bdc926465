"""Loaded by every pytest run, whatever it is given: nbval's mode for the notebooks, and the
time that ``make check`` and ``make test`` print.

The notebooks run under nbval in lax mode (their outputs are not compared) unless ``--nbval``
asks for the strict one. It was ``--nbval-lax`` in the options; set here instead, a run can
leave nbval out: ``make check`` does (``-p no:nbval``), as its notebooks are all ``slow`` and
nbval's imports (nbformat's JSON schema checks) take more than a second in each process.
The suite's own hooks are in ``tests/conftest.py``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval:
        config.option.nbval_lax = True


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``--dist loadgroup`` (``make test``): the browser tests as one group on one process
    (:class:`BrowserTogether`), each notebook as one, every other test to whichever process is
    free (``tests/scheduling.py``).

    pytest-xdist's own groups (``xdist_group`` marks) are lost with pytest 9.2, which keeps a
    node's id where xdist 3.8 no longer writes the group into it: the group is decided here,
    from the test's path, in the process that hands the tests out."""
    if config.getoption("dist", None) != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    from tests.scheduling import unit_of

    class BrowserTogether(LoadScopeScheduling):
        """xdist's scope scheduling over :func:`tests.scheduling.unit_of`'s units."""

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return BrowserTogether(config, log)


AXE_TABLE = Path(__file__).resolve().parent / "test-artifacts" / "axe.txt"
DURATIONS = AXE_TABLE.parent / "durations.txt"
_SESSION_STARTED = time.time()


@pytest.hookimpl(trylast=True)  # after the slowest tests' list
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """``make check: 48 s`` (or ``make test``), since make started: the Makefile sets
    ``DICELAB_TIMED`` and ``DICELAB_STARTED``. Printed above pytest's last line, which CI reads.

    Under pytest-xdist the accessibility tests run in a worker, which has no terminal: their
    table of axe-core's violations (``test-artifacts/axe.txt``, written in this run) is printed
    here."""
    distributed = bool(getattr(terminalreporter.config.option, "numprocesses", None))
    if distributed and AXE_TABLE.exists() and AXE_TABLE.stat().st_mtime >= _SESSION_STARTED:
        table = AXE_TABLE.read_text(encoding="utf-8").split("\n\n")[0]
        terminalreporter.write_line("")
        for line in table.splitlines():
            terminalreporter.write_line(line)
    if distributed:
        _write_time_in_tests(terminalreporter)
    name, started = os.environ.get("DICELAB_TIMED"), os.environ.get("DICELAB_STARTED", "")
    if name and started.isdigit():
        terminalreporter.write_sep("=", f"{name}: {round(time.time()) - int(started)} s")


def _write_time_in_tests(terminalreporter: pytest.TerminalReporter) -> None:
    """Seconds spent in tests (set-up, call and tear-down) by process and by kind of unit
    (``tests/scheduling.py``): what to cut, and whether the two processes are balanced. Every
    test's own is written to ``test-artifacts/durations.txt``."""
    from tests.scheduling import kind_of

    by_process: dict[str, float] = {}
    by_kind: dict[str, float] = {}
    by_test: dict[str, float] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            duration, nodeid = getattr(report, "duration", None), getattr(report, "nodeid", "")
            if not isinstance(duration, float) or not nodeid:
                continue
            process = getattr(getattr(report, "node", None), "gateway", None)
            key = getattr(process, "id", "?")
            by_process[key] = by_process.get(key, 0.0) + duration
            by_kind[kind_of(nodeid)] = by_kind.get(kind_of(nodeid), 0.0) + duration
            by_test[nodeid] = by_test.get(nodeid, 0.0) + duration
    if by_test:  # every test's seconds (set-up, call and tear-down), the slowest first
        ranked = sorted(by_test.items(), key=lambda item: -item[1])
        DURATIONS.parent.mkdir(exist_ok=True)
        DURATIONS.write_text("".join(f"{t:8.2f}  {n}\n" for n, t in ranked), encoding="utf-8")
    if by_process:
        processes = ", ".join(f"{k} {v:.0f} s" for k, v in sorted(by_process.items()))
        kinds = ", ".join(f"{k} {v:.0f} s" for k, v in sorted(by_kind.items()))
        terminalreporter.write_line(f"time in tests by process: {processes}")
        terminalreporter.write_line(f"time in tests by kind: {kinds}")
