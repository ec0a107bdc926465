"""The shipped catalogues: complete, faithful to the template, and the French Farkle banners.

For every language that has a catalogue (``available_languages()`` minus English): every
message of the template is translated, with exactly the placeholders of the English text,
no empty or fuzzy entry, the CLDR plural forms, and a file our own reader accepts. Then the
rule sheets' own words, and a French Farkle game showing the original app's banners at the
right moments. (That the template lists every message of the code: tests/test_i18n.py.)
"""

from __future__ import annotations

import string
from functools import cache

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from dicelab import i18n
from dicelab.farkle.game import GAME_OVER, HOT_DICE, LAST_ROUND, TURN_LOST, Game
from dicelab.farkle.moves import Bank, Roll, SetAside
from dicelab.farkle.scoring import set_aside_options
from dicelab.i18n import available_languages, translate, use_language
from dicelab.i18n.catalog import Catalog, parse_po
from dicelab.i18n.extract import TEMPLATE

LOCALES = TEMPLATE.parent
LANGUAGES = [lang for lang in available_languages() if lang != i18n.SOURCE_LANGUAGE]

# The French app's messages, quoted verbatim by the Farkle rule sheet (seed 003).
TOUR_PERDU = "Tour perdu !"
DES_CHAUDS = "Dés chauds !"
DERNIER_TOUR = "Dernier tour !"
HUMAINS_IA = "Humains + 1 IA"


# -- reading the files ----------------------------------------------------------------------------


@cache
def entries(path: str) -> tuple[dict[str, str], ...]:
    """The entries of a PO/POT file, read by dicelab's own parser."""
    return tuple(parse_po((LOCALES / path).read_text(encoding="utf-8"), path))


def header(lang: str) -> dict[str, str]:
    """The PO header's fields (``Language``, ``Plural-Forms``...)."""
    first = next(entry for entry in entries(f"{lang}.po") if entry["msgid"] == "")
    fields = {}
    for line in first.get("msgstr", "").split("\n"):
        name, sep, value = line.partition(":")
        if sep:
            fields[name.strip().lower()] = value.strip()
    return fields


def template() -> dict[str, dict[str, str]]:
    return {entry["msgid"]: entry for entry in entries("dicelab.pot") if entry["msgid"]}


def translations(lang: str) -> dict[str, dict[str, str]]:
    return {entry["msgid"]: entry for entry in entries(f"{lang}.po") if entry["msgid"]}


def forms_of(entry: dict[str, str]) -> list[str]:
    """A translation's texts: ``[msgstr]``, or every ``msgstr[i]`` in order."""
    if "msgid_plural" not in entry:
        return [entry.get("msgstr", "")]
    count = sum(1 for key in entry if key.startswith("msgstr["))
    return [entry.get(f"msgstr[{i}]", "") for i in range(count)]


