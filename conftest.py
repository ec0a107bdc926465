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

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval:
        config.option.nbval_lax = True


@pytest.hookimpl(trylast=True)  # after the slowest tests' list
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """``make check: 48 s`` (or ``make test``), since make started: the Makefile sets
    ``DICELAB_TIMED`` and ``DICELAB_STARTED``. Printed above pytest's last line, which CI reads."""
    name, started = os.environ.get("DICELAB_TIMED"), os.environ.get("DICELAB_STARTED", "")
    if name and started.isdigit():
        terminalreporter.write_sep("=", f"{name}: {round(time.time()) - int(started)} s")
