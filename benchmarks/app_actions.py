"""Benchmark: the kernel's CPU for a learner's action in the Penta and Farkle apps.

Each click of a learner (roll, hold, score, set aside, bank) is handled in the app's kernel,
which redraws the app: the dice, the scorecard, the words. This plays whole games by the apps'
own actions (as the widget tests do, no browser) in French, Ada against the computer, and
counts the process's CPU time per action. In the same run, alternately, it plays the same
games with the remembered results of :func:`dicelab.i18n.format_number` and
:func:`dicelab.farkle.scoring.sub_multisets` turned off: **the reference**, the apps as they
were before those two caches. Printed: CPU ms per action for each, and the ratio.

    python benchmarks/app_actions.py [--games 3] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from dicelab import i18n
from dicelab.farkle import scoring
from dicelab.widgets.common.timer import ManualScheduler
from dicelab.widgets.farkle.app import FarkleApp
from dicelab.widgets.penta.app import PentaApp


def penta_game(seed: int) -> int:
    """A whole game of Ada (roll, hold the commonest face, roll, best box) against the
    computer; the number of Ada's actions."""
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
    actions = 0
    while not app.game.is_over:
        app.roll()
        face = Counter(app.game.dice).most_common(1)[0][0]
        for i, die in enumerate(app.game.dice):
            if die == face:
                app.hold(i)
                actions += 1
        app.roll()
        options = app.game.options()
        app.score(max(options, key=lambda box: options[box]))
        actions += 3
    return actions


def farkle_game(seed: int) -> int:
    """A whole game to 5,000 of Ada (the best set-aside, bank from 350) against the computer;
    the number of Ada's actions."""
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
    actions = 0
    while not app.game.is_over:
        turn = app.game.turn
        if turn.phase == "set_aside":
            options = turn.set_aside_options()
            dice = max(options, key=lambda d: (options[d], -len(d)))
            app.set_aside(*turn.positions_of(dice))
        elif turn.can_bank and turn.points >= 350:
            app.bank()
        else:
            app.roll()
        actions += 1
    return actions


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
    """CPU ms per action over ``games`` seeded games."""
    started, actions = time.process_time(), 0
    for seed in range(games):
        actions += play(seed)
    return 1000 * (time.process_time() - started) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games of each app per run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for name, play in (("Penta", penta_game), ("Farkle", farkle_game)):
        play(99)  # imports, tables and fonts loaded before the first measure
        now, before = [], []
        for _ in range(args.runs):
            with as_before():
                before.append(cpu_per_action(play, args.games))
            now.append(cpu_per_action(play, args.games))
        reference, current = statistics.median(before), statistics.median(now)
        print(
            f"{name}: {current:.2f} CPU ms per action, reference (no remembered numbers "
            f"or set-asides) {reference:.2f} ms: ratio {current / reference:.2f}"
        )


if __name__ == "__main__":
    main()
