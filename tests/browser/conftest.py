"""Fixtures for tests in a real browser: a Voilà server on a free port and Debian's Chromium.

Chromium comes from Debian's packages (``apt-get install -y chromium chromium-headless-shell``,
done by ``make test``), never from Playwright's own download. The pages are driven in Chromium's
headless shell (:data:`BROWSER`), as Playwright itself drives headless Chromium: the same Blink
and V8, of the same Debian package version, without the desktop browser's shell around them,
which drew each page for 40 % more CPU (``docs/architecture.md``, "Tests"). Outside CI the
browser tests are skipped when Chromium is missing; in CI (``CI=true``) a missing Chromium is a
failure, so that CI cannot pass silently.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import load_benchmark

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("DICELAB_CHROMIUM", "/usr/bin/chromium")
"""The desktop Chromium: what the benchmarks measure a learner's page in."""
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
BROWSER = os.environ.get(
    "DICELAB_CHROMIUM", HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else CHROMIUM
)
"""The browser tests' Chromium: the headless shell where Debian's package is installed."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium's address-bar drop-down is a hidden web page in every new window (0.5 s of CPU
    # each): off, as in the benchmarks.
    *load_benchmark("voila_apps").WITHOUT_BROWSER_UI,
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, process: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voilà exited early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"Voilà did not answer at {url} within {timeout} s")


def voila_environment() -> dict[str, str]:
    """The environment of a Voilà server as ``make run`` starts it, for this checkout.

    ``JUPYTER_PATH`` finds the repository's Voilà template (``share/jupyter``, named in
    ``voila.json``) even where the package was installed without its data files;
    ``PYTHONPATH`` makes the kernels, which start in the notebooks' folder, import this
    checkout's ``dicelab`` rather than whichever one the virtual environment points to.
    """
    environment = dict(os.environ)
    for name, path in (("JUPYTER_PATH", ROOT / "share" / "jupyter"), ("PYTHONPATH", ROOT)):
        rest = environment.get(name)
        environment[name] = os.pathsep.join([str(path), *([rest] if rest else [])])
    return environment


def start_voila(
    notebooks: Path, log: Path, extra: tuple[str, ...] = ()
) -> tuple[subprocess.Popen, str]:
    """Start Voilà on ``notebooks`` on a free port, as ``make run`` does (``voila.json``, its
    preheated pools; its page templates compiled once, ``dicelab/voila_server.py``); return the
    process and its base URL."""
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "dicelab.voila_server",  # Voilà, its page templates compiled once
        str(notebooks),
        f"--port={port}",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        *extra,
    ]
    handle = log.open("w")
    process = subprocess.Popen(
        command, cwd=ROOT, env=voila_environment(), stdout=handle, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base + "/", process)
    except Exception:
        process.terminate()
        raise
    return process, base


def stop_voila(process: subprocess.Popen) -> None:
    """Stop a server :func:`start_voila` started (killed if it does not end within 15 s)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots and server logs go (``test-artifacts/``, ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# Package scope: the server and Playwright's event loop end with the browser tests, so that
# later tests (widgets that schedule on asyncio) never run inside Playwright's loop.
@pytest.fixture(scope="package")
def voila_log(artifacts: Path) -> Path:
    """The log of the shared Voilà server (:func:`voila_url`): one a process, as ``make test``
    runs the browser tests on two (pytest-xdist), each with its own server."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return artifacts / (f"voila-{worker}.log" if worker else "voila.log")


@pytest.fixture(scope="package")
def voila_url(voila_log: Path) -> Iterator[str]:
    """A real Voilà server on ``notebooks/``, as ``make run`` starts it."""
    process, base = start_voila(ROOT / "notebooks", voila_log)
    yield base
    stop_voila(process)


@pytest.fixture(scope="package")
def browser():
    """Headless Debian Chromium driven by Playwright."""
    if not Path(BROWSER).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing at {BROWSER}: apt-get install -y chromium")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=BROWSER, headless=True, args=CHROMIUM_ARGS
        )
        yield instance
        instance.close()


def record_errors(page, into: list[str] | None = None) -> list[str]:
    """Record every error of ``page`` in ``page.errors`` (and ``into``): an uncaught exception
    or unhandled rejection (``pageerror``) and an error in its console (a failed request, a
    ``console.error``). Returns ``page.errors``."""
    page.errors = []

    def keep(text: str) -> None:
        page.errors.append(text)
        if into is not None:
            into.append(f"{page.url}: {text}")

    page.on("pageerror", lambda error: keep(str(error)))
    page.on("console", lambda message: keep(message.text) if message.type == "error" else None)
    return page.errors


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that fails while its page is open leaves that page behind for whoever
    reads the failure: ``test-artifacts/failed-<test>.png`` and ``.txt`` (the page's words)."""
    outcome = yield
    report = outcome.get_result()
    page = item.funcargs.get("page") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or page is None or page.is_closed():
        return
    name = re.sub(r"[^\w.-]+", "_", item.name)[:120]
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"), full_page=True)
        text = page.evaluate("() => document.body.innerText")
        (ARTIFACTS / f"failed-{name}.txt").write_text(f"{page.url}\n\n{text}", encoding="utf-8")
    except Exception as error:  # the page or the browser may be what failed
        report.sections.append(("page left behind", f"could not be saved: {error}"))


@pytest.fixture
def page(browser):
    """A fresh page (own context) that records its errors in ``page.errors``, as does every
    page it opens; the test fails on any error of any of them, but those it expects
    (``page.expected_errors``: regular expressions a test adds to)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    seen: list[str] = []
    context.on("page", lambda opened: record_errors(opened, seen))
    page = context.new_page()
    page.expected_errors = []
    yield page
    context.close()
    unexpected = [e for e in seen if not any(re.search(p, e) for p in page.expected_errors)]
    if unexpected:
        pytest.fail("errors on the page:\n" + "\n".join(unexpected[:20]), pytrace=False)
