"""The teacher's dashboard: paste (or upload) a class's result codes and see what the class did.

Every code is read and replayed by :func:`dicelab.classroom.results.read_class`; the dashboard
draws what it found: how many codes were read and why the others were refused, a table of
the learners sortable by score, a plot of the class's scores against optimal play, the
situation where the class lost the most (to discuss together), and the table as CSV.
It holds the engine's results and the sort chosen, nothing else (``docs/classroom.md``).

>>> from dicelab.classroom.results import example_codes
>>> app = TeacherApp(lang="en")
>>> app.read("\\n".join(f"{name}: {code}" for name, code in example_codes(3)))
True
>>> len(app.rows), app.notices
(3, [])
>>> "The situation to discuss" in app.costliest_html
True
"""

from __future__ import annotations

import io
import logging
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Literal
from urllib.parse import quote

import ipywidgets as widgets

from dicelab.axes import number_axis
from dicelab.classroom.client import ClassDesk, from_environment
from dicelab.classroom.results import (
    ChoiceCount,
    ClassResults,
    Discussion,
    LearnerResult,
    check_sort_key,
    check_upload,
    example_codes,
    missing_tables,
    read_class,
    warm_up,
)
from dicelab.errors import IllegalMove
from dicelab.i18n import N_, format_number, msg, nmsg, translate, use_language
from dicelab.numbers import show_value
from dicelab.review import KIND_NAMES
from dicelab.widgets.class_games import ClassGamesPanel
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import App, Notice, esc
from dicelab.widgets.common.review import data_link
from dicelab.widgets.common.style import die_svg

__all__ = ["SORTS", "TeacherApp"]

log = logging.getLogger("dicelab.widgets")

SORTS = {
    "score": (N_("Score, highest first"), True),
    "name": (N_("Name, A to Z"), False),
    "mean_loss": (N_("Loss per decision, lowest first"), False),
    "difference": (N_("Difference from optimal, highest first"), True),
    "line": (N_("The order pasted"), False),
}
"""The table's orders: key of :meth:`ClassResults.sorted_by` -> (label, highest first)."""

TEACHER_CSS = (
    "\n".join(
        f".dl-teacher-die.dl-tf-{face} {{ background-image: "
        f'url("data:image/svg+xml,{quote(die_svg(face), safe="")}"); }}'
        for face in range(1, 7)
    )
    + """
.dl-teacher-die { display: inline-block; width: 44px; height: 44px; margin-right: 4px;
  background-size: contain; background-repeat: no-repeat; vertical-align: middle; }
.dl-teacher-table table td, .dl-teacher-table table th { text-align: left; padding: 2px 8px; }
.dl-teacher-table td.dl-num { text-align: right; font-variant-numeric: tabular-nums; }
.dl-teacher-table caption { text-align: left; font-weight: 600; }
.dl-teacher-refusals li { margin-bottom: 2px; }
.dl-teacher-costliest .dl-teacher-case { border: 2px solid #e65100; border-radius: 8px;
  padding: 8px 14px; background: #fff8f0; max-width: 46em; }
.dl-teacher-costliest h3 { margin: 0 0 6px 0; }
.dl-teacher-costliest details summary { cursor: pointer; color: #0d47a1; }
.dl-teacher-best { font-weight: 700; color: #1b5e20; }
.dl-teacher-plot svg { max-width: 100%; height: auto; }
.dl-teacher-csv { font-weight: 600; }
"""
)
"""The dashboard's CSS: dice faces as in the games, the table, the situation's card."""


