"""Loaded by every pytest run, whatever it is given: nbval's mode for the notebooks.

The notebooks run under nbval in lax mode (their outputs are not compared) unless ``--nbval``
asks for the strict one. It was ``--nbval-lax`` in the options; set here instead, a run can
leave nbval out: ``make check`` does (``-p no:nbval``), as its notebooks are all ``slow`` and
nbval's imports (nbformat's JSON schema checks) take more than a second in each process.
The suite's own hooks are in ``tests/conftest.py``.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval:
        config.option.nbval_lax = True
