"""The README's tour runs as written."""

import doctest
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    commands = [line.split("#")[0].strip() for line in lines[:8] if line.startswith("make ")]
    assert commands == ["make run", "make test"]


@pytest.mark.tables
def test_readme_tour_runs():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8
    assert result.failed == 0


def test_readme_credits_verhoeff_with_the_free_joker_value():
    """Verhoeff published 254.5896 under the free joker, not the official rules' 254.5877."""
    lines = README.read_text(encoding="utf-8").splitlines()
    credited = [line for line in lines if "Verhoeff" in line and line.startswith(">>>")]
    assert credited, "the tour credits Verhoeff's optimum"
    assert all('"free-joker"' in line for line in credited)
