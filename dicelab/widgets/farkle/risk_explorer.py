"""The Farkle risk explorer: plots of farkle chances, rolling against banking, thresholds,
simulated turn scores and two-player win chances, with the controls that change them.

House rules are a few changes to a preset (the straight's and three pairs' points, the
game end, an entry minimum), checked by :class:`~dicelab.farkle.Rules`. Win chances of a
rule set and target not solved yet are solved live, in the background, with a progress
bar and the time left.

Every figure is computed by :mod:`dicelab.farkle` (exact chances and values, the policy
evaluator, the simulator, the win-chance solver); this module only draws them with
matplotlib, imported when the first plot is drawn, never at construction. Each plot has
a caption that states its key numbers in words, so nothing is only in a picture.

>>> from dicelab.widgets.common.timer import ManualScheduler
>>> app = RiskExplorer(lang="en", background=lambda work: work(), scheduler=ManualScheduler())
>>> app.show("thresholds")
True
>>> "16,400" in app.caption("thresholds")
True
"""

from __future__ import annotations

import io
import logging
import math
import re
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from dicelab.axes import number_axis, percent_axis
from dicelab.dice import SeededDice
from dicelab.errors import IllegalMove
from dicelab.farkle import Rules, farkle_chance, is_farkle
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import END_NAMES, END_RULES, FIELD_NAMES, MAX_ENTRY, PRESETS
from dicelab.farkle.situation import TARGETS
from dicelab.i18n import (
    N_,
    decimals_needed,
    format_number,
    format_percent,
    msg,
    plural,
    read_number,
    translate,
)
from dicelab.numbers import show_value
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import App, esc, refuse
from dicelab.widgets.common.forms import set_options
from dicelab.widgets.labels import FARKLE_PRESET_LABELS

__all__ = ["HOUSE_FIELDS", "PLOTS", "RiskExplorer"]

log = logging.getLogger("dicelab.widgets")

PLOTS = ("farkle", "values", "thresholds", "distributions", "winmap")
"""The explorer's plots, in tab order."""
PLOT_TITLES = {
    "farkle": N_("Farkle chance"),
    "values": N_("Roll or bank?"),
    "thresholds": N_("Bank thresholds"),
    "distributions": N_("Turn scores"),
    "winmap": N_("Win chances"),
}
COMPUTER_FIELDS = ("base", "per_missing_die", "per_point_behind", "max_raise")
COMPUTER_LABELS = {
    "base": N_("Computer: base threshold"),
    "per_missing_die": N_("Computer: less per missing die"),
    "per_point_behind": N_("Computer: more per point behind"),
    "max_raise": N_("Computer: at most this much more"),
}
HOUSE_FIELDS = ("straight", "three_pairs", "end", "entry")
"""The house rules the explorer changes (fields of :class:`~dicelab.farkle.Rules`)."""
HOUSE_POINTS = ("straight", "three_pairs")
"""House rules given as points in a number box, 0 meaning no such combination."""
SOLVE = N_("Solve the win chances")
"""The button that solves the win chances of the rules and target shown."""
DICE = range(1, 7)
DUEL_PAIRS = (
    ("win", "optimal"),
    ("win", "computer"),
    ("optimal", "computer"),
    ("custom", "computer"),
)
"""The games the win-chance tab plays, each first against second, the first starting: the
player who plays to win, the score-maximiser, the computer and the learner's thresholds."""
DUEL_GAMES = 1_000
"""Simulated games per pair, shown beside the exact chance."""
PLAYER_NAMES = {
    "win": N_("playing to win"),
    "optimal": N_("most points"),
    "computer": N_("computer"),
    "custom": N_("yours"),
}
DEFAULT_SEED = 1  # the simulations' seed when none is given
FARKLE_SAMPLES = 3000
TURN_COUNTS = (5_000, 20_000, 100_000)
WIN_TARGETS = (1000, *TARGETS)


def _house_value(name: str, value: Any) -> Any:
    """A house rule as the form gives it, as a :class:`~dicelab.farkle.Rules` field: 0
    points for a combination means there is none."""
    if name in HOUSE_POINTS and isinstance(value, int) and not isinstance(value, bool):
        return value or None
    return value


def _house_rules(base: Rules, house: dict[str, Any]) -> Rules:
    """The preset ``base`` with the house's changes (the preset itself with none)."""
    return Rules.custom("house", base=base, **house) if house else base


def thresholds_from_text(text: str) -> int | list[int]:
    """A typed threshold strategy: one number, or six (for 1 to 6 dice).

    >>> thresholds_from_text("350")
    350
    >>> thresholds_from_text("300, 300 350 400 450 500")
    [300, 300, 350, 400, 450, 500]
    """
    numbers = [int(n) for n in re.findall(r"\d+", text)]
    if len(numbers) == 1:
        return numbers[0]
    if len(numbers) != 6:
        raise IllegalMove(
            msg(
                "Type one bank threshold, or six (for 1 to 6 dice), not {value}.",
                value=show_value(text),
            )
        )
    return numbers


