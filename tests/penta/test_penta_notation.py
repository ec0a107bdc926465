"""The one-line Penta notation: round trips, the grammar's variants, and errors with positions."""

from __future__ import annotations

import re
from collections import Counter
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab import IllegalMove
from dicelab.penta import Scorecard, Situation, parse
from dicelab.penta.notation import CODES
from dicelab.penta.rules import BOXES
from dicelab.penta.scorecard import possible_points
from tests.helpers import examples

PRESETS = ("penta", "official", "free-joker", "no-joker", "no-bonus")


@st.composite
def situations(draw):
    rules = draw(st.sampled_from(PRESETS))
    boxes = draw(st.lists(st.sampled_from(BOXES), unique=True, max_size=13))
    filled = {box: draw(st.sampled_from(sorted(possible_points(box)))) for box in boxes}
    takers = len(filled) - ("penta" in filled)
    bonus = 0
    if filled.get("penta") == 50 and rules != "no-bonus" and takers:
        bonus = 100 * draw(st.integers(0, takers))
    card = Scorecard.from_filled(filled, bonus, rules)
    if card.is_complete or draw(st.booleans()):
        return Situation(card)
    dice = draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))
    return Situation(card, dice, draw(st.integers(0, 2)))


@settings(max_examples=examples(300), deadline=None)
@given(situations())
def test_round_trip(situation):
    text = str(situation)
    assert "\n" not in text
    assert parse(text) == situation
    assert str(parse(text)) == text
    assert eval(repr(situation), {"parse": parse}) == situation


def test_examples():
    card = Scorecard.from_filled({"aces": 3, "fours": 12, "penta": 50}, penta_bonus=100)
    situation = Situation(card, (4, 4, 4, 4, 4), 1)
    assert str(situation) == "1s=3 4s=12 5k=50 +100 | dice 4 4 4 4 4 | 1 roll left"
    assert str(Situation()) == "- | dice - | 3 rolls left"
    official = Situation(Scorecard("official"), (6, 1, 2, 2, 3), 0)
    assert str(official) == "- | dice 1 2 2 3 6 | 0 rolls left | rules official"


def test_every_box_code_is_distinct_and_documented():
    assert set(CODES) == set(BOXES)
    assert len(set(CODES.values())) == 13
    full = Scorecard.from_filled({box: max(possible_points(box)) for box in BOXES})
    text = str(Situation(full))
    assert [entry.split("=")[0] for entry in text.split(" | ")[0].split()] == [
        CODES[box] for box in BOXES
    ]


def test_variants_are_read():
    expected = Situation(Scorecard.from_filled({"fours": 12, "penta": 50}, 100), (1, 2, 4, 4, 6), 2)
    for text in (
        "4s=12 5k=50 +100 | dice 4 1 6 2 4 | 2 rolls left",
        "fours=12 penta=50 +100 | dice 41624 | 2 rolls left",
        "  5k=50   4s=12 +100|dice 4 1 6 2 4|2 rolls left  ",
        "4s=12 5k=50 +100 | dice 41 624 | 2 roll left | rules penta",
    ):
        assert parse(text) == expected


def error_at(text: str) -> int:
    with pytest.raises(IllegalMove) as error:
        parse(text)
    found = re.search(r"at character (\d+)", str(error.value))
    assert found, str(error.value)
    return int(found.group(1))


