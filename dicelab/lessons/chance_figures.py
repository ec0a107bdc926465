"""The pictures of the lesson ``farkle_chances.ipynb``: dice, tables and plots.

Each function returns a display object that a notebook shows as the value of a cell:
a :class:`Drawing` (HTML: dice drawn as dice, tables in words) or a :class:`Chart` (a
matplotlib figure, shown as a PNG). Every number comes from :mod:`dicelab.lessons.counting`
and the engine; every word goes through :mod:`dicelab.i18n`, in the language current when
the picture is drawn (or ``lang``). Simulations are seeded: the same picture every time.

>>> drawing = draw_sample_space(2, lang="en")
>>> drawing.html.count("<use "), "20 of the 36" in drawing.html
(72, True)
>>> chart = plot_farkle_chances(lang="en")
>>> chart.png()[:4]
b'\\x89PNG'

matplotlib is imported only when a chart is drawn; IPython never.
"""

from __future__ import annotations

import base64
import io
import itertools
from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

from dicelab.axes import number_axis, percent_axis
from dicelab.farkle.risk import optimal_turn
from dicelab.farkle.scoring import farkle_chance
from dicelab.i18n import Message, format_number, format_percent, msg, nmsg, use_language
from dicelab.lessons.cards import Percent
from dicelab.lessons.counting import (
    break_even,
    chance_of_a_one_after,
    farkle_count,
    first_guess,
    sample_space,
    scores,
    simulate_farkles,
    simulate_next_after_misses,
    standard_error,
)

__all__ = [
    "Chart",
    "Drawing",
    "chance_table",
    "draw_sample_space",
    "plot_convergence",
    "plot_farkle_chances",
    "plot_gamblers_fallacy",
    "plot_thresholds",
    "simulation_table",
    "threshold_table",
]

DICE = range(1, 7)
SCORING = "#8bd18f"
TRIPLE = "#ffb74d"
NOTHING = "#f4f6f8"
_ids = itertools.count(1)


class Drawing:
    """HTML to show in a notebook (dice, a table): ``html``, and Jupyter's ``_repr_html_``."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<Drawing: {len(self.html)} characters of HTML>"


class Chart:
    """A matplotlib figure to show in a notebook (as a PNG): ``figure``, ``png()``."""

    def __init__(self, figure: Any, title: str) -> None:
        self.figure = figure
        self.title = title

    def png(self) -> bytes:
        """The figure as PNG bytes (no metadata: the same bytes for the same figure)."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def _repr_png_(self) -> str:
        """The PNG in base64 (as a kernel sends it; an ``Output`` widget takes it as it is)."""
        return base64.b64encode(self.png()).decode("ascii")

    def _repr_html_(self) -> str:
        return (
            f'<img src="data:image/png;base64,{self._repr_png_()}" alt="{escape(self.title)}" '
            'style="max-width:100%">'
        )

    def __repr__(self) -> str:
        return f"<Chart: {self.title}>"


def _figure(width: float = 7.2, height: float = 3.6) -> Any:
    from matplotlib.figure import Figure  # no pyplot: no backend, no global state

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _fraction(value: Fraction, lang: str) -> str:
    return f"{value} ≈ {format_percent(float(value), lang)}"


# -- the sample space, drawn as dice ----------------------------------------------------------


