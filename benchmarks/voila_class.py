"""A class opening one app at once: 20 Chromium pages against one ``make run CLASS=20`` server.

The server is started as a teacher starts it for a class of N (``make run CLASS=N APPS=...``:
a pool of N preheated kernels for each app), and waits until its pools are full. Then N pages
open the app at the same moment; each page's first widget (the Roll button, enabled) is timed
from that moment, each page presses Roll once and checks the dice changed (the roll took
effect) and how long that took. Then every page is closed as a learner closes a tab, and the
server is watched until every page's own kernel has exited (found by its id: the pool refills
only a minute after its kernels were taken) and it runs no more than its pools' kernels (idle
culling is the backstop for a page that could not say goodbye); "after" is measured once the
pools have refilled and sit idle.

Printed for each app: render times (median, slowest), pages that never rendered, rolls that
took effect and their times, kernels and memory (server and kernels, PSS) before, with the
pages open and after they close, the memory of one kernel, how long until the memory was back,
and the load average with every figure. Goals: every page renders and rolls, the slowest first
widget <= 20 s, the pages' kernels exited within 2 minutes of the pages closing.

    python benchmarks/voila_class.py                        # 20 pages, penta_play then farkle_play
    python benchmarks/voila_class.py --pages 5 --app penta_play

The browsers run on the same machine as the server (the hardest case: they share its CPUs),
without the page Chromium would load, hidden, for its own address bar in every window
(``voila_apps.WITHOUT_BROWSER_UI``; ``--browser-ui`` keeps it, to compare).
Needs Chromium (``/usr/bin/chromium``, or ``$DICELAB_CHROMIUM``) and the ``test`` extras.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from voila_apps import (  # the script beside this one
    CHROMIUM,
    ON_SCREEN,
    ROOT,
    browser_line,
    chromium_args,
    kernel_processes,
    server_memory,
    settle,
    start_voila,
    stop_voila,
)

READY = ".dl-roll:not([disabled])"
SLOWEST_GOAL = 20.0  # seconds, the slowest page's first widget
BACK_GOAL = 120.0  # seconds, from closing the pages to the pools' kernels only
RENDER_TIMEOUT = 180.0
ROLL_TIMEOUT = 60.0
FILL_DELAY = 60  # seconds, as in the Makefile's run target


def class_arguments(pages: int, apps: list[str], fill_delay: int = FILL_DELAY) -> tuple[str, ...]:
    """What ``make run CLASS=pages APPS=apps`` adds to Voilà's command line: a pool of
    ``pages`` kernels for each app, refilled only a minute after a kernel is taken (so that
    starting the next pool's kernels does not compete with the class's pages)."""
    pools = {"default": {"pool_size": 0}}
    pools.update({f"{app}.ipynb": {"pool_size": pages} for app in apps})
    return (
        "--VoilaKernelManager.kernel_pools_config=" + json.dumps(pools),
        f"--VoilaKernelManager.fill_delay={fill_delay}",
    )


@dataclass
class PageResult:
    render: float | None = None  # seconds to the first widget, None if it never came
    roll: float | None = None  # seconds from pressing Roll to new dice, None if no effect
    error: str = ""
    outside: list[str] = field(default_factory=list)  # requests to another host


async def learner(browser, url: str, base: str, start: asyncio.Event) -> tuple:
    """One learner: open ``url`` when ``start`` fires, wait for Roll, roll once."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    result = PageResult()
    page.on(
        "request",
        lambda request: (
            None
            if request.url.startswith((base, "data:", "blob:"))
            else result.outside.append(request.url)
        ),
    )
    await start.wait()
    opened = time.monotonic()
    stage = "render"
    try:
        await page.goto(url, wait_until="commit", timeout=RENDER_TIMEOUT * 1000)
        # Checked at every frame (Playwright's wait_for looks only every 500 ms after 0.3 s).
        await page.wait_for_function(
            ON_SCREEN, arg=READY, polling="raf", timeout=RENDER_TIMEOUT * 1000
        )
        result.render = time.monotonic() - opened
        stage = "roll"
        before = await page.locator(".dl-situation").inner_text()
        pressed = time.monotonic()
        await page.click(READY)
        await page.wait_for_function(
            "before => (document.querySelector('.dl-situation')?.innerText ?? '') !== before",
            arg=before,
            timeout=ROLL_TIMEOUT * 1000,
        )
        result.roll = time.monotonic() - pressed
    except Exception as error:
        result.error = f"{type(error).__name__} at {stage}"
    return context, page, result


