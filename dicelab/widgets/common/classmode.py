"""Class mode: one game for a whole class, from a link the teacher hands out.

A teacher hands out ``.../penta_play.ipynb?class=1&seed=42`` (``&lang=fr`` as ever): every
learner who opens it plays the same class game (``docs/classroom.md``). :func:`class_options`
reads what a page's query asks of a play app:

>>> class_options("class=1&seed=42&lang=fr")
{'class_seed': 42, 'solo': False}
>>> class_options("seed=42&solo=1")  # a seed in a link means a class game
{'class_seed': 42, 'solo': True}
>>> class_options("class=0&seed=42")  # class=0: an ordinary game with that seed
{'seed': 42}
>>> class_options("lang=fr")
{}

A link with a bad seed, or ``class=1`` with none, raises :class:`ClassLinkError`;
:func:`class_link_card` turns it into a card that says what a seed is, and offers the
teacher a link with a seed chosen just then:

>>> try:
...     class_options("class=1&seed=forty-two")
... except ClassLinkError as problem:
...     card = class_link_card(problem, "en", fresh_seed=7)
>>> "forty-two" in card and "?class=1&amp;seed=7" in card and "Traceback" not in card
True

The HTML of a result code (:func:`code_html`): the code in a read-only text box a learner
selects and copies, what to do with it, and a download link (``dicelab-result.txt``).
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs, quote, urlencode

from dicelab.errors import IllegalMove, Said
from dicelab.i18n import Message, msg, translate
from dicelab.numbers import MAX_SEED, show_value
from dicelab.widgets.common.base import esc
from dicelab.widgets.common.forms import read_seed

__all__ = [
    "CODE_FILE",
    "ClassLinkError",
    "check_class_game",
    "class_link_card",
    "class_options",
    "class_title",
    "code_html",
    "read_class_seed",
]

CODE_FILE = "dicelab-result.txt"
"""The name of the file a result code downloads as."""

_OFF = ("0", "false", "no", "off")
_FRESH_SEED_MAX = 99_999  # a seed chosen for a teacher: short to read out and to type

NO_UNDO = msg(
    "In a class game, moves are not taken back: every player's first choice counts, as at a "
    "real table."
)
HINTS_LATER = msg(
    "In a class game, every player decides alone: the hints and the review open once the "
    "game is over."
)


class ClassLinkError(IllegalMove):
    """A page link that asks for a class game with a bad seed (``value``) or none (None)."""

    def __init__(self, value: str | None, solo: bool = False) -> None:
        self.value = value
        self.solo = solo
        super().__init__(_link_problem(value))


def _link_problem(value: str | None) -> Message:
    if value is None:
        return msg("This class link does not work: it has no seed.")
    return msg(
        "This class link does not work: its seed, {value}, is not a whole number from 0 to "
        "{limit}.",
        value=show_value(value),
        limit=MAX_SEED,
    )


def _last(values: dict[str, list[str]], name: str) -> str | None:
    found = values.get(name)
    return found[-1].strip() if found else None


def _on(value: str | None) -> bool:
    return value is not None and value.lower() not in _OFF


def class_options(query: str) -> dict[str, object]:
    """What a page's ``query`` asks of a play app: ``{"class_seed": n, "solo": b}`` for a
    class game, ``{"seed": n}`` for an ordinary game with a seed, ``{}`` for neither.

    A class game is asked by ``class=1`` (also ``true``, ``yes``, ``on``, or nothing after
    ``=``) or by a ``seed=`` alone; ``class=0`` (``false``, ``no``, ``off``) asks for an
    ordinary game. ``solo=1``: the learner plays alone, without the computer. Where a name
    is given twice, the last counts. A seed that is not a whole number from 0 to 2**64 - 1
    in digits, or ``class=1`` without a seed, raises :class:`ClassLinkError`.
    """
    values = parse_qs(query.lstrip("?"), keep_blank_values=True)
    wanted = _last(values, "class")
    text = _last(values, "seed")
    solo = _on(_last(values, "solo"))
    if wanted is None and text is None:
        return {}
    as_class = wanted is None or _on(wanted)
    if not text:
        if as_class:
            raise ClassLinkError(None, solo)
        return {}
    try:
        seed = read_seed(text)
    except IllegalMove:
        raise ClassLinkError(text, solo) from None
    if not as_class:
        return {"seed": seed}
    return {"class_seed": seed, "solo": solo}


def class_link(seed: int, lang: str, solo: bool = False) -> str:
    """The query of a class game's link (relative: the same page), ``lang`` kept.

    >>> class_link(42, "fr")
    '?class=1&seed=42&lang=fr'
    """
    fields = {"class": "1", "seed": str(seed), **({"solo": "1"} if solo else {}), "lang": lang}
    return "?" + urlencode(fields)


def class_title(seed: int, lang: str) -> str:
    """The words that show a class game and its seed ("Class game · seed 42").

    >>> class_title(42, "en")
    'Class game · seed 42'
    """
    return translate("Class game · seed {seed}", lang, seed=str(seed))  # digits, as in the link


def class_link_card(problem: ClassLinkError, lang: str, fresh_seed: int | None = None) -> str:
    """The card a bad class link shows instead of the app: what went wrong, what a seed is,
    what a learner does, and for the teacher a link with a seed chosen now (``fresh_seed``:
    for tests)."""
    what = _link_problem(problem.value).render(lang)
    explain = translate(
        "A seed is a whole number, written with digits only, such as 42. It fixes the dice: "
        "everyone who opens a link with the same seed gets the same dice.",
        lang,
    )
    learner = translate(
        "Learners: ask your teacher for the class link again; it ends with a seed, such as "
        "&seed=42.",
        lang,
    )
    seed = random.randint(1, _FRESH_SEED_MAX) if fresh_seed is None else fresh_seed
    teacher = translate(
        "Teachers: here is a class game with a seed chosen just now. Open it, then hand out "
        "the address in your browser's address bar:",
        lang,
    )
    href = esc(class_link(seed, lang, problem.solo))
    link = f'<a class="dl-class-link" href="{href}">{esc(class_title(seed, lang))}</a>'
    return (
        '<div class="dl-card dl-card-error dl-class-problem" role="alert">'
        f"<p><b>{esc(what)}</b></p><p>{esc(explain)}</p><p>{esc(learner)}</p>"
        f"<p>{esc(teacher)} {link}</p></div>"
    )


def class_banner_html(seed: int, lang: str, computer: bool, over: bool) -> str:
    """The class game's line above the play: its seed, and (until the end) its rules."""
    title = f"<b>{esc(class_title(seed, lang))}</b>"
    if over:
        return f'<div class="dl-card dl-card-info dl-class" role="status">{title}</div>'
    same = (
        translate(
            "Everyone who opens this link gets the same dice and plays against the same "
            "computer player.",
            lang,
        )
        if computer
        else translate("Everyone who opens this link gets the same dice.", lang)
    )
    alone = translate(
        "Choose every move yourself: there is no undo, and the hints and the review open "
        "once the game is over. At the end you get a result code for your teacher.",
        lang,
    )
    return (
        f'<div class="dl-card dl-card-info dl-class" role="status">{title}'
        f"<br>{esc(same)} {esc(alone)}</div>"
    )


