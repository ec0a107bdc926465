"""The Farkle app: «Humains + 1 IA», roll, set dice aside by pressing them, bank, banners,
the computer's turns step by step, and a risk panel beside the play.

Press the dice that score: a die that cannot count is refused with the engine's reason
and stays in play; the dice of a combination (three 3s, three pairs, a straight) are
chosen one by one and set aside together as soon as they make one. From Python:

>>> app = FarkleApp(humans=["Ada"], computer=False, seed=0, lang="en", animate=False)
>>> app.roll()
True
>>> [b.description for b in app.dice_buttons]
['4', '6', '4', '2', '1', '2']
>>> app.set_aside(3)  # the 2 cannot count
False
>>> app.notices[0].split(":")[0]
'The 2 cannot count'
>>> app.set_aside(4), app.game.turn.points
(True, 100)
>>> app.bank(), app.game.totals
(True, (100,))

Every number, legality and banner comes from :mod:`dicelab.farkle`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_int import ProgressStyle

from dicelab.classroom.client import ClassService
from dicelab.dice import DealtFaces
from dicelab.errors import IllegalMove
from dicelab.farkle import Bank, Game, Roll, SetAside, farkle_chance, lineup_label
from dicelab.farkle import save as farkle_save
from dicelab.farkle.game import GAME_OVER, HOT_DICE, LAST_ROUND, MAX_HUMANS, TURN_LOST, Event
from dicelab.farkle.rules import PRESETS, Rules
from dicelab.farkle.situation import DEFAULT_TARGET, TARGETS
from dicelab.farkle.turn import ALL_DICE
from dicelab.i18n import N_, Message, format_number, format_percent, msg, nmsg, plural, translate
from dicelab.widgets.common.advisor import AdvisorPanel
from dicelab.widgets.common.base import Notice, NoticeKind, esc, refuse
from dicelab.widgets.common.classmode import check_class_game
from dicelab.widgets.common.dice import DiceRow, DieView, dice_text, die_position
from dicelab.widgets.common.forms import SPEEDS, read_seed, read_speed, set_options
from dicelab.widgets.common.hubgame import open_hub_game
from dicelab.widgets.common.play import PlayApp, end_card_html, set_shown
from dicelab.widgets.farkle.review import FarkleReviewPanel
from dicelab.widgets.labels import FARKLE_PRESET_LABELS, computer_mark

__all__ = ["FarkleApp"]

_BANNER_KINDS: dict[str, NoticeKind] = {
    TURN_LOST: "warning",
    HOT_DICE: "success",
    LAST_ROUND: "info",
    GAME_OVER: "success",
}


def _farkle_solver(rules: Any) -> Any:
    from dicelab.farkle.risk import optimal_turn

    return optimal_turn(rules)


class FarkleApp(PlayApp):
    """Play Farkle: 1 to 6 named humans and, by default, the computer («IA»).

    ``humans``: a number of humans or their names; ``computer``: the computer plays too;
    ``target``: 5000, 10000 or 15000; ``rules``: a preset name (``standard``...);
    ``seed``: fixes the dice; ``speed``: seconds between a computer step (0: at once);
    ``lang``: the language (default: ``?lang=`` of a Voilà URL, else the environment);
    ``auto_review``: the Review panel opens at the game's end.

    ``class_game``: a hub's class game (its number), kept and dealt by the class service
    (``service``, default: this learner server's; :mod:`dicelab.widgets.common.hubgame`).

    ``class_seed``: a **class game** (``docs/classroom.md``), the same for everyone given this
    seed: duplicate dice, one learner against dicelab's computer player («IA»; ``solo=True``:
    alone), no undo, the risk panel and the review hidden until the game is over, the seed
    shown, the result code the main thing of the end card. It has one human and chooses its
    own seed (leave ``seed`` out); ``target`` and ``rules`` may be given.

    Driving methods: :meth:`roll`, :meth:`set_aside` (press dice), :meth:`bank`, :meth:`undo`,
    :meth:`new_game`, :meth:`open_new_game`, :meth:`start`, :meth:`open_risk`,
    :meth:`set_language`.
    """

    title = msg("Play Farkle")  # the page's heading says "Farkle": not twice (issue 25)
    css_class = "dl-farkle"

    def __init__(
        self,
        humans: int | Sequence[str] = 1,
        computer: bool = True,
        target: int = DEFAULT_TARGET,
        rules: str | None = None,
        seed: int | None = None,
        speed: float = SPEEDS["normal"],
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
            self._hub = open_hub_game(class_game, "farkle", service, self._hub_save)
            class_seed, solo = class_game, not self._hub.settings["computer"]
            rules, target = self._hub.settings["rules"], self._hub.settings["target"]
        more = None if humans == 1 else humans  # a class game has one human
        self._class_seed = check_class_game(class_seed, solo, humans=more, seed=seed)
        if self._hub is not None and self._hub.learner:
            humans = [self._hub.learner]  # the learner's seat says their login
        if self._class_seed is not None:
            seed, computer = self._class_seed, not solo
        self._review = FarkleReviewPanel(self, auto_review=auto_review)  # Review (issue 12)
        self._chosen: list[int] = []  # dice pressed, not yet a combination (display only)
        self._waiting = False  # the computer waits for Continue after a human's farkle
        self._speed = read_speed(speed)
        self._build()
        self._game = _new_game(
            humans,
            computer,
            target,
            rules,
            read_seed(seed),
            self._class_seed is not None,
            None if self._hub is None else self._hub.dice,
        )
        if self._hub is not None:  # a second tab, a reload: the play the service keeps
            dice = self._hub.dice
            kept = self._hub_resume(lambda save: farkle_save.load(partial(Game, dice=dice), save))
            self._game = kept or self._game
        self._after_change(0)
        self.render()

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        self._build_common()
        shared = self._shared
        self._dice_row = DiceRow(ALL_DICE, self.set_aside, shared)
        self._bank_button = shared.button("dl-bank", button_style="success", icon="check")
        self._bank_button.on_click(lambda _b: self.bank())
        self._turn_label = shared.html("dl-turn-points", "dl-live")  # read out (aria-live)
        # After a human's farkle, the computer waits for this (the farkled dice stay shown).
        self._continue_button = shared.button("dl-continue", button_style="primary", icon="play")
        self._continue_button.on_click(lambda _b: self.proceed())
        set_shown(self._continue_button, False)
        controls = self._controls(
            self._roll_button,
            self._bank_button,
            self._continue_button,
            self._undo_button,
            self._turn_label,
        )
        self._scores = shared.box(widgets.VBox, (), "dl-totals", "dl-live")
        self._score_rows: list[tuple[widgets.HTML, widgets.IntProgress]] = []
        self._risk = AdvisorPanel(
            self, label=N_("Risk"), solver_for=_farkle_solver, is_ready=lambda _s: True
        )
        self._risk.add_class("dl-risk-panel")
        self._hint_panel = self._risk
        self._body.children = [
            self._toolbar(self._review.button),
            *self._under_toolbar(),
            self._panel_box,
            self._status,
            self._end_box,
            self._log,
            self._dice_row,
            controls,
            self._line,
            self._scores,
            self._review,
            self._risk,
        ]

    def _build_panel(self) -> widgets.VBox:
        self._lineup = widgets.HTML()
        self._lineup.add_class("dl-lineup")
        self._build_panel_common(most=MAX_HUMANS, count=1, with_computer=False)
        self._computer_check = widgets.Checkbox(value=True, indent=False)
        self._computer_check.add_class("dl-computer")
        self._computer_check.observe(lambda _c: self._render_panel(self._lang), "value")
        self._target_pick = widgets.Dropdown(value=DEFAULT_TARGET, options=list(TARGETS))
        self._target_pick.add_class("dl-target")
        self._rules_pick = widgets.Dropdown(options=list(PRESETS), value="standard")
        return self._panel_card(
            [
                self._lineup,
                self._count_pick,
                self._rows,
                self._computer_check,
                self._target_pick,
                self._rules_pick,
                self._seed_text,
                self._speed_pick,
            ]
        )

    # -- state ------------------------------------------------------------------------------
    @property
    def review_panel(self) -> FarkleReviewPanel:
        """The Review panel (its button is in the toolbar)."""
        return self._review

    @property
    def chosen(self) -> tuple[int, ...]:
        """Positions pressed that do not make a combination yet."""
        return tuple(self._chosen)

    # -- intents ----------------------------------------------------------------------------
    def roll(self) -> bool:
        """Roll the dice in play (the Roll button)."""
        return self._play(lambda game: game.roll(), tumble=True)

    def _play(self, move: Callable[[Game], object], tumble: bool = False) -> bool:
        """A human's ``move(game)`` (the engine checks it), then its banners and what follows;
        ``tumble``: the dice tumble before their new faces are drawn."""

        def go() -> None:
            self._check_human()
            before = len(self._game.events)
            move(self._game)
            if tumble:
                self._tumble()
            self._after_change(before)

        return self.act(go)

    def set_aside(self, *positions: int) -> bool:
        """Press the dice at ``positions`` of the last roll, one after the other.

        A die that cannot count is refused with the engine's reason (it stays in play);
        pressing a chosen die again puts it back. Dice that make a combination together
        with those set aside from this roll are set aside at once.

        Every position is checked first (a whole number, NumPy ones too, naming a die of the
        last roll): one that is not refuses the whole call, nothing changed. The presses
        then stop at the first refused; the result says whether anything changed.
        """
        with self.lock:
            try:
                checked = self._positions(positions)
            except IllegalMove as error:
                return self.act(refuse(error.message))
            changed = False
            for position in checked:
                if not self._press(position):
                    break
                changed = True
            return changed

    def _positions(self, positions: Sequence[object]) -> list[int]:
        """``positions`` as ints naming dice of the last roll, or IllegalMove."""
        self._check_human()
        turn = self._game.turn
        if not turn.last_roll:
            turn.set_aside_positions([])  # the engine's reason: roll first
        if not positions:
            raise IllegalMove(
                msg(
                    "Say which dice to set aside: their positions, from 0 to {last}.",
                    last=len(turn.last_roll) - 1,
                )
            )
        return [die_position(position, len(turn.last_roll)) for position in positions]

    def _press(self, position: int) -> bool:
        def go() -> None:
            self._check_human()
            game = self._game
            if position in self._chosen:
                self._chosen.remove(position)
                return
            wanted = [*self._chosen, position]
            try:
                game.turn.set_aside_positions(wanted)  # a dry run on the immutable turn
            except IllegalMove:
                if self._could_complete(wanted):
                    self._chosen = wanted
                    return
                if self._chosen and not self._could_complete([position]):
                    game.turn.set_aside_positions([position])  # the engine's word on this die
                raise
            before = len(game.events)
            game.set_aside_positions(wanted)
            self._after_change(before)

        return self.act(go)

    def _could_complete(self, positions: list[int]) -> bool:
        """Whether the engine lists a set-aside that contains these dice (so more presses
        can complete a combination)."""
        turn = self._game.turn
        if any(p >= len(turn.last_roll) or p in turn.kept for p in positions):
            return False
        wanted = sorted(turn.last_roll[p] for p in positions)
        return any(_contains(option, wanted) for option in turn.set_aside_options())

    def bank(self) -> bool:
        """Bank the turn's points (the Bank button)."""
        return self._play(lambda game: game.bank())

    def _undone(self, popped: list[Any]) -> None:
        self._after_change(len(self._game.events))

    def new_game(
        self,
        humans: int | Sequence[str | None] = 1,
        computer: bool = True,
        target: int = DEFAULT_TARGET,
        rules: str | None = None,
        seed: int | str | None = None,
        speed: float | None = None,
    ) -> bool:
        """Start a new game (what the New game panel's Start button does)."""

        def go() -> None:  # everything is checked before anything changes
            game = _new_game(humans, computer, target, rules, read_seed(seed))
            self._speed = self._speed if speed is None else read_speed(speed)
            self._game = game
            self._class_seed = None  # a game of one's own: the class game is left
            self._panel_box.children = []
            self._after_change(0)  # a new token: the old game's scheduled steps are void

        return self.act(go)

    def start(self) -> bool:
        """Start the game set up in the New game panel."""
        self.new_game_panel  # noqa: B018  (builds it if it was never opened)
        rows = self._rows
        names = [name.value.strip() or None for name in rows.names[: rows.count]]
        return self.new_game(
            humans=names,
            computer=self._computer_check.value,
            target=self._target_pick.value,
            rules=self._rules_pick.value,
            seed=self._seed_text.value,
            speed=self._speed_pick.value,
        )

    def open_risk(self, show: bool = True) -> None:
        """Open (or close) the risk panel (refused during a class game)."""
        if not self._refuse_hints(show):
            self._risk.toggle(show)

    def _check_human(self) -> None:
        game = self._game
        if not game.is_over and game.current_seat.computer:
            raise IllegalMove(
                msg(
                    "It is {player}'s turn, and the computer is playing it.",
                    player=game.current_seat.label,
                )
            )

    @property
    def waiting(self) -> bool:
        """True while the computer waits for the learner's **Continue** after a farkle."""
        return self._waiting

    def proceed(self) -> bool:
        """Continue after a human's farkle: the computer's turn starts (the Continue button).

        A farkled roll stays on the table until then, so that the learner can read it; at
        the computer's speed "Instant" there is no wait (the farkle is in the notices)."""

        def go() -> None:
            if not self._waiting:
                raise IllegalMove(msg("There is nothing to continue: play on."))
            self._waiting = False
            self._epoch += 1
            self._computer_later()

        return self.act(go, keep_notices=True)

    # -- after a change: banners, the computer's turn ----------------------------------------
    def _after_change(self, first_event: int, human: bool = True) -> None:
        """Every change of state: new token, chosen dice cleared, the computer's steps
        scheduled. The events of a human's move become the notices (banners and all), which
        stay until the human's next action; the computer's moves go to its log instead.
        After a human's farkle the computer waits for :meth:`proceed` (speed above 0)."""
        self._epoch += 1
        self._waiting = False
        self._chosen = []
        game = self._game
        events = game.events[first_event:]
        if human:
            self._notices = self._event_notices(events)
        else:
            self._log_events(events)
        if game.is_over:
            self._game_ended()
            return
        if not game.current_seat.computer:
            return
        if human and self._speed > 0 and any(event.turn_lost for event in events):
            self._waiting = True  # the learner reads the farkled roll, then Continue
            return
        if self._speed <= 0:
            while not game.is_over and game.current_seat.computer:
                before = len(game.events)
                game.computer_step()
                self._log_events(game.events[before:])
            self._epoch += 1
            if game.is_over:
                self._game_ended()
            return
        self._computer_later()

    def _play_computer_step(self) -> bool:
        game = self._game
        before = len(game.events)
        game.computer_step()
        self._after_change(before, human=False)
        return isinstance(game.moves[-1], Roll)

    def _log_events(self, events: Sequence[Event]) -> None:
        """The computer's moves in words, into its log."""
        for event in events:
            self._log_computer(*self._event_words(event))

    def _event_words(self, event: Event) -> list[Message]:
        """One move of the log in words, then its banners ("Hot dice!", "Last round!")."""
        who = self._game.seats[event.seat].label
        words: list[Message] = []
        if event.turn_lost:
            words.append(_lost(who, event))
        elif isinstance(event.move, Roll):
            words.append(msg("{player} rolled {dice}.", player=who, dice=dice_text(event.dice)))
        elif isinstance(event.move, SetAside):
            words.append(
                nmsg(
                    "{player} set aside {dice}: {n} point.",
                    "{player} set aside {dice}: {n} points.",
                    event.points,
                    player=who,
                    dice=dice_text(event.dice),
                )
            )
        elif isinstance(event.move, Bank):
            words.append(_banked(who, event))
        skip = (TURN_LOST, GAME_OVER)
        return words + [m for m in event.messages if m.msgid not in skip]

    def _event_notices(self, events: Sequence[Event]) -> list[Notice]:
        notices: list[Notice] = []
        for event in events:
            who = self._game.seats[event.seat].label
            if event.turn_lost:
                notices.append(Notice("warning", _lost(who, event)))
            elif isinstance(event.move, Bank):
                notices.append(Notice("info", _banked(who, event)))
            for message in event.messages:
                kind = _BANNER_KINDS.get(message.msgid, "info")
                notices.append(Notice(kind, message, banner=True))
        banners = [n for n in notices if n.banner]
        return banners + [n for n in notices if not n.banner][-2:]

    def _tumble(self) -> None:
        turn = self._game.turn
        if self._animate and turn.last_roll:
            self._dice_row.animate(list(turn.on_table), self._scheduler)

    # -- drawing ----------------------------------------------------------------------------
    def _render(self, lang: str) -> None:
        game = self._game
        turn = game.turn
        human = not game.is_over and not game.current_seat.computer
        self._render_common(lang)
        self._render_panel(lang)
        self._status.value = self._status_html(lang)
        self._render_dice(lang, human)
        self._roll_button.description = plural(
            "Roll {n} die", "Roll {n} dice", turn.dice_in_play or ALL_DICE, lang
        )
        self._roll_button.tooltip = translate("Roll the dice in play", lang)
        self._roll_button.disabled = not human or not turn.can_roll
        self._bank_button.description = translate(
            "Bank {points}", lang, points=format_number(turn.points, lang)
        )
        self._bank_button.tooltip = translate("Add the turn's points to your total", lang)
        self._bank_button.disabled = not human or not turn.can_bank
        self._continue_button.description = translate("Continue", lang)
        self._continue_button.tooltip = translate(
            "You have read your roll: let the computer play its turn", lang
        )
        set_shown(self._continue_button, self._waiting)
        self._continue_button.disabled = not self._waiting
        points = translate("Turn points: {points}", lang, points=turn.points)
        self._turn_label.value = f"<b>{esc(points)}</b>"
        self._render_scores(lang)
        self._risk.render(lang)
        self._render_end(lang, self._roll_button, self._bank_button)
        self._review.render(lang)  # opens on its own at the game's end (auto_review)

    def _render_dice(self, lang: str, human: bool) -> None:
        game = self._game
        turn = game.turn
        last = game.last_event
        views: list[DieView] = []
        if turn.last_roll:
            kept = set(turn.kept)
            for position, face in enumerate(turn.last_roll):
                if position in kept:
                    views.append(DieView(face, "aside", False, msg("Set aside from this roll")))
                elif position in self._chosen:
                    views.append(DieView(face, "chosen", human, msg("Put this die back")))
                else:
                    views.append(DieView(face, "free", human, msg("Set this die aside")))
        elif last is not None and last.turn_lost:
            hint = msg("Nothing in this roll scores")
            views = [DieView(face, "free", False, hint) for face in last.dice]
        else:
            views = [DieView(None, enabled=False) for _ in range(turn.dice_in_play or ALL_DICE)]
        self._dice_row.show(views, lang)

    def _render_scores(self, lang: str) -> None:
        game = self._game
        while len(self._score_rows) < len(game.seats):
            if not self._score_rows:  # shared by every row: fewer widget models
                self._row_layouts = (widgets.Layout(width="340px"), widgets.Layout(width="260px"))
                self._bar_style = ProgressStyle()
            label_layout, bar_layout = self._row_layouts
            label = widgets.HTML(layout=label_layout, style=self._shared.html_style)
            bar = widgets.IntProgress(min=0, layout=bar_layout, style=self._bar_style)
            bar.add_class(f"dl-progress-{len(self._score_rows)}")
            self._score_rows.append((label, bar))
        if len(self._scores.children) != len(game.seats):
            self._scores.children = [
                self._shared.box(widgets.HBox, [label, bar])
                for label, bar in self._score_rows[: len(game.seats)]
            ]
        for seat, (label, bar) in zip(game.seats, self._score_rows, strict=False):
            total = game.totals[seat.number]
            shown = seat.label.render(lang)
            name = esc(shown)
            mark = computer_mark(shown, lang) if seat.computer else ""
            if mark:
                name += f" <span class='dl-muted'>{esc(mark.strip())}</span>"
            if not game.is_over and seat.number == game.current_player:
                name = f"▶ {name} <span class='dl-muted'>({esc(translate('to play', lang))})</span>"
            if seat.number in game.winners:
                name += f" — <b>{esc(translate('winner', lang))}</b>"
            of = translate(
                "{total} of {target}",
                lang,
                total=format_number(total, lang),
                target=format_number(game.target, lang),
            )
            label.value = f"<span class='dl-total-{seat.number}'>{name}: <b>{esc(of)}</b></span>"
            bar.max = game.target
            bar.value = min(total, game.target)
            bar.tooltip = of

    def _render_panel(self, lang: str) -> None:
        if self._panel is None:
            return
        self._lineup.value = f"<b>{esc(lineup_label(self._computer_check.value).render(lang))}</b>"
        self._count_pick.description = translate("Humans", lang)
        self._computer_check.description = translate("The computer plays too", lang)
        self._target_pick.description = translate("Target", lang)
        set_options(self._target_pick, [(format_number(t, lang), t) for t in TARGETS])
        self._rules_pick.description = translate("Scoring", lang)
        set_options(
            self._rules_pick,
            [(translate(FARKLE_PRESET_LABELS.get(n, n), lang), n) for n in PRESETS],
        )
        self._render_panel_common(lang)

    def _status_html(self, lang: str) -> str:
        game = self._game
        if game.is_over:
            return ""  # the end card (:meth:`_end_card`) says it
        seat = game.current_seat
        text = translate("{player} to play", lang, player=seat.label)
        if seat.computer and self._waiting:
            text += " · " + translate(
                "Your roll scored nothing. Press Continue when you have read it.", lang
            )
        elif seat.computer:
            text += " · " + translate("the computer is playing", lang)
        parts = [f"<b>{esc(text)}</b>"]
        if game.last_round:
            last = esc(msg(LAST_ROUND).render(lang))
            parts.append(f' <span class="dl-card dl-card-info dl-last-round">{last}</span>')
        groups = _turn_set_asides(game)
        if groups:
            aside = translate(
                "Set aside this turn: {dice} = {points}",
                lang,
                dice=", ".join(dice_text(group) for group in groups),
                points=format_number(game.turn.points, lang),
            )
            parts.append(f'<div class="dl-set-aside">{esc(aside)}</div>')
        return "".join(parts)

    def _end_card(self, lang: str) -> str:
        """The one end-of-game card: "Game over!", the winner(s), every total and the target."""
        game = self._game
        rows = []
        for seat in game.seats:
            name = esc(seat.label.render(lang))
            if seat.number in game.winners:
                name = f"<b>{name} — {esc(translate('winner', lang))}</b>"
            total = esc(format_number(game.totals[seat.number], lang))
            rows.append(f"<tr><td>{name}</td><td>{total}</td></tr>")
        heads = (translate("Player", lang), translate("TOTAL", lang))
        head = "<tr>" + "".join(f"<th>{esc(h)}</th>" for h in heads) + "</tr>"
        winners = [game.seats[i].label.render(lang) for i in game.winners]
        target = translate("Target: {target}", lang, target=format_number(game.target, lang))
        return end_card_html(
            msg(GAME_OVER),
            winners,
            head + "".join(rows),
            lang,
            note=target,
            code=self._end_code(lang),
            code_first=self.in_class_game,
        )

    # -- the risk panel's content -------------------------------------------------------------
    def advice_html(self, solver: Any, lang: str) -> str:
        """The risk panel: farkle chance, rolling against banking, the optimal player's and
        the computer's choices, and the two-player win chance where it is solved."""
        game = self._game
        if game.is_over:
            return ""
        turn = game.turn
        n = turn.dice_in_play or ALL_DICE
        rows = [_farkle_row(n, game.rules, lang)]
        if turn.phase in ("roll", "roll_or_bank"):
            rows += _roll_rows(solver, turn, n, lang)
        elif turn.phase == "set_aside":
            rows.append(_set_aside_row(solver, turn, lang))
        rows.append((translate("The computer would", lang), self._computer_words(lang)))
        threshold = game.computer_player.threshold(game.situation)
        rows.append((translate("The computer banks from", lang), _num(threshold, lang)))
        win = self._win_chance(turn, lang)
        if win:
            rows.append(win)
        body = "".join(f"<tr><td>{esc(a)}</td><td>{esc(b)}</td></tr>" for a, b in rows)
        return f'<table class="dl-table dl-risk">{body}</table>'

    def _computer_words(self, lang: str) -> str:
        move = self._game.computer_move()
        if isinstance(move, Bank):
            return translate("bank", lang)
        if isinstance(move, SetAside):
            roll = self._game.turn.last_roll
            dice = dice_text(sorted(roll[p] for p in move.positions))
            return translate("set aside {dice}", lang, dice=dice)
        return translate("roll", lang)

    def _win_chance(self, turn: Any, lang: str) -> tuple[str, str] | None:
        game = self._game
        if len(game.seats) != 2:
            return None
        try:
            from dicelab.farkle.winchance import cache_path, win_chances

            if not cache_path(game.rules, game.target).exists():
                return (
                    translate("Chance to win (two players)", lang),
                    translate("not solved for this target yet", lang),
                )
            chances = win_chances(game.rules, game.target)
            me = game.current_player
            value = chances.chance(
                game.totals[me], game.totals[1 - me], turn.points, turn.dice_in_play or ALL_DICE
            )
        except Exception:
            return None
        return (
            translate("Chance to win (two players, both optimal)", lang),
            format_percent(value, lang),
        )


