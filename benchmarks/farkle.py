"""Farkle risk lab: how fast are the exact solvers and the simulator?

Each figure is printed beside a named reference measured in the same run, with the ratio:

* ``optimal_turn`` per preset, against a plain memoised Python recursion over every roll
  and every set-aside (the same equations, straight from ``set_aside_options``);
* the two-player win-chance solve at each of ``--targets`` (5,000, 10,000, 15,000), each in
  fresh processes: the first solve (numba compiles the kernel into an empty cache), a solve
  with the compiled kernel cached (time, CPU time, peak memory, largest difference from the
  cached table), and today's method (before issue 15, kept here as
  :func:`reference_win_chances`) at the ``--reference`` targets (5,000 and 10,000; about
  95 s at 10,000 on a quiet machine), with the ratio and the largest difference;
  extrapolated above them; and, at a small target, against plain fixed-point iteration
  (value iteration, NumPy) on each diagonal;
* simulated turns per second for a threshold strategy, against the engine's own
  step-by-step play (``Situation`` moves chosen by a threshold ``ComputerPlayer``).

Usage: ``python benchmarks/farkle.py [--only win] [--targets 5000 10000 15000] [--reference
5000 10000] [--quick]``. Solved win chances are compared with, or else saved to,
the disk cache (``DICELAB_CACHE_DIR`` or the user cache).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
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


# Today's method (before issue 15), kept as the named reference: the kernel indexes the
# values by two arrays and carries slopes for every move; every Newton pass re-solves every
# pair of the diagonal with slopes; the bank rows are built pair by pair.


def _reference_best_moves(plan, arrays, i, m):
    derivs = arrays.derivs
    best = chosen = None
    for step, slot, rows in plan.blocks:
        options = arrays.values[i + step, slot, :m]
        top = options.max(axis=0)
        slope = None
        if derivs is not None:
            slope = np.where(options == top, derivs[i + step, slot, :m], 0.0).max(axis=0)
        if best is None:
            best, chosen = top, slope
            continue
        better = top > best[:rows]
        best[:rows] = np.where(better, top, best[:rows])
        if chosen is not None and slope is not None:
            chosen[:rows] = np.where(better, slope, chosen[:rows])
    return best, chosen


def _reference_solve_turn(tables, bank, farkle, length, slopes=False):
    order, bank, lengths, farkle = risk._longest_first(bank, farkle, length)
    plan = risk._stacked(tables)
    arrays = risk._TurnArrays.start(bank, slopes)
    active = np.searchsorted(-lengths, -np.arange(int(lengths.max(initial=0))), side="right")
    pf = plan.farkle[:, None]
    for i in range(len(active) - 1, -1, -1):
        m = int(active[i])
        best, chosen = _reference_best_moves(plan, arrays, i, m)
        roll = plan.weights @ best + pf * farkle[:m]
        arrays.rolls[i, 1:, :m] = roll
        here = bank[i, :m]
        go = roll > here
        arrays.values[i, 1:, :m] = np.where(go, roll, here)
        if chosen is not None:
            roll_d = plan.weights @ chosen + pf
            arrays.rolls_d[i, 1:, :m] = roll_d
            arrays.derivs[i, 1:, :m] = np.where(go, roll_d, 0.0)
    back = np.argsort(order)
    return arrays.rolls[..., back], None if arrays.rolls_d is None else arrays.rolls_d[..., back]


def _reference_diagonal(tables, bank, caps, guess):
    x = guess.copy()
    for _ in range(60):
        farkle = 1.0 - x[::-1]
        rolls, slopes = _reference_solve_turn(tables, bank, farkle, caps, slopes=True)
        value, slope = rolls[0, 6], slopes[0, 6]
        if np.max(np.abs(value - x)) <= winchance._TOLERANCE:
            return value
        x = winchance._newton(value - slope * farkle, slope)
    raise RuntimeError("no convergence")


def _reference_guess(start, a, b, top):
    guess = np.full(len(a), 0.5)
    up = b + 1 < top
    guess[up] = start[a[up], b[up] + 1]
    side = ~up & (a + 1 < top)
    guess[side] = start[a[side] + 1, b[side]]
    return guess


def reference_win_chances(target: int, rules: Rules | None = None) -> np.ndarray:
    """Today's solve (the reference): the turn-start chances ``start[a, b]``."""
    tables = risk.turn_tables(rules)
    top = -(-target // tables.unit)
    last = winchance._last_table(tables, top)
    start = np.full((top, top), np.nan)
    pad = tables.max_gain + 1
    for s in range(2 * top - 2, -1, -1):
        a = np.arange(max(0, s - top + 1), min(s, top - 1) + 1)
        b = s - a
        guess = _reference_guess(start, a, b, top)
        theirs = 0.5 * guess[::-1]
        while True:
            caps = winchance._caps(last, top, a, b, theirs, tables)
            size = int(caps.max()) + pad
            rows = [
                winchance._bank_row(start, last, int(i), int(j), size)
                for i, j in zip(a, b, strict=True)
            ]
            bank = np.stack(rows, axis=1)
            x = _reference_diagonal(tables, bank, caps, guess)
            if np.all(x[::-1] >= theirs):
                break
            theirs = np.minimum(theirs, 0.5 * x[::-1])
        start[a, b] = x
    return start


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


def solve_one(target: int, method: str) -> None:
    """Child process: one solve by ``method`` (``first``, ``new`` or ``reference``), figures
    for the parent.

    The new method's table is compared with the cached one of the same target, if any
    (today's tables), and saved to the cache when there was none (by ``new``, not ``first``).
    """
    baseline = peak_rss_kib()
    began, cpu = time.perf_counter(), time.process_time()
    if method == "reference":
        start = reference_win_chances(target)
        seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
        print("RESULT", json.dumps({"seconds": seconds, "cpu": cpu, "start": start.tolist()}))
        return
    chances = winchance.solve_win_chances(target=target)
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    peak = peak_rss_kib()
    path = winchance.cache_path(chances.rules, target)
    cached = winchance._load(chances.rules, target, path)
    gap = None if cached is None else float(np.max(np.abs(cached.start - chances.start)))
    if cached is None and method == "new":  # the first solve (compiling) saves nothing
        winchance._save(chances, path)
    head = chances.fair_head_start()
    print(
        "RESULT",
        json.dumps(
            {
                "seconds": seconds,
                "cpu": cpu,
                "rss_mib": peak / 1024,
                "solver_mib": (peak - baseline) / 1024,
                "gap": gap,
                "start": chances.start.tolist(),
                "first": chances.first_player_chance,
                "head": head,
                "first_with_head": chances.chance(0, head),
                "below": chances.chance(0, head - chances.unit),
                "above": chances.chance(0, head + chances.unit),
            }
        ),
    )


def child(target: int, method: str, numba_dir: str) -> dict:
    """Run :func:`solve_one` in a fresh process (its own time and peak memory), with numba's
    compiled code cached in ``numba_dir`` only: the first new solve there compiles."""
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": numba_dir,
        "NUMBA_CACHE_LOCATOR_CLASSES": "UserProvidedCacheLocator",
    }
    out = subprocess.run(
        [sys.executable, __file__, "--solve-one", str(target), "--method", method],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return json.loads(out.split("RESULT", 1)[1])


def load() -> str:
    return "load " + " ".join(f"{value:.1f}" for value in os.getloadavg())


def bench_win_chances(targets: list[int], quick: bool, reference: list[int]) -> None:
    """Per target: the first solve (numba compiles the kernel), a solve with the compiled code
    cached, and today's method (before issue 15) at the ``reference`` targets, in that order."""
    print("two-player win chances (optimal play by both, ties count 1/2), fresh processes")
    seen: dict[int, tuple[float, float]] = {}
    for target in targets:
        numba_dir = tempfile.mkdtemp(prefix="farkle-bench-numba-")  # empty: the first compiles
        try:
            first = child(target, "first", numba_dir)
            print(
                f"  target {target:6,}: first solve {first['seconds']:6.1f} s "
                f"(CPU {first['cpu']:.1f} s; numba compiles the kernel)  [{load()}]"
            )
            new = child(target, "new", numba_dir)
            gap = "no cached table" if new["gap"] is None else f"{new['gap']:.1e}"
            print(
                f"  {'':14s}cached compile {new['seconds']:6.1f} s (CPU {new['cpu']:.1f} s), "
                f"peak memory {new['rss_mib']:.0f} MiB RSS ({new['solver_mib']:.0f} MiB above "
                f"the imports); largest difference from the cached table: {gap}  [{load()}]"
            )
            if target in reference:
                old = child(target, "reference", numba_dir)
                seen[target] = (old["seconds"], old["cpu"])
                diff = float(np.max(np.abs(np.array(old["start"]) - np.array(new["start"]))))
                print(
                    f"  {'':14s}reference (today's method) {old['seconds']:6.1f} s "
                    f"(CPU {old['cpu']:.1f} s) -> ratio {old['seconds'] / new['seconds']:.1f}x "
                    f"(CPU {old['cpu'] / new['cpu']:.1f}x); largest difference {diff:.1e}  "
                    f"[{load()}]"
                )
            elif seen:
                known = max(seen)
                grow = (target / known) ** 3  # pairs x turn length: the work grows as target^3
                wall, cpu = (value * grow for value in seen[known])
                print(
                    f"  {'':14s}reference not run: about {wall:.0f} s (CPU {cpu:.0f} s) "
                    f"extrapolated from {known:,} by (target ratio)^3 -> ratio about "
                    f"{wall / new['seconds']:.0f}x (CPU {cpu / new['cpu']:.0f}x)"
                )
            print(
                f"  {'':14s}first player wins {new['first']:.6f}; fair head start for the "
                f"second: {new['head']} points (first player then wins "
                f"{new['first_with_head']:.6f}; {new['below']:.6f} with 50 fewer, "
                f"{new['above']:.6f} with 50 more)"
            )
        finally:
            shutil.rmtree(numba_dir, ignore_errors=True)
    small = 1000 if quick else 2000
    winchance.solve_win_chances(target=100)  # compile (or load) the kernel first
    line_s, line = timed(lambda: winchance.solve_win_chances(target=small))
    original = winchance._solve_diagonal
    winchance._solve_diagonal = fixed_point_diagonal
    try:
        plain_s, plain = timed(lambda: winchance.solve_win_chances(target=small))
    finally:
        winchance._solve_diagonal = original
    gap = float(np.max(np.abs(plain.start - line.start)))
    print(
        f"  target {small:6,}: new {line_s:6.1f} s; plain value iteration (NumPy) {plain_s:6.1f} s "
        f"-> ratio {plain_s / line_s:.1f}x (largest difference {gap:.1e})"
    )


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
    parser.add_argument("--targets", type=int, nargs="*", default=[5000, 10000, 15000])
    parser.add_argument(
        "--reference", type=int, nargs="*", default=[5000, 10000], help="targets of the ratio"
    )
    parser.add_argument("--quick", action="store_true", help="smaller references and runs")
    parser.add_argument("--only", choices=["turn", "simulation", "win"], help="one part")
    parser.add_argument("--solve-one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--method", default="new", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_one:
        solve_one(args.solve_one, args.method)
        return
    if args.only in (None, "turn"):
        bench_optimal_turn(args.quick)
    if args.only in (None, "simulation"):
        bench_simulation(args.quick)
    if args.only in (None, "win"):
        bench_win_chances(args.targets, args.quick, args.reference)


if __name__ == "__main__":
    main()
