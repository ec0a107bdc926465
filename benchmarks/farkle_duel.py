"""Farkle strategy against strategy, exactly: how fast is the duel, does simulation agree?

For each rule set (``--rules``, default ``standard`` and ``minimal``) and target
(``--targets``, default 5,000 and 10,000):

* the reference: the two-player win-chance table's build (``solve_win_chances``, no disk
  cache), measured in the same run, after both compiled kernels are warm;
* the exact duel of each pair of: the optimal player (``WinChances``: plays to win), the
  score-maximiser (``"optimal"``: the turn of most expected points) and the seed's computer
  player (``ComputerPlayer()``), its time, and for optimal against score-maximiser the
  ratio of its time to the table's build (goal: at most 4);
* beside each exact figure, ``--games`` simulated games (default 100,000) with each
  strategy starting, their standard error and the gap in standard errors (goal: under 3).

Usage: ``python benchmarks/farkle_duel.py [--rules standard minimal] [--targets 5000
10000] [--games 100000] [--exact-only]``. Prints the peak memory at the end.
"""

from __future__ import annotations

import argparse
import resource
import time
from typing import Any

from dicelab.farkle import ComputerPlayer, Rules, duel, simulate_games
from dicelab.farkle.winchance import solve_win_chances

GOAL_RATIO = 4.0
GOAL_GAP = 3.0


def _warm() -> None:
    """Compile (or load) every numba kernel before anything is timed."""
    chances = solve_win_chances(target=300)
    duel(chances, ComputerPlayer(), target=300)
    duel(300, "optimal", target=300)


def _pairs(chances: Any) -> list[tuple[str, Any, str, Any]]:
    optimal, maximiser, computer = chances, "optimal", ComputerPlayer()
    return [
        ("optimal", optimal, "score-maximiser", maximiser),
        ("optimal", optimal, "computer", computer),
        ("score-maximiser", maximiser, "computer", computer),
    ]


def _simulated(
    seats: list[Any], games: int, target: int, rules: Rules, seed: int
) -> tuple[float, float, float]:
    began = time.perf_counter()
    results = simulate_games(seats, games, target=target, seed=seed, rules=rules)
    return (
        float(results.win_rates[0]),
        float(results.standard_errors[0]),
        (time.perf_counter() - began),
    )


def run(rules_name: str, target: int, games: int, exact_only: bool) -> list[float]:
    """Print one block; return the gaps (in standard errors) of its simulations."""
    rules = Rules.preset(rules_name)
    began = time.perf_counter()
    chances = solve_win_chances(rules, target)
    build = time.perf_counter() - began
    print(f"\n{rules_name}, target {target:,}: win-chance table build {build:.2f} s (reference)")
    print(
        f"  the table: first player wins {chances.first_player_chance:.6f}, "
        f"fair head start {chances.fair_head_start()}"
    )
    gaps: list[float] = []
    for first_name, first, second_name, second in _pairs(chances):
        began = time.perf_counter()
        result = duel(first, second, rules=rules, target=target)
        seconds = time.perf_counter() - began
        line = f"  {first_name} vs {second_name}: exact in {seconds:.2f} s"
        if first_name == "optimal" and second_name == "score-maximiser":
            ratio = seconds / build
            verdict = "within" if ratio <= GOAL_RATIO else "OVER"
            line += f" -> ratio {ratio:.2f} of the build ({verdict} the goal {GOAL_RATIO:g})"
        print(line + f"; fair head start {result.fair_head_start:+d}")
        rows = [
            (first_name, [first, second], result.first_wins),
            (second_name, [second, first], result.first_wins_second_starting),
        ]
        for starter, seats, exact in rows:
            shown = f"    {starter} starts: {first_name} wins {exact:.6f} exactly"
            if exact_only:
                print(shown)
                continue
            seed = 27 + len(gaps)
            rate, error, sim_seconds = _simulated(seats, games, target, rules, seed)
            mine = rate if seats[0] is first else 1.0 - rate
            gap = (mine - exact) / error
            gaps.append(abs(gap))
            print(
                f"{shown}; simulated {mine:.4f} ± {error:.4f} ({games:,} games, "
                f"{sim_seconds:.0f} s) -> {gap:+.2f} standard errors"
            )
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=["standard", "minimal"])
    parser.add_argument("--targets", type=int, nargs="*", default=[5000, 10000])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--exact-only", action="store_true", help="no simulations")
    args = parser.parse_args()
    _warm()
    gaps: list[float] = []
    for rules_name in args.rules:
        for target in args.targets:
            gaps += run(rules_name, target, args.games, args.exact_only)
    if gaps:
        worst = max(gaps)
        verdict = "within" if worst < GOAL_GAP else "OVER"
        print(f"\nlargest gap {worst:.2f} standard errors ({verdict} the goal {GOAL_GAP:g})")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
