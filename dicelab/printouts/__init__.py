"""Printouts: the rules of each game, a Penta scorecard and a Farkle score sheet, for A4.

Each printout is a self-contained HTML page (its style, its dice drawn in SVG, nothing
from another host), made from the same translated texts as the apps and the lessons, in
any language dicelab speaks. A browser prints it (Ctrl+P) on A4; no card and no table row
is cut by a page break.

>>> page = printout("penta-scorecard", "fr")
>>> "Brelan" in page and "Chance" in page
True
>>> sorted(WHAT)
['farkle', 'farkle-sheet', 'penta', 'penta-scorecard']

From a terminal: ``python -m dicelab.printouts penta --lang fr > regles.html`` (see
``docs/printouts.md``); under Voilà, the page ``printouts.ipynb`` offers each one to download.
"""

from __future__ import annotations

from collections.abc import Callable

from dicelab.errors import IllegalMove
from dicelab.i18n import Message, available_languages, msg, normalize_language
from dicelab.numbers import show_value
from dicelab.printouts.rules import rules_printout
from dicelab.printouts.sheets import DEFAULT_PLAYERS, farkle_sheet, penta_scorecard

__all__ = ["DEFAULT_PLAYERS", "WHAT", "check_language", "file_name", "printout"]

WHAT: dict[str, Message] = {
    "penta": msg("The rules of Penta"),
    "penta-scorecard": msg("Penta scorecard"),
    "farkle": msg("The rules of Farkle"),
    "farkle-sheet": msg("Farkle score sheet"),
}
"""Every printout, by name, with its title (in the order the download page lists them)."""

_MAKERS: dict[str, Callable[[str, object], str]] = {
    "penta": lambda lang, players: rules_printout("penta", lang),
    "farkle": lambda lang, players: rules_printout("farkle", lang),
    "penta-scorecard": lambda lang, players: penta_scorecard(lang, players),
    "farkle-sheet": lambda lang, players: farkle_sheet(lang, players),
}


def printout(what: str, lang: str = "en", players: object = DEFAULT_PLAYERS) -> str:
    """The printout ``what`` (a key of :data:`WHAT`) in ``lang``, as one HTML page.

    ``players`` is the number of players' columns on a score sheet (the rules ignore it).
    """
    if not isinstance(what, str) or what not in _MAKERS:
        raise IllegalMove(
            msg(
                "There is no printout called {what}: the printouts are {names}.",
                what=show_value(what),
                names=", ".join(WHAT),
            )
        )
    return _MAKERS[what](check_language(lang), players)


def check_language(lang: object) -> str:
    """``lang`` as a shipped language's code (``fr_FR.UTF-8`` -> ``fr``); IllegalMove naming
    the codes for anything else.

    >>> check_language("nb-NO")
    'nb'
    """
    code = normalize_language(lang) if isinstance(lang, str) else None
    if code not in available_languages():
        raise IllegalMove(
            msg(
                "A language is given by its code, one of {codes}; not {value}.",
                codes=", ".join(available_languages()),
                value=show_value(lang),
            )
        )
    return code


def file_name(what: str, lang: str) -> str:
    """The file a printout is saved as.

    >>> file_name("penta-scorecard", "fr")
    'dicelab-penta-scorecard-fr.html'
    """
    return f"dicelab-{what}-{lang}.html"
