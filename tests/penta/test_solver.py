"""Tests of Penta's optimal solver: published values, the cache, the advisor, the player,
the simulation, and agreement with the Scorecard's rules and with yatzy-solver."""

from __future__ import annotations

import itertools
import random
import re
import time
from pathlib import Path

import numpy as np
import pytest

from dicelab import IllegalMove
from dicelab.dice import outcomes
from dicelab.penta import solver_tables as st
from dicelab.penta.players import OptimalPlayer
from dicelab.penta.rules import BOXES, PRESETS, UPPER, Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.simulate import simulate
from dicelab.penta.situation import Situation
from dicelab.penta.solver import (
    SOLVER_VERSION,
    Solver,
    cache_dir,
    main,
    table_path,
    text_progress,
)
from tests.yatzy_reference import YATZY_VARIANT, reference_solver, yatzy_action, yatzy_situation

PUBLISHED = {
    "official": 254.5877287,
    "free-joker": 254.5896095,
    "no-joker": 253.9702412,
    "no-bonus": 245.8707745,
}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "penta-solver.md"


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    """A temporary cache directory for this file's solvers (tables are built once in it).

    It is passed to each solver, never set in the environment: the rest of the suite keeps
    the user cache that ``make test`` filled."""
    return tmp_path_factory.mktemp("dicelab-cache")


@pytest.fixture(scope="session")
def solvers(cache):
    """Solver of a preset, built (into the session's cache) on first use, with build records."""
    built: dict[str, Solver] = {}
    records: dict[str, tuple[float, list[float]]] = {}

    def get(name: str) -> Solver:
        if name not in built:
            seen: list[float] = []
            start = time.perf_counter()
            built[name] = Solver(name, progress=seen.append, directory=cache).build()
            records[name] = (time.perf_counter() - start, seen)
        return built[name]

    get.records = records  # type: ignore[attr-defined]
    return get


def random_card(rules: Rules, rng: random.Random, turns: int) -> Scorecard:
    """A card after ``turns`` turns of random play (random dice, random legal box)."""
    card = Scorecard(rules)
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        if rng.random() < 0.15:
            dice = (rng.randint(1, 6),) * 5
        card = card.score(rng.choice(sorted(card.options(dice))), dice)
    return card


def random_dice(rng: random.Random) -> tuple[int, ...]:
    if rng.random() < 0.1:
        return (rng.randint(1, 6),) * 5
    return tuple(rng.randint(1, 6) for _ in range(5))


# -- published values --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PUBLISHED))
@pytest.mark.slow
def test_published_expected_scores(solvers, name):
    assert solvers(name).expected_score() == pytest.approx(PUBLISHED[name], abs=1e-6)


@pytest.mark.slow
def test_penta_value_is_documented(solvers):
    """docs/penta-solver.md states the computed Penta value (to 7 decimals)."""
    value = solvers("penta").expected_score()
    text = DOCS.read_text(encoding="utf-8")
    assert f"{value:.7f}" in text
    # The Penta rules only remove the joker after a sacrificed Penta box: between no joker
    # at all and the official joker.
    assert solvers("no-joker").expected_score() < value < solvers("official").expected_score()


@pytest.mark.slow
def test_progress_is_reported_while_building(solvers):
    solvers("official")
    _seconds, seen = solvers.records["official"]
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert all(a <= b for a, b in itertools.pairwise(seen))
    assert len(seen) > 10


# -- the cache ---------------------------------------------------------------------------


def test_cache_location(monkeypatch, tmp_path):
    monkeypatch.delenv("DICELAB_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "dicelab"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "dicelab"
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path / "x"))
    assert cache_dir() == tmp_path / "x"


def test_cache_key_has_rules_and_version():
    names = {table_path(name, "/c").name for name in PRESETS}
    assert len(names) == len(PRESETS)
    for name in PRESETS:
        assert name in table_path(name, "/c").name
        assert f"v{SOLVER_VERSION}" in table_path(name, "/c").name
    custom = Rules("official", "free")  # same name, other rules: another file
    assert table_path(custom, "/c") != table_path("official", "/c")


@pytest.mark.slow
def test_table_loads_from_cache_without_a_rebuild(solvers, cache, monkeypatch):
    first = solvers("no-bonus")
    assert first.path.parent == cache and first.path.exists()
    seen: list[float] = []

    def no_rebuild(*_args, **_kwargs):
        raise AssertionError("the cached table was rebuilt")

    monkeypatch.setattr(st, "build_table", no_rebuild)
    again = Solver("no-bonus", progress=seen.append, directory=cache).build()
    assert seen == [1.0]
    np.testing.assert_array_equal(again.table, first.table)


