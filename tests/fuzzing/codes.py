"""Mutated result codes: each must be refused with IllegalMove or read back to the coded game.

Used by ``tests/test_classroom.py`` (a few hundred) and ``benchmarks/result_codes.py``
(10,000 and more). A mutation changes, inserts, deletes or swaps letters (one to three
edits), changes case, or adds dashes; "same game" means the code read back is exactly
the game that was coded (its code is the original code), "other game" would be a defect.
"""

from __future__ import annotations

import random
from collections import Counter

from dicelab import IllegalMove
from dicelab.classroom.codes import read_result_code, result_code
from dicelab.farkle import Game as Farkle
from dicelab.penta import Game as Penta

LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcxyzOIL-U "


def sample_games(rng: random.Random) -> list[object]:
    """A few games of both kinds, in progress and over, duplicate or not."""
    games: list[object] = []
    for index in range(4):
        penta = Penta(seed=rng.randrange(2**40), duplicate=index % 2 == 0)
        for _ in range(rng.choice((3, 20, 10_000))):
            if penta.is_over:
                break
            penta.push(rng.choice(penta.legal_moves()))
        farkle = Farkle(("Ada",), seed=rng.randrange(2**64), duplicate=index % 2 == 1)
        for _ in range(rng.choice((2, 30, 10_000))):
            if farkle.is_over:
                break
            farkle.push(rng.choice(farkle.legal_moves()))
        games += [penta, farkle]
    return games


def mutate(code: str, rng: random.Random) -> str:
    """``code`` with one to three random edits."""
    text = list(code)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(5)
        at = rng.randrange(len(text))
        if kind == 0:
            text[at] = rng.choice(LETTERS)
        elif kind == 1:
            text.insert(at, rng.choice(LETTERS))
        elif kind == 2 and len(text) > 1:
            del text[at]
        elif kind == 3 and at + 1 < len(text):
            text[at], text[at + 1] = text[at + 1], text[at]
        else:
            text[at] = text[at].swapcase()
    return "".join(text)


def mutate_codes(count: int, seed: int = 0) -> Counter[str]:
    """Read ``count`` mutants of the codes of :func:`sample_games`; count the outcomes."""
    rng = random.Random(seed)
    games = sample_games(rng)
    codes = [result_code(game) for game in games]  # type: ignore[arg-type]
    tally: Counter[str] = Counter()
    for index in range(count):
        original = codes[index % len(codes)]
        mutant = mutate(original, rng)
        try:
            back = read_result_code(mutant)
        except IllegalMove:
            tally["refused"] += 1
            continue
        tally["same game" if result_code(back) == original else "other game"] += 1
    return tally
