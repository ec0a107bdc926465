"""Penta's command line: build the solver's tables, and simulate games played by it.

    python -m dicelab.penta --build [PRESET ...]      (python -m dicelab.penta.solver: the same)
    python -m dicelab.penta --build official --simulate 10000 --seed 0

It sits above the solver and the simulation, which never import it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from dicelab.errors import IllegalMove
from dicelab.i18n import format_number, msg
from dicelab.numbers import check_seed, parse_whole, show_value
from dicelab.penta.rules import PRESETS, Rules
from dicelab.penta.simulate import simulate
from dicelab.penta.solver import Solver, text_progress

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dicelab.penta --build [PRESET ...]``: build and cache tables (and simulate)."""
    parser = _parser()
    args = parser.parse_args(argv)
    presets = args.presets or list(PRESETS)
    for name in presets:
        try:
            Rules.preset(name)
        except IllegalMove as error:
            parser.error(str(error))
    if not args.build and not args.simulate:
        parser.print_help()
        return 2
    for name in presets:
        solver = _build_and_report(name, args.force)
        if args.simulate:
            print(simulate(args.simulate, seed=args.seed, solver=solver).summary())
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m dicelab.penta.solver", description=str(msg("Penta's optimal solver."))
    )
    parser.add_argument("--build", action="store_true", help=str(msg("build and cache tables")))
    parser.add_argument("--force", action="store_true", help=str(msg("rebuild cached tables")))
    parser.add_argument(
        "--simulate", type=_count, default=0, metavar="N", help=str(msg("play N games and report"))
    )
    parser.add_argument("--seed", type=_seed, default=None)
    parser.add_argument(
        "presets", nargs="*", metavar="PRESET", help=", ".join(PRESETS) + " (default: all)"
    )
    return parser


def _count(text: str) -> int:
    try:
        value = parse_whole(text)
    except IllegalMove:
        value = -1
    if value < 0:
        problem = msg("The number of games is a whole number, not {value}.", value=show_value(text))
        raise argparse.ArgumentTypeError(str(problem))
    return value


def _seed(text: str) -> int:
    try:
        return check_seed(parse_whole(text))
    except IllegalMove as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _build_and_report(name: str, force: bool) -> Solver:
    solver = Solver(name)
    start = time.perf_counter()
    solver.build(text_progress(name), force=force)
    print(
        msg(
            "{rules}: expected score {value} ({seconds} s, {path})",
            rules=name,
            value=format_number(solver.expected_score(), decimals=7),
            seconds=format_number(time.perf_counter() - start, decimals=1),
            path=solver.path,
        )
    )
    return solver


if __name__ == "__main__":
    sys.exit(main())