@pytest.mark.slow
def test_corrupt_cache_is_rebuilt(tmp_path, solvers, monkeypatch):
    reference = solvers("no-bonus")
    path = table_path("no-bonus", tmp_path)
    builds = []

    def build(rules, progress=None):  # the real build is tested above; this one is instant
        builds.append(rules)
        return reference.table.copy()

    monkeypatch.setattr(st, "build_table", build)
    for bad in (b"not a table", b""):
        path.write_bytes(bad)
        solver = Solver("no-bonus", directory=tmp_path).build()
        assert solver.expected_score() == reference.expected_score()
        np.testing.assert_array_equal(np.load(path), reference.table)
    np.save(path, np.zeros(10))  # a table of the wrong shape is not used either
    assert Solver("no-bonus", directory=tmp_path).expected_score() == reference.expected_score()
    assert len(builds) == 3
    assert Solver("no-bonus", directory=tmp_path, cache=False)._table is None


@pytest.mark.slow
def test_command_line_builds_presets(cache, solvers, capsys, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(cache))
    solvers("no-bonus")
    assert main(["--build", "no-bonus"]) == 0
    out = capsys.readouterr().out
    assert f"{PUBLISHED['no-bonus']:.7f}" in out
    assert main([]) == 2


def test_text_progress_is_a_tqdm_bar():
    import io

    out = io.StringIO()
    bar = text_progress("penta", out, width=60)
    for i in range(101):
        bar(i / 100)
    last = out.getvalue().rsplit("\r", 1)[-1]
    assert last.startswith("Building the penta table: 100%|")
    assert last.endswith("\n")  # the bar closed at 100%


# -- the vectorised rules agree with the Scorecard ---------------------------------------


def _state(card: Scorecard) -> tuple[int, int, int]:
    mask = sum(1 << BOXES.index(box) for box in card.filled)
    up = min(card.upper_total, 63)
    flag = int(st.uses_flag(card.rules) and card.points("penta") == 50)
    return mask, up, flag


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_legal_points_match_scorecard_options(name):
    rules = Rules.preset(name)
    rng = random.Random(f"legal-{name}")
    T = st.tables()
    cards = [random_card(rules, rng, rng.randint(0, 12)) for _ in range(300)]
    for card in cards:
        mask, _, flag = _state(card)
        n = len(T.probs)
        points, bonus = st.legal_points(rules, np.full(n, mask), np.full(n, flag), np.arange(n))
        for r in rng.sample(range(n), 20) + list(T.yahtzee):
            dice = T.keeps[T.offsets[5] + r]
            expected = card.options(dice)
            got = {BOXES[b]: int(points[r, b] + bonus[r]) for b in range(13) if points[r, b] >= 0}
            assert got == expected, (card, dice)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_kernel_final_roll_values_match_box_values(name):
    """The build's shortcut (best box by sacrifice + scoring boxes) equals the direct maximum
    over legal boxes, on random value tables that grow with the upper total."""
    rules = Rules.preset(name)
    gen = np.random.default_rng(7)
    V = gen.uniform(0, 50, size=(1 << 13, 64, 2)).cumsum(axis=1).reshape(-1)
    rng = random.Random(f"kernel-{name}")
    cards = [random_card(rules, rng, rng.randint(0, 12)) for _ in range(200)]
    states = np.array([_state(c) for c in cards])
    mask, up, flag = states.T
    ovs = st.option_rows(rules, V, mask, up, flag)
    fast = st.final_roll_values(rules, ovs, mask, flag, np.empty((252, len(cards))))
    for i in range(len(cards)):
        n = 252
        direct = st.box_values(
            rules, V, np.full(n, mask[i]), np.full(n, up[i]), np.full(n, flag[i]), np.arange(n)
        ).max(axis=1)
        np.testing.assert_allclose(fast[:, i], direct, rtol=0, atol=1e-9)


def test_keep_values_brute_force():
    """K(keep) is the mean over every outcome of the re-rolled dice."""
    T = st.tables()
    gen = np.random.default_rng(3)
    hand = gen.uniform(0, 100, size=(252, 3))
    K = np.empty((462, 3))
    M = np.empty((462, 3))
    best = st.keep_values(hand, K, M)
    for keep in [(), (6,), (2, 5), (1, 1, 4), (3, 3, 3, 6)]:
        expected = sum(
            float(p) * hand[T.index[tuple(sorted(keep + rolled))] - T.offsets[5]]
            for rolled, p in outcomes(5 - len(keep)).items()
        )
        np.testing.assert_allclose(K[T.index[keep]], expected, rtol=1e-12)
    for roll in [(1, 2, 3, 4, 5), (2, 2, 6, 6, 6)]:
        subs = {c for n in range(6) for c in itertools.combinations(roll, n)}
        expected = np.max([K[T.index[s]] for s in subs], axis=0)
        np.testing.assert_allclose(best[T.index[roll] - T.offsets[5]], expected)


