"""CPU per learner: one whole game of Penta played in Chromium, the server's CPU counted.

What a hub (``make class``, Zero to JupyterHub) must give each learner in CPU, measured on the
processes a learner's server is made of: the Jupyter server with Voilà, and the kernel of the
app the learner plays. Voilà is started as a learner's server runs it on the hub: no
preheated kernels (Voilà as a server extension has none), so opening the app starts its kernel
and runs the notebook. Chromium drives the page (Debian's, ``/usr/bin/chromium``); its own CPU
is the learner's computer's, not the hub's, and is not counted.

The CPU seconds come from ``/proc``: the server's own user and system time, its children's that
ended (``cutime``, ``cstime``: a kernel shut down when its page closed) and the kernels still
running. Steps, each measured alone:

1. **the reference**: the bare start page (``00_start_here.ipynb``) opened until drawn, then
   closed (its kernel shut down);
2. **opening Penta** (``penta_play.ipynb``) until its Roll button can be pressed;
3. **a whole game** against the computer at its "Instant" speed: each of the 13 turns is Roll,
   hold the first die, Roll again, the first open box, Validate (5 actions a turn, 65 in all),
   the computer's turn played by the kernel in between.

Printed: the CPU seconds of each step (server, kernel), the game's CPU per action, the ratios
game / reference and opening / reference, and what a learner needs on average when a game
takes a class ``--minutes`` (default 10) at a learner's pace.

    nice -n 15 python benchmarks/learner_cpu.py
    nice -n 15 python benchmarks/learner_cpu.py --turns 3   # a quick look

Needs the ``test`` extras (Playwright) and Chromium. CPU seconds hardly depend on the machine's
load (times do): run it niced on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, start_voila, stop_voila  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
LOAD = 180_000  # ms: a kernel started on a busy machine
STEP = 60_000  # ms: one click's round trip on a busy machine
NO_POOLS = (
    "--VoilaConfiguration.preheat_kernel=False",
    '--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 0}}',
)
OPEN_BOX = ".dl-cell.dl-seat-0:not([disabled]):not(.dl-cell-unused):not(.dl-filled)"


@dataclass(frozen=True)
class Cpu:
    """CPU seconds of a learner's server: the server itself and its kernels."""

    server: float
    kernels: float

    @property
    def total(self) -> float:
        return self.server + self.kernels

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(self.server - other.server, self.kernels - other.kernels)