class RiskExplorer(App):
    """Explore Farkle's risks: five plots, the scoring preset, the computer's threshold
    parameters and a custom threshold strategy.

    ``rules``: a preset name; ``turns``: simulated turns per strategy; ``seed``: the
    simulations' seed; ``background``: how long work runs (default: a thread).
    Driving methods: :meth:`show`, :meth:`set_preset`, :meth:`set_house`,
    :meth:`set_computer`, :meth:`set_custom`, :meth:`simulate`, :meth:`set_target`,
    :meth:`solve`.
    """

    title = msg("Farkle risk explorer")
    css_class = "dl-risk-explorer"

    def __init__(
        self,
        rules: str | None = None,
        turns: int = 20_000,
        seed: int = DEFAULT_SEED,
        lang: str | None = None,
        background: Callable[[Callable[[], None]], None] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(lang=lang, **options)
        self._rules: Rules = Rules.preset(rules) if rules else PRESETS["standard"]
        self._preset_name = self._rules.name
        self._house: dict[str, Any] = {}  # house changes to the preset: field -> value
        self._solving: str = ""  # what the live solve says now (HTML), "" when none runs
        self._computer = ComputerPlayer()
        self._custom: int | list[int] = [300, 300, 350, 400, 450, 500]
        self._turns = turns
        self._seed = seed
        self._target = WIN_TARGETS[0]
        self._background = background or run_in_background
        self._simulated: dict[str, Any] | None = None  # strategy -> results (derived data)
        self._games: dict[str, tuple[float, float, float]] | None = None  # pair -> duel figures
        self._exact: dict[str, float] = {}
        self._drawn: dict[str, str] = {}  # plot -> the language it is drawn in (its PNG: the image)
        self._busy: set[str] = set()
        self._build()
        self.render()
        self._later(0, lambda: self._draw(self.current))

    @classmethod
    def prepare(cls) -> None:
        """Draw the first plot once, for the default rules and seed, before there is a page:
        matplotlib imported and its fonts loaded, the farkle chances exact and simulated. The
        page's kernel then draws it in about 0.16 s instead of 0.8 s, time in which it could
        not answer the page's request for its widgets."""
        _farkle_png(PRESETS["standard"], DEFAULT_SEED, "en")

    def draw_ahead(self) -> None:
        """Draw the first plot now (:meth:`App.draw_ahead`), not just after the page asked."""
        self.act(lambda: self._draw(self.current), keep_notices=True)

    # -- building -------------------------------------------------------------------------
    def _custom_shown(self) -> str:
        """The custom thresholds as the text box shows them: ``300, 350, ...``."""
        custom = self._custom
        return ", ".join(map(str, [custom] if isinstance(custom, int) else custom))

    def _build(self) -> None:
        self._preset = widgets.Dropdown(options=list(PRESETS), value=self._rules.name)
        self._preset.style.description_width = "230px"
        self._preset.layout.width = "460px"
        self._preset.add_class("dl-preset")
        self._preset.observe(lambda c: self._picked(self.set_preset, c["new"]), "value")
        self._house_heading = widgets.HTML()
        self._house_points = {
            name: widgets.BoundedIntText(min=0, max=100_000, step=50) for name in HOUSE_POINTS
        }
        for name, field in self._house_points.items():
            field.add_class(f"dl-house-{name.replace('_', '-')}")
            field.style.description_width = "230px"
            field.layout.width = "340px"
            field.observe(lambda c, n=name: self._picked_house(n, c["new"]), "value")
        self._end_pick = widgets.Dropdown(options=list(END_RULES), value=self._rules.end)
        self._end_pick.add_class("dl-house-end")
        self._end_pick.style.description_width = "230px"
        self._end_pick.layout.width = "460px"
        self._end_pick.observe(lambda c: self._picked_house("end", c["new"]), "value")
        self._entry_field = widgets.BoundedIntText(min=0, max=MAX_ENTRY, step=50)
        self._entry_field.add_class("dl-house-entry")
        self._entry_field.style.description_width = "230px"
        self._entry_field.layout.width = "340px"
        self._entry_field.observe(lambda c: self._picked_house("entry", c["new"]), "value")
        # Text, not FloatText: a browser's number field shows 0.1 where the page's language
        # writes 0,1; the kernel reads what is typed as the language writes numbers.
        self._fields = {name: widgets.Text(continuous_update=False) for name in COMPUTER_FIELDS}
        for name, field in self._fields.items():
            field.add_class(f"dl-computer-{name.replace('_', '-')}")
            field.style.description_width = "230px"
            field.layout.width = "340px"
            field.observe(lambda c, n=name: self._picked_field(n, c["new"]), "value")
        self._custom_text = widgets.Text(value=self._custom_shown())
        self._custom_text.add_class("dl-custom")
        self._custom_text.style.description_width = "230px"
        self._custom_text.layout.width = "460px"
        self._custom_text.continuous_update = False
        self._custom_text.observe(lambda c: self._picked(self.set_custom, c["new"]), "value")
        self._turns_pick = widgets.Dropdown(
            options=sorted({*TURN_COUNTS, self._turns}), value=self._turns
        )
        self._turns_pick.observe(lambda c: self._picked(self.set_turns, c["new"]), "value")
        self._simulate_button = widgets.Button(icon="play")
        self._simulate_button.add_class("dl-simulate")
        self._simulate_button.on_click(lambda _b: self.simulate())
        self._target_pick = widgets.Dropdown(options=list(WIN_TARGETS), value=self._target)
        self._target_pick.add_class("dl-target")
        self._target_pick.observe(lambda c: self._picked(self.set_target, c["new"]), "value")
        self._solve_button = widgets.Button(icon="calculator", button_style="primary")
        self._solve_button.add_class("dl-solve")
        self._solve_button.layout.width = "auto"
        self._solve_button.on_click(lambda _b: self.solve())
        self._solve_note = widgets.HTML()
        self._solve_note.add_class("dl-solve-note")
        self._progress = widgets.FloatProgress(min=0.0, max=1.0)
        self._progress.add_class("dl-progress")
        self._progress.layout.display = "none"
        self._images = {name: widgets.Image(format="png") for name in PLOTS}
        self._captions = {name: widgets.HTML() for name in PLOTS}
        pages = []
        for name in PLOTS:
            self._images[name].add_class(f"dl-plot-{name}")
            self._images[name].layout.max_width = "760px"
            self._images[name].layout.display = "none"  # until drawn
            self._captions[name].add_class(f"dl-caption-{name}")
            extra: list[widgets.Widget] = []
            if name == "distributions":
                extra = [widgets.HBox([self._turns_pick, self._simulate_button])]
            if name == "winmap":
                extra = [widgets.HBox([self._target_pick, self._solve_button]), self._solve_note]
            pages.append(widgets.VBox([*extra, self._images[name], self._captions[name]]))
        self._tabs = widgets.Tab(children=pages)
        self._tabs.observe(lambda c: self._tab_changed(), "selected_index")
        controls = widgets.VBox(
            [
                self._preset,
                self._house_heading,
                *self._house_points.values(),
                self._end_pick,
                self._entry_field,
                *self._fields.values(),
                self._custom_text,
            ],
            layout=widgets.Layout(min_width="470px"),
        )
        self._body.children = [widgets.HBox([controls, widgets.VBox([self._progress, self._tabs])])]

    # -- state ------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The scoring table explored."""
        return self._rules

    @property
    def current(self) -> str:
        """The plot shown now."""
        return PLOTS[self._tabs.selected_index or 0]

    @property
    def computer(self) -> ComputerPlayer:
        """The computer player with the parameters chosen."""
        return self._computer

    @property
    def images(self) -> dict[str, widgets.Image]:
        """Each plot's image widget (empty until drawn)."""
        return dict(self._images)

    def caption(self, name: str) -> str:
        """The words under plot ``name`` (its key numbers), as HTML."""
        return self._captions[name].value

    # -- intents ----------------------------------------------------------------------------
    def show(self, name: str) -> bool:
        """Show plot ``name`` (one of :data:`PLOTS`), drawing it if needed."""

        def go() -> None:
            if name not in PLOTS:
                raise IllegalMove(
                    msg(
                        "Unknown plot {name}: choose one of {names}.",
                        name=show_value(name),
                        names=", ".join(PLOTS),
                    )
                )
            index = PLOTS.index(name)
            if self._tabs.selected_index != index:
                self._tabs.selected_index = index  # draws it (see _tab_changed)
            else:
                self._draw(name)

        return self.act(go)

    def set_preset(self, name: str) -> bool:
        """Explore another scoring preset (the house's game end and entry stay; its
        points for the straight and three pairs give way to the preset's)."""

        def go() -> None:
            base = Rules.preset(name)
            kept = {k: v for k, v in self._house.items() if k not in HOUSE_POINTS}
            self._rules = _house_rules(base, kept)
            self._preset_name, self._house = base.name, kept
            self._invalidate()

        return self.act(go)

    def set_house(self, **changes: Any) -> bool:
        """Change house rules of the preset: ``straight`` and ``three_pairs`` (points, 0:
        no such combination), ``end`` (``"last-round"`` or ``"at-once"``), ``entry``
        (points a first bank needs, 0: none). The rules check the values.

        >>> from dicelab.widgets.common.timer import ManualScheduler
        >>> app = RiskExplorer(lang="en", background=lambda w: w(), scheduler=ManualScheduler())
        >>> app.set_house(end="at-once", entry=500), app.rules.ends_at_target, app.rules.entry
        (True, True, 500)
        >>> app.set_house(entry=-50), app.rules.entry
        (False, 500)
        """

        def go() -> None:
            unknown = set(changes) - set(HOUSE_FIELDS)
            if unknown:
                raise IllegalMove(
                    msg(
                        "Unknown house rule {name}: the house rules are {names}.",
                        name=show_value(sorted(unknown)[0]),
                        names=", ".join(HOUSE_FIELDS),
                    )
                )
            base = Rules.preset(self._preset_name)
            house = {**self._house, **{k: _house_value(k, v) for k, v in changes.items()}}
            house = {k: v for k, v in house.items() if getattr(base, k) != v}
            rules = _house_rules(base, house)  # refuses what the rules refuse
            if rules != self._rules:
                self._rules, self._house = rules, house
                self._invalidate()

        return self.act(go)

    def set_computer(self, **params: float | str) -> bool:
        """Change the computer's threshold parameters (``base``, ``per_missing_die``...): numbers,
        or text as the app's language writes numbers (``"0,25"`` in French)."""

        def go() -> None:
            unknown = set(params) - set(COMPUTER_FIELDS)
            if unknown:
                raise IllegalMove(
                    msg(
                        "Unknown parameter {name}: the parameters are {names}.",
                        name=show_value(sorted(unknown)[0]),
                        names=", ".join(COMPUTER_FIELDS),
                    )
                )
            kept = self._computer.to_dict()
            values = {k: _whole(v, self._lang, example=kept[k]) for k, v in params.items()}
            self._computer = ComputerPlayer(**{**self._computer.to_dict(), **values})
            self._invalidate()

        return self.act(go)

    def set_custom(self, thresholds: str | int | Sequence[int]) -> bool:
        """The custom strategy: bank from one threshold, or one per dice count (1 to 6)."""

        def go() -> None:
            from dicelab.farkle.risk import evaluate_threshold

            value = thresholds_from_text(thresholds) if isinstance(thresholds, str) else thresholds
            evaluate_threshold(value, self._rules)  # the engine checks it
            self._custom = value if isinstance(value, int) else list(value)
            self._invalidate()

        return self.act(go)

    def set_turns(self, turns: int) -> bool:
        """How many turns to simulate per strategy."""

        def go() -> None:
            self._turns = int(turns)
            self._simulated = None
            self._drawn.pop("distributions", None)

        return self.act(go)

    def set_target(self, target: int) -> bool:
        """The target of the win-chance map."""

        def go() -> None:
            if target not in WIN_TARGETS:
                raise IllegalMove(
                    msg(
                        "Choose a target among {targets}.", targets=", ".join(map(str, WIN_TARGETS))
                    )
                )
            self._target = target
            self._games = None
            self._drawn.pop("winmap", None)
            if self.current == "winmap":
                self._draw("winmap")

        return self.act(go)

    def simulate(self) -> bool:
        """Simulate the turn scores of the three strategies again (with a progress bar)."""

        def go() -> None:
            self._simulated = None
            self._drawn.pop("distributions", None)
            self._tabs.selected_index = PLOTS.index("distributions")
            self._draw("distributions")

        return self.act(go)

    def solve(self) -> bool:
        """Solve the two-player win chances of these rules for the chosen target, in the
        background: a progress bar, what is being solved and roughly how long it has left.
        The solved table is cached, then drawn."""

        def go() -> None:
            from dicelab.farkle.winchance import win_chances

            rules, target = self._rules, self._target
            if "winmap" in self._busy:
                return
            began = time.perf_counter()
            self._show_solving(target, 0.0, began)

            def work(report: Callable[[float], None]) -> None:
                def progress(fraction: float) -> None:
                    report(fraction)
                    self._show_solving(target, fraction, began)

                try:
                    win_chances(rules, target, progress=progress)
                except IllegalMove as error:  # the solver's refusal (an entry above the target)
                    self.act(refuse(error.message))
                finally:
                    self._solving = ""
                    self._solve_note.value = ""
                if self._rules == rules and self._target == target:
                    self._play_games(lambda _fraction: None)  # the bar stays full
                self._drawn.pop("winmap", None)

            self._run("winmap", work)

        return self.act(go)

    @property
    def solving(self) -> str:
        """What the live solve says now (plain text), ``""`` when no solve runs."""
        return re.sub(r"<[^>]+>", "", self._solving)

    def _show_solving(self, target: int, fraction: float, began: float) -> None:
        """The line under the win map while a solve runs: what, how far, the time left."""
        lang = self._lang
        what = translate(
            "Solving the win chances of these rules for a target of {target}…",
            lang,
            target=format_number(target, lang),
        )
        elapsed = time.perf_counter() - began
        if 0.02 <= fraction < 1.0 and elapsed > 0.5:
            left = elapsed * (1.0 - fraction) / fraction
            what += " " + translate(
                "{percent} done, about {seconds} s left.",
                lang,
                percent=format_percent(fraction, lang, decimals=0),
                seconds=format_number(max(1, round(left)), lang),
            )
        text = f"<p>{esc(what)}</p>"
        if text != self._solving:
            self._solving = text
            self._solve_note.value = text

    # -- control callbacks ------------------------------------------------------------------
    def _picked(self, method: Callable[[Any], bool], value: Any) -> None:
        if not self._syncing:
            method(value)

    def _picked_field(self, name: str, value: str) -> None:
        if not self._syncing:
            self.set_computer(**{name: value})

    def _picked_house(self, name: str, value: Any) -> None:
        if not self._syncing:
            self.set_house(**{name: value})

    def _tab_changed(self) -> None:
        if not self._syncing:
            self.act(lambda: self._draw(self.current), keep_notices=True)

    _syncing = False

    def _invalidate(self) -> None:
        self._simulated = None
        self._games = None
        self._drawn.clear()
        self._draw(self.current)

    # -- long work ----------------------------------------------------------------------------
    def _run(self, name: str, work: Callable[[Callable[[float], None]], None]) -> None:
        """Run ``work(report)`` in the background with the progress bar, then redraw."""
        if name in self._busy:
            return
        self._busy.add(name)
        self._progress.value = 0.0
        self._progress.layout.display = None

        def report(fraction: float) -> None:
            self._progress.value = min(1.0, max(0.0, float(fraction)))

        def job() -> None:
            try:
                work(report)
            except Exception:
                log.exception("dicelab: the risk explorer's %s failed", name)
            finally:
                self._busy.discard(name)
                self._progress.layout.display = "none"
            self.act(lambda: self._draw(name), keep_notices=True)

        self._background(job)

    # -- drawing ------------------------------------------------------------------------------
    def _render(self, lang: str) -> None:
        self._syncing = True
        try:
            self._preset.description = translate("Scoring", lang)
            set_options(
                self._preset,
                [(translate(FARKLE_PRESET_LABELS.get(n, n), lang), n) for n in PRESETS],
                self._preset_name,
            )
            self._house_heading.value = f"<b>{esc(translate('House rules', lang))}</b>"
            for name, box in self._house_points.items():
                box.description = translate(FIELD_NAMES[name], lang)
                box.tooltip = translate("Points (0: no such combination)", lang)
                points = getattr(self._rules, name) or 0
                if box.value != points:
                    box.value = points
            self._end_pick.description = translate("Game end", lang)
            set_options(
                self._end_pick,
                [(translate(END_NAMES[e], lang), e) for e in END_RULES],
                self._rules.end,
            )
            self._entry_field.description = translate("Entry minimum", lang)
            self._entry_field.tooltip = translate(
                "Points a first bank needs to get a player on the board (0: none)", lang
            )
            if self._entry_field.value != self._rules.entry:
                self._entry_field.value = self._rules.entry
            for name, field in self._fields.items():
                field.description = translate(COMPUTER_LABELS[name], lang)
                shown = _shown(getattr(self._computer, name), lang)
                if field.value != shown:
                    field.value = shown
            self._custom_text.description = translate("Your thresholds", lang)
            self._custom_text.placeholder = translate("one number, or six for 1 to 6 dice", lang)
            self._custom_text.tooltip = translate(
                "Bank as soon as the turn holds this many points (one per dice count)", lang
            )
            text = self._custom_shown()
            if self._custom_text.value != text:
                self._custom_text.value = text
            self._turns_pick.description = translate("Turns", lang)
            self._turns_pick.value = self._turns
            self._simulate_button.description = translate("Simulate again", lang)
            self._target_pick.description = translate("Target", lang)
            set_options(
                self._target_pick, [(format_number(t, lang), t) for t in WIN_TARGETS], self._target
            )
            self._solve_button.description = translate(SOLVE, lang)
            solved = _win_table(self) is not None
            self._solve_button.layout.display = "none" if solved or "winmap" in self._busy else None
            self._tabs.titles = tuple(translate(PLOT_TITLES[n], lang) for n in PLOTS)
        finally:
            self._syncing = False
        for name in PLOTS:
            if name in self._drawn:
                self._captions[name].value = self._caption_html(name, lang)
        if self.current in self._drawn:
            self._draw(self.current)  # again if drawn in another language

    def _draw(self, name: str) -> None:
        """Draw plot ``name`` unless it is drawn already for these settings and in this
        language (a plot's title, axes and legend are words: a plot drawn in another language
        is drawn again when it is shown)."""
        if name in self._busy or self._drawn.get(name) == self._lang:
            return
        if name == "distributions" and self._simulated is None:
            self._captions[name].value = esc(translate("Simulating…", self._lang))
            self._run(name, self._simulate_all)
            return
        if name == "winmap" and self._games is None and _win_table(self) is not None:
            self._captions[name].value = esc(translate("Playing the strategies…", self._lang))
            self._run(name, self._play_games)
            return
        png = _PLOTTERS[name](self, self._lang)
        self._images[name].value = png or b""
        self._drawn[name] = self._lang
        self._captions[name].value = self._caption_html(name, self._lang)
        # Shown after its caption, which holds its words (the page copies them to the
        # picture's alt): never a picture without them. None drawn: no broken picture.
        self._images[name].layout.display = None if png else "none"

    def plot_text(self, name: str, lang: str) -> str:
        """Plot ``name``'s text alternative (the picture's ``alt``, read by screen readers): its
        title and the numbers it shows, the rows of the table under it in words."""
        rows = _CAPTIONS[name](self, lang)
        title = translate(PLOT_TITLES[name], lang)
        if isinstance(rows, str):
            return translate("{label}: {text}", lang, label=title, text=_TAGS.sub("", rows))
        head, *body = rows
        items = [
            ", ".join(
                translate("{label}: {text}", lang, label=label, text=cell)
                for label, cell in zip(head, row, strict=False)
            )
            for row in body
        ]
        between = translate("; ", lang)  # a list's separator (French: a narrow space before)
        return translate("{label}: {text}", lang, label=title, text=between.join(items)) + "."

    def _simulate_all(self, report: Callable[[float], None]) -> None:
        from dicelab.farkle.simulate import simulate_turns

        results = {}
        strategies = self._strategies()
        for i, (key, strategy) in enumerate(strategies.items()):

            def part(fraction: float, i: int = i) -> None:
                report((i + fraction) / len(strategies))

            results[key] = simulate_turns(strategy, self._turns, self._seed, self._rules, part)
        self._exact = _exact_scores(self)
        self._simulated = results

    def _play_games(self, report: Callable[[float], None]) -> None:
        """Each pair of :data:`DUEL_PAIRS`, the first starting: its exact chance to win
        (:func:`dicelab.farkle.duel`) and :data:`DUEL_GAMES` simulated games."""
        from dicelab.farkle.duel import duel
        from dicelab.farkle.simulate import simulate_games

        chances = _win_table(self)
        if chances is None:  # not solved (or its cache file went away): nothing to play
            return
        self._games = {}  # tried: drawn without the games if they fail, never tried again
        players = {"win": chances, **self._strategies()}
        games: dict[str, tuple[float, float, float]] = {}
        for i, (first, second) in enumerate(DUEL_PAIRS):
            pair = [players[first], players[second]]
            exact = duel(pair[0], pair[1], rules=self._rules, target=self._target).first_wins
            report((i + 0.5) / len(DUEL_PAIRS))
            played = simulate_games(pair, DUEL_GAMES, self._target, self._seed, self._rules)
            games[f"{first}-{second}"] = (
                exact,
                float(played.win_rates[0]),
                float(played.standard_errors[0]),
            )
            report((i + 1) / len(DUEL_PAIRS))
        self._games = games

    def _strategies(self) -> dict[str, Any]:
        return {"optimal": "optimal", "computer": self._computer, "custom": self._custom}

    def _caption_html(self, name: str, lang: str) -> str:
        # The plot's words (its alt: the page reads a picture's from the .dl-alt beside it).
        alt = f'<span class="dl-alt" hidden>{esc(self.plot_text(name, lang))}</span>'
        return alt + self._caption_table(name, lang)

    def _caption_table(self, name: str, lang: str) -> str:
        rows = _CAPTIONS[name](self, lang)
        if isinstance(rows, str):
            return rows
        body = "".join(
            "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows
        )
        return f'<table class="dl-table dl-caption">{body}</table>'


# -- the plots: each returns PNG bytes; each caption returns rows of text ---------------------


def _figure() -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(7.2, 3.8), dpi=100, layout="constrained")


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


