"""Mutate result codes 10,000 times: each must be refused cleanly or read back to the
very game that was coded, never another. Prints the counts; exit status 1 on a defect.

Usage: ``python benchmarks/result_codes.py [--mutants N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]  # this checkout's dicelab, and the fuzzers

from fuzzing.codes import mutate_codes  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    began = time.perf_counter()
    tally = mutate_codes(args.mutants, args.seed)
    took = time.perf_counter() - began
    print(
        f"{args.mutants:,} mutated result codes in {took:.1f} s: "
        f"{tally['refused']:,} refused, {tally['same game']:,} read back to the same game, "
        f"{tally['other game']:,} read as another game"
    )
    return 1 if tally["other game"] else 0


if __name__ == "__main__":
    sys.exit(main())
