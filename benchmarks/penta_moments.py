"""How fast is a Penta second-moment table (the reviews' standard deviations) built?

For each rule set (``--rules``, default the official preset and a house with its own table
layout, the upper bonus from 70): the compiled kernel's build (``build_moments``) against the
reference in the same run, the NumPy build it replaced (``reference_moments``), on the same
threads; their ratio, and the largest difference of the two tables. Beside them the value
table's own build, which a learner waits for before the moments (``build_table``). Nothing is
read from or written to the cache; the kernels are loaded before anything is timed.

Usage: ``python benchmarks/penta_moments.py [--rules official bonus70] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from dicelab.penta import solver_tables as st
from dicelab.penta.moments import build_moments, reference_moments
from dicelab.penta.rules import PRESETS, Rules

HOUSES = {"bonus70": Rules.custom("bonus70", upper_bonus_threshold=70, upper_bonus_points=50)}


def timed(build, *args, **kwargs) -> tuple[float, np.ndarray]:
    start = time.perf_counter()
    table = build(*args, **kwargs)
    return time.perf_counter() - start, table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="+", default=["official", "bonus70"])
    parser.add_argument("--workers", type=int, default=st.default_workers())
    args = parser.parse_args()
    warm = PRESETS["official"]
    build_moments(warm, st.build_table(warm, down_to=12), down_to=12)  # kernels loaded
    for name in args.rules:
        rules = PRESETS.get(name) or HOUSES[name]
        values_time, values = timed(st.build_table, rules, workers=args.workers)
        ours, table = timed(build_moments, rules, values, workers=args.workers)
        theirs, reference = timed(reference_moments, rules, values, workers=args.workers)
        solved = ~np.isnan(reference)
        gap = float(np.abs(table[solved] - reference[solved]).max())
        print(
            f"{name}: values {values_time:.2f} s; moments {ours:.2f} s compiled, "
            f"{theirs:.2f} s NumPy (reference): ratio {ours / theirs:.3f} "
            f"({theirs / ours:.1f} times faster); largest difference {gap:.1e} "
            f"({args.workers} threads)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
