"""No tab title or field label of the risk explorer is cut short, in its longest languages.

ipywidgets cuts a tab's title at 144px and a field's label at its description width, with an
ellipsis: "Relancer ou prend…", "Ordinateur : moins par dé manq…". dicelab's stylesheet lets
tabs be as wide as their titles (on a second row when needed) and labels wrap instead.
"""

from __future__ import annotations

import pytest

from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CUT = """elements => elements
    .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map(e => e.innerText.trim())"""


@pytest.mark.parametrize("lang", ["fr", "ca"])
def test_the_risk_explorer_cuts_no_tab_title_and_no_label(page, voila_url, artifacts, lang):
    page.goto(f"{voila_url}/voila/render/farkle_risk.ipynb?lang={lang}", timeout=LOAD)
    page.locator(".dl-risk-explorer .lm-TabBar-tab").first.wait_for(timeout=LOAD)
    page.screenshot(path=str(artifacts / f"risk-explorer-{lang}.png"), full_page=True)
    titles = page.locator(".dl-risk-explorer .lm-TabBar-tabLabel")
    labels = page.locator(".dl-risk-explorer .widget-inline-hbox > .widget-label")
    assert titles.count() >= 5 and labels.count() >= 8
    assert page.eval_on_selector_all(".dl-risk-explorer .lm-TabBar-tabLabel", CUT) == []
    assert (
        page.eval_on_selector_all(".dl-risk-explorer .widget-inline-hbox > .widget-label", CUT)
        == []
    )
