"""The lessons' words written into their notebooks, so that a notebook reads as a lesson.

A lesson's words live in Python (``dicelab/lessons/*.py``), where the i18n layer translates
them into every language dicelab speaks; the notebook only calls them. Opened in JupyterLab or
on a code host, such a notebook would show no prose at all. So each lesson notebook carries,
before each card's code cell, a Markdown cell with that card's words and question in English,
written from the same source by ``python -m dicelab.lessons.readable`` (``make messages`` runs
it; a test checks the notebooks are up to date). These cells are tagged :data:`TAG`: the Voilà
page hides them, since the card itself is drawn there in the page's language.

Why this way round (the words in Python, the Markdown generated) and not the other: the five
languages are translated message by message from the Python source, with the numbers the
engine computes put in at run time; a Markdown cell can hold neither. A teacher changes a
question's wording in one place, the module, and sees it in the app and, after
``make messages``, in the notebook (docs/teaching.md).

>>> cells = readable_cells("farkle_chances.ipynb")
>>> cells[0]["source"].startswith("## Counting chances, and when to stop")
True
>>> cells[2]["source"].splitlines()[0]
'### 2. A first guess: multiply'
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dicelab.lessons.cards import RuleBook

__all__ = ["NOTEBOOKS", "TAG", "readable_cells", "update_notebook"]

TAG = "dicelab-readable"
"""The tag of a generated Markdown cell (hidden under Voilà, where the card itself shows)."""

_FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
_CARD = re.compile(r'^(?:card = lesson|rule = rules)\["(\w+)"\]', re.MULTILINE)


def _books() -> dict[str, Callable[[], RuleBook]]:
    from dicelab.lessons import farkle_rules, penta_rules, penta_thinking
    from dicelab.lessons.farkle_chances import farkle_chances
    from dicelab.lessons.winning_vs_scoring import winning_vs_scoring

    return {
        "penta_rules.ipynb": penta_rules,
        "farkle_rules.ipynb": farkle_rules,
        "farkle_chances.ipynb": farkle_chances,
        "penta_thinking.ipynb": penta_thinking,
        "winning_vs_scoring.ipynb": winning_vs_scoring,
    }


NOTEBOOKS = (
    "penta_rules.ipynb",
    "farkle_rules.ipynb",
    "farkle_chances.ipynb",
    "penta_thinking.ipynb",
    "winning_vs_scoring.ipynb",
)
"""The notebooks whose words are written from a rule book."""


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    lines = text.strip().split("\n")
    return {
        "cell_type": "markdown",
        "id": cell_id[:64],
        "metadata": {"tags": [TAG]},
        "source": [line + "\n" for line in lines[:-1]] + lines[-1:],
    }


def readable_cells(notebook: str) -> list[dict[str, Any]]:
    """The generated Markdown cells of ``notebook``, in order: the book's introduction, then
    each card's words and question (as JSON cells, sources joined)."""
    book = _books()[notebook]()
    stem = Path(notebook).stem
    cells = [_markdown(f"{stem}-about", book.render("en"))]
    for rule in book:
        words = rule.render("en")
        if rule.exercise is not None:
            words += "\n\n" + rule.exercise.render("en", hint=False)
        cells.append(_markdown(f"{stem}-{rule.id}", words))
    for cell in cells:
        cell["source"] = "".join(cell["source"])
    return cells


def update_notebook(path: Path) -> str:
    """``path``'s notebook with its generated cells written anew (as the file's text)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    generated = readable_cells(path.name)
    about, cards = generated[0], {cell["id"]: cell for cell in generated[1:]}
    stem = path.stem
    cells: list[dict[str, Any]] = []
    for cell in notebook["cells"]:
        if TAG in cell.get("metadata", {}).get("tags", []):
            continue  # written anew below
        source = "".join(cell.get("source", ""))
        if cell["cell_type"] == "code":
            found = _CARD.search(source)
            if found:
                card = cards[f"{stem}-{found.group(1)}"[:64]]
                cells.append(_markdown(card["id"], card["source"]))
            elif not any(c["cell_type"] == "code" for c in cells):
                cells.append(_markdown(about["id"], about["source"]))
        cells.append(cell)
    notebook["cells"] = cells
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def main(folder: Path = _FOLDER) -> int:
    """Write every lesson notebook's generated cells; print the notebooks that changed."""
    for name in NOTEBOOKS:
        path = folder / name
        text = update_notebook(path)
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
