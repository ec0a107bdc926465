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
