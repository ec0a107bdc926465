"""dicelab: teaching probability with dice games.

Two games, each an exact engine with solvers: :mod:`dicelab.penta` (a Yahtzee variant) and
:mod:`dicelab.farkle`. Every rule violation raises :class:`IllegalMove`, which never
changes any state. The game packages load on first use, so that ``import dicelab`` (and a
dashboard that needs one game) stays quick.

>>> import dicelab
>>> dicelab.penta.Scorecard().options([2, 2, 5, 5, 5])["full_house"]
25
"""

from __future__ import annotations

import importlib
from typing import Any

from dicelab.errors import IllegalMove

__version__ = "0.1.0"

__all__ = ["IllegalMove", "__version__", "farkle", "penta"]

_GAMES = ("farkle", "penta")


def __getattr__(name: str) -> Any:
    if name in _GAMES:
        return importlib.import_module(f"dicelab.{name}")
    raise AttributeError(f"module 'dicelab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
