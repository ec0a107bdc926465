"""A class link in a real browser under Voilà: the seed on screen, the page's language, the same
dice as the engine's duplicate game, the result code to copy; a bad seed gives a card."""

from __future__ import annotations

import pytest

from dicelab.classroom.codes import read_result_code
from dicelab.penta import Game
from tests.browser.test_apps import dice_on_page
from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_class_link_opens_the_class_game_in_french(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/penta_play.ipynb?class=1&seed=42&lang=fr", timeout=LOAD)
    roll = page.locator(".dl-roll:not([disabled])").first
    roll.wait_for(timeout=LOAD)
    line = page.locator(".dl-class").first.inner_text()
    assert "Partie de classe · graine 42" in line
    assert "mêmes dés" in line
    assert "Lancer" in roll.inner_text()
    # No undo, no advisor, no review, no New game during a class game.
    for hidden in (".dl-undo", ".dl-advisor-toggle", ".dl-review-toggle", ".dl-new-game"):
        assert not page.locator(hidden).first.is_visible(), hidden
    roll.click()
    shown = [face for face, _state in dice_on_page(page, 5)]  # once they stop tumbling
    expected = Game(("Joueur 1", "Ordinateur"), (1,), seed=42, duplicate=True).roll()
    assert shown == list(expected)  # the class's dice
    page.click(".dl-code-toggle")
    box = page.locator("textarea.dl-code").first
    box.wait_for(timeout=LOAD)
    code = box.input_value()
    assert code.startswith("P1-")
    game = read_result_code(code)
    assert game.duplicate and game.seed == 42 and game.dice == expected
    assert "Ton code de résultat" in page.locator(".dl-code-panel").first.inner_text()
    page.screenshot(path=str(artifacts / "class-mode-penta-fr.png"), full_page=True)
    assert page.errors == []


def test_a_class_link_with_a_bad_seed_gives_a_card(page, voila_url, artifacts):
    page.goto(
        f"{voila_url}/voila/render/farkle_play.ipynb?class=1&seed=quarante&lang=fr", timeout=LOAD
    )
    card = page.locator(".dl-class-problem").first
    card.wait_for(timeout=LOAD)
    text = card.inner_text()
    assert "Ce lien de classe ne fonctionne pas" in text and "'quarante'" in text
    assert "Traceback" not in page.content()
    link = page.locator("a.dl-class-link").first
    href = link.get_attribute("href")
    assert href.startswith("?class=1&seed=") and href.endswith("&lang=fr")
    page.screenshot(path=str(artifacts / "class-mode-bad-seed-fr.png"), full_page=True)
    page.wait_for_timeout(1500)  # a second of the page's kernel watch
    assert page.errors == []  # the page with the card logs nothing while it is shown
    # Leaving it, a request of the page (with a pooled kernel only) comes back 404 as the page's
    # kernel is shut down; seen in this test alone, not yet explained (docs/widgets.md).
    page.expected_errors.append(r"seed=quarante&lang=fr: Failed to load resource: .* 404")
    link.click()  # the teacher's fresh class game opens
    page.locator(".dl-roll:not([disabled])").first.wait_for(timeout=LOAD)
    seed = href.split("seed=")[1].split("&")[0]
    assert f"Partie de classe · graine {seed}" in page.locator(".dl-class").first.inner_text()
