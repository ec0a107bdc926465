"""Fuzz both engines for a long time: do odd inputs ever escape as anything but IllegalMove?

The same actions and checks as the stateful tests (``tests/fuzzing/``, used by
``tests/penta/test_penta_stateful.py`` and ``tests/farkle/test_farkle_stateful.py``), driven
by a seeded ``random.Random`` instead of Hypothesis, for many more steps:

* ``--actions N`` actions per game (default 100,000): legal moves and illegal ones, odd
  values in every argument (NaN, huge ints, bools, NumPy scalars and 0-d arrays, texts),
  undo and redo, notation lines, constructors, saves. After every step a refusal must be
  ``IllegalMove`` with the game unchanged; an accepted move must keep the save
  round-tripping (checked every ``--roundtrip-every`` moves and at the end of a game:
  loading replays the whole game);
* ``--mutants N`` save mutants per game (default 10,000): each must be refused with
  ``IllegalMove`` or load a game whose own save round-trips.

It prints the counts (actions tried, accepted, refused; mutants refused and loaded), the
speed against a named reference (the same number of legal moves pushed without any
check), and every distinct defect with the shortest reproduction seen. The exit status is
1 when there is a defect.

Usage: ``python benchmarks/fuzz.py [--actions N] [--mutants N] [--seed S]
[--games penta farkle] [--roundtrip-every K]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's dicelab, and the fuzzers

from fuzzing import FarkleFuzz, Fuzz, PentaFuzz, RandomDraw, SaveFuzz, Tally, summary  # noqa: E402

FUZZERS: dict[str, type[Fuzz]] = {"penta": PentaFuzz, "farkle": FarkleFuzz}


def run_actions(fuzz: Fuzz, draw: RandomDraw, count: int) -> None:
    """Play ``count`` actions, starting a new game now and then and once a game is over."""
    fuzz.start(draw)
    step = max(count // 10, 1)
    shown = 0
    while fuzz.tally.actions < count:
        if (fuzz.game.is_over and draw.whole(0, 2) == 0) or draw.whole(0, 500) == 0:
            fuzz.start(draw)
        fuzz.act(draw.pick(fuzz.ACTIONS), draw)
        if fuzz.tally.actions >= shown + step:
            shown = fuzz.tally.actions // step * step
            print(f"  {shown:,} actions, {len(fuzz.tally.defects)} defects", flush=True)


def run_mutants(fuzz: Fuzz, draw: RandomDraw, count: int) -> None:
    """Load ``count`` save mutants of games of every length."""
    saves = SaveFuzz(fuzz)
    for index in range(count):
        if index % 25 == 0:
            fuzz.start(draw, draw.pick((0, 1, 3, 12, 60, 400)))
        if index % 5 == 4:
            saves.check_dict(draw)
        else:
            saves.check(draw)


def reference(fuzz: Fuzz, draw: RandomDraw, moves: int) -> float:
    """Seconds to push ``moves`` random legal moves with no check at all."""
    started = time.perf_counter()
    fuzz.start(draw, 0)
    for _ in range(moves):
        if not fuzz.game.legal_moves():
            fuzz.start(draw, 0)
        fuzz.game.push(fuzz.legal_move(fuzz.game, draw))
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=100_000, help="actions per game")
    parser.add_argument("--mutants", type=int, default=10_000, help="save mutants per game")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random choices")
    parser.add_argument("--games", nargs="+", choices=sorted(FUZZERS), default=["penta", "farkle"])
    parser.add_argument(
        "--roundtrip-every", type=int, default=10, help="check the save round-trip every K moves"
    )
    args = parser.parse_args(argv)
    defects = 0
    for name in args.games:
        tally = Tally(collect=True)
        fuzz = FUZZERS[name](tally)
        fuzz.roundtrip_every = max(args.roundtrip_every, 1)
        draw = RandomDraw(args.seed)
        print(f"== {name}: {args.actions:,} actions, {args.mutants:,} save mutants", flush=True)
        started = time.perf_counter()
        run_actions(fuzz, draw, args.actions)
        acting = time.perf_counter() - started
        started = time.perf_counter()
        run_mutants(fuzz, draw, args.mutants)
        mutating = time.perf_counter() - started
        plain = reference(FUZZERS[name](Tally(collect=True)), draw, tally.accepted)
        print(summary(tally))
        print(
            f"time: actions {acting:.1f} s ({tally.actions / acting:,.0f}/s), "
            f"mutants {mutating:.1f} s ({tally.mutants / max(mutating, 1e-9):,.0f}/s); "
            f"reference: the {tally.accepted:,} accepted moves pushed without checks take "
            f"{plain:.1f} s, ratio {acting / max(plain, 1e-9):.1f}x",
            flush=True,
        )
        defects += len(tally.defects)
    print(f"== {defects} distinct defects in all")
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
