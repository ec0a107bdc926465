"""A page opened again right after it was opened: a learner who reloads (flaky Wi-Fi), or two
learners opening the same app a few seconds apart, as ``make run`` serves it.

Voilà's pool hands the first page its preheated kernel, then starts the pool's next kernel
``fill_delay`` seconds later. A page asked for meanwhile does not start a kernel of its own: it
waits for that next one, delay included. ``voila.json`` sets the delay (1 s, Voilà's default,
since issue 28); the reference, in the same run, is the 10 s it was before.

For each delay: a fresh Voilà on ``notebooks/`` (pools full, idle), then the app opened in a
fresh browser context to its Roll button, closed, and opened again at once, ``--runs`` times
(the server settles between runs). Printed: the first and the second opening (median), and
the second against the reference's (the ratio; goal < 1).

    python benchmarks/voila_reload.py             # 3 runs
    python benchmarks/voila_reload.py --runs 5

Needs Chromium (``/usr/bin/chromium``, or ``$DICELAB_CHROMIUM``) and the ``test`` extras.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from voila_apps import (  # a sibling script
    CHROMIUM,
    ROOT,
    chromium_args,
    open_until,
    pooled_notebooks,
    settle,
    start_voila,
    stop_voila,
)

NOTEBOOK = "penta_play.ipynb"
READY = ".dl-roll:not([disabled])"
REFERENCE_DELAY = 10.0  # seconds: voila.json's fill_delay before issue 28


def configured_delay() -> float:
    """``voila.json``'s ``fill_delay``."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    return float(config["VoilaKernelManager"]["fill_delay"])


def measure(delay: float, runs: int) -> tuple[list[float], list[float]]:
    """The first and the second opening's times, ``runs`` of each, with this ``fill_delay``."""
    from playwright.sync_api import sync_playwright

    log = Path(tempfile.mkdtemp(prefix="dicelab-reload-")) / "voila.log"
    server, base = start_voila(
        ROOT / "notebooks", log, (f"--VoilaKernelManager.fill_delay={delay}",)
    )
    kernels = sum(pooled_notebooks().values())
    first: list[float] = []
    second: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=chromium_args()
            )
            for _ in range(runs):
                time.sleep(delay + 1)  # the last page's refill has started
                settle(server, kernels, timeout=180)
                url = f"{base}/voila/render/{NOTEBOOK}"
                first.append(open_until(browser, url, READY))
                second.append(open_until(browser, url, READY))
            browser.close()
    finally:
        stop_voila(server)
    return first, second


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    delay = configured_delay()
    results = {}
    for name, value in (("voila.json", delay), ("reference", REFERENCE_DELAY)):
        first, second = measure(value, args.runs)
        results[name] = statistics.median(second)
        print(
            f"{name:10} fill_delay {value:4.0f} s: first opening "
            f"{statistics.median(first):5.1f} s, opened again at once "
            f"{statistics.median(second):5.1f} s (median of {args.runs})"
        )
    ratio = results["voila.json"] / results["reference"]
    print(
        "opened again at once, voila.json / reference "
        f"(fill_delay {REFERENCE_DELAY:.0f} s): {ratio:.2f}"
    )
    return 0 if ratio < 1 else 1


if __name__ == "__main__":
    raise SystemExit(main())
