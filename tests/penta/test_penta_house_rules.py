"""House rules for Penta: the numbers a house changes, validated, scored by the engine, carried
by saves and the notation, hashed for the cache, and solved exactly (checked against a
plain-Python expectimax written here, independent of ``solver_tables``)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from dicelab import IllegalMove
from dicelab.cache import save_array
from dicelab.penta import solver_tables as st
from dicelab.penta.game import Game
from dicelab.penta.moments import Moments, moments_path
from dicelab.penta.notation import parse, rules_text
from dicelab.penta.players import HeuristicPlayer, OptimalPlayer
from dicelab.penta.review import Reviewer, review
from dicelab.penta.rules import (
    BOXES,
    FULL_HOUSE_POINTS,
    LOWER,
    PRESETS,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    Rules,
    raw_points,
    upper_bonus_points,
)
from dicelab.penta.save import from_json, to_json
from dicelab.penta.scorecard import Scorecard, possible_penta_bonuses, possible_points
from dicelab.penta.simulate import simulate
from dicelab.penta.situation import Situation
from dicelab.penta.solver import SOLVER_VERSION, Solver, table_path
from tests.penta_houses import HOUSES

DIGESTS = {
    "penta": "8975bfb03a",
    "official": "ca5578ac5c",
    "free-joker": "547f359618",
    "no-joker": "203f40c683",
    "no-bonus": "3ea30127f7",
}
"""The cache digests of the presets before houses existed: the cached tables stay valid."""


# -- the rule set ----------------------------------------------------------------------------


def test_preset_digests_and_cache_names_are_unchanged():
    for name, digest in DIGESTS.items():
        rules = Rules.preset(name)
        assert rules.digest == digest
        assert rules.changes() == {}
        assert table_path(rules, "/c").name == f"penta-{name}-{digest}-v{SOLVER_VERSION}.npy"
        assert (
            moments_path(rules, "/c").name
            == f"penta-moments-{name}-{digest}-v{SOLVER_VERSION}-m1.npy"
        )
    assert repr(Rules()) == (
        "Rules(name='penta', joker='forced-50', penta_bonus=True, upper_bonus=True)"
    )


def test_presets_keep_the_default_numbers():
    for rules in PRESETS.values():
        assert rules.upper_bonus_threshold == UPPER_BONUS_THRESHOLD == 63
        assert rules.upper_bonus_points == UPPER_BONUS == 35
        assert rules.full_house_points == FULL_HOUSE_POINTS == 25
        assert (rules.small_straight_points, rules.large_straight_points) == (30, 40)
        assert (rules.penta_points, rules.penta_bonus_points) == (50, 100)
        assert rules.five_full_house is False


def test_custom_changes_only_what_is_asked_and_differs_by_digest():
    house = Rules.custom("house", base="official", full_house_points=30)
    assert house.joker == "forced-any" and house.full_house_points == 30
    assert house.changes() == {"full_house_points": 30}
    assert house != Rules.custom("house", base="official")
    assert house.digest != Rules.custom("house", base="official").digest
    assert Rules.custom("house", upper_bonus_threshold=np.int64(70)).upper_bonus_threshold == 70
    assert type(Rules.custom("h", penta_points=np.int16(40)).penta_points) is int


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"upper_bonus_points": -35}, "upper_bonus_points is a whole number from 1 to 1,000"),
        ({"upper_bonus_threshold": 106}, "from 1 to 105"),
        ({"upper_bonus_threshold": 0}, "from 1 to 105"),
        ({"full_house_points": 27.5}, "not 27.5"),
        ({"full_house_points": 30.0}, "not 30.0"),
        ({"small_straight_points": True}, "not True"),
        ({"large_straight_points": "40"}, "not '40'"),
        ({"penta_points": 0}, "penta_points is a whole number from 1 to 1,000"),
        ({"penta_bonus_points": 10**30}, "a whole number of 31 digits"),
        ({"penta_bonus_points": None}, "not None"),
        ({"five_full_house": 1}, "five_full_house is true or false, not 1"),
        ({"upper_bonus": "yes"}, "upper_bonus is true or false"),
    ],
)
def test_nonsense_numbers_are_refused_with_what_is_allowed(changes, words):
    with pytest.raises(IllegalMove, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules.custom("house", **changes)
    with pytest.raises(ValueError):  # IllegalMove is a ValueError
        dataclasses.replace(Rules(), **changes)


def test_a_name_that_is_not_text_is_refused():
    """Rules(5) once reached the cache file name and the notation and raised a TypeError."""
    with pytest.raises(IllegalMove, match="The rules' name is text, not 5"):
        Rules(5)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="not None"):
        Rules.custom(None, full_house_points=30)  # type: ignore[arg-type]


def test_unknown_field_is_refused():
    with pytest.raises(IllegalMove, match="Unknown rule field bonus"):
        Rules.custom("house", bonus=50)


# -- the engine scores by the house ----------------------------------------------------------


def test_scorecard_scores_the_house_points():
    rules = HOUSES["fh30"]
    card = Scorecard(rules)
    options = card.options((2, 2, 5, 5, 5))
    assert options["full_house"] == 30
    assert card.options((1, 2, 3, 4, 6))["small_straight"] == 25
    assert card.options((2, 3, 4, 5, 6))["large_straight"] == 35
    assert card.score("full_house", (2, 2, 5, 5, 5)).total == 30
    assert str(card.explain((2, 2, 5, 5, 5))["full_house"]) == (
        "Three of one face and two of another: 30 points."
    )
    assert sorted(possible_points("full_house", rules)) == [0, 30]
    assert Scorecard.from_filled({"full_house": 30}, rules=rules).total == 30
    with pytest.raises(IllegalMove, match="cannot hold 25 points: it holds one of 0, 30"):
        Scorecard.from_filled({"full_house": 25}, rules=rules)


def test_joker_raises_to_the_house_points():
    rules = HOUSES["fh30"]  # official joker: forced whenever the Penta box is filled
    card = Scorecard.from_filled({"fours": 16, "penta": 0}, rules=rules)
    options = card.options((4, 4, 4, 4, 4))
    assert options["full_house"] == 30 and options["small_straight"] == 25
    assert options["large_straight"] == 35
    assert str(card.explain((4, 4, 4, 4, 4))["full_house"]) == "Full house by the joker rule: 30."


def test_five_equal_dice_as_a_full_house_and_penta_numbers():
    rules = HOUSES["five-full"]
    card = Scorecard(rules)
    options = card.options((3, 3, 3, 3, 3))
    assert options["full_house"] == 25 and options["penta"] == 40
    assert str(card.explain((3, 3, 3, 3, 3))["full_house"]) == (
        "Five equal dice count as a full house in these rules: 25 points."
    )
    assert raw_points("full_house", (3, 3, 3, 3, 3), rules) == 25
    assert raw_points("full_house", (3, 3, 3, 3, 3)) == 0  # the default rules: no
    card = card.score("penta", (3, 3, 3, 3, 3))
    assert card.bonus((6, 6, 6, 6, 6)) == 50
    after = card.score("sixes", (6, 6, 6, 6, 6))
    assert (after.penta_bonus, after.total) == (50, 40 + 30 + 50)
    assert possible_penta_bonuses(rules) == range(0, 650, 50)
    with pytest.raises(IllegalMove, match="needs 40 in the Penta box first"):
        Scorecard.from_filled({"penta": 0, "aces": 3}, penta_bonus=50, rules=rules)
    with pytest.raises(IllegalMove, match="a multiple of 50"):
        Scorecard.from_filled({"penta": 40, "aces": 3}, penta_bonus=100 - 25, rules=rules)


def test_upper_bonus_by_the_house_threshold_and_points():
    rules = HOUSES["bonus70"]
    card = Scorecard.from_filled({"sixes": 30, "fives": 25, "fours": 12}, rules=rules)  # 67
    assert card.upper_bonus == 0 and Scorecard.from_filled(card.filled).upper_bonus == 35
    reached = card.score("threes", (3, 3, 3, 1, 2))  # 76
    assert reached.upper_bonus == 50 and reached.total == 76 + 50
    assert upper_bonus_points(rules, np.array([69, 70])).tolist() == [0, 50]


def test_game_scores_by_the_house_and_replays_from_its_save():
    rules = HOUSES["fh30"]
    game = Game(("Ada", "Bob"), computer={0: "greedy", 1: "heuristic"}, rules=rules, seed=7)
    game.play_computer_turns()
    assert game.is_over
    for card in game.cards:
        assert card.rules == rules
        assert card.filled.get("full_house", 0) in (0, 30)
    events = [e for e in game.events if getattr(e, "box", None) == "full_house"]
    assert all(e.points in (0, 30) for e in events)
    text = to_json(game)
    assert json.loads(text)["rules"] == {
        "name": "fh30",
        "joker": "forced-any",
        "penta_bonus": True,
        "upper_bonus": True,
        "full_house_points": 30,
        "small_straight_points": 25,
        "large_straight_points": 35,
    }
    assert from_json(text) == game


# -- saves and notation ----------------------------------------------------------------------


def test_a_preset_save_is_byte_identical_and_a_house_save_reads_back():
    game = Game(("Ada",), seed=3)
    assert '"rules": {"name": "penta", "joker": "forced-50", "penta_bonus": true, ' in to_json(game)
    assert '"upper_bonus": true}' in to_json(game)
    for rules in HOUSES.values():
        house = Game(("Ada",), rules=rules, seed=3)
        house.roll()
        assert from_json(to_json(house)).rules == rules


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("full_house_points", -1, "full_house_points is a whole number from 0 to 1,000, not -1"),
        ("full_house_points", 2.5, "the rules' full_house_points must be a whole number"),
        ("upper_bonus_threshold", True, "the rules' upper_bonus_threshold must be a whole"),
        ("five_full_house", 1, "the rules' five_full_house must be true or false"),
        ("upper_bonus_threshold", 200, "from 1 to 105"),
        ("house_bonus", 3, "unknown field 'house_bonus' in rules"),
    ],
)
def test_a_save_with_bad_house_numbers_is_refused(field, value, words):
    data = json.loads(to_json(Game(("Ada",), rules=HOUSES["fh30"], seed=3)))
    data["rules"][field] = value
    with pytest.raises(IllegalMove, match="This is not a saved game: .*" + words):
        from_json(json.dumps(data))


def test_notation_carries_the_house_and_older_lines_read_as_before():
    old = "- | dice - | 3 rolls left | rules mine joker=free penta_bonus=on upper_bonus=off"
    assert str(parse(old)) == old
    assert parse(old).card.rules == Rules("mine", "free", True, False)
    for rules in HOUSES.values():
        card = Scorecard(rules)
        situation = Situation(card.score("chance", (1, 2, 3, 4, 6)), (2, 2, 5, 5, 5), 1)
        assert parse(str(situation)) == situation
    line = "fh=30 | dice - | 3 rolls left | " + rules_text(HOUSES["fh30"])
    assert parse(line).card.total == 30
    with pytest.raises(IllegalMove, match="Full house cannot hold 30 points"):
        parse("fh=30 | dice - | 3 rolls left")


@pytest.mark.parametrize(
    ("tail", "offset", "words"),
    [
        ("full_house_points=-3", 18, "expected a whole number"),
        ("full_house_points=2000", 18, "full_house_points is a whole number from 0 to 1,000"),
        ("upper_bonus_threshold=106", 22, "The upper bonus threshold is a whole number from 1"),
        ("five_full_house=yes", 16, "expected on or off"),
        ("bonus=5", 0, "unknown rule field 'bonus'"),
        ("penta_points=40 penta_points=40", 16, "the rule field penta_points is given twice"),
    ],
)
def test_notation_refuses_bad_house_fields_where_they_are(tail, offset, words):
    head = "- | dice - | 3 rolls left | rules h joker=none penta_bonus=on upper_bonus=on "
    with pytest.raises(IllegalMove, match=f"at character {len(head) + offset + 1}: {words}"):
        parse(head + tail)


# -- the solver ------------------------------------------------------------------------------


def test_a_house_name_never_escapes_the_cache_folder():
    """A name with '/' once named a file in another folder (the name went into the path)."""
    path = table_path(Rules.custom("../../etc/x", full_house_points=30), "/cache")
    assert path.parent == Path("/cache") and "/" not in path.name


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_renamed_preset_gives_the_same_end_of_game_table(preset):
    rules = PRESETS[preset]
    twin = Rules.custom("twin", base=rules)
    ours = st.build_table(rules, down_to=11)
    theirs = st.build_table(twin, down_to=11)
    assert np.array_equal(ours, theirs, equal_nan=True)


@pytest.mark.slow
@pytest.mark.tables
def test_a_renamed_preset_gives_the_preset_table_bit_for_bit():
    same = Rules.custom("house", base="official")
    table = Solver(same, cache=False).table
    assert np.array_equal(table, Solver("official").table, equal_nan=True)


def test_the_layout_follows_the_threshold():
    assert st.layout(PRESETS["penta"]) == st.Layout(63)
    assert st.layout(HOUSES["bonus70"]).n_states == (1 << 13) * 71 * 2
    assert st.layout(Rules.custom("h", upper_bonus=False)).cap == 0
    low = st.layer_states(HOUSES["five-full"])
    assert max(int(up.max()) for _, up, _ in low if len(up)) == 60


# -- the reference: a plain-Python expectimax over (scorecard, dice, rolls left) ---------------

ROLLS = list(itertools.combinations_with_replacement(range(1, 7), 5))


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted result of rolling ``n`` dice, with its probability (multinomial)."""
    result = []
    for dice in itertools.combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for count in Counter(dice).values():
            ways //= math.factorial(count)
        result.append((dice, ways / 6**n))
    return tuple(result)


