"""The House rules app: change Penta's numbers, solve, and see what the change is worth.

A learner starts from a preset and changes the points of a box, the upper bonus, the Penta
bonus, five equal dice as a full house or the joker: nothing to press. The engine checks the
rules (:meth:`dicelab.penta.Rules.custom`; a refusal shows its message next to the field and
nothing is solved until it is mended); valid new rules are solved at once in the background
with a progress bar (a typed number once the typing pauses, :data:`TYPING_PAUSE`; a change
made during a solve is solved when it ends, only the latest), cached by the rules' digest (the
same house twice is instant), and the app shows, beside the preset's: the optimal expected
score, the score distribution of simulated optimal games (seeded, so both rule sets see the
same dice), what each box is worth on average, and the best choice in a situation of the
learner's choice. **Play with these rules** opens a game of Penta under the
house rules, with the optimal computer player and the advisor.

>>> app = HouseRulesApp(lang="en", background=lambda work: work())
>>> app.set_rule("full_house_points", -5)
False
>>> app.field_error("full_house_points")
'Full house points is a whole number from 0 to 1,000, not -5.'
"""

from __future__ import annotations

import dataclasses
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import ipywidgets as widgets

from dicelab.errors import IllegalMove, Said
from dicelab.i18n import N_, Message, format_number, format_percent, msg, plural, translate
from dicelab.numbers import SCORE_PLACES, parse_whole, show_value
from dicelab.penta.rules import BOX_NAMES, BOXES, PRESET_LABELS, PRESETS, Rules
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import App, Notice, esc
from dicelab.widgets.common.forms import set_options
from dicelab.widgets.penta.advice import action_label

__all__ = [
    "HOUSE_NAME",
    "NUMBERS",
    "SWITCHES",
    "TYPING_PAUSE",
    "HouseRulesApp",
    "Outcome",
    "histogram_text",
]

log = logging.getLogger("dicelab.widgets")

HOUSE_NAME = "house"
"""The name of every house rule set the app solves (so the same numbers hit the same cache)."""

TYPING_PAUSE = 0.4
"""Seconds a number field must rest before its rules are solved: its value reaches the kernel at
every keystroke (and is checked at once), but typing "30" does not solve "3" first."""

NUMBERS = {
    "full_house_points": N_("Full house points"),
    "small_straight_points": N_("Small straight points"),
    "large_straight_points": N_("Large straight points"),
    "penta_points": N_("Penta box points"),
    "upper_bonus_threshold": N_("Upper bonus from (points)"),
    "upper_bonus_points": N_("Upper bonus points"),
    "penta_bonus_points": N_("Penta bonus points"),
}
"""The number fields of the form, in the order shown, and their labels."""

SWITCHES = {
    "upper_bonus": N_("Upper bonus counts"),
    "penta_bonus": N_("Penta bonus counts"),
    "five_full_house": N_("Five equal dice also count as a full house"),
}
"""The check boxes of the form and their labels."""

JOKERS = {
    "forced-50": N_("Forced, when the Penta box holds its points"),
    "forced-any": N_("Forced, whenever the Penta box is filled"),
    "free": N_("Free choice"),
    "none": N_("No joker"),
}
"""The joker variants (:data:`dicelab.penta.joker.VARIANTS`) in the dropdown."""

FIELDS = (*NUMBERS, *SWITCHES, "joker")
EXTRA = ("upper_bonus", "penta_bonus")  # the sums after the 13 boxes in ``box_means()``
EXTRA_LABELS = {"upper_bonus": N_("Upper bonus"), "penta_bonus": N_("Penta bonus")}


@dataclass(frozen=True)
class Outcome:
    """What the app shows of one solved rule set: the exact expected score, and seeded
    simulated games of the optimal player (their scores and box means)."""

    rules: Rules
    expected: float
    sd: float
    scores: Any  # numpy array of the simulated games' scores
    box_means: dict[str, float]
    solver: Any  # the rule set's Solver, its table loaded


