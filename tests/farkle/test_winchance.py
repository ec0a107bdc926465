"""Two-player win chances: Bellman equations checked state by state, cache and command line."""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from dicelab.dice import outcomes
from dicelab.errors import IllegalMove
from dicelab.farkle import winchance
from dicelab.farkle.risk import solve_turn, turn_tables
from dicelab.farkle.rules import Rules
from dicelab.farkle.scoring import set_aside_options
from dicelab.farkle.winchance import cache_path, solve_win_chances, win_chances
from dicelab.farkle.winkernel import turn_pass, turn_plan

TARGET = 1000


@pytest.fixture(scope="module")
def chances():
    return solve_win_chances(target=TARGET)


DOCS = Path(__file__).resolve().parents[2] / "docs" / "farkle-risk.md"


def _bank(chances, a, b, t):
    """Banking's worth from the public API: the opponent's turn or last turn next."""
    if a + t >= chances.target:
        return 1.0 - chances.chance(b, a + t, 0, 6)
    return 1.0 - chances.chance(b, a + t, 0, 6)


def _roll(chances, a, b, t, n):
    """Rolling's worth, summed over every roll from the scoring functions."""
    total = Fraction(0)
    value = 0.0
    for dice, p in outcomes(n).items():
        options = set_aside_options(dice)
        if not options:
            value += float(p) * (1.0 - chances.chance(b, a, 0, 6))
            continue
        best = max(
            chances.chance(a, b, t + pts, n - len(kept) or 6) for kept, pts in options.items()
        )
        value += float(p) * best
        total += p
    return value


def test_first_player_has_the_edge_and_chances_are_probabilities(chances):
    start = chances.start
    assert 0.5 < chances.first_player_chance < 0.65
    assert np.all((start > 0) & (start < 1))


def test_more_points_never_hurt(chances):
    start = chances.start
    assert np.all(np.diff(start, axis=0) >= -1e-12)  # my total up: my chance up
    assert np.all(np.diff(start, axis=1) <= 1e-12)  # their total up: my chance down


@pytest.mark.parametrize(
    ("a", "b"), [(0, 0), (0, 950), (950, 0), (500, 450), (450, 500), (900, 900), (250, 700)]
)
def test_turn_start_is_the_compulsory_roll(chances, a, b):
    assert chances.chance(a, b) == pytest.approx(_roll(chances, a, b, 0, 6), abs=1e-12)


@pytest.mark.parametrize(
    ("a", "b", "t", "n"),
    [(0, 0, 300, 3), (0, 0, 500, 3), (900, 0, 100, 3), (0, 900, 800, 2), (700, 950, 350, 6),
     (450, 450, 1200, 4), (0, 0, 2000, 1), (950, 950, 50, 5), (0, 0, 9000, 6),
     (900, 0, 6000, 2)],
)  # fmt: skip
def test_every_state_satisfies_the_optimality_equations(chances, a, b, t, n):
    bank = _bank(chances, a, b, t)
    roll = _roll(chances, a, b, t, n)
    assert chances.bank_chance(a, b, t) == pytest.approx(bank, abs=1e-12)
    assert chances.roll_chance(a, b, t, n) == pytest.approx(roll, abs=1e-12)
    assert chances.chance(a, b, t, n) == pytest.approx(max(bank, roll), abs=1e-12)
    assert chances.best_action(a, b, t, n) == ("roll" if roll > bank else "bank")


def test_last_turn_exact_values(chances):
    # one die, 50 short of a tie: a 1 passes; a 5 ties with hot dice, then rolling 6
    # dice (scoring 211/216 of the time) beats banking the tie
    expected = (1 + Fraction(211, 216)) / 6
    assert chances.chance(0, 1050, 1000, 1) == pytest.approx(float(expected), abs=1e-12)
    assert chances.chance(0, 1050, 1050, 1) == 0.5  # banking the tie beats 1/3
    assert chances.chance(0, 1050, 1050, 2) == pytest.approx(5 / 9, abs=1e-12)
    assert chances.chance(0, 1050, 1100, 3) == 1.0