@lru_cache(maxsize=16)
def _simulated_farkles(rules: Rules, seed: int) -> list[float]:
    dice = SeededDice(seed)
    return [
        sum(is_farkle(dice.roll(n, i), rules) for i in range(FARKLE_SAMPLES)) / FARKLE_SAMPLES
        for n in DICE
    ]


def _plot_farkle(app: RiskExplorer, lang: str) -> bytes:
    return _farkle_png(app.rules, app._seed, lang)


def _farkle_png(rules: Rules, seed: int, lang: str) -> bytes:
    exact = [float(farkle_chance(n, rules)) for n in DICE]
    simulated = _simulated_farkles(rules, seed)
    fig = _figure()
    ax = fig.add_subplot()
    ax.bar(list(DICE), exact, color="#90caf9", label=translate("exact", lang))
    ax.plot(
        list(DICE),
        simulated,
        "o",
        color="#b71c1c",
        label=translate("simulated ({n} rolls each)", lang, n=FARKLE_SAMPLES),
    )
    ax.set_xlabel(translate("dice rolled", lang))
    ax.set_ylabel(translate("chance that nothing scores", lang))
    percent_axis(ax.yaxis, lang)
    ax.legend()
    return _png(fig)


def _caption_farkle(app: RiskExplorer, lang: str) -> list[list[str]]:
    simulated = _simulated_farkles(app.rules, app._seed)
    rows = [[translate("dice", lang), translate("exact", lang), translate("simulated", lang)]]
    for n, sim in zip(DICE, simulated, strict=True):
        chance: Fraction = farkle_chance(n, app.rules)
        rows.append([str(n), f"{chance} = {_percent(float(chance), lang)}", _percent(sim, lang)])
    return rows


