"""Three Penta house rule sets the solver's tests share (none equal to a preset)."""

from __future__ import annotations

from dicelab.penta.rules import Rules

HOUSES = {
    # full house 30, straights 25 and 35, the official joker
    "fh30": Rules.custom(
        "fh30",
        base="official",
        full_house_points=30,
        small_straight_points=25,
        large_straight_points=35,
    ),
    # the upper bonus from 70 (above the presets' 63: another table layout), worth 50
    "bonus70": Rules.custom("bonus70", upper_bonus_threshold=70, upper_bonus_points=50),
    # five equal dice count as a full house, bonus from 60, Penta 40 and its bonus 50, free joker
    "five-full": Rules.custom(
        "five-full",
        base="free-joker",
        five_full_house=True,
        upper_bonus_threshold=60,
        penta_points=40,
        penta_bonus_points=50,
    ),
}