class TeacherApp(App):
    """Paste or upload result codes, press Read, see the class.

    On a hub with the class service (``class_desk``, default: this server's), the dashboard
    starts with the hub's class games (:class:`~dicelab.widgets.class_games.ClassGamesPanel`).

    ``codes``: text to read at once (one code a line, a name may come first); ``lang``: the
    language; ``warm``: load the solver's tables and matplotlib in a background thread as
    soon as the app is made (they are cached on disk; nothing is built). Driving methods:
    :meth:`read`, :meth:`upload`, :meth:`sort_by`,
    :meth:`show_example`; to read: :attr:`results`, :attr:`rows`, :attr:`summary_html`,
    :attr:`table_html`, :attr:`plot_html`, :attr:`costliest_html`, :attr:`csv_text`.
    """

    title = msg("Teacher's dashboard")
    css_class = "dl-teacher"
    extra_css = TEACHER_CSS

    def __init__(
        self,
        codes: str | None = None,
        lang: str | None = None,
        warm: bool = True,
        class_desk: ClassDesk | None = None,
        **options: Any,
    ) -> None:
        super().__init__(lang=lang, **options)
        desk = class_desk if class_desk is not None else from_environment()
        # Read live (every few seconds) from the hub's service; a desk given (tests) on demand.
        self._class_games = (
            None if desk is None else ClassGamesPanel(desk, self._lang, live=class_desk is None)
        )
        self._results: ClassResults | None = None
        self._sort = "score"
        self._drawn: tuple[Any, ...] | None = None  # (results, sort, lang) drawn
        self._parts = dict.fromkeys(("summary", "table", "plot", "costliest", "csv"), "")
        self._intro = self._shared.html("dl-teacher-intro")
        self._input = widgets.Textarea(layout=widgets.Layout(width="98%", height="10em"))
        self._input.add_class("dl-teacher-input")
        self._upload = widgets.FileUpload(
            accept=".txt,.csv,text/plain,text/csv",
            multiple=False,
            layout=widgets.Layout(width="auto"),  # its label and count, never cut
        )
        self._upload.add_class("dl-teacher-upload")
        self._upload.observe(self._uploaded, "value")
        self._read = self._shared.button("dl-teacher-read", button_style="primary", icon="check")
        self._read.on_click(lambda _b: self.read())
        self._example = widgets.Button(
            icon="users", layout=widgets.Layout(width="auto"), style=self._shared.button_style
        )
        self._example.add_class("dl-teacher-example")
        self._example.on_click(lambda _b: self.show_example())
        self._sort_pick = widgets.Dropdown(
            options=self._sort_options(self._lang),
            value="score",
            layout=widgets.Layout(width="34em"),  # the longest order in every language
        )
        self._sort_pick.add_class("dl-teacher-sort")
        self._sort_pick.observe(self._sort_picked, "value")
        self._summary = self._shared.html("dl-teacher-summary")
        self._table = self._shared.html("dl-teacher-table")
        self._csv = self._shared.html("dl-teacher-exports")
        self._plot = self._shared.html("dl-teacher-plot")
        self._costliest = self._shared.html("dl-teacher-costliest")
        self._results_box = widgets.VBox(
            [self._summary, self._sort_pick, self._table, self._csv, self._plot, self._costliest]
        )
        self._results_box.layout.display = "none"
        self._preparing = False
        self._progress = widgets.FloatProgress(min=0.0, max=1.0)
        self._progress.add_class("dl-teacher-progress")
        self._progress.layout.display = "none"
        buttons = self._shared.box(widgets.HBox, [self._read, self._upload, self._example])
        self._body.children = [
            *([] if self._class_games is None else [self._class_games]),
            self._intro,
            self._input,
            buttons,
            self._progress,
            self._results_box,
        ]
        self._warm = threading.Event()
        if warm:
            run_in_background(self._warm_up)
        else:
            self._warm.set()
        if codes is not None:
            self.read(codes)
        self.render()

    def _warm_up(self) -> None:
        """Load the tables and matplotlib while the teacher pastes (a background thread)."""
        try:
            warm_up()
            import matplotlib.figure  # noqa: F401  (the plot's first import takes a while)
        except Exception:
            log.exception("dicelab: warming up the teacher's dashboard failed")
        finally:
            self._warm.set()

    def wait_until_warm(self, timeout: float | None = None) -> bool:
        """Wait until the tables are loaded (for benchmarks); True if they are."""
        return self._warm.wait(timeout)

    # -- reading ------------------------------------------------------------------------
    @property
    def results(self) -> ClassResults | None:
        """The codes read last (None before the first reading)."""
        return self._results

    @property
    def rows(self) -> tuple[LearnerResult, ...]:
        """The learners in the table's order."""
        if self._results is None:
            return ()
        return self._results.sorted_by(self._sort, SORTS[self._sort][1])

    def read(self, text: str | None = None) -> bool:
        """Read ``text`` (default: what is in the box), every line; True if it was read
        (each line then counted or refused with its reason)."""

        def go() -> None:
            value = self._input.value if text is None else text
            if not isinstance(value, str):
                raise IllegalMove(msg("The codes are text, not {value}.", value=show_value(value)))
            if not value.strip():
                raise IllegalMove(msg("Paste the result codes first, one a line."))
            if self._input.value != value:
                self._input.value = value
            missing = missing_tables(value)
            if missing:
                self._prepare(missing, value)
                return
            self._results = read_class(value)

        return self.act(go)

    def _prepare(self, rules: tuple[str, ...], text: str) -> None:
        """Build the solver's tables of ``rules`` in the background, then read ``text``."""
        if self._preparing:
            return
        self._preparing = True
        self._read.disabled = True
        self._progress.value = 0.0
        self._progress.layout.display = None
        self._notices = [
            Notice("info", msg("Preparing the tables of these rules (once, about a minute)…"))
        ]

        def report(fraction: float) -> None:
            self._progress.value = min(1.0, max(0.0, float(fraction)))

        def work() -> None:
            from dicelab.penta.solver import Solver

            def part(number: int) -> Callable[[float], None]:
                return lambda fraction: report((number + fraction) / len(rules))

            try:
                for number, name in enumerate(rules):
                    Solver(name).build(progress=part(number))
            except Exception:
                log.exception("dicelab: building the tables for the teacher's dashboard failed")
            finally:
                with self.lock:
                    self._preparing = False
                    self._read.disabled = False
                    self._progress.layout.display = "none"
                self.read(text)

        run_in_background(work)

    def upload(self, name: str, content: bytes, size: int | None = None) -> bool:
        """Read an uploaded file's ``content`` (UTF-8 text, one code a line), as the upload
        button does; its text is shown in the box. A file over
        :data:`~dicelab.classroom.results.MAX_UPLOAD` bytes (``size``, as the page says, when it
        sent no content) is refused with words that say the limit."""

        def go() -> None:
            if not isinstance(content, bytes | bytearray | memoryview):
                raise IllegalMove(msg("The file could not be read."))
            self._input.value = check_upload(name, bytes(content), size)

        return self.act(go) and self.read()

    def _uploaded(self, change: dict) -> None:
        files = change["new"] or ()
        if files:
            file = files[0]
            size = file.get("size")
            name, content = str(file.get("name", "")), bytes(file.get("content", b""))
            self.upload(name, content, size if isinstance(size, int) else None)

    def show_example(self) -> bool:
        """Fill the box with an example class (30 learners on seed 42's duplicate dice) and
        read it."""
        text = "\n".join(f"{name}: {code}" for name, code in example_codes(30))
        return self.read(text)

    def sort_by(self, key: str) -> bool:
        """Sort the table by ``key``: one of :data:`SORTS`."""

        def go() -> None:
            self._sort = check_sort_key(key)
            if self._sort_pick.value != key:
                self._sort_pick.value = key

        return self.act(go)

    def _sort_picked(self, change: dict) -> None:
        if change["new"] != self._sort:
            self.sort_by(change["new"])

    @staticmethod
    def _sort_options(lang: str) -> list[tuple[str, str]]:
        return [(translate(label, lang), key) for key, (label, _) in SORTS.items()]

    # -- what is shown ------------------------------------------------------------------
    @property
    def summary_html(self) -> str:
        """How many codes were read, and the refused lines with their reasons."""
        return self._parts["summary"]

    @property
    def table_html(self) -> str:
        """The table of learners."""
        return self._parts["table"]

    @property
    def plot_html(self) -> str:
        """The plot of the class's scores against optimal play, with its caption."""
        return self._parts["plot"]

    @property
    def costliest_html(self) -> str:
        """The situation to discuss."""
        return self._parts["costliest"]

    @property
    def csv_text(self) -> str:
        """The CSV of the table in its order (what the download link holds)."""
        if self._results is None:
            return ""
        with use_language(self._lang):
            return self._results.to_csv(self._sort, SORTS[self._sort][1])

    @property
    def class_games(self) -> ClassGamesPanel | None:
        """The hub's class games (set up, watched live), when a class service is there."""
        return self._class_games

    def _render(self, lang: str) -> None:
        if self._class_games is not None:
            self._class_games.set_language(lang)
        self._intro.value = (
            "<p>"
            + esc(
                translate(
                    "Paste your learners' result codes, one a line; a name may come first, "
                    "as in “Ada: P1-…”. Or upload a .txt or .csv file of them. Then press "
                    "“Read the codes”.",
                    lang,
                )
            )
            + "</p>"
        )
        self._input.placeholder = translate("Ada: P1-…\nBea: P1-…", lang)
        self._read.description = translate("Read the codes", lang)
        self._read.tooltip = translate("Read every code in the box", lang)
        self._upload.description = translate("Upload a file", lang)
        self._upload.tooltip = translate("A .txt or .csv file, one code a line", lang)
        self._example.description = translate("Try an example class", lang)
        self._example.tooltip = translate("30 example games on the same dice", lang)
        self._sort_pick.description = translate("Sort by", lang)
        options = self._sort_options(lang)
        if list(self._sort_pick.options) != options:
            self._sort_pick.unobserve(self._sort_picked, "value")
            self._sort_pick.options = options
            self._sort_pick.value = self._sort
            self._sort_pick.observe(self._sort_picked, "value")
        results = self._results
        if results is None:
            self._results_box.layout.display = "none"
            return
        self._results_box.layout.display = None
        drawn = self._drawn
        if drawn is not None and drawn[0] is results and drawn[1:] == (self._sort, lang):
            return
        redraw_all = drawn is None or drawn[0] is not results or drawn[2] != lang
        self._drawn = (results, self._sort, lang)
        self._parts["summary"] = _summary_html(results, lang)
        self._parts["table"] = _table_html(results, self.rows, lang)
        self._parts["csv"] = data_link(
            self.csv_text,
            "text/csv",
            "class-results.csv",
            translate("Download the table (CSV)", lang),
            "dl-teacher-csv",
        )
        self._summary.value = self._parts["summary"]
        self._table.value = self._parts["table"]
        self._csv.value = f"<p>{self._parts['csv']}</p>" if results.results else ""
        self._sort_pick.layout.display = None if results.results else "none"
        if redraw_all:  # the table is on its way to the browser while these are drawn
            self._parts["costliest"] = _costliest_html(results.costliest(), lang)
            self._costliest.value = self._parts["costliest"]
            self._parts["plot"] = _plot_html(results, lang)
            self._plot.value = self._parts["plot"]