async def open_class(
    base: str, notebook: str, pages: int, server, browser_ui: bool = False
) -> dict:
    from playwright.async_api import async_playwright

    url = f"{base}/voila/render/{notebook}"
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=chromium_args(browser_ui)
        )
        start = asyncio.Event()
        tasks = [asyncio.create_task(learner(browser, url, base, start)) for _ in range(pages)]
        await asyncio.sleep(1.0)  # every context ready: then all at once
        load_open = os.getloadavg()[0]
        server_cpu = cpu_seconds(server)
        start.set()
        opened = await asyncio.gather(*tasks)
        server_cpu = cpu_seconds(server) - server_cpu
        results = [result for _, _, result in opened]
        during = server_memory(server)
        load_during = os.getloadavg()[0]
        closed_at = time.monotonic()
        for _, page, _ in opened:
            await page.close(run_before_unload=True)  # as a learner closes the tab
        await asyncio.sleep(1.0)
        for context, _, _ in opened:
            await context.close()
        await browser.close()
    return {
        "results": results,
        "during": during,
        "closed_at": closed_at,
        "load_open": load_open,
        "load_during": load_during,
        "server_cpu": server_cpu,
    }


def cpu_seconds(server) -> float:
    """CPU time the Voilà server process itself (not its kernels) has used, in seconds."""
    import psutil

    times = psutil.Process(server.pid).cpu_times()
    return times.user + times.system


def pages_kernels(log: Path, notebook: str) -> set[str]:
    """The ids of the preheated kernels the server has given pages of ``notebook`` (its log)."""
    text = log.read_text(errors="replace")
    return set(re.findall(rf"Using pre-heated kernel: (\S+) for {re.escape(notebook)}", text))


def watch_until_back(
    server, kernels: int, closed_at: float, timeout: float, taken: set[str], every: float = 0.5
) -> float | None:
    """Seconds from closing the pages until every kernel in ``taken`` (the pages' kernels, by
    id) has exited and the server runs no more than its pools' ``kernels``; looked at
    ``every`` seconds.

    The pages' own kernels are looked for by id: a pool refills only ``fill_delay`` after its
    kernels were taken, so a count alone would take the pages' kernels for the pool's."""
    import psutil

    def running(process) -> bool:
        try:
            command = " ".join(process.cmdline())
        except psutil.Error:
            return False
        return any(kernel in command for kernel in taken)  # its connection file names it

    while time.monotonic() - closed_at < timeout:
        alive = kernel_processes(server)
        if len(alive) <= kernels and not any(running(process) for process in alive):
            return time.monotonic() - closed_at
        time.sleep(every)
    return None


def describe(times: list[float]) -> str:
    if not times:
        return "none"
    return f"median {statistics.median(times):.1f} s, slowest {max(times):.1f} s"


def report(app: str, pages: int, pool: int, before: dict, run: dict, after: dict, back) -> bool:
    results = run["results"]
    rendered = [r.render for r in results if r.render is not None]
    rolled = [r.roll for r in results if r.roll is not None]
    errors = [r.error for r in results if r.error]
    outside = sorted({url for r in results for url in r.outside})
    during = run["during"]
    print(f"\n== {app}: {pages} pages at once (pool of {pool} preheated kernels)")
    print(f"first widget: {len(rendered)}/{pages} rendered, {describe(rendered)}")
    print(f"rolls that took effect: {len(rolled)}/{pages}, {describe(rolled)}")
    print(f"the server's own CPU while the pages opened and rolled: {run['server_cpu']:.1f} s")
    if errors:
        print(f"pages that failed: {', '.join(errors)}")
    if outside:
        print(f"requests to another host: {', '.join(outside[:5])}")
    print(
        f"kernels: {before['kernels']} before, {during['kernels']} with the pages open, "
        f"{after['kernels']} after they closed"
    )
    print(
        f"server and kernels (PSS): {before['total']:.0f} MiB before, "
        f"{during['total']:.0f} MiB with the pages open, {after['total']:.0f} MiB after"
    )
    print(
        f"one kernel: {before['kernel_pss']:.0f} MiB PSS ({before['kernel_uss']:.0f} MiB its own, "
        f"{before['kernel_rss']:.0f} MiB RSS)"
    )
    back_text = f"{back:.0f} s" if back is not None else f"not within {BACK_GOAL:.0f} s"
    print(f"the pages' own kernels had all exited after the pages closed: {back_text}")
    print(
        f"load average: {run['load_open']:.1f} when the pages opened, "
        f"{run['load_during']:.1f} once they had rolled (on {os.cpu_count()} CPUs)"
    )
    met = (
        len(rendered) == pages
        and len(rolled) == pages
        and max(rendered) <= SLOWEST_GOAL
        and back is not None
        and not outside
    )
    print(f"goals (all render and roll, slowest <= {SLOWEST_GOAL:.0f} s, back within", end=" ")
    print(f"{BACK_GOAL:.0f} s, nothing from outside): {'met' if met else 'NOT met'}")
    return met


