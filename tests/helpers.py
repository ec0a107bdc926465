"""Helpers shared by the tests: a refusal leaves a game, or a dashboard, exactly as it was.

``snapshot(game)`` and ``assert_unchanged(game, action)`` work for a game of either engine
(Penta or Farkle): both have an event log, seats, a seed, rules, a situation, legal moves and
a save. ``app_unchanged(app)`` is the same check for a dashboard, as a ``with`` block.
The widget tree helpers (``snapshot`` of every widget, ``find``, ``texts``) are in
``tests/widgets/helpers.py``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from dicelab import IllegalMove

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
