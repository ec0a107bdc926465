"""Benchmark: review a whole 13-round Penta game, against the advisor's own query time.

With the value and second-moment tables loaded (read from the cache), each run reviews a
fresh seeded solitaire game played by the heuristic player, with a fresh reviewer (so that no
turn is cached). In the same run it times ``Solver.option_values`` on cards whose turn is not
cached yet (a fresh solver over the same table) and prints the ratio

    review time / (one cold option_values call x the number of decisions)

and the ratio against a cached call. ``--heuristic N`` also reports the heuristic player's
mean loss per decision over N seeded games (the figure in ``docs/review.md``), and
``--farkle N`` the computer player's Farkle loss per turn over N turns.

    python benchmarks/review.py [--rules official] [--runs 5] [--heuristic 1000] [--farkle 1000]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from dicelab.penta.game import Game
from dicelab.penta.moments import Moments
from dicelab.penta.review import Reviewer, review
from dicelab.penta.solver import Solver

BUDGET = 0.300  # seconds for a whole game's review (issue 12)


def heuristic_game(rules: str, seed: int) -> Game:
    game = Game(("Heuristic",), computer={0: "heuristic"}, rules=rules, seed=seed)
    game.play_computer_turns()
    return game


def fresh_reviewer(rules: str) -> Reviewer:
    """A reviewer with its tables loaded from the cache and nothing else computed."""
    solver = Solver(rules).build()
    reviewer = Reviewer(solver=solver)
    reviewer.moments.build()
    return reviewer


def option_values_times(rules: str, game: Game) -> tuple[float, float]:
    """Median seconds of one option_values call on a card whose turn is not cached, and of one
    on a card whose turn is."""
    solver = Solver(rules).build()
    cold, warm = [], []
    seen = set()
    replay = Game(game.seats, rules=game.rules, seed=game.seed)
    for event in game.events:
        situation = replay.situation
        if situation is not None and situation.dice is not None:
            card, dice = situation.card, situation.dice
            start = time.perf_counter()
            solver.option_values(card, dice, situation.rolls_left)
            spent = time.perf_counter() - start
            (warm if card in seen else cold).append(spent)
            seen.add(card)
        replay.push(event)
    return statistics.median(cold), statistics.median(warm)


def penta(rules: str, runs: int) -> None:
    Solver(rules).build()
    Moments(rules).build()
    review(heuristic_game(rules, 10_000), reviewer=fresh_reviewer(rules))  # index tables
    times, ratios, warm_ratios = [], [], []
    for run in range(runs):
        game = heuristic_game(rules, run)
        reviewer = fresh_reviewer(rules)
        start = time.perf_counter()
        result = review(game, reviewer=reviewer)
        spent = time.perf_counter() - start
        cold, warm = option_values_times(rules, game)
        n = len(result.decisions)
        times.append(spent)
        ratios.append(spent / (cold * n))
        warm_ratios.append(spent / (warm * n))
        print(
            f"game {run}: {n} decisions, review {1000 * spent:.1f} ms; option_values "
            f"{1000 * cold:.2f} ms cold, {1000 * warm:.3f} ms cached; ratio "
            f"{ratios[-1]:.2f} (cold) {warm_ratios[-1]:.1f} (cached)"
        )
    median = statistics.median(times)
    verdict = "within" if median <= BUDGET else "OVER"
    print(
        f"{rules}: median review {1000 * median:.1f} ms ({verdict} the {1000 * BUDGET:.0f} ms "
        f"budget); ratio to one cold option_values x decisions {statistics.median(ratios):.2f}, "
        f"to one cached call {statistics.median(warm_ratios):.1f}"
    )


def heuristic_loss(rules: str, games: int) -> None:
    reviewer = fresh_reviewer(rules)
    losses: list[float] = []
    per_game: list[float] = []
    start = time.perf_counter()
    for seed in range(games):
        result = review(heuristic_game(rules, seed), reviewer=reviewer)
        losses += [d.loss for d in result.decisions]
        per_game.append(result.total_loss)
    mean = statistics.fmean(losses)
    se = statistics.stdev(losses) / math.sqrt(len(losses))
    print(
        f"heuristic, {rules}, {games} games ({time.perf_counter() - start:.0f} s): "
        f"{len(losses)} decisions, mean loss {mean:.4f} ± {se:.4f} points per decision, "
        f"{statistics.fmean(per_game):.2f} points per game"
    )


def farkle_loss(turns: int) -> None:
    from dicelab.farkle.game import Game as FarkleGame
    from dicelab.farkle.review import review as farkle_review

    losses: list[float] = []
    seed = 0
    while len(losses) < turns:
        game = FarkleGame(0, True, seed=seed).play_out()
        per_turn: dict[int, float] = {}
        for d in farkle_review(game).decisions:
            per_turn[d.round] = per_turn.get(d.round, 0.0) + d.loss
        history = game.situations()
        started = sum(1 for s in history[:-1] if s.turn.phase == "roll")
        losses += [per_turn.get(t, 0.0) for t in range(1, started + 1)]
        seed += 1
    losses = losses[:turns]
    mean = statistics.fmean(losses)
    se = statistics.stdev(losses) / math.sqrt(len(losses))
    print(f"farkle computer, {turns} turns: loss {mean:.1f} ± {se:.1f} points per turn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="official")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--heuristic", type=int, default=0, metavar="GAMES")
    parser.add_argument("--farkle", type=int, default=0, metavar="TURNS")
    args = parser.parse_args()
    penta(args.rules, args.runs)
    if args.heuristic:
        heuristic_loss(args.rules, args.heuristic)
    if args.farkle:
        farkle_loss(args.farkle)


if __name__ == "__main__":
    main()
