"""``make class`` as a class meets it: JupyterHub, its proxy, SQLite, real learner servers.

One hub for the module, started with ``make class`` and a class list of three names (two
learners and the teacher); Chromium logs in as a learner would. What is checked:

* the two learners and the teacher log in (first use: each sets a password), each learner on
  the start page of the apps in their own server, the teacher on the hub's admin page;
* a stranger and a wrong password are refused (and the stranger leaves no password behind);
* a learner cannot open another learner's server or kernels;
* no code from the browser: a forged ``execute_request`` on the learner's own kernel's
  websocket gets nothing, while a ``kernel_info_request`` on the same socket is answered; the
  REST API refuses to start a kernel, write a file or open a terminal, and there is no
  JupyterLab; each process of a learner's server runs under the memory limit;
* the fifth kernel of a learner is refused with words, in the page's language.

The idle culler is left out (``HUB_IDLE=0``: its start and stop cost seconds, and culling is
JupyterHub's); tests/test_hub.py checks that ``make class`` registers it.
"""

from __future__ import annotations

import contextlib
import dbm
import os
import re
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, _free_port
from tests.browser.waits import STEP

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TEACHER = "mme-curie"
PASSWORDS = {
    "ada": "ada-secret-1",
    "bob": "bob-secret-2",
    "chloe": "chloe-secret-4",
    TEACHER: "teacher-secret-3",
}
MEMORY = "900M"
START = 120_000  # ms: a learner's first login spawns their server (slow on a busy machine)


class Hub:
    """The running hub: its address, data folder and log."""

    def __init__(self, url: str, data: Path, log: Path) -> None:
        self.url, self.data, self.log = url, data, log

    def processes(self, user: str) -> list[int]:
        """The processes of ``user``'s server (the server and its kernels), by their home."""
        home = f"HOME={self.data / 'users' / user}".encode()
        return [pid for pid in _pids() if home in _environ(pid).split(b"\0")]


def _four_free_ports() -> int:
    """A port whose next three are free too (the hub's proxy API, its own API and the class
    service use them)."""
    for _ in range(50):
        port = _free_port()
        if port < 65000 and all(_is_free(port + step) for step in (1, 2, 3)):
            return port
    raise RuntimeError("no four free ports in a row")


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _environ(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return b""


def _ours(data: Path) -> list[int]:
    """Every process this module's hub started: their environment names its data folder."""
    mark = str(data).encode()
    return [pid for pid in _pids() if pid != os.getpid() and mark in _environ(pid)]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Hub]:
    """``make class`` with three names on a free port, stopped (with all it started) after."""
    folder = tmp_path_factory.mktemp("hub")
    names = folder / "class.txt"
    names.write_text(f"# class 5B\nAda\nbob\nchloe\n{TEACHER}\n", encoding="utf-8")
    data = folder / "data"
    port = _four_free_ports()
    log = artifacts / "hub.log"
    command = [
        "make",
        "--no-print-directory",
        "class",
        f"NAMES={names}",
        f"TEACHER={TEACHER}",
        f"HUB_PORT={port}",
        f"HUB_DATA={data}",
        "HUB_IDLE=0",
        f"HUB_MEM_LIMIT={MEMORY}",
        "HUB_IP=127.0.0.1",
    ]
    with log.open("w") as handle:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_for_hub(url, process, log)
        yield Hub(url, data, log)
    finally:
        with contextlib.suppress(ProcessLookupError):  # make, JupyterHub (stopping the servers)
            os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 5  # then what is left (a temporary hub) is killed
        while _ours(data) and time.monotonic() < deadline:
            time.sleep(0.5)
        for pid in _ours(data):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        process.wait(timeout=10)


def _wait_for_hub(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"make class exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/hub/login", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"the hub did not answer within 120 s:\n{log.read_text()}")


def log_in(page, hub: Hub, name: str, password: str, next_url: str = "") -> None:
    """Fill in JupyterHub's login form and send it."""
    page.goto(f"{hub.url}/hub/login" + (f"?next={next_url}" if next_url else ""))
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


