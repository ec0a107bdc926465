"""The Penta advisor panel: closed and cheap until opened; then the solver's values.

The panel is built lazily: nothing of the solver is imported or loaded while it stays
closed, so an app opens fast. When opened, it asks the solver (:mod:`dicelab.penta.solver`)
for its tables; if they are not cached yet it shows "building…" with a progress bar and
builds them without blocking the kernel, then draws the owner's content.
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from dicelab.i18n import msg, translate
from dicelab.widgets.base import esc

__all__ = ["AdvisorPanel", "load_solver"]

log = logging.getLogger("dicelab.widgets")

NOT_AVAILABLE = msg("The advisor is not available in this version of dicelab.")


def load_solver(rules: Any) -> Any | None:
    """The Penta solver for ``rules``, or None when the package has none."""
    try:
        module = importlib.import_module("dicelab.penta.solver")
    except ImportError:
        return None
    return module.Solver(rules)


class AdvisorPanel(widgets.VBox):
    """A toggle button and, once opened, the content ``owner.advice_html(solver, lang)``."""

    def __init__(self, owner: Any, label: str = "Advisor") -> None:
        self._owner = owner
        self._label = label
        self._open = False
        self._solvers: dict[Any, Any] = {}
        self._building: set[Any] = set()
        self._button = widgets.ToggleButton(value=False, icon="lightbulb-o")
        self._button.add_class("dl-advisor-toggle")
        self._button.observe(lambda change: self.toggle(change["new"]), "value")
        self._content = widgets.HTML()
        self._content.add_class("dl-advisor")
        self._progress = widgets.FloatProgress(min=0.0, max=1.0)
        self._progress.layout.display = "none"
        super().__init__([self._button])
        self.add_class("dl-advisor-panel")

    @property
    def is_open(self) -> bool:
        """True while the panel is shown."""
        return self._open

    @property
    def text(self) -> str:
        """The HTML shown in the panel ("" while closed)."""
        return self._content.value if self._open else ""

    def toggle(self, show: bool | None = None) -> None:
        """Open or close the panel (``None`` flips it)."""
        show = not self._open if show is None else bool(show)
        if show == self._open:
            return
        self._open = show
        if self._button.value != show:
            self._button.value = show
        self.children = [self._button, self._progress, self._content] if show else [self._button]
        self.render(self._owner.lang)

    def render(self, lang: str) -> None:
        """Draw the button label and, when open, the content."""
        self._button.description = translate(self._label, lang)
        self._button.tooltip = translate("Show or hide the advisor's values", lang)
        if not self._open:
            return
        try:
            solver = self._solver()
            if solver is None:
                return
            self._content.value = self._owner.advice_html(solver, lang)
        except Exception:
            log.exception("dicelab: the advisor failed")
            self._content.value = esc(
                translate("The advisor could not compute its values for this situation.", lang)
            )

    def _rules(self) -> Any:
        return self._owner.rules

    def _solver(self) -> Any | None:
        rules = self._rules()
        if rules in self._solvers:
            return self._solvers[rules]
        lang = self._owner.lang
        try:
            module = importlib.import_module("dicelab.penta.solver")
        except ImportError:
            self._content.value = esc(NOT_AVAILABLE.render(lang))
            return None
        solver = module.Solver(rules)
        if _is_ready(solver):
            self._solvers[rules] = solver
            return solver
        self._content.value = esc(translate("Building the advisor's tables…", lang))
        self._start_build(rules, solver)
        return None

    def _start_build(self, rules: Any, solver: Any) -> None:
        if rules in self._building:
            return
        self._building.add(rules)
        self._progress.layout.display = None
        self._progress.value = 0.0

        def progress(done: float, total: float = 1.0) -> None:
            self._progress.value = min(1.0, done / total if total else 1.0)

        def work() -> None:
            try:
                _build(solver, progress)
                self._solvers[rules] = solver
            except Exception:
                log.exception("dicelab: building the advisor's tables failed")
            finally:
                self._building.discard(rules)
                self._progress.layout.display = "none"
                self.render(self._owner.lang)

        _run_in_background(work)


def _is_ready(solver: Any) -> bool:
    ready = getattr(solver, "is_ready", None)
    if ready is None:
        return True
    return bool(ready() if callable(ready) else ready)


def _build(solver: Any, progress: Callable[..., None]) -> None:
    build = getattr(solver, "build", None)
    if build is not None:
        build(progress=progress)


def _run_in_background(work: Callable[[], None]) -> None:
    threading.Thread(target=work, daemon=True, name="dicelab-advisor").start()
