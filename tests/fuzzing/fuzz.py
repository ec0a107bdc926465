"""The engine-independent fuzzer: run a call, check the contract, report a defect."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from dicelab import IllegalMove, farkle, penta

from .calls import Call, Defect, Tally, function, message_of, method, where, with_imports
from .draws import Draw
from .mutants import mutant


class Fuzz:
    """A game under fuzzing: its construction, its moves so far, and the checks.

    Subclasses give the game's module, snapshot, invariants and actions.
    """

    module: Any = None
    ACTIONS: tuple[str, ...] = ()
    roundtrip_every = 1
    """Check the save round-trip after every move (1), or when the number of moves is a
    multiple of this (a long run: loading replays the whole game)."""

    def __init__(self, tally: Tally | None = None) -> None:
        self.tally = tally or Tally()
        self.ctor = ""  # the source of the game's construction
        self.game: Any = None
        self.snaps: dict[int, tuple[Any, ...]] = {}  # snapshot by number of moves played

    # -- per game --------------------------------------------------------------------------

    def snapshot(self, game: Any) -> tuple[Any, ...]:
        raise NotImplementedError

    def invariants(self, game: Any) -> str | None:
        """A broken invariant of a game just changed or built, or ``None``."""
        raise NotImplementedError

    def roundtrip_due(self, game: Any) -> bool:
        """Whether to check the save round-trip of ``game`` now."""
        count = len(game.events)
        return game is not self.game or count % self.roundtrip_every == 0 or game.is_over

    def moves(self, game: Any) -> list[Any]:
        """The moves played, ready to push again."""
        raise NotImplementedError

    def intent(self, move: Any) -> str:
        """The source of the intent that plays ``move`` on ``g``."""
        raise NotImplementedError

    def new_game(self, draw: Draw) -> tuple[str, Any]:
        raise NotImplementedError

    def legal_move(self, game: Any, draw: Draw) -> Any:
        raise NotImplementedError

    # -- starting ------------------------------------------------------------------------

    def start(self, draw: Draw, prefix: int | None = None) -> None:
        """A new valid game, with ``prefix`` legal moves played (drawn when ``None``)."""
        self.ctor, self.game = self.new_game(draw)
        if prefix is None:
            prefix = draw.pick((0, 0, 3, 10, 40, 150, 400))
        for _ in range(prefix):
            if not self.game.legal_moves():
                break
            self.game.push(self.legal_move(self.game, draw))
        self.snaps = {len(self.game.events): self.snapshot(self.game)}

    def act(self, name: str, draw: Draw) -> None:
        """Play the action called ``name`` with arguments from ``draw``."""
        getattr(self, "do_" + name)(draw)

    # -- checking ------------------------------------------------------------------------

    def attempt(self, call: Call) -> tuple[bool, Any]:
        """Run ``call`` on the game and check the contract; returns (accepted, result)."""
        self.tally.actions += 1
        backup = self.game.copy()
        outcome = self.check(self.game, call)
        defect, accepted, result = outcome
        if defect is not None:
            self.report(call, defect, backup)
            self.game = backup
            return False, None
        if accepted:
            self.tally.accepted += 1
        else:
            self.tally.refused += 1
        return accepted, result

    def check(self, game: Any, call: Call) -> tuple[tuple[str, str] | None, bool, Any]:
        """Run ``call`` on ``game``: ((key, detail) of a defect or None, accepted, result)."""
        try:
            before = self.snapshot(game)
        except Exception as error:
            return (where(error), "the snapshot failed before the call"), False, None
        count = len(game.events)
        twin_game = game.copy() if call.twin is not None else None
        try:
            result = call.run(game)
        except IllegalMove as error:
            problem = self._refusal_problem(game, before, error)
            if problem is None and twin_game is not None:
                problem = self._twin_problem(twin_game, call, False, before, None)
            return problem, False, None
        except RecursionError as error:
            return (where(error), "RecursionError (stack exhausted)"), False, None
        except Exception as error:
            return (where(error), f"{type(error).__name__}: {message_of(error)}"), False, None
        try:
            after = self.snapshot(game)
        except Exception as error:
            return (where(error), "the snapshot failed after the call"), True, result
        if call.refuse:
            return ("Accepted " + call.name, "accepted a value it must refuse"), True, result
        if call.query and after != before:
            return ("Changed by a query " + call.name, "the game changed"), True, result
        if twin_game is not None:
            problem = self._twin_problem(twin_game, call, True, after, result)
            if problem is not None:
                return problem, True, result
        if call.builds and result is not None and hasattr(result, "to_json"):
            problem = self._invariant_problem(result, call)
            if problem is not None:
                return problem, True, result
        if after != before:
            problem = self._step_problem(game, call, count, after)
            if problem is not None:
                return problem, True, result
        return None, True, result

    def _refusal_problem(
        self, game: Any, before: tuple[Any, ...], error: IllegalMove
    ) -> tuple[str, str] | None:
        try:
            str(error)
            after = self.snapshot(game)
        except Exception as failure:
            return where(failure), "the refusal's message or the snapshot failed"
        if after != before:
            return "Refusal changed the game", f"refused ({message_of(error)}) yet changed the game"
        return None

    def _twin_problem(
        self, twin_game: Any, call: Call, accepted: bool, state: Any, result: Any
    ) -> tuple[str, str] | None:
        assert call.twin is not None
        try:
            twin_result = call.twin.run(twin_game)
            twin_accepted = True
        except IllegalMove:
            twin_accepted, twin_result = False, None
        except Exception:
            return None  # the plain call fails on its own: reported when it is drawn
        name = call.name
        if accepted != twin_accepted:
            verdict = "accepted" if accepted else "refused"
            return (
                f"NumPy value treated unlike the int in {name}",
                f"{verdict}, while the plain call {call.twin.text} was "
                + ("accepted" if twin_accepted else "refused"),
            )
        if accepted:
            same = (
                self.snapshot(result) == self.snapshot(twin_result)
                if call.builds and hasattr(result, "to_json")
                else self.snapshot(twin_game) == state
            )
            if not same:
                return (
                    f"NumPy value treated unlike the int in {name}",
                    f"gives another game than {call.twin.text}",
                )
        return None

    def _invariant_problem(self, game: Any, call: Call) -> tuple[str, str] | None:
        try:
            problem = self.invariants(game)
        except Exception as error:
            problem = f"{where(error)}: {message_of(error)}"
        if problem is not None:
            return f"Invariant broken after {call.name}", problem
        return None

    def _step_problem(
        self, game: Any, call: Call, count: int, after: tuple[Any, ...]
    ) -> tuple[str, str] | None:
        problem = self._invariant_problem(game, call)
        if problem is not None:
            return problem
        now = len(game.events)
        if now < count:  # an undo: the snapshot from before that move comes back
            expected = self.snaps.get(now)
            if expected is not None and expected != after:
                return "pop did not restore the game", f"after {call.text} the game differs"
        elif now > count:
            if now - count > 1 and not call.text.startswith("g.play_computer_turn"):
                return "One call played several moves", f"{now - count} events"
            for key in [k for k in self.snaps if k >= now]:
                del self.snaps[key]
            self.snaps[now] = after
        return None

    # -- reporting -----------------------------------------------------------------------

    def report(self, call: Call, problem: tuple[str, str], backup: Any) -> None:
        """Record a defect with the shortest prefix of moves that still shows it."""
        key, detail = problem
        name = self.module.__name__.rsplit(".", 1)[-1]
        key = f"{name}: {key}"
        moves = self.moves(backup)
        shown = len(moves)
        try:
            game = self.fresh()
            for index in range(len(moves) + 1):
                found, _, _ = self.check(game.copy(), call)
                if found is not None and found[0] == problem[0]:
                    shown = index
                    break
                if index < len(moves):
                    game.push(moves[index])
        except Exception:  # shrinking is best effort
            shown = len(moves)
        lines = []
        if "g." in call.text:
            lines.append(f"g = {self.ctor}")
            lines += [self.intent(move) for move in moves[:shown]]
        lines.append(call.text)
        self.tally.record(Defect(key, detail, with_imports(name, lines)))

    def fresh(self, ctor: str | None = None) -> Any:
        """A new game built by ``ctor`` (source this fuzzer wrote), by default the game's."""
        namespace = {"penta": penta, "farkle": farkle, "np": np, "math": math}
        return eval(ctor or self.ctor, namespace)

    # -- actions shared by both games ----------------------------------------------------

    def do_push_legal(self, draw: Draw) -> None:
        moves = self.game.legal_moves()
        if moves:
            move = self.legal_move(self.game, draw)
            accepted, _ = self.attempt(Call(f"g.push({move!r})", lambda g: g.push(move)))
            if not accepted and self.game.legal_moves():
                self.tally.record(
                    Defect(
                        f"{self.module.__name__}: legal move refused",
                        f"{move!r} is in legal_moves() but push refused it",
                        f"g = {self.ctor}\n...\ng.push({move!r})",
                    )
                )

    def do_advance(self, draw: Draw) -> None:
        for _ in range(draw.pick((1, 5, 20, 60))):
            if not self.game.legal_moves():
                break
            self.do_push_legal(draw)

    def do_pop(self, draw: Draw) -> None:
        count = len(self.game.events)
        redo_expected = self.snaps.get(count)
        accepted, move = self.attempt(method("pop"))
        if accepted and draw.pick((True, False)) and redo_expected is not None:
            again, _ = self.attempt(Call(f"g.push({move!r})", lambda g: g.push(move)))
            if again and self.snapshot(self.game) != redo_expected:
                self.tally.record(
                    Defect(
                        f"{self.module.__name__}: pop then push differs",
                        f"re-pushing {move!r} gave another game",
                        f"g = {self.ctor}\n...\nm = g.pop(); g.push(m)",
                    )
                )

    def do_query(self, draw: Draw) -> None:
        name = draw.pick(self.QUERIES)
        if hasattr(self.game, name):
            accepted, result = self.attempt(method(name, query=True))
            count = len(self.game.events)
            if accepted and name == "takeback_depth" and not 0 <= result <= count:
                self.tally.record(
                    Defect(
                        f"{self.module.__name__}: takeback_depth out of range",
                        f"{result!r} with {count} moves played",
                        f"g = {self.ctor}\n...\ng.takeback_depth()",
                    )
                )

    def do_load(self, draw: Draw) -> None:
        text, src, strict = mutant(self.game.to_json(), draw)
        self.attempt(load_call(self.module, text, src, strict))

    QUERIES: tuple[str, ...] = ("legal_moves", "copy", "to_json", "takeback_depth")


def load_call(module: Any, text: object, src: str | None = None, strict: bool = False) -> Call:
    """``Game.from_json(text)``, written with ``src`` (a mutation of ``s``) when given."""
    if src is None:
        return function(module, "Game.from_json", text, builds=True)
    name = module.__name__.rsplit(".", 1)[-1]
    return Call(
        f"s = g.to_json()\n{name}.Game.from_json({src})",
        lambda _game: module.Game.from_json(text),
        refuse=strict,
        builds=True,
        query=True,
        label=f"{name}.Game.from_json",
    )
