"""The apps and lessons in a real browser, as a learner uses them: Voilà serving ``notebooks/``
and Debian's Chromium clicking.

One Voilà server for the session (``voila_url``); one page per test. Every test checks that the
page shows no error output (no stderr output, no Voilà error text, no widget error card, no
JavaScript error) and saves a screenshot in ``test-artifacts/``. The dice are read from the
page (the dice buttons' text, e.g. "4" or "4, held"), and the scores the page shows are
compared with what the engine computes for those dice.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dicelab.farkle import is_farkle, set_aside_options
from dicelab.farkle import score as farkle_score
from dicelab.i18n import format_number, translate
from dicelab.lessons import farkle_rules, penta_rules
from dicelab.penta import BOXES, Scorecard
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow]


READY = {
    # The first control a learner presses in each app.
    "penta_play.ipynb": ".dl-roll:not([disabled])",
    "penta_scoring.ipynb": ".dl-die:not([disabled])",
    "farkle_play.ipynb": ".dl-roll:not([disabled])",
    "farkle_risk.ipynb": ".dl-preset select:not([disabled])",
}
SHOWN = {
    # What an app draws once it has computed its first view.
    "penta_scoring.ipynb": ".dl-results",
    "farkle_risk.ipynb": "img.dl-plot-farkle[src]",
}
STDERR = '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_TEXTS = (
    "There was an error when executing cell",
    "Traceback (most recent call last)",
    "Something went wrong",
    "Kernel died",
)


def roll(page) -> None:
    """Press Roll and wait until the game's situation line (the engine's notation) changes."""
    before = page.locator(".dl-situation").inner_text()
    page.click(".dl-roll")
    page.wait_for_function(
        "before => (document.querySelector('.dl-situation')?.innerText ?? '') !== before",
        arg=before,
        timeout=STEP,
    )
    wait_for_settled_dice(page)


def wait_for_settled_dice(page) -> None:
    """Wait until the dice have stopped tumbling. The apps start the tumble before they draw
    the new state, so once the situation line has changed, a die that reads its face ("4",
    "4, held") has landed."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.dl-die')].every(
            d => /^[1-6](, .+)?$/.test(d.innerText.trim()))""",
        timeout=STEP,
    )


def open_page(page, voila_url: str, notebook: str, query: str = "") -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}{query}", timeout=LOAD)


def wait_ready(page, selector: str) -> None:
    """Wait until ``selector`` shows, or fail at once if the page shows an error instead."""
    page.wait_for_function(
        """([selector, errors]) => {
            if (document.querySelector(selector)) return true;
            const text = document.body ? document.body.innerText : '';
            return errors.some(error => text.includes(error));
        }""",
        arg=[selector, list(ERROR_TEXTS)],
        timeout=LOAD,
    )
    assert_clean(page)


def assert_clean(page) -> None:
    """No error output of any kind on the page."""
    assert page.locator(STDERR).count() == 0, page.locator(STDERR).all_inner_texts()
    assert page.locator(".dl-card-error").count() == 0, page.locator(
        ".dl-card-error"
    ).all_inner_texts()
    text = page.inner_text("body")
    for error in ERROR_TEXTS:
        assert error not in text
    assert page.errors == []


def shoot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def dice_on_page(page, count: int, or_text: str | None = None) -> list[tuple[int, str]]:
    """The dice buttons' faces and states ("held", "set aside"...) once they have stopped
    tumbling (a rolling die is disabled) and can be pressed again; or, with ``or_text``, as
    soon as that text shows (e.g. a turn lost, when no die can be pressed)."""
    page.wait_for_function(
        """([count, orText]) => {
            const dice = [...document.querySelectorAll('.dl-die')].slice(0, count);
            const face = /^[1-6](, .+)?$/;
            if (dice.length !== count || !dice.every(d => face.test(d.innerText.trim()))) {
                return false;
            }
            const free = dice.filter(d => !d.innerText.includes(','));
            if (free.length && free.every(d => !d.disabled)) return true;
            return orText !== null && document.body.innerText.includes(orText);
        }""",
        arg=[count, or_text],
        timeout=STEP,
    )
    buttons = page.locator(".dl-die")
    found = []
    for i in range(count):
        text = buttons.nth(i).inner_text().strip()
        face, _, state = text.partition(", ")
        found.append((int(face), state))
    return found


# -- the tree and the start page ------------------------------------------------------------------


# The folder's page (Voilà's tree) is dicelab's start page: tests/browser/test_start_page.py.


# -- Penta: roll, hold two dice, roll, pick a box, validate ----------------------------------------


def test_penta_turn_by_clicking_scores_what_the_engine_says(page, voila_url, artifacts):
    # Start from the start page and follow its relative link, as a learner does (outputs'
    # links open a new tab in Voilà).
    open_page(page, voila_url, "00_start_here.ipynb")
    with page.context.expect_page(timeout=LOAD) as opened:
        page.get_by_role("link", name="Play Penta", exact=True).click(timeout=LOAD)
    start, page = page, opened.value
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    assert re.search(r"/voila/render/penta_play\.ipynb$", page.url), page.url
    assert start.errors == []
    wait_ready(page, READY["penta_play.ipynb"])

    roll(page)
    first = dice_on_page(page, 5)
    assert all(state == "" for _, state in first)
    page.click(".dl-die-0")
    page.wait_for_function(
        "() => (document.querySelector('.dl-die-0')?.innerText ?? '').includes(',')", timeout=STEP
    )
    page.click(".dl-die-1")
    page.wait_for_function(
        "() => (document.querySelector('.dl-die-1')?.innerText ?? '').includes(',')", timeout=STEP
    )
    held = dice_on_page(page, 5)
    assert [face for face, _ in held[:2]] == [face for face, _ in first[:2]]
    assert held[0][1] and held[1][1] and not held[2][1]  # "held", in the page's words

    roll(page)
    dice = [face for face, _ in dice_on_page(page, 5)]
    assert dice[:2] == [face for face, _ in first[:2]]  # held dice stayed

    options = Scorecard().options(dice)
    box = max(options, key=lambda name: options[name])
    cell = page.locator(f".dl-box-{box}.dl-seat-0")
    preview = "+" + format_number(options[box], "en")
    page.wait_for_function(  # the cells may be drawn a moment after the dice
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').trim() === text",
        arg=[f".dl-box-{box}.dl-seat-0", preview],
        timeout=STEP,
    )
    assert cell.inner_text().strip() == preview
    cell.click()
    page.wait_for_function(
        "sel => (document.querySelector(sel)?.innerText ?? '').includes('selected')",
        arg=f".dl-box-{box}.dl-seat-0",
        timeout=STEP,
    )
    page.click(".dl-validate")
    card = Scorecard().score(box, dice)
    page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel)?.innerText ?? '').trim() === text",
        arg=[f".dl-box-{box}.dl-seat-0", format_number(card.filled[box], "en")],
        timeout=STEP,
    )
    shoot(page, artifacts, "penta_play")
    # The turn has passed: Player 1's other boxes are open again and show no points.
    shown = {name: page.locator(f".dl-box-{name}.dl-seat-0").inner_text().strip() for name in BOXES}
    expected = {
        name: format_number(card.filled[name], "en") if name in card.filled else ""
        for name in BOXES
    }
    assert shown == expected

    # Undo: back to the choice before "Validate turn" (and before the computer's moves since),
    # the box a button again that previews the same points; one element per cell throughout.
    page.click(".dl-undo")
    page.wait_for_function(
        "([sel, text]) => document.querySelector('button' + sel)?.innerText.trim() === text",
        arg=[f".dl-box-{box}.dl-seat-0", "+" + format_number(options[box], "en")],
        timeout=STEP,
    )
    assert all(page.locator(f".dl-box-{name}.dl-seat-0").count() == 1 for name in BOXES)
    assert [face for face, _ in dice_on_page(page, 5)] == dice  # the same roll, not a new one
    shoot(page, artifacts, "penta_play_undo")
    assert_clean(page)


# -- Farkle: roll, set aside, bank ----------------------------------------------------------------


def _farkle_total(page) -> str:
    return page.locator(".dl-totals > *").first.inner_text()


def test_farkle_turn_by_clicking_banks_what_the_engine_says(page, voila_url, artifacts):
    open_page(page, voila_url, "farkle_play.ipynb")
    for _attempt in range(3):  # a first roll farkles 2.3% of the time: then wait for our turn
        wait_ready(page, READY["farkle_play.ipynb"])
        roll(page)
        thrown = [face for face, _ in dice_on_page(page, 6, or_text="Turn lost!")]
        if not is_farkle(thrown):
            break
        page.get_by_text("Turn lost!").first.wait_for(timeout=STEP)
    else:
        pytest.fail("three farkles in a row")

    options = set_aside_options(thrown)
    chosen = max(options, key=lambda dice: (options[dice], -len(dice)))
    positions, free = [], list(enumerate(thrown))
    for face in chosen:
        index = next(i for i, (_, f) in enumerate(free) if f == face)
        positions.append(free.pop(index)[0])
    for position in positions:
        page.click(f".dl-die-{position}")
        page.wait_for_function(
            "i => (document.querySelector('.dl-die-' + i)?.innerText ?? '').includes(',')",
            arg=position,
            timeout=STEP,
        )
    points = farkle_score(chosen)
    expected = format_number(points, "en")
    # the Bank button, the turn's points and the set-aside line are three widgets, each
    # redrawn by its own message: all three are waited for (the button alone once came
    # first, with "Turn points: 100" still drawn for the 150 of the click before)
    page.wait_for_function(
        """text => ['.dl-bank', '.dl-turn-points', '.dl-set-aside'].every(
            selector => (document.querySelector(selector)?.innerText ?? '').includes(text))""",
        arg=expected,
        timeout=STEP,
    )
    assert expected in page.locator(".dl-turn-points").inner_text()
    aside = " ".join(map(str, sorted(chosen)))
    assert page.locator(".dl-set-aside").inner_text().strip() == (
        f"Set aside this turn: {aside} = {expected}"
    )
    page.click(".dl-bank")
    page.wait_for_function(
        "text => (document.querySelector('.dl-totals')?.innerText ?? '')"
        ".split('\\n')[0].includes(text)",
        arg=f"{expected} of",
        timeout=STEP,
    )
    assert _farkle_total(page).count(expected) >= 1
    shoot(page, artifacts, "farkle_play")
    assert_clean(page)


# -- the other apps open cleanly ------------------------------------------------------------------


@pytest.mark.parametrize("notebook", ["penta_scoring.ipynb", "farkle_risk.ipynb"])
def test_app_opens_ready_to_use(page, voila_url, artifacts, notebook):
    open_page(page, voila_url, notebook)
    wait_ready(page, READY[notebook])
    page.locator(SHOWN[notebook]).first.wait_for(timeout=LOAD)
    page.wait_for_timeout(300)
    shoot(page, artifacts, notebook.removesuffix(".ipynb"))
    assert_clean(page)


# -- the rules notebooks render, every card in order ---------------------------------------------


@pytest.mark.parametrize(
    ("notebook", "book"), [("penta_rules.ipynb", penta_rules), ("farkle_rules.ipynb", farkle_rules)]
)
def test_rules_notebook_renders_every_card(page, voila_url, artifacts, notebook, book):
    rules = book()
    open_page(page, voila_url, notebook)
    last = f"{len(rules)}. {rules[-1].title.render('en')}"
    page.get_by_role("heading", name=last).wait_for(timeout=LOAD)
    text = page.inner_text("body")
    positions = [text.find(f"{rule.number}. {rule.title.render('en')}\n") for rule in rules]
    assert -1 not in positions and positions == sorted(positions)
    page.wait_for_function(
        f"document.querySelectorAll('.dl-prediction').length === {len(rules)}", timeout=LOAD
    )
    questions = page.locator(".dl-prediction")
    assert questions.count() == len(rules)  # every card's question, its answer not yet shown
    exercise = rules[0].exercise
    verdict = translate("Right!", "en")
    assert verdict not in questions.first.inner_text()
    questions.first.locator("input[type=text]").fill(exercise.written(exercise.answer(), "en"))
    questions.first.locator("button.dl-check").click()
    questions.first.get_by_text(verdict).wait_for(state="visible", timeout=STEP)
    shoot(page, artifacts, notebook.removesuffix(".ipynb"))
    assert_clean(page)
