"""The Review panel in a real browser: a short Farkle game ends with a click, the panel opens on
its own with its rows and its plot; the Penta review app reviews a built-in example.

A Voilà server of its own (ports 8880 to 8889) serves a temporary folder with two notebooks:
``farkle_short_game.ipynb`` (a FarkleApp to 5,000 against the computer, played by the app's
own methods up to the human's last bank) and a copy of ``notebooks/penta_review.ipynb``.
Screenshots of the panel go to ``test-artifacts/``.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from tests.browser.conftest import ROOT, _wait_for, voila_environment
from tests.browser.waits import LOAD, STEP

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.tables]

PORTS = range(8880, 8890)

SHORT_GAME = """\
from dicelab.farkle import Bank, Roll, SetAside
from dicelab.widgets.farkle.app import FarkleApp


def ends_with_bank(game):
    if game.is_over or game.current_seat.computer or not isinstance(game.computer_move(), Bank):
        return False
    twin = game.copy()
    twin.bank()
    while not twin.is_over and twin.current_seat.computer:
        twin.computer_step()
    return twin.is_over


app = FarkleApp(humans=["Ada"], target=5000, seed=4, speed=0, lang="en")
while not ends_with_bank(app.game):  # the learner's moves, as the computer would play them
    move = app.game.computer_move()
    if isinstance(move, Roll):
        app.roll()
    elif isinstance(move, SetAside):
        app.set_aside(*move.positions)
    else:
        app.bank()
app
"""


def _port() -> int:
    for port in PORTS:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.skip("no free port from 8880 to 8889")


@pytest.fixture(scope="module")
def review_url(tmp_path_factory, artifacts: Path) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("review-notebooks")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Farkle"),
        nbformat.v4.new_code_cell(SHORT_GAME),
    ]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, folder / "farkle_short_game.ipynb")
    shutil.copy(ROOT / "notebooks" / "penta_review.ipynb", folder)
    port = _port()
    log = (artifacts / "voila-review.log").open("w")
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser"]
    command.append("--Voila.ip=127.0.0.1")
    # the repository's Voilà template, and kernels that import this checkout's dicelab
    env = voila_environment()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base + "/", process)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def check_panel(page, artifacts: Path, name: str) -> None:
    """Rows, the costliest marked in words, the plot, the downloads; a row opens by keyboard."""
    panel = page.locator(".dl-review-panel")
    page.wait_for_selector(".dl-review-table tr.dl-review-row", timeout=STEP)
    page.wait_for_selector(".dl-review-plot svg", timeout=STEP)
    assert page.locator(".dl-review-table tr.dl-review-row").count() > 1
    assert page.locator(".dl-review-table tr.dl-costliest").count() >= 1
    assert "costliest 1" in page.locator(".dl-review-table").inner_text()
    assert "per decision" in page.locator(".dl-review-summary").inner_text()
    href = page.locator("a.dl-review-csv").get_attribute("href")
    assert href.startswith("data:text/csv;charset=utf-8,seat%2Cplayer")
    assert page.locator("a.dl-review-markdown").get_attribute("download").endswith(".md")
    summary = page.locator(".dl-review-table details summary").first
    summary.focus()
    page.keyboard.press("Enter")  # the row opens on its dice and values
    details = page.locator(".dl-review-table details").first
    page.wait_for_function("d => d.open", arg=details.element_handle(), timeout=STEP)
    assert details.locator(".dl-review-die").count() >= 1
    page.set_viewport_size({"width": 1280, "height": 3000})  # the whole panel in the picture
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(artifacts / f"{name}.png"))
    assert page.errors == []


def test_a_short_farkle_game_ends_and_the_review_opens(page, review_url, artifacts):
    page.goto(f"{review_url}/voila/render/farkle_short_game.ipynb", timeout=LOAD)
    page.wait_for_selector(".dl-bank:not([disabled])", timeout=LOAD)
    assert page.locator(".dl-review-table").count() == 0  # closed during the game
    page.click(".dl-bank")  # the last bank: the game ends
    check_panel(page, artifacts, "review-farkle-voila")
    assert "Chance to win" in page.locator(".dl-review-plot").inner_text()
    page.click(".dl-review-toggle")  # the Review button closes it, and opens it again
    page.wait_for_selector(".dl-review-table", state="detached", timeout=STEP)
    page.click(".dl-review-toggle")
    page.wait_for_selector(".dl-review-table tr.dl-review-row", timeout=STEP)


def test_the_penta_review_app_reviews_an_example(page, review_url, artifacts):
    page.goto(f"{review_url}/voila/render/penta_review.ipynb", timeout=LOAD)
    page.wait_for_selector(".dl-review-example select", timeout=LOAD)
    page.select_option(".dl-review-example select", label="A game of the heuristic player (seed 1)")
    check_panel(page, artifacts, "review-penta-voila")
    assert "Expected final score" in page.locator(".dl-review-plot").inner_text()
    assert page.locator(".dl-review-input textarea").input_value().startswith("{")