def test_best_set_aside_maximises_the_chance(chances):
    best = chances.best_set_aside([1, 5, 2, 3, 4, 6], 0, 0)  # a straight
    assert best.dice == (1, 2, 3, 4, 5, 6)
    pick = chances.best_set_aside([1, 1, 5, 2, 3, 4], 900, 0, 0)
    values = [chances.chance(900, 0, pts, 6 - len(kept)) for kept, pts in
              set_aside_options([1, 1, 5, 2, 3, 4]).items()]  # fmt: skip
    assert pick.value == pytest.approx(max(values))


def test_fair_head_start_is_the_closest_to_even(chances):
    head = chances.fair_head_start()
    unit = chances.unit
    here = abs(chances.chance(0, head) - 0.5)
    assert head % unit == 0 and head > 0
    assert here <= abs(chances.chance(0, head - unit) - 0.5)
    assert here <= abs(chances.chance(0, head + unit) - 0.5)


def test_states_past_the_target_are_refused(chances):
    with pytest.raises(IllegalMove, match="target"):
        chances.chance(1000, 0)
    with pytest.raises(IllegalMove):
        chances.chance(0, 0, 75, 3)


def test_disk_cache_round_trip_and_corruption(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    winchance._remembered.cache_clear()
    seen = []
    solved = win_chances(target=500, progress=seen.append)
    path = cache_path(Rules(), 500)
    assert path.exists() and path.parent == tmp_path
    assert seen == sorted(seen) and seen[-1] == pytest.approx(1.0)
    winchance._remembered.cache_clear()
    monkeypatch.setattr(winchance, "solve_win_chances", _no_solve)
    loaded = win_chances(target=500)
    np.testing.assert_array_equal(loaded.start, solved.start)
    assert loaded.first_player_chance == solved.first_player_chance
    monkeypatch.undo()
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    path.write_bytes(b"not a table")
    winchance._remembered.cache_clear()
    again = win_chances(target=500)
    np.testing.assert_array_equal(again.start, solved.start)
    winchance._remembered.cache_clear()


def _no_solve(*args, **kwargs):
    raise AssertionError("should have been loaded from the cache")


def test_command_line_builds_with_a_progress_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    winchance._remembered.cache_clear()
    assert winchance.main(["--build", "--target", "500"]) == 0
    out = capsys.readouterr().out
    assert "Solving win chances for 500" in out and "100%" in out
    assert "first player wins" in out
    assert cache_path(Rules(), 500).exists()
    winchance._remembered.cache_clear()


@pytest.mark.tables
@pytest.mark.parametrize("target", [5000, 10000])
def test_documented_win_chances_are_the_solved_ones(target):
    """docs/farkle-risk.md reports each solved target's first-player chance and head start."""
    chances = win_chances(Rules(), target)
    row = f"| {target:,} | **{100 * chances.first_player_chance:.3f} %** | "
    row += f"**{chances.fair_head_start()} points**"
    assert row in DOCS.read_text(encoding="utf-8")


@pytest.mark.tables
def test_target_5000_when_cached():
    rules = Rules()
    chances = win_chances(rules, 5000)
    assert 0.5 < chances.first_player_chance < 0.6
    for a, b, t, n in [(0, 0, 0, 6), (4950, 0, 100, 3), (2000, 4500, 600, 2)]:
        expected = (
            max(_bank(chances, a, b, t), _roll(chances, a, b, t, n))
            if t
            else _roll(chances, a, b, 0, 6)
        )
        assert chances.chance(a, b, t, n) == pytest.approx(expected, abs=1e-12)


def test_a_cache_file_of_the_wrong_shape_is_solved_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    winchance._remembered.cache_clear()
    solved = win_chances(target=500)
    path = cache_path(Rules(), 500)
    with np.load(path) as data:
        parts = {key: data[key] for key in data.files}
    np.savez(path, **{**parts, "start": parts["start"][:-1]})
    winchance._remembered.cache_clear()
    assert winchance._load(Rules(), 500, path) is None
    again = win_chances(target=500)
    np.testing.assert_array_equal(again.start, solved.start)
    winchance._remembered.cache_clear()


# ------------------------------------------------------------------ the fast solve (issue 15)


def _numpy_diagonal(tables, bank, caps, guess):
    """A diagonal by Newton passes over the NumPy turn solver (the method before issue 15)."""
    x = guess.copy()
    for _ in range(60):
        farkle = 1.0 - x[::-1]
        _, rolls, _, slopes = solve_turn(tables, bank, farkle, caps, slopes=True)
        value, slope = rolls[0, 6], slopes[0, 6]
        if np.max(np.abs(value - x)) <= 1e-13:
            return value
        x = winchance._newton(value - slope * farkle, slope)
    raise AssertionError("no convergence")


@pytest.mark.parametrize(
    "rules",
    [
        # standard and playmonster take about 2 s each (Newton over NumPy): make test runs them;
        # the fast loop compares the race
        pytest.param(Rules(), id="standard", marks=pytest.mark.slow),
        pytest.param(Rules.custom("race", end="at-once", entry=300), id="race"),
        pytest.param(Rules.preset("playmonster"), id="playmonster", marks=pytest.mark.slow),
    ],
)
def test_the_compiled_solve_agrees_with_newton_over_numpy(monkeypatch, rules):
    fast = solve_win_chances(rules, target=1500)
    with monkeypatch.context() as patch:
        patch.setattr(winchance, "_solve_diagonal", _numpy_diagonal)
        slow = solve_win_chances(rules, target=1500)
    assert np.max(np.abs(fast.start - slow.start)) < 1e-11


@pytest.mark.parametrize("name", ["standard", "minimal", "playmonster"])
def test_the_compiled_kernel_plays_each_turn_as_the_numpy_solver(name):
    """Start values and slopes of a batch with different caps (some banks not allowed)."""
    tables = turn_tables(Rules.preset(name))
    rng = np.random.default_rng(7)
    caps = rng.integers(1, 40, 9)
    size = int(caps.max()) + tables.max_gain + 1
    bank = np.sort(rng.random((size, 9)), axis=0)
    bank[:5, :3] = -np.inf
    farkle = rng.random(9)
    start, slope = turn_pass(turn_plan(tables), bank, farkle, caps)
    alone, none = turn_pass(turn_plan(tables), bank, farkle, caps, slopes=False)
    assert none is None
    np.testing.assert_array_equal(alone, start)  # the check pass: the same values
    for j in range(9):
        _, rolls, _, slopes = solve_turn(tables, bank[:, j], farkle[j], int(caps[j]), slopes=True)
        assert start[j] == pytest.approx(rolls[0, 6], abs=1e-14)
        assert slope[j] == pytest.approx(slopes[0, 6], abs=1e-14)


@pytest.mark.slow  # a new process compiles the kernel (as Penta's test of the same, also slow)
@pytest.mark.parametrize(
    "locator",
    ["IPythonCacheLocator", "UserProvidedCacheLocator"],
    ids=["no cache directory at all", "a cache directory that cannot be written"],
)
def test_the_kernel_compiles_without_a_writable_cache(locator):
    """With no usable cache directory numba's ``cache=True`` fails (at decoration when no
    locator fits, on saving when the directory cannot be made): compiled in memory, silently."""
    code = (
        "import warnings, numpy as np\n"
        "warnings.simplefilter('error')\n"
        "from dicelab.farkle import winkernel\n"
        "from dicelab.farkle.risk import turn_tables\n"
        "plan = winkernel.turn_plan(turn_tables())\n"
        "start, slope = winkernel.turn_pass(plan, np.ones((90, 1)), np.zeros(1), np.ones(1, int))\n"
        "print(round(float(start[0]), 6), round(float(slope[0]), 6))\n"
    )
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "NUMBA_CACHE_LOCATOR_CLASSES": locator,  # only this place to cache in
        "NUMBA_CACHE_DIR": "/dev/null/numba",  # not a directory, even for root
        "PYTHONPATH": str(root),
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(round(1 - 5 / 216, 6)), str(round(5 / 216, 6))]
    assert not done.stderr


@pytest.mark.tables
@pytest.mark.slow
def test_the_fast_solve_gives_the_cached_5000_table(monkeypatch, tmp_path):
    cached = win_chances(Rules(), 5000)  # today's table, from the cache
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    solved = solve_win_chances(Rules(), target=5000)
    assert np.max(np.abs(solved.start - cached.start)) < 1e-9
    np.testing.assert_array_equal(solved.last, cached.last)