# -- pieces of HTML ---------------------------------------------------------------------------


def _points(value: float, lang: str, decimals: int = 1) -> str:
    """``value`` points in words (Farkle's amounts are written whole by the callers)."""
    return translate("{points} points", lang, points=format_number(value, lang, decimals=decimals))


def _summary_html(results: ClassResults, lang: str) -> str:
    head = f'<p role="status"><b>{esc(results.summary().render(lang))}</b></p>'
    if not results.refusals:
        return head
    items = []
    for refusal in results.refusals:
        where = (
            translate("Line {n} ({name})", lang, n=refusal.line, name=refusal.name)
            if refusal.name
            else translate("Line {n}", lang, n=refusal.line)
        )
        items.append(f"<li><b>{esc(where)}</b>: {esc(refusal.reason.render(lang))}</li>")
    title = translate("Not read (ask these learners to copy their code again):", lang)
    return (
        head
        + f'<div class="dl-teacher-refusals"><p>{esc(title)}</p><ul>{"".join(items)}</ul></div>'
    )


def _won(result: LearnerResult, lang: str) -> str:
    if result.won is None:
        return ""
    return translate("won", lang) if result.won else translate("lost", lang)


def _table_html(results: ClassResults, rows: Sequence[LearnerResult], lang: str) -> str:
    if not rows:
        return ""
    farkle = results.game == "farkle"
    rival = any(r.rival is not None for r in rows)
    compare = any(r.optimal is not None for r in rows)
    num = format_number
    columns: list[tuple[str, Any]] = [
        (translate("Learner", lang), lambda r: r.label().render(lang)),
        (translate("Score (points)", lang), lambda r: num(r.score, lang)),
    ]
    if farkle:
        columns += [
            (translate("Turns", lang), lambda r: num(r.turns, lang)),
            (translate("Points per turn", lang), lambda r: num(r.per_turn, lang, decimals=0)),
        ]
    elif any(not r.finished for r in rows):
        columns.append(
            (
                translate("Rounds played", lang),
                lambda r: translate("{n} of 13", lang, n=r.turns),
            )
        )
    if compare and _one_optimal(rows) is not None and not farkle:
        columns.append(
            (
                translate("Against the optimal player", lang),
                lambda r: "" if r.difference is None else _signed(r.difference, lang),
            )
        )
    elif compare:
        head = (
            N_("Optimal turn, same dice and turns") if farkle else N_("Optimal player, same dice")
        )
        columns += [
            (translate(head, lang), lambda r: "" if r.optimal is None else num(r.optimal, lang)),
            (
                translate("Difference", lang),
                lambda r: "" if r.difference is None else _signed(r.difference, lang),
            ),
        ]
    if rival:
        columns += [
            (
                translate("Computer (same game)", lang),
                lambda r: "" if r.rival is None else num(r.rival, lang),
            ),
            (translate("Result", lang), lambda r: _won(r, lang)),
        ]
    if any(results.note(r) is not None for r in rows):
        columns.append((translate("Check", lang), lambda r: _note(results, r, lang)))
    columns += [
        (translate("Decisions", lang), lambda r: num(r.decisions, lang)),
        (
            translate("Loss per decision (points)", lang),
            lambda r: num(r.mean_loss, lang, decimals=2),
        ),
        (translate("Proficiency", lang), lambda r: r.review.proficiency.render(lang)),
    ]
    head = '<th scope="col">#</th>' + "".join(
        f'<th scope="col">{esc(name)}</th>' for name, _ in columns
    )
    body = []
    for place, row in enumerate(rows, start=1):
        cells = [f'<td class="dl-num">{place}</td>']
        for index, (_, value) in enumerate(columns):
            text = value(row)
            css = ' class="dl-num"' if index and _NUMBER.match(text) else ""
            cells.append(f"<td{css}>{esc(text)}</td>")
        flagged = " dl-teacher-flagged" if results.note(row) is not None else ""
        body.append(f'<tr class="dl-teacher-row{flagged}">' + "".join(cells) + "</tr>")
    caption = translate("The class, one learner a row", lang)
    return (
        _optimal_line(results, rows, lang)
        + f'<table class="dl-table dl-teacher-rows"><caption>{esc(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _note(results: ClassResults, row: LearnerResult, lang: str) -> str:
    """The table's check of a row: why its code may not be the class game's ("" if it is)."""
    note = results.note(row)
    return "" if note is None else "⚠ " + note.render(lang)


def _optimal_line(results: ClassResults, rows: Sequence[LearnerResult], lang: str) -> str:
    """Penta, one seed: the optimal player's score said once, above the table."""
    same = _one_optimal(rows)
    if results.game != "penta" or same is None:
        return ""
    text = translate(
        "On your class's dice (seed {seed}), the optimal player scored {score}. "
        "“Against the optimal player” is each learner's score minus that; one game is also "
        "luck, and the loss per decision measures the choices alone.",
        lang,
        seed=rows[0].game.seed,
        score=_points(same, lang, 0),
    )
    return f'<p class="dl-teacher-optimal">{esc(text)}</p>'


_NUMBER = re.compile(r"[+−-]?\d")  # a cell that starts like a number is right-aligned


def _signed(value: int, lang: str) -> str:
    text = format_number(abs(value), lang)
    return f"+{text}" if value > 0 else (f"−{text}" if value < 0 else text)


# -- the plot -------------------------------------------------------------------------------


def _plot_html(results: ClassResults, lang: str) -> str:
    finished = [r for r in results.results if r.finished]
    if not finished:
        return ""
    try:
        if results.game == "penta":
            svg, words = _penta_plot(results, finished, lang)
        else:
            svg, words = _farkle_plot(results, finished, lang)
    except Exception:
        log.exception("dicelab: drawing the class's plot failed")
        return ""
    return (
        f'<figure class="dl-teacher-figure"><div role="img" aria-label="{esc(words)}">'
        f"{svg}</div><figcaption>{esc(words)}</figcaption></figure>"
    )


def _svg(draw: Any, lang: str, legend: Literal["upper right", "upper left"] = "upper right") -> str:
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "dicelab"}):
        figure = Figure(figsize=(7.5, 3.2), dpi=72)
        ax = figure.add_subplot()
        draw(ax)
        for ticks in (ax.xaxis, ax.yaxis):  # numbers as the language writes them
            number_axis(ticks, lang)
        ax.grid(True, alpha=0.3)
        ax.legend(loc=legend, fontsize="small")
        figure.subplots_adjust(left=0.1, right=0.98, top=0.96, bottom=0.16)  # no tight_layout:
        # it draws the figure once more
        out = io.StringIO()
        figure.savefig(
            out,
            format="svg",
            metadata={"Creator": None, "Date": None, "Format": None, "Type": None},
        )
    text = out.getvalue()
    return text[text.find("<svg") :]


