"""A teacher's own lesson (notebooks/my_lesson.ipynb) and the lessons readable as notebooks.

The template's cells are read as the printout reads them (its code run, its questions
collected in order), and each question is checked as a learner would meet it: the answer the
engine computed, a prediction within the tolerance, and each anticipated mistake answered in
the teacher's words. The three lessons (and the two rule books) carry their words as Markdown
cells written from the Python source: a test regenerates them and compares.
"""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.farkle import farkle_chance
from dicelab.lessons import NUMBER, PERCENT
from dicelab.lessons.counting import farkle_count, first_guess
from dicelab.lessons.own import Question, question, recording
from dicelab.lessons.readable import NOTEBOOKS, TAG, update_notebook
from dicelab.printouts.__main__ import main as printouts_main
from dicelab.printouts.lesson import lesson_printout, read_lesson
from dicelab.widgets.lessons import ask

FOLDER = Path(__file__).resolve().parents[1] / "notebooks"
TEMPLATE = FOLDER / "my_lesson.ipynb"


@pytest.fixture(scope="module")
def lesson():
    return read_lesson(TEMPLATE)


def test_the_template_asks_three_questions_computed_by_the_engine(lesson):
    one, three, six = lesson.questions
    assert [q.kind for q in lesson.questions] == [PERCENT, PERCENT, NUMBER]
    assert one.answer() == farkle_chance(1) == Fraction(2, 3)
    assert three.answer() == farkle_chance(3) == Fraction(5, 18)
    assert six.answer() == farkle_count(6) == 1080
    assert lesson.title == "The chance of a farkle" and lesson.lang == "en"


def test_the_templates_anticipated_mistakes_are_answered_in_the_teachers_words(lesson):
    one, three, six = lesson.questions
    assert [value for value, _ in three.anticipated()] == [first_guess(3)]
    feedback = three.check("29.6%")  # (4/6)^3: forgets the triples
    assert feedback.correct is False and "three of a kind" in feedback.render("en")
    assert six.check(4**6).mistake is not None and six.check(4**6).correct is False
    assert one.check("1/3").mistake is not None
    assert three.check("27.8").correct and six.check("1,080").correct
    assert three.check("28.9").correct is False  # one point off and more: not within tolerance
    assert three.check("abc").correct is None  # unreadable: how to write one, nothing judged


def test_the_words_and_questions_come_in_the_notebooks_order(lesson):
    kinds = ["words" if isinstance(part, str) else "question" for part in lesson.parts]
    assert kinds == ["words", "words", "question", "words", "question", "words", "question"]


def test_ask_in_words_needs_an_answer_and_an_exercise_takes_no_keywords():
    with pytest.raises(TypeError, match="needs its answer"):
        ask("How many?")
    with pytest.raises(TypeError, match="takes no keywords"):
        ask(question("How many?", 3), answer=4)
    with pytest.raises(ValueError, match="not one of the choices"):
        question("Which?", "c", kind="choice", choices=["a", "b"])


def test_a_choice_question_reads_its_labels():
    which = question("Which scores?", "one", kind="choice", choices={"one": "A 1", "two": "A 2"})
    assert which.check("A 1").correct and which.check("a 2").correct is False


def test_recording_collects_only_inside_its_block():
    with recording() as asked:
        ask("Inside?", answer=1)
    ask("Outside?", answer=2)
    assert [str(q.prompt) for q in asked] == ["Inside?"]
    assert all(isinstance(q, Question) for q in asked)


def test_the_printout_has_room_to_answer_and_the_answers_on_a_page_of_their_own():
    page = lesson_printout(TEMPLATE)
    questions, answers = page.split('<section class="answers">')
    assert questions.count('class="question"') == 3 and "66.7%" not in questions
    assert "Question 3: 1,080" in answers and "If you answered 29.6%:" in answers
    assert "break-before: page" in page
    assert "<script" not in page and "http" not in page


def test_a_french_lesson_prints_in_french(tmp_path):
    notebook = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    first["source"] = "".join(first["source"]).replace('lesson("en")', 'lesson("fr")')
    french = tmp_path / "ma_lecon.ipynb"
    french.write_text(json.dumps(notebook), encoding="utf-8")
    assert printouts_main(["lesson", str(french), "--out", str(tmp_path)]) == 0
    page = (tmp_path / "ma_lecon.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and "Réponses" in page
    assert re.search(r"Question 3\u00a0: 1\s080", page)  # French spacing and digits


def test_the_printout_command_wants_a_notebook_only_for_a_lesson(capsys):
    with pytest.raises(SystemExit):
        printouts_main(["lesson"])
    with pytest.raises(SystemExit):
        printouts_main(["penta", str(TEMPLATE)])


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_lessons_markdown_is_written_from_their_source(name):
    """``make messages`` writes these cells (python -m dicelab.lessons.readable)."""
    path = FOLDER / name
    assert update_notebook(path) == path.read_text(encoding="utf-8"), "run make messages"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for before, cell in itertools.pairwise(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and (
            'card = lesson["' in source or 'rule = rules["' in source
        ):
            assert TAG in before["metadata"].get("tags", []), source
            assert before["source"][0].startswith("### ")
