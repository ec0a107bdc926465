"""The teacher's dashboard driven by simulated clicks: paste and Read, upload a file, sort,
the example class, refusals, the CSV link and a language switch (dicelab.widgets.teacher)."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from html import unescape
from urllib.parse import unquote

import pytest

from dicelab.classroom.results import example_codes
from dicelab.widgets.teacher import TeacherApp
from tests.widgets.helpers import snapshot

pytestmark = pytest.mark.tables  # reviews and the optimal player read the solvers' tables


@pytest.fixture(scope="module")
def codes() -> str:
    return "\n".join(f"{name}: {code}" for name, code in example_codes(6))


def row_names(app: TeacherApp) -> list[str]:
    row = r'<tr class="dl-teacher-row"><td class="dl-num">\d+</td><td>([^<]*)</td>'
    cells = re.findall(row, app.table_html)
    return [unescape(c) for c in cells]


def test_paste_and_press_read(codes):
    app = TeacherApp(lang="en")
    assert app.results is None and app._results_box.layout.display == "none"
    app._input.value = codes + "\nZed: P1-NOT-A-CODE\n"
    app._read.click()
    assert app._results_box.layout.display is None
    assert len(app.rows) == 6 and app.table_html.count('class="dl-teacher-row"') == 6
    assert "6 codes read, 1 refused." in app.summary_html
    assert "Line 7 (Zed)" in app.summary_html and "typo" in app.summary_html
    scores = [r.score for r in app.rows]
    assert scores == sorted(scores, reverse=True)  # by score, highest first
    assert "<svg" in app.plot_html and "optimal player" in app.plot_html
    assert "The situation to discuss" in app.costliest_html
    assert app.notices == []


def test_the_sort_dropdown_orders_the_table(codes):
    app = TeacherApp(codes=codes, lang="en")
    app._sort_pick.value = "name"
    assert row_names(app) == sorted(row_names(app), key=str.casefold)
    assert [r.name for r in app.rows] == row_names(app)
    app._sort_pick.value = "mean_loss"
    losses = [r.mean_loss for r in app.rows]
    assert losses == sorted(losses)
    assert app.sort_by("line") and [r.line for r in app.rows] == list(range(1, 7))
    before = snapshot(app, skip=(app._notice_area,))
    assert not app.sort_by("height")  # refused, nothing changed
    assert "sorted by one of" in app.notices[0]
    assert snapshot(app, skip=(app._notice_area,)) == before


def test_the_csv_link_holds_the_table_in_its_order(codes):
    app = TeacherApp(codes=codes, lang="en")
    href = re.search(r'href="data:text/csv;charset=utf-8,([^"]*)"', app._csv.value)
    assert href is not None
    text = unquote(href.group(1))
    assert text == app.csv_text
    lines = text.splitlines()
    assert lines[0].startswith("line,name,game") and len(lines) == 7
    assert [line.split(",")[1] for line in lines[1:]] == [r.name for r in app.rows]


def test_an_uploaded_file_is_shown_and_read(codes):
    app = TeacherApp(lang="en")
    content = ("name,code\n" + codes.replace(": ", ",")).encode("utf-8-sig")
    now = datetime.now(timezone.utc)
    file = {"name": "class.csv", "type": "text/csv", "size": len(content)}
    app._upload.value = ({**file, "content": memoryview(content), "last_modified": now},)
    assert len(app.rows) == 6 and "6 codes read, 0 refused." in app.summary_html
    assert app._input.value.startswith("name,code")
    assert not app.upload("picture.png", b"\x89PNG\0\0\0")  # not text: refused
    assert "not text" in app.notices[0] and len(app.rows) == 6


def test_nothing_to_read_is_refused_and_the_table_stays(codes):
    app = TeacherApp(codes=codes, lang="en")
    table = app.table_html
    app._input.value = "   \n"
    app._read.click()
    assert app.notices == ["Paste the result codes first, one a line."]
    assert app.table_html == table and len(app.rows) == 6


def test_the_example_class_has_thirty_learners():
    app = TeacherApp(lang="en")
    app._example.click()
    assert len(app.rows) == 30 and len(app._input.value.splitlines()) == 30
    assert "On your class's dice (seed 42), the optimal player scored" in unescape(app.table_html)


def test_farkle_codes_show_the_computer_and_the_optimal_turn():
    text = "\n".join(f"{n}, {c}" for n, c in example_codes(5, game="farkle"))
    app = TeacherApp(codes=text, lang="en")
    for header in ("Points per turn", "Optimal turn, same dice and turns", "Computer (same game)"):
        assert header in app.table_html
    assert re.search(r"<td>(won|lost)</td>", app.table_html)
    assert "dice to roll" in app.costliest_html or "die to roll" in app.costliest_html
    assert "expected value" in app.costliest_html
    assert not re.search(r"\d\.\d points", app.costliest_html)  # whole points in Farkle


def test_no_engine_notation_or_traceback_on_screen(codes):
    app = TeacherApp(codes=codes, lang="en")
    shown = app.summary_html + app.table_html + app.costliest_html + app.plot_html
    assert "Traceback" not in shown and "rolls left =>" not in shown
    assert not re.search(r"\| dice \d", shown)  # no notation line


def test_a_language_switch_redraws_everything(codes):
    app = TeacherApp(codes=codes, lang="en")
    assert app.set_language("fr")
    assert "Loss per decision (points)" not in app.table_html
    assert "codes lus" in app.summary_html
    assert app._read.description != "Read the codes"


def test_rules_without_a_cached_table_are_prepared_with_a_progress_bar_then_read(
    codes, monkeypatch
):
    import time

    from dicelab.widgets import teacher

    asked: list[str] = []

    def missing(text: str) -> tuple[str, ...]:
        asked.append(text)
        return ("penta",) if len(asked) == 1 else ()  # missing once, then built

    monkeypatch.setattr(teacher, "missing_tables", missing)
    app = TeacherApp(lang="en")
    app._input.value = codes
    assert app.read()
    assert "Preparing the tables" in app.notices[0]
    deadline = time.monotonic() + 60
    while app.results is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert app.results is not None and len(app.rows) == 6
    assert app._progress.layout.display == "none" and not app._read.disabled


def test_odd_input_is_refused_with_a_notice_and_nothing_changes(codes):
    app = TeacherApp(codes=codes, lang="en")
    before = snapshot(app, skip=(app._notice_area,))
    for action in (
        lambda: app.read(42),  # type: ignore[arg-type]
        lambda: app.sort_by(["score"]),  # type: ignore[arg-type]
        lambda: app.sort_by(None),  # type: ignore[arg-type]
        lambda: app.upload("class.txt", "not bytes"),  # type: ignore[arg-type]
    ):
        assert action() is False
        assert app.notices and "Traceback" not in app.notices[0]
        assert snapshot(app, skip=(app._notice_area,)) == before


def test_a_penta_class_against_the_computer_shows_its_total_and_who_won():
    text = "\n".join(f"{n}: {c}" for n, c in example_codes(3, computer=True))
    app = TeacherApp(codes=text, lang="en")
    assert "Computer (same game)" in app.table_html
    assert re.search(r"<td>(won|lost)</td>", app.table_html)


def test_two_seeds_get_a_column_of_optimal_scores_and_no_single_line():
    text = "\n".join(c for _, c in example_codes(2, seed=42) + example_codes(2, seed=43))
    app = TeacherApp(codes=text, lang="en")
    assert "Optimal player, same dice" in app.table_html
    assert "On your class's dice" not in unescape(app.table_html)
    assert "Dashed line" not in app.plot_html  # no one optimal game to draw


def test_codes_not_of_the_class_game_are_marked():
    """A code of another seed, or of an ordinary game, is read but marked: a code proves a
    legal game on its own seed's dice, not the class's (issue 26)."""
    from dicelab.classroom.codes import result_code
    from dicelab.penta import Game

    ordinary = Game(("Learner",), seed=42)  # the class's seed, but not duplicate dice
    ordinary.roll()
    ordinary.score("chance")
    text = "\n".join(
        [f"{name}: {code}" for name, code in example_codes(3, seed=42)]
        + [f"Mallory: {example_codes(1, seed=43)[0][1]}", f"Oscar: {result_code(ordinary)}"]
    )
    app = TeacherApp(codes=text, lang="en")
    assert app.results is not None and app.results.class_seed == 42
    table = unescape(app.table_html)
    assert "Check" in table and table.count("dl-teacher-flagged") == 2
    assert "⚠ Another class game: seed 43, where the class's is 42." in table
    assert "⚠ Not a class game: an ordinary game, with dice of its own." in table
    french = TeacherApp(codes=text, lang="fr")
    assert "graine 43" in unescape(french.table_html)
    assert "Check" not in unescape(
        TeacherApp(codes=text.split("\nMallory")[0], lang="en").table_html
    )
