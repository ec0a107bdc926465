"""How long each Voilà app takes to become usable, preheated and cold, against Voilà's own floor.

For each app: the time from opening its URL in Chromium to its first control being clickable
(the dice, or the Roll button before any dice are rolled), median of 5; beside the same time
for ``benchmarks/voila_floor/floor.ipynb`` (a notebook holding a single button, started
without preheating) served by the same Voilà in the same run. Each app is timed twice:

- preheated, as ``make run`` serves it: a kernel from Voilà's pool (``voila.json``) that has
  already imported the app and waits for the page's URL. Goal: app / floor <= 0.5.
- cold, a copy of the notebook outside the pool (a kernel started for the request, as
  without preheating). Goal: app / floor <= 1.3.

The lessons (``LESSONS``: the rules notebooks, and each new lesson by one line) are timed
to their first exercise's Check button (Voilà shows a page once all its cells have run), as
``make run`` serves them (from the pool ``voila.json`` gives them, if any) and cold (a copy
outside any pool). Goal: lesson / floor <= 1.3, both ways.

"On screen" is checked in the page at every animation frame (:data:`ON_SCREEN`), not with
Playwright's ``locator.wait_for``: that one looks again after 20, 50, 100, 100, then every
500 ms, so a control that appeared 0.8 s in was seen at about 1.27 s, and times came in steps
of half a second.

Runs are interleaved (floor, the cold apps, the preheated apps, then again) so that a slow
moment of the machine weighs on every notebook alike; each run opens a fresh browser context (a
cold page, as a learner's first visit), closes the page as a learner closes a tab (which shuts
its kernel down), and waits until the server has refilled its pool and is quiet again.

To say *why* an app is slower than the floor, it also prints, measured in fresh processes:
the import time of the app's module, the time to build the app, and how many widget models
it creates (each is a message to the browser and a view to draw).

    python benchmarks/voila_apps.py            # 5 runs
    python benchmarks/voila_apps.py --runs 3   # quicker
    python benchmarks/voila_apps.py --lessons  # only the floor and the lessons
    python benchmarks/voila_apps.py --apps     # only the floor and the apps
    python benchmarks/voila_apps.py --pages    # only the floor and every page of notebooks/
                                               # as make run serves it (goal: <= 0.5 each)
    python benchmarks/voila_apps.py --pages --only teacher printouts  # some of them
    python benchmarks/voila_apps.py --explain  # also: the floor plus each app's imports, and
                                               # the floor with as many widgets as each app
    python benchmarks/voila_apps.py --stock-frontend  # pages drawn by Voilà's own front end
                                                      # (its lab template), not dicelab's

Needs Chromium (``/usr/bin/chromium``, or ``$DICELAB_CHROMIUM``) and the ``test`` extras.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("DICELAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
# Chromium 156 draws its address bar's drop-down as a web page of its own (the "WebUI omnibox
# popup") and loads it, hidden, in a renderer of its own for every new window: about 0.5 s of
# CPU for each browser context, in a headless browser that never shows it. A learner's browser
# pays that once per window, on the learner's own machine; here it would be paid for every page
# on the server's CPUs. With these features off, Chromium draws its native drop-down, which
# costs nothing until it is shown. ``--browser-ui`` keeps them, to compare.
WITHOUT_BROWSER_UI = ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"]


def browser_line(browser_ui: bool) -> str:
    """Which Chromium the figures are for, as the reports print it."""
    ui = "with" if browser_ui else "without"
    return f"Chromium {ui} its address-bar drop-down drawn as a web page in every window"


def chromium_args(browser_ui: bool = False) -> list[str]:
    """Chromium's command line for the benchmarks; ``browser_ui`` keeps its WebUI drop-down."""
    return CHROMIUM_ARGS + ([] if browser_ui else WITHOUT_BROWSER_UI)


GOAL = 1.3  # a cold app against the floor
PREHEATED_GOAL = 0.5  # a preheated app against the floor

