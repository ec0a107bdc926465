"""The class list of ``make class NAMES=file``: one learner's login name a line.

>>> parse_names("# 5B\\nAda\\n\\nbob.smith  \\nada\\n")
['ada', 'bob.smith']
>>> parse_names("Ada Lovelace\\n", source="class.txt")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.hub.classlist.ClassListError: The class list class.txt, line 1: 'Ada Lovelace' cannot be ...
"""

from __future__ import annotations

import re
from pathlib import Path

from dicelab.i18n import msg

__all__ = ["MAX_NAME_LENGTH", "ClassListError", "parse_names", "read_names"]

MAX_NAME_LENGTH = 40
# A login name: letters (any alphabet), digits, ".", "-", "_", "@" (a school's accounts are
# often e-mail addresses); no space, no "/" (it names a folder and a URL). JupyterHub
# lowercases names, so the list is read lowercased.
_NAME = re.compile(r"[^\W][\w.@-]*")


class ClassListError(ValueError):
    """A class list that cannot be used, with what is wrong and where."""


def parse_names(text: str, source: str = "NAMES") -> list[str]:
    """The login names in ``text``: one a line, lowercased, first occurrence kept.

    Blank lines and lines starting with ``#`` are skipped. A name that cannot be a login
    (a space, a slash, more than :data:`MAX_NAME_LENGTH` characters) is refused with the
    line it is on, and so is a list with no name at all.
    """
    names: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = line.strip()
        if not name or name.startswith("#"):
            continue
        if len(name) > MAX_NAME_LENGTH or not _NAME.fullmatch(name):
            raise ClassListError(
                str(
                    msg(
                        "The class list {source}, line {line}: '{name}' cannot be a login "
                        "name. A name is made of letters, digits, '.', '-', '_' or '@', with "
                        "no space, at most {most} characters.",
                        source=source,
                        line=number,
                        name=name,
                        most=MAX_NAME_LENGTH,
                    )
                )
            )
        name = name.lower()
        if name not in names:
            names.append(name)
    if not names:
        raise ClassListError(
            str(msg("The class list {source} has no names: write one name a line.", source=source))
        )
    return names


def read_names(path: str | Path) -> list[str]:
    """The login names of the class list file at ``path`` (see :func:`parse_names`)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ClassListError(
            str(
                msg(
                    "The class list {source} cannot be read: {reason}.",
                    source=str(path),
                    reason=error.strerror or str(error),
                )
            )
        ) from None
    return parse_names(text, source=str(path))