def _optimal(app: RiskExplorer) -> Any:
    from dicelab.farkle.risk import optimal_turn

    return optimal_turn(app.rules)


def _plot_values(app: RiskExplorer, lang: str) -> bytes:
    turn = _optimal(app)
    fig = _figure()
    ax = fig.add_subplot()
    points = list(range(turn.unit, 3000 + turn.unit, turn.unit))
    for n in DICE:
        gains = [turn.roll_value(p, n) - p for p in points]
        ax.plot(points, gains, label=plural("{n} die", "{n} dice", n, lang))
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel(translate("turn points so far", lang))
    ax.set_ylabel(translate("rolling minus banking (expected points)", lang))
    number_axis(ax.xaxis, lang)
    number_axis(ax.yaxis, lang)
    ax.legend(ncols=3, fontsize="small")
    return _png(fig)


def _caption_values(app: RiskExplorer, lang: str) -> list[list[str]]:
    turn = _optimal(app)
    rows = [[translate("dice to roll", lang), translate("roll on below", lang)]]
    rows += [[str(n), format_number(turn.bank_threshold(n), lang)] for n in DICE]
    rows.append(
        [translate("expected points of a whole turn", lang), _num(turn.expected_turn_score, lang)]
    )
    return rows


def _threshold_rows(app: RiskExplorer) -> list[tuple[int, int, int, int]]:
    turn = _optimal(app)
    custom = app._custom
    return [
        (
            n,
            turn.bank_threshold(n),
            app.computer.bank_threshold(n),
            custom if isinstance(custom, int) else custom[n - 1],
        )
        for n in DICE
    ]


