"""Calls (an action as source and function), defects, and the tally of a run."""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .values import plain, source


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


def message_of(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception as failure:  # a message that cannot even be written
        text = f"<str() failed: {type(failure).__name__}>"
    return text if len(text) <= 300 else text[:300] + "…"


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
