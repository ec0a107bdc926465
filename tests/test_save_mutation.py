"""Mutated saves of both games: each is refused with IllegalMove or loads a sound game.

A save of a game played some legal moves is mutated once (see :func:`fuzzing.mutant`: a
value swapped for an odd JSON value such as NaN, 1e400 or 5,000 digits, a key given
twice, an unknown key, events dropped, duplicated or swapped, a die changed, a character
dropped, the text truncated, bytes, a BOM, deep nesting...) or replaced by something
that is not a save at all. Loading it must raise :class:`~dicelab.IllegalMove`, or give
a game whose own save round-trips. ``benchmarks/fuzz.py`` runs the same check 10^4 times
per game.
"""

import pytest
from fuzzing import DataDraw, FarkleFuzz, PentaFuzz, SaveFuzz, Tally
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.helpers import examples

FUZZERS = [PentaFuzz, FarkleFuzz]
SETTINGS = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # the message holds the mutant
)


@pytest.mark.parametrize("fuzzer", FUZZERS, ids=["penta", "farkle"])
@SETTINGS
@given(data=st.data(), prefix=st.sampled_from((0, 1, 3, 12, 60)))
def test_a_mutated_save_is_refused_or_loads_a_sound_game(fuzzer, data, prefix):
    fuzz = fuzzer(Tally())
    draw = DataDraw(data)
    fuzz.start(draw, prefix)
    SaveFuzz(fuzz).check(draw)


@SETTINGS
@given(data=st.data(), prefix=st.sampled_from((0, 1, 3, 12, 60)))
def test_a_farkle_save_dictionary_with_an_odd_value_is_refused_or_loads(data, prefix):
    fuzz = FarkleFuzz(Tally())
    draw = DataDraw(data)
    fuzz.start(draw, prefix)
    SaveFuzz(fuzz).check_dict(draw)
