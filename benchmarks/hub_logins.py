"""A class logging in at once on ``make class``: N learners, each to their first widget.

The hub is started as a teacher starts it (``make class NAMES=...``, a temporary data folder,
the idle culler off). The reference, measured in the same run: **one learner alone** logs in
(first use: sets a password, the hub spawns their server, the start page of the apps opens)
and opens Penta (``penta_play``) until its Roll button is there, the app's first widget.
Then N other learners do the same at the same moment, each in their own browser context.
Printed: each learner's time to the start page and to Penta's Roll button (median, slowest),
learners who never got there, the slowest against the learner alone (the ratio), and the
memory per learner (PSS of their server and kernels, from ``/proc``), with the load average.
Goal (issue 26): all 20 play, the slowest first widget <= 30 s. As `make class` does, the
learners' servers are started with the hub, before the class logs in (`--no-prestart`: at
each login); the class comes in once the hub is idle, as after a teacher has started it.

    python benchmarks/hub_logins.py                # 20 learners
    python benchmarks/hub_logins.py --learners 3   # a quick look
    python benchmarks/hub_logins.py --no-warm      # no kernel preheated (dicelab/hub/pool.py)

The learners' browsers stand in for the learners' own computers, but here they share the hub's
two cores: what they spend is taken from the hub. ``--browser shell`` (the default) runs them in
Chromium's headless shell (``/usr/bin/chromium-headless-shell``: the same engine as Chromium,
without the desktop browser; a third of its CPU for these pages), ``--browser desktop`` in the
desktop Chromium (``/usr/bin/chromium``), the hardest case; ``$DICELAB_CHROMIUM`` names another.
The browsers' CPU is printed beside the hub's, so that each figure says whose time it is.

    python benchmarks/hub_logins.py --browser desktop

Needs Chromium (``apt-get install -y chromium chromium-headless-shell``), the ``test`` extras and
what ``make class`` installs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROWSERS = {"shell": "/usr/bin/chromium-headless-shell", "desktop": "/usr/bin/chromium"}
GOAL = 30.0  # seconds, the slowest learner's first widget
WAIT = 300_000  # ms a learner waits at most


def free_port() -> int:
    """A port whose next three are free too (the proxy's API, the hub's API, the class
    service)."""
    for _ in range(50):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        if port < 65000 and all(_free(port + step) for step in (1, 2, 3)):
            return port
    raise RuntimeError("no four free ports in a row")


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _environ(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return b""


def processes(mark: str) -> list[int]:
    """The processes whose environment holds ``mark`` (a learner's home, the hub's folder)."""
    pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    return [pid for pid in pids if pid != os.getpid() and mark.encode() in _environ(pid)]


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User and system CPU seconds of each process so far (from ``/proc/<pid>/stat``)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return out


def browser_pids() -> list[int]:
    """Chromium's processes (the learners' browsers, on this machine in this benchmark)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            with contextlib.suppress(OSError):
                if b"chromium" in Path(f"/proc/{name}/cmdline").read_bytes():
                    found.append(int(name))
    return found


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings (a process new since counts from 0)."""
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


KINDS = (  # what a process of the hub's is: the first word found in its command line
    ("ipykernel", "kernels"),
    ("dicelab.hub.singleuser", "learners' servers"),
    ("configurable-http-proxy", "proxy"),
    ("dicelab.classroom.service", "class service"),
    ("jupyterhub", "hub"),
)


def kind_of(pid: int) -> str:
    """Which part of the hub a process is (:data:`KINDS`), or "other"."""
    command = _cmdline(pid).replace(b"\0", b" ").decode()
    return next((kind for word, kind in KINDS if word in command), "other")


def cpu_by_kind(before: dict[int, float], after: dict[int, float]) -> str:
    """:func:`cpu_used` by part of the hub, largest first: "kernels 14 s, hub 9 s, ..."."""
    used: dict[str, float] = {}
    for pid, value in after.items():
        kind = kind_of(pid)
        used[kind] = used.get(kind, 0.0) + value - before.get(pid, 0.0)
    return ", ".join(
        f"{kind} {seconds:.1f} s" for kind, seconds in sorted(used.items(), key=lambda kv: -kv[1])
    )


def pss_mib(pid: int) -> float:
    """A process's proportional share of memory, MiB (0 once it has exited)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def learner_mib(folder: Path, name: str) -> float:
    """The memory of ``name``'s server and kernels (PSS, MiB), found by their home."""
    return sum(pss_mib(pid) for pid in processes(f"HOME={folder / 'data' / 'users' / name}"))


