"""The teacher's guide (``docs/teaching.md``) and the answers it holds
(``python -m dicelab.lessons.answers``): computed by the engine, never drifting from it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.i18n import available_languages, msg, translate
from dicelab.lessons import (
    PERCENT,
    Exercise,
    Mistake,
    RuleBook,
    describe,
    farkle_rules,
    penta_rules,
)
from dicelab.lessons.answers import (
    BEGIN,
    BOOKS,
    END,
    GUIDE,
    answers_markdown,
    book_answers,
    main,
    section_of,
)
from dicelab.lessons.cards import Rule

GUIDE_TEXT = GUIDE.read_text(encoding="utf-8")


def test_the_guides_answers_are_the_modules_output():
    """If this fails, the lessons changed: run ``python -m dicelab.lessons.answers --write``."""
    assert GUIDE_TEXT.count(BEGIN) == 1 and GUIDE_TEXT.count(END) == 1
    assert section_of(GUIDE_TEXT) == answers_markdown("en")


def test_every_exercise_of_every_book_is_answered_with_the_engines_answer():
    text = answers_markdown("en")
    for make in BOOKS:
        book = make()
        assert f"### {book.title.render('en')}" in text
        for rule in book:
            exercise = rule.exercise
            assert f"**{rule.number}. {rule.title.render('en')}.**" in text
            assert f"(`{exercise.code}`)" in text
    assert "**Answer:** 11/36 ≈ 30.6%" in text  # Penta, rule 1
    bank_or_roll = farkle_rules()["bank_or_roll"].exercise
    label = dict(bank_or_roll.choices)[bank_or_roll.answer()].render("en")
    assert f"**Answer:** {label}" in text  # Farkle, bank or roll: a choice, by its label


def test_the_books_are_the_rules_books_and_more_is_one_line():
    assert BOOKS[:2] == (penta_rules, farkle_rules)
    two = answers_markdown("en", books=(farkle_rules,))
    assert two == book_answers(farkle_rules(), "en") + "\n"


def _book_with_a_mistake() -> RuleBook:
    exercise = Exercise(
        "three",
        msg("You roll three dice. What is the chance that none of them scores?"),
        "Fraction(60, 216)",
        PERCENT,
        namespace=lambda: {"Fraction": Fraction},
        mistakes=(Mistake("Fraction(2, 3) ** 3", msg("Farkle chance")),),
    )
    rule = Rule("farkle", 1, "three", msg("Dice"), (), (), exercise)
    return RuleBook("farkle", msg("The rules of Farkle"), (), (rule,))


def test_an_anticipated_mistake_is_shown_with_its_value_its_code_and_why():
    text = book_answers(_book_with_a_mistake(), "en")
    assert "  - **8/27 ≈ 29.6%**, from `Fraction(2, 3) ** 3`: Farkle chance" in text
    assert "**Answer:** 5/18 ≈ 27.8%" in text
    french = book_answers(_book_with_a_mistake(), "fr")
    assert describe(Fraction(8, 27), "fr") in french and "Risque de farkle" in french


@pytest.mark.parametrize("lang", available_languages())
def test_the_answers_read_in_every_language(lang):
    text = answers_markdown(lang)
    assert f"**{translate('Answer:', lang)}**" in text
    assert f"### {penta_rules().title.render(lang)}" in text


def test_the_command_prints_and_writes_the_answers(tmp_path: Path, capsys):
    assert main(["--lang", "ca"]) == 0
    assert capsys.readouterr().out == answers_markdown("ca")
    guide = tmp_path / "teaching.md"
    guide.write_text(f"# Guide\n\n{BEGIN}\nold answers\n{END}\nafter\n", encoding="utf-8")
    assert main(["--write", str(guide)]) == 0
    written = guide.read_text(encoding="utf-8")
    assert section_of(written) == answers_markdown("en")
    assert written.startswith("# Guide\n\n") and written.endswith(f"{END}\nafter\n")
    with pytest.raises(SystemExit):
        main(["--lang", "xx"])


def test_the_guide_plans_three_timed_lessons_and_both_ways_of_running_class_mode():
    for heading in ("## Lesson 1:", "## Lesson 2:", "## Lesson 3:"):
        assert heading in GUIDE_TEXT
    lessons = GUIDE_TEXT.split("## Lesson ")[1:]
    for lesson in lessons:
        plan = lesson.split("## ")[0]
        for part in (
            "**Goals.**",
            "| minutes |",
            "**Questions for discussion.**",
            "**What to watch for.**",
        ):
            assert part in plan
        assert "45-50" in plan or "42-50" in plan or "44-50" in plan  # timed to the end
    assert "make run CLASS=" in GUIDE_TEXT and "mybinder.org" in GUIDE_TEXT
    assert "?class=1&seed=42&lang=fr" in GUIDE_TEXT


def test_the_start_page_opened_with_a_language_speaks_it():
    """00_start_here.ipynb?lang=bg showed its text in English (only its links kept bg)."""
    from dicelab.lessons import start_page

    page = start_page({"QUERY_STRING": "lang=bg"})
    text = page.render()
    assert f"## {translate('For teachers', 'bg')}" in text
    assert "(printouts.ipynb?lang=bg)" in text and "seed=42&lang=bg)" in text
    assert page._repr_markdown_() == page.render("bg")


def test_the_start_page_links_the_guide_to_a_local_copy_that_is_the_guide(monkeypatch):
    """Issue 25, §6: a web address is dead offline; the start page links the copy served with
    the app's template under Voilà (docs/teaching.md in JupyterLab), and the copy is the
    guide's text as it stands."""
    from dicelab.lessons.guide_page import GUIDE_PAGE, GUIDE_PAGE_URL, guide_html
    from dicelab.lessons.pages import for_teachers

    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5")
    text = for_teachers("", "en")
    assert f"]({GUIDE_PAGE_URL})" in text and "http" not in text
    monkeypatch.delenv("SERVER_SOFTWARE")
    assert "](../docs/teaching.md)" in for_teachers("", "fr")
    from dicelab.lessons.start_html import render_include  # the folder's page: a Voilà page

    assert render_include().count(f"@RENDER@{GUIDE_PAGE_URL}") == 5  # one per language
    guide = Path(__file__).resolve().parents[1] / "docs" / "teaching.md"
    assert (Path(__file__).resolve().parents[1] / "docs" / "teaching.md").exists()
    # The relative address from a Voilà page (<base>voila/render/x.ipynb) reaches the copy.
    template_static = Path("voila/templates/dicelab/static")
    assert (Path("voila/render") / GUIDE_PAGE_URL).as_posix().replace("render/../", "") == (
        template_static / "guide" / "teaching.html"
    ).as_posix()
    assert GUIDE_PAGE.read_text("utf-8") == guide_html(guide.read_text("utf-8")), (
        "run python -m dicelab.lessons.answers --write"
    )
    page = GUIDE_PAGE.read_text("utf-8")
    assert '<html lang="en">' in page and "<main>" in page and "<title>" in page
    assert 'href="classroom.md"' not in page  # not served: the words stay, the link goes
