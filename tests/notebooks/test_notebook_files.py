"""The notebooks as files: thin, cleared, and following the lessons' rule books in order.

nbval executes them (``pytest --nbval-lax notebooks/``: a cell that raises fails); these
tests check what nbval does not: that outputs and counts are cleared, that every rule of each
rulebook (docs/rules/) has its cell (card, live example, exercise) in order, that the lessons ask
first and explain after a prediction, and that the start page links every app. The examples'
and exercises' results are checked in ``tests/test_lessons.py``.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import nbformat
import pytest

from dicelab.lessons import APPS, LESSONS, farkle_rules, penta_rules, start_page
from dicelab.lessons.pages import TEMPLATE
from dicelab.lessons.farkle_chances import farkle_chances
from dicelab.lessons.thinking import penta_thinking
from dicelab.lessons.winning_vs_scoring import winning_vs_scoring

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
LEARNER_CODE = "learner-code"
"""The tag of a notebook's code cell that the learner reads and changes (shown in Voilà behind a
toggle): plain Python, at most :data:`LEARNER_CODE_LINES` lines."""
LEARNER_CODE_LINES = 30
QUESTION = "lesson-question"
"""The tag of a teacher's question cell (``my_lesson.ipynb``): one ``ask(...)`` in the teacher's
words and the ``display`` of it, at most :data:`QUESTION_LINES` lines."""
QUESTION_LINES = 14


def read(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def code_cells(name: str) -> list[str]:
    return [cell.source for cell in read(name).cells if cell.cell_type == "code"]


def test_every_notebook_is_there():
    expected = {"00_start_here.ipynb"} | {page.notebook for page in (*APPS, *LESSONS)}
    assert expected <= set(ALL)


@pytest.mark.parametrize("name", ALL)
def test_notebooks_are_cleared_thin_and_run_python3(name):
    notebook = read(name)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# ")
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        lines = cell.source.splitlines()
        # a lesson's one code for the learner to read and change ("learner-code") may be longer
        tags = cell.metadata.get("tags", [])
        longest = LEARNER_CODE_LINES if LEARNER_CODE in tags else 4
        if QUESTION in tags:
            longest = QUESTION_LINES
            assert cell.source.count("ask(") == 1 and "display(" in cell.source, cell.source
        assert len(lines) <= longest and all(len(line) <= 100 for line in lines), cell.source
        assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.mark.parametrize(
    ("name", "book"), [("penta_rules.ipynb", penta_rules), ("farkle_rules.ipynb", farkle_rules)]
)
def test_rules_notebooks_step_through_every_rule_in_order(name, book):
    """One cell per rule (Voilà runs and sends a page cell by cell: fewer cells open sooner)."""
    cells = code_cells(name)
    expected = [
        f'rule = rules["{rule_id}"]\ndisplay(rule, rule.example(), ask(rule.exercise))'
        for rule_id in book().ids
    ]
    assert [source.strip() for source in cells[1:]] == expected


@pytest.mark.parametrize("page", LESSONS, ids=lambda page: page.notebook)
def test_a_lesson_starts_with_its_language_and_the_show_the_code_button(page):
    first = code_cells(page.notebook)[0]
    assert "use_page_language()" in first
    assert "display(code_toggle(), " in first.splitlines()[-1]


def run_cells(name: str) -> list[object]:
    """Run the notebook's code cells as a kernel does, in a fresh namespace; return what they
    display (``display(...)``'s arguments and each cell's last expression), in order."""
    shown: list[object] = []
    names: dict[str, object] = {"display": lambda *items: shown.extend(items)}
    for source in code_cells(name):
        tree = ast.parse(source)
        last = tree.body[-1] if isinstance(tree.body[-1], ast.Expr) else None
        body = ast.Module(tree.body[:-1] if last else tree.body, type_ignores=[])
        exec(compile(body, name, "exec"), names)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), name, "eval"), names)
            if value is not None:
                shown.append(value)
    return shown


QUESTION_FIRST = [
    pytest.param(name, book, reveals, id=name, marks=marks)
    for name, book, reveals, marks in [
        ("farkle_chances.ipynb", farkle_chances, 20, ()),  # ten examples, ten pictures
        ("penta_thinking.ipynb", penta_thinking, 9, ()),  # 6 examples, 2 plots, the small game
        # 6 examples, 4 plots, 2 games: about 3 s, in make test (the fast loop has the others)
        ("winning_vs_scoring.ipynb", winning_vs_scoring, 12, pytest.mark.slow),
    ]
]


@pytest.mark.parametrize(("name", "book", "reveals"), QUESTION_FIRST)
def test_a_lesson_asks_first_and_explains_only_after_a_prediction(name, book, reveals, monkeypatch):
    """Each card: the card, its question, then only what waits for the learner's prediction
    (``after``): no example, dice, table, plot or game before an answer is committed."""
    from dicelab.lessons.cards import Rule, RuleBook
    from dicelab.widgets.lessons import Prediction
    from dicelab.widgets.reveal import Reveal

    monkeypatch.setenv("QUERY_STRING", "lang=en")
    shown = run_cells(name)
    assert isinstance(shown[1], RuleBook), shown[:2]
    cards = [item for item in shown if isinstance(item, Rule)]
    assert [card.id for card in cards] == list(book().ids)
    question = None
    for before, item in itertools.pairwise(shown[1:]):
        if isinstance(before, Rule):
            assert isinstance(item, Prediction) and item.exercise.id == before.id, item
            question = item
        elif not isinstance(item, Rule):
            assert isinstance(item, Reveal) and item.question is question, item
            assert not item.revealed
    waiting = [item for item in shown if isinstance(item, Reveal)]
    assert len(waiting) == reveals
    for question in {id(r.question): r.question for r in waiting}.values():
        question.commit(question.exercise.answer())
    for item in waiting:
        assert item.revealed and len(item.outputs) == 1
        data = item.outputs[0]["data"]
        widget = "application/vnd.jupyter.widget-view+json"  # the strategy duel
        assert {"text/markdown", "text/html", "image/png", widget} & set(data), data.keys()


@pytest.mark.parametrize("page", APPS, ids=lambda page: page.notebook)
def test_app_notebooks_are_one_call_into_the_widgets(page):
    (source,) = code_cells(page.notebook)
    assert re.fullmatch(r'from dicelab\.widgets import launch\nlaunch\("\w+"\)', source), source


def test_start_page_lists_every_other_notebook():
    (source,) = code_cells("00_start_here.ipynb")
    assert "start_page()" in source
    linked = {page.notebook for page in (*APPS, *LESSONS)} | {TEMPLATE}
    assert set(ALL) - {"00_start_here.ipynb"} == linked
    assert f"({TEMPLATE})" in start_page({}).render("en")  # in the teachers' guide