# -- the advisor -------------------------------------------------------------------------


@pytest.mark.slow
def test_option_values_shape_and_first_turn(solvers):
    solver = solvers("penta")
    card = Scorecard()
    dice = (1, 1, 3, 4, 6)
    values = solver.option_values(card, dice, 2)
    boxes = [a for a in values if isinstance(a, str)]
    keeps = [a for a in values if isinstance(a, tuple)]
    assert boxes == list(card.options(dice))
    assert keeps == Situation(card, dice, 2).keeps()
    assert () in keeps and dice not in keeps
    assert list(solver.option_values(card, dice, 0)) == boxes
    # The mean over first rolls of the best option is the value of the game.
    T = st.tables()
    total = 0.0
    for r in range(252):
        roll = T.keeps[T.offsets[5] + r]
        total += T.probs[r] * max(solver.option_values(card, roll, 2).values())
    assert total == pytest.approx(solver.expected_score(), abs=1e-9)


@pytest.mark.parametrize("name", ["penta", "official", "free-joker"])
@pytest.mark.slow
def test_box_values_are_next_card_values(solvers, name):
    solver = solvers(name)
    rng = random.Random(f"boxes-{name}")
    for _ in range(60):
        card = random_card(solver.rules, rng, rng.randint(0, 11))
        dice = random_dice(rng)
        values = solver.option_values(card, dice, 0)
        for box, value in values.items():
            after = card.score(box, dice)
            assert value == pytest.approx(after.total + solver.state_value(after), abs=1e-9)


@pytest.mark.slow
def test_keep_values_brute_force_against_boxes(solvers):
    solver = solvers("penta")
    rng = random.Random(5)
    for _ in range(10):
        card = random_card(solver.rules, rng, rng.randint(3, 10))
        dice = random_dice(rng)
        values = solver.option_values(card, dice, 1)
        for keep in rng.sample([a for a in values if isinstance(a, tuple)], 3):
            expected = sum(
                float(p) * max(solver.option_values(card, keep + rolled, 0).values())
                for rolled, p in outcomes(5 - len(keep)).items()
            )
            assert values[keep] == pytest.approx(expected, abs=1e-9)


@pytest.mark.slow
def test_best_action_and_regret(solvers):
    solver = solvers("penta")
    rng = random.Random(11)
    for _ in range(30):
        card = random_card(solver.rules, rng, rng.randint(0, 12))
        dice, rolls_left = random_dice(rng), rng.randint(0, 2)
        values = solver.option_values(card, dice, rolls_left)
        best = solver.best_action(card, dice, rolls_left)
        assert values[best] == max(values.values())
        assert solver.regret(card, dice, rolls_left, best) == 0.0
        for action, value in values.items():
            regret = solver.regret(card, dice, rolls_left, action)
            assert regret == pytest.approx(values[best] - value) and regret >= 0
    with pytest.raises(IllegalMove):
        solver.regret(Scorecard(), (1, 2, 3, 4, 5), 2, (6,))
    with pytest.raises(IllegalMove):
        solver.regret(Scorecard(), (1, 2, 3, 4, 5), 0, (1,))


@pytest.mark.slow
def test_fill_chances(solvers):
    solver = solvers("penta")
    rng = random.Random(13)
    for _ in range(20):
        card = random_card(solver.rules, rng, rng.randint(0, 11))
        dice = random_dice(rng)
        for rolls_left in (0, 1, 2):
            chances = solver.fill_chances(card, dice, rolls_left)
            assert set(chances) == set(card.open_boxes)
            assert sum(chances.values()) == pytest.approx(1.0)
        best = solver.best_action(card, dice, 0)
        assert solver.fill_chances(card, dice, 0)[best] == 1.0
    # Brute force with one roll left: follow the best action.
    card = random_card(solver.rules, rng, 6)
    dice = (2, 3, 4, 6, 6)
    best = solver.best_action(card, dice, 1)
    expected = dict.fromkeys(card.open_boxes, 0.0)
    if isinstance(best, str):
        expected[best] = 1.0
    else:
        for rolled, p in outcomes(5 - len(best)).items():
            expected[solver.best_action(card, best + rolled, 0)] += float(p)
    got = solver.fill_chances(card, dice, 1)
    assert got == pytest.approx(expected)


