"""The Review panel of the play apps and the two review apps, driven by simulated clicks.

The panel must list every decision the engine's review finds, mark the costliest in words
(not only in colour), show the engine's totals and proficiency, hold the engine's CSV and
Markdown in its download links, open on its own at the game's end (unless the teacher turned
that off), and review only the finished turns while a game goes on.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import unquote

import pytest

from dicelab import farkle, penta
from dicelab.errors import IllegalMove
from dicelab.farkle import Bank, Roll, SetAside
from dicelab.i18n import use_language
from dicelab.widgets.common.timer import ManualScheduler

pytestmark = pytest.mark.tables  # the reviews read the solvers' tables


def penta_app(**options):
    from dicelab.widgets.penta.app import PentaApp

    return PentaApp(
        players=["Ada"],
        computer=(),
        seed=7,
        auto_score=None,
        lang="en",
        animate=False,
        scheduler=ManualScheduler(),
        **options,
    )


def play_penta_round(app) -> None:
    """Roll, hold the first die, roll, score the first open box (a keep and a scoring)."""
    assert app.roll()
    assert app.hold(0)
    assert app.roll()
    assert app.score(next(iter(app.game.options())))


def farkle_app(**options):
    from dicelab.widgets.farkle.app import FarkleApp

    return FarkleApp(
        humans=["Ada"], target=5000, seed=4, speed=0, lang="en", animate=False, **options
    )


def play_farkle_turn(app) -> None:
    """Play the human's next move as the computer would, by the app's buttons."""
    move = app.game.computer_move()
    if isinstance(move, Roll):
        assert app.roll()
    elif isinstance(move, SetAside):
        assert app.set_aside(*move.positions)
    else:
        assert isinstance(move, Bank)
        assert app.bank()


def finish_farkle(app) -> None:
    for _ in range(2000):
        if app.game.is_over:
            return
        play_farkle_turn(app)
    raise AssertionError("the game did not end")


def rows(html: str) -> list[str]:
    return re.findall(r'<tr class="dl-review-row[^"]*">.*?</tr>(?=<tr class|</tbody>)', html)


def link(html: str, css: str) -> str:
    found = re.search(rf'<a class="{css}" download="[^"]+" href="data:[^,]+,([^"]*)"', html)
    assert found, html
    return unquote(found.group(1))


def check_against_engine(panel, expected) -> None:
    """Every decision listed, the costliest marked, totals and exports the engine's."""
    shown = panel.review
    assert shown is not None
    assert [d.situation for d in shown.decisions] == [d.situation for d in expected.decisions]
    assert shown.total_loss == pytest.approx(expected.total_loss, abs=1e-12)
    table = rows(panel.table_html)
    assert len(table) == len(expected.decisions)
    costly = expected.costliest(3)
    for rank, decision in enumerate(costly, start=1):
        row = table[expected.decisions.index(decision)]
        assert "dl-costliest" in row and f"costliest {rank}" in row  # in words, not only colour
        if decision.explanation is not None:
            assert unescape(str(decision.explanation)) in unescape(row)
    assert sum("costliest" in row for row in table) == len(costly)
    with use_language("en"):
        summary = str(expected.summary())
        assert link(panel.exports_html, "dl-review-csv") == expected.to_csv()
        assert link(panel.exports_html, "dl-review-markdown") == expected.to_markdown()
    assert summary in unescape(panel.summary_html)
    assert str(expected.proficiency) in panel.summary_html
    assert "<svg" in panel.plot_html and "<figcaption>" in panel.plot_html


# -- Penta ----------------------------------------------------------------------------------------


def test_penta_panel_opens_at_the_end_with_every_decision():
    app = penta_app()
    panel = app.review_panel
    assert not panel.is_open and panel.review is None  # closed and cheap during the game
    assert panel.button in app._body.children[0].children  # the toolbar's Review button
    for _ in range(13):
        play_penta_round(app)
    assert app.game.is_over
    assert panel.is_open and panel.button.value  # opened on its own
    check_against_engine(panel, penta.review(app.game, seat=0))
    assert len(panel.review.decisions) == 26  # 13 keeps, 13 scorings
    assert "Expected final score" in panel.plot_html


