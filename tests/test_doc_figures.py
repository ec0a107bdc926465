"""The figures the documents credit to a source are the code's, computed under that source's
rules: a figure given to the wrong rules (issue 27: Verhoeff's standard deviation, which is
the free joker's, given to the official game) fails here."""

import re
from pathlib import Path

import pytest

from dicelab.penta.moments import Moments
from dicelab.penta.solver import Solver

DOCS = Path(__file__).resolve().parents[1] / "docs"

pytestmark = pytest.mark.tables


def _text(page: str) -> str:
    return " ".join((DOCS / page).read_text(encoding="utf-8").split())


def _found(pattern: str, page: str) -> tuple[str, ...]:
    match = re.search(pattern, _text(page))
    assert match, f"{page} no longer says {pattern!r}"
    return match.groups()


def test_verhoeffs_figures_are_the_free_jokers():
    mean, sd, exact_mean, exact_sd = _found(
        r"Verhoeff \(1999\) under his rules, the free joker \((\d+\.\d+), standard deviation "
        r"(\d+\.\d+): dicelab computes (\d+\.\d+) and (\d+\.\d+)\)",
        "rules/penta.md",
    )
    solver = Solver("free-joker")
    assert round(solver.expected_score(), 2) == float(mean)
    assert round(solver.expected_score(), 7) == float(exact_mean)
    assert round(Moments(solver).start_sd(), 2) == float(sd)
    assert round(Moments(solver).start_sd(), 4) == float(exact_sd)


def test_the_official_games_figures_are_its_own():
    (mean,) = _found(r"Glenn \(2006\) for the official game \((\d+\.\d+)\)", "rules/penta.md")
    (sd,) = _found(
        r"the official game's standard deviation, (\d+\.\d+), is dicelab's own", "rules/penta.md"
    )
    assert round(Solver("official").expected_score(), 7) == float(mean)
    assert round(Moments("official").start_sd(), 4) == float(sd)
    published, free, own = _found(
        r"The published standard deviation, (\d+\.\d+), is Verhoeff's, under his rules: the free "
        r"joker \(exact here: (\d+\.\d+)\)\. The official game's, (\d+\.\d+), is dicelab's own",
        "penta-solver.md",
    )
    assert round(Moments("free-joker").start_sd(), 2) == float(published)
    assert round(Moments("free-joker").start_sd(), 4) == float(free)
    assert round(Moments("official").start_sd(), 4) == float(own)
    own, verhoeff, free = _found(
        r"# (\d+\.\d+), the official game's \(dicelab's own figure; # Verhoeff's published "
        r"(\d+\.\d+) is the free joker's, (\d+\.\d+)\)",
        "review.md",
    )
    assert round(Moments("official").start_sd(), 4) == float(own)
    assert round(Moments("free-joker").start_sd(), 2) == float(verhoeff)
    assert round(Moments("free-joker").start_sd(), 4) == float(free)


@pytest.mark.parametrize("preset", ["official", "free-joker", "no-joker", "no-bonus"])
def test_the_published_expectations_are_their_presets(preset):
    (value,) = _found(rf"\| `{preset}` [^\n]*?\| (\d+\.\d+) \|", "rules/penta.md")
    assert round(Solver(preset).expected_score(), 7) == float(value)


def test_the_proficiency_scale_says_it_is_dicelabs():
    text = _text("review.md")
    assert "on dicelab's own scale" in text
    assert "modelled on Verhoeff's proficiency scale" in text


def test_the_standard_farkle_table_is_super_farkles():
    text = _text("rules/farkle.md")
    assert 'Facebook "Super Farkle" option (not the generator\'s defaults)' in text
    assert "Busche's published Farkle strategy generator (defaults)" not in text