def _stat(pid: int) -> list[str]:
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()  # fields from the 3rd (state) on


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int(_stat(int(entry.name))[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError):
                continue
    return found


def cpu_of(server: int) -> Cpu:
    """The server's CPU seconds and its kernels' (ended ones included, via cutime/cstime)."""
    fields = _stat(server)
    # utime, stime, cutime, cstime: fields 14-17 of /proc/pid/stat, 11-14 here (from the 3rd)
    own = (int(fields[11]) + int(fields[12])) / TICK
    ended = (int(fields[13]) + int(fields[14])) / TICK
    running = 0.0
    for child in _children(server):
        try:
            child_fields = _stat(child)
        except OSError:
            continue
        running += sum(int(child_fields[index]) for index in (11, 12, 13, 14)) / TICK
    return Cpu(server=own, kernels=ended + running)


def settle(server: int, quiet: float = 0.05, most: float = 60.0) -> Cpu:
    """The CPU once the server and kernels are idle (under ``quiet`` s of CPU in a second)."""
    before = cpu_of(server)
    deadline = time.monotonic() + most
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = cpu_of(server)
        if (now - before).total < quiet:
            return now
        before = now
    return before


def new_game_instant(page) -> None:
    """New game against the computer, at its "Instant" speed."""
    page.click(".dl-new-game")
    page.locator(".dl-start").wait_for(timeout=STEP)
    page.wait_for_function(
        "() => [...document.querySelectorAll('select')].some(s => "
        "[...s.options].some(o => o.textContent.trim() === 'Instant'))",
        timeout=STEP,
    )
    for select in page.locator("select").all():
        labels = [text.strip() for text in select.locator("option").all_inner_texts()]
        if "Instant" in labels:
            select.select_option(label=next(t for t in labels if t == "Instant"))
    page.click(".dl-start")
    page.locator(".dl-new-game-panel").wait_for(state="detached", timeout=STEP)


def roll(page) -> None:
    """Press Roll and wait until the situation line changes and the dice have landed."""
    before = page.locator(".dl-situation").inner_text()
    page.click(".dl-roll")
    page.wait_for_function(
        "before => (document.querySelector('.dl-situation')?.innerText ?? '') !== before",
        arg=before,
        timeout=STEP,
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('.dl-die')].every("
        "d => /^[1-6](, .+)?$/.test(d.innerText.trim()))",
        timeout=STEP,
    )


def human_to_play(page) -> bool:
    """Wait until Roll can be pressed (True) or the game is over (False)."""
    page.wait_for_function(
        "() => document.querySelector('.dl-end-card') || "
        "document.querySelector('.dl-roll:not([disabled])')",
        timeout=STEP,
    )
    return page.locator(".dl-end-card").count() == 0


def choose_open_box(page) -> None:
    """Click the first open box until Validate can be pressed (a click on a box that is redrawn
    as the dice land is lost: it is clicked again, never twice while the first may count)."""
    validate_enabled = "() => !document.querySelector('.dl-validate').disabled"
    for _attempt in range(5):
        if page.evaluate(validate_enabled):
            return
        page.locator(OPEN_BOX).first.click()
        try:
            page.wait_for_function(validate_enabled, timeout=STEP // 3)
            return
        except PlaywrightTimeout:
            continue
    raise RuntimeError("no open box could be chosen: " + page.locator(".dl-status").inner_text())


def play_turn(page, turn: int) -> int:
    """Roll, hold the first die, Roll, the first open box, Validate: the actions sent."""
    roll(page)
    page.click(".dl-die-0")
    page.wait_for_function(
        "() => (document.querySelector('.dl-die-0')?.innerText ?? '').includes(',')",
        timeout=STEP,
    )
    roll(page)
    choose_open_box(page)
    page.click(".dl-validate")
    page.wait_for_function(
        "n => document.querySelectorAll('.dl-card-body.dl-seat-0 .dl-filled').length === n",
        arg=turn,
        timeout=STEP,
    )
    return 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=13, help="turns to play (13: a whole game)")
    parser.add_argument(
        "--minutes", type=float, default=10.0, help="a game's length at a learner's pace"
    )
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    log = ROOT / "test-artifacts" / "learner_cpu_voila.log"
    log.parent.mkdir(exist_ok=True)
    process, base = start_voila(ROOT / "notebooks", log, NO_POOLS)
    server = process.pid
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            context = browser.new_context(viewport={"width": 1280, "height": 900})

            start = settle(server)
            page = context.new_page()
            page.goto(f"{base}/voila/render/00_start_here.ipynb?lang=en", timeout=LOAD)
            page.locator("a[href*='penta_play']").first.wait_for(timeout=LOAD)
            page.close()  # its kernel is shut down by the page's beacon
            reference = settle(server) - start

            before = settle(server)
            page = context.new_page()
            opened_at = time.monotonic()
            page.goto(f"{base}/voila/render/penta_play.ipynb?lang=en", timeout=LOAD)
            page.locator(".dl-roll:not([disabled])").wait_for(timeout=LOAD)
            open_seconds = time.monotonic() - opened_at
            opening = settle(server) - before

            before = cpu_of(server)
            played_at = time.monotonic()
            new_game_instant(page)
            actions, turns = 2, 0  # New game, Start
            try:
                while turns < args.turns and human_to_play(page):
                    turns += 1
                    actions += play_turn(page, turns)
            except Exception:
                page.screenshot(path=str(log.with_name("learner_cpu_failed.png")), full_page=True)
                raise
            finished = turns == 13 and not human_to_play(page)
            game_seconds = time.monotonic() - played_at
            game = settle(server) - before
            browser.close()
    finally:
        stop_voila(process)

    load = os.getloadavg()[0]
    print(f"Learner CPU: Voilà as on the hub (no preheated kernels), load average {load:.1f}")
    rows = [
        ("reference: the bare start page, opened and closed", reference),
        (f"opening Penta to its Roll button ({open_seconds:.1f} s)", opening),
        (f"{turns} turns, {actions} actions, computer at Instant ({game_seconds:.0f} s)", game),
    ]
    print(f"{'step':62} {'server':>8} {'kernel':>8} {'total':>8}  (CPU seconds)")
    for label, cpu in rows:
        print(f"{label:62} {cpu.server:8.2f} {cpu.kernels:8.2f} {cpu.total:8.2f}")
    print(f"whole game played to the end: {'yes' if finished else 'no'}")
    per_action = game.total / actions
    print(f"game CPU per action: {per_action * 1000:.0f} ms")
    print(f"ratio game / reference: {game.total / reference.total:.2f}")
    print(f"ratio opening Penta / reference: {opening.total / reference.total:.2f}")
    learner = (opening.total + game.total) / (args.minutes * 60)
    print(
        f"a learner opening Penta and playing one game in {args.minutes:g} min needs on "
        f"average {learner * 1000:.0f} millicores"
    )


if __name__ == "__main__":
    main()