FLOOR = ("floor", "floor.ipynb", ".widget-button:not([disabled])", None)  # its one button
APPS = (
    # name, notebook, the first control a learner presses, the class the notebook builds
    ("penta_play", "penta_play.ipynb", ".dl-roll:not([disabled])", "PentaApp"),
    ("penta_scoring", "penta_scoring.ipynb", ".dl-die:not([disabled])", "ScoringInspector"),
    ("farkle_play", "farkle_play.ipynb", ".dl-roll:not([disabled])", "FarkleApp"),
    ("farkle_risk", "farkle_risk.ipynb", ".dl-preset select:not([disabled])", "RiskExplorer"),
)
LESSON_READY = "#rendered_cells .dl-prediction .dl-check"
LESSONS = (
    # name, notebook, the page done (Voilà shows the cells once all have run), no class.
    # A new lesson is one line here (and one pool in voila.json); also timed cold.
    ("penta_rules", "penta_rules.ipynb", LESSON_READY, None),
    ("farkle_rules", "farkle_rules.ipynb", LESSON_READY, None),
    ("farkle_chances", "farkle_chances.ipynb", LESSON_READY, None),
    ("penta_thinking", "penta_thinking.ipynb", LESSON_READY, None),
    ("winning_vs_scoring", "winning_vs_scoring.ipynb", LESSON_READY, None),
)
PAGE_GOAL = 0.5  # every page of notebooks/, as served (``--pages``), against the floor
CONTROL_READY = "#rendered_cells :is(button, select, textarea, input, .dl-die):not([disabled])"
"""A page's first control a learner can use: what ``--pages`` waits for on a page that
``APPS`` and ``LESSONS`` do not name."""
START_NOTEBOOK = "00_start_here.ipynb"
START_READY = "main a[href]"
"""The start page has no control: it is on screen with its first link (dicelab's template
draws it as the folder's page, without a kernel: docs/serving.md)."""
TIMEOUT_MS = 120_000
ON_SCREEN = """css => [...document.querySelectorAll(css)].some((element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
})"""
"""Whether an element matching a CSS selector is on screen (as Playwright's "visible")."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_environment() -> dict[str, str]:
    """``make run``'s environment for this checkout: its Voilà template and its ``dicelab``.

    Kernels start in the served folder, so ``PYTHONPATH`` points them at this checkout.
    """
    environment = dict(os.environ)
    for name, path in (("JUPYTER_PATH", ROOT / "share" / "jupyter"), ("PYTHONPATH", ROOT)):
        rest = environment.get(name)
        environment[name] = os.pathsep.join([str(path), *([rest] if rest else [])])
    return environment


def start_voila(
    folder: Path, log: Path, extra: tuple[str, ...] = (), stock_frontend: bool = False
) -> tuple[subprocess.Popen, str]:
    """Voilà on ``folder`` with the repository's configuration (``voila.json``): its pages
    drawn by dicelab's front end as ``make run`` serves them (``stock_frontend``: by Voilà's
    own, with its ``lab`` template)."""
    if stock_frontend:
        extra = ("--VoilaConfiguration.template=lab", *extra)
    port = free_port()
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser"]
    command += ["--Voila.ip=127.0.0.1", *extra]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=voila_environment(),
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"Voilà exited early (see {log})")
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return process, base
        except OSError:
            time.sleep(0.3)
    process.terminate()
    raise SystemExit(f"Voilà did not start (see {log})")


def stop_voila(process: subprocess.Popen) -> None:
    """Stop the server (it shuts its kernels down); kill it if it hangs."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def kernel_processes(server: subprocess.Popen) -> list:
    """The server's kernels, as ``psutil.Process`` objects."""
    import psutil

    try:
        children = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    kernels = []
    for child in children:
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                kernels.append(child)
        except psutil.Error:
            pass
    return kernels


def memory_mib(processes) -> list[dict[str, float]]:
    """Each process's memory in MiB: ``pss`` (its fair share of what it shares with the others:
    these add up to what the processes take together), ``uss`` (only its own) and ``rss``."""
    import psutil

    figures = []
    for process in processes:
        try:
            info = process.memory_full_info()
        except psutil.Error:
            continue
        figures.append({key: getattr(info, key) / 2**20 for key in ("pss", "uss", "rss")})
    return figures


def server_memory(server: subprocess.Popen) -> dict[str, float]:
    """Kernels, their median memory, and the server with its kernels in MiB (sum of PSS)."""
    import psutil

    kernels = memory_mib(kernel_processes(server))
    own = memory_mib([psutil.Process(server.pid)])
    total = sum(k["pss"] for k in kernels) + sum(o["pss"] for o in own)
    median = {
        key: statistics.median(k[key] for k in kernels) if kernels else 0.0
        for key in ("pss", "uss", "rss")
    }
    return {
        "kernels": len(kernels),
        "total": total,
        **{f"kernel_{k}": v for k, v in median.items()},
    }


