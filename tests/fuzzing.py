"""Fuzzing both engines: odd values, checked calls, the games' actions and save mutants.

Shared by the stateful tests (``tests/*/test_*_stateful.py``), the save-mutation test
(``tests/test_save_mutation.py``) and the long run (``benchmarks/fuzz.py``). Only the
public API is used: ``from dicelab import penta, farkle`` and ``dicelab.IllegalMove``.

Every action is a :class:`Call` (Python source plus the function that runs it). A
:class:`Fuzz` runs it on its game and checks the contract:

* a refusal is :class:`~dicelab.IllegalMove` and the game's snapshot (save JSON,
  situation line, totals, dice...) is exactly as before; any other exception is a defect;
* a value that is not a whole number where one is expected (a bool, NaN, a string...) is
  refused; a NumPy whole number or 0-d array behaves exactly as the plain ``int``;
* after an accepted move the save round-trips, the situation line parses back, a legal
  move is accepted, and ``pop()`` gives back the snapshot before the move (re-pushing the
  popped move gives the same state again).

Random choices come from a :class:`Draw`: :class:`RandomDraw` (the long run) or
:class:`DataDraw` (Hypothesis, which then shrinks a failure). A defect either raises
:class:`DefectFound` (tests) or is counted in a :class:`Tally` with a short reproduction
(the long run keeps the shortest reproduction of each distinct defect).

>>> draw = RandomDraw(1)
>>> fuzz = PentaFuzz(Tally(collect=True))
>>> fuzz.start(draw)
>>> for _ in range(200):
...     fuzz.act(draw.pick(fuzz.ACTIONS), draw)
>>> fuzz.tally.actions > 100 and fuzz.tally.accepted > 0 and fuzz.tally.refused > 0
True
"""

from __future__ import annotations

import json
import math
import random
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from dicelab import IllegalMove, farkle, penta

MAX_SEED = 2**64 - 1  # dicelab.numbers.MAX_SEED: the largest seed a game accepts

# -- odd values ------------------------------------------------------------------------------


def _odd_numbers() -> list[object]:
    return [
        True,
        False,
        np.True_,
        np.False_,
        math.nan,
        math.inf,
        -math.inf,
        -0.0,
        1.0,
        2.5,
        np.float64(1.0),
        np.float32("nan"),
        -1,
        -(2**63),
        7,
        10**20,
        10**20 + 1,
        2**64,
        -(10**30),
        10**5000,
        -(10**5000),
        np.int8(2),
        np.int64(3),
        np.int64(-1),
        np.uint8(1),
        np.uint64(2**64 - 1),
        np.array(2),
        np.array(9),
        np.array(-3),
        np.array(1.0),
        np.array(True),
        np.array([1]),
        "1",
        "",
        "²",
        "①",
        b"1",
        None,
        [],
        [1],
        {},
        Decimal("NaN"),
        Decimal("1"),
        Decimal("sNaN"),
        Fraction(2, 1),
        1 + 0j,
    ]


ODD_NUMBERS: list[object] = _odd_numbers()
"""Values for a whole-number slot that a game should refuse (or treat as the plain int)."""


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


ODD_KEYS: list[object] = [value for value in ODD_NUMBERS if _hashable(value)]
"""The odd numbers that may be a dictionary's key."""

ODD_TEXTS: list[object] = [
    "",
    " ",
    "x",
    "Chance",
    "CHANCE",
    "chance ",
    "aces\n",
    "\x00",
    "\ud800",
    "é" * 3,
    "x" * 5000,
    "[" * 5000,
    "|" * 100,
    np.str_("chance"),
    b"chance",
    bytearray(b"x"),
    None,
    5,
    math.nan,
    10**5000,
    ["chance"],
    ("chance",),
    {"chance": 1},
]
"""Values for a text slot (a box, a player's name, a notation line, a save)."""


