"""Dashboards for Jupyter and Voilà: play Penta and Farkle, inspect scoring, explore risk.

Each dashboard is one call whose result is an ipywidgets widget (put it last in a cell)::

    from dicelab.widgets import PentaApp
    PentaApp()

In a Voilà app, ``launch("PentaApp")`` does the same but shows a clean card instead of
a traceback if the app cannot start, and takes the language from ``?lang=`` in the URL.

Each can also be driven from Python with methods that mirror the clicks (``roll``,
``hold``, ``select``, ``validate``, ``set_aside``, ``bank``...). The widgets hold no rule:
every number and every legality comes from the engines (:mod:`dicelab.penta`,
:mod:`dicelab.farkle`). Modules are imported on first use, so importing this package is
cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "Countdown",
    "DiceRow",
    "FarkleApp",
    "ManualScheduler",
    "PentaApp",
    "RiskExplorer",
    "ScoringInspector",
    "language_from_query",
    "launch",
]

_HOMES = {
    "Countdown": "dicelab.widgets.timer",
    "ManualScheduler": "dicelab.widgets.timer",
    "DiceRow": "dicelab.widgets.dice",
    "PentaApp": "dicelab.widgets.penta_app",
    "FarkleApp": "dicelab.widgets.farkle_app",
    "ScoringInspector": "dicelab.widgets.inspector",
    "RiskExplorer": "dicelab.widgets.risk_explorer",
    "language_from_query": "dicelab.widgets.lang",
    "launch": "dicelab.widgets.launcher",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'dicelab.widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
