"""The one exception every rule violation raises.

It imports nothing of dicelab: the message it keeps (a :class:`~dicelab.i18n.Message`) is known
here by what it does (:class:`Said`), so that ``dicelab.i18n`` can raise it too (a language
given by something other than its code) without an import circle.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["IllegalMove", "Said"]


class Said(Protocol):
    """Words that can be written in any language: a :class:`~dicelab.i18n.Message`."""

    @property
    def msgid(self) -> str:
        """The English words, as the catalogues know them."""
        ...

    def render(self, lang: str | None = None) -> str:
        """The words in ``lang`` (default: the language in force)."""
        ...


class IllegalMove(ValueError):
    """A move or input the rules do not allow; raising it never changes any state.

    The message says what was wrong and what is allowed. It is kept as it was given, a
    :class:`~dicelab.i18n.Message`, so ``str(error)`` is in the current language and
    ``error.message.render("fr")`` in any other.

    >>> from dicelab.i18n import msg
    >>> error = IllegalMove(msg("Box {box} is already filled.", box="Chance"))
    >>> str(error)
    'Box Chance is already filled.'
    >>> isinstance(error, ValueError)
    True
    """

    def __init__(self, message: Said) -> None:
        self.message = message
        super().__init__(message.msgid)

    def __str__(self) -> str:
        return self.message.render()
