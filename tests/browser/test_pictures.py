"""Every picture on the lesson pages decodes to an image (issue 25, §2), and the start page's
teacher's guide opens without the Internet (§6).

A revealed plot once reached the page as ``<img src="[object Object]">``: the test answers
every question of every lesson (the explanations, plots included, wait for a prediction),
then asks the browser to decode every ``<img>`` of the page. It fails on any image whose
source does not decode, and on a lesson that should show plots and shows none.
"""

from __future__ import annotations

import pytest

from tests.browser.test_apps import LOAD, STEP, assert_clean, open_page, shoot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSONS = {
    # notebook: (the fewest pictures the page shows once its questions are answered, whether
    # to answer them: the rules lessons reveal dice and tables, no picture, and answering
    # their 20 questions costs a minute of the suite's budget)
    "penta_rules.ipynb": (0, False),
    "farkle_rules.ipynb": (0, False),
    "farkle_chances.ipynb": (3, True),
    "penta_thinking.ipynb": (2, True),
    "winning_vs_scoring.ipynb": (4, True),
}

DECODE_ALL = """
async () => {
    const bad = [];
    const images = [...document.images];
    for (const image of images) {
        const source = image.getAttribute('src') || '';
        try {
            await image.decode();
            if (!image.naturalWidth || !image.naturalHeight) bad.push(source.slice(0, 80));
        } catch (error) {
            bad.push(source.slice(0, 80));
        }
    }
    return {count: images.length, bad};
}
"""


def answer_every_question(page) -> int:
    """Commit a prediction to every question of the page (any answer reveals the
    explanation); return how many."""
    questions = page.locator(".dl-prediction")
    count = questions.count()
    for i in range(count):
        question = questions.nth(i)
        question.scroll_into_view_if_needed()
        text = question.locator("input[type=text]")
        if text.count():
            text.first.fill("1")
        elif question.locator("input[type=radio]").count():
            question.locator("input[type=radio]").first.check()
        elif question.locator(".dl-yes-no button").count():
            question.locator(".dl-yes-no button").first.click()
        else:
            question.locator("input[type=checkbox]").first.check()
        question.locator("button.dl-check").click()
        page.wait_for_function(
            "q => q.querySelector('.dl-feedback') && q.querySelector('.dl-feedback').innerText"
            ".trim() !== ''",
            arg=question.element_handle(),
            timeout=STEP * 3,
        )
    return count


@pytest.mark.parametrize("notebook", list(LESSONS))
def test_every_picture_of_a_lesson_decodes_to_an_image(page, voila_url, artifacts, notebook):
    open_page(page, voila_url, notebook, "?lang=en")
    least, answer = LESSONS[notebook]
    page.locator(".dl-prediction .dl-check").first.wait_for(timeout=LOAD)
    if answer:
        assert answer_every_question(page) >= 5
    # The revealed explanations draw their plots: wait until the page has them all.
    page.wait_for_function(
        "least => document.images.length >= least && [...document.images].every(i => i.complete)",
        arg=least,
        timeout=LOAD,
    )
    found = page.evaluate(DECODE_ALL)
    assert found["bad"] == [], f"{notebook}: pictures that do not decode: {found['bad']}"
    assert found["count"] >= least
    print(f"{notebook}: {found['count']} pictures, all decode")
    assert "[object Object]" not in page.content()
    shoot(page, artifacts, f"pictures_{notebook.removesuffix('.ipynb')}")
    assert_clean(page)


def test_the_teachers_guide_opens_from_the_start_page_without_the_internet(page, voila_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_page(page, voila_url, "00_start_here.ipynb", "?lang=fr")
    link = page.locator("a", has_text="guide")
    link.first.wait_for(timeout=LOAD)
    href = link.first.get_attribute("href") or ""
    assert not href.startswith("http"), href
    url = link.first.evaluate("a => a.href")  # the address the browser resolves
    response = page.goto(url, timeout=STEP)
    assert response is not None and response.status == 200, url
    assert page.url.startswith(voila_url) and page.url.endswith("/static/guide/teaching.html")
    assert page.locator("h1").first.inner_text().strip()
    assert "Three lessons" in page.inner_text("main") or "lesson" in page.inner_text("main")
    assert all(url.startswith(voila_url) or url.startswith("data:") for url in requests)