@pytest.mark.parametrize(
    ("dice", "rolls_left"),
    [
        ((1, 2, 3, 4, 5), 3),
        ((1, 2, 3, 4, 5), -1),
        ((1, 2, 3, 4, 5), True),
        ((1, 2, 3, 4, 5), 1.0),
        ((1, 2, 3, 4), 1),
        ((1, 2, 3, 4, 7), 1),
        ("12345", 1),
        ((1, 2, 3, 4, 5.0), 1),
    ],
)
@pytest.mark.slow
def test_bad_input_is_refused(solvers, dice, rolls_left):
    solver = solvers("penta")
    with pytest.raises(IllegalMove):
        solver.option_values(Scorecard(), dice, rolls_left)


@pytest.mark.slow
def test_bad_cards_are_refused(solvers):
    solver = solvers("penta")
    full = Scorecard.from_filled({**dict.fromkeys(BOXES, 0), "chance": 20})
    with pytest.raises(IllegalMove):
        solver.option_values(full, (1, 2, 3, 4, 5), 0)
    with pytest.raises(IllegalMove):
        solver.option_values(Scorecard("official"), (1, 2, 3, 4, 5), 0)
    with pytest.raises(IllegalMove):
        solver.option_values({}, (1, 2, 3, 4, 5), 0)


# -- the optimal player ------------------------------------------------------------------


@pytest.mark.slow
def test_optimal_player_is_registered_and_plays_best(solvers):
    from dicelab.penta import players

    solver = solvers("penta")
    assert "optimal" in players.names()
    player = players.get("optimal")
    assert isinstance(player, OptimalPlayer)
    assert player.choose(Situation()) == ()
    rng = random.Random(19)
    for _ in range(20):
        card = random_card(solver.rules, rng, rng.randint(0, 12))
        dice, rolls_left = random_dice(rng), rng.randint(0, 2)
        action = player.choose(Situation(card, dice, rolls_left))
        assert action == solver.best_action(card, dice, rolls_left)


# -- simulation --------------------------------------------------------------------------


@pytest.mark.slow
def test_simulated_official_games_match_published_distribution(solvers):
    solver = solvers("official")
    result = simulate(10_000, seed=0, solver=solver)
    assert result.n == 10_000
    assert abs(result.mean - 254.59) < 0.5
    assert abs(result.std - 59.61) < 1.0
    assert abs(result.mean - solver.expected_score()) < 4 * result.std_error
    pct = result.percentiles()
    assert list(pct.values()) == sorted(pct.values())
    assert "10,000 games" in result.summary()


@pytest.mark.slow
def test_simulation_is_seeded(solvers):
    solver = solvers("penta")
    a = simulate(50, seed=42, solver=solver).scores
    b = simulate(50, seed=42, solver=solver).scores
    c = simulate(50, seed=43, solver=solver).scores
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    with pytest.raises(IllegalMove):
        simulate(-1, solver=solver)


# -- agreement with yatzy-solver ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(YATZY_VARIANT))
@pytest.mark.slow
def test_option_values_agree_with_yatzy_solver(solvers, name):
    ys = pytest.importorskip("yatzy_solver")
    variant = ys.Variant(YATZY_VARIANT[name])
    categories = variant.categories
    theirs = reference_solver(ys, name)
    solver = solvers(name)
    assert theirs.state_value("upper 0 | filled -") == pytest.approx(
        solver.expected_score(), abs=1e-9
    )
    rng = random.Random(f"yatzy-{name}")
    checked = 0
    for _ in range(100):
        card = random_card(solver.rules, rng, rng.randint(1, 11))
        dice, rolls_left = random_dice(rng), rng.randint(0, 2)
        ours = {
            yatzy_action(a): v - card.total
            for a, v in solver.option_values(card, dice, rolls_left).items()
        }
        situation = yatzy_situation(card, dice, rolls_left, categories)
        other = dict(theirs.option_values(situation))
        assert set(ours) == set(other)
        for action, value in ours.items():
            assert value == pytest.approx(other[action], abs=1e-9), (card, dice, action)
        checked += 1
    assert checked == 100


def test_docs_mention_every_preset():
    text = DOCS.read_text(encoding="utf-8")
    for name in PRESETS:
        assert re.search(rf"`{re.escape(name)}`", text)
    assert UPPER[0] and "python -m dicelab.penta.solver --build" in text
