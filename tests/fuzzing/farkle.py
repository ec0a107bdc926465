"""Farkle's actions and checks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from dicelab import IllegalMove, farkle

from .calls import Call, Defect, function, method
from .draws import Draw
from .fuzz import Fuzz
from .mutants import mangle
from .values import (
    MAX_SEED,
    ODD_NUMBERS,
    ODD_TEXTS,
    is_whole,
    numbers_problem,
    plain,
    seed_ok,
    source,
    text_problem,
)

FARKLE_RULES = ("standard", "minimal", "playmonster")


class FarkleFuzz(Fuzz):
    """A Farkle game under fuzzing."""

    module = farkle
    ACTIONS = (
        "push_legal",
        "push_legal",
        "advance",
        "roll",
        "bank",
        "set_aside",
        "set_aside_positions",
        "push_odd",
        "pop",
        "computer",
        "query",
        "parse",
        "construct",
        "load",
    )
    QUERIES = (*Fuzz.QUERIES, "computer_move", "situations")

    def new_game(self, draw: Draw) -> tuple[str, Any]:
        lineup = draw.pick(((1, True), (2, True), (2, False), (0, True), (1, False)))
        rules = draw.pick(FARKLE_RULES)
        seed = draw.pick((0, 1, 2026, MAX_SEED, draw.whole(0, 2**40)))
        target = draw.pick((5000, 5000, 10000))
        duplicate = draw.pick((False, True))
        # The line-up is positional: (humans, computer) before the constructors were
        # aligned, (players, computer) after; (1, True), the default, means the same in both.
        for seats, computer in (lineup, (1, True)):
            ctor = (
                f"farkle.Game({seats}, {computer}, seed={seed}, target={target}, "
                f"duplicate={duplicate}, rules=farkle.Rules.preset({rules!r}))"
            )
            try:
                return ctor, self.fresh(ctor)
            except IllegalMove:
                continue
        raise AssertionError("farkle.Game(1, True) is refused")

    def snapshot(self, game: Any) -> tuple[Any, ...]:
        return (
            game.to_json(),
            str(game.situation),
            game.totals,
            game.events,
            game.last_roll,
            game.is_over,
            game.winners,
        )

    def invariants(self, game: Any) -> str | None:
        if self.roundtrip_due(game):
            text = game.to_json()
            loaded = farkle.Game.from_json(text)
            if loaded != game or loaded.to_json() != text:
                return "the save does not round-trip"
        situation = game.situation
        if farkle.parse(str(situation), game.rules) != situation:
            return f"the situation {str(situation)!r} does not parse back"
        legal = game.legal_moves()
        if bool(legal) == game.is_over:
            return "legal_moves() is empty exactly when the game is not over"
        if legal:
            move = legal[len(game.events) % len(legal)]
            if not game.is_legal(move):
                return f"{move!r} is in legal_moves() but is_legal() says no"
        return None

    def moves(self, game: Any) -> list[Any]:
        return list(game.moves)

    def intent(self, move: Any) -> str:
        kind = type(move).__name__
        if kind == "Roll":
            return "g.roll()"
        if kind == "Bank":
            return "g.bank()"
        return f"g.set_aside_positions({list(move.positions)})"

    def legal_move(self, game: Any, draw: Draw) -> Any:
        if draw.pick((True, False)):
            return game.computer_move()
        return draw.pick(game.legal_moves())

    # actions

    def do_roll(self, draw: Draw) -> None:
        self.attempt(method("roll"))

    def do_bank(self, draw: Draw) -> None:
        self.attempt(method("bank"))

    def _values(self, draw: Draw, pool: Sequence[int]) -> object:
        chosen = draw.sample(list(pool), draw.whole(0, len(pool)))
        shape = draw.pick(("list", "list", "tuple", "array", "odd", "odd in list", "other"))
        if shape == "list":
            return chosen
        if shape == "tuple":
            return tuple(chosen)
        if shape == "array":
            return np.array(chosen, dtype=draw.pick((np.int64, np.int8, np.uint16)))
        if shape == "odd":
            return draw.pick(ODD_NUMBERS)
        if shape == "odd in list":
            return [*chosen, draw.pick([*ODD_NUMBERS, 0, 6, 7, -1])]
        return draw.pick(("15", None, {1: 1}, set(chosen), range(1, 3), [[1]], np.ones(3, int)))

    def do_set_aside(self, draw: Draw) -> None:
        values = self._values(draw, self.game.turn.last_roll or (1, 5))
        self.attempt(method("set_aside", values, refuse=numbers_problem(values)))

    def do_set_aside_positions(self, draw: Draw) -> None:
        positions = self._values(draw, range(len(self.game.turn.last_roll) or 6))
        self.attempt(method("set_aside_positions", positions, refuse=numbers_problem(positions)))

    def do_push_odd(self, draw: Draw) -> None:
        kind = draw.pick(("set_aside", "other"))
        if kind == "set_aside":
            positions = self._values(draw, range(6))
            refuse = numbers_problem(positions)

            def run(g: Any) -> Any:
                return g.push(farkle.SetAside(positions))

            text = f"g.push(farkle.SetAside({source(positions)}))"
            twin = None
            if source(plain(positions)) != source(positions):
                plain_positions = plain(positions)
                twin = Call(
                    f"g.push(farkle.SetAside({source(plain_positions)}))",
                    lambda g: g.push(farkle.SetAside(plain_positions)),
                    refuse,
                )
            self.attempt(Call(text, run, refuse, twin))
        else:
            move = draw.pick((None, "roll", "bank", 5, math.nan, (), farkle.Roll, object()))
            self.attempt(Call(f"g.push({source(move)})", lambda g: g.push(move), True))

    def do_computer(self, draw: Draw) -> None:
        name = draw.pick(("computer_step", "computer_move"))
        self.attempt(method(name, query=name == "computer_move"))

    def do_parse(self, draw: Draw) -> None:
        line = str(self.game.situation)
        text = draw.pick((line, mangle(line, draw), draw.pick(ODD_TEXTS)))
        which = draw.pick(("parse", "parse", "parse_move"))
        if which == "parse_move":
            text = draw.pick(
                ("roll", "bank", "set_aside 0 1", "set_aside ²", "set_aside 9" * 30, text)
            )
        call = function(farkle, which, text, refuse=text_problem(text))
        accepted, result = self.attempt(call)
        if accepted and which == "parse" and farkle.parse(str(result)) != result:
            self.tally.record(
                Defect(
                    "farkle: parsed situation does not round-trip",
                    str(result),
                    f"s = farkle.parse({source(text)})\nfarkle.parse(str(s)) == s",
                )
            )

    def do_construct(self, draw: Draw) -> None:
        seats: object = 1
        computer: object = True
        kwargs: dict[str, object] = {"seed": 5, "target": 5000}
        slot = draw.pick(("seats", "computer", "seed", "seed", "target", "rules"))
        refuse = False
        if slot == "seats":
            seats = draw.pick((*ODD_NUMBERS, 0, 6, 7, ["Ada", "Bo"], [draw.pick(ODD_TEXTS)]))
            refuse = isinstance(seats, bool | float | np.bool_ | np.floating)  # None: a default
        elif slot == "computer":
            computer = draw.pick((*ODD_NUMBERS, draw.pick(ODD_TEXTS)))
        elif slot == "seed":
            seed = draw.pick((*ODD_NUMBERS, 0, MAX_SEED, MAX_SEED + 1, np.uint64(MAX_SEED)))
            kwargs["seed"] = seed
            refuse = seed is not None and not seed_ok(seed)
        elif slot == "target":
            target = draw.pick((*ODD_NUMBERS, 10000, 15000, np.int64(10000), 4999, 5000.0))
            kwargs["target"] = target
            refuse = target is not None and not is_whole(target)  # None: the default
        else:
            kwargs["rules"] = draw.pick((draw.pick(ODD_TEXTS), draw.pick(ODD_NUMBERS), "minimal"))
        call = function(
            farkle,
            "Game",
            seats,
            computer,
            refuse=refuse,
            builds=True,
            label=f"farkle.Game({slot})",
            **kwargs,
        )
        self.attempt(call)
