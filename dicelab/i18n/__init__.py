"""Every user-facing string of dicelab goes through this module.

English is the source language: a message id *is* its English text, with
``{placeholders}`` in :meth:`str.format` style. Catalogues for other languages are
gettext ``.po`` files in ``dicelab/i18n/locales/`` (``fr.po``, ``bg.po``...), with
their own plural rules; a language without a catalogue, or a message without a
translation, falls back to English.

Three ways to choose the language, most specific first:

* per call: ``translate(msgid, lang="ca")``;
* per block or per app: ``with use_language("bg"): ...``;
* per process: ``set_language("nb")``.

Messages that must be shown later, perhaps in another language (an error kept by a
dashboard that the user then switches to French), are :class:`Message` values:
``msg(msgid, **params)`` builds one; ``str()`` renders it in the current language.

>>> translate("Roll")
'Roll'
>>> m = msg("{n} points", n=300)
>>> str(m)
'300 points'
>>> plural("{n} roll left", "{n} rolls left", 1)
'1 roll left'
>>> plural("{n} roll left", "{n} rolls left", 2)
'2 rolls left'
"""

from __future__ import annotations

import contextvars
import gettext
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from dicelab.i18n.catalog import Catalog

__all__ = [
    "LANGUAGE_ALIASES",
    "N_",
    "SOURCE_LANGUAGE",
    "Message",
    "available_languages",
    "catalog",
    "decimals_needed",
    "format_number",
    "format_percent",
    "get_language",
    "msg",
    "nmsg",
    "plural",
    "plural_rule",
    "read_number",
    "set_language",
    "shown_repr",
    "shown_whole",
    "translate",
    "use_language",
]

SOURCE_LANGUAGE = "en"
LOCALES = Path(__file__).with_name("locales")
# Language codes read as another's: Norwegian without a written standard is Bokmål.
LANGUAGE_ALIASES = {"no": "nb"}

_default_language = SOURCE_LANGUAGE
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("dicelab_lang", default=None)


def N_(msgid: str) -> str:
    """Mark a string for translation without translating it now (tables of names).

    >>> N_("Chance")
    'Chance'
    """
    return msgid


def available_languages() -> tuple[str, ...]:
    """The languages that have a catalogue, English first.

    >>> available_languages()[0]
    'en'
    """
    found = sorted(path.stem for path in LOCALES.glob("*.po"))
    return (SOURCE_LANGUAGE, *(code for code in found if code != SOURCE_LANGUAGE))


