"""The i18n layer: catalogues, plural rules, language choice, deferred messages."""

import pytest

from dicelab import IllegalMove, i18n
from dicelab.i18n import Message, msg, nmsg, plural, translate, use_language
from dicelab.i18n.catalog import Catalog, PoSyntaxError, parse_po
from dicelab.i18n.extract import TEMPLATE, collect, messages_in_source, render_pot

BULGARIAN_LIKE = """
msgid ""
msgstr ""
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Roll"
msgstr "Хвърли"

msgid "{n} roll left"
msgid_plural "{n} rolls left"
msgstr[0] "Остава {n} хвърляне"
msgstr[1] "Остават {n} хвърляния"

msgid "Untranslated"
msgstr ""
"""

THREE_FORMS = """
msgid ""
msgstr ""
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
"n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "{n} die"
msgid_plural "{n} dice"
msgstr[0] "{n} kostka"
msgstr[1] "{n} kostki"
msgstr[2] "{n} kostek"
"""


@pytest.fixture
def fake_language(monkeypatch):
    """Install test catalogues as languages 'xx' (Cyrillic) and 'pl' (three plural forms)."""
    catalogues = {
        "xx": Catalog.from_po_text(BULGARIAN_LIKE),
        "pl": Catalog.from_po_text(THREE_FORMS),
    }
    real = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda lang: catalogues.get(lang) or real(lang))


def test_cyrillic_catalogue_translates_and_falls_back(fake_language):
    assert translate("Roll", lang="xx") == "Хвърли"
    assert translate("Untranslated", lang="xx") == "Untranslated"
    assert translate("Never seen", lang="xx") == "Never seen"
    assert plural("{n} roll left", "{n} rolls left", 1, lang="xx") == "Остава 1 хвърляне"
    assert plural("{n} roll left", "{n} rolls left", 2, lang="xx") == "Остават 2 хвърляния"


def test_three_plural_forms(fake_language):
    forms = [plural("{n} die", "{n} dice", n, lang="pl") for n in (1, 2, 5, 22, 12)]
    assert forms == ["1 kostka", "2 kostki", "5 kostek", "22 kostki", "12 kostek"]


def test_language_choice_per_call_block_and_process(fake_language):
    message = msg("Roll")
    assert str(message) == "Roll"
    with use_language("xx"):
        assert str(message) == "Хвърли"
        assert translate("Roll", lang="en") == "Roll"
    assert str(message) == "Roll"
    try:
        i18n.set_language("xx_BG.UTF-8")
        assert i18n.get_language() == "xx"
        assert str(message) == "Хвърли"
    finally:
        i18n.set_language("en")


def test_errors_render_in_the_language_current_when_shown(fake_language):
    error = IllegalMove(msg("Roll"))
    with use_language("xx"):
        assert str(error) == "Хвърли"
    assert error.message.render("en") == "Roll"


def test_placeholders_and_numbers_are_filled():
    assert translate("{name} banks {points} points", name="Ada", points=10000) == (
        "Ada banks 10,000 points"
    )
    assert str(nmsg("{n} die", "{n} dice", 3)) == "3 dice"
    nested = msg("{who} said: {what}", who="Ada", what=msg("Roll"))
    assert str(nested) == "Ada said: Roll"
    assert isinstance(nested, Message)


def test_language_codes_are_normalised():
    assert i18n.normalize_language("nb-NO") == "nb"
    assert i18n.normalize_language("no_NO.UTF-8") == "nb"
    assert i18n.language_from_environment({"LANG": "C.UTF-8"}) == "en"


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgstr "b',
        'msgid "a"\nbogus "b"',
        '"dangling"',
        'msgid "a"\nmsgstr 12',
        'msgid "a"\nmsgstr "b"c"',  # a quote inside, not escaped
    ],
)
def test_malformed_po_is_refused_with_a_line_number(text):
    with pytest.raises(PoSyntaxError, match=r":\d"):
        parse_po(text, "x.po")


def test_po_strings_are_read_with_and_without_escapes():
    entries = parse_po('msgid "a \\"b\\""\nmsgstr ""\n"c\\nd "\n"é"\n', "x.po")
    assert [(e["msgid"], e["msgstr"]) for e in entries] == [('a "b"', "c\nd é")]


def test_extraction_finds_every_kind_of_call():
    source = 'a = msg("One")\nb = nmsg("{n} x", "{n} xs", 2)\nc = i18n.translate("Two")\nd = f(x)'
    assert sorted(messages_in_source(source)) == [("One", None), ("Two", None), ("{n} x", "{n} xs")]


def test_template_lists_every_message_of_the_package():
    """Run `python -m dicelab.i18n.extract` when this fails: translators need every message."""
    assert TEMPLATE.read_text(encoding="utf-8") == render_pot(collect().items())


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("en", "10,000"),
        ("fr", "10\u202f000"),
        ("ca", "10.000"),
        ("bg", "10\xa0000"),
        ("nb", "10\xa0000"),
    ],
)
def test_numbers_are_written_as_each_language_writes_them(lang, written):
    assert i18n.format_number(10000, lang) == written
    # a msgid no catalogue holds: only the number is written in the language
    assert translate("{points} (no such message)", lang=lang, points=10000) == (
        f"{written} (no such message)"
    )


def test_a_remembered_number_is_written_by_its_own_type():
    """format_number remembers what it wrote; 2**60 and float(2**60) are equal, not the same
    digits (a float keeps 17 of them)."""
    whole, rounded = "1,152,921,504,606,846,976", "1,152,921,504,606,847,000"
    assert i18n.format_number(2**60) == whole
    assert i18n.format_number(float(2**60), decimals=0) == rounded
    assert i18n.format_number(2**60, decimals=0) == whole
    assert i18n.format_number(2**60, "fr") == whole.replace(",", "\u202f")
    assert i18n.format_number(2**60, grouped=False) == whole.replace(",", "")


def test_plural_rules_come_from_cldr():
    assert [i18n.plural_rule("bg")(n) for n in (0, 1, 2)] == [1, 0, 1]
    assert [i18n.plural_rule("fr")(n) for n in (0, 1, 2)] == [0, 0, 2]
    assert i18n.plural_rule("nb")(1) == 0
