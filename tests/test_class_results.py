"""A class's results read from many codes: good and bad lines, names, sorting, the costliest
situation, the optimal comparisons and the CSV (dicelab.classroom.results)."""

from __future__ import annotations

import csv
import io

import pytest

from dicelab import IllegalMove
from dicelab.classroom.codes import read_result_code, result_code
from dicelab.classroom.results import (
    ClassResults,
    example_codes,
    missing_tables,
    optimal_farkle_turn,
    optimal_penta_score,
    read_class,
    split_line,
)
from dicelab.farkle import Game as Farkle
from dicelab.penta import Game as Penta

pytestmark = pytest.mark.tables  # reviews and the optimal player read the solvers' tables


@pytest.fixture(scope="module")
def penta_codes() -> list[tuple[str, str]]:
    return example_codes(8)


@pytest.fixture(scope="module")
def penta_class(penta_codes) -> ClassResults:
    return read_class("\n".join(f"{name}: {code}" for name, code in penta_codes))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ada: P1-ABC", ("Ada", "P1-ABC")),
        ("Ada,P1-ABC", ("Ada", "P1-ABC")),
        ("  Ada Lovelace ;  P1-ABC  ", ("Ada Lovelace", "P1-ABC")),
        ("Ada\tP1-ABC", ("Ada", "P1-ABC")),
        ('"10:04","Bea",P1-ABC', ("Bea", "P1-ABC")),
        ("P1-ABC", (None, "P1-ABC")),
        (": P1-ABC", (None, "P1-ABC")),
    ],
)
def test_a_line_is_a_name_and_a_code(line, expected):
    assert split_line(line) == expected


def test_good_codes_are_read_with_their_names_in_order(penta_class, penta_codes):
    assert [r.name for r in penta_class.results] == [name for name, _ in penta_codes]
    assert [r.line for r in penta_class.results] == list(range(1, 9))
    assert penta_class.refusals == ()
    for result, (_, code) in zip(penta_class.results, penta_codes, strict=True):
        game = read_result_code(code)
        assert result.game == game and result.score == game.totals[0]
        assert result.finished and result.turns == 13 and result.kind == "penta"
        assert result.decisions == len(result.review.decisions) > 0
        assert result.mean_loss == pytest.approx(result.review.total_loss / result.decisions)


def test_bad_lines_are_refused_with_the_reason_and_the_rest_still_count(penta_codes):
    name, code = penta_codes[0]
    typo = code[:-3] + ("0" if code[-3] != "0" else "1") + code[-2:]
    text = "\n".join(
        [
            "name,code",  # a spreadsheet's header: skipped
            f"{name}: {code}",
            "",
            "   ",
            f"Bea: {typo}",
            "Cai: hello",
            f"  {penta_codes[1][1]}  ",
        ]
    )
    results = read_class(text)
    assert [(r.line, r.name) for r in results.results] == [(2, name), (7, None)]
    assert [(r.line, r.name) for r in results.refusals] == [(5, "Bea"), (6, "Cai")]
    with pytest.raises(IllegalMove) as typo_error:
        read_result_code(typo)
    assert results.refusals[0].reason == typo_error.value.message
    assert "not a result code" in str(results.refusals[1].reason)
    assert str(results.summary()) == "2 codes read, 2 refused."
    assert str(results.results[1].label()) == "line 7"


def test_a_game_of_the_computer_alone_and_a_code_of_the_other_game_are_refused(penta_codes):
    alone = Penta(("Cpu",), {0: "heuristic"}, seed=3, duplicate=True)
    alone.play_computer_turns()
    farkle = Farkle(("Ada",), seed=3, duplicate=True, target=5000)
    farkle.roll()
    text = f"{penta_codes[0][1]}\nX: {result_code(alone)}\nY: {result_code(farkle)}"
    results = read_class(text)
    assert len(results.results) == 1
    reasons = [str(r.reason) for r in results.refusals]
    assert "computer alone" in reasons[0]
    assert "Farkle code" in reasons[1]


def test_odd_input_is_refused_cleanly():
    for text in (None, 42, ["P1-ABC"]):
        with pytest.raises(IllegalMove):
            read_class(text)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        read_class("P1-ABC\n" * 1001)
    assert read_class(b"\xef\xbb\xbfP1-X0\n").refusals[0].line == 1  # a file with a BOM
    assert read_class("").results == ()


