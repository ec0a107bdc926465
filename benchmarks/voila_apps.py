"""How long each Voilà app takes to become usable, against Voilà's own floor.

For each app: the time from opening its URL in Chromium to its first control being clickable
(the dice, or the Roll button before any dice are rolled), median of 5; beside the same time
for ``benchmarks/voila_floor/floor.ipynb`` (a notebook holding a single button) served by the
same Voilà in the same run. Goal: every app within 1.3 times the floor.

Runs are interleaved (floor, app 1, app 2, ..., then again) so that a slow moment of the
machine weighs on every notebook alike; each run opens a fresh browser context (a cold page,
as a learner's first visit) and closes it, and its kernel, before the next.

To say *why* an app is slower than the floor, it also prints, measured in fresh processes:
the import time of the app's module, the time to build the app, and how many widget models
it creates (each is a message to the browser and a view to draw).

    python benchmarks/voila_apps.py            # 5 runs
    python benchmarks/voila_apps.py --runs 3   # quicker
    python benchmarks/voila_apps.py --explain  # also: the floor plus each app's imports, and
                                               # the floor with as many widgets as each app

Needs Chromium (``/usr/bin/chromium``, or ``$DICELAB_CHROMIUM``) and the ``test`` extras.
"""

from __future__ import annotations

import argparse
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
GOAL = 1.3

FLOOR = ("floor", "floor.ipynb", "button:has-text('Click me'):not([disabled])", None)
APPS = (
    # name, notebook, the first control a learner presses, the class the notebook builds
    ("penta_play", "penta_play.ipynb", ".dl-roll:not([disabled])", "PentaApp"),
    ("penta_scoring", "penta_scoring.ipynb", ".dl-die:not([disabled])", "ScoringInspector"),
    ("farkle_play", "farkle_play.ipynb", ".dl-roll:not([disabled])", "FarkleApp"),
    ("farkle_risk", "farkle_risk.ipynb", ".dl-preset select:not([disabled])", "RiskExplorer"),
)
TIMEOUT_MS = 120_000


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_voila(folder: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """Voilà on ``folder`` with the repository's configuration (``voila.json``)."""
    port = free_port()
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--no-browser"]
    command.append("--Voila.ip=127.0.0.1")
    process = subprocess.Popen(command, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT)
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


def serve_folder() -> Path:
    """One folder with the apps and the floor, so that one Voilà serves them all."""
    folder = Path(tempfile.mkdtemp(prefix="dicelab-bench-"))
    for _, notebook, _, _ in APPS:
        shutil.copy(ROOT / "notebooks" / notebook, folder / notebook)
    shutil.copy(ROOT / "benchmarks" / "voila_floor" / "floor.ipynb", folder / "floor.ipynb")
    shutil.copy(ROOT / "voila.json", folder / "voila.json")
    return folder


def time_to_clickable(browser, url: str, ready: str) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        start = time.monotonic()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.locator(ready).first.wait_for(state="visible", timeout=TIMEOUT_MS)
        return time.monotonic() - start
    finally:
        context.close()
        time.sleep(2.0)  # let Voilà shut the kernel down before the next run


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
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]
    probes = {name: probe(widget_class) for name, _, _, widget_class in APPS}
    folder = serve_folder()
    entries = [FLOOR, *APPS]
    if args.explain:
        counts = {name: int(p["widgets"]) for name, p in probes.items() if p}
        entries += explain_entries(folder, counts)
    process, base = start_voila(folder, folder / "voila.log")
    times: dict[str, list[float]] = {name: [] for name, *_ in entries}
    failed: dict[str, str] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            # One warm-up of each notebook: the first kernel start pays for disk caches.
            for name, notebook, ready, _ in entries:
                try:
                    time_to_clickable(browser, f"{base}/voila/render/{notebook}", ready)
                except Exception as error:
                    print(f"warm-up of {name} failed: {type(error).__name__}", file=sys.stderr)
            for _ in range(args.runs):
                for name, notebook, ready, _ in entries:
                    url = f"{base}/voila/render/{notebook}"
                    try:
                        times[name].append(time_to_clickable(browser, url, ready))
                    except Exception as error:
                        failed[name] = f"{failed.get(name, '')} {type(error).__name__}".strip()
            browser.close()
    finally:
        process.terminate()
        process.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)

    if not times["floor"]:
        print("the floor notebook never became clickable: no reference")
        return 1
    floor = statistics.median(times["floor"])
    print(f"Voilà time to clickable, median of {args.runs} (seconds); goal: app / floor <= {GOAL}")
    print(f"{'notebook':<24}{'median':>8}{'ratio':>8}   runs")
    worst = 0.0
    for name, *_ in entries:
        runs = " ".join(f"{t:.2f}" for t in times[name])
        if name in failed:
            runs += f"   ({len(failed[name].split())} runs not clickable: {failed[name]})"
        if not times[name]:
            print(f"{name:<24}{'—':>8}{'—':>8}   {runs}")
            if any(name == app for app, *_ in APPS):
                worst = float("inf")
            continue
        median = statistics.median(times[name])
        ratio = median / floor
        if any(name == app for app, *_ in APPS):
            worst = max(worst, ratio)
        flag = "   <- over the goal" if ratio > GOAL else ""
        print(f"{name:<24}{median:>8.2f}{ratio:>8.2f}   {runs}{flag}")

    print("\nWhy (fresh process, median of 3): import ipywidgets, import the app's module,")
    print("build the app (s), widget models created")
    for name, *_ in APPS:
        figures = probes[name]
        if figures is None:
            print(f"{name:<24}cannot be built outside Voilà")
            continue
        print(
            f"{name:<24}ipywidgets {figures['ipywidgets']:.2f}  import {figures['import']:.2f}  "
            f"build {figures['build']:.2f}  widgets {figures['widgets']:.0f}"
        )
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    print(f"\n{load} (on {os.cpu_count()} CPUs: a busy machine makes every figure noisy)")
    print(f"worst ratio {worst:.2f}: {'goal met' if worst <= GOAL else 'goal NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