_PIPS = {
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((28, 28), (50, 50), (72, 72)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    6: ((28, 24), (72, 24), (28, 50), (72, 50), (28, 76), (72, 76)),
}


def _die_symbols(prefix: str) -> str:
    """One SVG symbol per face (``#prefix-f1`` ... ``#prefix-f6``), drawn once, used often."""
    symbols = []
    for face, pips in _PIPS.items():
        circles = "".join(f'<circle cx="{x}" cy="{y}" r="10" fill="#1f2933"/>' for x, y in pips)
        symbols.append(
            f'<symbol id="{prefix}-f{face}" viewBox="0 0 100 100">'
            '<rect x="5" y="5" width="90" height="90" rx="18" fill="#fffdf7" '
            f'stroke="#1f2933" stroke-width="6"/>{circles}</symbol>'
        )
    return "<defs>" + "".join(symbols) + "</defs>"


def _kind(roll: tuple[int, ...]) -> str:
    """How a roll fares: it scores with a 1 or a 5, only as a triple, or not at all."""
    if not scores(roll):
        return NOTHING
    return SCORING if (1 in roll or 5 in roll) else TRIPLE


def _grid_svg(rolls: Sequence[tuple[int, ...]], columns: int, die: int, label: str) -> str:
    """The rolls as rows of small dice on coloured cells, ``columns`` cells a row."""
    prefix = f"dl-ss{next(_ids)}"
    pad = max(4, die // 5)
    width = len(rolls[0]) * die + 2 * pad
    height = die + 2 * pad
    rows = (len(rolls) + columns - 1) // columns
    cells = []
    for i, roll in enumerate(rolls):
        x, y = (i % columns) * (width + 3), (i // columns) * (height + 3)
        kind = _kind(roll)
        faded = ' opacity="0.45"' if kind == NOTHING else ""
        cells.append(
            f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="5" fill="{kind}"/>'
        )
        cells += [
            f'<use href="#{prefix}-f{face}" x="{x + pad + k * die}" y="{y + pad}" '
            f'width="{die}" height="{die}"{faded}/>'
            for k, face in enumerate(roll)
        ]
    total_w, total_h = columns * (width + 3) - 3, rows * (height + 3) - 3
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" role="img" aria-label="{escape(label)}">'
        f"{_die_symbols(prefix)}{''.join(cells)}</svg>"
    )


def _swatch(colour: str, words: Message, lang: str) -> str:
    return (
        '<span style="display:inline-flex;align-items:center;gap:4px;margin-right:14px">'
        f'<span style="width:14px;height:14px;border-radius:3px;background:{colour};'
        f'border:1px solid #90a4ae;display:inline-block"></span>{escape(words.render(lang))}</span>'
    )


def draw_sample_space(n: int, lang: str | None = None) -> Drawing:
    """Every outcome of ``n`` dice (1 to 3) drawn as dice, those that score highlighted,
    with the count of favourable outcomes over the total in words."""
    if n not in (1, 2, 3):
        from dicelab.errors import IllegalMove

        raise IllegalMove(msg("The sample space is drawn for 1, 2 or 3 dice, not {n}.", n=n))
    with use_language(lang) as code:
        rolls = sample_space(n)
        farkles = farkle_count(n)
        total = len(rolls)
        panels = []
        if n == 3:
            for first in DICE:
                part = [roll for roll in rolls if roll[0] == first]
                title = msg("First die: {face}", face=first).render(code)
                panels.append(
                    f'<figure style="margin:0 18px 12px 0"><figcaption style="font-weight:600">'
                    f"{escape(title)}</figcaption>{_grid_svg(part, 6, 14, title)}</figure>"
                )
        else:
            label = nmsg("every outcome of {n} die", "every outcome of {n} dice", n).render(code)
            panels.append(_grid_svg(rolls, 6, 34 if n == 1 else 26, label))
        caption = msg(
            "**{scoring} of the {total}** equally likely outcomes score; **{farkles}** score "
            "nothing. The chance of a farkle with {dice} is {farkles}/{total} = {chance}.",
            scoring=total - farkles,
            total=total,
            farkles=farkles,
            dice=nmsg("{n} die", "{n} dice", n),
            chance=Percent(Fraction(farkles, total)),
        ).render(code)
        legend = [_swatch(SCORING, msg("scores (a 1 or a 5)"), code)]
        if n == 3:
            legend.append(_swatch(TRIPLE, msg("scores only as three of a kind"), code))
        legend.append(_swatch(NOTHING, msg("scores nothing"), code))
        html = (
            '<div class="dl-sample-space">'
            f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{"".join(panels)}'
            f'</div><p style="margin:6px 0">{"".join(legend)}</p>'
            f'<p style="margin:6px 0">{_bold(caption)}</p></div>'
        )
        return Drawing(html)


def _bold(markdown: str) -> str:
    """``**x**`` as ``<b>x</b>`` in text already escaped for HTML."""
    parts = escape(markdown).split("**")
    return "".join(f"<b>{part}</b>" if i % 2 else part for i, part in enumerate(parts))


# -- tables -----------------------------------------------------------------------------------


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> Drawing:
    head = "".join(
        f'<th style="padding:4px 10px;text-align:right">{escape(h)}</th>' for h in header
    )
    body = "".join(
        "<tr>"
        + "".join(f'<td style="padding:4px 10px;text-align:right">{escape(c)}</td>' for c in row)
        + "</tr>"
        for row in rows
    )
    return Drawing(
        f'<table class="dl-table" style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def chance_table(lang: str | None = None) -> Drawing:
    """The farkle chance of 1 to 6 dice, counted exactly, beside the first guess (4/6)^n."""
    with use_language(lang) as code:
        header = [
            msg("dice rolled").render(code),
            msg("rolls that score nothing").render(code),
            msg("equally likely rolls").render(code),
            msg("chance of a farkle").render(code),
            msg("first guess (4/6)ⁿ").render(code),
        ]
        rows = [
            [
                str(n),
                format_number(farkle_count(n), code),
                format_number(6**n, code),
                _fraction(farkle_chance(n), code),
                _fraction(first_guess(n), code),
            ]
            for n in DICE
        ]
        return _table(header, rows)


def threshold_table(lang: str | None = None) -> Drawing:
    """Per number of dice: the one-more-roll argument's break-even, and the optimal threshold."""
    turn = optimal_turn()
    with use_language(lang) as code:
        header = [
            msg("dice to roll").render(code),
            msg("one more roll pays below").render(code),
            msg("the best player banks from").render(code),
        ]
        rows = [
            [
                str(n),
                format_number(float(break_even(n)), code, decimals=1),
                format_number(turn.bank_threshold(n), code),
            ]
            for n in DICE
        ]
        return _table(header, rows)


def simulation_table(rolls: int = 2_000, seed: int = 2025, lang: str | None = None) -> Drawing:
    """The farkle chance of 1 to 6 dice simulated (``rolls`` each, seeded) beside the exact
    chance, with the standard error of each simulated figure."""
    with use_language(lang) as code:
        header = [
            msg("dice rolled").render(code),
            msg("exact chance").render(code),
            msg("simulated ({rolls} rolls)", rolls=rolls).render(code),
            msg("± one standard error").render(code),
        ]
        rows = []
        for n in DICE:
            exact = farkle_chance(n)
            simulated = float(simulate_farkles(n, rolls, seed + n).mean())
            rows.append(
                [
                    str(n),
                    _fraction(exact, code),
                    format_percent(simulated, code),
                    "± " + format_percent(standard_error(exact, rolls), code, decimals=2),
                ]
            )
        return _table(header, rows)


# -- plots --------------------------------------------------------------------------------


def plot_farkle_chances(lang: str | None = None) -> Chart:
    """Bars: the exact farkle chance of 1 to 6 dice; dots: the first guess (4/6)^n."""
    with use_language(lang) as code:
        figure = _figure()
        ax = figure.add_subplot()
        exact = [float(farkle_chance(n)) for n in DICE]
        ax.bar(list(DICE), exact, color="#90caf9", label=msg("exact (counted)").render(code))
        ax.plot(
            list(DICE),
            [float(first_guess(n)) for n in DICE],
            "o--",
            color="#e65100",
            label=msg("first guess (4/6)ⁿ").render(code),
        )
        for n, value in zip(DICE, exact, strict=True):
            ax.annotate(
                format_percent(value, code),
                (n, value),
                textcoords="offset points",
                xytext=(0, 4),
                ha="center",
                fontsize=9,
            )
        ax.set_xlabel(msg("dice rolled").render(code))
        ax.set_ylabel(msg("chance of a farkle").render(code))
        percent_axis(ax.yaxis, code)
        ax.legend()
        return Chart(figure, msg("The chance of a farkle").render(code))


def plot_thresholds(lang: str | None = None) -> Chart:
    """Per number of dice: where one more roll stops paying (the one-roll argument), beside
    the turn total from which the best player banks (log scale: 50 to 16,400)."""
    turn = optimal_turn()
    with use_language(lang) as code:
        figure = _figure()
        ax = figure.add_subplot()
        xs = list(DICE)
        one = [float(break_even(n)) for n in DICE]
        best = [turn.bank_threshold(n) for n in DICE]
        ax.bar(
            [x - 0.2 for x in xs],
            one,
            width=0.4,
            color="#ffcc80",
            label=msg("one more roll pays below").render(code),
        )
        ax.bar(
            [x + 0.2 for x in xs],
            best,
            width=0.4,
            color="#90caf9",
            label=msg("the best player banks from").render(code),
        )
        for x, value in zip(xs, best, strict=True):
            ax.annotate(
                format_number(value, code),
                (x + 0.2, value),
                textcoords="offset points",
                xytext=(0, 3),
                ha="center",
                fontsize=8,
            )
        ax.set_yscale("log")
        number_axis(ax.yaxis, code)
        ax.set_xlabel(msg("dice to roll").render(code))
        ax.set_ylabel(msg("turn points").render(code))
        ax.legend(loc="upper left")
        return Chart(figure, msg("When to stop").render(code))


def plot_gamblers_fallacy(sequences: int = 60_000, seed: int = 6, lang: str | None = None) -> Chart:
    """After 0 to 5 rolls without a 1, the share of next rolls that show a 1 (simulated,
    with ± two standard errors), against the exact 1/6."""
    with use_language(lang) as code:
        figure = _figure(height=4.4)
        ax = figure.add_subplot()
        xs, shares, errors = [], [], []
        for misses in range(6):
            kept, ones = simulate_next_after_misses(misses, sequences, seed + misses)
            xs.append(misses)
            shares.append(ones / kept)
            errors.append(2 * standard_error(chance_of_a_one_after(misses), kept))
        ax.bar(
            xs,
            shares,
            color="#90caf9",
            label=msg("simulated (± two standard errors)").render(code),
        )
        ax.errorbar(xs, shares, yerr=errors, fmt="none", ecolor="#1f2933", capsize=4)
        exact = chance_of_a_one_after(5)
        ax.axhline(
            float(exact),
            color="#b71c1c",
            linestyle="--",
            label=msg("exact: {chance}", chance=_fraction(exact, code)).render(code),
        )
        ax.set_xlabel(msg("rolls in a row without a 1").render(code))
        ax.set_ylabel(msg("chance that the next roll is a 1").render(code))
        ax.set_ylim(0, 0.3)
        percent_axis(ax.yaxis, code)
        ax.legend(loc="upper right")
        return Chart(figure, msg("A 1 is never due").render(code))


def plot_convergence(
    runs: int = 5, rolls: int = 20_000, seed: int = 13, lang: str | None = None
) -> Chart:
    """Simulations of three dice converging to the exact farkle chance: each run's share of
    farkles after 1, 2, ... ``rolls`` rolls, inside the band of ± two standard errors."""
    import numpy as np

    with use_language(lang) as code:
        exact = farkle_chance(3)
        figure = _figure(height=3.8)
        ax = figure.add_subplot()
        counts = np.arange(1, rolls + 1)
        for run in range(runs):
            farkled = simulate_farkles(3, rolls, seed + run)
            label = nmsg(
                "{n} simulation, one colour each", "{n} simulations, one colour each", runs
            ).render(code)
            ax.plot(
                counts,
                np.cumsum(farkled) / counts,
                linewidth=1,
                alpha=0.8,
                label=label if run == 0 else None,
            )
        band = 2 * np.sqrt(float(exact) * (1 - float(exact)) / counts)
        ax.fill_between(
            counts,
            float(exact) - band,
            float(exact) + band,
            color="#b0bec5",
            alpha=0.4,
            label=msg("exact ± two standard errors").render(code),
        )
        ax.axhline(
            float(exact),
            color="#b71c1c",
            linestyle="--",
            label=msg("exact: {chance}", chance=_fraction(exact, code)).render(code),
        )
        ax.set_xscale("log")
        ax.set_ylim(0, 0.6)
        number_axis(ax.xaxis, code)
        percent_axis(ax.yaxis, code)
        ax.set_xlabel(msg("rolls of three dice simulated").render(code))
        ax.set_ylabel(msg("share of farkles so far").render(code))
        ax.legend(loc="upper right")
        return Chart(figure, msg("Simulated against exact").render(code))
