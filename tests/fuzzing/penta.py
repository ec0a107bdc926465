"""Penta's actions and checks."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from dicelab import IllegalMove, penta

from .calls import Call, Defect, function, method
from .draws import Draw
from .fuzz import Fuzz
from .mutants import mangle
from .values import (
    MAX_SEED,
    ODD_KEYS,
    ODD_NUMBERS,
    ODD_TEXTS,
    is_whole,
    numbers_problem,
    seed_ok,
    source,
    text_problem,
)

PENTA_RULES = ("penta", "official", "free-joker", "no-joker", "no-bonus")


def _penta_classes() -> tuple[type, type, type]:
    """Roll, Hold and Score, found through legal_moves() (wherever the package defines them)."""
    game = penta.Game(seed=0)
    roll = type(game.legal_moves()[0])
    game.roll()
    kinds = {type(move).__name__: type(move) for move in game.legal_moves()}
    return roll, kinds["Hold"], kinds["Score"]


PentaRoll, PentaHold, PentaScore = _penta_classes()


class PentaFuzz(Fuzz):
    """A Penta game under fuzzing."""

    module = penta
    ACTIONS = (
        "push_legal",
        "push_legal",
        "advance",
        "roll",
        "hold",
        "toggle",
        "score",
        "push_odd",
        "pop",
        "computer",
        "query",
        "parse",
        "construct",
        "load",
    )
    QUERIES = (*Fuzz.QUERIES, "options", "explain", "must_sacrifice", "notice")

    def new_game(self, draw: Draw) -> tuple[str, Any]:
        players = draw.pick(
            ((("Ada",), {}), (("Ada", "Bo"), {}), (("Ada", "Cy"), {1: "heuristic"}))
        )
        names, computer = players
        rules = draw.pick(PENTA_RULES)
        seed = draw.pick((0, 1, 2026, MAX_SEED, draw.whole(0, 2**40)))
        duplicate = draw.pick((False, True))
        ctor = (
            f"penta.Game(players={names!r}, computer={computer!r}, rules={rules!r}, seed={seed}, "
            f"duplicate={duplicate})"
        )
        game = penta.Game(
            players=names, computer=computer, rules=rules, seed=seed, duplicate=duplicate
        )
        return ctor, game

    def snapshot(self, game: Any) -> tuple[Any, ...]:
        situation = game.situation
        return (
            game.to_json(),
            None if situation is None else str(situation),
            game.totals,
            game.held,
            game.dice,
            game.current_seat,
            game.rolls_left,
            game.is_over,
        )

    def invariants(self, game: Any) -> str | None:
        if self.roundtrip_due(game):
            text = game.to_json()
            loaded = penta.Game.from_json(text)
            if loaded != game or loaded.to_json() != text:
                return "the save does not round-trip"
        situation = game.situation
        if situation is not None and penta.parse(str(situation)) != situation:
            return f"the situation {str(situation)!r} does not parse back"
        legal = game.legal_moves()
        if bool(legal) == game.is_over:
            return "legal_moves() is empty exactly when the game is not over"
        if legal:
            move = legal[len(game.events) % len(legal)]
            try:
                game.copy().push(move)
            except IllegalMove:
                return f"{move!r} is in legal_moves() but push refuses it"
        return None

    def moves(self, game: Any) -> list[Any]:
        return list(game.events)

    def intent(self, move: Any) -> str:
        kind = type(move).__name__
        if kind == "Roll":
            return "g.roll()"
        if kind == "Hold":
            return f"g.hold({list(move.positions)})"
        return f"g.score({move.box!r})"

    def legal_move(self, game: Any, draw: Draw) -> Any:
        moves = game.legal_moves()
        kinds: dict[str, list[Any]] = {}
        for move in moves:
            kinds.setdefault(type(move).__name__, []).append(move)
        return draw.pick(kinds[draw.pick(sorted(kinds))])

    # actions

    def do_roll(self, draw: Draw) -> None:
        self.attempt(method("roll"))

    def _positions(self, draw: Draw) -> object:
        legal = draw.sample(range(5), draw.whole(0, 5))
        shape = draw.pick(("list", "list", "tuple", "set", "array", "odd", "odd in list", "other"))
        if shape == "list":
            return legal
        if shape == "tuple":
            return tuple(legal)
        if shape == "set":
            return set(legal)
        if shape == "array":
            return np.array(legal, dtype=draw.pick((np.int64, np.int8, np.uint8)))
        if shape == "odd":
            return draw.pick(ODD_NUMBERS)
        if shape == "odd in list":
            return [*legal, draw.pick([*ODD_NUMBERS, -1, 5, 6, legal[0] if legal else 0])]
        return draw.pick(("01", b"\x00", None, {0: 1}, range(2), [[0]], np.arange(6), ODD_TEXTS[5]))

    def do_hold(self, draw: Draw) -> None:
        positions = self._positions(draw)
        self.attempt(method("hold", positions, refuse=numbers_problem(positions)))

    def do_toggle(self, draw: Draw) -> None:
        position = draw.pick((0, 1, 2, 3, 4, draw.pick(ODD_NUMBERS), draw.pick(ODD_TEXTS)))
        self.attempt(method("toggle", position, refuse=numbers_problem(position, single=True)))

    def do_score(self, draw: Draw) -> None:
        box = draw.pick((*penta.BOXES, *penta.BOXES, draw.pick(ODD_TEXTS), draw.pick(ODD_NUMBERS)))
        self.attempt(method("score", box, refuse=text_problem(box)))

    def do_push_odd(self, draw: Draw) -> None:
        kind = draw.pick(("roll", "hold", "score", "other"))
        if kind == "roll":
            dice = draw.pick(
                (
                    None,
                    self.game.dice,
                    [1, 2, 3, 4, 5],
                    [1, 2, 3, 4, draw.pick(ODD_NUMBERS)],
                    draw.pick(ODD_NUMBERS),
                    np.array(self.game.dice or (1, 1, 1, 1, 1)),
                )
            )
            refuse = dice is not None and numbers_problem(dice)
            move = PentaRoll(dice)
        elif kind == "hold":
            positions = self._positions(draw)
            refuse = numbers_problem(positions)
            move = PentaHold(positions)
        elif kind == "score":
            box = draw.pick((*penta.BOXES, draw.pick(ODD_TEXTS)))
            points = draw.pick((None, 0, 5, draw.pick(ODD_NUMBERS)))
            refuse = text_problem(box) or (points is not None and not is_whole(points))
            move = PentaScore(box, points)
        else:
            move = draw.pick((None, "roll", 5, math.nan, (), PentaRoll, object()))
            refuse = True
        call = method("push", move, refuse=refuse)
        self.attempt(Call(f"g.push({_penta_move_source(move)})", call.run, refuse, call.twin))

    def do_computer(self, draw: Draw) -> None:
        seat = self.game.current_player
        choices: list[object] = [
            "heuristic",
            "greedy",
            draw.pick(ODD_TEXTS),
            draw.pick(ODD_NUMBERS),
        ]
        if seat is not None and seat.is_computer:
            choices.append(None)
        player = draw.pick(choices)
        name = draw.pick(("play_computer_step", "computer_choice"))
        refuse = player is not None and text_problem(player)
        self.attempt(method(name, player, refuse=refuse, query=name == "computer_choice"))

    def do_parse(self, draw: Draw) -> None:
        situation = self.game.situation
        line = str(situation) if situation is not None else "- | dice - | 3 rolls left"
        text = draw.pick((line, mangle(line, draw), draw.pick(ODD_TEXTS)))
        call = function(penta, "parse", text, refuse=text_problem(text))
        accepted, result = self.attempt(call)
        if accepted and penta.parse(str(result)) != result:
            self.tally.record(
                Defect(
                    "penta: parsed situation does not round-trip",
                    str(result),
                    f"s = penta.parse({source(text)})\npenta.parse(str(s)) == s",
                )
            )

    def do_construct(self, draw: Draw) -> None:
        args: dict[str, object] = {"players": ("Ada",), "computer": (), "rules": "penta", "seed": 5}
        slot = draw.pick(("players", "computer", "rules", "seed", "seed"))
        refuse = False
        if slot == "players":
            args["players"] = draw.pick(
                (
                    [draw.pick(ODD_TEXTS)],
                    ["Ada"] * draw.whole(0, 8),
                    draw.pick(ODD_TEXTS),
                    draw.pick(ODD_NUMBERS),
                    ("Ada", "Bo"),
                )
            )
        elif slot == "computer":
            args["computer"] = draw.pick(
                (
                    [draw.pick(ODD_NUMBERS)],
                    {0: draw.pick(ODD_TEXTS)},
                    {draw.pick(ODD_KEYS): "heuristic"},
                    draw.pick(ODD_NUMBERS),
                    draw.pick(ODD_TEXTS),
                    [0],
                )
            )
        elif slot == "rules":
            args["rules"] = draw.pick((*PENTA_RULES, draw.pick(ODD_TEXTS), draw.pick(ODD_NUMBERS)))
        else:
            seed = draw.pick((*ODD_NUMBERS, 0, MAX_SEED, MAX_SEED + 1, np.uint64(MAX_SEED)))
            args["seed"] = seed
            refuse = seed is not None and not seed_ok(seed)
        label = f"penta.Game({slot}=...)"
        self.attempt(function(penta, "Game", refuse=refuse, builds=True, label=label, **args))


def _penta_move_source(move: object) -> str:
    kind = type(move).__name__
    if kind in ("Roll", "Hold", "Score") and move is not PentaRoll:
        fields = ", ".join(source(v) for v in vars(move).values())
        return f"penta.game.{kind}({fields})"
    if move is PentaRoll:
        return "penta.game.Roll"
    return source(move)