def _one_optimal(rows: Sequence[LearnerResult]) -> int | None:
    """The optimal comparison's score if every row shares it (one seed), else None."""
    values = {r.optimal for r in rows}
    return values.pop() if len(values) == 1 else None


def _penta_plot(results: ClassResults, rows: Sequence[LearnerResult], lang: str) -> tuple[str, str]:
    import numpy as np

    optimal = results.optimal_distribution()
    assert optimal is not None
    scores = np.array([r.score for r in rows])
    low = int(min(scores.min(), np.percentile(optimal, 0.5))) // 10 * 10
    high = int(max(scores.max(), np.percentile(optimal, 99.5))) // 10 * 10 + 10
    bins = np.arange(low, high + 10, 10)
    same = _one_optimal(rows)

    def draw(ax: Any) -> None:  # each histogram one filled outline: fast to draw
        shares = 100 * np.histogram(optimal, bins)[0] / len(optimal)
        ax.stairs(shares, bins, fill=True, color="#9e9e9e", alpha=0.6,
                  label=translate("Optimal player, other dice", lang))  # fmt: skip
        shares = 100 * np.histogram(scores, bins)[0] / len(scores)
        ax.stairs(shares, bins, fill=True, color="#1565c0", alpha=0.7,
                  label=translate("Your class", lang))  # fmt: skip
        if same is not None:
            ax.axvline(same, color="#2e7d32", linestyle="--", linewidth=2,
                       label=translate("Optimal player, your class's dice", lang))  # fmt: skip
        ax.set_xlabel(translate("Final score (points)", lang))
        ax.set_ylabel(translate("Share of games (%)", lang))

    words = translate(
        "Grey: {n} games of the optimal player, each on other dice (mean {mean}, standard "
        "deviation {sd}). Blue: your class's {k} finished games (mean {class_mean}).",
        lang,
        n=format_number(len(optimal), lang),
        mean=_points(float(optimal.mean()), lang),
        sd=_points(float(optimal.std()), lang),
        k=format_number(len(rows), lang),
        class_mean=_points(float(scores.mean()), lang),
    )
    if same is not None:
        words += " " + translate(
            "Dashed line: the optimal player on your class's dice, {score}.",
            lang,
            score=_points(same, lang, 0),
        )
    words += " " + translate(
        "One game is luck as well as choices: a learner can beat the optimal player on the "
        "same dice. The loss per decision measures the choices alone.",
        lang,
    )
    return _svg(draw, lang), words


