"""How dicelab's Penta situations and actions read in yatzy-solver's text (the reference the
solver and the review are checked against)."""

from __future__ import annotations

import os
from typing import Any

from dicelab.cache import cache_dir
from dicelab.penta import BOXES, Scorecard

YATZY_VARIANT = {
    "official": "american+forced-joker",
    "free-joker": "american",
    "no-joker": "american+no-joker",
    "no-bonus": "american+no-bonus",
}
YATZY_BOX = {**{box: box for box in BOXES}, "aces": "ones", "penta": "five_of_a_kind"}


def yatzy_situation(card: Scorecard, dice, rolls_left: int, categories) -> str:
    ids = {YATZY_BOX[box] for box in card.filled}
    filled = ",".join(c for c in categories if c in ids) or "-"
    text = f"dice {' '.join(map(str, sorted(dice)))} | rolls {rolls_left}"
    text += f" | upper {card.upper_total} | filled {filled}"
    if "penta" in card.filled and card.rules.penta_bonus:
        text += f" | five_of_a_kind {card.points('penta')}"
    return text


def yatzy_action(action) -> str:
    if isinstance(action, str):
        return f"score {YATZY_BOX[action]}"
    return "keep " + (" ".join(map(str, action)) or "-")


def reference_solver(ys: Any, name: str) -> Any:
    """yatzy-solver's own solution of the variant of dicelab's rule set ``name``, in 64-bit
    values (as its in-memory ``Solver.build``), solved once per machine.

    Two test modules ask for the same four variants, each a few seconds on all cores: the first
    writes yatzy-solver's table file (``Solver.build_table``) into dicelab's cache, under
    yatzy-solver's version and the variant's name, and every test loads it (0.04 s)."""
    variant = ys.Variant(YATZY_VARIANT[name])
    version = getattr(ys, "__version__", "unknown")
    path = cache_dir() / f"yatzy-solver-{version}-{YATZY_VARIANT[name]}-f64.table"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        ys.Solver.build_table(variant, str(partial), precision="f64")
        os.replace(partial, path)  # whole or not at all, whichever process writes it first
    return ys.Solver.load(str(path), variant)
