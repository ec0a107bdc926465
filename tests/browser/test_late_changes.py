"""A change the kernel makes while the page is still fetching its widgets reaches the page.

The page asks the kernel for every widget's state at once (a snapshot), then makes each
widget's model, which listens to the kernel only once its class is loaded (the controls' chunk)
and its state read. ipywidgets drops what reaches a widget nobody listens to yet, so a change
the kernel made in that window (a solve ending in the background: the house rules' figures)
never showed, and the page drew the snapshot for good. Here the window is held open: the
controls' chunk is served only once the kernel, having answered the page's request for the
states, has changed a widget. And a change made while the kernel writes the snapshot, which
then holds the widget's state from before it, reaches the page before its comm is open.

The other way, from the page to the kernel: a click never overtakes a change made before it
(ipywidgets keeps a widget's change while the kernel is busy with its previous one, and sent a
click at once: a speed picked with the arrow keys and Start pressed at once started the game
at the speed of the first change, frontend/src/widgets.js).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import start_voila, stop_voila
from tests.browser.waits import LOAD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHANGE = """\
import pathlib, threading, time
import ipywidgets as widgets
from ipywidgets.widgets.widget import Widget

done = pathlib.Path({done!r})
label = widgets.HTML('<p class="late">before</p>')

def change_once_the_page_has_its_snapshot():
    while Widget._control_comm is None:  # the page has not asked for the states yet
        time.sleep(0.05)
    time.sleep(0.5)  # its request answered: the snapshot says "before"
    label.value = '<p class="late">after</p>'
    done.write_text("changed")

threading.Thread(target=change_once_the_page_has_its_snapshot, daemon=True).start()
label
"""

CHANGE_IN_THE_SNAPSHOT = """\
import sys
import ipywidgets as widgets


class ChangedWhileTheSnapshotIsWritten(widgets.HTML):
    changed = False

    def get_state(self, key=None, drop_defaults=False):
        state = super().get_state(key=key, drop_defaults=drop_defaults)
        writing = sys._getframe(1).f_code.co_name == "_handle_control_comm_msg"
        if writing and not self.changed:
            self.changed = True  # the page asked for every state: this one is written...
            self.value = '<p class="late">after</p>'  # ...and then changed, sent at once
        return state


ChangedWhileTheSnapshotIsWritten('<p class="late">before</p>')
"""


PICK_THEN_START = """\
import time
import ipywidgets as widgets

pick = widgets.Dropdown(options=["slow", "normal", "fast", "instant"], value="slow")
pick.add_class("pick")
pick.observe(lambda change: time.sleep(0.5), "value")  # the kernel is busy with each change
start = widgets.Button(description="Start")
start.add_class("start")
seen = widgets.HTML("")
seen.add_class("seen")
start.on_click(lambda _button: setattr(seen, "value", f"started at {pick.value}"))
widgets.VBox([pick, start, seen])
"""


def notebook(source: str) -> dict:
    return {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": source,
                "outputs": [],
                "execution_count": None,
            }
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def served(tmp_path_factory, artifacts: Path) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("late-notebooks")
    done = folder / "changed.txt"
    page = notebook(CHANGE.format(done=str(done)))
    (folder / "late.ipynb").write_text(json.dumps(page), encoding="utf-8")
    snapshot = notebook(CHANGE_IN_THE_SNAPSHOT)
    (folder / "snapshot.ipynb").write_text(json.dumps(snapshot), encoding="utf-8")
    pick = notebook(PICK_THEN_START)
    (folder / "pick.ipynb").write_text(json.dumps(pick), encoding="utf-8")
    process, base = start_voila(folder, artifacts / "voila-late-changes.log")
    try:
        yield base, done
    finally:
        stop_voila(process)


def test_a_change_made_while_the_page_fetches_its_widgets_is_shown(page, served):
    base, done = served

    def hold_the_controls(route) -> None:
        """Serve the controls' chunk only once the kernel has changed the label."""
        deadline = time.monotonic() + 30
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)  # the change on its way to the page, before any model listens
        route.continue_()

    page.route("**/static/frontend/lib-*.js", hold_the_controls)
    page.goto(f"{base}/voila/render/late.ipynb", timeout=LOAD, wait_until="commit")
    page.locator(".late").wait_for(timeout=LOAD)
    assert done.exists(), "the kernel never saw the page ask for its widgets' states"
    page.wait_for_function(
        "() => document.querySelector('.late')?.innerText === 'after'", timeout=5_000
    )


def test_a_change_made_while_the_kernel_writes_the_snapshot_is_shown(page, served):
    base, _done = served
    page.goto(f"{base}/voila/render/snapshot.ipynb", timeout=LOAD)
    page.locator(".late").wait_for(timeout=LOAD)
    page.wait_for_function(
        "() => document.querySelector('.late')?.innerText === 'after'", timeout=5_000
    )


def test_a_click_never_overtakes_the_changes_made_before_it(page, served):
    base, _done = served
    page.goto(f"{base}/voila/render/pick.ipynb", timeout=LOAD)
    page.locator(".pick select").wait_for(timeout=LOAD)
    page.focus(".pick select")
    for _ in range(3):  # three changes: the kernel is still busy with the first
        page.keyboard.press("ArrowDown")
    page.click("button.start")
    page.wait_for_function(
        "() => (document.querySelector('.seen')?.innerText ?? '').startsWith('started')",
        timeout=LOAD,
    )
    assert page.locator(".seen").inner_text() == "started at instant"
