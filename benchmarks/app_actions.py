"""Benchmark: the kernel's CPU for a learner's action in the Penta and Farkle apps.

Each click of a learner (roll, hold, score, set aside, bank) is handled in the app's kernel,
which redraws the app: the dice, the scorecard, the words. This plays whole games by the apps'
own actions (the widget tests' ``penta_turn`` and ``farkle_move``, no browser) in French,
Ada against the computer, and counts the process's CPU time per Penta turn and Farkle move.
In the same run, alternately, it plays the same games with the remembered results of
:func:`dicelab.i18n.format_number` and :func:`dicelab.farkle.scoring.sub_multisets` turned
off: **the reference**, the apps as they were before those two caches. Printed: CPU ms a
turn or a move for each, and the ratio.

    python benchmarks/app_actions.py [--games 3] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dicelab import i18n  # noqa: E402
from dicelab.farkle import scoring  # noqa: E402
from dicelab.widgets.common.timer import ManualScheduler  # noqa: E402
from dicelab.widgets.farkle.app import FarkleApp  # noqa: E402
from dicelab.widgets.penta.app import PentaApp  # noqa: E402
from tests.widgets.test_endgame import farkle_move, penta_turn  # noqa: E402


def penta_game(seed: int) -> int:
    """A whole game of Ada against the computer, Ada's turns as the widget tests play them
    (roll, hold the commonest face, roll, the best box); the number of Ada's turns."""
    app = PentaApp(
        players=["Ada", "Comp"],
        computer=[1],
        seed=seed,
        lang="fr",
        animate=False,
        speed=0,
        scheduler=ManualScheduler(),
        computer_player="heuristic",
    )
    turns = 0
    while not app.game.is_over:
        penta_turn(app)
        turns += 1
    return turns


def farkle_game(seed: int) -> int:
    """A whole game to 5,000 of Ada against the computer, Ada's moves as the widget tests play
    them (the best set-aside, bank from 350); the number of Ada's moves."""
    app = FarkleApp(
        humans=["Ada"],
        computer=True,
        target=5000,
        seed=seed,
        lang="fr",
        animate=False,
        speed=0,
        scheduler=ManualScheduler(),
    )
    moves = 0
    while not app.game.is_over:
        farkle_move(app)
        moves += 1
    return moves


@contextmanager
def as_before() -> Iterator[None]:
    """The reference: both functions compute again at every call, as before their caches."""
    written, subs = i18n._written, scoring._sub_multisets
    i18n._written = lambda kind, value, *rest: i18n._write(value, *rest)  # type: ignore
    scoring._sub_multisets = subs.__wrapped__  # type: ignore[assignment]
    try:
        yield
    finally:
        i18n._written, scoring._sub_multisets = written, subs


def cpu_per_action(play: Callable[[int], int], games: int) -> float:
    """CPU ms per action (a Penta turn, a Farkle move) over ``games`` seeded games."""
    started, actions = time.process_time(), 0
    for seed in range(games):
        actions += play(seed)
    return 1000 * (time.process_time() - started) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each app per run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for name, play, action in (
        ("Penta", penta_game, "turn (roll, holds, roll, score)"),
        ("Farkle", farkle_game, "move (set aside, roll or bank)"),
    ):
        play(99)  # imports, tables and fonts loaded before the first measure
        now, before = [], []
        for _ in range(args.runs):
            with as_before():
                before.append(cpu_per_action(play, args.games))
            now.append(cpu_per_action(play, args.games))
        reference, current = statistics.median(before), statistics.median(now)
        print(
            f"{name}: {current:.2f} CPU ms a {action}, reference (no remembered numbers "
            f"or set-asides) {reference:.2f} ms: ratio {current / reference:.2f}"
        )


if __name__ == "__main__":
    main()
