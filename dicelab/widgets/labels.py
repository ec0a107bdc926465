"""Display names the dashboards need that the engines keep as ids (message ids, English).

The preset labels belong to the engines (``PRESET_LABELS`` next to each game's
``PRESETS``); they are re-exported here under their old names.

>>> from dicelab.i18n import translate
>>> translate(PENTA_PRESET_LABELS["free-joker"], "en")
'Free joker'
"""

from __future__ import annotations

from functools import cache

from dicelab.farkle.rules import PRESET_LABELS as FARKLE_PRESET_LABELS
from dicelab.i18n import N_, Message, available_languages, msg, translate
from dicelab.penta.rules import PRESET_LABELS as PENTA_PRESET_LABELS

__all__ = [
    "COMPUTER_NAME",
    "DEFAULT_NAME",
    "FARKLE_PRESET_LABELS",
    "PENTA_PRESET_LABELS",
    "computer_mark",
    "seat_label",
    "seat_name",
]

DEFAULT_NAME = N_("Player {n}")
COMPUTER_NAME = N_("Computer")


@cache
def _made_up_names() -> dict[str, Message]:
    """Every name the apps make up themselves, in every language, with its message."""
    found: dict[str, Message] = {}
    for lang in available_languages():
        for n in range(1, 7):
            found[translate(DEFAULT_NAME, lang, n=n)] = msg(DEFAULT_NAME, n=n)
        found[translate(COMPUTER_NAME, lang)] = msg(COMPUTER_NAME)
    return found


def seat_label(name: str) -> str | Message:
    """A seat's name for a message: the app's own names stay messages, so they follow the
    language the message is shown in (see :func:`seat_name`)."""
    return _made_up_names().get(name, name)


def seat_name(name: str, lang: str | None = None) -> str:
    """A seat's name as shown in ``lang``.

    A name the app made up ("Player 2", "Computer") is a word of the app, not of the
    user, so it follows a language switch; any other name is shown as given.

    >>> seat_name("Player 2", "en"), seat_name("Ada", "en")
    ('Player 2', 'Ada')
    """
    label = seat_label(name)
    return label.render(lang) if isinstance(label, Message) else label


def computer_mark(shown: str, lang: str) -> str:
    """The "(computer)" mark after a computer seat's name ``shown`` in ``lang``; "" when
    the name already says it ("Computer", not "Computer (computer)").

    >>> computer_mark("Computer", "en"), computer_mark("AI", "en")
    ('', ' (computer)')
    """
    words = {translate(COMPUTER_NAME, lang).casefold(), translate("computer", lang).casefold()}
    if shown.strip().casefold() in words:
        return ""
    return f" ({translate('computer', lang)})"