def cpu_busy(server: subprocess.Popen, interval: float = 0.5) -> float:
    """CPU the server and its kernels used over ``interval`` seconds, in cores."""
    import psutil

    processes = [psutil.Process(server.pid), *kernel_processes(server)]
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.cpu_percent(None)
    time.sleep(interval)
    used = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            used += process.cpu_percent(None)
    return used / 100


def settle(server: subprocess.Popen, kernels: int, timeout: float = 120) -> bool:
    """Wait until the server runs exactly ``kernels`` kernels (its pools full, the pages' kernels
    shut down) and they, and the server, sit idle. False if that did not happen in time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(kernel_processes(server)) == kernels and cpu_busy(server) < 0.05:
            return True
        time.sleep(0.5)
    return False


def pooled_notebooks(extra: tuple[str, ...] = ()) -> dict[str, int]:
    """Notebook name -> pool size: ``voila.json``'s, or a ``kernel_pools_config`` in ``extra``."""
    pools = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    pools = pools.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    prefix = "--VoilaKernelManager.kernel_pools_config="
    for argument in extra:
        if argument.startswith(prefix):
            pools = json.loads(argument[len(prefix) :])
    return {name: int(c.get("pool_size", 0)) for name, c in pools.items() if name != "default"}


def write_notebook(path: Path, source: str) -> None:
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": "probe",
        "metadata": {},
        "outputs": [],
        "source": source,
    }
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    notebook = {
        "cells": [cell],
        "metadata": {"kernelspec": kernel},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


def explain_entries(folder: Path, counts: dict[str, int]) -> list[tuple[str, str, str, None]]:
    """Notebooks that split an app's extra time: its imports alone, its widget count alone."""
    entries = []
    ready = FLOOR[2]
    for name, _, _, widget_class in APPS:
        notebook = f"imports_{name}.ipynb"
        write_notebook(
            folder / notebook,
            f"import ipywidgets as widgets\nfrom dicelab.widgets import {widget_class}\n"
            'widgets.Button(description="Click me")',
        )
        entries.append((f"+imports {name}", notebook, ready, None))
        count = counts.get(name)
        if count:
            notebook = f"widgets_{name}.ipynb"
            # As many widget models as the app (layouts and styles count: share one of each).
            write_notebook(
                folder / notebook,
                "import ipywidgets as widgets\n"
                "from ipywidgets.widgets.widget_string import HTMLStyle\n"
                "layout, style = widgets.Layout(), HTMLStyle()\n"
                "cells = [widgets.HTML(str(i), layout=layout, style=style)"
                f" for i in range({count - 6})]\n"
                'widgets.VBox([*cells, widgets.Button(description="Click me")])',
            )
            entries.append((f"+{count} widgets", notebook, ready, None))
    return entries


def page_entries(folder: Path) -> list[tuple[str, str, str, None]]:
    """Every notebook of ``notebooks/`` as ``make run`` serves it (``voila.json``'s pools), each
    to its first control (``APPS``, ``LESSONS``, else :data:`CONTROL_READY`), and the start
    page where a learner opens it: the folder's page (``voila/tree/``, no kernel). Copies the
    notebooks into ``folder`` (the start page's notebook, ``00_start_here.ipynb``, is timed at
    its own address too: that one still starts a kernel, as any notebook's does)."""
    ready = {notebook: css for _, notebook, css, _ in (*APPS, *LESSONS)}
    ready[START_NOTEBOOK] = "#rendered_cells a[href]"
    drawn = (ROOT / "share" / "jupyter" / "voila" / "templates" / "dicelab" / "tree.html").exists()
    entries = [("start page (folder)", "", START_READY, None)] if drawn else []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copy(path, folder / path.name)
        entries.append((path.stem, path.name, ready.get(path.name, CONTROL_READY), None))
    return entries


def page_url(base: str, notebook: str) -> str:
    """A notebook's Voilà address, or the folder's page for ``""``."""
    return f"{base}/voila/render/{notebook}" if notebook else f"{base}/voila/tree/"


def cold(entry: tuple) -> tuple:
    """The same app, from a copy of its notebook that has no kernel pool."""
    name, notebook, ready, widget_class = entry
    return (f"cold {name}", f"cold_{notebook}", ready, widget_class)


def serve_folder() -> Path:
    """One folder with the apps (preheated and cold), the lessons and the floor: one Voilà
    serves them all."""
    folder = Path(tempfile.mkdtemp(prefix="dicelab-bench-"))
    for _, notebook, _, _ in APPS:
        shutil.copy(ROOT / "notebooks" / notebook, folder / notebook)
        shutil.copy(ROOT / "notebooks" / notebook, folder / f"cold_{notebook}")
    for _, notebook, _, _ in LESSONS:
        shutil.copy(ROOT / "notebooks" / notebook, folder / notebook)
        shutil.copy(ROOT / "notebooks" / notebook, folder / f"cold_{notebook}")
    shutil.copy(ROOT / "benchmarks" / "voila_floor" / "floor.ipynb", folder / "floor.ipynb")
    shutil.copy(ROOT / "voila.json", folder / "voila.json")
    return folder


def open_until(browser, url: str, ready: str) -> float:
    """Seconds from opening ``url`` in a fresh browser context to ``ready`` on screen; the page
    is then closed as a learner closes a tab."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.monotonic()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function(ON_SCREEN, arg=ready, polling="raf", timeout=TIMEOUT_MS)
        return time.monotonic() - start
    finally:
        page.close(run_before_unload=True)  # the page asks Voilà to shut its kernel down
        time.sleep(0.5)
        context.close()


def time_to_clickable(browser, url: str, ready: str, server, kernels: int) -> float:
    """Seconds from opening ``url`` to ``ready`` on screen (:func:`open_until`); then wait
    until the server is back to ``kernels`` idle kernels."""
    try:
        return open_until(browser, url, ready)
    finally:
        if not settle(server, kernels):
            print(f"the server did not settle after {url}", file=sys.stderr)


PROBE = """
import json, sys, time
t0 = time.perf_counter()
import ipywidgets
t1 = time.perf_counter()
from dicelab import widgets
cls = getattr(widgets, sys.argv[1])
t2 = time.perf_counter()
before = len(ipywidgets.Widget.widgets)
app = cls()
t3 = time.perf_counter()
print(json.dumps({"ipywidgets": t1 - t0, "import": t2 - t1, "build": t3 - t2,
                  "widgets": len(ipywidgets.Widget.widgets) - before}))
"""


def probe(widget_class: str) -> dict[str, float] | None:
    """Import and build times and widget count of one app, in a fresh process (median of 3)."""
    samples = []
    for _ in range(3):
        result = subprocess.run(
            [sys.executable, "-c", PROBE, widget_class],
            capture_output=True,
            text=True,
            cwd=ROOT / "notebooks",
            env={**os.environ, "QUERY_STRING": ""},
        )
        if result.returncode != 0:
            return None
        samples.append(json.loads(result.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--explain", action="store_true", help="time the probe notebooks too")
    parser.add_argument("--lessons", action="store_true", help="only the floor and the lessons")
    parser.add_argument("--apps", action="store_true", help="only the floor and the apps")
    parser.add_argument(
        "--pages",
        action="store_true",
        help="only the floor and every page of notebooks/, as make run serves them",
    )
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
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help="with --pages: only these pages (notebook names, or 'start page (folder)')",
    )
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]
    apps = () if args.lessons or args.pages else APPS
    probes = {name: probe(widget_class) for name, _, _, widget_class in apps}
    folder = serve_folder()
    lessons = [] if args.apps else [*map(cold, LESSONS), *LESSONS]
    entries = [FLOOR, *lessons] if args.lessons else [FLOOR, *map(cold, APPS), *APPS, *lessons]
    if args.pages:
        entries = [FLOOR, *page_entries(folder)]
        if args.only:
            entries = [entry for entry in entries if entry[0] in {"floor", *args.only}]
    pooled = pooled_notebooks()
    unpooled = [notebook for _, notebook, _, _ in APPS if not pooled.get(notebook)]
    if unpooled and not args.pages:
        print(f"voila.json gives no kernel pool to {', '.join(unpooled)}: nothing is preheated")
        return 1
    kernels = sum(pooled.values())
    if args.explain:
        counts = {name: int(p["widgets"]) for name, p in probes.items() if p}
        entries += explain_entries(folder, counts)
    process, base = start_voila(folder, folder / "voila.log", stock_frontend=args.stock_frontend)
    times: dict[str, list[float]] = {name: [] for name, *_ in entries}
    failed: dict[str, str] = {}
    try:
        if not settle(process, kernels, timeout=300):
            print("the kernel pools did not fill within 300 s", file=sys.stderr)
        memory = server_memory(process)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=chromium_args(args.browser_ui)
            )
            # One warm-up of each notebook: the first kernel start pays for disk caches.
            for name, notebook, ready, _ in entries:
                url = page_url(base, notebook)
                try:
                    time_to_clickable(browser, url, ready, process, kernels)
                except Exception as error:
                    print(f"warm-up of {name} failed: {type(error).__name__}", file=sys.stderr)
            for _ in range(args.runs):
                for name, notebook, ready, _ in entries:
                    url = page_url(base, notebook)
                    try:
                        times[name].append(time_to_clickable(browser, url, ready, process, kernels))
                    except Exception as error:
                        failed[name] = f"{failed.get(name, '')} {type(error).__name__}".strip()
            browser.close()
    finally:
        stop_voila(process)
        shutil.rmtree(folder, ignore_errors=True)

    if not times["floor"]:
        print("the floor notebook never became clickable: no reference")
        return 1
    floor = statistics.median(times["floor"])
    print(f"Voilà time to clickable, median of {args.runs} (seconds), against the floor (a")
    if args.pages:
        print(f"one-button notebook without preheating); goal: every page / floor <= {PAGE_GOAL}")
    else:
        print("one-button notebook without preheating); goals: preheated app / floor <=")
        print(f"{PREHEATED_GOAL}, cold app / floor <= {GOAL}")
    print(browser_line(args.browser_ui))
    print(f"{'notebook':<24}{'median':>8}{'ratio':>8}   runs")
    goals = {name: PREHEATED_GOAL for name, *_ in APPS}
    goals.update({cold(entry)[0]: GOAL for entry in APPS})
    goals.update({name: GOAL for name, *_ in lessons})
    if args.pages:
        goals = {name: PAGE_GOAL for name, notebook, *_ in entries if name != "floor"}
    worst = {PREHEATED_GOAL: 0.0, GOAL: 0.0}
    for name, *_ in entries:
        runs = " ".join(f"{t:.2f}" for t in times[name])
        if name in failed:
            runs += f"   ({len(failed[name].split())} runs not clickable: {failed[name]})"
        goal = goals.get(name)
        if not times[name]:
            print(f"{name:<24}{'—':>8}{'—':>8}   {runs}")
            if goal:
                worst[goal] = float("inf")
            continue
        median = statistics.median(times[name])
        ratio = median / floor
        flag = ""
        if goal:
            worst[goal] = max(worst[goal], ratio)
            flag = "   <- over the goal" if ratio > goal else ""
        print(f"{name:<24}{median:>8.2f}{ratio:>8.2f}   {runs}{flag}")

    print("\nWhy (fresh process, median of 3): import ipywidgets, import the app's module,")
    print("build the app (s), widget models created")
    for name, *_ in apps:
        figures = probes[name]
        if figures is None:
            print(f"{name:<24}cannot be built outside Voilà")
            continue
        print(
            f"{name:<24}ipywidgets {figures['ipywidgets']:.2f}  import {figures['import']:.2f}  "
            f"build {figures['build']:.2f}  widgets {figures['widgets']:.0f}"
        )
    print(
        f"\nWarm pools: {memory['kernels']} kernels, each {memory['kernel_pss']:.0f} MiB "
        f"(PSS; {memory['kernel_uss']:.0f} MiB its own, {memory['kernel_rss']:.0f} MiB RSS); "
        f"server and kernels {memory['total']:.0f} MiB"
    )
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    print(f"{load} (on {os.cpu_count()} CPUs: a busy machine makes every figure noisy)")
    timed = {goals.get(name) for name, *_ in entries}
    labels = ((PREHEATED_GOAL, "preheated app"), (GOAL, "cold app or lesson"))
    if args.pages:
        labels = ((PAGE_GOAL, "page"),)
    for goal, label in labels:
        if goal not in timed:  # (--lessons times no preheated app)
            continue
        verdict = "goal met" if worst[goal] <= goal else "goal NOT met"
        print(f"worst {label} ratio {worst[goal]:.2f} (goal {goal}): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