def code_html(code: str | Said, lang: str, over: bool, main: bool = False) -> str:
    """A result code for a learner to copy: the code in a read-only text box, what to do
    with it, a download link; or, for a game without a code, why (``code`` a message).

    ``over``: the game is over (else it is the code of the game so far); ``main``: the code
    is the main thing of the card (class mode), drawn larger.

    >>> html = code_html("P1-000YM", "en", over=True)
    >>> "readonly" in html and "dicelab-result.txt" in html and "teacher" in html
    True
    """
    css = "dl-code-box dl-code-main" if main else "dl-code-box"
    head = translate("Your result code", lang)
    if not isinstance(code, str):
        return (
            f'<div class="{css}"><b>{esc(head)}</b>'
            f'<p class="dl-code-none">{esc(code.render(lang))}</p></div>'
        )
    when = (
        translate("Give this code to your teacher, with your name.", lang)
        if over
        else translate(
            "This is the code of the game so far. At the end of the game, the code of the "
            "whole game is shown: give that one to your teacher.",
            lang,
        )
    )
    copy = translate(
        "To copy it: click in the box, select everything (Ctrl+A), then copy (Ctrl+C); "
        "on a Mac, ⌘A then ⌘C.",
        lang,
    )
    label = esc(translate("Download it as a file", lang))
    href = "data:text/plain;charset=utf-8," + quote(code + "\n", safe="")
    link = (
        f'<a class="dl-code-download" download="{CODE_FILE}" href="{href}">{label} '
        f"(<code>{CODE_FILE}</code>)</a>"
    )
    rows = max(2, -(-len(code) // 54))
    return (
        f'<div class="{css}"><b>{esc(head)}</b>'
        f'<p class="dl-code-what">{esc(when)}</p>'
        f'<textarea class="dl-code" readonly rows="{rows}" spellcheck="false" '
        f'aria-label="{esc(head)}">{esc(code)}</textarea>'
        f'<p class="dl-muted dl-code-copy">{esc(copy)} {link}</p></div>'
    )


def check_class_game(class_seed: object, solo: object, **others: object) -> int | None:
    """A play app's class options checked: the class game's seed (None: no class game).

    ``solo`` is True or False, and only for a class game; ``others`` are the app's options
    a class game fixes itself (they must be left out, None).
    """
    if not isinstance(solo, bool):
        raise IllegalMove(msg("solo is True or False, not {value}.", value=show_value(solo)))
    if class_seed is None:
        if solo:
            raise IllegalMove(msg("solo=True is for a class game: give class_seed too."))
        return None
    seed = read_class_seed(class_seed)
    given = sorted(name for name, value in others.items() if value is not None)
    if given:
        raise IllegalMove(
            msg(
                "A class game is the same for everyone, so it chooses its own {names}: give "
                "only class_seed (and solo=True to play without the computer).",
                names=", ".join(given),
            )
        )
    return seed


def read_class_seed(value: object) -> int:
    """A class game's seed, given or typed: a whole number from 0 to 2**64 - 1 (ASCII digits
    in text); anything else, blank text too, is IllegalMove saying what a seed is.

    >>> read_class_seed(" 42 ")
    42
    """
    seed = read_seed(value)
    if seed is None:
        raise IllegalMove(
            msg(
                "A class game needs a seed: a whole number from 0 to {limit}, the same for the "
                "whole class.",
                limit=MAX_SEED,
            )
        )
    return seed


CLASS_CSS = """
.dl-code-box { margin: 6px 0; }
.dl-code-box p { margin: 2px 0; }
.dl-code-box textarea.dl-code { display: block; width: 100%; max-width: 640px;
  font-family: monospace; font-size: 1.1em; padding: 6px; margin: 4px 0;
  box-sizing: border-box; resize: vertical; background: #fff; border: 1px solid #9aa5b1;
  border-radius: 4px; }
.dl-code-main { background: #fffbe6; border: 2px solid #b7950b; border-radius: 6px;
  padding: 8px 12px; margin: 6px 0 10px 0; }
.dl-code-main > b { font-size: 1.25em; }
.dl-code-main textarea.dl-code { font-size: 1.35em; font-weight: 600; }
.dl-app .dl-class-hidden { display: none !important; }
a.dl-code-download, a.dl-class-link { color: #0d47a1; text-decoration: underline;
  font-weight: 600; }
a.dl-code-download:focus-visible, a.dl-class-link:focus-visible { outline: 3px solid #1565c0;
  outline-offset: 2px; }
a.dl-code-download code { white-space: nowrap; }
.dl-class-problem p { margin: 4px 0 8px 0; }
.dl-class > b:first-child { font-size: 1.15em; }
"""
"""The look of result codes and class games (added to the play apps' CSS)."""
