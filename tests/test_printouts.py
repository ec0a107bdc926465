"""The printouts (``dicelab.printouts``): every printout in every language, made from the
apps' own texts, self-contained, and offered for download by ``PrintoutsApp``.

How they print (A4, page counts) is checked in Chromium: ``tests/browser/test_printouts.py``.
"""

from __future__ import annotations

import base64
import re
from html.parser import HTMLParser

import pytest

from dicelab.errors import IllegalMove
from dicelab.farkle.rules import FIELD_NAMES
from dicelab.farkle.rules import PRESETS as FARKLE_PRESETS
from dicelab.i18n import available_languages, catalog, msg, translate
from dicelab.lessons import farkle_rules, penta_rules
from dicelab.penta.rules import BOX_NAMES, BOXES
from dicelab.penta.rules import PRESETS as PENTA_PRESETS
from dicelab.printouts import WHAT, file_name, printout
from dicelab.printouts.__main__ import main
from dicelab.printouts.sheets import (
    BOX_RULES,
    DEFAULT_TURNS,
    MAX_PLAYERS,
    farkle_sheet,
    penta_scorecard,
)

LANGUAGES = available_languages()
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


class _Text(HTMLParser):
    """The visible text of a page, as the runs of text between tags."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "title")

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "title")

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.parts.append(re.sub(r"[ \t\n]+", " ", data).strip(" \t\n"))


def texts(page: str) -> list[str]:
    parser = _Text()
    parser.feed(page)
    return parser.parts


def visible(page: str) -> str:
    return " ".join(texts(page))


@pytest.fixture(scope="module")
def pages() -> dict[tuple[str, str], str]:
    return {(what, lang): printout(what, lang) for what in WHAT for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("what", list(WHAT))
def test_every_printout_is_one_self_contained_a4_page_in_its_language(pages, what, lang):
    page = pages[what, lang]
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{lang}">' in page
    assert "@page { size: A4;" in page and "break-inside: avoid" in page
    assert f"<h1>{WHAT[what].render(lang)}</h1>" in page
    # nothing from another host: no scripts, no style sheets or images to fetch
    assert not re.search(r"<(script|link|img|iframe)\b|\b(src|href)=|url\(|@import", page)
    assert "http://" not in page and "https://" not in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scorecard_names_every_box_with_its_rule_and_has_a_column_per_player(lang):
    page = penta_scorecard(lang, players=5)
    text = visible(page)
    for box in BOXES:
        assert msg(BOX_NAMES[box]).render(lang) in text, box
        assert BOX_RULES[box].render(lang) in text, box
    for label in ("Upper section", "Upper bonus", "Lower section", "Penta bonus", "TOTAL"):
        assert translate(label, lang) in text
    header = page.split("</tr>")[0]
    assert [translate("Player {n}", lang, n=n) in header for n in range(1, 7)] == [True] * 5 + [
        False
    ]
    rows = page.count("<tr")
    assert rows == 1 + len(BOXES) + 5  # the header, the 13 boxes, 2 sums, 2 bonuses, TOTAL
    assert all(row.count('class="blank"') == 5 for row in page.split("<tr")[2:])


def test_the_scorecards_rules_carry_the_engines_points():
    from dicelab.penta.rules import FULL_HOUSE_POINTS, LARGE_STRAIGHT_POINTS, PENTA_POINTS

    text = visible(penta_scorecard("en"))
    assert f"Three of one face and two of another: {FULL_HOUSE_POINTS} points." in text
    assert f"Five consecutive faces: {LARGE_STRAIGHT_POINTS} points." in text
    assert f"Five equal dice: {PENTA_POINTS} points." in text
    assert "35 points if the upper section makes 63 or more." in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_farkle_sheet_has_the_engines_scoring_table_and_a_row_per_turn(lang):
    from dicelab.farkle.scoring import farkle_chance
    from dicelab.i18n import format_number, format_percent

    page = farkle_sheet(lang, players=3)
    text = visible(page)
    for points in set(FARKLE_PRESETS["standard"].combinations.values()):
        assert f">{format_number(points, lang)}<" in page, points
    for field in ("singles", "kinds", "straight", "three_pairs"):
        assert msg(FIELD_NAMES[field]).render(lang) in text
    for n in range(1, 7):
        assert format_percent(float(farkle_chance(n)), lang) in text
    assert text.count(translate("Turn points", lang)) == 3
    assert page.count('<td class="turn">') == DEFAULT_TURNS
    assert translate("Player {n}", lang, n=3) in text
    assert translate("Player {n}", lang, n=4) not in text


@pytest.mark.parametrize(("what", "book"), [("penta", penta_rules), ("farkle", farkle_rules)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_are_the_lessons_cards_in_order(pages, what, book, lang):
    text = visible(pages[what, lang])
    places = []
    for rule in book():
        title = f"{rule.number}. {rule.title.render(lang)}"
        assert title in text
        places.append(text.index(title))
        assert re.sub(r"[ \n]+", " ", rule.exercise.prompt.render(lang)).replace("*", "") in text
    assert places == sorted(places)
    assert pages[what, lang].count('<section class="card">') == len(book())


def _same_in(lang: str) -> set[str]:
    """Texts that read the same in ``lang`` as in English: messages translated as themselves
    (Chance, Penta, TOTAL...), the presets' ids, and the page's footer."""
    found = {msgid for msgid, entry in catalog(lang).singular.items() if entry == msgid}
    found |= set(PENTA_PRESETS) | set(FARKLE_PRESETS)
    found |= {"dicelab · docs/rules/penta.md", "dicelab · docs/rules/farkle.md"}
    return found


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("what", list(WHAT))
def test_no_english_is_left_on_a_translated_printout(pages, what, lang):
    english = set(texts(pages[what, "en"]))
    shared = {
        part for part in set(texts(pages[what, lang])) & english if re.search(r"[A-Za-z]{2}", part)
    }
    assert shared <= _same_in(lang), sorted(shared - _same_in(lang))


def test_card_text_is_markdown_made_html_and_never_raw_html():
    from dicelab.printouts.html import markdown_html

    assert (
        markdown_html("- **a**\n- *b*")
        == "<ul>\n<li><strong>a</strong></li>\n<li><em>b</em></li>\n</ul>\n"
    )
    assert "<script" not in markdown_html("<script>alert(1)</script>")


@pytest.mark.parametrize("bad", [0, MAX_PLAYERS + 1, "four", True, 2.5, None])
def test_a_sheet_refuses_a_number_of_players_it_cannot_hold(bad):
    with pytest.raises(IllegalMove, match="1 to 6 players"):
        printout("penta-scorecard", "en", players=bad)


@pytest.mark.parametrize("bad", ["xx", "de", 5, None])
def test_a_printout_refuses_a_language_dicelab_does_not_speak(bad):
    with pytest.raises(IllegalMove, match="one of en, "):
        printout("penta", bad)


def test_an_unknown_printout_is_refused_with_the_names_there_are():
    with pytest.raises(IllegalMove, match="penta-scorecard"):
        printout("yahtzee")


# -- the command line ---------------------------------------------------------------------


def test_the_command_writes_one_printout_to_the_output(capsys):
    assert main(["penta", "--lang", "fr"]) == 0
    assert capsys.readouterr().out == printout("penta", "fr")
    assert main(["farkle-sheet", "--lang", "nb_NO", "--players", "2"]) == 0
    assert capsys.readouterr().out == printout("farkle-sheet", "nb", 2)


def test_the_command_writes_every_printout_in_every_language_to_a_folder(tmp_path, capsys):
    assert main(["all", "--out", str(tmp_path)]) == 0
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == sorted(file_name(what, lang) for what in WHAT for lang in LANGUAGES)
    assert (tmp_path / "dicelab-penta-bg.html").read_text("utf-8") == printout("penta", "bg")


@pytest.mark.parametrize(
    "argv",
    [["penta", "--lang", "xx"], ["all"], ["penta-scorecard", "--players", "9"], ["yahtzee"]],
)
def test_the_command_refuses_bad_arguments_with_a_usage_message(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "usage:" in capsys.readouterr().err


# -- the download page --------------------------------------------------------------------


def _downloads(app) -> dict[str, str]:
    found = re.findall(
        r'download="([^"]+)" href="data:text/html;charset=utf-8;base64,([^"]+)"', app.links_html
    )
    return {name: base64.b64decode(data).decode("utf-8") for name, data in found}


def test_the_printouts_app_offers_each_printout_in_its_language():
    from dicelab.widgets.printouts import PrintoutsApp

    app = PrintoutsApp(lang="ca")
    files = _downloads(app)
    assert files == {file_name(what, "ca"): printout(what, "ca") for what in WHAT}
    app.set_language("bg")
    assert set(_downloads(app)) == {file_name(what, "bg") for what in WHAT}
    assert translate("Printouts", "bg") in app._title.value


def test_the_printouts_app_sets_the_players_and_refuses_a_bad_number():
    from dicelab.widgets.printouts import PrintoutsApp

    app = PrintoutsApp(lang="en")
    assert app.set_players(6)
    assert _downloads(app)["dicelab-penta-scorecard-en.html"] == printout(
        "penta-scorecard", "en", 6
    )
    assert not app.set_players(7)
    assert app.players == 6 and "1 to 6 players" in app.notices[0]
    app._players_pick.value = 2  # the dropdown
    assert app.players == 2


def test_launch_starts_the_printouts_app():
    from dicelab.widgets import launch

    assert type(launch("PrintoutsApp", lang="fr")).__name__ == "PrintoutsApp"