def _lost(who: Message, event: Event) -> Message:
    return nmsg(
        "{player} rolled {dice}: nothing scores, {n} point lost.",
        "{player} rolled {dice}: nothing scores, {n} points lost.",
        event.points,
        player=who,
        dice=dice_text(event.dice),
    )


def _banked(who: Message, event: Event) -> Message:
    return nmsg(
        "{player} banked {n} point.", "{player} banked {n} points.", event.points, player=who
    )


def _turn_set_asides(game: Game) -> list[tuple[int, ...]]:
    """The dice set aside in the turn under way, one group per roll, read from the log: the
    events since the last one that ended a turn (a bank, a roll that scored nothing)."""
    turn: list[Event] = []
    for event in reversed(game.events):
        if event.ends_turn:
            break
        turn.append(event)
    groups: list[list[int]] = []
    for event in reversed(turn):
        if isinstance(event.move, Roll):
            groups.append([])
        elif isinstance(event.move, SetAside) and groups:
            groups[-1].extend(event.dice)
    return [tuple(sorted(group)) for group in groups if group]


def _farkle_row(n: int, rules: Any, lang: str) -> tuple[str, str]:
    """The risk panel's row of the chance that ``n`` dice score nothing."""
    chance = farkle_chance(n, rules)
    return (
        plural("Chance that {n} die scores nothing", "Chance that {n} dice score nothing", n, lang),
        f"{format_percent(float(chance), lang)} ({chance})",
    )