def source(value: object) -> str:
    """Python source that rebuilds ``value`` (``np``, ``math``, ``Decimal``... in scope).

    >>> source([math.nan, np.int64(2), np.array(3), 10**5000, "[" * 300 + "x" + "]" * 300])
    "[math.nan, np.int64(2), np.array(3, dtype=np.int64), 10**5000, '[' * 300 + 'x' + ']' * 300]"
    """
    if isinstance(value, bool | type(None)):
        return repr(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "math.nan"
        if math.isinf(value):
            return "math.inf" if value > 0 else "-math.inf"
        return repr(value)
    if isinstance(value, int):
        if abs(value) > 10**30:
            sign = "-" if value < 0 else ""
            magnitude = abs(value)
            for base in (10, 2):
                exponent = round(math.log(magnitude, base))
                for e in (exponent - 1, exponent, exponent + 1):
                    if base**e == magnitude:
                        return f"{sign}{base}**{e}" if not sign else f"-({base}**{e})"
            return f"{sign}int('{'9' * 3}...') (a whole number of {len(str(magnitude))} digits)"
        return repr(value)
    if isinstance(value, np.ndarray):
        inner = source(value.tolist()) if value.ndim else source(value.item())
        return f"np.array({inner}, dtype=np.{value.dtype})"
    if isinstance(value, np.generic):
        item = value.item()
        inner = f"'{item}'" if isinstance(item, float) and not math.isfinite(item) else repr(item)
        return f"np.{type(value).__name__}({inner})"
    if isinstance(value, str | bytes):
        if len(value) > 60:
            short = _repeats(value)
            if short is not None:
                return short
        if len(value) > 200:
            return f"{value[:150]!r} + ... ({len(value)} characters)"
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(source(v) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(source(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, frozenset | set):
        inner = ", ".join(source(v) for v in sorted(value, key=repr))
        return f"{type(value).__name__}({{{inner}}})" if value else f"{type(value).__name__}()"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{source(k)}: {source(v)}" for k, v in value.items()) + "}"
    if isinstance(value, range | Decimal | Fraction | complex | bytearray):
        return repr(value)
    return f"<{type(value).__name__}>"


def _repeats(text: str | bytes, limit: int = 200) -> str | None:
    """``text`` as a sum of repeated pieces (``'[' * 3000 + 'x' + ']' * 3000``), or ``None``
    when that is no shorter than ``limit`` characters."""
    parts: list[str] = []
    literal = text[:0]
    i = 0
    while i < len(text):
        for size in range(1, 9):
            unit = text[i : i + size]
            count = 1
            while text[i + count * size : i + (count + 1) * size] == unit:
                count += 1
            if count * size >= 24 and count > 2:
                break
        else:
            literal += text[i : i + 1]
            i += 1
            if len(literal) > limit:
                return None
            continue
        if literal:
            parts.append(repr(literal))
            literal = text[:0]
        parts.append(f"{unit!r} * {count}")
        i += count * size
        if sum(map(len, parts)) > limit:
            return None
    if literal:
        parts.append(repr(literal))
    return " + ".join(parts)


def is_whole(value: object) -> bool:
    """A whole number as dicelab.numbers counts it: int or NumPy int (0-d too), not a bool."""
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "iu"
    return isinstance(value, int | np.integer) and not isinstance(value, bool)


def plain(value: object) -> object:
    """``value`` with NumPy whole numbers as ``int`` and NumPy texts as ``str`` (recursively).

    >>> plain([np.int64(1), (np.array(2),), np.str_("a"), np.array([3, 4])])
    [1, (2,), 'a', [3, 4]]
    """
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "iu":
            return value.tolist()
        return value
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.str_):
        return str(value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    return value


def numbers_problem(values: object, *, single: bool = False) -> bool:
    """True when ``values`` can never be accepted as whole numbers (one, or a list of them)."""
    if single:
        return not is_whole(values)
    if isinstance(values, list | tuple | set | frozenset | range):
        return any(not is_whole(v) for v in values)
    if isinstance(values, np.ndarray):
        return values.ndim != 1 or values.dtype.kind not in "iu"
    return not isinstance(values, dict)  # a scalar, a text, None: never a list of numbers


def _seed_ok(seed: object) -> bool:
    return is_whole(seed) and 0 <= int(seed) <= MAX_SEED  # type: ignore[call-overload]


def text_problem(value: object) -> bool:
    """True when ``value`` is not text at all (a text slot must refuse it)."""
    return not isinstance(value, str)


# -- random choices ------------------------------------------------------------------------


class Draw:
    """Where a fuzzer's choices come from."""

    def pick(self, options: Sequence[Any]) -> Any:
        raise NotImplementedError

    def whole(self, low: int, high: int) -> int:
        raise NotImplementedError

    def sample(self, options: Sequence[Any], size: int) -> list[Any]:
        pool = list(options)
        chosen = []
        for _ in range(min(size, len(pool))):
            chosen.append(pool.pop(self.whole(0, len(pool) - 1)))
        return chosen


class RandomDraw(Draw):
    """Choices from ``random.Random(seed)`` (the long run)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def pick(self, options: Sequence[Any]) -> Any:
        return options[self.random.randrange(len(options))]

    def whole(self, low: int, high: int) -> int:
        return self.random.randint(low, high)


class DataDraw(Draw):
    """Choices drawn by Hypothesis (``st.data()``), so that a failure shrinks."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def pick(self, options: Sequence[Any]) -> Any:
        from hypothesis import strategies as st

        return options[self.data.draw(st.integers(0, len(options) - 1))]

    def whole(self, low: int, high: int) -> int:
        from hypothesis import strategies as st

        return self.data.draw(st.integers(low, high))


# -- calls and defects -----------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One action: its Python source (``g`` is the game) and how to run it on a game.

    ``refuse``: the arguments can never be accepted. ``twin``: the same call with plain
    ints, which must behave the same. ``query``: never changes the game. ``builds``: the
    result is a new game (a constructor or a loader) to check too.
    """

    text: str
    run: Callable[[Any], Any] = field(compare=False)
    refuse: bool = False
    twin: Call | None = None
    query: bool = False
    builds: bool = False
    label: str = ""

    @property
    def name(self) -> str:
        """What the call is called in a defect's name."""
        return self.label or self.text.split("(")[0]


def method(name: str, *args: object, refuse: bool = False, query: bool = False) -> Call:
    """``g.name(*args)``, with a plain-int twin when an argument holds NumPy values."""
    twin = None
    plain_args = plain(args)
    if source(plain_args) != source(args):
        twin = method(name, *plain_args, refuse=refuse, query=query)  # type: ignore[misc]
    return Call(
        f"g.{name}({', '.join(source(a) for a in args)})",
        lambda g: getattr(g, name)(*args),
        refuse,
        twin,
        query,
    )


def function(
    module: Any,
    path: str,
    *args: object,
    refuse: bool = False,
    builds: bool = False,
    label: str = "",
    **kwargs: object,
) -> Call:
    """``module.path(*args, **kwargs)`` (``path`` may be dotted: ``Game.from_json``)."""
    twin = None
    plain_args, plain_kwargs = plain(args), {k: plain(v) for k, v in kwargs.items()}
    if source((plain_args, plain_kwargs)) != source((args, kwargs)):
        twin = function(
            module, path, *plain_args, refuse=refuse, builds=builds, label=label, **plain_kwargs
        )  # type: ignore[misc]

    def run(_game: object) -> object:
        target = module
        for part in path.split("."):
            target = getattr(target, part)
        return target(*args, **kwargs)

    words = [source(a) for a in args] + [f"{k}={source(v)}" for k, v in kwargs.items()]
    name = module.__name__.rsplit(".", 1)[-1]
    return Call(f"{name}.{path}({', '.join(words)})", run, refuse, twin, True, builds, label)


@dataclass
class Defect:
    """A broken promise: ``key`` names it (exception type and where), ``repro`` shows it."""

    key: str
    detail: str
    repro: str


class DefectFound(AssertionError):
    """Raised by a fuzzer that does not collect: the defect, with its reproduction."""

    def __init__(self, defect: Defect) -> None:
        super().__init__(f"{defect.key}: {defect.detail}\n--- reproduction ---\n{defect.repro}")
        self.defect = defect


@dataclass
class Tally:
    """Counts of one run, and each distinct defect with its shortest reproduction."""

    collect: bool = False
    actions: int = 0
    accepted: int = 0
    refused: int = 0
    mutants: int = 0
    mutants_refused: int = 0
    mutants_loaded: int = 0
    defects: dict[str, Defect] = field(default_factory=dict)
    hits: Counter[str] = field(default_factory=Counter)

    def record(self, defect: Defect) -> None:
        """Count ``defect``; raise it unless collecting."""
        if not self.collect:
            raise DefectFound(defect)
        self.hits[defect.key] += 1
        known = self.defects.get(defect.key)
        if known is None or len(defect.repro) < len(known.repro):
            self.defects[defect.key] = defect


def where(error: BaseException) -> str:
    """The exception's type and the innermost dicelab function it passed through."""
    place = "?"
    for frame in traceback.extract_tb(error.__traceback__):
        if "/dicelab/" in frame.filename.replace("\\", "/"):
            path = Path(frame.filename)
            place = f"{path.parent.name}/{path.name}:{frame.name}"
    return f"{type(error).__name__} in {place}"


def _message(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception as failure:  # a message that cannot even be written
        text = f"<str() failed: {type(failure).__name__}>"
    return text if len(text) <= 300 else text[:300] + "…"


# -- the fuzzer: engine-independent part -----------------------------------------------------


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
            return (where(error), f"{type(error).__name__}: {_message(error)}"), False, None
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
            return "Refusal changed the game", f"refused ({_message(error)}) yet changed the game"
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
            problem = f"{where(error)}: {_message(error)}"
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

    def fresh(self) -> Any:
        namespace = {"penta": penta, "farkle": farkle, "np": np, "math": math}
        return eval(self.ctor, namespace)  # the source this fuzzer wrote itself

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


# -- Penta -----------------------------------------------------------------------------------

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
        ctor = f"penta.Game(players={names!r}, computer={computer!r}, rules={rules!r}, seed={seed})"
        return ctor, penta.Game(players=names, computer=computer, rules=rules, seed=seed)

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
        text = draw.pick((line, _mangle(line, draw), draw.pick(ODD_TEXTS)))
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
            refuse = seed is not None and not _seed_ok(seed)
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


def _mangle(line: str, draw: Draw) -> str:
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


# -- Farkle ----------------------------------------------------------------------------------

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
        seats, computer = draw.pick(((1, True), (2, True), (2, False), (0, True), (1, False)))
        rules = draw.pick(FARKLE_RULES)
        seed = draw.pick((0, 1, 2026, MAX_SEED, draw.whole(0, 2**40)))
        target = draw.pick((5000, 5000, 10000))
        ctor = (
            f"farkle.Game({seats}, {computer}, seed={seed}, target={target}, "
            f"rules=farkle.Rules.preset({rules!r}))"
        )
        game = farkle.Game(
            seats, computer, seed=seed, target=target, rules=farkle.Rules.preset(rules)
        )
        return ctor, game

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
        text = draw.pick((line, _mangle(line, draw), draw.pick(ODD_TEXTS)))
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
            refuse = isinstance(seats, bool | float | np.bool_ | np.floating | type(None))
        elif slot == "computer":
            computer = draw.pick((*ODD_NUMBERS, draw.pick(ODD_TEXTS)))
        elif slot == "seed":
            seed = draw.pick((*ODD_NUMBERS, 0, MAX_SEED, MAX_SEED + 1, np.uint64(MAX_SEED)))
            kwargs["seed"] = seed
            refuse = seed is not None and not _seed_ok(seed)
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


# -- save mutants ----------------------------------------------------------------------------

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
            return where(error), f"{type(error).__name__}: {_message(error)}"
        tally.mutants_loaded += count
        name = self.fuzz.module.__name__.rsplit(".", 1)[-1]
        if strict:
            return f"Accepted {name}.Game.{loader}", "loaded a save with a key twice or unknown"
        try:
            problem = self.fuzz.invariants(game)
        except Exception as error:
            problem = f"{where(error)}: {_message(error)}"
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


def with_imports(game: str, lines: list[str]) -> str:
    """The reproduction ``lines`` preceded by the imports they use."""
    body = "\n".join(lines)
    imports = [f"import {module}" for module in ("json", "math") if f"{module}." in body]
    if "np." in body:
        imports.append("import numpy as np")
    if "Decimal(" in body or "Fraction(" in body:
        imports += ["from decimal import Decimal", "from fractions import Fraction"]
    return "\n".join([*imports, f"from dicelab import {game}", body])


def summary(tally: Tally) -> str:
    """The counts and every distinct defect, as text."""
    lines = [
        f"actions tried       {tally.actions:>9,}",
        f"  legal, accepted   {tally.accepted:>9,}",
        f"  refused (Illegal) {tally.refused:>9,}",
        f"save mutants        {tally.mutants:>9,}",
        f"  refused           {tally.mutants_refused:>9,}",
        f"  loaded            {tally.mutants_loaded:>9,}",
        f"distinct defects    {len(tally.defects):>9,} ({sum(tally.hits.values()):,} hits)",
    ]
    for number, (key, defect) in enumerate(sorted(tally.defects.items()), start=1):
        lines.append("")
        lines.append(f"[{number}] {key}  (x{tally.hits[key]})")
        lines.append(f"    {defect.detail}")
        lines += ["    " + line for line in defect.repro.splitlines()]
    return "\n".join(lines)


__all__ = [
    "ODD_NUMBERS",
    "ODD_TEXTS",
    "Call",
    "DataDraw",
    "Defect",
    "DefectFound",
    "Draw",
    "FarkleFuzz",
    "Fuzz",
    "PentaFuzz",
    "RandomDraw",
    "SaveFuzz",
    "Tally",
    "mutant",
    "summary",
]