def test_the_teacher_turns_the_automatic_review_off():
    app = penta_app(auto_review=False)
    for _ in range(13):
        play_penta_round(app)
    assert app.game.is_over and not app.review_panel.is_open
    app.review_panel.button.value = True  # the learner presses Review
    assert app.review_panel.is_open
    check_against_engine(app.review_panel, penta.review(app.game, seat=0))


def test_auto_review_is_true_or_false():
    with pytest.raises(IllegalMove, match="auto_review is True or False"):
        penta_app(auto_review="no")


def test_during_the_game_the_panel_reviews_the_finished_turns():
    app = penta_app()
    panel = app.review_panel
    panel.button.value = True
    assert "No finished turn to review yet." in panel.summary_html
    assert app.roll() and app.hold(0) and app.roll()  # a keep, in a turn not finished
    assert panel.review is not None and panel.review.decisions == ()
    assert app.score(next(iter(app.game.options())))
    assert panel.review.decisions[0].kind == "keep"
    assert len(panel.review.decisions) == 2 and len(rows(panel.table_html)) == 2
    assert app.roll()  # a new turn under way: still the finished one only
    assert len(panel.review.decisions) == 2
    panel.button.value = False
    assert not panel.is_open and panel.review is None


def test_the_review_follows_the_language():
    app = penta_app()
    for _ in range(13):
        play_penta_round(app)
    app.set_language("fr")
    with use_language("fr"):
        assert str(app.review_panel.review.summary()) in unescape(app.review_panel.summary_html)
        assert link(app.review_panel.exports_html, "dl-review-csv").startswith("seat,player")


# -- Farkle ---------------------------------------------------------------------------------------


def test_farkle_panel_opens_at_the_end_by_the_chance_to_win():
    app = farkle_app()
    finish_farkle(app)
    panel = app.review_panel
    assert panel.is_open
    expected = farkle.review(app.game, seat=0, by="win")
    assert panel.review.measure == "win"
    check_against_engine(panel, expected)
    assert "Chance to win (%)" in panel.plot_html
    assert {d.player for d in panel.review.decisions} == {"Ada"}


def test_farkle_seat_picker_reviews_the_computer_too():
    app = farkle_app()
    finish_farkle(app)
    panel = app.review_panel
    panel._seat_pick.value = 1  # the dropdown
    check_against_engine(panel, farkle.review(app.game, seat=1, by="win"))


def test_farkle_teacher_switch_off():
    app = farkle_app(auto_review=False)
    finish_farkle(app)
    assert not app.review_panel.is_open


# -- the review apps ------------------------------------------------------------------------------


def test_penta_review_app_reviews_a_pasted_save():
    from dicelab.widgets.penta.review import PentaReviewApp

    game = penta.Game(("Ada", "Bob"), {1: "heuristic"}, seed=3)
    for _ in range(6):
        game.roll()
        game.score(next(iter(game.options())))
        while not game.is_over and game.current_player.is_computer:
            game.play_computer_step()
    app = PentaReviewApp(lang="en")
    assert "Choose a game to review." in app.review_panel.summary_html
    app._input.value = game.to_json()
    app._go.click()
    check_against_engine(app.review_panel, penta.review(game, seat=0))
    app.review_panel.pick_seat(1)
    check_against_engine(app.review_panel, penta.review(game, seat=1))


def test_penta_review_app_reads_a_notation_log_and_refuses_nonsense():
    from dicelab.widgets.penta.review import EXAMPLE_LOG, PentaReviewApp

    app = PentaReviewApp(example="log", lang="en")
    check_against_engine(app.review_panel, penta.review(EXAMPLE_LOG))
    before = app.review_panel.review
    assert not app.load("this is no game")
    assert app.notices and app.review_panel.review is before  # nothing changed
    assert not app.load("   ")
    assert "Paste a saved game or a notation log first." in app.notices
    assert not app.pick_example("nope")


