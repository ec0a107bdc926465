"""The risk explorer solves a house rule set's win chances live, in a real browser.

Its own Voilà server, with an empty solver cache, so that the rules picked (the game ends at
once, an entry minimum of 450, target 1,000: well under a second to solve) are never solved
before the learner presses the button. It serves the risk explorer alone: with all the apps,
its pools started 15 kernels on the empty cache, of which the test used one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, start_voila, stop_voila
from tests.browser.test_apps import LOAD, assert_clean, open_page, shoot, wait_ready

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def empty_cache_url(artifacts: Path, tmp_path_factory) -> Iterator[str]:
    cache = tmp_path_factory.mktemp("dicelab-cache")
    folder = tmp_path_factory.mktemp("risk-notebooks")
    shutil.copy(ROOT / "notebooks" / "farkle_risk.ipynb", folder)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DICELAB_CACHE_DIR", str(cache))
        process, base = start_voila(folder, artifacts / "voila-risk-live.log")
    yield base
    stop_voila(process)
    assert os.listdir(cache)  # the solve was cached there


def test_a_house_rule_set_is_solved_live(page, empty_cache_url, artifacts):
    open_page(page, empty_cache_url, "farkle_risk.ipynb")
    wait_ready(page, ".dl-preset select:not([disabled])")
    page.locator("img.dl-plot-farkle").first.wait_for(timeout=LOAD)
    page.locator(".lm-TabBar-tab", has_text="Win chances").click()
    page.locator(".dl-house-end select").select_option(label="Ends at once")
    entry = page.locator(".dl-house-entry input")
    entry.fill("450")
    entry.press("Enter")
    page.locator(".dl-target select").select_option(label="1,000")
    caption = page.locator(".dl-caption-winmap")
    # the caption's words (its hidden twin, the plot's text alternative, says them too)
    caption.locator("p").get_by_text("for a target of 1,000 are not solved yet").wait_for(
        timeout=LOAD
    )
    page.locator(".dl-solve").click()
    caption.locator("table").wait_for(timeout=LOAD)
    text = caption.inner_text()
    assert "first player's chance to win" in text and "Ends at once" in text and "450" in text
    assert page.locator("img.dl-plot-winmap").first.is_visible()
    shoot(page, artifacts, "farkle_risk_live_solve")
    assert_clean(page)
