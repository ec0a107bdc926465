"""The public names fixed by docs/api.md exist, with docstrings."""

import inspect
from fractions import Fraction

import pytest

import dicelab
from dicelab import IllegalMove, farkle, penta

PENTA_NAMES = ["BOXES", "Rules", "Scorecard", "Solver"]
FARKLE_NAMES = ["Rules", "score", "set_aside_options", "farkle_chance", "optimal_turn"]


def test_illegal_move_is_a_value_error():
    assert issubclass(dicelab.IllegalMove, ValueError)
    assert dicelab.IllegalMove.__doc__


@pytest.mark.parametrize(
    ("module", "name"), [(penta, n) for n in PENTA_NAMES] + [(farkle, n) for n in FARKLE_NAMES]
)
def test_api_names_are_exported_with_docstrings(module, name):
    assert name in module.__all__
    value = getattr(module, name)
    if callable(value):
        assert inspect.getdoc(value), f"{module.__name__}.{name} has no docstring"


def test_penta_shapes():
    expected = (
        "aces twos threes fours fives sixes three_of_a_kind four_of_a_kind full_house "
        "small_straight large_straight chance penta"
    )
    assert tuple(expected.split(" ")) == penta.BOXES
    assert penta.Rules() == penta.Rules.preset("penta")
    for name in ("penta", "official", "free-joker", "no-joker", "no-bonus"):
        assert penta.Rules.preset(name).name == name
    card = penta.Scorecard()
    for member in ("filled", "upper_total", "upper_bonus", "penta_bonus", "total", "is_complete"):
        assert hasattr(card, member)
    assert callable(penta.Scorecard.from_filled)
    for method in ("expected_score", "option_values"):
        assert callable(getattr(penta.Solver, method))


def test_farkle_shapes():
    assert farkle.Rules() == farkle.Rules.preset("standard")
    for name in ("standard", "minimal", "playmonster"):
        assert farkle.Rules.preset(name) is not None
    assert isinstance(farkle.farkle_chance(6), Fraction)
    assert all(isinstance(k, tuple) for k in farkle.set_aside_options([1, 5, 2, 3, 4, 6]))
    with pytest.raises(IllegalMove):
        farkle.score([1, 2])
    turn = farkle.optimal_turn()
    for member in ("expected_turn_score", "bank_threshold", "value"):
        assert hasattr(turn, member)


def test_computer_plays_optimally_by_default_and_heuristic_stays_available():
    assert penta.players.default_name() == "optimal"
    assert "heuristic" in penta.players.names()