def _roll_rows(solver: Any, turn: Any, n: int, lang: str) -> list[tuple[str, str]]:
    """The risk panel's rows before a roll: rolling on against banking, and the optimal
    player's choice and bank threshold with ``n`` dice."""
    roll = solver.roll_value(turn.points, n) if turn.points else solver.expected_turn_score
    rows = [(translate("Expected turn points if you roll on", lang), _num(roll, lang))]
    if turn.can_bank:
        rows.append((translate("Points if you bank now", lang), _num(turn.points, lang)))
        best = (
            translate("bank", lang)
            if solver.should_bank(turn.points, n)
            else (translate("roll", lang))
        )
        rows.append((translate("The optimal player would", lang), best))
    label = plural(
        "The optimal player banks from (with {n} die)",
        "The optimal player banks from (with {n} dice)",
        n,
        lang,
    )
    rows.append((label, _num(solver.bank_threshold(n), lang)))
    return rows


def _set_aside_row(solver: Any, turn: Any, lang: str) -> tuple[str, str]:
    """The risk panel's row after a roll: the optimal player's set-aside and its value."""
    best = solver.best_set_aside(turn.last_roll, turn.previous)
    return (
        translate("The optimal player would set aside", lang),
        translate(
            "{dice} (then expects {value})",
            lang,
            dice=dice_text(best.dice),
            value=_num(best.value, lang),
        ),
    )


def _num(value: float, lang: str) -> str:
    return format_number(value, lang, decimals=1 if isinstance(value, float) else 0)


def _contains(option: Sequence[int], wanted: Sequence[int]) -> bool:
    """Multiset inclusion: every die of ``wanted`` is in ``option``."""
    rest = list(option)
    for die in wanted:
        if die not in rest:
            return False
        rest.remove(die)
    return True


def _new_game(
    humans: int | Sequence[str | None],
    computer: bool,
    target: int,
    rules: str | None,
    seed: int | None,
    duplicate: bool = False,
    dice: DealtFaces | None = None,
) -> Game:
    table = None if rules is None else Rules.preset(rules)
    players = humans if isinstance(humans, int) else tuple(humans)
    return Game(
        players, computer, target=target, seed=seed, rules=table, duplicate=duplicate, dice=dice
    )