@pytest.mark.parametrize("key", ["heuristic", "duel", "log"])
def test_penta_examples(key):
    from dicelab.widgets.penta.review import PentaReviewApp

    app = PentaReviewApp(lang="en")
    app._example_pick.value = key
    assert app.review_panel.review.decisions and not app.notices
    assert app._input.value  # its text is shown, as a learner would paste it


@pytest.mark.parametrize("key", ["duel", "bank", "solo"])
def test_farkle_examples(key):
    from dicelab.widgets.farkle.review import FarkleReviewApp

    app = FarkleReviewApp(lang="en")
    app._example_pick.value = key
    panel = app.review_panel
    assert panel.review.decisions and not app.notices
    game = app.game
    by = "win" if len(game.seats) == 2 else "points"
    check_against_engine(panel, farkle.review(game, seat=panel.seat, by=by))


def test_farkle_review_app_refuses_what_is_no_save():
    from dicelab.widgets.farkle.review import FarkleReviewApp

    app = FarkleReviewApp(example="bank", lang="en")
    before = app.review_panel.review
    assert not app.load("{not json")
    assert app.notices and app.review_panel.review is before


def test_the_panel_is_keyboard_operable_markup():
    from dicelab.widgets.penta.review import PentaReviewApp

    panel = PentaReviewApp(example="heuristic", lang="en").review_panel
    table = panel.table_html
    assert table.count("<details><summary>") == len(panel.review.decisions)  # Tab + Enter
    assert panel.exports_html.count(' href="data:') == 2  # links: focusable
    assert 'download="penta-review.csv"' in panel.exports_html
    assert 'role="img" aria-label="Dice: ' in table  # the dice in words too


def test_launch_starts_the_review_apps():
    from dicelab.widgets import launch

    assert type(launch("PentaReviewApp", lang="en")).__name__ == "PentaReviewApp"
    assert type(launch("FarkleReviewApp", lang="en")).__name__ == "FarkleReviewApp"


def _words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_review_speaks_words_not_notation_or_bare_numbers():
    """Issue 25, §5: no situation notation on screen, a best choice said in words (not
    "Loss 0.00"), each situation said as a learner would, the chances with "chance to win"."""
    from dicelab.widgets.farkle.review import FarkleReviewApp
    from dicelab.widgets.penta.review import PentaReviewApp

    farkle_panel = FarkleReviewApp(example="bank", lang="en").review_panel
    penta_panel = PentaReviewApp(example="heuristic", lang="en").review_panel
    for panel in (farkle_panel, penta_panel):
        text = _words(panel.table_html)
        for decision in panel.review.decisions:
            assert decision.situation not in unescape(panel.table_html)
        assert "| dice" not in text and "totals >" not in text and "rolls left" not in text
        losses = re.findall(r"<tr class=\"dl-review-row[^\"]*\">(.*?)</tr>", panel.table_html)
        assert losses and all(">0.00<" not in row for row in losses)
        assert "none: the best choice" in text
        assert "This was the best choice." in text
    farkle = _words(farkle_panel.table_html)
    assert (
        "Playing to 10,000: Ada has 8,000 points, the other player has 9,500. This turn so far: "
        "300 points, with 1 die left to roll." in farkle
    )
    assert "Bank: a 14.8% chance to win" in farkle and "1.32 percentage points" in farkle
    penta = _words(penta_panel.table_html)
    assert "Rolls left: 2. The card so far: 0 of 13 boxes filled, 0 points." in penta
    assert "roll 1" in penta


def test_a_review_of_only_best_choices_says_so_in_words():
    from dicelab.widgets.penta.review import PentaReviewApp

    log = "- | dice 1 3 3 3 6 | 0 rolls left => threes\n"
    panel = PentaReviewApp(game=log, lang="en").review_panel
    assert panel.review.decisions and all(d.is_best for d in panel.review.decisions)
    assert "none: every choice was the best" in _words(panel.summary_html)
