"""Lessons: the rules of Penta and Farkle as cards, live examples and exercises.

The rules notebooks are thin: each cell is one line calling this package, and every text
shown is an i18n message, so the notebooks read in every language dicelab speaks. Nothing
here imports ipywidgets (IPython only when :func:`show` is called).

>>> from dicelab.lessons import penta_rules, farkle_rules
>>> rule = penta_rules()["sacrifice"]
>>> rule.number, str(rule.title)
(7, 'Sacrificing a box')
>>> rule.example().shown[0].value["chance"]  # live: the engine computes it now
15
>>> feedback = rule.exercise.check(1)  # only the box that scores: a typical wrong answer
>>> feedback.correct, feedback.expected, feedback.mistake is not None
(False, 7, True)
>>> len(farkle_rules())
10

See ``docs/lessons.md`` for the whole API.
"""

from dicelab.lessons.cards import (
    CHOICE,
    NUMBER,
    PERCENT,
    WHICH_BOXES,
    YES_NO,
    Deck,
    Example,
    Exercise,
    Feedback,
    Mistake,
    Rule,
    RuleBook,
    Step,
    describe,
)
from dicelab.lessons.farkle import farkle_rules
from dicelab.lessons.pages import (
    APPS,
    LESSONS,
    page_language,
    show,
    start_page,
    use_page_language,
)
from dicelab.lessons.penta import penta_rules
from dicelab.lessons.thinking import (
    check_small_game,
    penta_thinking,
    plot_box_points,
    plot_scores,
)

__all__ = [
    "APPS",
    "CHOICE",
    "LESSONS",
    "NUMBER",
    "PERCENT",
    "WHICH_BOXES",
    "YES_NO",
    "Deck",
    "Example",
    "Exercise",
    "Feedback",
    "Mistake",
    "Rule",
    "RuleBook",
    "Step",
    "check_small_game",
    "describe",
    "farkle_rules",
    "page_language",
    "penta_rules",
    "penta_thinking",
    "plot_box_points",
    "plot_scores",
    "show",
    "start_page",
    "use_page_language",
]
