"""How fast does the optimal player play Penta's simulated games (the house rules app's
histogram, the reviews' checks)?

For each rule set (``--rules``, default the official preset and a house with its own table
layout, the upper bonus from 70): ``simulate`` of ``--games`` games (default 100,000) with the
compiled turns of the states it visits (``solver_kernel.state_turns``), against the reference
in the same run: the same simulation with the NumPy turns it used before
(``tests/penta_numpy_build.numpy_turns``). Prints both times, their ratio, and whether the two
played the same games (they must: the same dice, the same choices, every box's points).

Usage: ``python benchmarks/penta_simulate.py [--rules official bonus70] [--games 100000]``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from unittest import mock

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dicelab.penta.rules import PRESETS, Rules  # noqa: E402
from dicelab.penta.solver import Solver  # noqa: E402
from tests.penta_numpy_build import numpy_turns  # noqa: E402

simulation = importlib.import_module("dicelab.penta.simulate")  # the module, not its function
HOUSES = {"bonus70": Rules.custom("bonus70", upper_bonus_threshold=70, upper_bonus_points=50)}


def numpy_states(rules, V, mask, up, flag, inputs):
    """``simulate._solve_states`` as it was: NumPy, the states in the order given."""
    now, keep_1, keep_2 = numpy_turns(rules, V, mask, up, flag)
    return now, keep_1, keep_2, np.arange(len(mask))


def timed(solver: Solver, games: int) -> tuple[float, np.ndarray]:
    start = time.perf_counter()
    result = simulation.simulate(games, seed=12, solver=solver)
    assert result.box_points is not None
    return time.perf_counter() - start, result.box_points


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="+", default=["official", "bonus70"])
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    simulation.simulate(10, "official", seed=1)  # the kernel loaded before anything is timed
    for name in args.rules:
        solver = Solver(PRESETS.get(name) or HOUSES[name]).build()
        ours, games = timed(solver, args.games)
        with mock.patch.object(simulation, "_solve_states", numpy_states):
            theirs, reference = timed(solver, args.games)
        same = "the same games" if np.array_equal(games, reference) else "DIFFERENT games"
        print(
            f"{name}: {args.games:,} games in {ours:.2f} s compiled, {theirs:.2f} s with the "
            f"NumPy turns (reference): ratio {ours / theirs:.3f} ({theirs / ours:.1f} times "
            f"faster); {same}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
