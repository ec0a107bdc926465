"""A whole game of Penta (every box) and of Farkle (to the end) played with the keyboard only:
Tab to a control, Enter or Space to press it, arrow keys in a drop-down. No mouse click.

What a screen reader hears is checked on the way: the dice in words once they land (a live
line), the notices, the status and the computer's moves in live regions, the state of a held
or chosen die in the die's own text. The computer plays at the "Instant" speed, set in the New
game panel with the keyboard too, so that a game takes seconds of waiting, not minutes.
"""

from __future__ import annotations

import pytest

from dicelab.farkle import is_farkle, set_aside_options
from tests.browser.axe import axe_source, run_axe, wait_drawn
from tests.browser.test_apps import assert_clean, shoot
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LIVE = ".dl-notice, .dl-status, .dl-computer-log, .dl-end, .dl-dice-said"


def focused(page, predicate: str) -> bool:
    return page.evaluate(
        f"() => {{ const e = document.activeElement; return !!e && ({predicate}); }}"
    )


def tab_until(page, predicate: str, most: int = 120) -> None:
    """Press Tab until the focused element ``e`` makes ``predicate`` (JavaScript) true."""
    for _ in range(most):
        if focused(page, predicate):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"no element with {predicate} took the focus in {most} presses of Tab")


def tab_to(page, selector: str) -> None:
    tab_until(page, f"e.matches({selector!r})")


def pick_speed_instant(page) -> None:
    """In the open New game panel: the computer's speed to Instant (arrow keys)."""
    tab_until(
        page,
        "e.tagName === 'SELECT' && [...e.options].some(o => o.textContent.trim() === 'Instant')",
    )
    for _ in range(4):  # Instant is the first choice
        page.keyboard.press("ArrowUp")
    page.wait_for_function(
        "() => [...document.querySelectorAll('select')].some(s => "
        "s.options[s.selectedIndex]?.textContent.trim() === 'Instant')",
        timeout=STEP,
    )


def open_app(page, voila_url: str, notebook: str) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}?lang=en", timeout=LOAD)
    wait_drawn(page, notebook)
    assert page.locator("[aria-live=polite].dl-notice").count() == 1
    assert page.locator("[aria-live=polite].dl-status").count() == 1
    assert page.locator("[aria-live=polite].dl-dice-said").count() == 1


def human_to_play(page) -> bool:
    """Wait until Roll can be pressed (True) or the game is over (False)."""
    page.wait_for_function(
        "() => document.querySelector('.dl-end-card') || "
        "document.querySelector('.dl-roll:not([disabled])')",
        timeout=STEP,  # the computer's whole turn and the redraw
    )
    return page.locator(".dl-end-card").count() == 0


SITUATION = "() => document.querySelector('.dl-situation')?.textContent ?? ''"


def landed(
    page, count: int, or_text: str | None = None, before: str | None = None
) -> list[tuple[int, str]]:
    """The dice once they have landed: pressable and said in words in the live line (which
    reads what the dice buttons read), or, with ``or_text``, as soon as that text shows.

    With ``before`` (the game's situation before the roll): [] if the roll lost the turn and the
    computer has played already, the losing roll never drawn: the learner's turn again, with
    ``or_text`` still said (the notice stays until the learner's next action), or the game
    over. At the speed "Instant" the kernel's answer to a farkle can hold the computer's whole
    turn, and the page then draws only its end (2 of 8 fresh-clone runs). Nothing counts
    until the situation differs from ``before``: the last turn's farkle notice and dice stay on
    the page until the kernel has the roll (read as this roll's farkle once, 2026-12-06)."""
    handle = page.wait_for_function(
        """([count, orText, before]) => {
            const dice = [...document.querySelectorAll('.dl-die')].slice(0, count);
            const texts = dice.map(d => d.innerText.trim());
            const pressable = dice.some(d => !d.disabled);
            if (before !== null) {
                // nothing counts before the kernel has the roll: until then the page holds
                // the dice and the notice ('Turn lost!') of the turn before
                const now = document.querySelector('.dl-situation')?.textContent ?? '';
                if (now === before) return false;
                const told = !orText || document.body.innerText.includes(orText);
                const again = document.querySelector('.dl-end-card')
                    || (document.querySelector('.dl-roll:not([disabled])') && told);
                if (!pressable && again) return 'passed';
            }
            if (dice.length !== count || !texts.every(t => /^[1-6](, .+)?$/.test(t))) {
                return false;
            }
            if (orText && document.body.innerText.includes(orText)) return true;
            const said = document.querySelector('.dl-dice-said')?.textContent ?? '';
            return pressable && said === 'Dice: ' + texts.join('; ');
        }""",
        arg=[count, or_text, before],
        timeout=STEP,
    )
    if handle.json_value() == "passed":
        return []
    found = []
    for text in page.locator(".dl-die").all_inner_texts()[:count]:
        face, _, state = text.strip().partition(", ")
        found.append((int(face), state))
    return found


