"""Helpers shared by the tests: a refusal leaves a game, or a dashboard, exactly as it was.

``snapshot(game)`` and ``assert_unchanged(game, action)`` work for a game of either engine
(Penta or Farkle): both have an event log, seats, a seed, rules, a situation, legal moves and
a save. ``app_unchanged(app)`` is the same check for a dashboard, as a ``with`` block.
``use_pseudo_language(monkeypatch)`` makes every message of language ``"qq"`` come back inside
⟦ ⟧, and ``untranslated(text)`` lists the words left outside them: English a learner would see
untranslated (the ``pseudo_language`` fixture of ``tests/conftest.py`` does both's set-up).
The widget tree helpers (``snapshot`` of every widget, ``find``, ``texts``) are in
``tests/widgets/helpers.py``. ``load_benchmark(name)`` imports a script of ``benchmarks/``.
``examples(n)``: how many examples a property test tries (fewer in ``make check``).
"""

from __future__ import annotations

import copy
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dicelab import IllegalMove, i18n
from dicelab.i18n.catalog import Catalog

# What each engine's Game shows beyond the common views (properties, or methods without
# arguments), keyed by the game's package.
ENGINE_VIEWS = {
    "dicelab.penta": (
        "cards",
        "turn_number",
        "dice",
        "held",
        "rolls_left",
        "options",
        "must_sacrifice",
    ),
    "dicelab.farkle": ("target", "totals", "turn", "last_roll", "last_round", "messages"),
}


def examples(count: int) -> int:
    """How many examples a property test (Hypothesis) tries: ``count`` in ``make test`` and
    CI; a quarter of it, at least 5, in ``make check``, the everyday loop
    (``DICELAB_QUICK=1``), where the properties still run, on fewer examples."""
    if os.environ.get("DICELAB_QUICK") == "1":
        return max(5, count // 4)
    return count


def snapshot(game: Any) -> tuple:
    """Everything a view can see of a game (Penta or Farkle)."""
    common = (
        game.events,
        game.seats,
        game.rules,
        game.seed,
        game.current_seat,
        game.is_over,
        game.winners,
        game.situation,
        str(game.situation),
        [str(move) for move in game.legal_moves()],
        game.to_json(),
    )
    package = type(game).__module__.rpartition(".")[0]
    views = [getattr(game, name) for name in ENGINE_VIEWS[package]]
    return common + tuple(view() if callable(view) else view for view in views)


def assert_unchanged(game: Any, action: Callable[[Any], object]) -> IllegalMove:
    """``action(game)`` raises IllegalMove with a message and leaves ``game`` exactly as it was.

    Returns the error, for the caller to check its message."""
    twin = copy.deepcopy(game)
    before = snapshot(game)
    with pytest.raises(IllegalMove) as error:
        action(game)
    assert game == twin
    assert snapshot(game) == before
    assert str(error.value)  # a message for the user
    return error.value


@contextmanager
def app_unchanged(app: Any) -> Iterator[None]:
    """The block leaves the dashboard's game and widgets (but its notices) as they were, and
    the dashboard says why it refused (a notice)."""
    from tests.widgets.helpers import snapshot as widgets_snapshot

    before = widgets_snapshot(app, skip=(app._notice_area,))
    events = app.game.events
    yield
    assert app.game.events == events
    assert widgets_snapshot(app, skip=(app._notice_area,)) == before
    assert app.notices, "a refusal says why"


class Marked(Catalog):
    """A pseudo-language: every message comes back inside ⟦ ⟧."""

    def gettext(self, msgid: str) -> str:
        return f"⟦{msgid}⟧"

    def ngettext(self, singular, plural, n, rule=None):
        return f"⟦{singular if n == 1 else plural}⟧"


PSEUDO = "qq"
"""The pseudo-language's code."""


def use_pseudo_language(monkeypatch: pytest.MonkeyPatch) -> str:
    """Serve :class:`Marked` for :data:`PSEUDO` (other languages as they are), outside Voilà."""
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda lang: Marked() if lang == PSEUDO else real(lang))
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    return PSEUDO


def untranslated(text: str) -> list[str]:
    """Words left outside every message once code, markup, markers and links are gone."""
    text = re.sub(r"\[[^\]]*\]\(00_start_here\.ipynb\?lang=\w+\)", "", text)  # languages
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"<[^>]*>", " ", text)
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
        if stripped == text:
            break
        text = stripped
    text = re.sub(r"\(\w+\.ipynb(\?lang=\w+)?\)", "", text)
    return re.findall(r"[A-Za-z]{2,}", text)


def load_benchmark(name: str) -> Any:
    """The script ``benchmarks/<name>.py`` as a module (once: later calls get the same one)."""
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (its dataclasses look their module up; the scripts import
    spec.loader.exec_module(module)  # each other by these names)
    return module


def tick_labels(figure: Any) -> list[str]:
    """Every tick label of every axes of a matplotlib figure, once drawn (a colour bar's too)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure).draw()
    return [
        label.get_text()
        for axes in figure.axes
        for label in (*axes.get_xticklabels(), *axes.get_yticklabels())
        if label.get_text()
    ]
