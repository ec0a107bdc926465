"""The progress bars of long work: tqdm's, fed by the solvers' ``progress(fraction)`` calls."""

from __future__ import annotations

import io
import subprocess
import sys
import warnings

import pytest

from dicelab.cache import text_progress, tqdm_progress
from dicelab.i18n import msg, use_language


def _last_frame(text: str) -> str:
    return text.rsplit("\r", 1)[-1]


def test_the_bar_reaches_100_percent_and_closes_on_the_stream_given():
    out = io.StringIO()
    bar = tqdm_progress("Solving", out, width=60)
    for i in range(101):
        bar(i / 100)
    text = out.getvalue()
    assert _last_frame(text).startswith("Solving: 100%|")
    assert text.endswith("\n")  # closed: the line is finished
    bar(1.0)
    bar(0.3)  # after closing, nothing more is written
    assert out.getvalue() == text


def test_fractions_out_of_range_are_clamped_and_never_go_back():
    out = io.StringIO()
    bar = tqdm_progress("x", out, width=60)
    bar(-1.0)
    bar(0.7)
    bar(0.2)  # a smaller fraction does not move the bar back
    bar(5.0)
    assert _last_frame(out.getvalue()).startswith("x: 100%|")


def test_the_label_is_translated():
    out = io.StringIO()
    with use_language("fr"):
        bar = tqdm_progress(msg("Solving win chances for {target}", target=1000), out, width=80)
    bar(1.0)
    assert _last_frame(out.getvalue()).startswith("Calcul des chances de gagner")


def test_the_penta_bar_keeps_its_name():
    from dicelab.penta.solver import text_progress as penta_bar

    out = io.StringIO()
    bar = penta_bar("official", out, width=60)
    bar(1.0)
    assert _last_frame(out.getvalue()).startswith("Building the official table: 100%|")


def test_the_hand_written_bar_is_deprecated_and_still_works():
    out = io.StringIO()
    with pytest.warns(DeprecationWarning, match="tqdm_progress"):
        bar = text_progress("old", out)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bar(1.0)
    assert "100%" in out.getvalue()


def test_tqdm_is_imported_only_when_a_bar_is_made():
    code = (
        "import sys, dicelab.cache, dicelab.penta.solver, dicelab.farkle.winchance, "
        "dicelab.widgets.farkle.risk_explorer; print('tqdm' in sys.modules)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"