def fields(text: str) -> set[tuple[str, str, str | None]]:
    """The ``{placeholders}`` of a str.format template: (name, format spec, conversion)."""
    return {
        (name, spec or "", conversion)
        for _, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


# -- every shipped catalogue ----------------------------------------------------------------------


def test_some_language_is_shipped():
    assert "fr" in LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_parses_with_our_reader_and_with_babel(lang):
    path = LOCALES / f"{lang}.po"
    catalogue = Catalog.from_po_file(path)
    assert catalogue.singular or catalogue.plural
    with path.open("rb") as handle:
        babel_catalogue = read_po(handle)
    assert len(babel_catalogue) == len(translations(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_header_names_the_language_encoding_and_cldr_plural_forms(lang):
    fields_ = header(lang)
    assert fields_.get("language") == lang
    content_type = fields_.get("content-type", "").replace(" ", "").lower()
    assert content_type == "text/plain;charset=utf-8"
    cldr = get_plural(lang)
    count = fields_["plural-forms"].partition(";")[0]
    assert count.strip() == f"nplurals={cldr.num_plurals}"
    # Same forms as CLDR's rule for every count a message can show.
    ours = Catalog.from_po_file(LOCALES / f"{lang}.po").plural_rule
    counts = [*range(0, 250), 1000, 10_000, 100_000, 1_000_000, 2_000_000, 10**9]
    assert [ours(n) for n in counts] == [i18n.plural_rule(lang)(n) for n in counts]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_template_is_translated(lang):
    done = translations(lang)
    untranslated = [
        msgid
        for msgid, entry in template().items()
        if msgid not in done or not all(forms_of(done[msgid]))
    ]
    assert untranslated == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_every_cldr_form(lang):
    count = get_plural(lang).num_plurals
    done = translations(lang)
    wrong = {
        msgid: len(forms_of(done[msgid]))
        for msgid, entry in template().items()
        if "msgid_plural" in entry and msgid in done
        if "msgid_plural" not in done[msgid] or len(forms_of(done[msgid])) != count
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_exactly_the_placeholders(lang):
    done = translations(lang)
    wrong = []
    for msgid, entry in template().items():
        if msgid not in done:
            continue
        expected = fields(msgid) | fields(entry.get("msgid_plural", ""))
        for index, text in enumerate(forms_of(done[msgid])):
            if not text:  # untranslated: English is shown (reported by the completeness test)
                continue
            try:
                found = fields(text)
            except ValueError as error:  # a stray brace: str.format would fail at run time
                wrong.append((msgid, index, str(error)))
                continue
            if found != expected:
                wrong.append((msgid, index, sorted(found ^ expected, key=str)))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_markdown(lang):
    """Line breaks (lists) and **bold** survive translation."""
    done = translations(lang)
    wrong = [
        msgid
        for msgid in template()
        if msgid in done
        for text in forms_of(done[msgid])
        if text.count("\n") != msgid.count("\n") or text.count("**") != msgid.count("**")
    ]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_stale_or_empty_entries(lang):
    with (LOCALES / f"{lang}.po").open("rb") as handle:
        catalogue = read_po(handle)
    fuzzy = [message.id for message in catalogue if message.id and message.fuzzy]
    assert fuzzy == []
    assert not catalogue.obsolete
    stale = sorted(set(translations(lang)) - set(template()))
    assert stale == []
    blank = [msgid for msgid, entry in translations(lang).items() if not msgid.strip()]
    assert blank == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_renders(lang):
    """Each translation can be filled in with its placeholders (no format error)."""
    for msgid, entry in template().items():
        params = {name: 1.5 if spec else "x" for name, spec, _ in fields(msgid)}
        if "msgid_plural" in entry:
            params.pop("n", None)
            for n in (0, 1, 2, 5, 21, 1_000_000):
                assert i18n.plural(msgid, entry["msgid_plural"], n, lang, **params)
        else:
            assert translate(msgid, lang, **params)


# -- the rule sheets' words -----------------------------------------------------------------------

SHEET_WORDS = {
    "fr": {
        "Turn lost!": TOUR_PERDU,
        "Hot dice!": DES_CHAUDS,
        "Last round!": DERNIER_TOUR,
        "Humans + 1 AI": HUMAINS_IA,
    },
    "ca": {
        "Aces": "Asos",
        "Twos": "Dosos",
        "Threes": "Tresos",
        "Fours": "Quatres",
        "Fives": "Cincs",
        "Sixes": "Sisos",
        "Three of a kind": "Trio",
        "Four of a kind": "Quadrat",
        "Full house": "Full",
        "Small straight": "Escala petita",
        "Large straight": "Escala gran",
        "Chance": "Sort",
        "Penta": "Penta",
        "Validate turn": "Validar el torn",
        "No open box scores points: you must sacrifice one": (
            "Cap casella oberta aporta punts: cal sacrificar-ne una"
        ),
    },
    "bg": {
        "Aces": "Асове",
        "Twos": "Двойки",
        "Threes": "Тройки",
        "Fours": "Четворки",
        "Fives": "Петици",
        "Sixes": "Шестици",
        "Three of a kind": "Тройка",
        "Four of a kind": "Каре",
        "Full house": "Фул",
        "Small straight": "Малка скала",
        "Large straight": "Голяма скала",
        "Chance": "Шанс",
        "Penta": "Пента",
        "Validate turn": "Потвърди хода",
        "No open box scores points: you must sacrifice one": (
            "Няма отворена клетка, която носи точки: трябва да жертвате една"
        ),
    },
    "nb": {
        "Bank": "Ta poengene",
        "New game": "Nytt spill",
    },
}


@pytest.mark.parametrize(
    ("lang", "msgid", "words"),
    [(lang, msgid, words) for lang, table in SHEET_WORDS.items() for msgid, words in table.items()],
)
def test_the_rule_sheets_words_are_used(lang, msgid, words):
    assert lang in LANGUAGES, f"no {lang} catalogue"
    assert msgid in template(), f"{msgid!r} is no longer a message of the code"
    assert translate(msgid, lang) == words


def test_french_box_names_are_one_word_each_everywhere():
    """A box is named the same way in the scorecard and inside every long text."""
    from dicelab.penta.rules import BOX_NAMES

    names = [translate(name, "fr") for name in BOX_NAMES.values()]
    assert len(set(names)) == len(names)
    assert names == [
        "As",
        "Deux",
        "Trois",
        "Quatre",
        "Cinq",
        "Six",
        "Brelan",
        "Carré",
        "Full",
        "Petite suite",
        "Grande suite",
        "Chance",
        "Penta",
    ]


# -- a French Farkle game -------------------------------------------------------------------------


def _expected_banners(game: Game, index: int) -> list[str]:
    """The banners event ``index`` should show, worked out from the dice and totals alone."""
    event = game.events[index]
    before, after = game.situations()[index], game.situations()[index + 1]
    shown = []
    if isinstance(event.move, Roll) and not set_aside_options(event.dice, game.rules):
        shown.append(TOUR_PERDU)
    if isinstance(event.move, SetAside):
        kept = len(before.turn.kept) + len(event.move.positions)
        if kept == len(before.turn.last_roll):  # every die of the roll is set aside
            shown.append(DES_CHAUDS)
    if isinstance(event.move, Bank):
        reached_before = any(total >= game.target for total in before.totals)
        reached_after = any(total >= game.target for total in after.totals)
        if reached_after and not reached_before:
            shown.append(DERNIER_TOUR)
    if after.is_over:
        shown.append(translate(GAME_OVER, "fr"))
    return shown


@cache
def played_games() -> tuple[Game, ...]:
    """Whole games (two humans played by the computer's strategy, plus the computer), from
    seed 0 up, until a lost turn, hot dice and a last round have all happened."""
    games, seen = [], set()
    for seed in range(200):
        game = Game(2, seed=seed, target=5000)
        game.play_out()
        games.append(game)
        for event in game.events:
            seen.update(message.msgid for message in event.messages)
        if {TURN_LOST, HOT_DICE, LAST_ROUND} <= seen:
            return tuple(games)
    raise AssertionError("200 games without all three banners")


def test_french_farkle_game_shows_the_banners_at_the_right_moments():
    counts = {TOUR_PERDU: 0, DES_CHAUDS: 0, DERNIER_TOUR: 0}
    for played in played_games():
        # Replay move by move, as a dashboard does, and read the banners after each move.
        game = Game(2, seed=played.seed, target=5000)
        for index, move in enumerate(played.moves):
            game.push(move)
            with use_language("fr"):
                shown = [str(message) for message in game.messages]
                banner = str(game.message) if game.message else None
            expected = _expected_banners(game, index)
            assert shown == expected, (played.seed, index, move)
            assert banner == (expected[-1] if expected else None)
            for word in counts:
                counts[word] += word in shown
    assert all(counts.values()), counts
    assert counts[DERNIER_TOUR] == len(played_games())  # one last round per game


def _first_game_with(msgid: str) -> Game:
    return next(
        game
        for game in played_games()
        if any(message.msgid == msgid for event in game.events for message in event.messages)
    )


def test_french_banners_render_in_the_language_current_when_shown():
    game = _first_game_with(TURN_LOST)
    lost = next(
        message for event in game.events for message in event.messages if message.msgid == TURN_LOST
    )
    assert str(lost) == "Turn lost!"
    with use_language("fr"):
        assert str(lost) == TOUR_PERDU
        assert str(game.lineup) == HUMAINS_IA
        assert str(game.seats[-1].label) == translate("AI", "fr")
    assert translate(HOT_DICE, "fr") == DES_CHAUDS
    assert translate(LAST_ROUND, "fr") == DERNIER_TOUR
    assert str(lost) == "Turn lost!"


@pytest.mark.parametrize(("msgid", "words"), [(TURN_LOST, TOUR_PERDU), (HOT_DICE, DES_CHAUDS)])
def test_the_banner_shows_at_once_after_the_move(msgid, words):
    """Played by hand up to the first such event: the banner is the game's message now."""
    played = _first_game_with(msgid)
    game = Game(2, seed=played.seed, target=5000)
    for move in played.moves:
        event = game.push(move)
        if any(message.msgid == msgid for message in event.messages):
            break
    if msgid == TURN_LOST:
        assert not set_aside_options(event.dice, game.rules)
        assert game.last_roll == event.dice
    else:
        assert game.turn.dice_in_play == 6 and game.turn.points > 0
    with use_language("fr"):
        assert words in [str(message) for message in game.messages]
        if not game.is_over:
            assert str(game.message) == words


def test_a_refused_set_aside_names_the_allowed_dice_without_a_verb_agreeing_with_a_number():
    """«Parmi ces dés, 1 peuvent être mis de côté» read as "1 (plural) may": the list follows a
    colon instead, whatever the number of dice."""
    from dicelab.errors import IllegalMove
    from dicelab.farkle import Situation

    roll = Situation((0, 0)).roll([1, 2, 3, 3, 4, 6])
    with pytest.raises(IllegalMove) as refused:
        roll.set_aside([1, 2])
    assert "on peut mettre de côté\u00a0: 1." in refused.value.message.render("fr")
    assert "могат да се отделят: 1." in refused.value.message.render("bg")


def test_french_typography_no_break_spaces_before_double_punctuation():
    """Issue 25, §6: French puts a no-break space before ":" and a narrow one before ";",
    "!" and "?", and no-break spaces inside « »; a plain space lets a line break strand the
    sign. The original app's banners are quoted verbatim (plain space: seed 003)."""
    import re

    checked = 0
    for entry in translations("fr").values():
        for text in forms_of(entry):
            for banner in (TOUR_PERDU, DES_CHAUDS, DERNIER_TOUR):
                text = text.replace(banner, "")
            assert not re.search(r" [:;!?»]|« ", text), text
            assert not re.search(r"\u202f:|\u00a0[;!?]", text), text
            checked += 1
    assert checked > 1000


def test_french_says_whose_turn_it_is_correctly():
    """Issue 25, §6: «À Joueur 1 de jouer» is not French; «Au tour de Joueur 1» is."""
    assert translate("{player} to play", "fr", player="Joueur 1") == "Au tour de Joueur 1"
    shown = translate(
        "{player} to play · round {turn} of {turns}", "fr", player="Ada", turn=1, turns=13
    )
    assert shown == "Au tour de Ada · manche 1 sur 13"
    assert "de jouer" not in translate("Player {n} to play.", "fr", n=2)
