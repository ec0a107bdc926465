"""The Review panel of the play apps and of the review apps: every decision of a player
beside the best one (:mod:`dicelab.review`), as a table, a plot, words and two downloads.

The panel is closed and cheap until opened (a **Review** button); it opens on its own when
the game ends (``auto_review``; a teacher turns it off). While the game goes on, it reviews
the finished turns only. It shows:

* the summary: the decisions, the total and mean loss and the proficiency label;
* a plot of the player's path beside the best choice at each decision (expected final
  score for Penta, the chance to win or the turn's expected points for Farkle), drawn once
  by matplotlib into an inline SVG;
* a table of every decision: the costliest are highlighted *and* marked in words
  ("costliest 1"), and each row opens (a ``<details>``: Tab, then Enter) on the dice drawn
  as in the game, the values and, for the costliest, the explanation;
* download links of the engine's CSV and Markdown (``<a download href="data:...">``: a
  Voilà learner has no file system).

What is game-specific (which review, which seats, which dice, the plot's axis) is an
:class:`ReviewAdapter`: :class:`~dicelab.widgets.penta.review.PentaReviewAdapter` and
:class:`~dicelab.widgets.farkle.review.FarkleReviewAdapter`.

The owner is an app with ``game`` (the thing reviewed), ``lang`` and ``lock``.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

import ipywidgets as widgets

from dicelab.axes import number_axis
from dicelab.errors import IllegalMove, Said
from dicelab.i18n import N_, Message, format_number, format_percent, msg, translate
from dicelab.numbers import show_value
from dicelab.review import Decision, Review
from dicelab.widgets.common.advisor import hints_hidden
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import App, esc
from dicelab.widgets.common.style import die_svg
from dicelab.widgets.labels import seat_name

__all__ = ["REVIEW_CSS", "ReviewAdapter", "ReviewApp", "ReviewPanel", "data_link", "plot_svg"]

log = logging.getLogger("dicelab.widgets")

REVIEW_CSS = (
    "\n".join(
        f".dl-review-die.dl-rf-{face} {{ background-image: "
        f'url("data:image/svg+xml,{quote(die_svg(face), safe="")}"); }}'
        for face in range(1, 7)
    )
    + """
.dl-review-die { display: inline-block; width: 30px; height: 30px; margin-right: 3px;
  background-size: contain; background-repeat: no-repeat; vertical-align: middle; }
.dl-review-content table td, .dl-review-content table th { vertical-align: top;
  text-align: left; }
