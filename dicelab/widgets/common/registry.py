"""The one list of what :mod:`dicelab.widgets` offers by name, and where each lives.

:data:`APPS` are the dashboards :func:`~dicelab.widgets.launch` can start; :data:`TOOLS` the
other public names. The package imports a module only when one of its names is first used.

>>> sorted(APPS)
['FarkleApp', 'FarkleReviewApp', 'HouseRulesApp', 'PentaApp', 'PentaReviewApp', 'PrintoutsApp',
 'RiskExplorer', 'ScoringInspector', 'TeacherApp']
>>> app_class("PentaApp").__name__
'PentaApp'
>>> from dicelab.errors import IllegalMove
>>> try:
...     app_class("Yahtzee")
... except IllegalMove as refused:
...     print(refused)
There is no app called 'Yahtzee': the apps are FarkleApp, FarkleReviewApp, HouseRulesApp,
PentaApp, PentaReviewApp, PrintoutsApp, RiskExplorer, ScoringInspector, TeacherApp.
"""

from __future__ import annotations

import importlib
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import msg

__all__ = ["APPS", "TOOLS", "app_class", "find"]

APPS = {
    "PentaApp": "dicelab.widgets.penta.app",
    "FarkleApp": "dicelab.widgets.farkle.app",
    "ScoringInspector": "dicelab.widgets.penta.inspector",
    "RiskExplorer": "dicelab.widgets.farkle.risk_explorer",
    "PentaReviewApp": "dicelab.widgets.penta.review",
    "FarkleReviewApp": "dicelab.widgets.farkle.review",
    "PrintoutsApp": "dicelab.widgets.printouts",
    "TeacherApp": "dicelab.widgets.teacher",
    "HouseRulesApp": "dicelab.widgets.penta.house_rules",
}
"""Each dashboard's name and the module that defines it."""

TOOLS = {
    "Countdown": "dicelab.widgets.common.timer",
    "ManualScheduler": "dicelab.widgets.common.timer",
    "DiceRow": "dicelab.widgets.common.dice",
    "language_from_query": "dicelab.widgets.lang",
    "launch": "dicelab.widgets.launcher",
}
"""The other public names of :mod:`dicelab.widgets` and their modules."""


def find(name: str) -> Any:
    """The app or tool called ``name`` (its module imported now); KeyError if none."""
    home = APPS.get(name) or TOOLS[name]
    return getattr(importlib.import_module(home), name)


def app_class(name: object) -> Any:
    """The dashboard class called ``name``; IllegalMove naming the apps if there is none."""
    if not isinstance(name, str) or name not in APPS:
        from dicelab.numbers import show_value  # NumPy: not for `import dicelab.widgets`

        raise IllegalMove(
            msg(
                "There is no app called {name}: the apps are {apps}.",
                name=show_value(name),
                apps=", ".join(sorted(APPS)),
            )
        )
    return find(name)
