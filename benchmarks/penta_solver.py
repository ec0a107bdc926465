"""Benchmark: build the `official` Penta table with dicelab and with yatzy-solver (PyPI).

Runs alternate (dicelab, yatzy-solver, dicelab, ...) so both see the same machine load,
and print both medians, the ratio dicelab / yatzy-solver, dicelab's peak memory (a fresh
process that only builds the table: its maximum resident set size, and the peak of NumPy's
traced allocations), and the median time of an advisor query (`Solver.option_values` on a
card whose turn is not cached yet, and on one that is), and the build time of a house rule set
(full house 30, the upper bonus from 70: another table layout) beside the official one.

    python benchmarks/penta_solver.py [--runs 5] [--profile]

dicelab's index tables are rebuilt for every run (their set-up counts, as on a first build).
dicelab uses NumPy only (no compiled extension, nothing to compile on first use).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
import tracemalloc

from dicelab.penta import solver_tables as st
from dicelab.penta.rules import Rules
from dicelab.penta.scorecard import Scorecard
from dicelab.penta.solver import Solver

PUBLISHED = 254.5877287
HOUSE = Rules.custom("house", base="official", full_house_points=30, upper_bonus_threshold=70)


def clear_caches() -> None:
    """Forget dicelab's index tables, so that a run pays their set-up."""
    for fn in (st.tables, st.layer_states, st._lower_entries, st._five_equal_rows, st.raw_table):
        fn.cache_clear()


def build_dicelab() -> float:
    clear_caches()
    table = st.build_table(Rules.preset("official"))
    return float(table[0])


def build_yatzy():
    import yatzy_solver as ys

    solver = ys.Solver.build(ys.Variant("american+forced-joker"))
    return solver.state_value("upper 0 | filled -")


def timed(fn) -> tuple[float, float]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def peak_memory() -> tuple[float, float]:
    """(max RSS in MB of a fresh process that builds the table, traced NumPy peak in MB)."""
    code = (
        "import resource, tracemalloc\n"
        "from dicelab.penta import solver_tables as st\n"
        "from dicelab.penta.rules import Rules\n"
        "st.build_table(Rules.preset('official'))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    rss = float(out.split()[-1])
    clear_caches()
    tracemalloc.start()
    build_dicelab()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return rss, peak / 2**20


def random_card(rules: Rules, rng: random.Random, turns: int) -> Scorecard:
    card = Scorecard(rules)
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        card = card.score(rng.choice(sorted(card.options(dice))), dice)
    return card


def query_times(n: int = 200) -> tuple[float, float]:
    """Median seconds of option_values: on a new card state, and again on the same state."""
    solver = Solver("official", cache=False)
    solver._table = st.build_table(solver.rules)
    rng = random.Random(1)
    fresh, cached = [], []
    for _ in range(n):
        card = random_card(solver.rules, rng, rng.randint(0, 12))
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        rolls = rng.randint(0, 2)
        solver._turns.clear()
        t, _ = timed(lambda c=card, d=dice, r=rolls: solver.option_values(c, d, r))
        fresh.append(t)
        t, _ = timed(lambda c=card, d=dice, r=rolls: solver.option_values(c, d, r))
        cached.append(t)
    return statistics.median(fresh), statistics.median(cached)


def profile() -> str:
    clear_caches()
    st.tables()
    st.layer_states(Rules.preset("official"))
    profiler = cProfile.Profile()
    profiler.enable()
    st.build_table(Rules.preset("official"), workers=1)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one build")
    args = parser.parse_args()
    try:
        import yatzy_solver  # noqa: F401
    except ImportError:
        print("yatzy-solver is not installed: pip install yatzy-solver")
        return 1
    print(f"CPUs: {os.cpu_count()}, dicelab threads: {st.default_workers()}")
    ours, theirs = [], []
    for run in range(args.runs):
        t, value = timed(build_dicelab)
        assert abs(value - PUBLISHED) < 1e-6, value
        ours.append(t)
        t, value = timed(build_yatzy)
        assert abs(value - PUBLISHED) < 1e-6, value
        theirs.append(t)
        print(f"run {run + 1}: dicelab {ours[-1]:.2f} s, yatzy-solver {theirs[-1]:.2f} s")
    a, b = statistics.median(ours), statistics.median(theirs)
    print(f"median build, official: dicelab {a:.2f} s, yatzy-solver {b:.2f} s")
    print(f"ratio dicelab / yatzy-solver: {a / b:.2f}")
    clear_caches()
    t, _ = timed(lambda: st.build_table(HOUSE))
    print(f"house rules build ({HOUSE.changes()}): dicelab {t:.2f} s")
    rss, traced = peak_memory()
    print(f"dicelab peak memory: {rss:.0f} MB resident (whole process), {traced:.0f} MB traced")
    fresh, cached = query_times()
    print(
        f"advisor query (option_values) median: {fresh * 1e3:.2f} ms on a new state, "
        f"{cached * 1e3:.3f} ms on a cached one"
    )
    if args.profile:
        print(profile())
    return 0


if __name__ == "__main__":
    sys.exit(main())
