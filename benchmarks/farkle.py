"""Farkle risk lab: how fast are the exact solvers and the simulator?

Each figure is printed beside a named reference measured in the same run, with the ratio:

* ``optimal_turn`` per preset, against a plain memoised Python recursion over every roll
  and every set-aside (the same equations, straight from ``set_aside_options``);
* the two-player win-chance solve (time, peak memory) for each target, against the same
  solve with plain fixed-point iteration (value iteration) instead of Newton's method on
  each diagonal, at a small target;
* simulated turns per second for a threshold strategy, against the engine's own
  step-by-step play (``Situation`` moves chosen by a threshold ``ComputerPlayer``).

Usage: ``python benchmarks/farkle.py [--targets 5000 10000] [--quick]``. Solved win
chances are saved to the disk cache (``DICELAB_CACHE_DIR`` or the user cache).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

import numpy as np

from dicelab.farkle import risk, winchance
from dicelab.farkle.moves import Bank, Roll
from dicelab.farkle.players import ComputerPlayer
from dicelab.farkle.rules import Rules
from dicelab.farkle.scoring import set_aside_options
from dicelab.farkle.simulate import simulate_turns
from dicelab.farkle.situation import Situation

PRESETS = ("standard", "minimal", "playmonster")


def timed(action, repeat: int = 1):
    best, result = float("inf"), None
    for _ in range(repeat):
        began = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - began)
    return best, result


# ------------------------------------------------------------------ optimal turn


def reference_turn(rules: Rules, cap: int) -> dict[tuple[int, int], float]:
    """Plain Python: value of (points, dice) for points below ``cap``, bank from ``cap``."""
    from dicelab.dice import outcomes

    rolls = {
        n: [(dice, float(p), set_aside_options(dice, rules)) for dice, p in outcomes(n).items()]
        for n in range(1, 7)
    }
    value: dict[tuple[int, int], float] = {}

    def get(points: int, n: int) -> float:
        return float(points) if points >= cap else value[points, n]

    roll6 = 0.0
    for points in range(cap - 50, -50, -50):
        for n in range(1, 7):
            total = 0.0
            for _, p, options in rolls[n]:
                if options:
                    total += p * max(
                        get(points + pts, n - len(k) or 6) for k, pts in options.items()
                    )
            value[points, n] = max(points, total) if points else total
            if points == 0 and n == 6:
                roll6 = total
    value[0, 6] = roll6
    return value


def bench_optimal_turn(quick: bool) -> None:
    print("optimal_turn (expected points of one turn), per preset")
    for name in PRESETS:
        rules = Rules.preset(name)
        risk._turn_tables.cache_clear()
        build, _ = timed(lambda rules=rules: risk.turn_tables(rules))
        risk._optimal_turn.cache_clear()

        def solve(rules=rules):
            risk._optimal_turn.cache_clear()
            return risk.optimal_turn(rules)

        seconds, turn = timed(solve, repeat=5)
        thresholds = [turn.bank_threshold(n) for n in range(1, 7)]
        line = (
            f"  {name:11s} E = {turn.expected_turn_score:9.4f}  thresholds 1..6 dice {thresholds}"
            f"  solve {seconds * 1e3:7.1f} ms (+ roll tables {build * 1e3:.0f} ms)"
        )
        if quick and name != "standard":
            print(line)
            continue
        ref_seconds, ref = timed(lambda rules=rules, cap=turn.cap: reference_turn(rules, cap))
        gap = max(abs(turn.value(p, n) - v) for (p, n), v in ref.items() if p)
        gap = max(gap, abs(ref[0, 6] - turn.expected_turn_score))
        print(line)
        print(
            f"  {'':11s} reference: plain Python recursion {ref_seconds:7.2f} s"
            f"  -> ratio {ref_seconds / seconds:,.0f}x  (largest difference {gap:.1e})"
        )
    standard = risk.optimal_turn()
    print(
        "  McKenna/Busche checks (standard): roll(250, 3) = "
        f"{standard.roll_value(250, 3):.4f} [293.4], value(100, 5) = "
        f"{standard.value(100, 5):.4f} [399.911], six dice bank from "
        f"{standard.bank_threshold(6)} [16,400]"
    )
    for rule in (300, 350, 500):
        value = risk.evaluate_threshold(rule)
        score, cost = value.expected_turn_score, value.cost()
        print(f"  threshold {rule}: {score:.2f} per turn, costs {cost:.2f}")
    value = risk.evaluate_player(ComputerPlayer())
    print(
        f"  computer player (level game): {value.expected_turn_score:.2f} per turn, costs "
        f"{value.cost():.2f}"
    )


# ------------------------------------------------------------------ win chances


def fixed_point_diagonal(tables, bank, caps, guess):
    """Reference: the same diagonal solved by plain fixed-point (value) iteration."""
    x = guess.copy()
    for _ in range(10_000):
        _, rolls, _, _ = risk.solve_turn(tables, bank, 1.0 - x[::-1], caps)
        value = rolls[0, 6]
        if np.max(np.abs(value - x)) <= winchance._TOLERANCE:
            return value
        x = value
    raise RuntimeError("no convergence")


def peak_rss_kib() -> int:
    """This process's peak resident memory (VmHWM: reset by exec, unlike ru_maxrss)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def solve_one(target: int) -> None:
    """Child process: solve, save to the cache, print the figures for the parent."""
    baseline = peak_rss_kib()
    began = time.perf_counter()
    chances = winchance.solve_win_chances(target=target)
    seconds = time.perf_counter() - began
    peak = peak_rss_kib()
    winchance._save(chances, winchance.cache_path(chances.rules, target))
    head = chances.fair_head_start()
    print(
        "RESULT",
        json.dumps(
            {
                "seconds": seconds,
                "rss_mib": peak / 1024,
                "solver_mib": (peak - baseline) / 1024,
                "first": chances.first_player_chance,
                "head": head,
                "first_with_head": chances.chance(0, head),
                "below": chances.chance(0, head - chances.unit),
                "above": chances.chance(0, head + chances.unit),
            }
        ),
    )


