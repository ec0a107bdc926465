"""Everything a teacher's own lesson notebook needs, in one import.

A teacher's lesson (``notebooks/my_lesson.ipynb`` is the worked template; ``docs/teaching.md``
shows how to copy and change it) starts with::

    from dicelab.widgets.teach import *
    lesson("en")

then alternates Markdown cells (the teacher's words) and short question cells::

    question = ask("What is the chance of no scoring die with 3 dice?",
                   answer=farkle_chance(3), kind=PERCENT,
                   mistakes={first_guess(3): "Triples score too: 2-2-2 is not a farkle."})
    display(question, after(question, plot_farkle_chances))

Under Voilà the page shows the words and the questions, and the code is one click away
(:func:`code_toggle`); ``python -m dicelab.printouts lesson notebooks/my_lesson.ipynb`` prints
the same lesson on paper, with the answers on a page of their own.

>>> lesson("fr", voila=False).layout.display
'none'
>>> question = ask("Combien de faces a un dé ?", answer=6)
>>> question.check_button.description
'Vérifier ma prédiction'
>>> _ = lesson("en", voila=False)
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as widgets

from dicelab import farkle, penta
from dicelab.farkle import farkle_chance, optimal_turn
from dicelab.farkle import score as farkle_score
from dicelab.i18n import normalize_language, set_language
from dicelab.lessons.cards import CHOICE, NUMBER, PERCENT, YES_NO
from dicelab.lessons.chance_figures import (
    chance_table,
    draw_sample_space,
    plot_farkle_chances,
    plot_thresholds,
    threshold_table,
)
from dicelab.lessons.counting import (
    break_even,
    farkle_count,
    first_guess,
    hot_dice_chance,
    roll_points,
    sample_space,
)
from dicelab.lessons.pages import query_language
from dicelab.widgets.lang import wait_for_page
from dicelab.widgets.lessons import ask, code_toggle
from dicelab.widgets.reveal import after

__all__ = [
    "CHOICE",
    "NUMBER",
    "PERCENT",
    "YES_NO",
    "Fraction",
    "after",
    "ask",
    "break_even",
    "chance_table",
    "draw_sample_space",
    "farkle",
    "farkle_chance",
    "farkle_count",
    "farkle_score",
    "first_guess",
    "hot_dice_chance",
    "lesson",
    "optimal_turn",
    "penta",
    "plot_farkle_chances",
    "plot_thresholds",
    "roll_points",
    "sample_space",
    "threshold_table",
]


def lesson(language: str = "en", voila: bool | None = None) -> widgets.Box:
    """Start a teacher's lesson written in ``language``: dicelab's own words on the page (the
    Check button, the verdicts) follow it, unless the page's link asks for another language
    (``?lang=``); returns the "Show the code" button, for the first cell to display."""
    wait_for_page()  # a preheated Voilà kernel: the page's ?lang= is known only then
    set_language(query_language() or normalize_language(language))
    return code_toggle(voila=voila)
