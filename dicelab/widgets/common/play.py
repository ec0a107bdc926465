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

import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.classroom.plays import save_of
from dicelab.errors import IllegalMove, Said
from dicelab.i18n import N_, Message, msg, translate
from dicelab.widgets.common import saved
from dicelab.widgets.common.base import App, esc, refuse
from dicelab.widgets.common.classmode import (
    CLASS_CSS,
    HINTS_LATER,
    NO_UNDO,
    class_banner_html,
    code_html,
)
from dicelab.widgets.common.dice import DiceRow
from dicelab.widgets.common.forms import SPEEDS, PlayerRows, set_options, speed_options
from dicelab.widgets.common.hubgame import NO_CODE, HubGame, hub_banner_html

__all__ = [
    "GAME_OVER_UNDO",
    "LOG_SIZE",
    "NOTHING_TO_UNDO",
    "PlayApp",
    "end_card_html",
    "set_shown",
]

log = logging.getLogger("dicelab.widgets")

GONE_CSS = ".dl-gone { display: none !important; }\n"
"""Hides a widget that shares the app's one Layout (:func:`set_shown`): no Layout model of its
own (every model costs the page time)."""


def set_shown(widget: widgets.DOMWidget, shown: bool) -> None:
    """Show or hide ``widget`` by the class ``dl-gone`` (its Layout is shared)."""
    if shown:
        widget.remove_class("dl-gone")
    else:
        widget.add_class("dl-gone")


NOTHING_TO_UNDO = msg("Nothing to undo: no player has made a move yet.")
GAME_OVER_UNDO = msg(
    "The game is over: its moves are no longer taken back. Open the review to try "
    "another choice, or start a new game."
)
LOG_SIZE = 8
"""How many of the computer's moves the log keeps (the latest)."""


