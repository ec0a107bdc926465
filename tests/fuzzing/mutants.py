"""Mutations of a save text (and of a notation line)."""

from __future__ import annotations

import json

from .draws import Draw
from .values import source

ODD_JSON = (
    "NaN",
    "-Infinity",
    "Infinity",
    "1e400",
    "-0",
    "0.5",
    "1e5",
    "-1",
    "18446744073709551616",
    "9" * 30,
    "9" * 5000,
    "true",
    "false",
    "null",
    '""',
    '"x"',
    '"\\ud800"',
    '"' + "x" * 100000 + '"',
    "[]",
    "{}",
    "[" * 100000 + "]" * 100000,
    '{"a":' * 50000 + "1" + "}" * 50000,
    "[1, 2, 3, 4, 5, 6]",
)
"""JSON values a save should never hold where they are put (or never at all)."""


def _tokens(text: str) -> list[tuple[int, int]]:
    """Spans of the JSON scalars (strings, numbers, literals) in ``text``."""
    spans = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            spans.append((i, j + 1))
            i = j + 1
        elif c in "-0123456789tfn":
            j = i
            while j < n and text[j] not in ",]} \n:":
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    return spans


def mutant(text: str, draw: Draw) -> tuple[str | bytes, str, bool]:
    """A mutation of the save ``text``: the mutant, its source written in terms of ``s``
    (the save), and whether every loader must refuse it (a key twice, an unknown key).

    >>> from fuzzing.draws import RandomDraw
    >>> print(mutant('{"a": 1}', RandomDraw(3))[1])
    s[:1] + '0' + s[4:]
    """
    mutated, src = _mutate(text, draw)
    strict = src.startswith(_STRICT)
    return mutated, src.removeprefix(_STRICT), strict


_STRICT = "(strict)"


def _mutate(text: str, draw: Draw) -> tuple[str | bytes, str]:
    spans = _tokens(text)
    kind = draw.pick(
        (
            "value",
            "value",
            "value",
            "number",
            "duplicate key",
            "unknown key",
            "drop",
            "char",
            "truncate",
            "events",
            "bytes",
            "wrap",
        )
    )
    if kind in ("value", "number", "duplicate key", "drop") and spans:
        start, end = draw.pick(spans)
        old = text[start:end]
        if kind == "value":
            new = draw.pick(ODD_JSON)
        elif kind == "number":
            try:
                number = int(old)
            except ValueError:
                number = draw.whole(0, 6)
            new = str(draw.pick((number + 1, number - 1, -number, number * 10**20, 0)))
        elif kind == "duplicate key":
            key_end = text.rfind('"', 0, start)
            key_start = text.rfind('"', 0, key_end)
            if text[key_end + 1 : start].strip() != ":" or key_start < 0:
                return _cut(text, start, end, old + ", " + old)
            new = text[key_start:end] + ", " + text[key_start:end]
            mutated, src = _cut(text, key_start, end, new)
            return mutated, _STRICT + src
        else:
            new = ""
        return _cut(text, start, end, new)
    if kind == "unknown key":
        at = text.find("{", draw.whole(0, len(text) - 1))
        at = text.find("{") if at < 0 else at
        mutated, src = _cut(text, at + 1, at + 1, '"extra": 1, ')
        return mutated, _STRICT + src
    if kind == "char" and text:
        at = draw.whole(0, len(text) - 1)
        return _cut(
            text, at, at + draw.pick((0, 1)), draw.pick(("", "0", '"', ",", "]", "}", "é", "\\"))
        )
    if kind == "truncate":
        at = draw.whole(0, len(text))
        return text[:at], f"s[:{at}]"
    if kind == "events":
        return _events_mutant(text, draw)
    if kind == "bytes":
        choice = draw.pick(("utf8", "latin", "bom", "bom-bytes", "bad"))
        if choice == "utf8":
            return text.encode(), "s.encode()"
        if choice == "latin":
            return text.replace("}", "\xe9}", 1).encode("latin-1", "replace"), (
                "s.replace('}', '\\xe9}', 1).encode('latin-1', 'replace')"
            )
        if choice == "bom":
            return "\ufeff" + text, "'\\ufeff' + s"
        if choice == "bom-bytes":
            return b"\xef\xbb\xbf" + text.encode(), "b'\\xef\\xbb\\xbf' + s.encode()"
        return b"\xff" + text.encode(), "b'\\xff' + s.encode()"
    depth = draw.pick((2, 1000, 100000))
    return "[" * depth + text + "]" * depth, f"'[' * {depth} + s + ']' * {depth}"


def _cut(text: str, start: int, end: int, new: str) -> tuple[str, str]:
    return text[:start] + new + text[end:], f"s[:{start}] + {source(new)} + s[{end}:]"


def _events_mutant(text: str, draw: Draw) -> tuple[str, str]:
    """Drop, duplicate or swap events, or change one die (through the parsed save)."""
    data = json.loads(text)
    events = data.get("events")
    if not isinstance(events, list) or not events:
        data["events"] = [draw.pick((["roll", [1, 2, 3, 4, 5]], {"move": "bank"}, None, 5))]
        return json.dumps(data), f"json.dumps({{**json.loads(s), 'events': {data['events']!r}}})"
    i, j = draw.whole(0, len(events) - 1), draw.whole(0, len(events) - 1)
    edit = draw.pick(("drop", "duplicate", "swap", "die"))
    if edit == "drop":
        del events[i]
        src = f"del d['events'][{i}]"
    elif edit == "duplicate":
        events.insert(i, events[i])
        src = f"d['events'].insert({i}, d['events'][{i}])"
    elif edit == "swap":
        events[i], events[j] = events[j], events[i]
        src = f"d['events'][{i}], d['events'][{j}] = d['events'][{j}], d['events'][{i}]"
    else:
        event = events[i]
        dice = event[1] if isinstance(event, list) else event.get("dice")
        if isinstance(dice, list) and dice:
            dice[0] = dice[0] % 6 + 1
        src = f"change the first die of d['events'][{i}] to {dice}"
    mutated = json.dumps(data, ensure_ascii=False)
    return mutated, f"json.dumps(d) where d = json.loads(s); {src}"


def mangle(line: str, draw: Draw) -> str:
    """``line`` with one small edit: a character dropped, doubled or replaced."""
    if not line:
        return "|"
    at = draw.whole(0, len(line) - 1)
    edit = draw.pick(("drop", "double", "replace", "digits", "nest"))
    if edit == "drop":
        return line[:at] + line[at + 1 :]
    if edit == "double":
        return line[:at] + line[at] + line[at:]
    if edit == "digits":
        return line[:at] + "9" * draw.pick((3, 25, 5000)) + line[at:]
    if edit == "nest":
        return line[:at] + "[" * 3000 + line[at:]
    return line[:at] + draw.pick("0123456789 |-=[]!>xé²") + line[at + 1 :]