def test_sorting(penta_class):
    by_score = penta_class.sorted_by("score")
    assert [r.score for r in by_score] == sorted((r.score for r in by_score), reverse=True)
    ascending = penta_class.sorted_by("score", descending=False)
    assert [r.score for r in ascending] == sorted(r.score for r in ascending)
    names = [r.name for r in penta_class.sorted_by("name", descending=False)]
    assert names == sorted(names, key=str.casefold)
    losses = [r.mean_loss for r in penta_class.sorted_by("mean_loss", descending=False)]
    assert losses == sorted(losses)
    assert [r.line for r in penta_class.sorted_by("line", descending=False)] == list(range(1, 9))
    with pytest.raises(IllegalMove, match="sorted by one of"):
        penta_class.sorted_by("height")


def test_ties_keep_the_pasted_order_and_lines_without_names_sort_last(penta_codes):
    code = penta_codes[0][1]
    results = read_class(f"{code}\nZoe: {code}\nAda: {code}")
    assert [r.line for r in results.sorted_by("score")] == [1, 2, 3]
    assert [r.name for r in results.sorted_by("name", descending=False)] == ["Ada", "Zoe", None]


def test_the_optimal_comparison_is_the_optimal_player_on_the_same_duplicate_dice(penta_class):
    optimal = Penta(("Opt",), {0: "optimal"}, seed=42, duplicate=True)
    optimal.play_computer_turns()
    for result in penta_class.results:
        assert result.optimal == optimal.totals[0] == optimal_penta_score("penta", 42)
        assert result.difference == result.score - result.optimal
    ordinary = Penta(("Ada",), seed=42)
    ordinary.roll()
    assert read_class(result_code(ordinary)).results[0].optimal is None  # not the same dice


def test_the_distribution_of_optimal_scores(penta_class):
    scores = penta_class.optimal_distribution()
    assert scores is not None and len(scores) == 4000
    assert 250 < scores.mean() < 260 and 55 < scores.std() < 65  # exact: 254.48, 59.72


def test_the_costliest_situation_is_the_largest_total_loss_at_the_same_dice(penta_class):
    case = penta_class.costliest()
    assert case is not None and case.game == "penta"
    groups: dict = {}
    for result in penta_class.results:
        for d in result.review.decisions:
            dice = d.situation.split(" | ")[1]
            key = (d.round, d.roll, tuple(sorted(dice.split()[1:])))
            groups[key] = groups.get(key, 0.0) + d.loss
    assert case.total_loss == pytest.approx(max(groups.values()))
    assert groups[(case.round, case.roll, tuple(sorted(map(str, case.dice))))] == pytest.approx(
        case.total_loss
    )
    assert case.learners == sum(c.count for c in case.choices) <= len(penta_class.results)
    assert sum(c.loss for c in case.choices) == pytest.approx(case.total_loss)
    assert [c.count for c in case.choices] == sorted((c.count for c in case.choices), reverse=True)
    assert case.mean_loss == pytest.approx(case.total_loss / case.learners)


def test_no_loss_means_no_situation_to_discuss():
    optimal = Penta(("Ada",), seed=5, duplicate=True)
    while not optimal.is_over:  # the optimal player's choices on a human seat
        action = optimal.computer_choice("optimal")
        if isinstance(action, str):
            optimal.score(action)
        elif optimal.dice is not None and set(optimal.held) != _positions(optimal, action):
            optimal.hold(_positions(optimal, action))
        else:
            optimal.roll()
    results = read_class(result_code(optimal))
    assert results.results[0].review.total_loss == 0
    assert results.costliest() is None


def _positions(game, keep):
    from dicelab.penta.players import keep_positions

    return set(keep_positions(game.dice, keep, game.held))


def test_csv_has_a_header_and_one_row_per_learner_in_the_order_asked(penta_class):
    rows = list(csv.DictReader(io.StringIO(penta_class.to_csv("score", descending=True))))
    assert list(rows[0]) == list(ClassResults.COLUMNS)
    assert len(rows) == len(penta_class.results)
    assert [int(r["score"]) for r in rows] == [r.score for r in penta_class.sorted_by("score")]
    first = penta_class.sorted_by("score")[0]
    assert rows[0]["name"] == first.name and rows[0]["code"] == first.code
    assert rows[0]["optimal"] == str(first.optimal) and rows[0]["duplicate"] == "yes"
    assert rows[0]["won"] == "" and rows[0]["computer"] == ""  # alone: no computer, no winner
    assert float(rows[0]["mean_loss"]) == pytest.approx(first.mean_loss, abs=1e-4)


