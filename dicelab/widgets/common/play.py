"""What the two play apps (:class:`~dicelab.widgets.penta.app.PentaApp` and
:class:`~dicelab.widgets.farkle.app.FarkleApp`) share: the New game button and the plumbing
of its panel, the Roll and Undo buttons, the situation line, and the token (``epoch``) that makes a
scheduled computer step a no-op once the state has changed.

Every change (a click, a computer step, a new game, an undo) and every redraw happens under
the app's lock (:attr:`~dicelab.widgets.common.base.App.lock`), and every change takes a
new token: a computer step scheduled for the old game can never play in the new one, even
when timers fire on another thread.

Rules stay in the engines: a subclass says whether a human is to move, how a computer
step is played and how the dice tumble; this module only schedules and draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.errors import IllegalMove
from dicelab.i18n import msg, translate
from dicelab.widgets.common.base import App, esc
from dicelab.widgets.common.dice import DiceRow
from dicelab.widgets.common.forms import SPEEDS, PlayerRows, set_options, speed_options

__all__ = ["NOTHING_TO_UNDO", "PlayApp"]

NOTHING_TO_UNDO = msg("Nothing to undo: no player has made a move yet.")


class PlayApp(App):
    """Base of the play apps: a game, a New game panel, Roll and Undo, computer steps.

    A subclass builds its body with :meth:`_build_common` and :meth:`_controls`, its panel
    with :meth:`_build_panel_common` and :meth:`_panel_card`, draws with
    :meth:`_render_common` and :meth:`_render_panel_common`, and provides ``roll``,
    ``_build_panel``, ``_render_panel``, ``_tumble`` and the hooks :meth:`_undone` and
    :meth:`_play_computer_step`.
    """

    _game: Any
    _dice_row: DiceRow
    _speed: float  # seconds between two computer steps, set by the subclass

    def __init__(self, lang: str | None = None, **options: Any) -> None:
        super().__init__(lang=lang, **options)
        self._epoch = 0

    # -- building -------------------------------------------------------------------------
    def _build_common(self) -> None:
        """The widgets both apps have: New game button and panel box, status, Roll, Undo,
        the situation line."""
        shared = self._shared
        self._new_game_button = shared.button("dl-new-game", icon="plus")
        self._new_game_button.on_click(lambda _b: self.open_new_game())
        self._panel: widgets.VBox | None = None  # the New game panel, built when first opened
        self._panel_box = shared.box(widgets.VBox)
        self._status = shared.html("dl-status")
        self._roll_button = shared.button("dl-roll", button_style="primary", icon="refresh")
        self._roll_button.on_click(lambda _b: self.roll())
        self._undo_button = shared.button("dl-undo", icon="undo")
        self._undo_button.on_click(lambda _b: self.undo())
        self._line = shared.html("dl-situation")

    @staticmethod
    def _controls(*children: widgets.Widget) -> widgets.HBox:
        """The row of play buttons (``.dl-controls``)."""
        controls = widgets.HBox(list(children), layout=widgets.Layout(align_items="center"))
        controls.add_class("dl-controls")
        return controls

    def _build_panel_common(self, most: int, count: int, with_computer: bool) -> None:
        """The New game panel's fields both apps have: the player count and rows, the seed,
        the computer's speed, Start and Cancel."""
        self._count_pick = widgets.Dropdown(options=list(range(1, most + 1)), value=count)
        self._count_pick.add_class("dl-player-count")
        self._rows = PlayerRows(with_computer=with_computer, most=most, count=count)
        self._count_pick.observe(lambda c: setattr(self._rows, "count", c["new"]), "value")
        self._seed_text = widgets.Text()
        self._seed_text.add_class("dl-seed")
        self._speed_pick = widgets.Dropdown(options=list(SPEEDS), value="normal")
        self._start_button = widgets.Button(button_style="primary", icon="play")
        self._start_button.add_class("dl-start")
        self._start_button.on_click(lambda _b: self.start())
        self._cancel_button = widgets.Button()
        self._cancel_button.add_class("dl-cancel")
        self._cancel_button.on_click(lambda _b: self.open_new_game(False))

    def _panel_card(self, fields: Sequence[widgets.Widget]) -> widgets.VBox:
        """The New game panel: ``fields``, then Start and Cancel."""
        panel = widgets.VBox([*fields, widgets.HBox([self._start_button, self._cancel_button])])
        for css in ("dl-new-game-panel", "dl-card", "dl-card-info"):
            panel.add_class(css)
        return panel

    def _build_panel(self) -> widgets.VBox:
        """Build the New game panel (subclasses)."""
        raise NotImplementedError

    # -- state ------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The engine's game (the state the app draws)."""
        return self._game

    @property
    def rules(self) -> Any:
        """The rules of the game (for the advisor or the risk panel)."""
        return self._game.rules

    @property
    def dice_buttons(self) -> list[widgets.Button]:
        """The die buttons, left to right."""
        return self._dice_row.buttons

    @property
    def new_game_panel(self) -> widgets.VBox:
        """The New game panel's widgets (built if needed; shown by :meth:`open_new_game`)."""
        if self._panel is None:
            self._panel = self._build_panel()
            self._render_panel(self._lang)
        return self._panel

    def open_new_game(self, show: bool = True) -> None:
        """Show (or hide) the New game panel (built on first opening)."""
        panel = self.new_game_panel if show else None
        self._panel_box.children = [panel] if panel is not None else []

    # -- undo -------------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last move of a human player (the Undo button), with every computer
        move made after it, so that the learner can try another choice.

        The engine pops its log (``Game.pop``); rolling again gives the same dice (they come
        from the seed). Like every change, it takes a new token: a computer step (Penta: or a
        countdown) scheduled before is a no-op.
        """

        def go() -> None:
            depth = self._takeback_depth()
            if not depth:
                raise IllegalMove(NOTHING_TO_UNDO)
            self._undone([self._game.pop() for _ in range(depth)])

        return self.act(go)

    def _takeback_depth(self) -> int:
        """How many ``pop()``s Undo takes: the engine's ``Game.takeback_depth()``."""
        return self._game.takeback_depth()

    def _undone(self, popped: list[Any]) -> None:
        """After an undo popped these moves (latest first): a change of state (subclasses)."""
        raise NotImplementedError

    # -- computer steps ---------------------------------------------------------------------
    def _computer_later(self) -> None:
        """Play the computer's next step in ``speed`` seconds, unless the state changes."""
        token = self._epoch
        self._scheduler.call_later(self._speed, lambda: self._computer_step(token))

    def _computer_step(self, token: int) -> None:
        """One computer step, if the state is still the one ``token`` was taken from."""
        with self._lock:
            if token != self._epoch:
                return

            def go() -> None:
                if self._play_computer_step():  # it rolled: tumble before the faces land
                    self._tumble()

            self.act(go, keep_notices=True)

    def _play_computer_step(self) -> bool:
        """Play one step of the computer, then the change of state; True if it rolled."""
        raise NotImplementedError

    def _tumble(self) -> None:
        """Animate the dice just rolled (subclasses)."""

    # -- drawing ----------------------------------------------------------------------------
    def _render_common(self, lang: str) -> None:
        """Draw the New game and Undo buttons and the situation line."""
        self._new_game_button.description = translate("New game", lang)
        self._new_game_button.tooltip = translate("Set up a new game", lang)
        self._undo_button.description = translate("Undo", lang)
        self._undo_button.tooltip = translate(
            "Take back your last move, and the computer's moves after it", lang
        )
        self._undo_button.disabled = not self._takeback_depth()
        situation = self._game.situation
        self._line.value = (
            f"<code class='dl-muted' title='{esc(translate('Situation', lang))}'>"
            f"{esc(str(situation))}</code>"
            if situation is not None
            else ""
        )

    def _render_panel(self, lang: str) -> None:
        """Draw the New game panel, if built (subclasses)."""

    def _render_panel_common(self, lang: str) -> None:
        """Draw the panel's shared fields (the count picker's label is the app's)."""
        self._rows.render(lang)
        self._seed_text.description = translate("Seed", lang)
        self._seed_text.placeholder = translate("optional: a whole number", lang)
        self._speed_pick.description = translate("Computer speed", lang)
        set_options(self._speed_pick, speed_options(lang))
        self._start_button.description = translate("Start the game", lang)
        self._cancel_button.description = translate("Cancel", lang)
