"""Benchmark: a full solve of the `official` Penta table with dicelab and with yatzy-solver (PyPI).

Every solve runs in a fresh process, as a learner's first solve of a session does, and only
the solve is timed: for dicelab `build_table`, which imports numba and loads (or compiles) its
kernel inside; for yatzy-solver `Solver.build`. The processes alternate (dicelab,
yatzy-solver, dicelab, ...) so both see the same machine load, and the script prints:

- dicelab's first solve, which compiles the kernel (numba's cache in a fresh directory), and
  then the cached solves (the compiled kernel read back from that cache);
- the medians, and the ratio dicelab / yatzy-solver on the cached solves; also the ratio of a
  solve repeated in the same process (numba imported, kernel loaded);
- each process's peak memory (VmHWM: resident, of which shared library code such as LLVM's,
  and its private memory), and the load average;
- with --reference, today's NumPy build of the table (SOLVER_VERSION 1, kept in
  tests/penta_numpy_build.py) in the same run, and the largest difference of the tables;
- a house rule set's solve (full house 30, the upper bonus from 70: another table layout), the
  advisor's query time, and the House rules app's answer to a changed rule (set_rule, solve:
  the table, the simulated games, the page), part by part.

    python benchmarks/penta_solver.py [--runs 5] [--reference] [--app]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dicelab.penta import solver_tables as st  # noqa: E402
from dicelab.penta.rules import Rules  # noqa: E402
from dicelab.penta.scorecard import Scorecard  # noqa: E402
from dicelab.penta.solver import Solver  # noqa: E402

PUBLISHED = 254.5877287
HOUSE = Rules.custom("house", base="official", full_house_points=30, upper_bonus_threshold=70)

_MEMORY = """
def memory():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    kb = {k: int(fields[k].split()[0]) for k in ("VmHWM", "RssAnon", "RssFile")}
    return {k: v / 1024 for k, v in kb.items()}
"""

SOLVE = {
    "dicelab": _MEMORY
    + """
import time
from dicelab.penta import solver_tables as st
from dicelab.penta.rules import Rules
rules = Rules.preset("official")
start, cpu = time.perf_counter(), time.process_time()
table = st.build_table(rules)
first, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = memory()  # of one solve (the next one's work array would add 8 MB to it)
start = time.perf_counter()
st.build_table(rules)
again = time.perf_counter() - start
print(json.dumps(
    {"seconds": first, "cpu": cpu, "again": again, "value": float(table[0]), **peak}
))
""",
    "yatzy-solver": _MEMORY
    + """
import time
import yatzy_solver as ys
start, cpu = time.perf_counter(), time.process_time()
solver = ys.Solver.build(ys.Variant("american+forced-joker"))
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
value = solver.state_value("upper 0 | filled -")
print(json.dumps({"seconds": seconds, "cpu": cpu, "value": value, **memory()}))
""",
    "numpy": _MEMORY
    + """
import time
from tests.penta_numpy_build import numpy_table
from dicelab.penta.rules import Rules
start = time.perf_counter()
table = numpy_table(Rules.preset("official"))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "value": float(table[0]), **memory()}))
""",
}


def solve_in_process(kind: str, numba_cache: str) -> dict:
    """Run one solve in a fresh process; its times, value and peak memory (MB)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": numba_cache, "PYTHONPATH": str(ROOT)}
    code = "import json\n" + SOLVE[kind]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env, cwd=ROOT
    ).stdout
    result = json.loads(out.splitlines()[-1])
    assert abs(result["value"] - PUBLISHED) < 1e-6, result
    return result


def load() -> str:
    return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def memory_line(name: str, result: dict) -> str:
    return (
        f"{name}: peak {result['VmHWM']:.1f} MB resident "
        f"(at the end: {result['RssFile']:.0f} MB of it shared library code, "
        f"{result['RssAnon']:.0f} MB private)"
    )


def random_card(rules: Rules, rng: random.Random, turns: int) -> Scorecard:
    card = Scorecard(rules)
    for _ in range(turns):
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        card = card.score(rng.choice(sorted(card.options(dice))), dice)
    return card


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


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


APP = """
import json, time
from dicelab.widgets.penta import house_rules as hr
parts = {}

def timing(name, fn):
    def wrapped(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            parts[name] = parts.get(name, 0.0) + time.perf_counter() - start
    return wrapped

import importlib
simulate_module = importlib.import_module("dicelab.penta.simulate")
from dicelab.penta.solver import Solver
simulate_module.simulate = timing("simulated games", simulate_module.simulate)
Solver.build = timing("table (solve and save)", Solver.build)
hr._histogram = timing("plot", hr._histogram)
hr.HouseRulesApp._render = timing("page (the plot included)", hr.HouseRulesApp._render)
hr._prepare_build = timing("kernel loaded, after the page", hr._prepare_build)
app = hr.HouseRulesApp(lang="en", background=lambda work: work())
start = time.perf_counter()
app.solve()  # the preset's outcome (its table from the cache), then the kernel is loaded
total = time.perf_counter() - start - parts["kernel loaded, after the page"]
results = {"the preset's result on opening": {"total": total, **parts}}
for field, value in (("full_house_points", 30), ("upper_bonus_threshold", 70)):
    parts.clear()
    app.set_rule(field, value)
    start = time.perf_counter()
    app.solve()
    total = time.perf_counter() - start - parts.get("kernel loaded, after the page", 0.0)
    results[f"{field}={value} then Solve"] = {"total": total, **parts}
    assert app.shown is not None and app.shown.rules.changes()
print(json.dumps(results))
"""


