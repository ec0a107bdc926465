"""Loading save mutants: refused with IllegalMove, or a sound game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dicelab import IllegalMove

from .calls import Defect, message_of, where, with_imports
from .draws import Draw
from .fuzz import Fuzz
from .mutants import mutant
from .values import ODD_NUMBERS, ODD_TEXTS, source


class SaveFuzz:
    """Save mutants of one game's saves: each is refused (IllegalMove) or loads a game
    whose own save round-trips; anything else is a defect."""

    def __init__(self, fuzz: Fuzz) -> None:
        self.fuzz = fuzz
        self.tally = fuzz.tally

    def check(self, draw: Draw) -> None:
        """Mutate the save of the fuzzer's game once and load the mutant."""
        name = self.fuzz.module.__name__.rsplit(".", 1)[-1]
        text, src, strict = mutant(self.fuzz.game.to_json(), draw)
        if draw.whole(0, 9) == 0:  # not a save at all
            text = draw.pick(ODD_TEXTS)
            self._load("from_json", text, f"{name}.Game.from_json({source(text)})", alone=True)
        else:
            self._load("from_json", text, f"{name}.Game.from_json({src})", strict=strict)

    def check_dict(self, draw: Draw) -> None:
        """Load a save dictionary (``Game.from_dict``) with one entry set to an odd value."""
        if not hasattr(self.fuzz.module.Game, "from_dict"):
            return self.check(draw)
        name = self.fuzz.module.__name__.rsplit(".", 1)[-1]
        data = json.loads(self.fuzz.game.to_json())
        target, path = data, "d"
        events = data.get("events")
        if events and draw.pick((True, False)):
            index = draw.whole(0, len(events) - 1)
            target, path = events[index], f"d['events'][{index}]"
        key = draw.pick(sorted(target)) if isinstance(target, dict) and target else "extra"
        value = draw.pick((*ODD_NUMBERS, *ODD_TEXTS))
        if isinstance(target, dict):
            target[key] = value
        line = f"d = json.loads(s)\n{path}[{key!r}] = {source(value)}\n{name}.Game.from_dict(d)"

        def again(text: str) -> object:
            other = json.loads(text)
            if path == "d" and isinstance(other, dict):
                other[key] = value
            return other

        return self._load("from_dict", data, line, again=again if path == "d" else None)

    def _load(
        self,
        loader: str,
        payload: object,
        line: str,
        alone: bool = False,
        strict: bool = False,
        again: Callable[[str], object] | None = None,
    ) -> None:
        """Load ``payload`` with ``Game.<loader>``: refused, or a game whose save round-trips.

        ``strict``: it must be refused. ``again`` makes the same mutant of another save
        (of a new game, for a shorter reproduction).
        """
        self.tally.mutants += 1
        problem = self._outcome(loader, payload, strict)
        if problem is None:
            return
        shown = self.fuzz.game
        if again is not None:
            fresh = self.fuzz.fresh()
            if self._outcome(loader, again(fresh.to_json()), strict, count=False) == problem:
                shown = fresh
        self._defect(*problem, line, None if alone else shown)

    def _outcome(
        self, loader: str, payload: object, strict: bool, count: bool = True
    ) -> tuple[str, str] | None:
        """The defect loading ``payload`` shows, as (key, detail), or ``None``."""
        tally = self.tally
        try:
            game = getattr(self.fuzz.module.Game, loader)(payload)
        except IllegalMove as error:
            tally.mutants_refused += count
            try:
                str(error)
            except Exception as failure:
                return where(failure), "the refusal's message cannot be written"
            return None
        except RecursionError as error:
            return where(error), "RecursionError (stack exhausted)"
        except Exception as error:
            return where(error), f"{type(error).__name__}: {message_of(error)}"
        tally.mutants_loaded += count
        name = self.fuzz.module.__name__.rsplit(".", 1)[-1]
        if strict:
            return f"Accepted {name}.Game.{loader}", "loaded a save with a key twice or unknown"
        try:
            problem = self.fuzz.invariants(game)
        except Exception as error:
            problem = f"{where(error)}: {message_of(error)}"
        if problem is not None:
            return f"Invariant broken after {name}.Game.{loader}", problem
        return None

    def _defect(self, key: str, detail: str, line: str, game: Any) -> None:
        name = self.fuzz.module.__name__.rsplit(".", 1)[-1]
        lines = []
        if game is not None:
            lines.append(f"g = {self.fuzz.ctor}")
            lines += [self.fuzz.intent(move) for move in self.fuzz.moves(game)]
            lines.append("s = g.to_json()")
        lines.append(line)
        self.tally.record(Defect(f"{name}: {key}", detail, with_imports(name, lines)))