@pytest.fixture(scope="module")
def learners(browser, hub: Hub) -> Iterator[dict]:
    """Ada and Bob logged in (their first login: they set their passwords), each on the start
    page of the apps in their own server (no kernel), then on Penta, their two servers spawned
    at once: Ada follows the start page's link, Bob asks for Penta in French."""
    pages = {}
    for name in ("ada", "bob"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        pages[name] = context.new_page()
        log_in(pages[name], hub, name.capitalize(), PASSWORDS[name])  # names are lowercased
    for name, page in pages.items():  # the start page, without a kernel; then Penta
        link = page.get_by_role("link", name="Play Penta", exact=True)
        link.wait_for(timeout=START)
        assert f"/user/{name}/voila/tree" in page.url, page.url
        if name == "ada":
            link.click()
        else:
            page.goto(
                f"{hub.url}/user/bob/voila/render/penta_play.ipynb?lang=fr", wait_until="commit"
            )
    for name, page in pages.items():
        page.wait_for_url(f"**/user/{name}/voila/render/penta_play.ipynb**", timeout=START)
        page.locator(".dl-roll:not([disabled])").first.wait_for(timeout=START)
    yield pages
    for page in pages.values():
        page.context.close()


def test_learners_and_the_teacher_log_in(browser, hub: Hub, learners: dict) -> None:
    for name, page in learners.items():
        assert f"/user/{name}/voila/render/penta_play.ipynb" in page.url
    context = browser.new_context()
    page = context.new_page()
    log_in(page, hub, TEACHER, PASSWORDS[TEACHER], next_url="/hub/admin")
    page.wait_for_url("**/hub/admin**")
    for name in ("ada", "bob"):
        page.get_by_text(name, exact=True).first.wait_for()
    context.close()
    with dbm.open(str(hub.data / "passwords.dbm")) as passwords:  # first use: three passwords
        names = sorted(key.decode() for key in passwords.keys())  # noqa: SIM118 (dbm: no iter)
    assert names == ["ada", "bob", TEACHER]


def test_the_first_app_was_preheated_in_the_pages_language(hub: Hub, learners: dict) -> None:
    """Each learner's server started Penta's kernel before its learner logged in
    (dicelab.hub.pool); the first Penta page was handed that kernel, and Bob's page in French
    (its request reached the waiting kernel). Nobody else may read a page's request."""
    log = hub.log.read_text()
    assert log.count("Preheated a kernel for penta_play.ipynb") >= 2, log[-3000:]
    assert log.count("Using pre-heated kernel") >= 2
    bob = learners["bob"]
    assert bob.locator(".dl-roll").first.inner_text().startswith("Lancer (3 lancers restants")
    for user in ("ada", "bob"):  # a page's request, asked for through the proxy: refused
        answer = bob.request.get(f"{hub.url}/user/{user}/voila/query/{uuid.uuid4()}")
        assert answer.status == 403, answer.status  # (a websocket without the secret: 400)


def test_a_page_watches_its_kernel_through_the_hub(hub: Hub, learners: dict) -> None:
    """A page asks its server every second whether its kernel still runs (frontend/src/
    watch.js: a page whose kernel is gone says so). A learner's server answers a request that
    its cookie authenticates only with the XSRF token: the page sends it, so it is answered."""
    checked = re.compile(r"(\d{3}) GET /user/ada/api/kernels/[0-9a-f-]{36} \(")
    deadline = time.monotonic() + 10
    while not checked.search(hub.log.read_text()) and time.monotonic() < deadline:
        time.sleep(0.5)
    answers = set(checked.findall(hub.log.read_text()))
    assert answers == {"200"}, answers  # (without the token: 403, an anonymous request)


def test_a_stranger_and_a_wrong_password_are_refused(browser, hub: Hub, learners: dict) -> None:
    context = browser.new_context()
    page = context.new_page()
    for name, password in (("mallory", "mallory-secret"), ("ada", "not-ada-secret")):
        log_in(page, hub, name, password)
        page.get_by_text("Invalid username or password").wait_for()
        assert "/hub/login" in page.url
        response = page.goto(f"{hub.url}/user/{name}/voila/render/00_start_here.ipynb")
        assert "/hub/login" in page.url, (name, response.status if response else None)
    context.close()
    with dbm.open(str(hub.data / "passwords.dbm")) as passwords:
        assert b"mallory" not in passwords  # the stranger left nothing behind


def test_the_login_form_is_in_the_learners_language(browser, hub: Hub) -> None:
    """The first page of a class, JupyterHub's login form, in the browser's language or the
    address's (dicelab.hub.login): its words and ``lang``, first use's rule, a refusal and a
    first password too short, each in that language; axe-core finds nothing critical or
    serious; the password's eye is a button a keyboard presses, its name said."""
    from tests.browser.test_keyboard_games import assert_axe_clean

    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").inner_text() == "Se connecter"
    assert page.locator("#login_submit").get_attribute("value") == "Se connecter"
    assert page.get_by_label("Nom d'utilisateur:").count() == 1
    assert page.get_by_label("Mot de passe:", exact=True).count() == 1
    assert "choisis un mot de passe d'au moins 6 caractères" in page.inner_text("#dl-first-use")
    assert_axe_clean(page, "the login form in French")
    eye = page.get_by_role("button", name="Afficher le mot de passe")
    eye.focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Masquer le mot de passe").wait_for()
    assert page.get_attribute("#password_input", "type") == "text"
    log_in(page, hub, "mallory", "mallory-secret")  # a stranger
    page.get_by_text("Nom d'utilisateur ou mot de passe incorrect.").wait_for()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert_axe_clean(page, "the login form's refusal in French")
    log_in(page, hub, "chloe", "abc")  # Chloe's first login, a password too short
    page.get_by_text("Ton mot de passe est trop court").wait_for()
    context.close()
    with dbm.open(str(hub.data / "passwords.dbm")) as passwords:
        assert b"chloe" not in passwords  # refused: she still chooses hers at her first login

    context = browser.new_context()  # an English browser, the address asking for Bulgarian
    page = context.new_page()
    page.goto(f"{hub.url}/hub/login?lang=bg")
    assert page.locator("html").get_attribute("lang") == "bg"
    words = page.inner_text("form") + " ".join(
        page.eval_on_selector_all("form [aria-label], form [value]", _LABELS)
    )
    assert "Вход" in words and not re.search("[A-Za-z]{2,}", words), words
    page.fill("#username_input", "mallory")
    page.fill("#password_input", "mallory-secret")
    page.click("#login_submit")  # the form keeps the page's language
    page.get_by_text("Грешно потребителско име или парола.").wait_for()
    context.close()


_LABELS = """elements => elements
    .filter(e => e.type !== 'hidden' && e.type !== 'text' && e.type !== 'password')
    .map(e => e.getAttribute('aria-label') || e.value)"""


def _kernel_ids(page, user: str) -> list[str]:
    """The kernels of ``user``'s server, asked from ``page`` through the REST API."""
    return page.evaluate(
        """async (user) => {
            const xsrf = (document.cookie.match('\\\\b_xsrf=([^;]*)\\\\b') || [])[1] || '';
            const headers = {'X-XSRFToken': xsrf};
            const reply = await fetch(`/user/${user}/api/kernels`, {headers});
            return reply.ok ? (await reply.json()).map(k => k.id) : reply.status;
        }""",
        user,
    )


# Open a websocket to a kernel, send each message, and collect the msg_type of every reply.
SOCKET = """async ([url, messages, wait]) => {
    const replies = [];
    const socket = new WebSocket(url);
    const opened = await new Promise(resolve => {
        socket.onopen = () => resolve(true);
        socket.onerror = () => resolve(false);
        socket.onclose = () => resolve(false);
    });
    if (!opened) return {opened, replies};
    socket.onmessage = event => {
        const msg = JSON.parse(event.data);
        if (msg.channel === 'shell') replies.push(msg.header.msg_type);
    };
    for (const msg of messages) socket.send(JSON.stringify(msg));
    await new Promise(resolve => setTimeout(resolve, wait));
    socket.close();
    return {opened, replies};
}"""


def _message(kind: str, content: dict) -> dict:
    return {
        "header": {
            "msg_id": f"forged-{kind}",
            "msg_type": kind,
            "username": "mallory",
            "session": "forged",
            "date": "2026-01-01T00:00:00Z",
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "buffers": [],
        "channel": "shell",
    }


def test_a_learner_cannot_open_another_learners_server_or_kernels(hub: Hub, learners: dict) -> None:
    ada, bob = learners["ada"], learners["bob"]
    adas_kernels = _kernel_ids(ada, "ada")
    assert isinstance(adas_kernels, list) and adas_kernels, adas_kernels
    # Bob's browser, on his own server's page, asks for Ada's kernels and opens one's socket.
    assert _kernel_ids(bob, "ada") != adas_kernels
    url = hub.url.replace("http", "ws") + f"/user/ada/api/kernels/{adas_kernels[0]}/channels"
    result = bob.evaluate(SOCKET, [url, [_message("kernel_info_request", {})], 1500])
    assert result == {"opened": False, "replies": []}
    # Bob opens Ada's start page: the hub refuses him (403), Ada's server shows him nothing.
    response = bob.goto(f"{hub.url}/user/ada/voila/render/00_start_here.ipynb")
    assert response is not None and response.status == 403
    assert bob.get_by_role("link", name="Play Penta", exact=True).count() == 0
    bob.goto(f"{hub.url}/user/bob/voila/render/00_start_here.ipynb")
    bob.get_by_role("link", name="Play Penta", exact=True).wait_for(timeout=START)


def test_no_code_from_the_browser(hub: Hub, learners: dict, tmp_path: Path) -> None:
    ada = learners["ada"]
    kernel = _kernel_ids(ada, "ada")[0]
    url = hub.url.replace("http", "ws") + f"/user/ada/api/kernels/{kernel}/channels"
    marker = tmp_path / "code-ran"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    execute = _message(
        "execute_request",
        {
            "code": code,
            "silent": False,
            "store_history": False,
            "user_expressions": {},
            "allow_stdin": False,
        },
    )
    widgets = _message(
        "comm_open", {"comm_id": "forged", "target_name": "jupyter.widget", "data": {"state": {}}}
    )
    result = ada.evaluate(
        SOCKET, [url, [execute, widgets, _message("kernel_info_request", {})], 3000]
    )
    assert result["opened"]
    assert result["replies"] == ["kernel_info_reply"]  # the socket works; the code was dropped
    assert not marker.exists()
    refused = ada.evaluate(
        """async () => {
            const xsrf = (document.cookie.match('\\\\b_xsrf=([^;]*)\\\\b') || [])[1] || '';
            const headers = {'X-XSRFToken': xsrf, 'Content-Type': 'application/json'};
            const status = async (path, init) => {
                const options = {redirect: 'manual', ...init};
                try { return (await fetch('/user/ada/' + path, options)).status; }
                catch (error) { return String(error); }
            };
            return {
                kernel: await status('api/kernels', {method: 'POST', headers, body: '{}'}),
                file: await status('api/contents/x.py', {method: 'PUT', headers,
                    body: JSON.stringify({type: 'file', format: 'text', content: '1'})}),
                terminal: await status('api/terminals', {method: 'POST', headers}),
                lab: await status('lab', {}),
            };
        }"""
    )
    assert refused == {"kernel": 403, "file": 403, "terminal": 404, "lab": 404}
    assert "Dropped a 'execute_request' message" in hub.log.read_text()
    # Each process of Ada's server (the server and its kernel) runs under the memory limit.
    processes = hub.processes("ada")
    assert len(processes) >= 2
    for pid in processes:
        limits = Path(f"/proc/{pid}/limits").read_text()
        line = next(row for row in limits.splitlines() if row.startswith("Max data size"))
        assert line.split()[3:5] == [str(900 * 2**20)] * 2, line


def test_the_fifth_kernel_is_refused_with_words(hub: Hub, learners: dict) -> None:
    ada = learners["ada"]
    assert len(_kernel_ids(ada, "ada")) == 1  # Penta's (the start page has none)
    pages = [ada.context.new_page() for _ in range(3)]
    for page in pages:  # three more apps at once: four kernels, the most
        page.goto(f"{hub.url}/user/ada/voila/render/00_start_here.ipynb", wait_until="commit")
    for page in pages:
        page.get_by_role("link", name="Play Penta", exact=True).wait_for(timeout=START)
    assert len(_kernel_ids(ada, "ada")) == 4
    fifth = ada.context.new_page()
    response = fifth.goto(f"{hub.url}/user/ada/voila/render/farkle_play.ipynb?lang=fr")
    assert response is not None and response.status == 429
    assert fifth.locator("html").get_attribute("lang") == "fr"
    assert fifth.locator("h1").inner_text() == "Trop d’applications ouvertes"
    assert "Tu as déjà 4 applications ouvertes" in fifth.get_by_role("alert").inner_text()
    assert len(_kernel_ids(ada, "ada")) == 4  # no kernel was started for it
    pages[0].close(run_before_unload=True)  # closing a tab frees its kernel (Voilà's beacon)
    deadline = time.monotonic() + 20
    while len(_kernel_ids(ada, "ada")) == 4 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert len(_kernel_ids(ada, "ada")) == 3
    for page in [*pages[1:], fifth]:  # closed as a learner closes a tab: their kernels end
        page.close(run_before_unload=True)  # (the next test waited 30 s for them otherwise)


# -- the class service: a class game dealt and kept by the server ------------------------------


def _dice(page) -> str:
    """The dice on the table, as the engine's notation says them ("dice 2 2 4 5 6")."""
    line = page.locator(".dl-situation").first.text_content() or ""
    return next((part.strip() for part in line.split("|") if part.strip().startswith("dice")), "")


def _wait_for_kernels(page, user: str, most: int) -> int:
    """Wait (30 s at most) until ``user`` has ``most`` kernels or fewer; how many they have."""
    deadline = time.monotonic() + 30
    while len(kernels := _kernel_ids(page, user)) > most and time.monotonic() < deadline:
        time.sleep(0.5)
    return len(kernels)


def test_a_class_game_is_dealt_and_kept_by_the_class_service(
    browser, hub: Hub, learners: dict, artifacts: Path
) -> None:
    """The teacher sets a class game up in the dashboard; Ada and Bob open its link, get the
    same dice, and the teacher's table shows both plays without a code pasted. Chloe logs in
    for the first time by the link itself: her first page, the class game, comes from her
    server's preheated kernel, with the same dice. A hint forced open from Ada's page gets
    nothing. The service keeps the plays in its SQLite database."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    teacher = context.new_page()
    log_in(teacher, hub, TEACHER, PASSWORDS[TEACHER], next_url="/hub/user-redirect/")
    teacher.wait_for_url(f"**/user/{TEACHER}/voila/render/teacher.ipynb", timeout=START)
    panel = teacher.locator(".dl-class-games")
    panel.wait_for(timeout=START)
    teacher.get_by_role("heading", name="Class games on this hub").wait_for()
    teacher.get_by_label("Against the computer").uncheck()
    teacher.get_by_label("Title").fill("5B, Monday")
    teacher.get_by_role("button", name="Set up a class game").click()
    link = teacher.locator(".dl-class-games a[href*='classgame=']").first
    link.wait_for(timeout=STEP)
    href = link.get_attribute("href")
    assert href == "/hub/user-redirect/voila/render/penta_play.ipynb?classgame=1"

    ada, bob = learners["ada"], learners["bob"]
    assert _wait_for_kernels(ada, "ada", 2) <= 2  # the tabs the test before closed have gone
    for page in (ada, bob):
        page.goto(hub.url + href, timeout=START)
        page.locator(".dl-roll:not([disabled])").first.wait_for(timeout=START)
        assert "Class game 1: 5B, Monday" in page.locator(".dl-class-line").inner_text()
        page.click(".dl-roll")
    for page in (ada, bob):
        page.wait_for_function(
            "() => /dice [1-6]/.test(document.querySelector('.dl-situation')?.textContent ?? '')",
            timeout=STEP,
        )
    assert _dice(ada) == _dice(bob) and _dice(ada).startswith("dice ")
    chloe = context.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    log_in(chloe, hub, "chloe", PASSWORDS["chloe"], next_url=href)  # the link, before login
    chloe.locator(".dl-roll:not([disabled])").first.wait_for(timeout=START)
    assert "Class game 1: 5B, Monday" in chloe.locator(".dl-class-line").inner_text()
    chloe.click(".dl-roll")
    chloe.wait_for_function(
        "() => /dice [1-6]/.test(document.querySelector('.dl-situation')?.textContent ?? '')",
        timeout=STEP,
    )
    assert _dice(chloe) == _dice(ada)
    handed = re.findall(r"Using pre-heated kernel: (\S+) for penta_play", hub.log.read_text())
    assert len(handed) == 3, handed  # Ada's, Bob's and Chloe's first pages
    chloe.context.close()
    # The two pages this service adds pass axe-core (nothing critical or serious).
    from tests.browser.test_keyboard_games import assert_axe_clean

    assert_axe_clean(teacher, "teacher's class games")
    assert_axe_clean(ada, "a learner's class game")
    ada.click(".dl-box-chance.dl-seat-0")
    ada.click(".dl-validate")

    # A hostile learner shows the hidden Advisor button and presses it: the kernel refuses.
    ada.evaluate(
        "() => document.querySelectorAll('.dl-class-hidden')"
        ".forEach(e => e.classList.remove('dl-class-hidden'))"
    )
    toggle = ada.locator(".dl-advisor-toggle").first
    toggle.click()
    ada.wait_for_timeout(3000)  # the kernel has answered: the toggle is set back, no advice
    assert "mod-active" not in (toggle.get_attribute("class") or "")
    assert ada.locator(".dl-advisor").count() == 0

    table = teacher.locator(".dl-class-games-table")
    for name in ("ada", "bob"):  # live: the table reads the service every few seconds
        table.get_by_role("rowheader", name=name).wait_for(timeout=STEP)
    assert "optimal player alone scores" in table.inner_text()
    teacher.screenshot(path=str(artifacts / "hub-teacher-class-games.png"), full_page=True)
    ada.screenshot(path=str(artifacts / "hub-learner-class-game.png"), full_page=True)
    context.close()
    with contextlib.closing(sqlite3.connect(hub.data / "classes.sqlite")) as db:
        plays = dict(db.execute("select learner, moves from plays").fetchall())
        secret = db.execute("select secret from class_games").fetchone()[0]
    assert set(plays) == {"ada", "bob", "chloe"} and plays["ada"] >= 2
    assert len(secret) == 32 and secret.hex() not in hub.log.read_text()


def test_a_stopped_server_is_said_and_started_again_in_the_learners_language(
    browser, hub: Hub
) -> None:
    """Chloe comes back after the idle culler stopped her server (here she stops it herself,
    as the culler does, through the hub's API): JupyterHub's "Server not running" page says so
    in French (dicelab.hub.server_pages), its bar too, passes axe-core, and its button, pressed
    by keyboard, starts her apps again: the "starting" page in French, then her start page."""
    from tests.browser.test_keyboard_games import assert_axe_clean

    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log_in(page, hub, "chloe", PASSWORDS["chloe"])
    page.wait_for_url("**/user/chloe/**", timeout=START)
    xsrf = next(
        c["value"] for c in context.cookies() if c["name"] == "_xsrf" and c["path"] == "/hub/"
    )
    stopped = page.request.delete(
        f"{hub.url}/hub/api/users/chloe/server", headers={"X-XSRFToken": xsrf}
    ).status
    assert stopped in (202, 204), stopped
    deadline = time.monotonic() + START / 1000  # stopped (a 202 stops it in the background)
    while page.request.get(f"{hub.url}/hub/api/users/chloe").json()["servers"]:
        assert time.monotonic() < deadline, "Chloe's server did not stop"
        time.sleep(0.5)
    page.goto(f"{hub.url}/hub/user/chloe/voila/tree")  # her start page, as a learner has it
    heading = page.get_by_role("heading", name="Tes applications se sont arrêtées")
    heading.wait_for(timeout=STEP)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "Relance-les pour continuer" in page.inner_text("main")
    bar = page.inner_text("nav")  # the hub's own links gone, "Sign out" in French
    assert "Se déconnecter" in bar and not re.search(r"Logout|Home|Token|Services", bar), bar
    assert page.get_by_role("button", name="Page sombre ou claire").count() == 1
    assert_axe_clean(page, "a stopped server's page in French")
    pending: list[str] = []  # the "starting" page as it was drawn, before it moves on
    page.on("console", lambda m: pending.append(m.text) if m.text.startswith("pending ") else 0)
    page.add_init_script(_SAY_PENDING)
    start = page.get_by_role("button", name="Relancer mes applications")
    start.focus()
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Jouer au Penta", exact=True).wait_for(timeout=START)
    assert "/user/chloe/voila/tree" in page.url, page.url
    assert pending and pending[0].startswith("pending fr "), pending
    assert "Tes applications démarrent." in pending[0], pending
    assert not re.search(r"Stop Server|Event log|Logout|Complete", pending[0]), pending
    context.close()


_SAY_PENDING = """document.addEventListener('DOMContentLoaded', () => {
    if (location.pathname.includes('/spawn-pending/')) {
        console.log('pending ' + document.documentElement.lang + ' '
            + document.body.innerText.replace(/\\s+/g, ' '));
    }
});"""