@pytest.mark.parametrize(
    ("text", "marker"),
    [
        # (text, the substring where the error is; its first character is reported)
        ("4s=12 xx=3 | dice - | 3 rolls left", "xx=3"),
        ("4s=12 fh=20 | dice - | 3 rolls left", "20 |"),
        ("4s=12 ch=4 | dice - | 3 rolls left", "4 |"),
        ("4s=1x | dice - | 3 rolls left", "1x"),
        ("4s=-4 | dice - | 3 rolls left", "-4"),
        ("4s=12 4s=12 | dice - | 3 rolls left", "4s=12 |"),
        ("fours=12 4s=12 | dice - | 3 rolls left", "4s=12 |"),
        ("+100 5k=50 | dice - | 3 rolls left", "+100"),
        ("1s=3 +100 | dice - | 3 rolls left", "+100"),
        ("1s=3 5k=50 +50 | dice - | 3 rolls left", "+50"),
        ("1s=3 5k=50 +1x0 | dice - | 3 rolls left", "1x0"),
        ("1s=3 5k=50 +100 | dice - | 3 rolls left | rules no-bonus", "+100"),
        (" | dice - | 3 rolls left", " |"),
        ("- | dice 1 2 3 4 7 | 2 rolls left", "7"),
        ("- | dice 1 2 3 4 | 2 rolls left", "1 2 3 4 |"),
        ("- | dice 1 2 3 4 5 6 | 2 rolls left", "1 2 3 4 5 6"),
        ("- | die 1 2 3 4 5 | 2 rolls left", "die"),
        ("- | 1 2 3 4 5 | 2 rolls left", "1 2 3 4 5 |"),
        ("- | dice 1 2 3 4 5 | 3 rolls left", "3 rolls"),
        ("- | dice - | 2 rolls left", "2 rolls"),
        ("- | dice 1 2 3 4 5 | 4 rolls left", "4 rolls"),
        ("- | dice 1 2 3 4 5 | two rolls left", "two"),
        ("- | dice 1 2 3 4 5 | 2 rolls to go", "to go"),
        ("- | dice 1 2 3 4 5 | 2 rolls left now", "now"),
        ("- | dice 1 2 3 4 5 | 2 rolls left | official", "official"),
        ("- | dice 1 2 3 4 5 | 2 rolls left | rules yahtzee", "yahtzee"),
        ("- | dice 1 2 3 4 5 | 2 rolls left | rules penta | x", "| x"),
        ("4s=12 ₄=3 | dice - | 3 rolls left", "₄"),
        ("4s=١٢ | dice - | 3 rolls left", "١٢"),
    ],
)
def test_errors_name_the_character(text, marker):
    assert error_at(text) == text.index(marker) + 1


def test_missing_parts_are_reported_at_the_end():
    for text in ("", "4s=12", "4s=12 | dice 1 2 3 4 5", "- | dice 1 2 3 4 5 | 2 rolls"):
        assert error_at(text) == len(text) + 1


def test_a_complete_card_has_no_dice():
    full = {box: max(possible_points(box)) for box in BOXES}
    text = " ".join(f"{CODES[b]}={p}" for b, p in full.items()) + " | dice 1 2 3 4 5 | 0 rolls left"
    assert error_at(text) == text.index("dice") + 1
    with pytest.raises(IllegalMove):
        Situation(Scorecard.from_filled(full), (1, 2, 3, 4, 5), 0)


def test_non_text_is_refused():
    for bad in (None, 5, b"- | dice - | 3 rolls left"):
        with pytest.raises(IllegalMove):
            parse(bad)


@pytest.mark.parametrize(
    ("card", "dice", "rolls"),
    [
        ("card", None, 3),
        (Scorecard(), None, 2),
        (Scorecard(), (1, 2, 3, 4, 5), 3),
        (Scorecard(), (1, 2, 3, 4, 5), -1),
        (Scorecard(), (1, 2, 3, 4, 5), True),
        (Scorecard(), (1, 2, 3, 4, 5), 1.0),
        (Scorecard(), (1, 2, 3, 4), 1),
        (Scorecard(), (1, 2, 3, 4, 9), 1),
    ],
)
def test_situation_refuses_impossible_values(card, dice, rolls):
    with pytest.raises(IllegalMove):
        Situation(card, dice, rolls)


def test_situations_are_values():
    a = Situation(Scorecard(), [3, 1, 2, 2, 6], 1)
    b = Situation(Scorecard(), (6, 2, 2, 1, 3), 1)
    assert a == b and hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.rolls_left = 2  # type: ignore[misc]


@settings(max_examples=examples(100), deadline=None)
@given(situations())
def test_keeps_are_the_distinct_sub_multisets(situation):
    keeps = situation.keeps()
    if situation.dice is None or situation.rolls_left == 0:
        assert keeps == []
        return
    assert len(keeps) == len(set(keeps))
    assert all(k == tuple(sorted(k)) and len(k) < 5 for k in keeps)
    tally = Counter(situation.dice)
    assert all(not Counter(k) - tally for k in keeps)
    assert len(keeps) == prod(c + 1 for c in tally.values()) - 1  # all but holding all five
    assert situation.actions() == [*situation.options(), *keeps]