@cache
def sub_keeps(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The distinct proper sub-multisets of sorted ``dice`` (the keeps of a re-roll)."""
    return tuple({keep for size in range(5) for keep in itertools.combinations(dice, size)})


@cache
def results(keep: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll that holding ``keep`` and re-rolling the other dice gives, with its chance."""
    return tuple((tuple(sorted(keep + rolled)), p) for rolled, p in outcomes(5 - len(keep)))


KEEPS = sorted({keep for roll in ROLLS for keep in sub_keeps(roll)})


class Reference:
    """The expected points still to come, by brute force over one rule set's scorecards.

    A turn: the best of scoring now (points and the bonuses the Scorecard gives, plus the
    value of the next card) and of keeping any sub-multiset and re-rolling the rest. Turn
    starts are memoised on what the future depends on: the open boxes, the upper total (all
    totals from the threshold on alike: the bonus is earned) and the Penta box."""

    def __init__(self) -> None:
        self.starts: dict[tuple, float] = {}

    def start(self, card: Scorecard) -> float:
        if card.is_complete:
            return 0.0
        upper = min(card.upper_total, card.rules.upper_bonus_threshold)
        key = (card.open_boxes, upper, card.points("penta"))
        if key not in self.starts:
            turn = Turn(self, card)
            self.starts[key] = sum(p * turn.rolls[2][dice] for dice, p in outcomes(5))
        return self.starts[key]


class Turn:
    """One turn on ``card``: ``rolls[left][dice]`` the value of a roll with ``left`` rolls
    left, ``keeps[left][keep]`` of holding ``keep`` and re-rolling with ``left`` rolls left."""

    def __init__(self, ref: Reference, card: Scorecard) -> None:
        self.ref, self.card = ref, card
        now = {dice: max(self.box(dice, box) for box in card.options(dice)) for dice in ROLLS}
        self.rolls = [now]
        self.keeps: list[dict[tuple[int, ...], float]] = [{}]
        for _left in (1, 2):
            before = self.rolls[-1]
            keeps = {k: sum(p * before[roll] for roll, p in results(k)) for k in KEEPS}
            self.keeps.append(keeps)
            self.rolls.append(
                {dice: max(now[dice], *(keeps[k] for k in sub_keeps(dice))) for dice in ROLLS}
            )

    def box(self, dice: tuple[int, ...], box: str) -> float:
        after = self.card.score(box, dice)
        return after.total - self.card.total + self.ref.start(after)

    def actions(self, dice: tuple[int, ...], left: int) -> dict:
        values: dict = {box: self.box(dice, box) for box in self.card.options(dice)}
        if left:
            values.update({k: self.keeps[left][k] for k in sub_keeps(dice)})
        return values


def random_card(
    rules: Rules, rng: random.Random, n_open: int, open_boxes: set[str] | None = None
) -> Scorecard:
    """A card with ``n_open`` open boxes (or these ``open_boxes``) and random legal points
    elsewhere (an upper total often near the threshold, the Penta box with its points or 0,
    bonuses it allows)."""
    if open_boxes is None:
        open_boxes = set(rng.sample(BOXES, n_open))
    filled = {}
    for box in BOXES:
        if box in open_boxes:
            continue
        if box in UPPER:
            face = UPPER.index(box) + 1
            filled[box] = face * rng.choice((2, 3, 3, 3, 4, 4, 5))
        else:
            filled[box] = rng.choice(sorted(possible_points(box, rules)))
    bonus = 0
    if rules.penta_bonus and filled.get("penta") == rules.penta_points:
        bonus = rules.penta_bonus_points * rng.randint(0, 2)
    return Scorecard.from_filled(filled, penta_bonus=bonus, rules=rules)


def situations(rules: Rules, n: int, seed: int) -> Iterator[tuple[Scorecard, tuple, int]]:
    """``n`` situations: three rolls (one of them often five equal dice: the joker and the
    bonus) on each of ``n / 3`` cards with 1 to 3 open boxes."""
    rng = random.Random(seed)
    for i in range(n):
        if i % 3 == 0:
            card = random_card(rules, rng, 1 + (i // 3) % 3)
        if i % 6 == 0:
            dice = (rng.randint(1, 6),) * 5
        else:
            dice = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        yield card, dice, rng.randint(0, 2)


def mid_game_card(rules: Rules, rng: random.Random) -> Scorecard:
    """A card at turn 8 of 13: six open boxes, one upper box (the upper total just below or
    above the threshold: the bonus is at stake) and five lower ones, Penta often among them."""
    open_boxes = {rng.choice(UPPER), *rng.sample(LOWER, 5)}
    return random_card(rules, rng, 0, open_boxes)


def mid_game_situations(rules: Rules, n: int, seed: int) -> Iterator[tuple[Scorecard, tuple, int]]:
    """``n`` situations: three rolls on each of ``n / 3`` cards reached from one mid-game
    card (:func:`mid_game_card`) by 0 to 3 random moves: 6 to 3 open boxes, so that the
    reference solves one game's middle once and every situation reads it."""
    rng = random.Random(seed)
    start = mid_game_card(rules, rng)
    for i in range(n):
        if i % 3 == 0:
            card = start
            for _ in range(rng.randint(0, 3)):
                roll = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
                card = card.score(rng.choice(sorted(card.options(roll))), roll)
        if i % 6 == 0:
            dice = (rng.randint(1, 6),) * 5
        else:
            dice = tuple(sorted(rng.randint(1, 6) for _ in range(5)))
        yield card, dice, rng.randint(0, 2)


def end_of_game_solver(rules: Rules, folder: Path, down_to: int = 10) -> Solver:
    """The solver of ``rules`` with a table solved for the states with at least ``down_to``
    filled boxes (the last three turns by default), through the cache: the states these
    tests ask about."""
    save_array(table_path(rules, folder), st.build_table(rules, down_to=down_to))
    return Solver(rules, directory=folder)


def check_against_reference(solver: Solver, ref: Reference, situations) -> int:
    """Assert the solver's values of each situation (the turn start's, and every action's)
    equal the reference's to 1e-9; the number of situations checked."""
    checked = 0
    for card, dice, left in situations:
        assert solver.state_value(card) == pytest.approx(ref.start(card), abs=1e-9)
        expected = Turn(ref, card).actions(dice, left)
        got = solver.option_values(card, dice, left)
        assert set(got) == set(expected)
        for action, value in expected.items():
            assert got[action] - card.total == pytest.approx(value, abs=1e-9), (card, action)
        checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOUSES))
def test_the_solver_agrees_with_the_reference_recursion(name, tmp_path):
    """216 situations at the end of a game (1 to 3 open boxes) over the three houses, and
    201 in the middle of a game (6 to 3 open boxes) for each."""
    rules = HOUSES[name]
    solver = end_of_game_solver(rules, tmp_path, down_to=7)
    ref = Reference()
    assert check_against_reference(solver, ref, situations(rules, 72, seed=len(name))) == 72
    middle = mid_game_situations(rules, 201, seed=len(name))
    assert check_against_reference(solver, ref, middle) == 201
    assert len(ref.starts) > 100  # the middle of a game: many turn starts below each card


def test_the_optimal_player_and_the_advisor_follow_the_house(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = HOUSES["fh30"]
    end_of_game_solver(rules, tmp_path)
    least = {box: min(possible_points(box, rules)) for box in BOXES}
    card = Scorecard.from_filled(
        {box: least[box] for box in BOXES if box not in ("full_house", "chance")}, rules=rules
    )
    situation = Situation(card, (2, 2, 5, 5, 5), 0)
    assert OptimalPlayer().choose(situation) == "full_house"
    values = Solver(rules).option_values(card, (2, 2, 5, 5, 5), 0)
    assert values["full_house"] == pytest.approx(
        30 + Reference().start(card.score("full_house", (2, 2, 5, 5, 5)))
    )
    last = Scorecard.from_filled(
        {box: least[box] for box in BOXES if box != "full_house"}, rules=rules
    )
    sds = Moments(rules).option_sds(last, (2, 2, 5, 5, 6), 1)
    p = sum(p for rolled, p in outcomes(1) if rolled in ((2,), (5,)))  # a full house: 1/3
    assert sds[(2, 2, 5, 5)] == pytest.approx(30 * math.sqrt(p * (1 - p)))


def test_the_heuristic_player_reads_the_house_upper_bonus():
    house = HOUSES["bonus70"]
    filled = {"sixes": 24, "fives": 20, "fours": 12}  # 56
    official = Scorecard.from_filled(filled)
    card = Scorecard.from_filled(filled, rules=house)
    player = HeuristicPlayer()
    # threes 9 reaches 63: +35 by default, nothing here; threes 15 reaches 71: +50 here
    assert player.value(official, "threes", 9) - player.value(official, "threes", 6) > 35
    assert player.value(card, "threes", 9) - player.value(card, "threes", 6) < 10
    assert player.value(card, "threes", 15) - player.value(card, "threes", 9) > 50


@pytest.mark.slow
def test_a_whole_house_game_with_the_optimal_computer(tmp_path, monkeypatch):
    """A full solve of a house with another table layout (threshold 70): its expected score,
    a simulation beside it, a game the optimal computer plays, and the moments."""
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = HOUSES["bonus70"]
    solver = Solver(rules)
    exact = solver.expected_score()
    assert 230 < exact < 260
    assert solver.path.exists() and solver.path.parent == tmp_path
    assert Solver(rules).table.shape == (st.layout(rules).n_states,)  # read back
    result = simulate(2000, rules, seed=3, solver=solver)
    assert abs(result.mean - exact) < 4 * result.std_error
    sd = Moments(solver).start_sd()  # the review's standard deviations, same layout
    assert abs(result.std - sd) < 4 * sd / math.sqrt(2 * result.n)
    game = Game(("Ada", "Computer"), computer={0: "heuristic", 1: "optimal"}, rules=rules, seed=5)
    game.play_computer_turns()
    assert game.is_over and from_json(to_json(game)) == game
    for card in game.cards:
        assert card.upper_bonus == (50 if card.upper_total >= 70 else 0)
    reviewed = review(game, 1, reviewer=Reviewer(solver=solver))  # the optimal seat: no loss
    assert len(reviewed.decisions) >= 13 and max(d.loss for d in reviewed.decisions) < 1e-9
