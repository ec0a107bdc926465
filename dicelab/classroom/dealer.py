"""Dice dealt roll by roll from a secret: a hub's class game (``docs/classroom.md``).

A class game on the hub has a secret of 32 random bytes, made by the class service and kept
only in its database. The six faces of roll ``roll`` of round ``round`` are drawn from
``HMAC-SHA256(secret, "dicelab:dealt:{game}:{number}:{round}:{roll}:{block}")``: bytes below
252, modulo 6 (no face favoured). They are the same for every learner of the class game and
for every seat (duplicate dice, as :meth:`~dicelab.dice.SeededDice.faces`), and nobody
without the secret can compute them ahead: the service answers a roll only when the learner's
game has reached it (:mod:`dicelab.classroom.plays`).

>>> dealer = Dealer(bytes(32), 7)
>>> dealer.faces("penta", 1, 1)
(5, 1, 1, 5, 5, 6)
>>> dealer.faces("penta", 1, 1) == Dealer(bytes(32), 7).faces("penta", 1, 1)
True
>>> dealer.faces("penta", 1, 1) == Dealer(bytes(31) + b"x", 7).faces("penta", 1, 1)
False
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from dicelab.errors import IllegalMove
from dicelab.i18n import msg

__all__ = ["SECRET_BYTES", "Dealer", "new_secret"]

SECRET_BYTES = 32
"""The length of a class game's secret (256 bits)."""


def new_secret() -> bytes:
    """A fresh secret for a class game, from the system's source of randomness."""
    return secrets.token_bytes(SECRET_BYTES)


class Dealer:
    """The dice of one class game: :class:`~dicelab.dice.DealtFaces` from its secret.

    ``number`` is the class game's number (a game's ``seed`` names it: a save of a class
    game says which class game dealt it)."""

    def __init__(self, secret: bytes, number: int) -> None:
        if len(secret) != SECRET_BYTES:
            raise ValueError(f"a class game's secret is {SECRET_BYTES} bytes")
        self._secret = secret
        self.seed = number

    def __repr__(self) -> str:
        return f"Dealer(<secret>, {self.seed})"  # never the secret

    def faces(self, game: str, round: int, roll: int) -> tuple[int, ...]:
        """The six faces of roll ``roll`` (1, 2, ...) of ``round`` (1, 2, ...) of ``game``
        ("penta" or "farkle")."""
        values: list[int] = []
        block = 0
        while len(values) < 6:
            text = f"dicelab:dealt:{game}:{self.seed}:{round}:{roll}:{block}".encode()
            digest = hmac.new(self._secret, text, hashlib.sha256).digest()
            values.extend(byte % 6 + 1 for byte in digest if byte < 252)
            block += 1
        return tuple(values[:6])

    def roll(self, k: int, index: int) -> tuple[int, ...]:
        """Never asked: a class game's dice are duplicate dice."""
        raise IllegalMove(msg("A class game's dice are dealt by round and roll."))
