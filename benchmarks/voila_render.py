"""The CPU a Voilà server spends drawing a page, with its templates compiled once per server
(``dicelab/page_templates.py``) against Voilà as it is, in the same run.

Two Voilà servers on ``notebooks/``, as ``make run`` starts them (``voila.json``, its preheated
kernels): the reference with ``DICELAB_SHARED_TEMPLATES=0``, the other as shipped. Once both
have filled their pools and are quiet, the same pages are opened in Chromium's headless shell,
one at a time, alternating between the two servers; each page is closed as a learner closes a
tab, and the server is left to refill its pool and be quiet again (``learner_cpu.settle``).
Counted: the CPU of each server's own process (not its kernels'), from its start to its last
quiet moment, and per page
opened (a page's drawing, its websocket's messages, its kernel's shutdown and the refill's
drawing). Measured on 2026-12-07 (2 cores): 0.65, then 0.76 and 0.76 (0.68, 0.57 and 0.55 CPU s a
page as Voilà is; 0.44, 0.43 and 0.42 s with the cache).

    python benchmarks/voila_render.py              # 3 rounds of the pages below
    python benchmarks/voila_render.py --rounds 1
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from learner_cpu import settle  # noqa: E402  (a sibling script)

from tests.browser.axe import wait_drawn  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    BROWSER,
    CHROMIUM_ARGS,
    start_voila,
    stop_voila,
)

PAGES = ("penta_play.ipynb", "farkle_chances.ipynb", "house_rules.ipynb", "00_start_here.ipynb")


def quiet(pid: int) -> float:
    """The server's own CPU seconds once it and its kernels are idle (its pool refilled)."""
    return settle(pid, most=120.0).server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    servers = {}
    logs = ROOT / "test-artifacts"
    logs.mkdir(exist_ok=True)
    for name, value in (("reference (Voilà as it is)", "0"), ("templates compiled once", "1")):
        os.environ["DICELAB_SHARED_TEMPLATES"] = value
        process, base = start_voila(ROOT / "notebooks", logs / f"voila-render-{value}.log")
        servers[name] = (process, base)
    os.environ.pop("DICELAB_SHARED_TEMPLATES")
    try:
        start = {name: quiet(process.pid) for name, (process, _) in servers.items()}
        opened = dict.fromkeys(servers, 0)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=BROWSER, headless=True, args=CHROMIUM_ARGS
            )
            for _ in range(args.rounds):
                for notebook in PAGES:
                    for name, (process, base) in servers.items():
                        context = browser.new_context(viewport={"width": 1280, "height": 900})
                        page = context.new_page()
                        page.goto(f"{base}/voila/render/{notebook}?lang=fr", timeout=90_000)
                        wait_drawn(page, notebook)
                        context.close()
                        opened[name] += 1
                        quiet(process.pid)
            browser.close()
        spent = {name: quiet(process.pid) - start[name] for name, (process, _) in servers.items()}
    finally:
        for process, _ in servers.values():
            stop_voila(process)
    print(f"{opened[next(iter(opened))]} pages on each server ({', '.join(PAGES)}; French)")
    for name, cpu in spent.items():
        print(f"  {name:28} {cpu:6.1f} CPU s   {cpu / opened[name]:.3f} s a page")
    reference, shared = spent.values()
    print(f"ratio shared / reference: {shared / reference:.2f}")


if __name__ == "__main__":
    main()
