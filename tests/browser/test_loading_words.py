"""What a learner reads while a page loads: "Loading…" in the page's language, never Voilà's
English ("Running penta_play.ipynb...", "Executing 1 of 3") nor ipywidgets' "Loading widget...".

The loading screen lasts a fraction of a second on an idle server, so the tests hold the front
end's script back (the spinner stays) and record every text a widget's place shows before its
widget comes.
"""

from __future__ import annotations

import pytest

from dicelab.i18n import translate
from dicelab.widgets.page_texts import FAILED, LOADING
from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

APP = "penta_play.ipynb"
READY = ".dl-roll:not([disabled])"

# Every text an output's place shows before its widget comes, as it is added to the page.
RECORD_PLACEHOLDERS = """
window.__placeholders = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType === 1 && node.classList.contains('jp-OutputArea-output')) {
        window.__placeholders.push(node.textContent);
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def open_held(browser, url: str, locale: str | None = None):
    """A page at ``url`` whose front end is held back: its loading screen stays up."""
    context = browser.new_context(locale=locale) if locale else browser.new_context()
    page = context.new_page()
    held = []  # the requests for the front end's script, never answered
    page.route("**/static/frontend/dicelab.js*", lambda route: held.append(route))
    page.goto(url, wait_until="commit", timeout=LOAD)
    page.locator("#loading_text").wait_for(timeout=LOAD)
    page.wait_for_function("document.querySelector('#rendered_cells') !== null", timeout=LOAD)
    return context, page


@pytest.mark.parametrize("lang", ["fr", "bg"])
def test_the_loading_screen_speaks_the_pages_language(browser, voila_url, lang):
    context, page = open_held(browser, f"{voila_url}/voila/render/{APP}?lang={lang}")
    try:
        text = page.locator("#loading_text")
        assert text.inner_text().strip() == translate(LOADING, lang=lang)
        assert text.get_attribute("lang") == lang
        assert page.locator("#loading").get_attribute("role") == "status"  # read out
        assert page.locator("#loading .spinner-container").get_attribute("aria-hidden") == "true"
        assert "ipynb" not in page.locator("#loading").inner_text()
    finally:
        context.close()


def test_the_first_shipped_lang_in_the_url_is_the_one_read_as_the_app_reads_it(browser, voila_url):
    url = f"{voila_url}/voila/render/{APP}?lang=xx&lang=ca"
    context, page = open_held(browser, url, locale="fr-FR")
    try:
        assert page.locator("#loading_text").inner_text().strip() == translate(LOADING, "ca")
    finally:
        context.close()


def test_without_lang_the_loading_screen_follows_the_browsers_language(browser, voila_url):
    context, page = open_held(browser, f"{voila_url}/voila/render/{APP}", locale="nb-NO")
    try:
        assert page.locator("#loading_text").inner_text().strip() == translate(LOADING, "nb")
    finally:
        context.close()


def open_app(browser, url: str, script: str):
    """The app at ``url``, drawn, with ``script`` run in the page before anything else."""
    context = browser.new_context()
    context.add_init_script(script)
    page = context.new_page()
    page.goto(url, timeout=LOAD)
    page.locator(READY).first.wait_for(timeout=LOAD)
    return context, page


def test_a_widgets_place_says_loading_in_the_pages_language(browser, voila_url):
    context, page = open_app(
        browser, f"{voila_url}/voila/render/{APP}?lang=ca", RECORD_PLACEHOLDERS
    )
    try:
        placeholders = page.evaluate("window.__placeholders")
        assert placeholders, "no output's place was seen before its widget"
        assert set(placeholders) == {translate(LOADING, lang="ca")}, placeholders
    finally:
        context.close()


# A widget's place in the page whose model the kernel never made, put in the page as it is read
# (before the front end runs). Not by rewriting the response: Chromium would then take the page
# for one from outside and refuse it a socket to the server on this machine.
ADD_BROKEN_WIDGET = """
new MutationObserver((records, observer) => {
  const cells = document.getElementById('rendered_cells');
  if (!cells) return;
  observer.disconnect();
  const place = document.createElement('div');
  place.id = 'dl-broken';
  const output = document.createElement('script');
  output.type = 'application/vnd.voila.cell-output+json';
  output.textContent = JSON.stringify({
    output_type: 'display_data', metadata: {},
    data: {'application/vnd.jupyter.widget-view+json':
      {model_id: 'no-such-model', version_major: 2, version_minor: 0}},
  });
  place.appendChild(output);
  cells.before(place);
}).observe(document, { childList: true, subtree: true });
"""


def test_a_widget_that_cannot_be_shown_says_so_in_the_pages_language(browser, voila_url):
    context, page = open_app(browser, f"{voila_url}/voila/render/{APP}?lang=fr", ADD_BROKEN_WIDGET)
    try:  # the app itself is drawn
        failed = page.locator("#dl-broken .dl-failed")
        failed.wait_for(timeout=LOAD)
        assert failed.inner_text().strip() == translate(FAILED, lang="fr")
        assert "Error" not in page.locator("#dl-broken").inner_text()
    finally:
        context.close()
