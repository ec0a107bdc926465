"""The advisor panel: closed and cheap until opened; then a solver's values.

Nothing of the solver is imported or loaded while the panel stays closed, so an app opens
fast. When opened, the panel asks for the solver of the owner's rules; if its tables are
not cached yet it shows "Building…" with a progress bar, builds them in a background
thread (the kernel stays responsive), then draws ``owner.advice_html(solver, lang)``.

The owner is an app (:class:`~dicelab.widgets.common.base.App`) with ``rules`` and
``advice_html(solver, lang)``: the panel draws in its ``lang``, holding its ``lock`` when a
build ends on another thread. ``solver_for(rules)`` and ``is_ready(solver)`` say how to get
a solver and whether it can answer at once (Penta's:
:class:`~dicelab.widgets.penta.advice.PentaAdvisor`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from dicelab.i18n import N_, translate
from dicelab.widgets.common.background import run_in_background
from dicelab.widgets.common.base import esc

__all__ = ["AdvisorPanel"]

log = logging.getLogger("dicelab.widgets")


def hints_hidden(owner: Any) -> bool:
    """Whether ``owner`` hides its hints now (a class game in play: ``PlayApp.hints_hidden``).

    Asked by the panels themselves, not only by the app's buttons: a learner's browser can set a
    toggle's value from its developer tools, and the kernel must refuse it all the same.
    """
    return bool(getattr(owner, "hints_hidden", False))


class AdvisorPanel(widgets.VBox):
    """A toggle button and, once opened, the owner's advice (built lazily)."""

    def __init__(
        self,
        owner: Any,
        solver_for: Callable[[Any], Any],
        is_ready: Callable[[Any], bool],
        label: str = N_("Advisor"),
        build: Callable[[Any, Callable[[float], None]], None] | None = None,
    ) -> None:
        self._owner = owner
        self._label = label
        self._solver_for = solver_for
        self._is_ready = is_ready
        self._build = build or (lambda solver, progress: solver.build(progress=progress))
        self._open = False
        self._solvers: dict[Any, Any] = {}
        self._building: set[Any] = set()
        self._failed = False
        self._button = widgets.ToggleButton(value=False, icon="lightbulb-o")
        self._button.add_class("dl-advisor-toggle")
        self._button.observe(lambda change: self.toggle(change["new"]), "value")
        self._content: widgets.HTML | None = None
        self._progress: widgets.FloatProgress | None = None
        super().__init__([self._button])
        self.add_class("dl-advisor-panel")

    @property
    def is_open(self) -> bool:
        """True while the panel is shown."""
        return self._open

    @property
    def text(self) -> str:
        """The HTML shown in the panel ("" while closed)."""
        return self._content.value if self._open and self._content is not None else ""

    @property
    def progress(self) -> widgets.FloatProgress | None:
        """The progress bar of a table being built (None before the panel is opened)."""
        return self._progress

    @property
    def building(self) -> bool:
        """True while a table is being built."""
        return bool(self._building)

    def _parts(self) -> tuple[widgets.HTML, widgets.FloatProgress]:
        if self._content is None or self._progress is None:
            self._content = widgets.HTML()
            self._content.add_class("dl-advisor")
            self._progress = widgets.FloatProgress(min=0.0, max=1.0)
            self._progress.add_class("dl-advisor-progress")
            self._progress.layout.display = "none"
        return self._content, self._progress

    @property
    def game_over(self) -> bool:
        """True once the owner's game has ended: nothing is left to advise."""
        game = getattr(self._owner, "game", None)
        return bool(getattr(game, "is_over", False))

    @property
    def disabled(self) -> bool:
        """True while the button cannot open the panel (the game is over)."""
        return self._button.disabled

    def toggle(self, show: bool | None = None) -> None:
        """Open or close the panel (``None`` flips it); once the game is over it stays
        closed (there is no move left to advise on)."""
        show = not self._open if show is None else bool(show)
        if show and (self.game_over or hints_hidden(self._owner)):
            show = False
        if show == self._open:
            if self._button.value != show:
                self._button.value = show
            return
        self._open = show
        if self._button.value != show:
            self._button.value = show
        if show:
            content, progress = self._parts()
            self.children = [self._button, progress, content]
        else:
            self.children = [self._button]
        self.render(self._owner.lang)

    def render(self, lang: str) -> None:
        """Draw the button label and, when open, the content. Once the game is over the
        panel closes and its button is disabled, saying why (a new game turns it back on)."""
        self._button.description = translate(self._label, lang)
        over = self.game_over
        self._button.disabled = over
        self._button.tooltip = (
            translate("The game is over: nothing is left to advise. Open the review.", lang)
            if over
            else translate("Show or hide the advisor's values", lang)
        )
        if over and self._open:
            self.toggle(False)
            return
        if not self._open:
            return
        content, _ = self._parts()
        try:
            solver = self._solver(lang)
            if solver is not None:
                content.value = self._owner.advice_html(solver, lang)
        except Exception:
            log.exception("dicelab: the advisor failed")
            content.value = esc(
                translate("The advisor could not compute its values for this situation.", lang)
            )

    def _solver(self, lang: str) -> Any | None:
        rules = self._owner.rules
        if rules in self._solvers:
            return self._solvers[rules]
        content, _ = self._parts()
        if rules in self._building:
            content.value = esc(translate("Building the advisor's tables…", lang))
            return None
        solver = self._solver_for(rules)
        if self._is_ready(solver):
            self._solvers[rules] = solver
            return solver
        content.value = esc(translate("Building the advisor's tables…", lang))
        self._start_build(rules, solver)
        return None

    def _start_build(self, rules: Any, solver: Any) -> None:
        _, progress = self._parts()
        self._building.add(rules)
        progress.layout.display = None
        progress.value = 0.0

        def report(fraction: float) -> None:
            progress.value = min(1.0, max(0.0, float(fraction)))

        def work() -> None:
            try:
                self._build(solver, report)
                self._solvers[rules] = solver
            except Exception:
                log.exception("dicelab: building the advisor's tables failed")
            finally:
                with self._owner.lock:  # a click may be drawing the app right now
                    self._building.discard(rules)
                    progress.layout.display = "none"
                    self.render(self._owner.lang)

        run_in_background(work)
