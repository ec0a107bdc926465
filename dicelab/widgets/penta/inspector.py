"""The scoring inspector: any five dice, any Penta scorecard, and what every box would give.

Pick the dice by pressing them (each press turns a die to its next face) or by typing them;
set each box open or filled, the Penta bonus and the rules; read every box's points with
the reason in words (which joker case applies), the advisor's values and the chance of
reaching each box this turn. Every number comes from :mod:`dicelab.penta`.

>>> app = ScoringInspector("5k=50 | dice 4 4 4 4 4 | 2 rolls left", lang="en")
>>> app.points()["fours"], app.points()["chance"]
(120, None)
>>> app.reason("chance")
'Joker: five 4s must go in Fours.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_description import DescriptionStyle

from dicelab.dice import check_dice
from dicelab.errors import IllegalMove
from dicelab.i18n import format_number, format_percent, msg, plural, translate
from dicelab.penta.notation import Situation, parse
from dicelab.penta.rules import BOX_NAMES, BOXES, PRESET_LABELS, PRESETS, UPPER, check_rules
from dicelab.penta.scorecard import (
    SACRIFICE,
    Scorecard,
    possible_penta_bonuses,
    possible_points,
)
from dicelab.widgets.common.base import App, esc
from dicelab.widgets.common.dice import DiceRow, DieView, dice_text
from dicelab.widgets.common.forms import set_options as _set_options
from dicelab.widgets.penta.advice import PentaAdvisor, action_label

__all__ = ["ScoringInspector", "dice_from_text"]

OPEN = "open"


def dice_from_text(text: str) -> tuple[int, ...]:
    """Five dice typed as ``4 4 4 1 2``, ``4,4,4,1,2`` or ``44412``, checked by the engine.

    >>> dice_from_text("44412")
    (4, 4, 4, 1, 2)
    >>> dice_from_text("4 4 9 1 2")
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A die shows 9: dice show whole numbers from 1 to 6.

    Only the digits 0-9 count as digits (``"²".isdigit()`` is true in Python); anything else
    is shown back in the engine's refusal.
    """
    tokens = re.findall(r"[^\s,;]+", text)
    if len(tokens) == 1 and _digits(tokens[0]):
        tokens = list(tokens[0])
    values = [int(token) if _digits(token) else token for token in tokens]
    return check_dice(values, count=5)


def _digits(token: str) -> bool:
    return token.isascii() and token.isdigit()


class ScoringInspector(App):
    """Inspect how Penta scores any five dice in any scorecard situation.

    ``situation`` is a line of the notation (``"5k=50 | dice 4 4 4 4 4 | 2 rolls left"``),
    a :class:`~dicelab.penta.notation.Situation`, or None (an empty card and 2, 2, 5, 5, 5).
    Driving methods: :meth:`press_die`, :meth:`set_dice`, :meth:`set_box`,
    :meth:`set_penta_bonus`, :meth:`set_rules`, :meth:`set_rolls_left`,
    :meth:`set_situation`, :meth:`open_advisor`.
    """

    title = msg("Scoring inspector")
    css_class = "dl-inspector"

    def __init__(
        self,
        situation: str | Situation | None = None,
        rules: str | None = None,
        lang: str | None = None,
        **options,
    ) -> None:
        super().__init__(lang=lang, **options)
        start = self._initial(situation, rules)
        self._card: Scorecard = start.card
        self._dice: tuple[int, ...] = start.dice or (2, 2, 5, 5, 5)
        self._rolls_left: int = min(start.rolls_left, 2)
        self._syncing = False
        self._build()
        self.render()

    @staticmethod
    def _initial(situation: str | Situation | None, rules: str | None) -> Situation:
        if isinstance(situation, Situation):
            return situation
        if isinstance(situation, str):
            return parse(situation)
        return Situation(Scorecard(check_rules(rules)), (2, 2, 5, 5, 5), 2)

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        self._dice_row = DiceRow(5, self.press_die)
        self._dice_text = widgets.Text(continuous_update=False)
        self._dice_text.add_class("dl-dice-text")
        self._rules_pick = widgets.Dropdown(layout=widgets.Layout(width="340px"))
        self._rolls_pick = widgets.Dropdown(layout=widgets.Layout(width="240px"))
        self._line = widgets.Text(continuous_update=False, layout=widgets.Layout(width="100%"))
        self._line.add_class("dl-situation")
        self._pick_layout = widgets.Layout(width="280px")  # shared by the 13 box pickers
        self._pick_style = DescriptionStyle(description_width="130px")
        self._box_picks = {box: self._box_pick(box) for box in BOXES}
        self._bonus_pick = widgets.Dropdown(layout=widgets.Layout(width="240px"))
        self._bonus_pick.add_class("dl-penta-bonus")
        self._bonus_pick.style.description_width = "110px"
        self._results = widgets.HTML()
        self._results.add_class("dl-results")
        self._advisor = PentaAdvisor(self)
        self._dice_text.observe(self._typed_dice, "value")
        self._line.observe(self._typed_line, "value")
        self._rules_pick.observe(self._picked_rules, "value")
        self._rolls_pick.observe(self._picked_rolls, "value")
        self._bonus_pick.observe(self._picked_bonus, "value")
        self._card_heading = widgets.HTML()
        self._dice_heading = widgets.HTML()
        upper = widgets.VBox([self._box_picks[box] for box in UPPER])
        lower = widgets.VBox([self._box_picks[box] for box in BOXES if box not in UPPER])
        self._body.children = [
            self._dice_heading,
            widgets.HBox([self._dice_row, self._dice_text], layout={"align_items": "center"}),
            widgets.HBox([self._rules_pick, self._rolls_pick]),
            self._line,
            self._card_heading,
            widgets.HBox([upper, lower, self._bonus_pick]),
            self._results,
            self._advisor,
        ]

    def _box_pick(self, box: str) -> widgets.Dropdown:
        pick = widgets.Dropdown(
            layout=self._pick_layout,
            style=self._pick_style,
            _dom_classes=("dl-card-box", f"dl-card-{box}"),
        )
        pick.observe(lambda change, b=box: self._picked_box(b, change), "value")
        return pick

    # -- state ----------------------------------------------------------------------------
    @property
    def card(self) -> Scorecard:
        """The scorecard being inspected."""
        return self._card

    @property
    def dice(self) -> tuple[int, ...]:
        """The five dice being inspected, in the order shown."""
        return self._dice

    @property
    def rolls_left(self) -> int:
        """Rolls left in the turn (0, 1 or 2), for the advisor."""
        return self._rolls_left

    @property
    def situation(self) -> Situation | None:
        """The situation as the notation sees it (None when the card is complete)."""
        if self._card.is_complete:
            return None
        return Situation(self._card, self._dice, self._rolls_left)

    @property
    def rules(self) -> Any:
        """The rules of the card (for the advisor)."""
        return self._card.rules

    def points(self) -> dict[str, int | None]:
        """Each box's points for these dice now (None: not allowed or filled)."""
        options = {} if self._card.is_complete else self._card.options(self._dice)
        return {box: options.get(box) for box in BOXES}

    def reason(self, box: str) -> str:
        """The engine's reason for ``box``, in the app's language."""
        return self._card.explain(self._dice)[box].render(self._lang)

    # -- intents (each mirrors a control) -------------------------------------------------
    def press_die(self, index: int) -> bool:
        """Turn die ``index`` to its next face (6 wraps to 1)."""

        def go() -> None:
            dice = list(self._dice)
            dice[index] = dice[index] % 6 + 1
            self._dice = check_dice(dice, count=5)

        return self.act(go)

    def set_dice(self, dice: Iterable[int] | str) -> bool:
        """Show these five dice (a list, or text such as ``"4 4 4 1 2"``)."""

        def go() -> None:
            self._dice = dice_from_text(dice) if isinstance(dice, str) else check_dice(dice, 5)

        return self.act(go)

    def set_box(self, box: str, points: int | None) -> bool:
        """Fill ``box`` with ``points``, or open it again with None."""

        def go() -> None:
            filled = self._card.filled
            if points is None:
                filled.pop(box, None)
            else:
                filled[box] = points
            self._card = Scorecard.from_filled(filled, self._card.penta_bonus, self._card.rules)

        return self.act(go)

    def set_penta_bonus(self, bonus: int) -> bool:
        """Set the Penta bonus points earned so far (a multiple of 100)."""

        def go() -> None:
            self._card = Scorecard.from_filled(self._card.filled, bonus, self._card.rules)

        return self.act(go)

    def set_rules(self, name: str) -> bool:
        """Inspect under another rule preset (``penta``, ``official``...)."""

        def go() -> None:
            rules = check_rules(name)
            self._card = Scorecard.from_filled(self._card.filled, self._card.penta_bonus, rules)

        return self.act(go)

    def set_rolls_left(self, rolls_left: int) -> bool:
        """Rolls left after these dice (0, 1 or 2): what the advisor assumes."""

        def go() -> None:
            Situation(Scorecard(), (1, 1, 1, 1, 1), rolls_left)  # the engine checks the number
            self._rolls_left = rolls_left

        return self.act(go)

    def set_situation(self, text: str | Situation) -> bool:
        """Load a whole situation from a line of the notation."""

        def go() -> None:
            situation = text if isinstance(text, Situation) else parse(text)
            if situation.dice is None:
                raise IllegalMove(msg("The inspector needs five dice on the table."))
            self._card, self._dice = situation.card, situation.dice
            self._rolls_left = situation.rolls_left

        return self.act(go)

    def open_advisor(self, show: bool = True) -> None:
        """Open (or close) the advisor's values (built on first opening)."""
        self._advisor.toggle(show)

    # -- control callbacks -----------------------------------------------------------------
    def _typed_dice(self, change: dict) -> None:
        if not self._syncing:
            self.set_dice(change["new"])

    def _typed_line(self, change: dict) -> None:
        if not self._syncing:
            self.set_situation(change["new"])

    def _picked_rules(self, change: dict) -> None:
        if not self._syncing:
            self.set_rules(change["new"])

    def _picked_rolls(self, change: dict) -> None:
        if not self._syncing:
            self.set_rolls_left(change["new"])

    def _picked_bonus(self, change: dict) -> None:
        if not self._syncing:
            self.set_penta_bonus(change["new"])

    def _picked_box(self, box: str, change: dict) -> None:
        if not self._syncing:
            value = change["new"]
            self.set_box(box, None if value == OPEN else int(value))

    # -- drawing ----------------------------------------------------------------------------
    def _render(self, lang: str) -> None:
        self._syncing = True
        try:
            self._render_controls(lang)
        finally:
            self._syncing = False
        self._results.value = self._results_html(lang)
        self._advisor.render(lang)

    def _render_controls(self, lang: str) -> None:
        hint = msg("Press to turn this die to the next face")
        self._dice_row.show([DieView(face, hint=hint) for face in self._dice], lang)
        self._dice_heading.value = f"<b>{esc(translate('Dice', lang))}</b>"
        self._card_heading.value = f"<b>{esc(translate('Scorecard', lang))}</b>"
        _set(self._dice_text, dice_text(self._dice))
        self._dice_text.description = translate("Type dice", lang)
        self._dice_text.placeholder = translate("e.g. 4 4 4 1 2", lang)
        self._rules_pick.description = translate("Rules", lang)
        _set_options(
            self._rules_pick,
            [(translate(PRESET_LABELS[name], lang), name) for name in PRESETS],
            self._card.rules.name,
        )
        self._rolls_pick.description = translate("Then", lang)
        _set_options(
            self._rolls_pick,
            [(plural("{n} roll left", "{n} rolls left", n, lang), n) for n in (0, 1, 2)],
            self._rolls_left,
        )
        situation = self.situation
        _set(self._line, str(situation) if situation else "")
        self._line.description = translate("Situation", lang)
        filled = self._card.filled
        for box, pick in self._box_picks.items():
            with pick.hold_sync():
                pick.description = translate(BOX_NAMES[box], lang)
            choices = [(translate("open", lang), OPEN)]
            choices += [(str(p), str(p)) for p in sorted(possible_points(box))]
            value = str(filled[box]) if box in filled else OPEN
            _set_options(pick, choices, value)
        self._bonus_pick.description = translate("Penta bonus", lang)
        bonuses = [(str(b), b) for b in possible_penta_bonuses(self._card.rules)]
        _set_options(self._bonus_pick, bonuses, self._card.penta_bonus)

    def _results_html(self, lang: str) -> str:
        card = self._card
        if card.is_complete:
            return f"<p>{esc(translate('The scorecard is complete: no box is open.', lang))}</p>"
        options = card.options(self._dice)
        reasons = card.explain(self._dice)
        rows = []
        for box in BOXES:
            if box in options:
                shown = esc(str(options[box]))
            elif box in card.filled:
                shown = esc(translate("filled", lang))
            else:
                shown = esc(translate("not allowed", lang))
            rows.append(
                f'<tr class="dl-row-{box}"><td>{esc(translate(BOX_NAMES[box], lang))}</td>'
                f"<td>{shown}</td><td style='text-align:left'>"
                f"{esc(reasons[box].render(lang))}</td></tr>"
            )
        head = (
            f"<th>{esc(translate('Box', lang))}</th><th>{esc(translate('Points now', lang))}</th>"
            f"<th style='text-align:left'>{esc(translate('Why', lang))}</th>"
        )
        totals = translate(
            "Upper section {upper} (bonus {bonus}), lower section {lower}, "
            "Penta bonus {penta}: total {total}.",
            lang,
            upper=card.upper_total,
            bonus=card.upper_bonus,
            lower=card.lower_total,
            penta=card.penta_bonus,
            total=card.total,
        )
        parts = [f"<p>{esc(totals)}</p>"]
        if card.must_sacrifice(self._dice):
            parts.append(
                f'<div class="dl-card dl-card-warning dl-sacrifice" role="status">'
                f"{esc(SACRIFICE.render(lang))}</div>"
            )
        parts.append(f'<table class="dl-table"><tr>{head}</tr>{"".join(rows)}</table>')
        return "".join(parts)

    # -- the advisor's content --------------------------------------------------------------
    def advice_html(self, solver: Any, lang: str) -> str:
        """Each box's expected final score if scored now and its chance of taking this turn's
        dice under optimal play, then the best keeps (all from the solver)."""
        card = self._card
        if card.is_complete:
            return ""
        values = solver.option_values(card, self._dice, self._rolls_left)
        chances = solver.fill_chances(card, self._dice, self._rolls_left)
        best = max(values.values())
        rows = []
        for box in card.open_boxes:
            value = values.get(box)
            shown = "—" if value is None else format_number(value, lang, decimals=2)
            if value is not None and value >= best - 1e-9:
                shown += f" ({translate('best', lang)})"
            rows.append(
                f'<tr class="dl-advice-{box}"><td>{esc(translate(BOX_NAMES[box], lang))}</td>'
                f"<td>{esc(shown)}</td><td>{esc(format_percent(chances[box], lang))}</td></tr>"
            )
        head = "".join(
            f"<th>{esc(h)}</th>"
            for h in (
                translate("Box", lang),
                translate("Expected final score if scored now", lang),
                translate("Chance this box takes this turn's dice", lang),
            )
        )
        parts = [f'<table class="dl-table"><tr>{head}</tr>{"".join(rows)}</table>']
        keeps = sorted(
            ((a, v) for a, v in values.items() if not isinstance(a, str)), key=lambda x: -x[1]
        )[:8]
        if keeps:
            keep_rows = "".join(
                f"<tr><td>{esc(action_label(a, lang))}"
                f"{esc(' (' + translate('best', lang) + ')') if v >= best - 1e-9 else ''}</td>"
                f"<td>{esc(format_number(v, lang, decimals=2))}</td></tr>"
                for a, v in keeps
            )
            title = translate("Best dice to keep and roll again", lang)
            parts.append(f'<p><b>{esc(title)}</b></p><table class="dl-table">{keep_rows}</table>')
        return "".join(parts)


def _set(widget: widgets.Widget, value: object) -> None:
    if widget.value != value:
        widget.value = value