SHOW_NOTATION = N_(
    "Show this moment of the game written in the notation (for teachers and the curious)"
)
HIDE_NOTATION = N_("Hide the line in notation")


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
    _review: Any  # the Review panel (its button goes in the toolbar)
    _hint_panel: widgets.Widget  # the advisor (Penta) or risk (Farkle) panel

    extra_css = CLASS_CSS + GONE_CSS
    accepts_class_links = True
    """:func:`~dicelab.widgets.launch` reads a class game from the page's URL for this app."""

    def __init__(self, lang: str | None = None, **options: Any) -> None:
        super().__init__(lang=lang, **options)
        self._epoch = 0
        self._computer_log: list[Message] = []  # the computer's moves since a human's action
        self._class_seed: int | None = None  # a class game's seed (set by the subclass)
        self._hub: HubGame | None = None  # a hub's class game (set by the subclass)
        saved.track(self)  # its game is saved after every change (games that survive)

    # -- building -------------------------------------------------------------------------
    def _build_common(self) -> None:
        """The widgets both apps have: New game button and panel box, status, Roll, Undo,
        the situation line."""
        shared = self._shared
        self._new_game_button = shared.button("dl-new-game", icon="plus")
        self._new_game_button.on_click(lambda _b: self.open_new_game())
        self._panel: widgets.VBox | None = None  # the New game panel, built when first opened
        self._panel_box = shared.box(widgets.VBox)
        self._status = shared.html("dl-status", "dl-live")  # read out (aria-live)
        self._roll_button = shared.button("dl-roll", button_style="primary", icon="refresh")
        self._roll_button.on_click(lambda _b: self.roll())
        self._undo_button = shared.button("dl-undo", icon="undo")
        self._undo_button.on_click(lambda _b: self.undo())
        # The engine's notation: a stable format with English keywords, for the curious and the
        # teacher; one click away (hidden, its own layout), not in a learner's way.
        self._line = widgets.HTML(
            layout=widgets.Layout(display="none"),
            style=shared.html_style,
            _dom_classes=("dl-situation",),
        )
        self._notation_button = shared.button("dl-notation-toggle", icon="code")
        self._notation_button.on_click(lambda _b: self.show_notation(not self.notation_shown))
        self._log = shared.html("dl-computer-log", "dl-live")
        # Under the toolbar, in one widget (each costs the browser time): a class game's line
        # (its seed) and the result code's panel, opened by the toolbar's Result code.
        self._class_line = shared.html("dl-class-line")
        self._code_open = False
        self._code_part = ""  # the code panel's HTML, "" while closed
        self._code_button = shared.button("dl-code-toggle", icon="clipboard")
        self._code_button.on_click(lambda _b: self.show_code(not self._code_open))
        self._build_end()

    def _build_end(self) -> None:
        """The end of a game: one card (:meth:`_end_card`) and a "New game" button, shown only
        once the game is over (the Review panel, further down, opens on its own then)."""
        self._end = self._shared.html("dl-end", "dl-live")
        self._end_new_game = self._shared.button(
            "dl-end-new-game", button_style="primary", icon="plus"
        )
        self._end_new_game.on_click(lambda _b: self.open_new_game())
        self._end_box = widgets.VBox([self._end, self._end_new_game])
        self._end_box.add_class("dl-end-box")
        self._end_box.layout.display = "none"

    def _controls(self, *children: widgets.Widget) -> widgets.HBox:
        """The row of play buttons (``.dl-controls``), hidden once the game is over."""
        controls = widgets.HBox(list(children), layout=widgets.Layout(align_items="center"))
        controls.add_class("dl-controls")
        self._controls_row = controls
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

    # -- class mode and result codes ---------------------------------------------------------
    @property
    def class_seed(self) -> int | None:
        """The seed of the class game being played (None: not a class game)."""
        return self._class_seed

    @property
    def in_class_game(self) -> bool:
        """Whether this is a class game (``class_seed=``; a new game from the panel ends it)."""
        return self._class_seed is not None

    @property
    def hints_hidden(self) -> bool:
        """Whether the hints (advisor or risk panel) and the review are hidden: during a class
        game, so that every learner decides alone (a hub's class game: unless the teacher
        allows the hints)."""
        hub = self.hub_game
        if hub is not None and hub.hints:
            return False
        return self.in_class_game and not self._game.is_over

    # -- a hub's class game (dicelab/widgets/common/hubgame.py) -------------------------------
    @property
    def hub_game(self) -> HubGame | None:
        """The hub's class game being played (its dice dealt by the class service), if any."""
        hub = self._hub
        return hub if hub is not None and self._class_seed == hub.number else None

    def _hub_save(self) -> dict[str, Any] | None:
        """The engine's save of the game, while it is the hub's class game (else None)."""
        if self.hub_game is None or getattr(self, "_game", None) is None:
            return None
        return save_of(self._game)

    def _hub_resume(self, load: Callable[[dict[str, Any]], Any]) -> Any | None:
        """The play the class service keeps for this learner, replayed with ``load`` (None:
        none yet). Its rolls' faces come with it, so the replay asks the service nothing."""
        hub = self._hub
        assert hub is not None
        answer = hub.service.play(hub.number, past=True)
        kept = answer.get("save")
        if not kept:
            return None
        hub.dice.learn(answer.get("past") or {})
        hub.sent = json.dumps(kept, sort_keys=True)
        return load(kept)

    def _hub_send(self) -> None:
        """Send the game to the class service if it changed (after every change). If the
        service cannot be reached, the game goes on here and goes with the next roll."""
        hub, save = self.hub_game, self._hub_save()
        if hub is None or save is None:
            return
        text = json.dumps(save, sort_keys=True)
        if text == hub.sent:
            return
        try:
            hub.service.play(hub.number, save=save)
        except IllegalMove as error:
            log.warning("dicelab: class game %s not kept: %s", hub.number, error)
            return
        hub.sent = text

    def _refuse_hints(self, show: bool) -> bool:
        """During a class game, opening a hint panel is refused (True: refused)."""
        if show and self.hints_hidden:
            self.act(refuse(HINTS_LATER))
            return True
        return False

    @property
    def result_code(self) -> str | None:
        """The result code of the game so far (:func:`dicelab.classroom.result_code`), or
        None for a game that has none (rules of one's own...)."""
        code = self._code()
        return code if isinstance(code, str) else None

    def _code(self) -> str | Said:
        """The game's result code, or the message saying why it has none."""
        from dicelab.classroom.codes import result_code

        if self.hub_game is not None:
            return NO_CODE  # the class service keeps the game: the teacher sees it

        try:
            return result_code(self._game)
        except IllegalMove as error:
            return error.message

    @property
    def code_shown(self) -> bool:
        """Whether the result code panel (the toolbar's **Result code**) is open (it shows
        only during the game: at the end, the end card has the code)."""
        return self._code_open

    @property
    def code_panel_html(self) -> str:
        """The result code panel's HTML ("" while closed, and at the end of the game)."""
        return self._code_part

    def show_code(self, show: bool = True) -> None:
        """Show (or hide) the result code of the game so far, as the Result code button does
        (at the end of the game the end card shows the code of the whole game)."""
        with self._lock:
            self._code_open = bool(show)
            self._render_class(self._lang)

    def _render_code(self, lang: str) -> str:
        """Draw the Result code button; the code panel's HTML (empty when closed)."""
        shown = self._code_open
        self._code_button.description = translate("Result code", lang)
        self._code_button.tooltip = (
            translate("Hide the result code", lang)
            if shown
            else translate("Show the result code of the game so far, to give to your teacher", lang)
        )
        if not shown or self._game.is_over:
            return ""
        code = code_html(self._code(), lang, over=False)
        return f'<div class="dl-card dl-card-info dl-code-panel">{code}</div>'

    def _render_class(self, lang: str) -> None:
        """A class game's line (its seed), and what a class game hides: Undo always; during
        the game, New game, the hints and the review; at the end, the Result code button
        (the end card shows the code)."""
        over = bool(self._game.is_over)
        seed = self._class_seed
        computer = any(_is_computer(seat) for seat in self._game.seats)
        hub = self.hub_game
        if hub is not None:
            banner = hub_banner_html(hub, lang, over)
        else:
            banner = "" if seed is None else class_banner_html(seed, lang, computer, over)
        self._code_part = self._render_code(lang)
        if self._class_line.value != banner + self._code_part:
            self._class_line.value = banner + self._code_part
        hidden = self.hints_hidden
        if hidden:
            if self._review.is_open:
                self._review.hide()
            if getattr(self._hint_panel, "is_open", False):
                self._hint_panel.toggle(False)
        for widget, hide in (
            (self._undo_button, self.in_class_game),
            (self._new_game_button, hidden),
            (self._review.button, hidden),
            (self._review, hidden),
            (self._hint_panel, hidden),
            (self._code_button, over),
        ):
            if hide:
                widget.add_class("dl-class-hidden")
            else:
                widget.remove_class("dl-class-hidden")

    def _end_code(self, lang: str) -> str:
        """The result code's part of the end card (the main part in a class game)."""
        return code_html(self._code(), lang, over=True, main=self.in_class_game)

    # -- undo -------------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last move of a human player (the Undo button), with every computer
        move made after it, so that the learner can try another choice.

        The engine pops its log (``Game.pop``); rolling again gives the same dice (they come
        from the seed). Like every change, it takes a new token: a computer step (Penta: or a
        countdown) scheduled before is a no-op.
        """

        def go() -> None:
            if self._game.is_over:
                raise IllegalMove(GAME_OVER_UNDO)
            if self.in_class_game:
                raise IllegalMove(NO_UNDO)
            depth = self._takeback_depth()
            if not depth:
                raise IllegalMove(NOTHING_TO_UNDO)
            self._undone([self._game.pop() for _ in range(depth)])

        return self.act(go)

    def _takeback_depth(self) -> int:
        """How many ``pop()``s Undo takes: the engine's ``Game.takeback_depth()``; 0 once the
        game is over (the review is where a finished game is looked back at) and in a class
        game (every first choice counts)."""
        if self._game.is_over or self.in_class_game:
            return 0
        return self._game.takeback_depth()

    # -- a human's action and the computer's log ---------------------------------------------
    def act(self, action: Callable[[], object], keep_notices: bool = False) -> bool:
        """:meth:`App.act`; an action that does not keep the notices is a human's: once
        accepted, it also clears the log of the computer's moves (refused, the log stays)."""
        if keep_notices:
            return super().act(action, keep_notices=True)

        def human() -> None:
            kept = list(self._computer_log)
            self._computer_log.clear()  # cleared first: computer moves it causes are logged
            try:
                action()
            except Exception:
                self._computer_log[:] = kept
                raise

        return super().act(human)

    def _game_ended(self) -> None:
        """The game is over: the notices and the computer's log are cleared (the end card
        says how it ended; nothing stale stays above it)."""
        self._notices = []
        self._computer_log.clear()

    def _log_computer(self, *entries: Message) -> None:
        """Add what the computer just did to the log (the latest :data:`LOG_SIZE` kept)."""
        self._computer_log.extend(entries)
        del self._computer_log[:-LOG_SIZE]

    @property
    def computer_log(self) -> list[str]:
        """The computer's moves since a human's last action, in words, newest last (the
        latest :data:`LOG_SIZE`), in the app's language."""
        return [entry.render(self._lang) for entry in self._computer_log]

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
    def render(self) -> None:
        """:meth:`App.render`, then the game saved for its page (:mod:`.saved`)."""
        with self._lock:
            super().render()
            saved.publish(self)
            self._hub_send()

    def _render_common(self, lang: str) -> None:
        """Draw the New game and Undo buttons and the situation line."""
        self._new_game_button.description = translate("New game", lang)
        self._new_game_button.tooltip = translate("Set up a new game", lang)
        self._undo_button.description = translate("Undo", lang)
        self._undo_button.tooltip = translate(
            "Take back your last move, and the computer's moves after it", lang
        )
        self._undo_button.disabled = not self._takeback_depth()
        self._render_class(lang)
        self._render_log(lang)
        self._render_notation_button(lang)
        situation = self._game.situation
        self._line.value = (
            f"<code class='dl-muted' title='{esc(translate('Situation', lang))}'>"
            f"{esc(str(situation))}</code>"
            if situation is not None
            else ""
        )

    def _toolbar(self, review_button: widgets.Widget) -> widgets.HBox:
        """The row above the game: New game, Review, Result code and Notation (the body puts
        :meth:`_under_toolbar` right below it)."""
        return self._shared.box(
            widgets.HBox,
            [self._new_game_button, review_button, self._code_button, self._notation_button],
        )

    def _under_toolbar(self) -> list[widgets.Widget]:
        """What goes right under the toolbar: a class game's line, the result code's panel."""
        return [self._class_line]

    @property
    def notation_shown(self) -> bool:
        """Whether the engine's notation line is shown under the dice."""
        return self._line.layout.display != "none"

    def show_notation(self, show: bool = True) -> None:
        """Show (or hide) the engine's notation line, as the Notation button does."""
        self._line.layout.display = None if show else "none"
        self._render_notation_button(self.lang)

    def _render_notation_button(self, lang: str) -> None:
        shown = self.notation_shown
        self._notation_button.description = translate("Notation", lang)
        self._notation_button.tooltip = translate(HIDE_NOTATION if shown else SHOW_NOTATION, lang)

    def _render_log(self, lang: str) -> None:
        """The computer's moves since the human's last action, newest last (none at the end:
        the end card says how the game ended)."""
        if not self._computer_log or self._game.is_over:
            self._log.value = ""
            return
        items = "".join(f"<li>{esc(entry.render(lang))}</li>" for entry in self._computer_log)
        head = esc(translate("The computer's moves, newest last:", lang))
        self._log.value = (
            f'<div class="dl-card dl-card-info dl-computer-moves">'
            f"<strong>{head}</strong><ol>{items}</ol></div>"
        )

    def _render_end(self, lang: str, *play_buttons: widgets.Button) -> None:
        """Once the game is over: the end card and "New game" shown, the play controls and
        the dice hidden, and the ``play_buttons`` (Roll, Bank or Validate) disabled and
        reading "Game over" (called last by the subclass's drawing)."""
        over = bool(self._game.is_over)
        self._end_box.layout.display = None if over else "none"
        self._end.value = self._end_card(lang) if over else ""
        self._end_new_game.description = translate("New game", lang)
        self._end_new_game.button_style = "" if self.in_class_game else "primary"
        self._end_new_game.tooltip = translate("Set up a new game", lang)
        hidden = "none" if over else None
        self._controls_row.layout.display = hidden
        self._dice_row.layout.display = hidden
        if over:
            self._line.value = ""  # the end card says where the game ended
            for button in play_buttons:
                button.description = translate("Game over", lang)
                button.tooltip = translate("The game is over: start a new game", lang)
                button.disabled = True
            self._undo_button.tooltip = GAME_OVER_UNDO.render(lang)

    def _end_card(self, lang: str) -> str:
        """The HTML of the one end-of-game card: the winner(s) and the totals (subclasses)."""
        raise NotImplementedError

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


