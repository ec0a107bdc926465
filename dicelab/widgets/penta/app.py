"""The Penta app: a New game panel, dice to hold, every scorecard, the 3-second auto-score,
computer players step by step, an advisor panel and the end screen.

Drive it with the mouse, the keyboard (every die and box is a button: Tab, then Enter or
Space), or from Python with the methods that mirror the clicks:

>>> from dicelab.widgets.common.timer import ManualScheduler
>>> app = PentaApp(players=["Ada", "Bob"], seed=2026, lang="en", animate=False,
...                scheduler=ManualScheduler())
>>> app.roll()
True
>>> [b.description for b in app.dice_buttons]
['3', '3', '4', '6', '4']
>>> app.hold(0), app.dice_buttons[0].description
(True, '3, held')
>>> app.select("threes"), app.validate()
(True, True)
>>> app.game.cards[0].filled
{'threes': 6}

All rules are the engine's (:class:`dicelab.penta.Game`); the app keeps the game, the
language code and display choices (the selected box, open panels), nothing else.

**One commit path.** A box is scored only by :meth:`PentaApp._commit`, under a lock, with
the token (``epoch``) of the state it was meant for; every change of state makes a new token
and cancels the countdown, so a click and the auto-score timer can never both score, and
the timer dies with the turn.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from dicelab.classroom.client import ClassService
from dicelab.errors import IllegalMove
from dicelab.i18n import Message, format_number, msg, nmsg, plural, translate
from dicelab.numbers import SCORE_PLACES, parse_whole, show_value
from dicelab.penta import Game
from dicelab.penta import players as players_registry
from dicelab.penta import save as penta_save
from dicelab.penta.game import MAX_SEATS, TURNS, Hold, Roll, Score
from dicelab.penta.rules import BOX_NAMES, PRESETS, Rules
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import Notice, esc, refuse
from dicelab.widgets.common.classmode import check_class_game
from dicelab.widgets.common.dice import DiceRow, DieState, DieView, dice_text, die_position
from dicelab.widgets.common.forms import SPEEDS, read_seed, read_speed, set_options
from dicelab.widgets.common.hubgame import open_hub_game
from dicelab.widgets.common.play import PlayApp, end_card_html, set_shown
from dicelab.widgets.common.timer import Countdown
from dicelab.widgets.labels import (
    COMPUTER_NAME,
    DEFAULT_NAME,
    PENTA_PRESET_LABELS,
    seat_label,
    seat_name,
)
from dicelab.widgets.penta.advice import PentaAdvisor, action_label, solver_cached
from dicelab.widgets.penta.card import SCORECARD_CSS, CellView, ScorecardGrid
from dicelab.widgets.penta.review import PentaReviewPanel

__all__ = ["SPEEDS", "PentaApp"]

AUTO_SCORE_DELAY = 3.0
"""The play app's default (a rule of the seed): the last roll is scored 3 s after it, with a
countdown on screen and a **Stop the timer** button; ``?autoscore=off`` in a page's URL, the
``auto_score`` option (a teacher's notebook) or the New game panel turn it off."""
MAX_AUTO_SCORE = 60
SPOKEN_CSS = """
.dl-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
"""
"""Words for screen readers only (the countdown's sentence)."""
CLASS_PLAYER = "optimal"
"""The computer player of a class game: the same for everyone, and the best there is."""
_KEEP_ROWS = 10
log = logging.getLogger("dicelab.widgets")


def _box(box: str) -> Message:
    return msg(BOX_NAMES[box])


class PentaApp(PlayApp):
    """Play Penta: 1 to 6 players, any of them played by the computer.

    ``players``: the names (default: one human and the computer); ``computer``: the seat
    numbers the computer plays; ``rules``: a preset name or a house's ``Rules``; ``seed``: the dice;
    ``auto_score``: seconds before the last roll is scored automatically (None or 0: off);
    ``speed``: seconds between a computer player's steps (0: all at once); ``lang``: the
    language (default: ``?lang=`` of a Voilà URL, else the environment); ``scheduler`` and
    ``animate`` are for tests; ``auto_review``: the Review panel opens at the game's end.

    ``class_game``: a hub's class game (its number), kept and dealt by the class service
    (``service``, default: this learner server's; :mod:`dicelab.widgets.common.hubgame`).

    ``class_seed``: a **class game** (``docs/classroom.md``), the same for everyone given this
    seed: duplicate dice, one learner against the optimal computer player (``solo=True``:
    alone), no auto-score, no undo, the advisor and the review hidden until the game is
    over, the seed shown, the result code the main thing of the end card. It chooses its own
    players, computer seats, seed and computer player (leave them out); ``rules`` may be a
    preset.

    Driving methods: :meth:`roll`, :meth:`hold`, :meth:`select`, :meth:`validate`,
    :meth:`score`, :meth:`undo`, :meth:`new_game`, :meth:`open_new_game`, :meth:`start`,
    :meth:`open_advisor`, :meth:`set_language`.
    """

    title = msg("Play Penta")  # the page's heading says "Penta": not twice (issue 25)
    css_class = "dl-penta"
    extra_css = PlayApp.extra_css + SCORECARD_CSS + SPOKEN_CSS

    def __init__(
        self,
        players: Sequence[str] | None = None,
        computer: Iterable[int] | None = None,
        rules: str | Rules | None = None,
        seed: int | None = None,
        auto_score: float | None = AUTO_SCORE_DELAY,
        speed: float = SPEEDS["normal"],
        computer_player: str | None = None,
        lang: str | None = None,
        auto_review: bool = True,
        class_seed: int | str | None = None,
        solo: bool = False,
        class_game: int | None = None,
        service: ClassService | None = None,
        **options: Any,
    ) -> None:
        super().__init__(lang=lang, **options)
        if class_game is not None:  # a hub's class game: its settings from the class service
            if class_seed is not None or solo:
                raise IllegalMove(msg("A class game of the class server chooses its own seed."))
            self._hub = open_hub_game(class_game, "penta", service, self._hub_save)
            class_seed, solo = class_game, not self._hub.settings["computer"]
            rules = self._hub.settings["rules"]
        self._class_seed = check_class_game(
            class_seed,
            solo,
            players=players,
            computer=computer,
            seed=seed,
            computer_player=computer_player,
        )
        if self._class_seed is not None:
            seed, auto_score, computer_player = self._class_seed, None, CLASS_PLAYER
            learner = None if self._hub is None else self._hub.learner
            players = [learner or translate(DEFAULT_NAME, self._lang, n=1)]
            if not solo:
                players.append(translate(COMPUTER_NAME, self._lang))
            computer = () if solo else (1,)
        self._review = PentaReviewPanel(self, auto_review=auto_review)  # Review (issue 12)
        self._player_name = computer_player  # a registered player; None: the default one
        self._preparing = False
        self._selected: str | None = None
        self._auto_score = _delay(auto_score)
        self._speed = read_speed(speed)
        self._countdown = Countdown(self._scheduler, on_tick=self._tick)
        if players is None:
            players = [
                translate(DEFAULT_NAME, self._lang, n=1),
                translate(COMPUTER_NAME, self._lang),
            ]
            computer = (1,) if computer is None else computer
        self._game = Game(
            players,
            self._computer_seats(computer),
            rules,
            read_seed(seed),
            duplicate=self._class_seed is not None,
            dice=None if self._hub is None else self._hub.dice,
        )
        if self._hub is not None:  # a second tab, a reload: the play the service keeps
            dice = self._hub.dice
            kept = self._hub_resume(lambda save: penta_save.load(partial(Game, dice=dice), save))
            self._game = kept or self._game
        self._build()
        self._install(self._game)
        self.render()

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        self._build_common()
        shared = self._shared
        self._prep_bar: widgets.FloatProgress | None = None  # built if tables must be built
        self._prep_label = shared.html()
        self._prep_box = shared.box(widgets.HBox)
        self._dice_row = DiceRow(5, self.hold, shared)
        self._validate_button = shared.button("dl-validate", button_style="success", icon="check")
        self._validate_button.on_click(lambda _b: self.validate())
        self._countdown_label = shared.html("dl-countdown")
        # WCAG 2.2.1 (timing adjustable): the learner can stop the countdown at any time.
        # It is made when a countdown first starts: a page opens with one widget fewer.
        self._stop_timer_button: widgets.Button | None = None
        self._grid_box = shared.box(widgets.Box)
        self._advisor = PentaAdvisor(self)
        self._hint_panel = self._advisor
        controls = self._controls(
            self._roll_button,
            self._validate_button,
            self._undo_button,
            self._countdown_label,
        )
        self._body.children = [
            self._toolbar(self._review.button),
            *self._under_toolbar(),
            self._panel_box,
            self._status,
            self._end_box,
            self._log,
            self._prep_box,
            self._dice_row,
            controls,
            self._line,
            self._grid_box,
            self._review,
            self._advisor,
        ]

    def _build_panel(self) -> widgets.VBox:
        self._build_panel_common(most=MAX_SEATS, count=2, with_computer=True)
        self._rows.computer[1].value = True
        self._rules_pick = widgets.Dropdown(options=self._rules_options(self._lang))
        self._rules_pick.value = self._rules_choice()
        self._auto_check = widgets.Checkbox(value=True, indent=False)
        self._auto_check.add_class("dl-auto-score")
        # Text, not a number box (which empties itself on "abc" without a word): Start reads
        # it, and a refusal says what is allowed.
        self._delay_pick = widgets.Text(value="3", layout=widgets.Layout(width="220px"))
        self._delay_pick.add_class("dl-auto-delay")
        self._panel_title = widgets.HTML()
        return self._panel_card(
            [
                self._panel_title,
                self._count_pick,
                self._rows,
                self._rules_pick,
                self._seed_text,
                widgets.HBox([self._auto_check, self._delay_pick]),
                self._speed_pick,
            ]
        )

    def _install(self, game: Game) -> None:
        """Make ``game`` the app's game (new grid if the number of seats changed)."""
        self._game = game
        grid = getattr(self, "_grid", None)
        if grid is None or grid.seats != len(game.seats):
            self._grid = ScorecardGrid(len(game.seats), self.select, self._shared)
            self._grid_box.children = [self._grid]
        self._selected = None
        self._after_change()

    # -- state ------------------------------------------------------------------------------
    @property
    def review_panel(self) -> PentaReviewPanel:
        """The Review panel (its button is in the toolbar)."""
        return self._review

    @property
    def selected(self) -> str | None:
        """The box selected for "Validate turn", if any."""
        return self._selected

    @property
    def countdown(self) -> int | None:
        """Seconds left before the auto-score (None when not counting)."""
        return self._countdown.remaining

    @property
    def auto_score(self) -> float | None:
        """The auto-score delay in seconds (None: off)."""
        return self._auto_score

    def box_button(self, box: str, seat: int | None = None) -> widgets.Button | CellView:
        """The scorecard cell of ``box`` in ``seat``'s column (default: the player to move):
        a button where a click is possible (an open box of a human to move, dice rolled),
        else a :class:`~dicelab.widgets.penta.card.CellView` of what it shows."""
        seat = self._game.current_seat if seat is None else seat
        return self._grid.cell(box, seat or 0)

    # -- intents ----------------------------------------------------------------------------
    def roll(self) -> bool:
        """Roll the dice that are not held (the Roll button)."""

        def go() -> None:
            self._check_human()
            self._game.roll()
            self._tumble()  # before the new faces are drawn: they land when the dice stop
            self._after_change()

        return self.act(go)

    def hold(self, position: int) -> bool:
        """Hold the die at ``position`` (0-4), or release it if held (pressing the die)."""

        def go() -> None:
            self._check_human()
            self._game.toggle(die_position(position, len(self._dice_row.buttons)))
            self._after_change()

        return self.act(go)

    def select(self, box: str) -> bool:
        """Select ``box`` for "Validate turn" (pressing the box in the scorecard)."""

        def go() -> None:
            self._check_human()
            self._game.copy().score(box)  # a dry run: the engine says if the box may take it
            self._selected = box

        return self.act(go, keep_notices=False)

    def validate(self) -> bool:
        """Score the selected box ("Validate turn")."""
        with self.lock:
            box = self._selected
            if box is None:
                return self.act(refuse(msg("Select a box in your scorecard first.")))
            return self._commit(box, self._epoch)

    def score(self, box: str) -> bool:
        """Select ``box`` and validate the turn at once."""
        return self.select(box) and self.validate()

    def _undone(self, popped: list[Any]) -> None:
        """The selected box is kept within a turn, cleared if a score is taken back; back at
        a last roll, a fresh countdown starts."""
        if any(isinstance(move, Score) for move in popped):
            self._selected = None
        self._after_change()

    def new_game(
        self,
        players: Sequence[str] | None = None,
        computer: Iterable[int] = (),
        rules: str | Rules | None = None,
        seed: int | str | None = None,
        auto_score: float | bool | str | None = True,
        speed: float | None = None,
    ) -> bool:
        """Start a new game (what the New game panel's Start button does).

        ``auto_score=True`` keeps the current delay; a number sets it; None/False/0 turns
        it off. ``speed=None`` keeps the computer's speed.
        """

        def go() -> None:  # everything is checked before anything changes
            names = list(players) if players is not None else [translate(DEFAULT_NAME, n=1)]
            seats = self._computer_seats(computer)
            game = Game(names, seats, rules, read_seed(seed))
            delay = self._auto_score if auto_score is True else _delay(auto_score)
            seconds = self._speed if speed is None else read_speed(speed)
            self._auto_score, self._speed = delay, seconds
            self._class_seed = None  # a game of one's own: the class game is left
            self._panel_box.children = []
            self._install(game)  # a new token: the old game's scheduled steps are void

        return self.act(go)

    def start(self) -> bool:
        """Start the game set up in the New game panel."""
        self.new_game_panel  # noqa: B018  (builds it if it was never opened)
        rows = self._rows
        return self.new_game(
            players=rows.chosen_names(self._lang),
            computer=rows.chosen_computer(),
            rules=self._rules_pick.value,
            seed=self._seed_text.value,
            auto_score=_typed_delay(self._delay_pick.value) if self._auto_check.value else None,
            speed=self._speed_pick.value,
        )

    def stop_timer(self) -> bool:
        """Turn the auto-score off for this game (the **Stop the timer** button): the
        countdown stops and the learner chooses the box. The New game panel turns it on again.
        """

        def go() -> None:
            if self._auto_score is None:
                raise IllegalMove(msg("The auto-score is already off: choose a box yourself."))
            self._auto_score = None
            self._countdown.cancel()
            self._notices = [
                Notice(
                    "info",
                    msg(
                        "The timer is off: choose a box and press Validate turn. The New game "
                        "panel can turn it on again."
                    ),
                )
            ]

        return self.act(go)

    @staticmethod
    def page_options(query: str) -> dict[str, Any]:
        """What a page's URL asks of the app besides a class game: ``autoscore=off`` (also
        ``0``, ``no``, ``false``) turns the 3-second auto-score off, ``autoscore=5`` sets it to
        5 seconds (up to 60). Anything else is refused, saying what is allowed.

        >>> PentaApp.page_options("lang=fr&autoscore=off"), PentaApp.page_options("autoscore=5")
        ({'auto_score': None}, {'auto_score': 5.0})
        >>> PentaApp.page_options("lang=fr")
        {}
        """
        values = parse_qs(query.lstrip("?"), keep_blank_values=True).get("autoscore")
        if not values:
            return {}
        text = values[-1].strip().casefold()
        if text in ("off", "0", "no", "false"):
            return {"auto_score": None}
        try:
            seconds = parse_whole(text)
        except IllegalMove:
            seconds = None
        if seconds is None or not 1 <= seconds <= MAX_AUTO_SCORE:
            raise IllegalMove(
                msg(
                    "autoscore in the page's address is off, or a whole number of seconds from "
                    "1 to {most}; not {value}.",
                    most=MAX_AUTO_SCORE,
                    value=show_value(values[-1]),
                )
            )
        return {"auto_score": float(seconds)}

    def open_advisor(self, show: bool = True) -> None:
        """Open (or close) the advisor panel (refused during a class game)."""
        if not self._refuse_hints(show):
            self._advisor.toggle(show)

    # -- the one commit path ----------------------------------------------------------------
    def _commit(self, box: str, token: int, auto: bool = False) -> bool:
        """Score ``box`` if the state is still the one ``token`` was taken from."""
        with self._lock:
            if token != self._epoch:
                return False
            game = self._game
            player = game.current_player

            def go() -> None:
                self._check_human()
                points = game.score(box)
                self._after_change()
                if auto and player is not None and not game.is_over:
                    self._notices = [
                        Notice(
                            "info",
                            nmsg(
                                "Time is up: {player}'s roll went in {box} ({n} point).",
                                "Time is up: {player}'s roll went in {box} ({n} points).",
                                points,
                                player=seat_label(player.name),
                                box=_box(box),
                            ),
                        )
                    ]

            return self.act(go)

    def _auto_fire(self, token: int) -> None:
        with self._lock:
            if token != self._epoch:
                return
            box = self._selected
            if box is None:
                choice = self._game.computer_choice(self._player_name)
                if not isinstance(choice, str):
                    return
                box = choice
            self._commit(box, token, auto=True)

    def _check_human(self) -> None:
        seat = self._game.current_player
        if seat is not None and seat.is_computer:
            raise IllegalMove(
                msg(
                    "It is {player}'s turn, and the computer is playing it.",
                    player=seat_label(seat.name),
                )
            )

    # -- what follows a change: the countdown, computer turns ------------------------------
    def _after_change(self) -> None:
        """Every change of state: new token, countdown stopped, follow-ups scheduled."""
        self._epoch += 1
        self._countdown.cancel()
        if self._selected is not None and self._selected not in self._game.options():
            self._selected = None
        game = self._game
        if game.is_over:
            self._game_ended()
            return
        seat = game.current_player
        computer = seat is not None and seat.is_computer
        timer = not computer and game.dice is not None and game.rolls_left == 0
        delay = self._auto_score if timer else None
        if not (computer or delay) or not self._players_ready():
            return
        if computer:
            self._schedule_computer()
        elif delay:
            token = self._epoch
            self._countdown.start(delay, lambda: self._auto_fire(token))

    def _computer_seats(self, computer: Iterable[int] | Mapping[int, str] | None) -> Any:
        """The engine's seat -> player mapping: the app's computer player for each seat."""
        if isinstance(computer, Mapping):
            return dict(computer)
        return {int(seat): self._player_name for seat in (computer or ())}

    # -- computer players whose tables are not built yet -----------------------------------
    def _players_ready(self) -> bool:
        """True if every computer player of this game can answer at once; otherwise start
        building their tables in the background (a progress bar shows) and return False:
        the follow-ups resume when the build ends."""
        if self._preparing:
            return False
        unready = self._unready_solvers()
        if not unready:
            return True
        self._prepare(unready)
        return False

    def _unready_solvers(self) -> list[Any]:
        game = self._game
        names = {seat.player for seat in game.seats if seat.is_computer}
        if self._auto_score:
            names.add(self._player_name or players_registry.default_name())
        unready = []
        for name in names:
            solver_of = getattr(players_registry.get(name), "solver", None)
            if solver_of is None:
                continue
            solver = solver_of(game.rules)
            if not solver_cached(solver):
                unready.append(solver)
        return unready

    def _prepare(self, solvers: list[Any]) -> None:
        self._preparing = True
        bar = self._preparation_bar()
        bar.value = 0.0
        bar.layout.display = None

        def report(fraction: float) -> None:
            bar.value = min(1.0, max(0.0, float(fraction)))

        def work() -> None:
            try:
                for solver in solvers:
                    solver.build(progress=report)
            except Exception:
                log.exception("dicelab: preparing the computer player failed")
            finally:
                with self.lock:  # a click may be drawing the app right now
                    self._preparing = False
                    bar.layout.display = "none"
                self._later(0, self._after_change)

        run_in_background(work)

    def _preparation_bar(self) -> widgets.FloatProgress:
        if self._prep_bar is None:
            self._prep_bar = widgets.FloatProgress(min=0.0, max=1.0)
            self._prep_bar.add_class("dl-preparing")
            self._prep_box.children = [self._prep_label, self._prep_bar]
        return self._prep_bar

    def _schedule_computer(self) -> None:
        if self._speed <= 0:
            game = self._game
            while not game.is_over and game.current_player.is_computer:
                seat = game.current_player
                move = game.play_computer_step()  # logged as at any speed (read out)
                self._log_computer(*self._computer_words(seat, move))
                self._epoch += 1
            self._after_change()
            return
        self._computer_later()

    def _play_computer_step(self) -> bool:
        """One step of the computer, into its log: the notices stay (they are the human's)."""
        seat = self._game.current_player
        move = self._game.play_computer_step()
        self._log_computer(*self._computer_words(seat, move))
        self._after_change()
        return isinstance(move, Roll)

    def _computer_words(self, seat: Any, move: Any) -> list[Message]:
        """A computer's move in words, for its log (the dice read from the game after it)."""
        who = seat_label(seat.name)
        if isinstance(move, Score) and move.points is not None:  # the log's scores have them
            text = nmsg(
                "{player} scored {n} point in {box}.",
                "{player} scored {n} points in {box}.",
                move.points,
                player=who,
                box=_box(move.box),
            )
            return [text]
        dice = self._game.dice
        if isinstance(move, Hold) and dice is not None:
            if not move.positions:
                return [msg("{player} holds no dice and rolls all five again.", player=who)]
            held = dice_text(sorted(dice[i] for i in move.positions))
            return [msg("{player} holds {dice} to roll again.", player=who, dice=held)]
        if isinstance(move, Roll) and dice is not None:
            return [msg("{player} rolled {dice}.", player=who, dice=dice_text(dice))]
        return []

    def _tumble(self) -> None:
        if self._animate and self._game.dice is not None:
            held = self._game.held
            self._dice_row.animate([i for i in range(5) if i not in held], self._scheduler)

    def _tick(self, _left: int | None) -> None:
        self._countdown_label.value = self._countdown_html(self._lang)
        self._render_stop_button(self._lang)

    def _render_stop_button(self, lang: str) -> None:
        """The **Stop the timer** button, shown while the countdown runs (made then)."""
        counting = self._countdown.remaining is not None
        button = self._stop_timer_button
        if button is None:
            if not counting:
                return
            button = self._shared.button("dl-stop-timer", icon="pause")
            button.on_click(lambda _b: self.stop_timer())
            self._stop_timer_button = button
            self._controls_row.children = (*self._controls_row.children, button)
        button.description = translate("Stop the timer", lang)
        button.tooltip = translate(
            "Turn the automatic scoring off for this game: you choose the box", lang
        )
        set_shown(button, counting)

    # -- drawing ----------------------------------------------------------------------------
    def _render(self, lang: str) -> None:
        game = self._game
        seat = game.current_player
        human = seat is not None and not seat.is_computer
        self._render_common(lang)
        self._render_panel(lang)
        self._status.value = self._status_html(lang)
        preparing = translate("Preparing the computer player's tables…", lang)
        self._prep_label.value = esc(preparing) if self._preparing else ""
        self._render_dice(lang, human)
        rolls = game.rolls_left
        self._roll_button.description = plural(
            "Roll ({n} roll left)", "Roll ({n} rolls left)", rolls, lang
        )
        self._roll_button.tooltip = translate("Roll the dice that are not held", lang)
        self._roll_button.disabled = not human or rolls == 0
        self._validate_button.description = translate("Validate turn", lang)
        self._validate_button.tooltip = translate("Score the selected box", lang)
        self._validate_button.disabled = not human or self._selected is None
        self._countdown_label.value = self._countdown_html(lang)
        self._render_stop_button(lang)
        self._grid.show(game, lang, self._selected, human and game.dice is not None)
        self._advisor.render(lang)
        self._render_end(lang, self._roll_button, self._validate_button)
        self._review.render(lang)  # opens on its own at the game's end (auto_review)

    def _render_dice(self, lang: str, human: bool) -> None:
        game = self._game
        dice, held = game.dice, game.held
        can_hold = human and dice is not None and game.rolls_left > 0
        views = []
        for i in range(5):
            face = None if dice is None else dice[i]
            state: DieState = "held" if i in held else "free"
            hint = msg("Release this die") if state == "held" else msg("Hold this die")
            views.append(DieView(face, state, can_hold, hint if can_hold else None))
        self._dice_row.show(views, lang)

    def _render_panel(self, lang: str) -> None:
        if self._panel is None:
            return
        self._panel_title.value = f"<b>{esc(translate('New game', lang))}</b>"
        self._count_pick.description = translate("Players", lang)
        self._rules_pick.description = translate("Rules", lang)
        set_options(self._rules_pick, self._rules_options(lang))
        self._auto_check.description = translate("Auto-score after the last roll", lang)
        self._delay_pick.description = translate("Seconds", lang)
        self._render_panel_common(lang)

    def _rules_choice(self) -> str | Rules:
        """The New game panel's rules at first: the game's (a preset by its name)."""
        rules = self._game.rules
        return rules.name if PRESETS.get(rules.name) == rules else rules

    def _rules_options(self, lang: str) -> list[tuple[str, str | Rules]]:
        """The presets, and a house's rules if the game is played under them."""
        options: list[tuple[str, str | Rules]] = [
            (translate(PENTA_PRESET_LABELS[n], lang), n) for n in PRESETS
        ]
        choice = self._rules_choice()
        if isinstance(choice, Rules):
            options.append((translate("House rules", lang), choice))
        return options

    def _status_html(self, lang: str) -> str:
        game = self._game
        seat = game.current_player
        if seat is None:
            return ""  # the end card (:meth:`_end_card`) says it
        text = translate(
            "{player} to play · round {turn} of {turns}",
            lang,
            player=seat_name(seat.name, lang),
            turn=game.turn_number,
            turns=TURNS,
        )
        if seat.is_computer:
            text += " · " + translate("the computer is playing", lang)
        parts = [f"<b>{esc(text)}</b>"]
        notice = game.notice()
        if notice is not None:
            parts.append(
                '<div class="dl-card dl-card-warning dl-sacrifice" role="status">'
                f"{esc(notice.render(lang))}</div>"
            )
        parts += [
            f'<div class="dl-card dl-card-info dl-forbidden-why" role="status">{esc(reason)}</div>'
            for reason in _forbidden_reasons(game, lang)
        ]
        bonus = _penta_bonus_note(game, self._selected, lang)
        if bonus:
            parts.append(
                f'<div class="dl-card dl-card-info dl-bonus-why" role="status">{esc(bonus)}</div>'
            )
        return "".join(parts)

    def _countdown_html(self, lang: str) -> str:
        """The countdown, seen and heard: the seconds tick in a ``timer`` (not read out at
        every tick), and a polite status says once, in words, what will happen and how to
        stop it."""
        left = self._countdown.remaining
        if left is None:
            return ""
        text = translate("Scoring automatically in {n} s", lang, n=left)
        said = plural(
            "The best box for these dice will be scored automatically in {n} second, unless "
            "you choose one or stop the timer.",
            "The best box for these dice will be scored automatically in {n} seconds, unless "
            "you choose one or stop the timer.",
            math.ceil(self._auto_score or left),
            lang,
        )
        return (
            f'<span class="dl-countdown" role="timer" aria-live="off">{esc(text)}</span>'
            f'<span class="dl-sr-only" role="status">{esc(said)}</span>'
        )

    def _end_card(self, lang: str) -> str:
        """The one end-of-game card: "Game over", the winner(s), every card's sums."""
        game = self._game
        rows = []
        for number, (seat, card) in enumerate(zip(game.seats, game.cards, strict=True)):
            cells = [
                card.upper_total,
                card.upper_bonus,
                card.lower_total,
                card.penta_bonus,
                card.total,
            ]
            row = "".join(f"<td>{esc(format_number(v, lang))}</td>" for v in cells)
            name = esc(seat_name(seat.name, lang))
            if number in game.winners:
                name = f"<b>{name} — {esc(translate('winner', lang))}</b>"
            rows.append(f"<tr><td>{name}</td>{row}</tr>")
        heads = [
            translate("Player", lang),
            translate("Upper section", lang),
            translate("Upper bonus", lang),
            translate("Lower section", lang),
            translate("Penta bonus", lang),
            translate("TOTAL", lang),
        ]
        head = "".join(f"<th>{esc(h)}</th>" for h in heads)
        winners = [seat_name(game.seats[i].name, lang) for i in game.winners]
        table = f"<tr>{head}</tr>{''.join(rows)}"
        return end_card_html(
            msg("Game over"),
            winners,
            table,
            lang,
            code=self._end_code(lang),
            code_first=self.in_class_game,
        )

    # -- the advisor's content --------------------------------------------------------------
    def advice_html(self, solver: Any, lang: str) -> str:
        """The advisor's values for the player to move, and the cost of the last choice."""
        game = self._game
        parts = []
        last = self._last_choice_html(solver, lang)
        if last:
            parts.append(last)
        situation = game.situation
        if situation is None:
            return "".join(parts)
        if situation.dice is None:
            value = solver.expected_final(situation.card)
            text = translate(
                "Expected final score of {player} from here, playing optimally: {value}",
                lang,
                player=seat_name(game.current_player.name, lang),
                value=format_number(value, lang, decimals=SCORE_PLACES),
            )
            parts.append(f"<p>{esc(text)}</p>")
            return "".join(parts)
        values = solver.option_values(situation.card, situation.dice, situation.rolls_left)
        best = max(values.values())
        boxes = [(a, v) for a, v in values.items() if isinstance(a, str)]
        keeps = sorted(
            ((a, v) for a, v in values.items() if not isinstance(a, str)), key=lambda x: -x[1]
        )[:_KEEP_ROWS]
        rows = []
        for action, value in sorted(boxes + keeps, key=lambda x: -x[1]):
            label = action_label(action, lang)
            mark = f" ({translate('best', lang)})" if value >= best - 1e-9 else ""
            rows.append(
                f"<tr><td>{esc(label + mark)}</td>"
                f"<td>{esc(format_number(value, lang, decimals=2))}</td></tr>"
            )
        head = (
            f"<tr><th>{esc(translate('Choice', lang))}</th>"
            f"<th>{esc(translate('Expected final score', lang))}</th></tr>"
        )
        parts.append(f'<table class="dl-table">{head}{"".join(rows)}</table>')
        return "".join(parts)

    def _last_choice_html(self, solver: Any, lang: str) -> str:
        found = _last_choice(self._game)
        if found is None:
            return ""
        name, situation, action = found
        cost = solver.regret(situation.card, situation.dice, situation.rolls_left, action)
        label = action_label(action, lang)
        if cost < 1e-9:
            text = translate(
                "{player}'s last choice ({choice}) was the best one.",
                lang,
                player=name,
                choice=label,
            )
        else:
            text = translate(
                "{player}'s last choice ({choice}) cost {cost} points of expected final score.",
                lang,
                player=name,
                choice=label,
                cost=format_number(cost, lang, decimals=2),
            )
        return f'<p class="dl-last-choice">{esc(text)}</p>'


def _last_choice(game: Game) -> tuple[str | Message, Any, Any] | None:
    """The last finished decision, from the log: who, the situation, the action taken."""
    events = game.events
    if not events or isinstance(events[-1], Hold):
        return None
    last = events[-1]
    if isinstance(last, Score):
        before = game.copy()
        before.pop()
        situation = before.situation
        seat = before.current_player
        if situation is None or seat is None:
            return None
        return seat_label(seat.name), situation, last.box
    twin = game.copy()
    twin.pop()  # undo the roll: the dice and the holds it was rolled from
    situation, seat = twin.situation, twin.current_player
    if situation is None or seat is None or situation.dice is None or twin.dice is None:
        return None
    keep = tuple(sorted(twin.dice[i] for i in twin.held))
    if len(keep) == 5:
        return None
    return seat_label(seat.name), situation, keep


_DECIMAL = re.compile(r"\d{1,4}([.,]\d{1,3})?", re.ASCII)


def _typed_delay(text: str) -> float | str:
    """The New game panel's seconds as a number (``2,5`` as ``2.5``), else as typed: then
    :func:`_delay` refuses it, saying what is allowed."""
    stripped = text.strip()
    return float(stripped.replace(",", ".")) if _DECIMAL.fullmatch(stripped) else text


def _delay(value: object) -> float | None:
    """An auto-score delay in seconds: None, False or 0 turn it off; else a number above 0."""
    if value is None or value is False or value == 0:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 3600:
        raise IllegalMove(
            msg(
                "The auto-score delay is a number of seconds above 0 (or 0 to turn it off), "
                "not {value}.",
                value=show_value(value),
            )
        )
    return float(value)


def _penta_bonus_note(game: Game, selected: str | None, lang: str) -> str:
    """When the roll earns the Penta bonus, how a preview splits: "+140" is 40 in the box and
    100 in the Penta bonus (for the selected box, else the one that previews the most).

    >>> game = Game(["Ada"], seed=257)
    >>> _penta_bonus_note(game, None, "en")
    ''
    """
    card, dice, options = game.card, game.dice, game.options()
    if card is None or dice is None or not options:
        return ""
    box = selected if selected in options else max(options, key=lambda b: options[b])
    after = card.score(box, dice)
    bonus = after.penta_bonus - card.penta_bonus
    if not bonus:
        return ""
    return translate(
        "Penta bonus: this roll adds {bonus} to the Penta bonus, whichever box takes it, and "
        "every preview counts it: +{total} in {box} is {points} in {box} and {bonus} in the "
        "Penta bonus.",
        lang,
        bonus=format_number(bonus, lang),
        total=format_number(options[box], lang),
        box=_box(box),
        points=format_number(options[box] - bonus, lang),
    )


def _forbidden_reasons(game: Game, lang: str) -> list[str]:
    """Why open boxes are closed to this roll (the joker), as text, not only as tooltips."""
    if game.dice is None or game.card is None:
        return []
    options = game.options()
    reasons = game.explain()
    shown = [reasons[box].render(lang) for box in game.card.open_boxes if box not in options]
    return list(dict.fromkeys(shown))