def assert_axe_clean(page, name: str) -> None:
    """axe-core on the page as it is (the end card, the review open): nothing critical or
    serious (the page test checks each page as it opens, before any play)."""
    report = run_axe(page, name, axe_source())
    assert not report.failing(), report.describe(report.failing())


def test_a_whole_penta_game_by_keyboard(page, voila_url, artifacts):
    open_app(page, voila_url, "penta_play.ipynb")
    tab_to(page, ".dl-new-game")
    page.keyboard.press("Enter")
    page.locator(".dl-start").wait_for(timeout=STEP)
    pick_speed_instant(page)
    tab_to(page, ".dl-start")
    page.keyboard.press("Enter")
    page.locator(".dl-new-game-panel").wait_for(state="detached", timeout=STEP)

    turns = 0
    heard_computer = False
    log = page.locator(".dl-computer-log[aria-live=polite]")
    while human_to_play(page):
        # The computer has played its turn (Roll is the learner's again): its moves are in
        # the live log until the learner's next action. Read here, not right after Validate,
        # when the computer may not have played yet.
        heard_computer = heard_computer or "The computer's moves" in log.inner_text()
        turns += 1
        assert turns <= 13, page.locator(".dl-status").inner_text()
        tab_to(page, ".dl-roll")
        page.keyboard.press("Enter")
        landed(page, 5)
        if turns == 1:  # a die held with Space reads "held" (not only a colour)
            tab_to(page, ".dl-die-0")
            page.keyboard.press("Space")
            page.wait_for_function(
                "() => document.querySelector('.dl-die-0').innerText.includes(', held')",
                timeout=STEP,
            )
            assert page.locator(".dl-die-0.dl-held").count() == 1
        # The first open box: its name says which box and what it scores.
        box = ".dl-cell.dl-seat-0:not([disabled]):not(.dl-cell-unused)"
        tab_to(page, box)
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label and ": " in label, label
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => !document.querySelector('.dl-validate').disabled", timeout=STEP
        )
        tab_to(page, ".dl-validate")
        page.keyboard.press("Enter")
        page.wait_for_function(  # the box is filled in the learner's column
            "n => document.querySelectorAll('.dl-card-body.dl-seat-0 .dl-filled').length === n",
            arg=turns,
            timeout=STEP,
        )
    assert turns == 13
    assert heard_computer, "the computer's moves were never in the live log"
    end = page.locator(".dl-end[aria-live=polite] .dl-end-card")
    assert "Game over" in end.inner_text()
    shoot(page, artifacts, "keyboard_penta_game")
    assert_clean(page)
    assert_axe_clean(page, "penta_play.ipynb, game over")


def test_a_whole_farkle_game_by_keyboard(page, voila_url, artifacts):
    open_app(page, voila_url, "farkle_play.ipynb")
    assert page.locator("[aria-live=polite].dl-totals").count() == 1
    tab_to(page, ".dl-new-game")
    page.keyboard.press("Enter")
    page.locator(".dl-start").wait_for(timeout=STEP)
    tab_to(page, ".dl-target select")  # the shortest game: 5,000 points
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    page.wait_for_function(
        "() => document.querySelector('.dl-target select').selectedIndex === 0", timeout=STEP
    )
    pick_speed_instant(page)
    tab_to(page, ".dl-start")
    page.keyboard.press("Enter")
    page.locator(".dl-new-game-panel").wait_for(state="detached", timeout=STEP)

    turns = farkles = 0
    while human_to_play(page):
        turns += 1
        assert turns <= 80, "the game did not end"
        before = page.evaluate(SITUATION)
        tab_to(page, ".dl-roll")
        page.keyboard.press("Enter")
        dice = landed(page, 6, or_text="Turn lost!", before=before)
        faces = [face for face, _ in dice]
        if not dice or is_farkle(faces):  # [] : the turn lost, the computer's played since
            farkles += 1
            continue
        # Set aside the most points (each die with Space), then bank with Enter.
        options = set_aside_options(faces)
        chosen = max(options, key=lambda group: (options[group], -len(group)))
        free = list(enumerate(faces))
        for face in chosen:
            position = free.pop(next(i for i, (_, f) in enumerate(free) if f == face))[0]
            tab_to(page, f".dl-die-{position}")
            page.keyboard.press("Space")
            page.wait_for_function(
                "i => document.querySelector('.dl-die-' + i).innerText.includes(',')",
                arg=position,
                timeout=STEP,
            )
        page.wait_for_function("() => !document.querySelector('.dl-bank').disabled", timeout=STEP)
        tab_to(page, ".dl-bank")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('.dl-end-card') || "
            "document.querySelector('.dl-bank').disabled",
            timeout=STEP,
        )
    assert turns >= 2
    end = page.locator(".dl-end[aria-live=polite] .dl-end-card")
    assert "Game over" in end.inner_text() or "Winner" in end.inner_text()
    shoot(page, artifacts, "keyboard_farkle_game")
    assert_clean(page)
    assert_axe_clean(page, "farkle_play.ipynb, game over")
