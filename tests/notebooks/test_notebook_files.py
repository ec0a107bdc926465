"""The notebooks as files: thin, cleared, and following the lessons' rule books in order.

nbval executes them (``pytest --nbval-lax notebooks/``: a cell that raises fails); these
tests check what nbval does not: that outputs and counts are cleared, that every rule of each
rulebook (docs/rules/) has its card, live example and exercise cells in order, and that the start page links
every app. The examples' and exercises' results are checked in ``tests/test_lessons.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from dicelab.lessons import APPS, LESSONS, farkle_rules, penta_rules

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
LEARNER_CODE = "learner-code"
"""The tag of a notebook's code cell that the learner reads and changes (shown in Voilà behind a
toggle): plain Python, at most :data:`LEARNER_CODE_LINES` lines."""
LEARNER_CODE_LINES = 30


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
        longest = LEARNER_CODE_LINES if LEARNER_CODE in cell.metadata.get("tags", []) else 4
        assert len(lines) <= longest and all(len(line) <= 100 for line in lines), cell.source
        assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.mark.parametrize(
    ("name", "book"), [("penta_rules.ipynb", penta_rules), ("farkle_rules.ipynb", farkle_rules)]
)
def test_rules_notebooks_step_through_every_rule_in_order(name, book):
    cells = code_cells(name)
    assert "use_page_language()" in cells[0] and "code_toggle()" in cells[0]
    expected = []
    for rule_id in book().ids:
        key = f'rules["{rule_id}"]'
        expected += [key, f"{key}.example()", f"ask({key}.exercise)"]
    assert [source.strip() for source in cells[1:]] == expected


@pytest.mark.parametrize("page", APPS, ids=lambda page: page.notebook)
def test_app_notebooks_are_one_call_into_the_widgets(page):
    (source,) = code_cells(page.notebook)
    assert re.fullmatch(r'from dicelab\.widgets import launch\nlaunch\("\w+"\)', source), source


def test_start_page_lists_every_other_notebook():
    (source,) = code_cells("00_start_here.ipynb")
    assert "start_page()" in source
    linked = {page.notebook for page in (*APPS, *LESSONS)}
    assert set(ALL) - {"00_start_here.ipynb"} == linked