def _plot_thresholds(app: RiskExplorer, lang: str) -> bytes:
    rows = _threshold_rows(app)
    fig = _figure()
    ax = fig.add_subplot()
    width = 0.27
    names = [translate("optimal", lang), translate("computer", lang), translate("yours", lang)]
    for k, name in enumerate(names):
        ax.bar([r[0] + (k - 1) * width for r in rows], [r[k + 1] for r in rows], width, label=name)
    ax.set_yscale("log")
    ax.set_xlabel(translate("dice to roll", lang))
    ax.set_ylabel(translate("bank from (points, log scale)", lang))
    number_axis(ax.yaxis, lang)
    ax.legend()
    return _png(fig)


def _caption_thresholds(app: RiskExplorer, lang: str) -> list[list[str]]:
    rows = [
        [
            translate("dice to roll", lang),
            translate("optimal", lang),
            translate("computer", lang),
            translate("yours", lang),
        ]
    ]
    rows += [[str(r[0]), *(format_number(v, lang) for v in r[1:])] for r in _threshold_rows(app)]
    return rows


def _exact_scores(app: RiskExplorer) -> dict[str, float]:
    custom = app._custom if isinstance(app._custom, int) else tuple(app._custom)
    return dict(_exact(app.rules, app.computer, custom))


