"""How dicelab's Penta situations and actions read in yatzy-solver's text (the reference the
solver and the review are checked against)."""

from __future__ import annotations

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