def _farkle_plot(
    results: ClassResults, rows: Sequence[LearnerResult], lang: str
) -> tuple[str, str]:
    import numpy as np

    from dicelab.farkle.risk import optimal_turn

    per_turn = np.array([r.per_turn for r in rows])
    expected = optimal_turn(rows[0].game.rules).expected_turn_score
    same = [r.optimal / r.turns for r in rows if r.optimal is not None and r.turns]
    top = max(float(per_turn.max()), expected, *same) + 100
    bins = np.arange(0, top + 50, 50)

    def draw(ax: Any) -> None:
        ax.stairs(np.histogram(per_turn, bins)[0], bins, fill=True, color="#1565c0",
                  alpha=0.75, label=translate("Your class", lang))  # fmt: skip
        ax.axvline(expected, color="#616161", linestyle=":", linewidth=2,
                   label=translate("Optimal turn, on average", lang))  # fmt: skip
        if same:
            ax.axvline(float(np.mean(same)), color="#2e7d32", linestyle="--", linewidth=2,
                       label=translate("Optimal turn, your class's dice", lang))  # fmt: skip
        ax.set_xlabel(translate("Points per turn", lang))
        ax.set_ylabel(translate("Learners", lang))

    words = translate(
        "Blue: the points per turn of your class's {k} finished games (mean {class_mean}). "
        "Dotted line: the optimal turn's average, {expected} a turn.",
        lang,
        k=format_number(len(rows), lang),
        class_mean=_points(float(per_turn.mean()), lang),
        expected=_points(expected, lang),
    )
    if same:
        words += " " + translate(
            "Dashed line: the optimal turn on your class's dice, {points} a turn.",
            lang,
            points=_points(float(np.mean(same)), lang),
        )
    return _svg(draw, lang, legend="upper left"), words


