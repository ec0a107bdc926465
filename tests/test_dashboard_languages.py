"""Every dashboard in every shipped language: no English left, a switch in place, ``?lang=``.

For each language of :func:`dicelab.i18n.available_languages` and each dashboard that exists
(PentaApp, FarkleApp, ScoringInspector, RiskExplorer, the review apps, PrintoutsApp), the app is
driven through the states a player sees (New game panel, dice rolled and held, a refusal,
banners, the advisor or risk panel, the end of the game). In each state it is drawn in English
and then, in place, in the language, and every text of the widget tree is read:
``description``, ``tooltip``, ``placeholder``, the labels of ``options``, and the ``value`` of
HTML and Label widgets (with ``title`` attributes; the contents of ``<code>`` are notation,
which is the same in every language, and so is a result code in its ``<textarea>``). A word of
the English drawing that is still in the same text of the translated drawing is untranslated
English, unless it is

* in :data:`SAME_EVERYWHERE` (the project's name, brand names) or a player name we passed in;
* a word the language's own catalogue keeps from the English on purpose (French "Chance",
  Catalan "Full", code words such as ``True``): a word of a message id that its translation
  also uses.

Bulgarian is written in another script, so there the check is stricter: no Latin word at all
outside :data:`SAME_EVERYWHERE`, player names and notation.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import ipywidgets as widgets
import pytest

from dicelab.i18n import available_languages, catalog, plural, translate
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.lang import language_from_query

LANGUAGES = [lang for lang in available_languages() if lang != "en"]
PLAYERS = ("Ada", "Bob")
SAME_EVERYWHERE = frozenset(
    {"dicelab", "PlayMonster", "CSV", "JSON", "Markdown", "Mac", "Ctrl", "csv", "txt", *PLAYERS}
)
"""Words that are the same in every language: names of brands, of keys (Ctrl, as printed on the
key) and of file formats (numbers and notation are not words here)."""

SCRIPTS = {"bg": "Cyrillic"}
"""Languages not written in the Latin script: a Latin word there is English left over."""

REFUSED_SEED = 0  # Farkle: first roll 4 6 4 2 1 2, only the 1 counts
FARKLE_SEED = 16  # Farkle: first roll 3 6 2 4 3 6 scores nothing
HOT_SEED = 28  # Farkle: first roll 2 5 1 1 2 5, three pairs


# -- reading the texts of a widget tree ---------------------------------------------------------


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every widget under ``widget`` (itself included), depth first."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


_STYLE = re.compile(r"<style\b.*?</style>", re.S | re.I)
_CODE = re.compile(r"<(code|textarea)\b([^>]*)>.*?</\1>", re.S | re.I)
_ATTRIBUTE = re.compile(r"""\b(?:title|aria-label|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
_TAG = re.compile(r"<[^>]+>")


def visible_text(markup: str) -> str:
    """What a reader sees of some HTML: the text, and ``title``-like attributes (tooltips);
    the inside of ``<code>`` (notation, the same in every language) is left out."""
    markup = _STYLE.sub(" ", markup)
    markup = _CODE.sub(lambda m: f"<{m.group(1)}{m.group(2)}></{m.group(1)}>", markup)
    attributes = [a or b for a, b in _ATTRIBUTE.findall(markup)]
    return html.unescape(" ".join([_TAG.sub(" ", markup), *attributes]))


def widget_texts(app: widgets.Widget) -> list[tuple[str, str]]:
    """``(where, text)`` for every text the app shows, in widget-tree order."""
    found = []
    for index, widget in enumerate(walk(app)):
        classes = [c for c in getattr(widget, "_dom_classes", ()) if c.startswith("dl-")]
        where = f"#{index} {type(widget).__name__}{''.join('.' + c for c in classes)}"
        for trait in ("description", "tooltip", "placeholder"):
            value = getattr(widget, trait, None) if widget.has_trait(trait) else None
            if isinstance(value, str) and value:
                found.append((f"{where}.{trait}", value))
        if isinstance(widget, widgets.HTML | widgets.HTMLMath | widgets.Label):
            found.append((f"{where}.value", visible_text(widget.value)))
        if widget.has_trait("titles"):  # tabs and accordions
            found += [(f"{where}.titles", title) for title in widget.titles if title]
        if widget.has_trait("_options_labels") and "dl-lang" not in classes:
            # (the language menu lists each language in itself, by design)
            for label in widget._options_labels:
                found.append((f"{where}.options", label))
    return found


_WORD = re.compile(r"[^\W\d_]{2,}")
_LATIN = re.compile(r"[A-Za-z]")


def words(text: str) -> set[str]:
    """The words of ``text`` (letters only; numbers and one-letter symbols are not words)."""
    return set(_WORD.findall(text))


@cache
def kept_words(lang: str) -> frozenset[str]:
    """Words that ``lang``'s catalogue keeps from the English on purpose (cognates, code)."""
    cat = catalog(lang)
    kept: set[str] = set()
    for msgid, text in cat.singular.items():
        kept |= words(msgid) & words(text)
    for msgid, forms in cat.plural.items():
        for form in forms:
            kept |= words(msgid) & words(form)
    return frozenset(kept)


def english_left(english: list[tuple[str, str]], translated: list[tuple[str, str]], lang: str):
    """The texts of ``translated`` that still hold words of the same English text."""
    assert [w for w, _ in english] == [w for w, _ in translated], "the switch rebuilt widgets"
    latin_only = lang in SCRIPTS
    allowed = SAME_EVERYWHERE if latin_only else SAME_EVERYWHERE | kept_words(lang)
    left = []
    for (where, source), (_, text) in zip(english, translated, strict=True):
        found = words(text) - allowed
        found = {w for w in found if _LATIN.search(w)} if latin_only else found & words(source)
        if found:
            left.append((where, text, sorted(found)))
    return left


# -- the dashboards and the states they are checked in ------------------------------------------


def _app_class(name: str) -> type | None:
    import dicelab.widgets as package

    try:
        return getattr(package, name)
    except (AttributeError, ImportError):
        return None


class FakePentaSolver:
    """Advisor values without the solver's tables (they take a while to build)."""

    def option_values(self, card, dice, rolls_left):
        values = {box: 100.0 + i for i, box in enumerate(card.options(dice))}
        if rolls_left:
            values[()] = 99.0
            values[tuple(sorted(dice))[:2]] = 200.0
        return values

    def regret(self, card, dice, rolls_left, action):
        values = self.option_values(card, dice, rolls_left)
        return max(values.values()) - values.get(action, 0.0)

    def expected_final(self, card):
        return 123.4

    def fill_chances(self, card, dice, rolls_left):
        return {box: 0.25 for box in card.open_boxes}


def _fake_advisor(panel: Any) -> None:
    panel._solver_for = lambda rules: FakePentaSolver()
    panel._is_ready = lambda solver: True


def penta_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """A Penta game with the computer, from the New game panel to the end screen."""
    from dicelab.widgets.penta.app import PentaApp

    app = PentaApp(
        players=list(PLAYERS),
        computer=(1,),
        seed=2026,
        speed=0,
        lang=lang,
        animate=False,
        scheduler=ManualScheduler(),
    )
    app.open_new_game()
    _fake_advisor(app._advisor)
    app.open_advisor()
    yield "the start, New game panel and advisor open", app
    app.open_new_game(False)
    app.roll()
    app.hold(0)
    yield "dice rolled, one held", app
    app.validate()
    yield "validating with no box selected is refused", app
    box = next(iter(app.game.options()))
    app.select(box)
    yield "a box selected", app
    app.roll()
    app.roll()
    yield "the last roll, the countdown running", app
    while not app.game.is_over:
        if app.game.dice is None or app.game.rolls_left:
            app.roll()
        else:
            app.score(app.game.computer_choice())
    yield "the end screen", app


def inspector_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """The joker, a refused input, a roll that must sacrifice a box."""
    from dicelab.widgets.penta.inspector import ScoringInspector

    app = ScoringInspector("5k=50 | dice 4 4 4 4 4 | 2 rolls left", lang=lang)
    _fake_advisor(app._advisor)
    app.open_advisor()
    yield "five 4s under the joker, advisor open", app
    app.set_dice("4 4 9 1 2")
    yield "dice that cannot be", app
    app.set_situation("- | dice 1 1 3 4 6 | 0 rolls left")
    for box, points in (("aces", 2), ("threes", 3), ("fours", 4), ("sixes", 6), ("chance", 15)):
        app.set_box(box, points)
    yield "no open box scores: a box must be sacrificed", app


def farkle_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """A refusal, a bank, the three banners and the end of a game with the computer."""
    from dicelab.widgets.farkle.app import FarkleApp

    app = FarkleApp(
        humans=list(PLAYERS),
        computer=True,
        target=5000,
        seed=REFUSED_SEED,
        speed=0,
        lang=lang,
        animate=False,
        scheduler=ManualScheduler(),
    )
    app.open_new_game()
    app.open_risk()
    yield "the start, New game panel and risk panel open", app
    app._computer_check.value = False
    yield "the New game panel without the computer", app
    app._computer_check.value = True
    app.open_new_game(False)
    app.roll()
    app.set_aside(3)
    yield "a die that cannot count is refused", app
    app.set_aside(4)
    yield "a die set aside", app
    app.bank()
    yield "banked", app
    app.new_game(humans=list(PLAYERS), computer=False, target=5000, seed=FARKLE_SEED)
    app.roll()
    yield "turn lost", app
    app.new_game(humans=list(PLAYERS), computer=True, target=5000, seed=HOT_SEED)
    app.roll()
    turn = app.game.turn
    options = turn.set_aside_options()
    app.set_aside(*turn.positions_of(max(options, key=lambda d: (options[d], -len(d)))))
    yield "hot dice", app
    shown_last_round = False
    while not app.game.is_over:
        turn = app.game.turn
        if turn.phase == "set_aside":
            options = turn.set_aside_options()
            best = max(options, key=lambda d: (options[d], -len(d)))
            app.set_aside(*turn.positions_of(best))
        elif turn.can_bank and turn.points >= 350:
            app.bank()
        else:
            app.roll()
        if app.game.last_round and not app.game.is_over and not shown_last_round:
            shown_last_round = True
            yield "the last round", app
    assert shown_last_round
    yield "the end of the game", app


def risk_explorer_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """Every plot with its caption, and a refused custom strategy."""
    from dicelab.widgets.farkle.risk_explorer import PLOTS, RiskExplorer

    app = RiskExplorer(lang=lang, background=lambda work: work(), scheduler=ManualScheduler())
    yield "as it opens", app
    for plot in PLOTS:
        app.show(plot)
        yield f"the {plot} plot", app
    app.set_custom("300 400")
    yield "custom thresholds that cannot be read", app


def penta_review_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """The review apps: empty, then a built-in example reviewed (table, plot, downloads)."""
    from dicelab.widgets.penta.review import PentaReviewApp

    app = PentaReviewApp(lang=lang)
    yield "as it opens", app
    app.pick_example("log")
    yield "a notation log reviewed", app
    app.load("not a game")
    yield "a refused paste", app


def farkle_review_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    from dicelab.widgets.farkle.review import FarkleReviewApp

    app = FarkleReviewApp(lang=lang)
    yield "as it opens", app
    app.pick_example("bank")
    yield "a bank reviewed by the chance to win", app


def printouts_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """The download page, then a refused number of players."""
    from dicelab.widgets.printouts import PrintoutsApp

    app = PrintoutsApp(lang=lang)
    yield "as it opens", app
    app.set_players(9)
    yield "a refused number of players", app


def teacher_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """The teacher's dashboard: empty, a Penta class with a refused line, a Farkle class."""
    from dicelab.classroom.results import example_codes
    from dicelab.widgets.teacher import TeacherApp

    app = TeacherApp(lang=lang)
    yield "as it opens", app
    penta = [code for _, code in example_codes(3)]
    app.read(f"Ada: {penta[0]}\nBob: {penta[1]}\n{penta[2]}\nAda: P1-X0")
    yield "a Penta class read, one line refused", app
    farkle = [code for _, code in example_codes(2, game="farkle")]
    app.read(f"Ada, {farkle[0]}\nBob, {farkle[1]}\nAda, {penta[0]}")
    yield "a Farkle class read, a Penta code refused", app


def house_rules_scenes(lang: str) -> Iterator[tuple[str, Any]]:
    """The House rules app: as it opens, a refused number, full house at 30 solved and
    compared, a game under the house rules."""
    from dicelab.widgets.penta.house_rules import HouseRulesApp

    app = HouseRulesApp(lang=lang, background=lambda work: work(), scheduler=ManualScheduler())
    yield "as it opens", app
    app.set_rule("upper_bonus_points", -5)
    yield "a refused number", app
    app.set_rule("upper_bonus_points", 35)
    app.set_rule("full_house_points", 30)
    app.solve()
    yield "full house at 30, solved", app
    app.open_play()
    yield "a game under the house rules", app


DASHBOARDS: dict[str, Callable[[str], Iterator[tuple[str, Any]]]] = {
    "PentaApp": penta_scenes,
    "FarkleApp": farkle_scenes,
    "ScoringInspector": inspector_scenes,
    "RiskExplorer": risk_explorer_scenes,
    "PentaReviewApp": penta_review_scenes,
    "FarkleReviewApp": farkle_review_scenes,
    "PrintoutsApp": printouts_scenes,
    "TeacherApp": teacher_scenes,
    "HouseRulesApp": house_rules_scenes,
}


MARKS = {
    "PentaApp": pytest.mark.tables,  # its computer player is the optimal one
    "RiskExplorer": pytest.mark.slow,  # it draws every plot in every language
    "PentaReviewApp": pytest.mark.tables,  # the review reads the solver's tables
    "FarkleReviewApp": pytest.mark.tables,
    "TeacherApp": pytest.mark.tables,  # the reviews and the optimal player read the tables
    "HouseRulesApp": (pytest.mark.tables, pytest.mark.slow),  # it solves a house's table
}


def _needs(name: str) -> None:
    assert _app_class(name) is not None, f"dicelab.widgets has no {name}"


# -- the tests ------------------------------------------------------------------------------------


def test_the_check_finds_english_left_over():
    english = [("#1 Button.description", "Roll the dice")]
    assert english_left(english, english, "bg") == [english[0] + (["Roll", "dice", "the"],)]
    assert english_left(english, english, "fr")
    assert not english_left(english, [("#1 Button.description", "Хвърли заровете")], "bg")
    assert not english_left([("w", "Ada to play")], [("w", "На ход: Ada")], "bg")
    assert visible_text("<b title='Ситуация'>x</b><code>dice 1 2</code>").split() == [
        "x",
        "Ситуация",
    ]


def test_every_language_has_a_catalogue_to_check():
    assert "bg" in LANGUAGES, "the Bulgarian catalogue ships"
    assert all(catalog(lang).singular for lang in LANGUAGES)


FAST_LANGUAGE = "bg"
"""The language the fast loop checks every dashboard in: the strictest check (no Latin word at
all). The other languages take about 2 s each for all the dashboards: make test checks them."""


@pytest.mark.parametrize(
    "lang",
    [
        pytest.param(lang, marks=() if lang == FAST_LANGUAGE else pytest.mark.slow)
        for lang in LANGUAGES
    ],
)
@pytest.mark.parametrize("name", [pytest.param(n, marks=MARKS.get(n, ())) for n in DASHBOARDS])
def test_no_english_is_left_in_any_state(name, lang):
    _needs(name)
    problems = []
    states = 0
    for state, app in DASHBOARDS[name](lang):
        states += 1
        app.set_language("en")
        english = widget_texts(app)
        app.set_language(lang)
        assert app.lang == lang
        translated = widget_texts(app)
        assert translated != english, f"{state}: nothing changed"
        failed = translate("The advisor could not compute its values for this situation.", lang)
        assert not any(failed in text for _, text in translated), f"{state}: the advisor failed"
        problems += [(state, *leak) for leak in english_left(english, translated, lang)]
    assert states
    report = "\n".join(f"{s} | {w} | {t!r} | {found}" for s, w, t, found in problems)
    assert not problems, f"untranslated English in {name} ({lang}):\n{report}"


def _penta_state(app: Any) -> Any:
    game = app.game
    return (
        game.events,
        game.dice,
        game.held,
        game.rolls_left,
        [card.filled for card in game.cards],
        [card.penta_bonus for card in game.cards],
        app.selected,
        app.countdown,
    )


def test_penta_switches_to_bulgarian_in_place_and_keeps_the_game():
    _needs("PentaApp")
    from dicelab.widgets.penta.app import PentaApp

    app = PentaApp(
        players=list(PLAYERS), seed=7, lang="en", animate=False, scheduler=ManualScheduler()
    )
    app.roll()
    app.hold(1)
    app.hold(3)
    app.roll()
    app.select(next(iter(app.game.options())))
    before = _penta_state(app)
    roll = app._roll_button
    english = roll.description
    widgets_before = list(walk(app))
    app._language.value = "bg"  # the dropdown, as a user picks it
    assert app.lang == "bg" and _penta_state(app) == before
    assert list(walk(app)) == widgets_before  # redrawn in place, not rebuilt
    assert roll.description == plural(
        "Roll ({n} roll left)", "Roll ({n} rolls left)", app.game.rolls_left, lang="bg"
    )
    assert roll.description != english
    assert app._validate_button.description == translate("Validate turn", lang="bg")
    app.set_language("en")
    assert _penta_state(app) == before and roll.description == english
    assert app.validate()  # the game goes on after the switches
    assert app.game.cards[0].filled


def test_farkle_switches_to_bulgarian_in_place_and_keeps_the_game():
    _needs("FarkleApp")
    from dicelab.widgets.farkle.app import FarkleApp

    app = FarkleApp(
        humans=list(PLAYERS),
        computer=False,
        seed=REFUSED_SEED,
        lang="en",
        animate=False,
        scheduler=ManualScheduler(),
    )
    app.roll()
    app.set_aside(4)
    app.bank()
    app.roll()

    def state():
        game = app.game
        return game.events, game.totals, game.turn, game.current_player, app.chosen

    before = state()
    english = [b.description for b in app.dice_buttons] + [app._bank_button.description]
    app._language.value = "bg"
    assert app.lang == "bg" and state() == before
    assert app._bank_button.description == translate(
        "Bank {points}", lang="bg", points=app.game.turn.points
    )
    assert app._roll_button.description == plural(
        "Roll {n} die", "Roll {n} dice", app.game.turn.dice_in_play or 6, lang="bg"
    )
    after = [b.description for b in app.dice_buttons] + [app._bank_button.description]
    assert after != english
    assert "Bob" in app._status.value and translate("{player} to play", "bg", player="Bob") in (
        html.unescape(app._status.value)
    )


@pytest.mark.parametrize("name", ["PentaApp", "FarkleApp"])
def test_default_player_names_follow_a_language_switch(name):
    """Names the app made up itself (Player 1, Computer) are words of the app, not of the user:
    a teacher who opens the app in English and switches to Bulgarian must not see them in
    English."""
    _needs(name)
    app = _app_class(name)(lang="en", animate=False, scheduler=ManualScheduler())
    app.set_language("bg")
    english = english_left(_texts_in(app, "en"), widget_texts(app), "bg")
    assert not english, f"English default names left after the switch: {english}"


def _texts_in(app: Any, lang: str) -> list[tuple[str, str]]:
    current = app.lang
    app.set_language(lang)
    found = widget_texts(app)
    app.set_language(current)
    return found


@pytest.mark.parametrize("name", list(DASHBOARDS))
def test_lang_bg_in_the_voila_url_starts_the_app_in_bulgarian(name, monkeypatch):
    _needs(name)
    monkeypatch.setenv("QUERY_STRING", "lang=bg")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # the URL wins over the environment
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    assert language_from_query() == "bg"
    kwargs: dict[str, Any] = {"scheduler": ManualScheduler()}
    if name in ("PentaApp", "FarkleApp"):
        kwargs["animate"] = False
    if name == "RiskExplorer":
        kwargs["background"] = lambda work: work()  # no thread left behind
    app = _app_class(name)(**kwargs)
    assert app.lang == "bg"
    assert app._language.value == "bg"
    assert translate("Language", "bg") in [t for _, t in widget_texts(app)]
    texts = " ".join(t for _, t in widget_texts(app))
    assert translate(app.title.msgid, "bg") in texts


def test_an_unknown_lang_in_the_url_falls_back_to_the_environment(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    monkeypatch.setenv("LANG", "bg_BG.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    assert language_from_query() == "bg"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert language_from_query() == "en"