@lru_cache(maxsize=32)
def _exact(rules: Rules, computer: ComputerPlayer, custom: Any) -> tuple[tuple[str, float], ...]:
    from dicelab.farkle.simulate import turn_strategy

    strategies = {"optimal": "optimal", "computer": computer, "custom": custom}
    return tuple(
        (key, turn_strategy(strategy, rules).expected_turn_score)
        for key, strategy in strategies.items()
    )


def _plot_distributions(app: RiskExplorer, lang: str) -> bytes | None:
    import numpy as np

    results = app._simulated
    if results is None:
        return None
    fig = _figure()
    ax = fig.add_subplot()
    bins = list(range(0, 3100, 100))
    names = {
        "optimal": translate("optimal", lang),
        "computer": translate("computer", lang),
        "custom": translate("yours", lang),
    }
    for key, result in results.items():
        points = result.points.clip(0, 3000)
        share = np.full(len(points), 1 / len(points))  # (a list: read one by one)
        ax.hist(points, bins=bins, weights=share, histtype="step", linewidth=1.5, label=names[key])
    ax.set_xlabel(translate("points banked in one turn (0: farkle)", lang))
    ax.set_ylabel(translate("share of turns", lang))
    number_axis(ax.xaxis, lang)
    percent_axis(ax.yaxis, lang)
    ax.legend()
    return _png(fig)


