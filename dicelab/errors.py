"""The one exception every rule violation raises."""

from __future__ import annotations

from dicelab.i18n import Message

__all__ = ["IllegalMove"]


class IllegalMove(ValueError):
    """A move or input the rules do not allow; raising it never changes any state.

    The message says what was wrong and what is allowed. It is kept as a
    :class:`~dicelab.i18n.Message`, so ``str(error)`` is in the current language and
    ``error.message.render("fr")`` in any other.

    >>> from dicelab.i18n import msg
    >>> error = IllegalMove(msg("Box {box} is already filled.", box="Chance"))
    >>> str(error)
    'Box Chance is already filled.'
    >>> isinstance(error, ValueError)
    True
    """

    def __init__(self, message: Message | str) -> None:
        self.message = message if isinstance(message, Message) else Message(message)
        super().__init__(self.message.msgid)

    def __str__(self) -> str:
        return self.message.render()
