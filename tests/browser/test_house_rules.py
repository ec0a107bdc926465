"""The House rules app in a real browser: type 30 for the full house, see the new mean in words
without pressing anything.

A Voilà server of its own serves a copy of ``notebooks/house_rules.ipynb`` with a cache folder
of its own holding only the official table, so the house's table is really built (a progress
bar, a few seconds). Screenshots in English and French go to ``test-artifacts/``.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from dicelab.i18n import format_number
from dicelab.penta import Rules
from dicelab.penta.solver import Solver
from dicelab.widgets.penta.house_rules import house_rules
from tests.browser.conftest import ROOT, start_voila, stop_voila
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.tables]

SOLVE = 180_000  # ms: a full build of a house's table on a loaded machine
HOUSE = house_rules("official", {"full_house_points": 30})


@pytest.fixture(scope="module")
def house_url(tmp_path_factory, artifacts: Path) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("house-notebooks")
    cache = tmp_path_factory.mktemp("house-cache")
    shutil.copy(ROOT / "notebooks" / "house_rules.ipynb", folder)
    official = Solver(Rules.preset("official")).build()
    shutil.copy(official.path, cache / official.path.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(cache))
        process, base = start_voila(folder, artifacts / "voila-house-rules.log")
        try:
            yield base
        finally:
            stop_voila(process)


CHANGED = (
    "before => !document.querySelector('.dl-house-stale') &&"
    " (document.querySelector('.dl-house-mean')?.innerText ?? before) !== before"
)  # the new figures, not a note over the old ones


def opened(page, url: str) -> None:
    """Open the app and wait for the preset's figures (solved at opening, nothing pressed)."""
    page.goto(url, timeout=LOAD)
    page.wait_for_selector(".dl-house-mean", timeout=LOAD)


def type_rule(page, field: str, value: str) -> None:
    """Type ``value`` key by key into a number field, as a learner does (nothing pressed)."""
    box = page.locator(f".dl-rule-{field} input")
    box.click()
    box.press("Control+A")
    box.press_sequentially(value, delay=120)


def solve_full_house_30(page, url: str) -> str:
    """Open the app, type 30 for the full house; the summary's text once it is solved."""
    opened(page, url)
    assert page.locator(".dl-solve").is_hidden()  # nothing to press
    before = page.locator(".dl-house-mean").inner_text()
    started = time.monotonic()
    type_rule(page, "full-house-points", "30")
    page.wait_for_function(CHANGED, arg=before, timeout=SOLVE)
    print(f"typed and solved in the browser in {time.monotonic() - started:.1f} s")
    return page.locator(".dl-house-mean").inner_text()


def test_full_house_at_30_is_solved_and_the_new_mean_shown(page, house_url, artifacts):
    summary = solve_full_house_30(page, f"{house_url}/voila/render/house_rules.ipynb")
    # one figure, one rounding: two decimals (issue 25)
    mean = format_number(Solver(HOUSE).expected_score(), "en", decimals=2)  # now cached
    official = format_number(Solver(Rules.preset("official")).expected_score(), "en", decimals=2)
    assert f"With these rules the best player scores {mean} points on average" in summary
    assert f"more than with the rules “Official (forced joker)” ({official})" in summary
    choice = page.locator(".dl-house-choice").inner_text()
    # a near tie (0.005 points): said so, not a plain change (issue 25, §3)
    assert "The best choice changes, but only just: Keep 3 3" in choice, choice
    page.set_viewport_size({"width": 1280, "height": 2600})
    page.locator(".dl-house-rules").screenshot(path=str(artifacts / "house-rules-en.png"))
    assert page.errors == []


def test_the_app_in_french(page, house_url, artifacts):
    summary = solve_full_house_30(page, f"{house_url}/voila/render/house_rules.ipynb?lang=fr")
    assert "Avec ces règles, le meilleur joueur marque" in summary
    assert "Le meilleur choix change" in page.locator(".dl-house-choice").inner_text()
    page.set_viewport_size({"width": 1280, "height": 2600})
    page.locator(".dl-house-rules").screenshot(path=str(artifacts / "house-rules-fr.png"))
    assert page.errors == []


def test_a_refused_number_is_explained_next_to_its_field(page, house_url, artifacts):
    opened(page, f"{house_url}/voila/render/house_rules.ipynb")
    type_rule(page, "upper-bonus-points", "-5")
    # Each keystroke is checked as it comes ("-" alone is refused too): the words once the
    # last key's answer is on screen (a busy machine may show the first's for a while).
    said = page.locator(".dl-error-upper_bonus_points")
    expect(said).to_have_text(
        "Upper bonus points is a whole number from 1 to 1,000, not -5.", timeout=STEP
    )
    page.wait_for_selector(".dl-house-stale", timeout=LOAD)
    assert "mend the rule marked in red" in page.locator(".dl-house-stale").inner_text()
    assert page.locator(".dl-progress").is_hidden()  # nothing is solved
    assert "than" not in page.locator(".dl-house-mean").inner_text()  # the preset's figures
    assert "Traceback" not in page.locator(".dl-house-rules").inner_text()
    page.locator(".dl-house-rules").screenshot(path=str(artifacts / "house-rules-refused.png"))
    assert page.errors == []