def _is_computer(seat: Any) -> bool:
    """Whether a seat (of either game) is played by the computer."""
    return bool(getattr(seat, "is_computer", getattr(seat, "computer", False)))


def end_card_html(
    title: Message,
    winners: Sequence[str],
    table: str,
    lang: str,
    note: str = "",
    code: str = "",
    code_first: bool = False,
) -> str:
    """The one end-of-game card: ``title``, the winner(s) by name, the totals ``table`` (its
    rows' HTML), a ``note``, and the result ``code``'s HTML (right after the title when
    ``code_first``: a class game's main thing).

    >>> card = end_card_html(msg("Game over"), ["Ada"], "<tr><td>Ada</td></tr>", "en")
    >>> "Winner: Ada" in card and card.count("dl-banner") == 1
    True
    """
    names = ", ".join(winners)
    line = (
        translate("Winner: {names}", lang, names=names)
        if len(winners) == 1
        else translate("Winners (a tie): {names}", lang, names=names)
    )
    extra = f'<p class="dl-muted">{esc(note)}</p>' if note else ""
    first, last = (code, "") if code_first else ("", code)
    return (
        '<div class="dl-card dl-card-success dl-end-card">'
        f'<div class="dl-banner">{esc(title.render(lang))}</div>{first}'
        f'<p class="dl-winners"><b>{esc(line)}</b></p>'
        f'<table class="dl-table">{table}</table>{extra}{last}</div>'
    )
