"""Benchmark: memory and time against input size where a user's input sets the size (issue 27).

Each figure is measured beside a named reference in the same run:

- simulated games with a win-chance player (``WinChances`` against the score-maximiser) for
  1,000, 10,000 and 100,000 games, each in a fresh process: peak memory (VmHWM) and time,
  against the same process before it simulates (imports and tables loaded) and against fixed
  strategies (300 against the score-maximiser), the same number of games;
- result codes and saves of Farkle games of growing length (a solo game on duplicate dice
  that never banks): reading time per move, against replaying the same moves with ``push``;
  the refusal of a code or save longer than the longest legal one, against reading a short code;
- the teacher's table of 1,000 codes (``read_class``), against reading the codes alone;
- the official Penta solve from a fresh process (peak memory, goal 200 MB).

    python benchmarks/bounds.py [--target 10000] [--games 1000 10000 100000] [--skip-sim]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_MEMORY = """
def memory():
    fields = dict(line.split(":", 1) for line in open("/proc/self/status"))
    return {k: int(fields[k].split()[0]) / 1024 for k in ("VmHWM", "VmRSS")}
"""

SIMULATE = (
    _MEMORY
    + """
import json, sys, time
from dicelab.farkle.simulate import simulate_games
from dicelab.farkle.winchance import win_chances
games, target, who = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
first = win_chances(None, target) if who == "win" else 300
simulate_games([first, "optimal"], 10, target=target, seed=0)  # tables built and loaded
before = memory()["VmHWM"]
began = time.perf_counter()
results = simulate_games([first, "optimal"], games, target=target, seed=1)
seconds = time.perf_counter() - began
print(json.dumps({"before": before, "peak": memory()["VmHWM"], "seconds": seconds,
                  "first": float(results.win_rates[0])}))
"""
)

PENTA = (
    _MEMORY
    + """
import json, time
from dicelab.penta import solver_tables as st
from dicelab.penta.rules import Rules
began = time.perf_counter()
table = st.build_table(Rules.preset("official"))
print(json.dumps({"peak": memory()["VmHWM"], "seconds": time.perf_counter() - began,
                  "value": float(table[0])}))
"""
)


def _child(script: str, *args: object) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def simulations(target: int, sizes: list[int]) -> None:
    print(f"Simulated games at {target:,}: peak memory (MB) and time, fresh process each")
    print("  games    win-chance player: peak / before, time   | fixed strategies: peak, time")
    for games in sizes:
        win = _child(SIMULATE, games, target, "win")
        fixed = _child(SIMULATE, games, target, "fixed")
        print(
            f"  {games:>7,}  {win['peak']:6.0f} / {win['before']:4.0f} MB "
            f"(x{win['peak'] / win['before']:.2f}) {win['seconds']:7.1f} s"
            f"   | {fixed['peak']:5.0f} MB (win-chance x{win['peak'] / fixed['peak']:.2f})"
            f" {fixed['seconds']:6.1f} s   first seat {win['first']:.3f}",
            flush=True,
        )


def codes_and_saves() -> None:
    from dicelab.classroom.codes import MAX_CODE, read_result_code, result_code
    from dicelab.farkle import Game
    from dicelab.farkle import save as farkle_save
    from dicelab.farkle.moves import Roll, SetAside

    def never_banking(moves: int) -> Game:
        game = Game(("Ada",), False, seed=1, duplicate=True)
        while len(game.events) < moves:
            asides = [m for m in game.legal_moves() if isinstance(m, SetAside)]
            game.push(min(asides, key=lambda m: len(m.positions)) if asides else Roll())
        return game

    def timed(work) -> float:  # CPU seconds: steadier than wall time on a loaded machine
        began = time.process_time()
        work()
        return time.process_time() - began

    print("\nFarkle result codes and saves (a solo game on duplicate dice that never banks)")
    print(
        "  moves  letters   code read   save read   replay alone   code/replay  ms/1k moves (CPU)"
    )
    for moves in (1_000, 4_000, 16_000):
        game = never_banking(moves)
        code, text = result_code(game), game.to_json()

        def replay(game=game) -> None:
            twin = Game(("Ada",), False, seed=1, duplicate=True)
            for move in game.moves:
                twin.push(move)

        read = timed(lambda code=code: read_result_code(code))
        load = timed(lambda text=text: Game.from_json(text))
        alone = timed(replay)
        print(
            f"  {moves:>6,} {len(code):>8,} {read:9.2f} s {load:9.2f} s {alone:11.2f} s"
            f"   x{read / alone:9.2f}  {1000 * read / moves * 1000:10.1f}",
            flush=True,
        )
    short = result_code(never_banking(10))
    small = timed(lambda: read_result_code(short))
    long_code, long_save = "F" * (MAX_CODE + 1), " " * (farkle_save.MAX_CHARS + 1)
    for what, work in (
        ("code", lambda: _refused(read_result_code, long_code)),
        ("save", lambda: _refused(Game.from_json, long_save)),
    ):
        took = timed(work)
        print(
            f"  a {what} over the longest legal one refused in {took * 1e6:.0f} µs "
            f"(reading a 10-move code: {small * 1e6:.0f} µs, x{took / small:.2f})"
        )


def _refused(read, text: str) -> None:
    from dicelab.errors import IllegalMove

    try:
        read(text)
    except IllegalMove:
        return
    raise AssertionError("not refused")


def teacher(count: int) -> None:
    from dicelab.classroom.codes import read_result_code
    from dicelab.classroom.results import example_codes, read_class

    codes = example_codes(count, game="farkle")
    text = "\n".join(f"{name}{i}: {code}" for i, (name, code) in enumerate(codes))
    read_class("\n".join(text.splitlines()[:2]))  # tables loaded
    began, cpu = time.perf_counter(), time.process_time()
    for _, code in codes:
        read_result_code(code)
    alone, alone_cpu = time.perf_counter() - began, time.process_time() - cpu
    began, cpu = time.perf_counter(), time.process_time()
    results = read_class(text)
    took, took_cpu = time.perf_counter() - began, time.process_time() - cpu
    print(
        f"\nThe teacher's table, {count:,} Farkle codes ({len(text):,} characters): "
        f"{took:.1f} s (CPU {took_cpu:.1f} s), reading the codes alone {alone:.1f} s "
        f"(CPU {alone_cpu:.1f} s), x{took / alone:.2f}; {results.summary()}"
    )


def penta() -> None:
    solve = _child(PENTA)
    print(
        f"\nThe official Penta solve, fresh process: peak {solve['peak']:.0f} MB (goal 200 MB, "
        f"x{solve['peak'] / 200:.2f}), {solve['seconds']:.1f} s; "
        "its time against yatzy-solver: benchmarks/penta_solver.py"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=10_000)
    parser.add_argument("--games", type=int, nargs="*", default=[1_000, 10_000, 100_000])
    parser.add_argument("--codes", type=int, default=1_000)
    parser.add_argument("--skip-sim", action="store_true")
    args = parser.parse_args()
    with open("/proc/loadavg") as handle:
        print(f"load average {handle.read().split()[0]}")
    penta()
    codes_and_saves()
    teacher(args.codes)
    if not args.skip_sim:
        simulations(args.target, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
