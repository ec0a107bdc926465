"""The text form of Farkle moves."""

import pytest

from dicelab import IllegalMove
from dicelab.farkle import Bank, Roll, SetAside, parse_move


def test_moves_read_back_from_their_text():
    for move in (Roll(), Bank(), SetAside((0, 3, 5))):
        assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["jump", "set_aside", "set_aside ²", "set_aside ٣", "roll 2", 7])
def test_other_text_is_refused(text):
    with pytest.raises(IllegalMove, match="Unknown move"):
        parse_move(text)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: parse_move("set_aside " + "1" * 5000), "Unknown move"),
        (lambda: parse_move("set_aside 1" + "0" * 25), "Unknown move"),
        (lambda: SetAside((-(10**5000),)), "digits"),
        (lambda: SetAside((10**5000,)), "digits"),
        (lambda: SetAside(10**5000), "digits"),
    ],
)
def test_huge_positions_are_refused_and_the_message_renders(make, says):
    with pytest.raises(IllegalMove) as error:
        make()
    assert says in str(error.value) and len(str(error.value)) < 300