# -- the situation to discuss -----------------------------------------------------------------


def _dice_html(dice: Sequence[int], lang: str) -> str:
    faces = "".join(
        f'<span class="dl-teacher-die dl-tf-{int(face)}" aria-hidden="true"></span>'
        for face in dice
        if 1 <= int(face) <= 6
    )
    words = translate("Dice: {dice}", lang, dice=" ".join(str(int(f)) for f in dice))
    return (
        f'<div class="dl-teacher-dice" role="img" aria-label="{esc(words)}">{faces}</div>'
        f"<p>{esc(words)}</p>"
    )


def _learners(n: int, lang: str) -> str:
    return nmsg("{n} learner", "{n} learners", n).render(lang)


def _where(case: Discussion, lang: str) -> str:
    if case.game == "penta":
        left = 3 - case.roll
        return translate(
            "Round {round}, after roll {roll} ({left}).",
            lang,
            round=case.round,
            roll=case.roll,
            left=_rolls_left(left, lang),
        )
    return translate(
        "Turn {turn}, roll {roll}: {kind}, with {points} in the turn and {dice} to roll.",
        lang,
        turn=case.round,
        roll=case.roll,
        kind=translate(KIND_NAMES[case.kind], lang),
        points=_points(case.points or 0, lang, 0),
        dice=nmsg("{n} die", "{n} dice", case.dice_left or 0).render(lang),
    )