def run_class(
    pages: int,
    apps: list[str],
    quiet: bool = False,
    fill_delay: int = FILL_DELAY,
    stock_frontend: bool = False,
    browser_ui: bool = False,
) -> dict[str, dict]:
    """Serve ``apps`` with pools of ``pages`` kernels, open each with ``pages`` pages at once
    (the pools refilled ``fill_delay`` seconds after a kernel is taken).

    Returns, per app, the figures the report prints (also used by the test suite)."""
    folder = Path(tempfile.mkdtemp(prefix="dicelab-class-"))
    for app in apps:
        shutil.copy(ROOT / "notebooks" / f"{app}.ipynb", folder / f"{app}.ipynb")
    kernels = pages * len(apps)
    started = time.monotonic()
    server, base = start_voila(
        folder, folder / "voila.log", class_arguments(pages, apps, fill_delay), stock_frontend
    )
    figures: dict[str, dict] = {}
    try:
        if not settle(server, kernels, timeout=600):
            print(f"the pools did not fill: {len(kernel_processes(server))} of {kernels}")
        elif not quiet:
            print(
                f"{kernels} preheated kernels ready {time.monotonic() - started:.0f} s after the"
                f" server started (load average {os.getloadavg()[0]:.1f})"
            )
        for app in apps:
            settle(server, kernels, timeout=300)
            before = server_memory(server)
            run = asyncio.run(open_class(base, f"{app}.ipynb", pages, server, browser_ui))
            taken = pages_kernels(folder / "voila.log", f"{app}.ipynb")
            if len(taken) != pages:  # then only the count below would be left to go by
                print(f"the log names {len(taken)} kernels taken by the {pages} pages of {app}")
            back = watch_until_back(server, kernels, run["closed_at"], BACK_GOAL, taken)
            settle(server, kernels, timeout=300)  # the pools refill fill_delay after the take
            after = server_memory(server)
            figures[app] = {
                "before": before,
                "run": run,
                "after": after,
                "back": back,
                "taken": taken,
            }
            if not quiet:
                figures[app]["met"] = report(app, pages, pages, before, run, after, back)
    finally:
        stop_voila(server)
        log = (folder / "voila.log").read_text(errors="replace")
        shutil.rmtree(folder, ignore_errors=True)
    for app in figures:
        figures[app]["log"] = log
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--app", action="append", choices=["penta_play", "farkle_play"])
    parser.add_argument(
        "--stock-frontend",
        action="store_true",
        help="pages drawn by Voilà's own front end, not dicelab's (to compare)",
    )
    parser.add_argument(
        "--browser-ui",
        action="store_true",
        help="keep Chromium's address-bar drop-down drawn as a web page (WITHOUT_BROWSER_UI)",
    )
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    apps = args.app or ["penta_play", "farkle_play"]
    print(f"load average {os.getloadavg()[0]:.1f} at the start (on {os.cpu_count()} CPUs)")
    print(browser_line(args.browser_ui))
    figures = run_class(
        args.pages, apps, stock_frontend=args.stock_frontend, browser_ui=args.browser_ui
    )
    met = all(f.get("met") for f in figures.values())
    kernel = statistics.median(f["before"]["kernel_pss"] for f in figures.values())
    base = statistics.median(
        f["before"]["total"] - f["before"]["kernels"] * f["before"]["kernel_pss"]
        for f in figures.values()
    )
    print(
        f"\nA class of 30 on one app: 30 pooled + 30 in use = 60 kernels x {kernel:.0f} MiB + the"
    )
    print(
        f"server ~{base:.0f} MiB = {(60 * kernel + base) / 1024:.1f} GiB while the pages are open"
    )
    print(f"({(30 * kernel + base) / 1024:.1f} GiB before the class and after it).")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