def house_rules(base: str, values: dict[str, Any]) -> Rules:
    """The rule set of the form: ``base`` (a preset name) with ``values`` changed; a preset
    itself when the numbers are a preset's (its cached table is used).

    >>> house_rules("official", {"full_house_points": 25}).name
    'official'
    >>> house_rules("official", {"full_house_points": 30}).name
    'house'
    """
    rules = Rules.custom(HOUSE_NAME, base=base, **values)
    for preset in PRESETS.values():
        if dataclasses.replace(preset, name=HOUSE_NAME) == rules:
            return preset
    return rules


def outcome(rules: Rules, games: int, seed: int, progress: Callable[[float], None]) -> Outcome:
    """Solve ``rules`` (from the cache if solved before) and simulate ``games`` games."""
    from dicelab.penta.simulate import simulate
    from dicelab.penta.solver import Solver

    solver = Solver(rules).build(progress=progress)
    result = simulate(games, rules, seed=seed, solver=solver)
    return Outcome(
        rules, solver.expected_score(), result.std, result.scores, result.box_means(), solver
    )


class HouseRulesApp(App):
    """Change Penta's rules and see what optimal play scores under them.

    ``preset``: the rules to start from (and to compare with); ``games``: simulated games per
    rule set (seeded with ``seed``); ``background``: how long work runs (default: a thread).
    The preset's figures are solved at once when the app opens, and so is every valid change.
    Driving methods: :meth:`set_preset`, :meth:`set_rule`, :meth:`solve` (the same rules again,
    e.g. after a failure), :meth:`set_situation`, :meth:`open_play`, :meth:`set_language`.
    """

    title = msg("Penta house rules")
    css_class = "dl-house-rules"
    extra_css = (
        ".dl-house-rules .dl-error { color: #b71c1c; font-weight: 600; }"
        ".dl-house-rules .dl-refused input { border: 2px solid #b71c1c; }"
        # A long label (Bulgarian...) wraps in its 200 px rather than ending in "..."
        ".dl-house-rules .widget-inline-hbox .widget-label { white-space: normal; height: auto;"
        " line-height: 1.2; }"
    )

    def __init__(
        self,
        preset: str = "official",
        games: int = 2000,
        seed: int = 0,
        lang: str | None = None,
        background: Callable[[Callable[[], None]], None] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(lang=lang, **options)
        self._play_options = {k: options[k] for k in ("scheduler", "animate") if k in options}
        self._preset = Rules.preset(preset).name
        self._values: dict[str, Any] = self._preset_values()
        self._errors: dict[str, Said] = {}
        self._games = games
        self._seed = seed
        self._background = background or run_in_background
        self._outcomes: dict[Rules, Outcome] = {}
        self._solving: Rules | None = None
        self._shown: Rules | None = None
        self._failed: Rules | None = None  # not solved again until solve() (Try again)
        self._typing = 0  # a token: a later keystroke makes an older pause's solve moot
        self._typing_pending = False  # a typed number waits for the typing to pause
        self._plot_key: tuple[Any, ...] | None = None  # what the plot shows (drawn once)
        self._dice: tuple[int, ...] = (1, 3, 3, 4, 5)
        self._rolls_left = 1
        self._play: Any = None
        self._syncing = False
        self._build()
        self.render()
        self.act(self._follow)

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        self._preset_pick = widgets.Dropdown(layout=widgets.Layout(width="560px"))
        self._preset_pick.add_class("dl-preset")
        self._preset_pick.style.description_width = "200px"
        self._preset_pick.observe(lambda c: self._picked(self.set_preset, c["new"]), "value")
        self._inputs: dict[str, widgets.Widget] = {}
        self._field_errors: dict[str, widgets.HTML] = {}
        rows: list[widgets.Widget] = []
        for field in FIELDS:
            if field in NUMBERS:
                # Every keystroke reaches the kernel (checked at once); the solve waits for
                # the typing to pause (TYPING_PAUSE), so "30" does not solve "3" first.
                # Text, not IntText: a browser's number box empties itself on "abc" without a
                # word; here the engine's refusal says what is allowed, next to the field.
                box: widgets.Widget = widgets.Text(
                    continuous_update=True, layout=widgets.Layout(width="300px")
                )
                box.style.description_width = "200px"
            elif field in SWITCHES:
                box = widgets.Checkbox(indent=False, layout=widgets.Layout(width="440px"))
            else:
                box = widgets.Dropdown(layout=widgets.Layout(width="560px"))
                box.style.description_width = "200px"
            box.add_class(f"dl-rule-{field.replace('_', '-')}")
            box.observe(lambda c, f=field: self._picked_field(f, c["new"]), "value")
            error = widgets.HTML(_dom_classes=("dl-field-error", f"dl-error-{field}"))
            self._inputs[field] = box
            self._field_errors[field] = error
            rows.append(widgets.HBox([box, error], layout={"align_items": "center"}))
        # Changes are solved without a button; this one only shows after a failed solve.
        self._solve_button = widgets.Button(icon="redo", button_style="primary")
        self._solve_button.add_class("dl-solve")
        self._solve_button.layout.display = "none"
        self._solve_button.on_click(lambda _b: self.solve())
        self._progress = widgets.FloatProgress(min=0.0, max=1.0)
        self._progress.add_class("dl-progress")
        self._progress.layout.display = "none"
        self._summary = widgets.HTML(_dom_classes=("dl-house-summary",))
        self._plot = widgets.Image(format="png", layout=widgets.Layout(max_width="720px"))
        self._plot.add_class("dl-house-plot")
        self._plot.layout.display = "none"
        self._boxes = widgets.HTML(_dom_classes=("dl-house-boxes",))
        self._situation_heading = widgets.HTML()
        self._dice_text = widgets.Text(continuous_update=False)
        self._dice_text.add_class("dl-dice-text")
        self._dice_text.observe(lambda c: self._picked(self.set_situation, c["new"]), "value")
        self._rolls_pick = widgets.Dropdown(layout=widgets.Layout(width="240px"))
        self._rolls_pick.add_class("dl-rolls-left")
        self._rolls_pick.observe(
            lambda c: self._picked(lambda n: self.set_situation(rolls_left=n), c["new"]), "value"
        )
        self._situation = widgets.HTML(_dom_classes=("dl-house-situation",))
        self._play_button = widgets.Button(icon="play")
        self._play_button.add_class("dl-play")
        self._play_button.on_click(lambda _b: self.open_play())
        self._play_heading = widgets.HTML(_dom_classes=("dl-play-rules",))
        self._play_box = widgets.VBox()
        self._body.children = [
            self._preset_pick,
            *rows,
            widgets.HBox([self._solve_button, self._progress], layout={"align_items": "center"}),
            self._summary,
            self._plot,
            self._boxes,
            self._situation_heading,
            widgets.HBox([self._dice_text, self._rolls_pick]),
            self._situation,
            self._play_button,
            self._play_box,
        ]

    # -- state ----------------------------------------------------------------------------
    @property
    def preset(self) -> Rules:
        """The preset started from, and compared with."""
        return Rules.preset(self._preset)

    @property
    def rules(self) -> Rules | None:
        """The rule set of the form, None while a field is refused."""
        if self._errors:
            return None
        return house_rules(self._preset, self._values)

    @property
    def shown(self) -> Outcome | None:
        """The outcome of the rule set shown (None before the first solve is done)."""
        return self._outcomes.get(self._shown) if self._shown is not None else None

    @property
    def solving(self) -> bool:
        """True while a table is being built."""
        return self._solving is not None

    @property
    def summary(self) -> str:
        """The summary's text (HTML) in the app's language."""
        return self._summary.value

    @property
    def boxes_html(self) -> str:
        """The table of what each box is worth under both rule sets (HTML)."""
        return self._boxes.value

    @property
    def situation_html(self) -> str:
        """The best choice in the learner's situation under both rule sets (HTML)."""
        return self._situation.value

    @property
    def play_app(self) -> Any:
        """The Penta game under the house rules (None until **Play with these rules**)."""
        return self._play

    def field_error(self, field: str) -> str:
        """The refusal shown next to ``field`` ("" if none), in the app's language."""
        error = self._errors.get(field)
        return error.render(self._lang) if error is not None else ""

    def _preset_values(self) -> dict[str, Any]:
        preset = Rules.preset(self._preset)
        return {field: getattr(preset, field) for field in FIELDS}

    # -- intents ----------------------------------------------------------------------------
    def set_preset(self, name: str) -> bool:
        """Start again from preset ``name``: the form shows its numbers, which are solved."""

        def go() -> None:
            self._preset = Rules.preset(name).name
            self._values = self._preset_values()
            self._errors = {}
            self._failed = None
            self._stop_waiting()
            self._follow()

        return self.act(go)

    def set_rule(self, field: str, value: Any) -> bool:
        """Change one field of the form: the engine checks it, and valid new rules are solved
        at once (in the background; after the solve under way, if any). A refusal is shown
        next to the field, and nothing is solved until it is mended."""
        return self._set_rule(field, value, wait=0.0)

    def _set_rule(self, field: str, value: Any, wait: float) -> bool:
        """:meth:`set_rule`, the solve ``wait`` seconds later unless the field changes again
        meanwhile (a number being typed)."""

        def go() -> None:
            if field not in FIELDS:
                raise IllegalMove(
                    msg(
                        "Unknown rule field {field}: the fields are {fields}.",
                        field=show_value(field),
                        fields=", ".join(FIELDS),
                    )
                )
            self._values[field] = value
            self._errors.pop(field, None)
            try:
                Rules.custom(HOUSE_NAME, base=self._preset, **{field: value})
            except IllegalMove as refused:
                self._stop_waiting()
                self._errors[field] = _named(refused.message, field)
                raise IllegalMove(self._errors[field]) from None
            if wait > 0:
                self._typing += 1
                self._typing_pending = True
                self._later(wait, partial(self._paused, self._typing))
            else:
                self._stop_waiting()
                self._follow()

        return self.act(go)

    def solve(self) -> bool:
        """Solve the form's rules now (in the background, with a progress bar) and show them
        beside the preset's; also the rules that failed before (the **Try again** button).
        During a solve, the form's rules are solved when it ends."""

        def go() -> None:
            self._failed = None
            self._stop_waiting()
            self._solve()

        return self.act(go)

    def set_situation(
        self, dice: str | tuple[int, ...] | None = None, rolls_left: int | None = None
    ) -> bool:
        """The situation to compare: five dice at the start of a game, and rolls left."""

        def go() -> None:
            from dicelab.dice import check_dice
            from dicelab.penta.notation import Situation
            from dicelab.penta.scorecard import Scorecard
            from dicelab.widgets.penta.inspector import dice_from_text

            if dice is not None:
                self._dice = dice_from_text(dice) if isinstance(dice, str) else check_dice(dice, 5)
            if rolls_left is not None:
                Situation(Scorecard(), (1, 1, 1, 1, 1), rolls_left)  # the engine checks it
                self._rolls_left = int(rolls_left)

        return self.act(go)

    def open_play(self) -> bool:
        """Open a game of Penta under the rules shown, against the optimal computer player."""

        def go() -> None:
            from dicelab.widgets.penta.app import PentaApp

            rules = self._shown or self.preset
            self._play = PentaApp(rules=rules, lang=self._lang, **self._play_options)
            self._play.open_advisor()
            self._play_box.children = [self._play_heading, self._play]

        return self.act(go)

    # -- control callbacks ------------------------------------------------------------------
    def _picked(self, method: Callable[[Any], bool], value: Any) -> None:
        if not self._syncing:
            method(value)

    def _picked_field(self, field: str, value: Any) -> None:
        if not self._syncing:
            if field in NUMBERS:
                value = _typed_whole(value)
            self._set_rule(field, value, wait=TYPING_PAUSE if field in NUMBERS else 0.0)

    def _paused(self, token: int) -> None:
        """The typing paused: solve the typed rules, unless a later keystroke came since."""
        if token == self._typing:
            self._typing_pending = False
            self._follow()

    def _stop_waiting(self) -> None:
        self._typing += 1
        self._typing_pending = False

    # -- long work ----------------------------------------------------------------------------
    def _follow(self) -> None:
        """Solve the form's rules if they are valid and not shown yet, unless something holds
        them back: a solve under way (its end comes back here), a number still being typed,
        or the same rules having failed (they wait for Try again)."""
        if self._errors or self._solving is not None or self._typing_pending:
            return
        if house_rules(self._preset, self._values) == self._failed:
            return
        self._solve()

    def _solve(self) -> None:
        if self._errors:
            raise IllegalMove(msg("Mend the rules marked in red first: nothing was solved."))
        rules = house_rules(self._preset, self._values)
        wanted = [r for r in (self.preset, rules) if r not in self._outcomes]
        if not wanted:
            self._shown = rules
            return
        if self._solving is not None:
            return  # the solve under way ends with the form's newest rules (_follow)
        self._solving = rules
        self._progress.value = 0.0
        self._progress.layout.display = None

        def report(fraction: float) -> None:
            self._progress.value = min(1.0, max(0.0, float(fraction)))

        def job() -> None:
            failed = False
            try:
                for i, todo in enumerate(wanted):

                    def part(fraction: float, i: int = i) -> None:
                        report((i + fraction) / len(wanted))

                    self._outcomes[todo] = outcome(todo, self._games, self._seed, part)
            except Exception:
                log.exception("dicelab: solving house rules failed")
                failed = True
            with self.lock:
                self._solving = None
                self._progress.layout.display = "none"
                if failed:
                    self._failed = rules
                else:
                    self._shown = rules
            if failed:
                self.notify(Notice("error", msg("The rules could not be solved.")))
                self.render()
            else:
                self.act(self._follow, keep_notices=True)  # the newest rules, if they changed
                _prepare_build()

        self._background(job)

    # -- drawing ------------------------------------------------------------------------------
    def _render(self, lang: str) -> None:
        self._syncing = True
        try:
            self._render_form(lang)
        finally:
            self._syncing = False
        self._boxes.value = self._boxes_html(lang)
        self._situation.value = self._situation_text(lang)
        plotted = self._draw_plot(lang)
        # The summary last: once the page shows its new words, the rest is there already.
        self._summary.value = self._summary_html(lang)
        # Then the plot: the summary holds its words (the page copies them to the picture's
        # alt), so a picture is never shown without them.
        self._plot.layout.display = None if plotted else "none"
        if self._play is not None:
            self._play_heading.value = f"<p><b>{esc(self._play_words(lang))}</b></p>"
            if self._play.lang != lang:
                self._play.set_language(lang)

    def _play_words(self, lang: str) -> str:
        """What the game below is played under: the preset, and what the house changed."""
        rules = self._play.game.rules
        preset = self.preset
        changed = []
        for field in FIELDS:
            value = getattr(rules, field)
            if value == getattr(preset, field):
                continue
            if field in NUMBERS:
                label, shown = translate(NUMBERS[field], lang), format_number(value, lang)
            elif field in SWITCHES:
                label = translate(SWITCHES[field], lang)
                shown = translate("yes" if value else "no", lang)
            else:
                label, shown = translate("Joker", lang), translate(JOKERS[value], lang)
            changed.append(translate("{label}: {text}", lang, label=label, text=shown))
        preset_name = translate(PRESET_LABELS[preset.name], lang)
        if not changed:
            return translate("A game under the rules “{preset}”.", lang, preset=preset_name)
        return translate(
            "A game under the rules “{preset}” with these changes: {changes}.",
            lang,
            preset=preset_name,
            changes="; ".join(changed),
        )

    def _render_form(self, lang: str) -> None:
        self._preset_pick.description = translate("Start from", lang)
        set_options(
            self._preset_pick,
            [(translate(PRESET_LABELS[name], lang), name) for name in PRESETS],
            self._preset,
        )
        for field, box in self._inputs.items():
            if field in NUMBERS:
                box.description = translate(NUMBERS[field], lang)
            elif field in SWITCHES:
                box.description = translate(SWITCHES[field], lang)
            else:
                box.description = translate("Joker", lang)
                set_options(box, [(translate(JOKERS[j], lang), j) for j in JOKERS])
            value = self._values[field]
            if field in NUMBERS:
                value = str(value)
            if field not in self._errors and box.value != value:
                box.value = value
            error = self._errors.get(field)
            if error is not None:
                box.add_class("dl-refused")
            else:
                box.remove_class("dl-refused")
            shown = f'<span class="dl-error">{esc(error.render(lang))}</span>' if error else ""
            self._field_errors[field].value = shown
        self._solve_button.description = translate("Try again", lang)
        self._solve_button.disabled = self.solving
        self._solve_button.layout.display = None if self._failed is not None else "none"
        self._situation_heading.value = (
            f"<b>{esc(translate('The best choice at the start of a game', lang))}</b>"
        )
        self._dice_text.description = translate("Dice", lang)
        self._dice_text.placeholder = translate("e.g. 4 4 4 1 2", lang)
        dice = " ".join(map(str, self._dice))
        if self._dice_text.value != dice:
            self._dice_text.value = dice
        self._rolls_pick.description = translate("Then", lang)
        set_options(
            self._rolls_pick,
            [(plural("{n} roll left", "{n} rolls left", n, lang), n) for n in (0, 1, 2)],
            self._rolls_left,
        )
        self._play_button.description = translate("Play with these rules", lang)
        self._play_button.tooltip = translate(
            "A game of Penta under these rules, against the optimal computer player", lang
        )

    def _pair(self) -> tuple[Outcome, Outcome] | None:
        shown = self.shown
        preset = self._outcomes.get(self.preset)
        if shown is None or preset is None:
            return None
        return preset, shown

    def _summary_html(self, lang: str) -> str:
        pair = self._pair()
        if pair is None:
            if self.solving or self._typing_pending:
                return f"<p>{esc(translate('Solving these rules…', lang))}</p>"
            return ""
        preset, house = pair
        difference = house.expected - preset.expected
        name = translate(PRESET_LABELS[self._preset], lang)
        same = house.rules == preset.rules
        numbers = {
            "mean": format_number(house.expected, lang, decimals=SCORE_PLACES),
            "sd": format_number(house.sd, lang, decimals=1),
            "games": format_number(self._games, lang),
            "preset": name,
        }
        if same:
            text = translate(
                "With the rules “{preset}” the best player scores {mean} points on average "
                "(standard deviation {sd} in {games} simulated games).",
                lang,
                **numbers,
            )
        else:
            key = (
                N_(
                    "With these rules the best player scores {mean} points on average (standard "
                    "deviation {sd} in {games} simulated games), {diff} more than with the rules "
                    "“{preset}” ({base})."
                )
                if difference >= 0
                else N_(
                    "With these rules the best player scores {mean} points on average "
                    "(standard deviation {sd} in {games} simulated games), {diff} less than with "
                    "the rules “{preset}” ({base})."
                )
            )
            text = translate(
                key,
                lang,
                diff=format_number(abs(difference), lang, decimals=SCORE_PLACES),
                base=format_number(preset.expected, lang, decimals=SCORE_PLACES),
                **numbers,
            )
        # The histogram's words (its alt: the page reads a picture's from the .dl-alt beside it)
        alt = esc(histogram_text(pair, self._preset, self._games, lang))
        return (
            f'{self._stale_html(house.rules, lang)}<p class="dl-house-mean">{esc(text)}</p>'
            f'<span class="dl-alt" hidden>{alt}</span>'
        )

    def _stale_html(self, shown: Rules, lang: str) -> str:
        """A note above figures that are not the form's: new rules on their way, or a refused
        field (nothing when the form's rules failed: the error card and Try again say so)."""
        rules = self.rules
        if rules == shown or (rules is not None and rules == self._failed):
            return ""
        if rules is None:
            note = translate(
                "These figures are for the last rules solved: mend the rule marked in red to "
                "see yours.",
                lang,
            )
        else:
            note = translate(
                "Solving the new rules… The figures below are still those of the rules before.",
                lang,
            )
        return f'<p class="dl-card dl-card-info dl-house-stale">{esc(note)}</p>'

    def _boxes_html(self, lang: str) -> str:
        pair = self._pair()
        if pair is None:
            return ""
        preset, house = pair
        rows = []
        for key in (*BOXES, *EXTRA):
            label = translate(BOX_NAMES[key] if key in BOX_NAMES else EXTRA_LABELS[key], lang)
            before, after = preset.box_means[key], house.box_means[key]
            change = after - before
            sign = "+" if change >= 0.05 else ("−" if change <= -0.05 else "")
            shown = sign + format_number(abs(change), lang, decimals=1)
            mark = " dl-gain" if change >= 0.05 else (" dl-loss" if change <= -0.05 else "")
            rows.append(
                f'<tr class="dl-house-row-{key}{mark}"><td>{esc(label)}</td>'
                f"<td>{esc(format_number(before, lang, decimals=1))}</td>"
                f"<td>{esc(format_number(after, lang, decimals=1))}</td>"
                f"<td>{esc(shown)}</td></tr>"
            )
        head = "".join(
            f"<th>{esc(h)}</th>"
            for h in (
                translate("Box", lang),
                translate("“{preset}” (points)", lang, preset=msg(PRESET_LABELS[self._preset])),
                translate("These rules (points)", lang),
                translate("Change (points)", lang),
            )
        )
        title = translate(
            "What each box holds on average in the simulated games of the best player", lang
        )
        note = translate(
            "Each figure is an average of {games} simulated games (the same dice under both "
            "rule sets), so a change of a few tenths of a point can be chance.",
            lang,
            games=format_number(self._games, lang),
        )
        return (
            f"<p><b>{esc(title)}</b></p>"
            f'<table class="dl-table"><tr>{head}</tr>{"".join(rows)}</table>'
            f"<p>{esc(note)}</p>"
        )

    def _situation_text(self, lang: str) -> str:
        pair = self._pair()
        if pair is None:
            return ""
        from dicelab.penta.scorecard import Scorecard

        columns = []
        values = []
        for item in pair:
            solver = item.solver
            values.append(solver.option_values(Scorecard(item.rules), self._dice, self._rolls_left))
            columns.append(solver.best_action(Scorecard(item.rules), self._dice, self._rolls_left))
        actions = sorted(values[1], key=lambda a: -values[1][a])[:5]
        for best in columns:
            if best not in actions:
                actions.append(best)
        # Two choices less than a shown hundredth apart would read the same (250.71 and
        # 250.71): then a thousandth is shown, and the words say the change is a near tie.
        gap = values[1][columns[1]] - values[1].get(columns[0], float("-inf"))
        close = columns[0] != columns[1] and gap < NEAR_TIE
        places = 3 if close else 2
        rows = []
        for action in actions:
            cells = []
            for k in (0, 1):
                value = values[k].get(action)
                shown = "—" if value is None else format_number(value, lang, decimals=places)
                if action == columns[k]:
                    shown += f" ({translate('best', lang)})"
                cells.append(f"<td>{esc(shown)}</td>")
            rows.append(f"<tr><td>{esc(action_label(action, lang))}</td>{''.join(cells)}</tr>")
        head = "".join(
            f"<th>{esc(h)}</th>"
            for h in (
                translate("Choice", lang),
                translate("“{preset}”", lang, preset=msg(PRESET_LABELS[self._preset])),
                translate("These rules", lang),
            )
        )
        if columns[0] == columns[1]:
            words = translate(
                "Both rule sets make the same choice: {action}.",
                lang,
                action=action_label(columns[1], lang),
            )
        elif close:
            words = translate(
                "The best choice changes, but only just: {after} under these rules, {before} "
                "under “{preset}”. Under these rules the two are only {gap} points apart: both "
                "are good choices.",
                lang,
                before=action_label(columns[0], lang),
                after=action_label(columns[1], lang),
                preset=msg(PRESET_LABELS[self._preset]),
                gap=format_number(gap, lang, decimals=3),
            )
        else:
            words = translate(
                "The best choice changes: {before} under “{preset}”, {after} under these rules.",
                lang,
                before=action_label(columns[0], lang),
                after=action_label(columns[1], lang),
                preset=msg(PRESET_LABELS[self._preset]),
            )
        explain = translate("Expected final score of each choice, played best from then on.", lang)
        return (
            f'<p class="dl-house-choice">{esc(words)}</p><p>{esc(explain)}</p>'
            f'<table class="dl-table"><tr>{head}</tr>{"".join(rows)}</table>'
        )

    def _draw_plot(self, lang: str) -> bool:
        """Draw the histogram of the rules shown against the preset's; False when there is
        none to draw (its showing is :meth:`_render`'s)."""
        pair = self._pair()
        if pair is None:
            return False
        key = (pair[0].rules, pair[1].rules, self._preset, lang)
        if key != self._plot_key:  # drawn once per pair and language, not at every redraw
            self._plot.value = _histogram(pair, self._preset, lang)
            self._plot_key = key
        return True


def _typed_whole(text: Any) -> Any:
    """A number field's text as a whole number if it is one (``" 30 "``), else as typed:
    the engine then refuses it with its own words (``… not 'abc'``)."""
    if not isinstance(text, str):
        return text
    try:
        return parse_whole(text)
    except IllegalMove:
        return text


NEAR_TIE = 0.01
"""Two choices less than this many points apart (expected final score) are a near tie: the
situation's table shows a thousandth, and its words say the best choice barely changes."""


def _prepare_build() -> None:
    """After a result is shown, load the solver's compiled kernel (numba) while the learner
    reads it and changes a rule, so that the next solve does not wait for it (about half a
    second, once per session; the preset's table alone comes from the cache without it)."""
    from dicelab.penta.solver_tables import prepare_build

    try:
        prepare_build()
    except Exception:  # only an early start: the next solve loads the kernel anyway
        log.exception("dicelab: loading the solver's kernel failed")


def _named(message: Said, field: str) -> Said:
    """The engine's refusal with the field called by its label ("Upper bonus points is a whole
    number from 1 to 1,000, not -5.") rather than by its name in the code."""
    label = NUMBERS.get(field) or SWITCHES.get(field)
    if label is None or not isinstance(message, Message) or message.params.get("field") != field:
        return message
    return dataclasses.replace(message, params={**message.params, "field": msg(label)})


def _share(share: float, lang: str) -> str:
    """A tick of the share of games, as a percentage written as ``lang`` writes it (a
    decimal only where the tick needs one: 2.5 %)."""
    whole = abs(share * 100 - round(share * 100)) < 1e-9
    return format_percent(share, lang, decimals=0 if whole else 1)


def histogram_text(pair: tuple[Outcome, Outcome], preset: str, games: int, lang: str) -> str:
    """The histogram's text alternative (the picture's ``alt``, read by screen readers): what
    it shows, with its numbers: for each rule set, the middle half of the games and the
    median.

    >>> import numpy as np
    >>> one = Outcome(PRESETS["official"], 250.0, 60.0, np.arange(100, 501), {}, None)
    >>> text = histogram_text((one, one), "official", 401, "en")
    >>> text.endswith("these rules: the middle half of the games scored between 200 and 400 "
    ...               "points, median 300.")
    True
    """

    def numbers(outcome: Outcome) -> dict[str, str]:
        import numpy as np

        low, median, high = np.percentile(outcome.scores, [25, 50, 75])
        return {
            "low": format_number(round(float(low)), lang),
            "high": format_number(round(float(high)), lang),
            "median": format_number(round(float(median)), lang),
        }

    head = translate(
        "A histogram of the final score of the best player in {games} simulated games.",
        lang,
        games=format_number(games, lang),
    )
    parts = [head]
    for outcome, name in zip(
        pair,
        (translate("“{preset}”", lang, preset=msg(PRESET_LABELS[preset])), None),
        strict=True,
    ):
        parts.append(
            translate(
                "With the rules {preset}: the middle half of the games scored between {low} "
                "and {high} points, median {median}.",
                lang,
                preset=name,
                **numbers(outcome),
            )
            if name is not None
            else translate(
                "With these rules: the middle half of the games scored between {low} and "
                "{high} points, median {median}.",
                lang,
                **numbers(outcome),
            )
        )
    return " ".join(parts)


def _histogram(pair: tuple[Outcome, Outcome], preset: str, lang: str) -> bytes:
    import numpy as np
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    fig = Figure(figsize=(7.2, 3.4), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    low = min(float(o.scores.min()) for o in pair)
    high = max(float(o.scores.max()) for o in pair)
    bins = list(range(int(low) // 20 * 20, int(high) + 40, 20))
    labels = (
        translate("“{preset}”", lang, preset=msg(PRESET_LABELS[preset])),
        translate("these rules", lang),
    )
    for item, label, style in zip(pair, labels, ("--", "-"), strict=True):
        share = np.full(len(item.scores), 1 / len(item.scores))  # (a list: read one by one)
        ax.hist(
            item.scores, bins=bins, weights=share, histtype="step", linestyle=style, label=label
        )
    ax.set_xlabel(translate("final score of the best player (points)", lang))
    ax.set_ylabel(translate("share of games", lang))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: format_number(round(x), lang)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: _share(y, lang)))
    ax.legend()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
