"""Pictures a lesson reveals reach the page as images (issue 25, §2).

A revealed item goes into an ``Output`` widget with ``append_display_data``: a PNG given
there as raw bytes travels to the browser as a binary buffer, and the page draws
``<img src="[object Object]">``. Every PNG of a lesson must be base64 text that decodes to
a PNG.
"""

from __future__ import annotations

import base64

import pytest

from dicelab.lessons import penta_thinking, plot_box_points, plot_scores
from dicelab.widgets.lessons import ask
from dicelab.widgets.reveal import after


def _pngs(outputs) -> list:
    return [out["data"]["image/png"] for out in outputs if "image/png" in out.get("data", {})]


@pytest.mark.parametrize("plot", [plot_scores, plot_box_points])
def test_a_revealed_plot_is_base64_text_that_decodes_to_a_png(plot):
    question = ask(penta_thinking()["scores"].exercise, lang="en")
    shown = after(question, plot, lang="en")
    question.commit(["chance"])
    assert shown.revealed
    pngs = _pngs(shown.outputs)
    assert len(pngs) == 1
    assert isinstance(pngs[0], str)  # bytes become a binary buffer: "[object Object]"
    assert base64.b64decode(pngs[0], validate=True).startswith(b"\x89PNG\r\n\x1a\n")
