"""What the advisor panel shows of the Penta solver: its actions in words, and the panel
with Penta's solver (imported only when the panel is first opened)."""

from __future__ import annotations

from typing import Any

from dicelab.i18n import N_, msg, translate
from dicelab.penta.rules import BOX_NAMES
from dicelab.widgets.common.advisor import AdvisorPanel
from dicelab.widgets.common.dice import dice_text

__all__ = ["PentaAdvisor", "action_label", "penta_solver", "solver_cached"]


def penta_solver(rules: Any) -> Any:
    """The Penta solver of ``rules`` (imported only when the advisor is first opened)."""
    from dicelab.penta.solver import Solver

    return Solver(rules)


def action_label(action: Any, lang: str) -> str:
    """A Penta action in words: "Score Chance", "Keep 5 5 5", "Re-roll all five dice".

    >>> action_label("chance", "en"), action_label((5, 5), "en")
    ('Score Chance', 'Keep 5 5')
    """
    if isinstance(action, str):
        return translate("Score {box}", lang, box=msg(BOX_NAMES[action]))
    if not action:
        return translate("Re-roll all five dice", lang)
    return translate("Keep {dice}", lang, dice=dice_text(action))


def solver_cached(solver: Any) -> bool:
    """A Penta solver answers at once if its table is loaded or in the disk cache."""
    return getattr(solver, "_table", None) is not None or solver.path.exists()


class PentaAdvisor(AdvisorPanel):
    """The advisor panel with the Penta solver of the owner's rules."""

    def __init__(self, owner: Any, label: str = N_("Advisor")) -> None:
        super().__init__(owner, label=label, solver_for=penta_solver, is_ready=solver_cached)