def _rolls_left(n: int, lang: str) -> str:
    return nmsg("{n} roll left", "{n} rolls left", n).render(lang)


def _choice_line(choice: ChoiceCount, best: set[str], lang: str, decimals: int) -> str:
    label = choice.label.render(lang)
    text = translate(
        "{choice}: {learners}", lang, choice=label, learners=_learners(choice.count, lang)
    )
    if choice.loss > 0:
        lost = _points(choice.loss, lang, decimals)
        text += " — " + translate("{points} lost in all", lang, points=lost)
    mark = ""
    if label in best and choice.loss == 0:
        mark = f' <span class="dl-teacher-best">{esc(translate("(the best choice)", lang))}</span>'
    names = ", ".join(learner.render(lang) for learner in choice.learners)
    who = translate("Who", lang)
    return (
        f"<li>{esc(text)}{mark} <details><summary>{esc(who)}</summary>{esc(names)}</details></li>"
    )


def _costliest_html(case: Discussion | None, lang: str) -> str:
    title = translate("The situation to discuss", lang)
    if case is None:
        why = translate("No decision lost points: every choice was the best one.", lang)
        return f'<div class="dl-teacher-case"><h3>{esc(title)}</h3><p>{esc(why)}</p></div>'
    best = {choice.label.render(lang) for choice in case.best}
    intro = translate(
        "Where the class as a whole lost the most: {learners} met these dice at the same moment.",
        lang,
        learners=_learners(case.learners, lang),
    )
    decimals = 1 if case.game == "penta" else 0
    did = "".join(_choice_line(choice, best, lang, decimals) for choice in case.choices)
    if len(case.best) == 1:
        advice = translate("Best: {choice}.", lang, choice=case.best[0].label.render(lang))
    else:
        advice = translate(
            "Best, for each learner's scorecard: {choices}.",
            lang,
            choices="; ".join(
                translate(
                    "{choice} ({learners})",
                    lang,
                    choice=c.label.render(lang),
                    learners=_learners(c.count, lang),
                )
                for c in case.best
            ),
        )
    cost_text = (
        N_("Cost: {total} of expected score lost over the class, {each} per learner who met it.")
        if case.game == "penta"
        else N_(
            "Cost: the class lost {total} of the turn's expected value, {each} per learner who "
            "met it."
        )
    )
    cost = translate(
        cost_text,
        lang,
        total=_points(case.total_loss, lang, decimals),
        each=_points(case.mean_loss, lang, decimals),
    )
    what = translate("What the class did:", lang)
    return (
        f'<div class="dl-teacher-case"><h3>{esc(title)}</h3><p>{esc(intro)}</p>'
        f"<p><b>{esc(_where(case, lang))}</b></p>{_dice_html(case.dice, lang)}"
        f"<p>{esc(what)}</p><ul>{did}</ul>"
        f'<p class="dl-teacher-best">{esc(advice)}</p><p>{esc(cost)}</p></div>'
    )