def normalize_language(lang: str | None) -> str:
    """``'fr_FR.UTF-8'`` -> ``'fr'``; ``'nb-NO'`` -> ``'nb'``; ``None`` -> the current language.

    >>> normalize_language("fr_FR.UTF-8")
    'fr'
    """
    if lang is None:
        return get_language()
    code = lang.split(".", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return LANGUAGE_ALIASES.get(code, code) or SOURCE_LANGUAGE


def set_language(lang: str) -> None:
    """Set the process-wide default language, given by its code (``"fr"``, ``"nb_NO"``...).

    A code without a catalogue is kept (messages then fall back to English); anything but
    a string is refused with :class:`~dicelab.IllegalMove` naming the languages there are,
    and the language stays as it was.

    >>> set_language(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A language is given by its code, one of en, ...; not 5.
    """
    global _default_language
    if not isinstance(lang, str):
        from dicelab.errors import IllegalMove  # which imports nothing of dicelab

        raise IllegalMove(
            msg(
                "A language is given by its code, one of {codes}; not {value}.",
                codes=", ".join(available_languages()),
                value=shown_whole(lang) if type(lang) is int else shown_repr(lang),
            )
        )
    _default_language = normalize_language(lang)


def get_language() -> str:
    """The language in force: a :func:`use_language` block's, else the process default."""
    return _current.get() or _default_language


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Render messages in ``lang`` inside the block (``None`` keeps the current one)."""
    token = _current.set(normalize_language(lang) if lang else get_language())
    try:
        yield get_language()
    finally:
        _current.reset(token)


@cache
def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang``; empty (identity) for English or an unknown language."""
    path = LOCALES / f"{lang}.po"
    if lang == SOURCE_LANGUAGE or not path.exists():
        return Catalog()
    return Catalog.from_po_file(path)


def _babel_locale(lang: str) -> str:
    return lang if lang in _BABEL_KNOWN else SOURCE_LANGUAGE


_BABEL_KNOWN = {"en", "fr", "ca", "bg", "nb", "de", "es", "it", "pl", "ru", "uk", "pt", "nl"}


def format_number(
    value: float, lang: str | None = None, decimals: int | None = None, grouped: bool = True
) -> str:
    """Write a number as the language writes it, from Babel's CLDR data; ``grouped=False``
    without thousands' separators, as a number in a field beside number fields.

    >>> format_number(10000), format_number(10000, "fr"), format_number(10000, "ca")
    ('10,000', '10\u202f000', '10.000')
    >>> format_number(293.4, "bg", decimals=1)
    '293,4'
    >>> format_number(10**30)  # beyond the 28 digits of Python's default decimal context
    '1,000,000,000,000,000,000,000,000,000,000'
    >>> import numpy
    >>> format_number(numpy.int64(1200))  # a whole NumPy number is whole too
    '1,200'
    >>> format_number(numpy.array(2.5), "fr")  # an array of one number (not hashable)
    '2,50'
    >>> format_number(1000.5, "ca", decimals=1, grouped=False)
    '1000,5'
    """
    import numbers
    from collections.abc import Hashable

    locale = _babel_locale(normalize_language(lang))
    if decimals is None:
        decimals = 0 if isinstance(value, numbers.Integral) else 2
    if not isinstance(value, Hashable):  # a NumPy array of one number
        return _write(value, locale, decimals, grouped)
    # keyed by the type too: 2**60 and float(2**60) are equal keys, not the same digits
    return _written(type(value).__qualname__, value, locale, decimals, grouped)


@lru_cache(maxsize=4096)
def _written(kind: str, value: Any, locale: str, decimals: int, grouped: bool) -> str:
    """:func:`_write`, remembered: an app writes the same scores and points at every redraw."""
    return _write(value, locale, decimals, grouped)


def _write(value: float, locale: str, decimals: int, grouped: bool) -> str:
    """``value`` in Babel's ``locale`` with ``decimals`` fixed decimals."""
    import decimal

    from babel.numbers import format_decimal

    pattern = ("#,##0" if grouped else "0") + ("." + "0" * decimals if decimals else "")
    with decimal.localcontext() as context:  # as many digits as the number has
        context.prec = max(context.prec, _digits(value) + decimals + 2)
        return format_decimal(value, format=pattern, locale=locale)


def decimals_needed(value: float) -> int:
    """The decimals a number needs to be shown: none for a whole number, else one or two (a
    plot's tick, a parameter in a field).

    >>> decimals_needed(3000.0), decimals_needed(0.5), decimals_needed(0.25)
    (0, 1, 2)
    """
    value = float(value)
    if value.is_integer():
        return 0
    return 1 if round(value, 1) == round(value, 2) else 2


def read_number(text: str, lang: str | None = None) -> float | None:
    """A number typed as the language writes it (``0,1`` in French, ``1.000`` in Catalan), or
    with a plain point (``0.1``, as a keyboard's number pad types it); None if it is no number.
    Spaces between digits are read as the thousands' separator, in any language.

    >>> read_number("0,1", "fr"), read_number("1 000", "fr"), read_number("1.000", "ca")
    (0.1, 1000.0, 1000.0)
    >>> read_number("0.1", "ca"), read_number("-5", "nb"), read_number("−5", "bg")
    (0.1, -5.0, -5.0)
    >>> read_number("0,1", "en"), read_number("ten", "en"), read_number("", "fr")
    (None, None, None)
    >>> read_number("nan", "en"), read_number("inf", "fr"), read_number("1e5", "en")
    (None, None, None)
    """
    import re

    from babel.numbers import NumberFormatError, parse_decimal

    plain = re.sub(r"(?<=\d)[ \u00a0\u202f](?=\d)", "", text.strip()).replace("\u2212", "-")
    if not re.fullmatch(r"-?[\d.,]+", plain):  # digits and separators only: no nan, inf, 1e5
        return None
    try:
        return float(
            parse_decimal(plain, locale=_babel_locale(normalize_language(lang)), strict=True)
        )
    except (NumberFormatError, ValueError):
        pass
    if re.fullmatch(r"-?\d+(\.\d+)?", plain):
        return float(plain)
    return None


def _digits(value: float) -> int:
    """At least the number of digits before the point of a finite ``value`` (0 otherwise)."""
    try:
        whole = abs(int(value))
    except (ValueError, OverflowError, TypeError):  # nan, inf, not a number
        return 0
    return whole.bit_length() * 30103 // 100000 + 1  # log10(2) = 0.30103...


def format_percent(value: float, lang: str | None = None, decimals: int = 1) -> str:
    """A probability (0..1) as a percentage, written as the language writes it.

    >>> format_percent(1080 / 46656), format_percent(1080 / 46656, "fr")
    ('2.3%', '2,3\u00a0%')
    """
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = _babel_locale(normalize_language(lang))
    pattern = Locale.parse(locale).percent_formats[None].pattern
    if decimals:
        pattern = _with_decimals(pattern, decimals)
    return babel_percent(value, format=pattern, locale=locale)


def _with_decimals(pattern: str, decimals: int) -> str:
    """``'#,##0 %'`` -> ``'#,##0.0 %'``: the locale's pattern with fixed decimals."""
    last = pattern.rindex("0")
    return pattern[: last + 1] + "." + "0" * decimals + pattern[last + 1 :]


@cache
def plural_rule(lang: str) -> Callable[[int], int]:
    """The function count -> plural form index for ``lang``, from Babel's CLDR data.

    >>> [plural_rule("fr")(n) for n in (0, 1, 2, 1000000)]
    [0, 0, 2, 1]
    """
    from babel.messages.plurals import get_plural

    try:
        expression = get_plural(_babel_locale(lang)).plural_expr
    except ValueError:
        expression = "(n != 1)"
    return gettext.c2py(expression)


def _format(template: str, params: Mapping[str, Any], lang: str) -> str:
    if not params:
        return template
    shown = {key: _show(value, lang) for key, value in params.items()}
    return template.format(**shown)


def _show(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) >= 10**SHOWN_DIGITS:  # Babel cannot write 10**28; str stops at 4,300 digits
            return _show(shown_whole(value), lang)
        return format_number(value, lang)
    return value


SHOWN_DIGITS = 24
"""A whole number of more digits is shown by its size in words (:func:`shown_whole`)."""


def shown_whole(number: int) -> str | Message:
    """A whole number as an error message shows it: its digits, or its size in words when it
    has more than :data:`SHOWN_DIGITS` (which Babel and ``str`` cannot always write).

    >>> shown_whole(-12), str(shown_whole(10**5000)), str(shown_whole(-(10**30)))
    ('-12', 'a whole number of 5,001 digits', 'a negative whole number of 31 digits')
    """
    if abs(number) < 10**SHOWN_DIGITS:
        return str(number)
    estimate = int(number.bit_length() * 0.30102999566398120 + 1)
    count = _digit_count(abs(number), estimate)
    if number < 0:
        return msg("a negative whole number of {n} digits", n=count)
    return msg("a whole number of {n} digits", n=count)


def _digit_count(number: int, estimate: int) -> int:
    """The exact number of decimal digits of ``number`` > 0, without ``str`` (no digit limit)."""
    count = max(1, estimate - 1)
    while 10**count <= number:
        count += 1
    while count > 1 and 10 ** (count - 1) > number:
        count -= 1
    return count


def shown_repr(value: object) -> str:
    """Any value as an error message shows it: its ``repr``, cut after 60 characters.

    >>> shown_repr(b"fr"), shown_repr("x" * 100)[-3:]
    ("b'fr'", 'xx…')
    """
    try:
        text = repr(value)
    except Exception:  # a repr that fails (huge values inside containers)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:59] + "…"


def translate(msgid: str, lang: str | None = None, **params: Any) -> str:
    """Translate ``msgid`` into ``lang`` (default: the current language) and fill it in."""
    code = normalize_language(lang)
    return _format(catalog(code).gettext(msgid), params, code)


def plural(singular: str, plural_: str, n: int, lang: str | None = None, **params: Any) -> str:
    """Translate a message that depends on a count ``n`` (also given to the template)."""
    code = normalize_language(lang)
    template = catalog(code).ngettext(singular, plural_, n, plural_rule(code))
    return _format(template, {"n": n, **params}, code)


@dataclass(frozen=True)
class Message:
    """A message to render later, in whatever language is current then."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        if self.plural is not None and self.n is not None:
            return plural(self.msgid, self.plural, self.n, lang, **self.params)
        return translate(self.msgid, lang, **self.params)

    def __str__(self) -> str:
        return self.render()


def msg(msgid: str, **params: Any) -> Message:
    """A :class:`Message` for ``msgid`` with its placeholders' values."""
    return Message(msgid, dict(params))


def nmsg(singular: str, plural_: str, n: int, **params: Any) -> Message:
    """A plural :class:`Message`; ``n`` picks the form and fills ``{n}``."""
    return Message(singular, dict(params), plural_, n)


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LANG``), if shipped."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        for candidate in value.split(":"):
            code = normalize_language(candidate) if candidate else ""
            if code in available_languages():
                return code
    return SOURCE_LANGUAGE