def _caption_distributions(app: RiskExplorer, lang: str) -> list[list[str]] | str:
    results = app._simulated
    if results is None:
        return esc(translate("Simulating…", lang))
    exact = app._exact
    names = {
        "optimal": translate("optimal", lang),
        "computer": translate("computer", lang),
        "custom": translate("yours", lang),
    }
    rows = [
        [
            translate("strategy", lang),
            translate("exact expected points", lang),
            translate("simulated mean", lang),
            translate("turns lost", lang),
        ]
    ]
    for key, result in results.items():
        rows.append(
            [
                names[key],
                _num(exact[key], lang),
                f"{_num(result.mean, lang)} ± {_num(2 * result.standard_error, lang)}",
                _percent(result.farkle_rate, lang),
            ]
        )
    return rows


def _win_table(app: RiskExplorer) -> Any | None:
    from dicelab.farkle.winchance import cache_path, win_chances

    if not cache_path(app.rules, app._target).exists():
        return None
    return win_chances(app.rules, app._target)


def _plot_winmap(app: RiskExplorer, lang: str) -> bytes | None:
    chances = _win_table(app)
    if chances is None:
        return None
    grid = chances.start.T  # start[mine, theirs], in units: rows = their total
    fig = _figure()
    ax = fig.add_subplot()
    image = ax.imshow(
        grid,
        origin="lower",
        cmap="RdYlGn",
        vmin=0,
        vmax=1,
        extent=(0, app._target, 0, app._target),
        aspect="auto",
    )
    bar = fig.colorbar(image, ax=ax, label=translate("chance to win of the player to move", lang))
    percent_axis(bar.ax.yaxis, lang)
    ax.set_xlabel(translate("my total", lang))
    ax.set_ylabel(translate("their total", lang))
    number_axis(ax.xaxis, lang)
    number_axis(ax.yaxis, lang)
    return _png(fig)


