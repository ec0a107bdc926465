"""Gettext-style message catalogues read from ``.po`` files.

A catalogue maps an English source string (the *msgid*) to its translation, with
plural forms chosen by the language's own ``Plural-Forms`` rule, so that languages
with three plural forms (Bulgarian has two, but Slavic neighbours have three) and
non-Latin scripts need no code change: only a new ``.po`` file.

>>> cat = Catalog.from_po_text('''
... msgid ""
... msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"
...
... msgid "Roll"
... msgstr "Tirar"
...
... msgid "{n} roll left"
... msgid_plural "{n} rolls left"
... msgstr[0] "Queda {n} tirada"
... msgstr[1] "Queden {n} tirades"
... ''')
>>> cat.gettext("Roll")
'Tirar'
>>> cat.ngettext("{n} roll left", "{n} rolls left", 2)
'Queden {n} tirades'
>>> cat.gettext("Bank")  # missing: the English source is used
'Bank'
"""

from __future__ import annotations

import ast
import gettext
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Catalog", "PoSyntaxError", "parse_po"]

_ENGLISH_PLURAL = "n != 1"


class PoSyntaxError(ValueError):
    """A ``.po`` file that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Catalog:
    """The translations of one language.

    ``singular`` maps msgid -> translation; ``plural`` maps msgid -> tuple of plural
    forms; ``plural_rule`` turns a count into the index of the form to use.
    """

    singular: dict[str, str] = field(default_factory=dict)
    plural: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_expression: str = _ENGLISH_PLURAL

    @property
    def plural_rule(self) -> Callable[[int], int]:
        """The function count -> plural form index, from the catalogue's header."""
        return _compile_plural(self.plural_expression)

    @classmethod
    def from_po_text(cls, text: str, source: str = "<po>") -> Catalog:
        """Build a catalogue from the text of a ``.po`` file."""
        entries = parse_po(text, source)
        singular: dict[str, str] = {}
        plural: dict[str, tuple[str, ...]] = {}
        expression = _ENGLISH_PLURAL
        for entry in entries:
            msgid = entry["msgid"]
            if msgid == "":
                expression = _plural_expression(entry.get("msgstr", ""), expression)
                continue
            if "msgid_plural" in entry:
                forms = tuple(entry.get(f"msgstr[{i}]", "") for i in range(_count_forms(entry)))
                if all(forms):
                    plural[msgid] = forms
            elif entry.get("msgstr"):
                singular[msgid] = entry["msgstr"]
        return cls(singular, plural, expression)

    @classmethod
    def from_po_file(cls, path: Path) -> Catalog:
        """Read a ``.po`` file (UTF-8)."""
        return cls.from_po_text(Path(path).read_text(encoding="utf-8"), str(path))

    def gettext(self, msgid: str) -> str:
        """The translation of ``msgid``, or ``msgid`` itself if there is none."""
        return self.singular.get(msgid, msgid)

    def ngettext(
        self, singular: str, plural: str, n: int, rule: Callable[[int], int] | None = None
    ) -> str:
        """The plural form of ``singular`` for the count ``n``.

        ``rule`` picks the form (default: the catalogue header's ``Plural-Forms``).
        """
        forms = self.plural.get(singular)
        if forms is None:
            return singular if n == 1 else plural
        index = (rule or self.plural_rule)(n)
        return forms[min(index, len(forms) - 1)]


def _count_forms(entry: dict[str, str]) -> int:
    return sum(1 for key in entry if key.startswith("msgstr["))


def _plural_expression(header: str, default: str) -> str:
    for line in header.split("\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            for part in value.split(";"):
                key, _, expr = part.partition("=")
                if key.strip() == "plural":
                    return expr.strip()
    return default


_PLURAL_CACHE: dict[str, Callable[[int], int]] = {}


def _compile_plural(expression: str) -> Callable[[int], int]:
    rule = _PLURAL_CACHE.get(expression)
    if rule is None:
        rule = gettext.c2py(expression)
        _PLURAL_CACHE[expression] = rule
    return rule


_KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


def parse_po(text: str, source: str = "<po>") -> list[dict[str, str]]:
    """Parse ``.po`` text into a list of entries (dicts keyed by ``msgid``, ``msgstr``...).

    Comments are skipped; continuation lines are joined; C escapes are decoded.

    >>> parse_po('msgid "a\\\\tb"\\nmsgstr ""\\n"c"\\n')
    [{'msgid': 'a\\tb', 'msgstr': 'c'}]
    """
    entries: list[dict[str, str]] = []
    entry: dict[str, str] = {}
    key: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and entry:
                entries.append(entry)
                entry, key = {}, None
            continue
        if line.startswith('"'):
            if key is None:
                raise PoSyntaxError(f"{source}:{number}: a string with no keyword before it")
            entry[key] += _unquote(line, source, number)
            continue
        word, _, rest = line.partition(" ")
        base = word.split("[", 1)[0]
        if base not in _KEYWORDS:
            raise PoSyntaxError(f"{source}:{number}: unknown keyword {word!r}")
        starts_entry = word in ("msgctxt", "msgid")
        if starts_entry and any(k.startswith("msgstr") for k in entry):
            entries.append(entry)
            entry = {}
        key = word
        entry[key] = _unquote(rest.strip(), source, number)
    if entry:
        entries.append(entry)
    for item in entries:
        if "msgid" not in item:
            raise PoSyntaxError(f"{source}: an entry without msgid: {item!r}")
    return entries


def _unquote(token: str, source: str, number: int) -> str:
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise PoSyntaxError(f"{source}:{number}: expected a quoted string, got {token!r}")
    inner = token[1:-1]
    if "\\" not in inner and '"' not in inner:  # no escape: the text itself (most lines)
        return inner
    try:
        value = ast.literal_eval(token)
    except (SyntaxError, ValueError) as error:
        raise PoSyntaxError(f"{source}:{number}: bad string {token!r} ({error})") from None
    if not isinstance(value, str):
        raise PoSyntaxError(f"{source}:{number}: expected a string, got {token!r}")
    return value
