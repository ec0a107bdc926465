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

The folder shows its layers: ``common/`` holds what every dashboard shares (the app base,
the play app base, dice, forms, the advisor panel, timers, the registry of apps),
``penta/`` and ``farkle/`` the dashboards of each game; ``labels`` and ``lang`` are the
names and languages every dashboard shows.
"""

from __future__ import annotations

from typing import Any

from dicelab.widgets.common.registry import APPS, TOOLS, find

__all__ = sorted([*APPS, *TOOLS])


def __getattr__(name: str) -> Any:
    if name not in APPS and name not in TOOLS:
        raise AttributeError(f"module 'dicelab.widgets' has no attribute {name!r}")
    value = find(name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