LOG = ROOT / "test-artifacts" / "hub_logins.log"


async def learner(browser, url: str, name: str) -> tuple[float | None, float | None]:
    """Log ``name`` in and open Penta: seconds to the start page and to the Roll button."""
    context = await browser.new_context()
    context.set_default_timeout(WAIT)  # the login's click waits for the spawn's redirects
    context.set_default_navigation_timeout(WAIT)
    page = await context.new_page()
    try:
        await page.goto(f"{url}/hub/login")
        await page.fill("#username_input", name)
        await page.fill("#password_input", f"{name}-secret")
        start = time.monotonic()
        await page.click("#login_submit")
        link = page.get_by_role("link", name="Play Penta", exact=True)
        await link.wait_for(timeout=WAIT)
        home = time.monotonic() - start
        await link.click()  # as a learner does: the start page's link to Penta
        await page.wait_for_selector(".dl-roll:not([disabled])", timeout=WAIT)
        return home, time.monotonic() - start
    except Exception as error:  # a learner who never got there is counted, not fatal
        print(f"  {name}: {type(error).__name__}: {str(error).splitlines()[0]}")
        return None, None


def start_hub(
    folder: Path, names: list[str], port: int, prestart: bool, warm: bool
) -> subprocess.Popen:
    """``make class`` with ``names`` on ``port``, its data in ``folder`` (``warm``: Penta
    preheated in each learner's server, as by default; else nothing preheated)."""
    (folder / "class.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    command = [
        "make",
        "--no-print-directory",
        "class",
        f"NAMES={folder / 'class.txt'}",
        f"HUB_PORT={port}",
        f"HUB_DATA={folder / 'data'}",
        "HUB_IDLE=0",
        "HUB_IP=127.0.0.1",
        f"HUB_PRESTART={int(prestart)}",
        f"HUB_WARM={'penta_play' if warm else ''}",
    ]
    log = (folder / "hub.log").open("w")
    hub = subprocess.Popen(
        command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            raise RuntimeError(f"make class exited: {(folder / 'hub.log').read_text()[-2000:]}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"http://127.0.0.1:{port}/hub/login", timeout=2),
        ):
            return hub
        time.sleep(0.5)
    raise RuntimeError("the hub did not answer within 300 s")


def wait_for_prestart(folder: Path, began: float) -> None:
    """Wait until the hub's prestart service says the learners' servers are ready (as a
    teacher starts the hub before the class comes in)."""
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        text = (folder / "hub.log").read_text(errors="replace")
        if "learners' servers ready" in text:
            line = next(row for row in text.splitlines() if "learners' servers ready" in row)
            print(
                f"before the class: {line.split('dicelab: ')[-1]}"
                f" ({time.monotonic() - began:.0f} s after make class)"
            )
            return
        time.sleep(1)
    raise RuntimeError("the learners' servers were not started within 600 s")


def wait_until_idle(mark: str, window: float = 5.0, most: float = 180.0) -> None:
    """Wait until the hub's processes (``mark``: its data folder) use under 0.1 of a core over
    ``window`` seconds: a class comes in after its teacher started the hub, not while the
    learners' servers still settle (``--no-prestart`` does not wait)."""
    began = time.monotonic()
    while time.monotonic() - began < most:
        before = cpu_seconds(processes(mark))
        time.sleep(window)
        used = cpu_used(before, cpu_seconds(processes(mark)))
        if used < 0.1 * window:
            print(
                f"the hub idle {time.monotonic() - began:.0f} s after its servers were ready"
                f" ({used:.2f} CPU s in the last {window:.0f} s)"
            )
            return
    print(f"the hub was still busy after {most:.0f} s: measured anyway")


def stop_hub(hub: subprocess.Popen, folder: Path) -> None:
    """Stop the hub as Ctrl+C does (the hub stops its learners' servers, services and proxy),
    then whatever is left after 30 s (found by its data folder)."""
    mark = str(folder / "data")
    for pid in processes(mark):
        if kind_of(pid) == "hub" and b"jupyterhub_config.py" in _cmdline(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGINT)
    deadline = time.monotonic() + 30
    while processes(mark) and time.monotonic() < deadline:
        time.sleep(0.5)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(hub.pid, signal.SIGTERM)
    for pid in processes(mark):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def summary(label: str, times: list[float | None]) -> str:
    done = [t for t in times if t is not None]
    if not done:
        return f"{label}: nobody got there"
    return (
        f"{label}: median {statistics.median(done):.1f} s, slowest {max(done):.1f} s"
        f" ({len(done)}/{len(times)} got there)"
    )


async def run(learners: int, prestart: bool, warm: bool, chromium: str) -> int:
    from playwright.async_api import async_playwright

    names = ["alone", *(f"learner{i:02d}" for i in range(1, learners + 1))]
    with tempfile.TemporaryDirectory(prefix="dicelab-hub-bench-") as tmp:
        folder = Path(tmp)
        port = free_port()
        began = time.monotonic()
        hub = start_hub(folder, names, port, prestart, warm)
        url = f"http://127.0.0.1:{port}"
        try:
            if prestart:
                wait_for_prestart(folder, began)
                wait_until_idle(str(folder / "data"))
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
                )
                print(f"the learners' browsers: {chromium} {browser.version}")
                _, alone = await learner(browser, url, "alone")
                print(
                    f"reference, one learner alone: Penta's Roll button after {alone:.1f} s"
                    if alone
                    else "reference: the learner alone never got there"
                )
                print(f"load average before the class: {os.getloadavg()[0]:.1f}")
                waiting = [learner_mib(folder, n) for n in names[2:]]  # not yet logged in
                print(
                    f"memory per learner before the class (their server"
                    f"{' and its preheated kernel' if warm else ''}, PSS): median "
                    f"{statistics.median(waiting):.0f} MiB, most {max(waiting):.0f} MiB"
                )
                mark = str(folder / "data")
                hub_before = cpu_seconds(processes(mark))
                browsers_before = cpu_seconds(browser_pids())
                results = await asyncio.gather(*(learner(browser, url, name) for name in names[1:]))
                print(f"load average with the class: {os.getloadavg()[0]:.1f}")
                hub_after = cpu_seconds(processes(mark))
                hub_cpu = cpu_used(hub_before, hub_after)
                browsers_cpu = cpu_used(browsers_before, cpu_seconds(browser_pids()))
                print(
                    f"CPU used while the class logged in: the hub, its proxy, the servers and "
                    f"kernels {hub_cpu:.0f} s; the {learners} browsers {browsers_cpu:.0f} s"
                )
                print(f"  the hub's part: {cpu_by_kind(hub_before, hub_after)}")
                homes = [home for home, _ in results]
                firsts = [first for _, first in results]
                print(summary("start page of the apps", homes))
                print(summary("Penta's first widget (Roll)", firsts))
                memory = [learner_mib(folder, n) for n in names[1:]]
                print(
                    f"memory per learner (their server and Penta's kernel, PSS): median "
                    f"{statistics.median(memory):.0f} MiB, most {max(memory):.0f} MiB"
                )
                done = [t for t in firsts if t is not None]
                if alone and done:
                    print(
                        f"ratio, the slowest of {learners} at once / one alone: "
                        f"{max(done) / alone:.2f}"
                    )
                ok = len(done) == learners and max(done) <= GOAL
                print(
                    f"goal (all {learners} play, slowest <= {GOAL:.0f} s): "
                    f"{'met' if ok else 'NOT met'}"
                )
                await browser.close()
                return 0 if ok else 1
        finally:
            stop_hub(hub, folder)
            LOG.parent.mkdir(exist_ok=True)  # the hub's log, kept: a learner who never got there
            shutil.copyfile(folder / "hub.log", LOG)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument(
        "--no-prestart",
        action="store_true",
        help="start each learner's server at their login (HUB_PRESTART=0), not with the hub",
    )
    parser.add_argument(
        "--no-warm",
        action="store_true",
        help="no app preheated in the learners' servers (HUB_WARM=''): each Penta page starts"
        " its kernel, as before dicelab.hub.pool",
    )
    parser.add_argument(
        "--browser",
        choices=list(BROWSERS),
        default="shell",
        help="the learners' browsers: Chromium's headless shell, or the desktop Chromium",
    )
    args = parser.parse_args()
    chromium = os.environ.get("DICELAB_CHROMIUM", BROWSERS[args.browser])
    return asyncio.run(
        run(args.learners, prestart=not args.no_prestart, warm=not args.no_warm, chromium=chromium)
    )


if __name__ == "__main__":
    raise SystemExit(main())