def test_farkle_against_the_computer_and_the_optimal_turn_on_the_same_dice():
    codes = example_codes(4, game="farkle")
    results = read_class("\n".join(f"{n}, {c}" for n, c in codes))
    assert results.game == "farkle" and len(results.results) == 4
    for result in results.results:
        game = result.game
        assert result.rival == game.totals[1]  # the computer's seat
        assert result.won == (0 in game.winners)
        turns = sum(1 for e in game.events if e.ends_turn and e.seat == 0)
        assert result.turns == turns
        assert result.optimal == sum(
            optimal_farkle_turn(game.rules, game.seed, t) for t in range(1, turns + 1)
        )
    case = results.costliest()
    assert case is not None and case.game == "farkle" and case.points is not None
    assert case.kind in ("set_aside", "bank_or_roll")


def test_the_optimal_turn_on_duplicate_dice_plays_the_games_dice():
    from dicelab.farkle.risk import optimal_turn

    policy = optimal_turn()
    game = Farkle(("Opt",), False, seed=9, duplicate=True, target=15000)
    banked = []
    while len(banked) < 6:  # six turns played by the optimal turn in the engine
        if game.roll().turn_lost:
            banked.append(0)
            continue
        choice = policy.best_set_aside(game.last_roll, game.situation.turn.points)
        game.set_aside(choice.dice)
        points = game.situation.turn.points
        if policy.should_bank(points, choice.dice_left):
            game.bank()
            banked.append(points)
    assert banked == [optimal_farkle_turn("standard", 9, t) for t in range(1, 7)]
    assert any(banked) and not all(banked)  # some banked, some farkled


def test_the_class_review_has_the_same_losses_as_the_full_review(penta_class):
    from dicelab.penta.review import review

    for result in penta_class.results[:3]:
        full = review(result.game, result.seat)
        assert [d.loss for d in result.review.decisions] == [d.loss for d in full.decisions]
        assert [d.choice for d in result.review.decisions] == [d.choice for d in full.decisions]
        assert all(d.choice_sd is None for d in result.review.decisions)
        assert any(d.choice_sd is not None for d in full.decisions)


def test_missing_tables_names_the_rules_whose_solver_table_is_not_cached(
    penta_codes, tmp_path, monkeypatch
):
    text = f"Ada: {penta_codes[0][1]}\nBea: P1-X0"
    assert missing_tables(text) == ()  # the tables are cached
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))  # an empty cache
    assert missing_tables(text) == ("penta",)
    assert missing_tables("Bea: P1-X0") == ()  # nothing readable: nothing to build


@pytest.mark.parametrize(
    "call",
    [
        lambda r: r.sorted_by(["score"]),
        lambda r: r.sorted_by(None),
        lambda r: example_codes(-1),
        lambda r: example_codes(2.5),
        lambda r: example_codes(2, seed=-1),
        lambda r: example_codes(2, game="yahtzee"),
        lambda r: example_codes(2, game=["penta"]),
    ],
)
def test_odd_arguments_are_refused_with_illegal_move(call, penta_class):
    with pytest.raises(IllegalMove):
        call(penta_class)


def test_situations_of_different_seeds_are_never_one_group():
    codes = [code for _, code in example_codes(3, seed=42) + example_codes(3, seed=43)]
    results = read_class("\n".join(codes))
    case = results.costliest()
    assert case is not None
    names = {str(learner) for choice in case.choices for learner in choice.learners}
    assert len({r.game.seed for r in results.results if str(r.label()) in names}) == 1


def test_a_class_against_the_computer_has_the_computers_total_and_who_won():
    results = read_class("\n".join(code for _, code in example_codes(3, computer=True)))
    for result in results.results:
        assert result.rival == result.game.totals[1]
        assert result.won == (0 in result.game.winners)
    rows = list(csv.DictReader(io.StringIO(results.to_csv())))
    assert {row["won"] for row in rows} <= {"yes", "no"} and all(row["computer"] for row in rows)