def bench_win_chances(targets: list[int], quick: bool) -> None:
    print("two-player win chances (optimal play by both, ties count 1/2)")
    small = 1000 if quick else 2000
    newton_s, newton = timed(lambda: winchance.solve_win_chances(target=small))
    original = winchance._solve_diagonal
    winchance._solve_diagonal = fixed_point_diagonal
    try:
        plain_s, plain = timed(lambda: winchance.solve_win_chances(target=small))
    finally:
        winchance._solve_diagonal = original
    gap = float(np.max(np.abs(plain.start - newton.start)))
    print(
        f"  target {small:6,}: Newton {newton_s:6.1f} s; reference value iteration "
        f"{plain_s:6.1f} s -> ratio {plain_s / newton_s:.1f}x (largest difference {gap:.1e})"
    )
    for target in targets:  # each in a fresh process: its own time and peak memory
        out = subprocess.run(
            [sys.executable, __file__, "--solve-one", str(target)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        got = json.loads(out.split("RESULT", 1)[1])
        print(
            f"  target {target:6,}: solve {got['seconds']:6.1f} s, peak memory "
            f"{got['rss_mib']:.0f} MiB RSS ({got['solver_mib']:.0f} MiB above the imports)"
        )
        print(
            f"    first player wins {got['first']:.6f}; fair head start for the second: "
            f"{got['head']} points (first player then wins {got['first_with_head']:.6f}; "
            f"{got['below']:.6f} with 50 fewer, {got['above']:.6f} with 50 more)"
        )
        rules = Rules()
        path = winchance.cache_path(rules, target)
        loaded, _ = timed(lambda r=rules, t=target, p=path: winchance._load(r, t, p))
        print(f"    loading it back from the disk cache: {loaded * 1e3:.1f} ms")


# ------------------------------------------------------------------ simulation


def engine_turns(count: int, seed: int) -> float:
    """Turns per second of the engine's step-by-step play, threshold 300."""
    player = ComputerPlayer(base=300, per_point_behind=0, per_missing_die=0, die_value=0)
    rng = np.random.default_rng(seed)
    began = time.perf_counter()
    for _ in range(count):
        situation = Situation.start(seats=2)
        while situation.current == 0:
            move = player.choose(situation)
            if isinstance(move, Bank):
                break
            if isinstance(move, Roll):
                dice = rng.integers(1, 7, size=situation.turn.dice_in_play).tolist()
                situation = situation.apply(move, dice)
            else:
                situation = situation.apply(move)
    return count / (time.perf_counter() - began)


def bench_simulation(quick: bool) -> None:
    turns = 200_000 if quick else 2_000_000
    simulate_turns(300, 1_000, seed=0)  # build the tables once
    seconds, results = timed(lambda: simulate_turns(300, turns, seed=1))
    rate = turns / seconds
    exact = risk.evaluate_threshold(300)
    reference = engine_turns(2_000 if quick else 10_000, seed=2)
    print("simulated turns, threshold 300 (most points)")
    print(
        f"  vectorised: {rate:12,.0f} turns/s  (mean {results.mean:.2f} +- "
        f"{results.standard_error:.2f}, exact {exact.expected_turn_score:.2f})"
    )
    ratio = rate / reference
    print(f"  reference, engine step by step: {reference:10,.0f} turns/s -> ratio {ratio:,.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", type=int, nargs="*", default=[5000, 10000])
    parser.add_argument("--quick", action="store_true", help="smaller references and runs")
    parser.add_argument("--solve-one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_one:
        solve_one(args.solve_one)
        return
    bench_optimal_turn(args.quick)
    bench_simulation(args.quick)
    bench_win_chances(args.targets, args.quick)


if __name__ == "__main__":
    main()
