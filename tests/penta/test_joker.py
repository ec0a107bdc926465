"""The joker module: one predicate per case, used alike by the scorecard and the solver's masks."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from dicelab import IllegalMove
from dicelab.penta import joker
from dicelab.penta import solver_tables as st
from dicelab.penta.joker import Condition, Facts, JokerCase, Variant
from dicelab.penta.rules import BOXES, LOWER, PRESETS, UPPER, Rules
from dicelab.penta.scorecard import Scorecard

ALL_FACTS = [Facts(*values) for values in itertools.product((False, True), repeat=5)]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_at_most_one_case_holds_and_only_for_five_equal_dice(name):
    rules = Rules.preset(name)
    for facts in ALL_FACTS:
        held = [case for case, holds in joker.CASE_PREDICATES.items() if holds(rules, facts)]
        assert len(held) <= 1, (facts, held)
        if not facts.five:
            assert held == [] and joker.joker_case(rules, facts) is JokerCase.NONE


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_masks_are_the_predicates_on_arrays(name):
    rules = Rules.preset(name)
    columns = [np.array(column) for column in zip(*ALL_FACTS, strict=True)]
    masks = joker.case_masks(rules, Facts(*columns))
    for i, facts in enumerate(ALL_FACTS):
        for case, holds in joker.CASE_PREDICATES.items():
            assert bool(masks[case][i]) == holds(rules, facts), (case, facts)
    assert all(mask.shape == (len(ALL_FACTS),) for mask in masks.values())


def test_the_presets_joker_in_words():
    """The spec's table, one preset at a time (docs/rules/penta.md, rule presets)."""

    def case(name, penta, open_boxes):
        return joker.joker_case(Rules.preset(name), Facts.of((4,) * 5, open_boxes, penta))

    assert case("penta", 50, {"fours", "chance"}) is JokerCase.OWN_BOX
    assert case("penta", 50, {"aces", "chance"}) is JokerCase.LOWER
    assert case("penta", 50, {"aces"}) is JokerCase.UPPER
    assert case("penta", 0, {"aces", "chance"}) is JokerCase.NONE
    assert case("official", 0, {"aces", "chance"}) is JokerCase.LOWER
    assert case("official", None, {"fours", "penta"}) is JokerCase.NONE
    assert case("free-joker", 0, {"aces", "chance"}) is JokerCase.FREE
    assert case("free-joker", 50, {"fours", "chance"}) is JokerCase.NONE
    for name in ("no-joker", "no-bonus"):
        assert case(name, 50, {"aces", "chance"}) is JokerCase.NONE


def test_allowed_boxes_and_points_per_case():
    boxes = {case: [b for b in BOXES if joker.allowed(case, b, 4)] for case in JokerCase}
    assert boxes[JokerCase.OWN_BOX] == ["fours"]
    assert boxes[JokerCase.LOWER] == list(LOWER)
    assert boxes[JokerCase.UPPER] == list(UPPER)
    assert boxes[JokerCase.NONE] == boxes[JokerCase.FREE] == list(BOXES)
    assert joker.points(JokerCase.FREE, "small_straight", 2) == 30
    assert joker.points(JokerCase.UPPER, "aces", 4) == 0
    assert joker.points(JokerCase.OWN_BOX, "fours", 4) == 20
    for case in JokerCase:
        table = joker.allowed_table(case)
        assert table.shape == (6, 13) and not table.flags.writeable
        for face in range(1, 7):
            assert [BOXES[b] for b in np.flatnonzero(table[face - 1])] == [
                b for b in BOXES if joker.allowed(case, b, face)
            ]


def test_every_case_explains_its_boxes():
    for case in JokerCase:
        for box in BOXES:
            if case is not JokerCase.NONE and box == "penta":
                continue  # the Penta box is filled whenever a joker applies
            if case is JokerCase.UPPER and box in LOWER:
                continue  # the third case is the lower section full
            reason = joker.reason(case, box, 4, joker.points(case, box, 4))
            ordinary = case is JokerCase.NONE or (case is JokerCase.FREE and box in UPPER)
            assert (reason is None) == ordinary, (case, box)
            if reason is not None:
                assert "joker" in str(reason).lower(), (case, box)


def test_why_no_joker_names_the_first_missing_condition():
    def why(name, penta, open_boxes):
        facts = Facts.of((4,) * 5, open_boxes, penta)
        reason = joker.why_no_joker(Rules.preset(name), facts, 4)
        return None if reason is None else str(reason)

    assert why("penta", None, {"penta"}) == "No joker while the Penta box is open."
    assert why("penta", 0, {"aces"}) == "No joker: the Penta box holds 0."
    assert why("free-joker", 0, {"fours"}) == "No joker while Fours is open."
    assert why("no-joker", 50, {"fours"}) is None
    assert why("penta", 50, {"fours"}) is None  # in force


def test_an_unknown_joker_is_refused_when_the_rules_are_read():
    """Before: a misspelt joker silently meant "no joker"."""
    odd = Rules("house", "forced-5O")
    with pytest.raises(IllegalMove, match="Unknown joker rule 'forced-5O'"):
        Scorecard(odd)
    with pytest.raises(IllegalMove, match="forced-50, forced-any, free, none"):
        Scorecard.from_filled({"penta": 50}, rules=odd)
    with pytest.raises(IllegalMove):
        joker.variant(Rules("house", ["free"]))  # type: ignore[arg-type]


def test_a_new_variant_is_one_row_and_scorecard_and_solver_follow(monkeypatch):
    """A free joker that needs 50 in the Penta box (not in any preset): one row of VARIANTS."""
    monkeypatch.setitem(
        joker.VARIANTS, "free-50", Variant(forced=False, requires=(Condition.PENTA_50,))
    )
    rules = Rules("free-50-house", "free-50")
    card = Scorecard.from_filled({"penta": 50}, rules=rules)
    assert card.options((4,) * 5)["large_straight"] == 140  # Fours open, still joker points
    assert Scorecard.from_filled({"penta": 0}, rules=rules).options((4,) * 5)["full_house"] == 0
    assert st.uses_flag(Rules("no-bonus-free-50", "free-50", penta_bonus=False))
    rng = random.Random(5)
    T = st.tables()
    for _ in range(200):
        filled = {box: 0 if box != "chance" else 5 for box in rng.sample(BOXES, rng.randint(0, 12))}
        if "penta" in filled and rng.random() < 0.5:
            filled["penta"] = 50
        card = Scorecard.from_filled(filled, rules=rules)
        mask = sum(1 << BOXES.index(box) for box in filled)
        flag = int(filled.get("penta") == 50)
        rows = T.yahtzee
        points, bonus = st.legal_points(rules, np.full(6, mask), np.full(6, flag), rows)
        for face in range(1, 7):
            got = {BOXES[b]: int(points[face - 1, b] + bonus[face - 1]) for b in range(13)}
            got = {box: p for box, p in got.items() if points[face - 1, BOXES.index(box)] >= 0}
            assert got == card.options((face,) * 5), (filled, face)