def _caption_winmap(app: RiskExplorer, lang: str) -> list[list[str]] | str:
    chances = _win_table(app)
    if chances is None and "winmap" in app._busy:
        return ""  # being solved: the line above says how far
    if chances is None:
        text = translate(
            "The win chances of these rules for a target of {target} are not solved yet: "
            "press “{button}”.",
            lang,
            target=format_number(app._target, lang),
            button=translate(SOLVE, lang),
        )
        estimate = _solve_estimate(app.rules, app._target)
        if estimate is None:
            when = translate(
                "It takes from seconds to a few minutes; the page stays usable meanwhile.", lang
            )
        else:
            when = translate(
                "It should take roughly {seconds} s (estimated from the tables solved on "
                "this computer); the page stays usable meanwhile.",
                lang,
                seconds=format_number(max(1, round(estimate)), lang),
            )
        return f"<p>{esc(text)}</p><p>{esc(when)}</p>"
    rules = app.rules
    return [
        [
            translate("first player's chance to win", lang),
            _percent(chances.first_player_chance, lang),
        ],
        [
            translate("fair head start for the second player", lang),
            format_number(chances.fair_head_start(), lang),
        ],
        [translate("Game end", lang), translate(END_NAMES[rules.end], lang)],
        [
            translate("Entry minimum", lang),
            format_number(rules.entry, lang) if rules.entry else translate("none", lang),
        ],
        *_duel_rows(app, lang),
    ]


def _duel_rows(app: RiskExplorer, lang: str) -> list[list[str]]:
    """The games of :data:`DUEL_PAIRS`: exact chance beside the simulated one (± 2 standard
    errors), when played."""
    if not app._games:
        return []
    rows = [
        [
            translate("first (starts) against second", lang),
            translate("exact chance the first wins", lang),
            translate("simulated ({games} games)", lang, games=format_number(DUEL_GAMES, lang)),
        ]
    ]
    for first, second in DUEL_PAIRS:
        exact, rate, error = app._games[f"{first}-{second}"]
        rows.append(
            [
                translate(
                    "{first} against {second}",
                    lang,
                    first=translate(PLAYER_NAMES[first], lang),
                    second=translate(PLAYER_NAMES[second], lang),
                ),
                format_percent(exact, lang, decimals=2),
                f"{_percent(rate, lang)} ± {_percent(2 * error, lang)}",
            ]
        )
    return rows


def _solve_estimate(rules: Rules, target: int) -> float | None:
    """Roughly how many seconds solving ``rules`` at ``target`` takes here, from the solve
    times kept with the preset tables already solved (the nearest target); ``None`` when
    none is. The work grows with the number of pairs of totals, ``(target / unit)²``, and
    time a little faster (5,000 -> 10,000: 4x the pairs, about 5x the time): the power
    1.2. A guess shown before the solve; the live solve shows the time left it measures."""
    from dicelab.farkle.risk import turn_tables
    from dicelab.farkle.winchance import cache_path, win_chances

    known = [
        win_chances(preset, solved)
        for solved in WIN_TARGETS
        for preset in PRESETS.values()
        if cache_path(preset, solved).exists()
    ]
    known = [chances for chances in known if chances.seconds > 0]
    if not known:
        return None
    nearest = min(known, key=lambda c: (abs(c.target - target), c.rules.name != "standard"))
    pairs = (target / turn_tables(rules).unit) ** 2
    reference = (nearest.target / nearest.unit) ** 2
    return nearest.seconds * (pairs / reference) ** 1.2


_PLOTTERS: dict[str, Callable[[RiskExplorer, str], bytes | None]] = {
    "farkle": _plot_farkle,
    "values": _plot_values,
    "thresholds": _plot_thresholds,
    "distributions": _plot_distributions,
    "winmap": _plot_winmap,
}
_TAGS = re.compile(r"<[^>]+>")
_CAPTIONS: dict[str, Callable[[RiskExplorer, str], Any]] = {
    "farkle": _caption_farkle,
    "values": _caption_values,
    "thresholds": _caption_thresholds,
    "distributions": _caption_distributions,
    "winmap": _caption_winmap,
}


def _num(value: float, lang: str) -> str:
    return format_number(float(value), lang, decimals=1)


def _percent(value: float, lang: str) -> str:
    return format_percent(float(value), lang)


def _whole(value: object, lang: str, example: float) -> int | float:
    """A parameter as a number: text is read as ``lang`` writes numbers (``0,1`` in French);
    a refusal shows ``example`` (the value kept) as the language writes it."""
    number: float | None
    if isinstance(value, str):
        number = read_number(value, lang)
    else:
        try:
            number = float(value)  # type: ignore[arg-type]  # any value: a refusal is caught
        except (TypeError, ValueError):
            number = None
    if number is None or not math.isfinite(number):
        raise IllegalMove(
            msg(
                "{value} is not a number: type one such as {example}.",
                value=show_value(value),
                example=_shown(example, lang),
            )
        )
    return int(number) if number.is_integer() else number


def _shown(value: float, lang: str) -> str:
    """A parameter in its field, as ``lang`` writes it: ``0,1``, ``1000`` (no thousands'
    separator, as in the number fields of the house rules above it)."""
    return format_number(value, lang, decimals=decimals_needed(value), grouped=False)
