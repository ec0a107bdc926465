"""The compiled kernel of Penta's second-moment table (dicelab/penta/moments_kernel.py): the same
table as its NumPy reference (:func:`dicelab.penta.moments.reference_moments`), under every
preset and house the solver's tests use. The whole tables the kernel builds are checked by the
standard deviations other tests pin (59.6079 for the official rules, Verhoeff's 59.61...), and
against simulated games (tests/penta/test_penta_review.py)."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.penta import solver_tables as st
from dicelab.penta.moments import build_moments, reference_moments
from dicelab.penta.rules import PRESETS
from tests.penta_houses import HOUSES

FAST = {"official", "five-full"}
"""Built both ways in the fast loop, over the last two turns (the reference takes 0.8 s): a
preset, and a house with a free joker, five equal dice as a full house, its own Penta points
and bonus, and its own table layout. make test builds every rule set over three turns."""


@pytest.mark.parametrize(
    ("rules", "down_to"),
    [
        pytest.param(rules, 11, id=f"{rules.name}-2")
        for rules in [*PRESETS.values(), *HOUSES.values()]
        if rules.name in FAST
    ]
    + [
        pytest.param(rules, 10, id=f"{rules.name}-3", marks=pytest.mark.slow)
        for rules in [*PRESETS.values(), *HOUSES.values()]
    ],
)
def test_the_kernel_agrees_with_the_numpy_reference_on_the_last_turns(rules, down_to):
    values = st.build_table(rules, down_to=down_to)
    ours = build_moments(rules, values, down_to=down_to, workers=1)
    reference = reference_moments(rules, values, down_to=down_to, workers=1)
    assert ours.shape == reference.shape == values.shape
    assert np.array_equal(np.isnan(ours), np.isnan(reference))
    solved = ~np.isnan(reference)
    assert solved.sum() > 1_000
    assert np.abs(ours[solved] - reference[solved]).max() <= 1e-9 * reference[solved].max()


def test_the_kernel_reports_its_progress_by_layer():
    rules = PRESETS["official"]
    values = st.build_table(rules, down_to=11)
    seen: list[float] = []
    build_moments(rules, values, seen.append, down_to=11, workers=1)
    assert seen[0] == 0.0 and seen[-1] == pytest.approx(1.0)
    assert seen == sorted(seen) and len(seen) >= 3