.dl-review-content caption { text-align: left; font-weight: 600; }
.dl-review-detail ul { padding-left: 1.2em; }
.dl-review-rows tr.dl-costliest { background: #fff3e0; }
.dl-review-rows tr.dl-costliest td:first-child { border-left: 4px solid #e65100; }
.dl-review-mark { font-weight: 700; color: #8a3200; }
.dl-review-rows details summary { cursor: pointer; color: #0d47a1; }
.dl-review-rows details summary:focus-visible, .dl-review-exports a:focus-visible {
  outline: 3px solid #1565c0; outline-offset: 2px; }
.dl-review-detail { min-width: 18em; max-width: 34em; white-space: normal; }
.dl-review-exports a { margin-right: 1.5em; font-weight: 600; }
.dl-review-plot svg { max-width: 100%; height: auto; }
"""
)
"""The panel's CSS: small dice faces (as in the game), the costliest rows, focus rings."""

EXPLAINED = 3  # the costliest decisions marked and explained (the engine explains 3)


class ReviewAdapter:
    """What a game's review panel needs to know of the game (subclassed per game)."""

    game_name = "game"
    """``"penta"`` or ``"farkle"``: names the downloaded files."""

    round_word = N_("Round")
    """The table's column of :attr:`~dicelab.review.Decision.round` (Farkle: the seat's turn)."""

    def finished(self, subject: Any) -> Any:
        """``subject`` cut back to its finished turns (the review during a game)."""
        return subject

    def key(self, subject: Any) -> Any:
        """A value that changes when the decisions to review change (for the cache)."""
        return subject.to_json() if hasattr(subject, "to_json") else subject

    def seats(self, subject: Any, lang: str) -> list[tuple[str, int]]:
        """The seats to pick from, ``(label, seat)``; empty: no choice (every decision)."""
        return []

    def default_seat(self, subject: Any) -> int | None:
        """The seat shown first (the first human's)."""
        return None

    def ready(self, subject: Any) -> bool:
        """True if the tables of the review are at hand (else :meth:`prepare` builds them)."""
        return True

    def prepare(self, subject: Any, progress: Callable[[float], None]) -> None:
        """Build the tables of the review (in a background thread)."""

    def review(self, subject: Any, seat: int | None) -> Review:
        """The engine's review of ``subject`` (of ``seat``, or every seat)."""
        raise NotImplementedError

    def dice(self, decision: Decision) -> tuple[int, ...]:
        """The dice on the table at ``decision``."""
        return ()

    def situation_words(self, decision: Decision, lang: str) -> str:
        """The situation of ``decision`` in words a learner reads (not the notation, which
        stays in the downloads); "" if there is nothing more to say than the dice."""
        return ""

    def read(self, text: Any) -> Any:
        """What a learner pasted (or a game) as a subject to review; IllegalMove if it is
        none."""
        raise NotImplementedError

    def examples(self) -> dict[str, tuple[str, Callable[[], Any]]]:
        """The built-in example games: ``key -> (label msgid, maker)``."""
        return {}

    def as_text(self, subject: Any) -> str:
        """The text of a subject, as a learner would paste it."""
        return subject.to_json(indent=1) if hasattr(subject, "to_json") else str(subject)

    def axis(self, review: Review) -> Message:
        """The plot's vertical axis."""
        return msg("Value")

    def scale(self, review: Review) -> float:
        """What the plotted values are multiplied by (100 for chances shown in %)."""
        return 100.0 if review.measure == "win" else 1.0


# -- pieces of HTML ---------------------------------------------------------------------------


def data_link(text: str, mime: str, filename: str, label: str, css: str) -> str:
    """A keyboard-operable download link holding ``text`` in its ``data:`` URL.

    >>> data_link("a,b\\n", "text/csv", "r.csv", "CSV", "dl-x")
    '<a class="dl-x" download="r.csv" href="data:text/csv;charset=utf-8,a%2Cb%0A">CSV</a>'
    """
    href = f"data:{mime};charset=utf-8,{quote(text, safe='')}"
    return f'<a class="{css}" download="{esc(filename)}" href="{href}">{esc(label)}</a>'


def plot_svg(
    review: Review,
    lang: str,
    axis: Message,
    scale: float = 1.0,
    marked: Sequence[int] = (),
) -> str:
    """The player's path (the value of each choice) beside the best choice at each decision,
    as an inline SVG; the decisions at indexes ``marked`` (the costliest) are circled."""
    import matplotlib
    from matplotlib.figure import Figure  # no pyplot: no backend, no global state

    xs = list(range(1, len(review.decisions) + 1))
    chosen = [d.choice_value * scale for d in review.decisions]
    best = [d.best_value * scale for d in review.decisions]
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "dicelab"}):
        figure = Figure(figsize=(7.5, 3.0), dpi=72)
        ax = figure.add_subplot()
        ax.plot(xs, best, "--", color="#2e7d32", linewidth=1.5, label=translate("Best", lang))
        ax.plot(
            xs,
            chosen,
            "-o",
            color="#1565c0",
            linewidth=1.8,
            markersize=3,
            label=translate("Your choices", lang),
        )
        for rank, index in enumerate(marked, start=1):
            ax.plot(
                [xs[index]], [chosen[index]], "o", markersize=11, mfc="none", mec="#e65100", mew=2
            )
            ax.annotate(
                str(rank),
                (xs[index], chosen[index]),
                textcoords="offset points",
                xytext=(0, -18),
                ha="center",
                color="#8a3200",
                fontweight="bold",
            )
        ax.set_xlabel(translate("Decision", lang))
        ax.set_ylabel(axis.render(lang))
        for ticks in (ax.xaxis, ax.yaxis):  # numbers as the language writes them
            number_axis(ticks, lang)
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best", fontsize="small")
        figure.tight_layout()
        out = io.StringIO()
        # no metadata: no English, no date, the same picture for the same review
        figure.savefig(
            out,
            format="svg",
            metadata={"Creator": None, "Date": None, "Format": None, "Type": None},
        )
    text = out.getvalue()
    return text[text.find("<svg") :]


def _dice_html(dice: Sequence[int], lang: str) -> str:
    faces = "".join(
        f'<span class="dl-review-die dl-rf-{int(face)}" aria-hidden="true"></span>'
        for face in dice
        if 1 <= int(face) <= 6
    )
    words = translate("Dice: {dice}", lang, dice=" ".join(str(int(f)) for f in dice))
    return f'<div class="dl-review-dice" role="img" aria-label="{esc(words)}">{faces}</div>'


# -- the panel --------------------------------------------------------------------------------


class ReviewPanel(widgets.VBox):
    """The Review button (:attr:`button`, for the app's toolbar) and the panel it opens.

    ``auto_review``: open on its own when the game ends; ``toggle=False``: always open (the
    review apps). Nothing is computed while the panel is closed.
    """

    def __init__(
        self,
        owner: Any,
        adapter: ReviewAdapter,
        auto_review: bool = True,
        toggle: bool = True,
        label: str = N_("Review"),
    ) -> None:
        if not isinstance(auto_review, bool):
            raise IllegalMove(
                msg("auto_review is True or False, not {value}.", value=show_value(auto_review))
            )
        self._owner = owner
        self._adapter = adapter
        self._label = label
        self._toggle = toggle
        self.auto_review = bool(auto_review)
        self._open = not toggle
        self._ended_game: Any = None  # the game the panel opened for at its end
        self._seat: int | None = None
        self._seat_for: Any = None  # the subject the seat was chosen for
        self._cache: dict[Any, Review] = {}
        self._preparing = False
        self._shown: Review | None = None
        self._drawn: tuple[Review, str] | None = None  # the review drawn, and its language
        shared = getattr(owner, "_shared", None)  # the app's one Layout: fewer models
        layout = shared.layout if shared is not None and toggle else widgets.Layout()
        self.button = widgets.ToggleButton(value=self._open, icon="list-alt", layout=layout)
        self.button.add_class("dl-review-toggle")
        self.button.observe(lambda change: self.toggle(change["new"]), "value")
        if not toggle:
            self.button.layout.display = "none"
        self._built = False  # the panel's widgets are made when it first opens
        self._parts = dict.fromkeys(("summary", "plot", "exports", "table"), "")
        super().__init__([], layout=shared.layout if shared is not None else widgets.Layout())
        self.add_class("dl-review-panel")
        self._show_children()

    def _build_parts(self) -> None:
        if self._built:
            return
        self._built = True
        self._seat_pick = widgets.Dropdown(options=[("-", 0)], value=0)
        self._seat_pick.add_class("dl-review-seat")
        self._seat_pick.observe(self._seat_picked, "value")
        self._progress = widgets.FloatProgress(min=0.0, max=1.0)
        self._progress.add_class("dl-review-progress")
        self._progress.layout.display = "none"
        shared = getattr(self._owner, "_shared", None)
        self._heading = shared.html() if shared is not None else widgets.HTML()
        self._heading.add_class("dl-review-heading")
        self._content = shared.html() if shared is not None else widgets.HTML()
        self._content.add_class("dl-review-content")

    def _show(self, **parts: str) -> None:
        """Set some of the parts (summary, plot, exports, table) and draw them."""
        self._parts.update(parts)
        order = ("summary", "plot", "exports", "table")
        html = "".join(
            f'<div class="dl-review-{name}">{self._parts[name]}</div>'
            for name in order
            if self._parts[name]
        )
        value = f"<style>{REVIEW_CSS}</style>{html}"
        if self._content.value != value:
            self._content.value = value

    # -- state ------------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        """True while the panel is shown."""
        return self._open

    @property
    def review(self) -> Review | None:
        """The review shown now (None while closed, preparing, or on a refusal)."""
        return self._shown if self._open else None

    @property
    def seat(self) -> int | None:
        """The seat reviewed (None: every decision, as in a notation log)."""
        return self._seat

    @property
    def summary_html(self) -> str:
        """The summary's HTML (words: decisions, losses, proficiency)."""
        return self._parts["summary"]

    @property
    def table_html(self) -> str:
        """The table of decisions' HTML."""
        return self._parts["table"]

    @property
    def plot_html(self) -> str:
        """The plot's HTML (an inline SVG and its caption)."""
        return self._parts["plot"]

    @property
    def exports_html(self) -> str:
        """The two download links' HTML."""
        return self._parts["exports"]

    def _show_children(self) -> None:
        if not self._open:
            self.children = []
            self.remove_class("dl-card")
            return
        self._build_parts()
        self.add_class("dl-card")
        self.children = [self._heading, self._seat_pick, self._progress, self._content]

    # -- intents ----------------------------------------------------------------------------
    def show(self) -> None:
        """Open the panel (and review what there is to review). (Not ``open``: a widget's
        ``open``/``close`` open and close its link to the browser.)"""
        self.toggle(True)

    def hide(self) -> None:
        """Close the panel (a review app's panel stays open)."""
        self.toggle(False)

    def toggle(self, show: bool | None = None) -> None:
        """Open or close the panel (``None`` flips it)."""
        with self._owner.lock:
            show = not self._open if show is None else bool(show)
            if not self._toggle:
                show = True
            elif show and hints_hidden(self._owner):
                show = False  # a class game in play: refused here too (the browser may ask)
            if show != self._open:
                self._open = show
                self._show_children()
            if self.button.value != show:
                self.button.value = show  # calls back here, harmlessly
            self.render(self._owner.lang)

    def pick_seat(self, seat: int) -> None:
        """Review ``seat``'s decisions (the seat dropdown)."""
        with self._owner.lock:
            self._seat = seat
            if (
                self._built
                and self._seat_pick.value != seat
                and seat in dict((v, k) for k, v in self._seat_pick.options)
            ):
                self._seat_pick.value = seat
            self.render(self._owner.lang)

    def _seat_picked(self, change: dict) -> None:
        if change["new"] != self._seat and self._seat_for is not None:
            self.pick_seat(change["new"])

    # -- drawing ----------------------------------------------------------------------------
    def render(self, lang: str) -> None:
        """Draw the button; open on its own at the game's end; when open, the review."""
        self.button.description = translate(self._label, lang)
        self.button.tooltip = translate("Show or hide the review of the finished turns", lang)
        subject = self._owner.game
        if (
            self._toggle
            and self.auto_review
            and subject is not None
            and getattr(subject, "is_over", False)
            and self._ended_game is not subject
        ):
            self._ended_game = subject
            if not self._open:
                self.toggle(True)  # draws the review
                return
        if not self._open:
            return
        heading = f"<b>{esc(translate('Review of the game', lang))}</b>"
        if self._heading.value != heading:
            self._heading.value = heading
        self._seat_pick.description = translate("Player", lang)
        if subject is None:
            self._draw_empty(lang, msg("Choose a game to review."))
            return
        self._render_seats(subject, lang)
        if not self._adapter.ready(subject):
            self._draw_empty(lang, msg("Preparing the review's tables…"))
            self._prepare(subject)
            return
        try:
            review = self._review_of(subject)
        except IllegalMove as error:
            self._draw_empty(lang, error.message)
            return
        except Exception:
            log.exception("dicelab: the review failed")
            self._draw_empty(lang, msg("The review could not be computed for this game."))
            return
        self._draw(review, lang)

    def _render_seats(self, subject: Any, lang: str) -> None:
        seats = self._adapter.seats(subject, lang)
        if self._seat_for is not subject:
            self._seat_for = None  # no callback while the options change
            self._seat = self._adapter.default_seat(subject) if seats else None
        if seats:
            values = [seat for _, seat in seats]
            if self._seat not in values:
                self._seat = values[0]
            if list(self._seat_pick.options) != seats:
                self._seat_for = None
                self._seat_pick.options = seats
            self._seat_pick.value = self._seat
            self._seat_pick.layout.display = None if len(seats) > 1 else "none"
        else:
            self._seat_pick.layout.display = "none"
        self._seat_for = subject

    def _review_of(self, subject: Any) -> Review:
        finished = self._adapter.finished(subject)
        key = (self._adapter.key(finished), self._seat)
        review = self._cache.get(key)
        if review is None:
            review = self._adapter.review(finished, self._seat)
            self._cache = {key: review}  # only the last one: a game grows turn by turn
        return review

    def _prepare(self, subject: Any) -> None:
        if self._preparing:
            return
        self._preparing = True
        self._progress.layout.display = None
        self._progress.value = 0.0

        def report(fraction: float) -> None:
            self._progress.value = min(1.0, max(0.0, float(fraction)))

        def work() -> None:
            try:
                self._adapter.prepare(subject, report)
            except Exception:
                log.exception("dicelab: preparing the review's tables failed")
            finally:
                with self._owner.lock:
                    self._preparing = False
                    self._progress.layout.display = "none"
                    self.render(self._owner.lang)

        run_in_background(work)

    def _draw_empty(self, lang: str, why: Said) -> None:
        self._shown = None
        self._drawn = None
        summary = f'<p role="status">{esc(why.render(lang))}</p>'
        self._show(summary=summary, plot="", exports="", table="")

    def _draw(self, review: Review, lang: str) -> None:
        self._shown = review
        if not review.decisions:
            self._draw_empty(lang, msg("No finished turn to review yet."))
            self._shown = review
            return
        costly = review.costliest(EXPLAINED)
        rank = {id(d): i for i, d in enumerate(costly, start=1)}
        marked = [i for i, d in enumerate(review.decisions) if id(d) in rank]
        marked.sort(key=lambda i: rank[id(review.decisions[i])])
        drawn = self._drawn
        if (
            drawn is None or drawn[0] is not review or drawn[1] != lang
        ):  # a redraw of the app redraws the review only if it changed
            self._drawn = (review, lang)
            self._show(
                summary=self._summary_html(review, lang),
                plot=self._plot_html(review, lang, marked),
                exports=self._exports_html(review, lang),
                table=self._table_html(review, lang, rank),
            )

    @staticmethod
    def _amount(review: Review, value: float, lang: str) -> str:
        if review.measure == "win":
            return translate("{points} percentage points", lang, points=_num(100 * value, 2, lang))
        return translate("{points} points", lang, points=_num(value, 2, lang))

    def _loss_words(self, review: Review, value: float, lang: str) -> str:
        """A loss in words: "none: every choice was the best" rather than 0.00."""
        if review.decisions and all(d.is_best for d in review.decisions):
            return translate("none: every choice was the best", lang)
        return self._amount(review, value, lang)

    def _summary_html(self, review: Review, lang: str) -> str:
        rows = [
            (translate("Decisions", lang), format_number(len(review.decisions), lang)),
            (translate("Total loss", lang), self._loss_words(review, review.total_loss, lang)),
            (
                translate("Loss per decision", lang),
                self._loss_words(review, review.mean_loss, lang),
            ),
            (translate("Proficiency", lang), review.proficiency.render(lang)),
        ]
        cells = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in rows)
        return (
            f'<p class="dl-review-line">{esc(review.summary().render(lang))}</p>'
            f'<table class="dl-table dl-review-totals">{cells}</table>'
        )

    def _plot_html(self, review: Review, lang: str, marked: list[int]) -> str:
        axis = self._adapter.axis(review)
        try:
            svg = plot_svg(review, lang, axis, self._adapter.scale(review), marked)
        except Exception:
            log.exception("dicelab: drawing the review's plot failed")
            svg = ""
        words = translate(
            "{axis} along the game: your choices (solid line) beside the best choice at "
            "each decision (dashed line); the costliest decisions are circled and numbered.",
            lang,
            axis=axis,
        )
        return (
            f'<figure class="dl-review-figure"><div role="img" aria-label="{esc(words)}">'
            f"{svg}</div><figcaption>{esc(words)}</figcaption></figure>"
        )

    def _exports_html(self, review: Review, lang: str) -> str:
        name = f"{self._adapter.game_name}-review"
        links = [
            data_link(
                _in(lang, review.to_csv),
                "text/csv",
                f"{name}.csv",
                translate("Download the review (CSV)", lang),
                "dl-review-csv",
            ),
            data_link(
                _in(lang, review.to_markdown),
                "text/markdown",
                f"{name}.md",
                translate("Download the review (Markdown)", lang),
                "dl-review-markdown",
            ),
        ]
        return "<p>" + "".join(links) + "</p>"

    def _table_html(self, review: Review, lang: str, rank: dict[int, int]) -> str:
        players = len({d.player for d in review.decisions}) > 1  # a column only if useful
        heads = [
            "#",
            *([translate("Player", lang)] if players else []),
            translate(self._adapter.round_word, lang),
            translate("Roll", lang),
            translate("Choice", lang),
            translate("Best", lang),
            translate("Loss", lang),
            translate("Note", lang),
            translate("Details", lang),
        ]
        head = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
        rows = []
        for number, d in enumerate(review.decisions, start=1):
            place = rank.get(id(d))
            if place is not None:
                note = translate("costliest {n}", lang, n=place)
                css = "dl-review-row dl-costliest"
            elif d.is_best:
                note, css = "", "dl-review-row dl-review-best"  # the Loss cell says it
            else:
                note, css = "", "dl-review-row"
            loss = (
                translate("none: the best choice", lang)
                if d.is_best
                else self._amount(review, d.loss, lang)
            )
            cells = [
                esc(number),
                *([esc(seat_name(d.player, lang))] if players else []),
                esc(d.round),
                esc(translate("roll {n}", lang, n=d.roll)),
                esc(d.choice_label.render(lang)),
                esc(d.best_label.render(lang)),
                esc(loss),
                f'<span class="dl-review-mark">{esc(note)}</span>',
                self._details_html(review, d, lang),
            ]
            rows.append(f'<tr class="{css}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        caption = translate("Every decision", lang)
        return (
            f'<table class="dl-table dl-review-rows"><caption>{esc(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _details_html(self, review: Review, d: Decision, lang: str) -> str:
        scale = self._adapter.scale(review)
        decimals = 1 if review.measure == "win" else 2
        parts = []
        if d.explanation is not None:
            parts.append(f"<p><b>{esc(d.explanation.render(lang))}</b></p>")
        try:
            parts.append(_dice_html(self._adapter.dice(d), lang))
        except Exception:
            log.exception("dicelab: the dice of a reviewed decision")
        try:
            where = self._adapter.situation_words(d, lang)
        except Exception:
            log.exception("dicelab: the situation of a reviewed decision")
            where = ""
        if where:
            parts.append(f'<p class="dl-review-where">{esc(where)}</p>')
        if d.is_best:
            parts.append(f"<p>{esc(translate('This was the best choice.', lang))}</p>")
        values = [
            (d.choice_label, d.choice_value, d.choice_sd, d.choice_farkle),
            (d.best_label, d.best_value, d.best_sd, d.best_farkle),
        ]
        axis = self._adapter.axis(review).render(lang)
        items = []
        for label, value, sd, farkle in values:
            if review.measure == "win":
                text = translate(
                    "{choice}: a {chance} chance to win",
                    lang,
                    choice=label,
                    chance=format_percent(value, lang),
                )
            else:
                text = translate(
                    "{choice}: {axis} {value}",
                    lang,
                    choice=label,
                    axis=axis,
                    value=_num(value * scale, decimals, lang),
                )
            if sd is not None:
                text += " · " + translate("standard deviation {sd}", lang, sd=_num(sd, 1, lang))
            if farkle is not None:
                text += " · " + translate(
                    "the next roll farkles {chance} of the time",
                    lang,
                    chance=format_percent(farkle, lang),
                )
            items.append(f"<li>{esc(text)}</li>")
        parts.append(f"<ul>{''.join(items)}</ul>")
        summary = translate("Show decision {n}", lang, n=review.decisions.index(d) + 1)
        return (
            f"<details><summary>{esc(summary)}</summary>"
            f'<div class="dl-review-detail">{"".join(parts)}</div></details>'
        )


def _num(value: float, decimals: int, lang: str | None = None) -> str:
    return format_number(value, lang, decimals=decimals)


def _in(lang: str, render: Callable[[], str]) -> str:
    """``render()`` in ``lang`` (the engine's exports use the current language)."""
    from dicelab.i18n import use_language

    with use_language(lang):
        return render()


# -- the review apps --------------------------------------------------------------------------


class ReviewApp(App):
    """Paste a saved game (or a notation log), or pick a built-in example, and see its review.

    Subclasses give the :attr:`adapter_class` and the :attr:`title`; ``game`` (a game, a
    save's text or a log) or ``example`` (a key of the examples) is reviewed at once.
    Driving methods: :meth:`load`, :meth:`pick_example`, :meth:`review_input`.
    """

    adapter_class: type[ReviewAdapter] = ReviewAdapter
    css_class = "dl-review-app"
    placeholder = N_("Paste a saved game (its JSON text) here.")

    def __init__(
        self, game: Any = None, example: str | None = None, lang: str | None = None, **options: Any
    ) -> None:
        super().__init__(lang=lang, **options)
        self._adapter = self.adapter_class()
        self._examples = self._adapter.examples()
        self._subject: Any = None
        self._intro = self._shared.html("dl-review-intro")
        self._example_pick = widgets.Dropdown(options=self._example_options(self._lang), value="")
        self._example_pick.add_class("dl-review-example")
        self._example_pick.observe(self._example_picked, "value")
        self._input = widgets.Textarea(layout=widgets.Layout(width="100%", height="9em"))
        self._input.add_class("dl-review-input")
        self._go = self._shared.button("dl-review-go", button_style="primary", icon="search")
        self._go.on_click(lambda _b: self.review_input())
        self._panel = ReviewPanel(self, self._adapter, toggle=False)
        self._body.children = [
            self._intro,
            self._example_pick,
            self._input,
            self._go,
            self._panel,
        ]
        if game is not None:
            self.load(game)
        elif example:
            self.pick_example(example)
        self.render()

    @property
    def game(self) -> Any:
        """What is reviewed: a game, or a notation log (None before one is chosen)."""
        return self._subject

    @property
    def review_panel(self) -> ReviewPanel:
        """The review panel."""
        return self._panel

    @property
    def example_keys(self) -> list[str]:
        """The keys of the built-in examples."""
        return list(self._examples)

    def load(self, game: Any) -> bool:
        """Review ``game``: a game, a save's JSON text or (Penta) a notation log."""

        def go() -> None:
            subject = self._adapter.read(game)
            self._subject = subject
            if isinstance(game, str) and self._input.value != game:
                self._input.value = game

        return self.act(go)

    def review_input(self) -> bool:
        """Review what is pasted in the text box (the button)."""
        return self.load(self._input.value)

    def pick_example(self, key: str) -> bool:
        """Review the built-in example ``key`` (its text shown in the box)."""

        def go() -> None:
            if key not in self._examples:
                raise IllegalMove(
                    msg(
                        "There is no example {key}: the examples are {keys}.",
                        key=show_value(key),
                        keys=", ".join(self._examples),
                    )
                )
            subject = self._examples[key][1]()
            self._subject = subject
            self._input.value = self._adapter.as_text(subject)
            if self._example_pick.value != key:
                self._example_pick.value = key

        return self.act(go)

    def _example_picked(self, change: dict) -> None:
        if change["new"]:
            self.pick_example(change["new"])

    def _example_options(self, lang: str) -> list[tuple[str, str]]:
        options = [(translate("Pick an example game…", lang), "")]
        return options + [(translate(label, lang), k) for k, (label, _) in self._examples.items()]

    def _render(self, lang: str) -> None:
        self._intro.value = (
            "<p>"
            + esc(
                translate(
                    "Paste a saved game, or pick an example, then press the button: the review "
                    "sets every decision beside the best one.",
                    lang,
                )
            )
            + "</p>"
        )
        options = self._example_options(lang)
        if list(self._example_pick.options) != options:
            value = self._example_pick.value
            self._example_pick.unobserve(self._example_picked, "value")
            self._example_pick.options = options
            self._example_pick.value = value
            self._example_pick.observe(self._example_picked, "value")
        self._example_pick.description = translate("Example", lang)
        self._input.placeholder = translate(self.placeholder, lang)
        self._go.description = translate("Review this game", lang)
        self._go.tooltip = translate("Review the game pasted in the box", lang)
        self._panel.render(lang)