def app_response(numba_cache: str) -> dict:
    """The House rules app's answer to a changed rule, part by part (seconds), in a fresh
    process with a fresh table cache (the preset's table copied into it)."""
    with tempfile.TemporaryDirectory() as cache:
        preset = Solver("official")
        preset.build()
        target = Path(cache) / preset.path.name
        target.write_bytes(preset.path.read_bytes())
        env = {
            **os.environ,
            "NUMBA_CACHE_DIR": numba_cache,
            "DICELAB_CACHE_DIR": cache,
            "PYTHONPATH": str(ROOT),
        }
        out = subprocess.run(
            [sys.executable, "-c", APP], capture_output=True, text=True, check=True, env=env
        ).stdout
    return json.loads(out.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reference", action="store_true", help="time today's NumPy build too")
    parser.add_argument("--app", action="store_true", help="time the House rules app's answer")
    args = parser.parse_args()
    try:
        import yatzy_solver  # noqa: F401
    except ImportError:
        print("yatzy-solver is not installed: pip install yatzy-solver")
        return 1
    print(f"CPUs: {os.cpu_count()}, dicelab threads: {st.default_workers()}; {load()}")
    with tempfile.TemporaryDirectory() as numba_cache:
        first = solve_in_process("dicelab", numba_cache)
        print(
            f"dicelab first solve (numba compiles the kernel): {first['seconds']:.2f} s; "
            f"again in that process {first['again']:.2f} s; {load()}"
        )
        ours, again, theirs, reference, cpu_ours, cpu_theirs = [], [], [], [], [], []
        for run in range(args.runs):
            mine = solve_in_process("dicelab", numba_cache)
            ours.append(mine["seconds"])
            again.append(mine["again"])
            yatzy = solve_in_process("yatzy-solver", numba_cache)
            theirs.append(yatzy["seconds"])
            cpu_ours.append(mine["cpu"])
            cpu_theirs.append(yatzy["cpu"])
            line = (
                f"run {run + 1}: dicelab {ours[-1]:.2f} s (kernel from the cache; "
                f"{again[-1]:.2f} s again), yatzy-solver {theirs[-1]:.2f} s"
            )
            if args.reference:
                numpy_run = solve_in_process("numpy", numba_cache)
                reference.append(numpy_run["seconds"])
                line += f", NumPy build {reference[-1]:.2f} s"
            print(f"{line}; {load()}")
        a, b, c = statistics.median(ours), statistics.median(theirs), statistics.median(again)
        print(f"median solve, official: dicelab {a:.2f} s (cached kernel), yatzy-solver {b:.2f} s")
        print(f"ratio dicelab / yatzy-solver: {a / b:.2f} (cached kernel, new process)")
        print(f"ratio dicelab / yatzy-solver: {c / b:.2f} (a second solve in one process)")
        d, e = statistics.median(cpu_ours), statistics.median(cpu_theirs)
        print(
            f"CPU seconds of the solve (both threads; less sensitive to the load): dicelab "
            f"{d:.2f}, yatzy-solver {e:.2f}, ratio {d / e:.2f}"
        )
        if reference:
            r = statistics.median(reference)
            print(f"NumPy build (SOLVER_VERSION 1): {r:.2f} s, ratio {r / b:.2f}")
        print(memory_line("dicelab peak memory (cached kernel)", mine))
        print(memory_line("dicelab peak memory (first solve, compiling)", first))
        print(memory_line("yatzy-solver peak memory", yatzy))
        if args.reference:
            from tests.penta_numpy_build import numpy_table

            old = numpy_table(Rules.preset("official"))
            new = st.build_table(Rules.preset("official"))
            print(
                f"largest difference from the NumPy build: {abs(new - old)[old == old].max():.1e}"
            )
        st.build_table(HOUSE)
        t, _ = timed(lambda: st.build_table(HOUSE))
        print(f"house rules solve ({HOUSE.changes()}): dicelab {t:.2f} s in process; {load()}")
        fresh, cached = query_times()
        print(
            f"advisor query (option_values) median: {fresh * 1e3:.2f} ms on a new state, "
            f"{cached * 1e3:.3f} ms on a cached one"
        )
        if args.app:
            for change, parts in app_response(numba_cache).items():
                total = parts.pop("total")
                detail = ", ".join(f"{k} {v:.2f} s" for k, v in parts.items())
                print(f"House rules app, {change}: {total:.2f} s ({detail}); {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
