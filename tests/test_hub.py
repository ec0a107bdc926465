"""``make class`` without a browser: the class list, logins, limits and the configuration.

The hub itself, with its proxy and real learner servers, is driven by tests/browser/test_hub.py.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from types import SimpleNamespace

import pytest
from tornado.web import Finish, HTTPError
from traitlets.config.loader import PyFileConfigLoader

from dicelab.hub import __main__ as cli
from dicelab.hub.authenticator import ClassFirstUseAuthenticator, reset_password
from dicelab.hub.classlist import ClassListError, parse_names, read_names
from dicelab.hub.learner import (
    AppsOnlyAuthorizer,
    LimitedKernelManager,
    WidgetsOnlyConnection,
    kernel_limit_hook,
    widget_message_allowed,
)
from dicelab.hub.limits import limit_memory, parse_size
from dicelab.hub.pages import kernel_limit_page, page_language
from dicelab.hub.pool import WarmKernelManager
from dicelab.hub.spawner import LearnerSpawner
from dicelab.i18n import available_languages

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "deploy" / "hub"
MiB = 2**20

# -- the class list ------------------------------------------------------------------------


def test_the_class_list_is_one_login_name_a_line() -> None:
    text = "# 5B, 2026\n\nAda\n  Zoë \nМария\nbob.smith\no-brien_2\nada\nLi@School.org\n"
    assert parse_names(text) == ["ada", "zoë", "мария", "bob.smith", "o-brien_2", "li@school.org"]


@pytest.mark.parametrize(
    ("line", "number"),
    [("Ada Lovelace", 2), ("../root", 2), ("a/b", 2), ("x" * 41, 2), (".hidden", 2), ("-rf", 2)],
)
def test_a_name_that_cannot_be_a_login_is_refused_with_its_line(line: str, number: int) -> None:
    with pytest.raises(ClassListError, match=f"line {number}: '") as error:
        parse_names(f"ada\n{line}\n", source="class.txt")
    assert "class.txt" in str(error.value) and "letters, digits" in str(error.value)


def test_an_empty_or_missing_class_list_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(ClassListError, match="has no names: write one name a line"):
        parse_names("# nobody yet\n\n")
    with pytest.raises(ClassListError, match="cannot be read: No such file or directory"):
        read_names(tmp_path / "missing.txt")
    (tmp_path / "bom.txt").write_text("\ufeffAda\n", encoding="utf-8")  # as Notepad saves it
    assert read_names(tmp_path / "bom.txt") == ["ada"]


# -- logins --------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _cheap_bcrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed at bcrypt's lowest cost (4, not its default 12): a hash then takes
    milliseconds, not a quarter of a second. The checks are the same; a real hub keeps 12."""
    import bcrypt

    gensalt = bcrypt.gensalt
    monkeypatch.setattr(bcrypt, "gensalt", lambda rounds=4, prefix=b"2b": gensalt(rounds, prefix))


def _authenticator(tmp_path: Path) -> ClassFirstUseAuthenticator:
    return ClassFirstUseAuthenticator(
        allowed_users={"ada"}, admin_users={"teacher"}, dbm_path=str(tmp_path / "pw.dbm")
    )


def _login(auth: ClassFirstUseAuthenticator, name: str, password: str) -> str | None:
    handler = SimpleNamespace(custom_login_error=None)
    return asyncio.run(auth.authenticate(handler, {"username": name, "password": password}))


def test_first_use_logins_for_the_class_list_only(tmp_path: Path) -> None:
    auth = _authenticator(tmp_path)
    assert _login(auth, "mallory", "mallory-pw") is None  # not on the list
    assert _login(auth, "Ada", "ada-secret") == "ada"  # first use: the password is set
    assert _login(auth, "ada", "guessing") is None
    assert _login(auth, "ada", "ada-secret") == "ada"
    assert _login(auth, "teacher", "teach-pw") == "teacher"
    import dbm

    with dbm.open(str(tmp_path / "pw.dbm")) as passwords:
        assert b"mallory" not in passwords and b"ada" in passwords  # nothing kept of strangers


def test_the_teacher_resets_a_password(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    auth = _authenticator(tmp_path)
    assert _login(auth, "ada", "ada-secret") == "ada"
    assert cli.main(["reset-password", "Ada", "--data", str(tmp_path)]) == 1  # other file
    assert "no password yet" in capsys.readouterr().err
    assert reset_password(tmp_path / "pw.dbm", "Ada") is True
    assert reset_password(tmp_path / "pw.dbm", "ada") is False
    assert _login(auth, "ada", "a-new-one") == "ada"  # the next login sets the new one
    assert _login(auth, "ada", "ada-secret") is None


def test_the_reset_command_names_the_learner(tmp_path: Path, capsys) -> None:
    auth = ClassFirstUseAuthenticator(
        allowed_users={"ada"}, dbm_path=str(tmp_path / "passwords.dbm")
    )
    assert _login(auth, "ada", "ada-secret") == "ada"
    assert cli.main(["reset-password", "ada", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "ada will choose a new password at their next login.\n"


# -- the memory limit ------------------------------------------------------------------------


def test_sizes_are_read_as_jupyterhub_writes_them() -> None:
    assert [parse_size(text) for text in ("1G", "900M", "512MiB", "2g", "64K", "0")] == [
        2**30,
        900 * MiB,
        512 * MiB,
        2 * 2**30,
        64 * 2**10,
        0,
    ]
    with pytest.raises(ValueError, match="not 'a lot'"):
        parse_size("a lot")


def _allocate(mib: int, preexec) -> subprocess.CompletedProcess:
    code = f"block = bytearray({mib} * 2**20); print(len(block) // 2**20)"
    return subprocess.run(
        [sys.executable, "-c", code], preexec_fn=preexec, capture_output=True, text=True
    )


def test_the_memory_limit_bites() -> None:
    """A process over the limit gets MemoryError; under it, or without a limit, it runs."""
    limited = _allocate(600, lambda: limit_memory(400 * MiB))
    assert limited.returncode != 0 and "MemoryError" in limited.stderr
    assert _allocate(100, lambda: limit_memory(400 * MiB)).stdout == "100\n"
    assert _allocate(600, lambda: limit_memory(0)).stdout == "600\n"  # 0: no limit


def test_the_spawner_starts_a_learner_in_their_home_under_the_limit(tmp_path: Path) -> None:
    spawner = LearnerSpawner(home_dir=str(tmp_path / "users" / "ada"), mem_limit=400 * MiB)
    preexec = spawner.make_preexec_fn("ada")
    code = (
        "import os, resource; print(os.getcwd());"
        "print(resource.getrlimit(resource.RLIMIT_DATA)[0]);"
        "bytearray(600 * 2**20)"
    )
    child = subprocess.run(
        [sys.executable, "-c", code], preexec_fn=preexec, capture_output=True, text=True
    )
    assert child.stdout.split() == [str(tmp_path / "users" / "ada"), str(400 * MiB)]
    assert "MemoryError" in child.stderr


# -- what a learner's browser may do ------------------------------------------------------


@pytest.mark.parametrize(
    ("channel", "kind", "content", "allowed"),
    [
        ("shell", "comm_msg", {"comm_id": "x", "data": {"method": "update"}}, True),
        ("shell", "comm_info_request", {}, True),
        ("shell", "kernel_info_request", {}, True),
        ("shell", "comm_close", {"comm_id": "x"}, True),
        (None, "comm_msg", {}, True),  # no channel: Jupyter reads it as shell
        ("shell", "comm_open", {"target_name": "jupyter.widget.control"}, True),
        ("shell", "comm_open", {"target_name": "jupyter.widget"}, False),  # 100 widgets
        ("shell", "execute_request", {"code": "import os"}, False),
        ("shell", "complete_request", {"code": "os."}, False),
        ("shell", "inspect_request", {}, False),
        ("shell", "history_request", {}, False),
        ("control", "shutdown_request", {}, False),
        ("control", "debug_request", {}, False),
        ("control", "create_subshell_request", {}, False),
        ("stdin", "input_reply", {"value": "x"}, False),
        ("iopub", "comm_msg", {}, False),
        ("unreadable", None, {}, False),
    ],
)
def test_only_the_widgets_messages_reach_a_kernel(channel, kind, content, allowed) -> None:
    assert widget_message_allowed(channel, {"msg_type": kind}, content) is allowed


def test_the_websocket_filter_reads_both_protocols() -> None:
    import json

    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    def connection(protocol: str | None) -> WidgetsOnlyConnection:
        kind = type("Probe", (WidgetsOnlyConnection,), {"subprotocol": protocol})
        return kind.__new__(kind)

    header = {"msg_type": "execute_request"}
    legacy = json.dumps({"channel": "shell", "header": header, "content": {"code": "1"}})
    assert connection(None)._read(legacy) == ("shell", header, {"code": "1"})
    parts = [json.dumps(part).encode() for part in (header, {}, {}, {"code": "1"})]
    v1 = connection("v1.kernel.websocket.jupyter.org")
    assert v1._read(serialize_msg_to_ws_v1(parts, "shell")) == (
        "shell",
        header,
        {"code": "1"},
    )
    # A few bytes whose count of parts asks for terabytes (Jupyter's own reader would try).
    assert v1._read(b"\x00garbage")[0] == "unreadable"
    count = (5).to_bytes(8, "little")
    beyond = count + b"".join((48 + i).to_bytes(8, "little") for i in (0, 5, 10, 10**9, 10**9))
    assert v1._read(beyond)[0] == "unreadable"
    assert v1._read(b"\x01")[0] == "unreadable"


@pytest.mark.parametrize("lab", [False, True])
def test_a_malformed_message_never_reaches_jupyters_reader(lab: bool) -> None:
    """Even with LAB=1 (code allowed), a v1 message whose header asks for terabytes is dropped."""
    passed: list = []
    kind = type(
        "Probe",
        (WidgetsOnlyConnection,),
        {
            "subprotocol": "v1.kernel.websocket.jupyter.org",
            "kernel_id": "k",
            "log": SimpleNamespace(warning=lambda *args: None),
        },
    )
    connection = kind.__new__(kind)
    connection._trait_values = {"lab": lab}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"
            ".handle_incoming_message",
            lambda self, message: passed.append(message),
        )
        connection.handle_incoming_message(b"\x00garbage")
        assert passed == []
        header = json.dumps({"msg_type": "execute_request"}).encode()
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

        code = serialize_msg_to_ws_v1([header, b"{}", b"{}", b'{"code": "1"}'], "shell")
        connection.handle_incoming_message(code)
        assert passed == ([code] if lab else [])  # LAB=1 runs code; the apps only do not


@pytest.mark.parametrize(
    ("resource", "action", "apps", "lab"),
    [
        ("kernels", "execute", True, True),  # the page's websocket
        ("kernels", "read", True, True),
        ("kernels", "write", False, True),  # start, stop, restart through the REST API
        ("contents", "read", True, True),
        ("contents", "write", False, True),
        ("terminals", "execute", False, False),  # never: a shell as the hub's own account
        ("terminals", "read", False, False),
        ("sessions", "write", False, True),
        ("nbconvert", "read", False, True),
        ("server", "write", False, True),
        ("lab", "read", False, True),
    ],
)
def test_the_authorizer_lets_learners_use_the_apps_only(resource, action, apps, lab) -> None:
    user = SimpleNamespace(username="ada")
    assert AppsOnlyAuthorizer().is_authorized(None, user, action, resource) is apps
    assert AppsOnlyAuthorizer(lab=True).is_authorized(None, user, action, resource) is lab


# -- at most four kernels -----------------------------------------------------------------


def test_no_kernel_starts_beyond_the_limit() -> None:
    manager = LimitedKernelManager(max_kernels=4)
    manager._kernels.update({f"k{i}": object() for i in range(3)})
    assert manager.kernels_left() == 1
    manager._starting = 1  # a fourth is starting: it counts
    with pytest.raises(HTTPError) as error:
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert error.value.status_code == 429
    assert manager._starting == 1 and len(manager._kernels) == 3  # nothing was started


class _Handler:
    """What the prelaunch hook uses of Voilà's request handler."""

    def __init__(self, manager, query: str, accept: str = "") -> None:
        self.kernel_manager = manager
        self.request = SimpleNamespace(query=query, headers={"Accept-Language": accept})
        self.status, self.headers, self.body = 200, {}, None

    def set_status(self, status: int) -> None:
        self.status = status

    def set_header(self, name: str, value: str) -> None:
        self.headers[name] = value

    def finish(self, body: str) -> None:
        self.body = body


def test_forty_tabs_at_once_get_four_kernels_and_words(monkeypatch) -> None:
    """Pages opened at once reserve their kernels before any starts: the fifth gets words."""
    started: list[str] = []

    async def start(self, *args, kernel_id=None, **kwargs):  # Jupyter's, without a process
        await asyncio.sleep(0)
        kernel_id = f"k{len(started)}"
        started.append(kernel_id)
        self._kernels[kernel_id] = object()
        return kernel_id

    monkeypatch.setattr(
        "jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager.start_kernel",
        start,
    )
    manager = LimitedKernelManager(max_kernels=4)
    handlers = [_Handler(manager, "lang=ca") for _ in range(40)]
    answered = 0
    for handler in handlers:  # every request reaches the hook before any kernel starts
        try:
            kernel_limit_hook(handler, None, ".")
        except Finish:
            answered += 1
    assert answered == 36 and all("Ja tens 4 aplicacions obertes" in h.body for h in handlers[4:])
    for _ in range(4):  # then Voilà starts the four reserved kernels
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert len(started) == 4 and manager.kernels_left() == 0
    with pytest.raises(HTTPError):  # a start without a reservation (the REST API) is refused
        asyncio.run(manager.start_kernel(kernel_name="python3"))
    assert len(started) == 4


def test_a_reservation_lapses(monkeypatch) -> None:
    manager = LimitedKernelManager(max_kernels=1)
    assert manager.reserve() and not manager.reserve()
    manager._reserved[0] -= LimitedKernelManager.RESERVATION + 1  # the page failed long ago
    assert manager.kernels_left() == 1


def test_the_fifth_page_says_so_in_its_language() -> None:
    manager = LimitedKernelManager(max_kernels=4)
    manager._kernels.update({f"k{i}": object() for i in range(3)})
    handler = _Handler(manager, "lang=fr")
    assert kernel_limit_hook(handler, None, ".") is None  # a fourth may start
    assert handler.body is None
    manager._kernels["k3"] = object()
    with pytest.raises(Finish):
        kernel_limit_hook(handler, None, ".")
    assert handler.status == 429 and handler.headers["Cache-Control"] == "no-store"
    assert '<html lang="fr">' in handler.body
    assert "Tu as déjà 4 applications ouvertes" in handler.body
    german_browser = _Handler(manager, "", "nb-NO,nb;q=0.9")
    with pytest.raises(Finish):
        kernel_limit_hook(german_browser, None, ".")
    assert "Du har allerede 4 apper åpne" in german_browser.body


@pytest.mark.parametrize("lang", available_languages())
def test_the_limit_page_is_in_one_language(lang: str) -> None:
    page = kernel_limit_page(4, lang)
    english = kernel_limit_page(4, "en")
    assert f'<html lang="{lang}">' in page
    if lang != "en":
        for sentence in ("Too many apps open", "You already have", "Close one", "Reload"):
            assert sentence not in page
    else:
        assert "Close one of your other dicelab tabs" in english
    assert "4" in page  # the number, with its words


def test_the_page_language_comes_from_the_address_then_the_browser() -> None:
    assert page_language("lang=ca", "fr-FR,fr") == "ca"
    assert page_language("lang=xx&lang=bg", "") == "bg"
    assert page_language("", "de-DE, fr;q=0.8") == "fr"
    assert page_language("", "*") == "en"


# -- the configuration make class starts -----------------------------------------------------


def _hub_config(monkeypatch, tmp_path: Path, **env: str):
    names = tmp_path / "class.txt"
    names.write_text("Ada\nbob\nteacher\n", encoding="utf-8")
    settings = {"NAMES": str(names), "HUB_DATA": str(tmp_path / "data"), **env}
    for name in (
        "TEACHER",
        "HUB_PORT",
        "LAB",
        "HUB_IDLE",
        "HUB_AUTH",
        "HUB_MEM_LIMIT",
        "HUB_PRESTART",
        "HUB_WARM",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()


def test_make_class_configures_the_hub(monkeypatch, tmp_path: Path) -> None:
    c = _hub_config(monkeypatch, tmp_path)
    assert c.Authenticator.allowed_users == {"ada", "bob"}
    assert c.Authenticator.admin_users == {"teacher"}
    assert c.JupyterHub.authenticator_class is ClassFirstUseAuthenticator
    assert c.FirstUseAuthenticator.dbm_path == str(tmp_path / "data" / "passwords.dbm")
    assert c.JupyterHub.bind_url == "http://:8000"
    assert (c.ConfigurableHTTPProxy.api_url, c.JupyterHub.hub_port) == (
        "http://127.0.0.1:8001",
        8002,
    )
    assert c.JupyterHub.db_url == f"sqlite:///{tmp_path / 'data' / 'jupyterhub.sqlite'}"
    assert Path(c.ConfigurableHTTPProxy.command[0]).name == "configurable-http-proxy"
    assert c.JupyterHub.spawner_class is LearnerSpawner
    assert c.Spawner.mem_limit == 2**30
    assert c.Spawner.default_url == "/voila/tree"
    assert c.Spawner.environment["DICELAB_LAB"] == "0"
    assert c.Spawner.environment["DICELAB_MAX_KERNELS"] == "4"
    assert c.Spawner.environment["DICELAB_WARM"] == "penta_play"  # one kernel preheated
    service, prestart, culler = c.JupyterHub.services
    assert culler["command"][1:] == [
        "-m",
        "jupyterhub_idle_culler",
        "--timeout=3600",
        "--cull-every=300",
    ]
    learners, teacher, starter, role = c.JupyterHub.load_roles
    # the learners' servers started with the hub, by a service that may start servers only
    assert prestart["command"][1:] == ["-m", "dicelab.hub.prestart"]
    assert prestart["environment"]["DICELAB_PRESTART"] == "ada,bob"
    assert starter == {
        "name": "prestart",
        "scopes": ["read:users", "servers"],
        "services": ["prestart"],
    }
    assert role["services"] == ["idle-culler"] and "delete:servers" in role["scopes"]
    # the class service: run by the hub, asked by the learners' servers, taught by the teacher
    assert service["name"] == "dicelab-class" and service["url"] == "http://127.0.0.1:8003"
    assert service["command"][1:] == ["-m", "dicelab.classroom.service"]
    assert service["environment"]["HUB_DATA"] == str(tmp_path / "data")
    assert c.Spawner.environment["DICELAB_CLASS_URL"] == (
        "http://127.0.0.1:8003/services/dicelab-class/"
    )
    assert learners["users"] == ["ada", "bob"] and teacher["users"] == ["teacher"]
    assert learners["scopes"] == ["access:services!service=dicelab-class"]
    assert "custom:dicelab-class:teach" in teacher["scopes"]
    assert "custom:dicelab-class:teach" in c.JupyterHub.custom_scopes


def test_make_class_options(monkeypatch, tmp_path: Path) -> None:
    c = _hub_config(
        monkeypatch,
        tmp_path,
        TEACHER="Mme-Curie",
        HUB_PORT="8300",
        LAB="1",
        HUB_IDLE="0",
        HUB_MEM_LIMIT="2G",
        HUB_WARM="",
    )
    assert "prestart" not in [
        s["name"] for s in _hub_config(monkeypatch, tmp_path, HUB_PRESTART="0").JupyterHub.services
    ]
    assert c.Authenticator.allowed_users == {"ada", "bob", "teacher"}
    assert c.Authenticator.admin_users == {"mme-curie"}
    assert c.JupyterHub.bind_url == "http://:8300" and c.JupyterHub.hub_port == 8302
    assert c.Spawner.environment["DICELAB_LAB"] == "1" and c.Spawner.mem_limit == 2 * 2**30
    assert c.Spawner.environment["DICELAB_WARM"] == ""  # nothing preheated
    assert [s["name"] for s in c.JupyterHub.services] == ["dicelab-class", "prestart"]  # no culler


def test_a_school_switches_to_its_own_accounts_in_one_line(monkeypatch, tmp_path: Path) -> None:
    c = _hub_config(monkeypatch, tmp_path, HUB_AUTH="github")
    assert c.JupyterHub.authenticator_class == "github"
    names = {entry.name for entry in entry_points(group="jupyterhub.authenticators")}
    assert {"github", "google", "azuread", "generic-oauth"} <= names
    assert c.Authenticator.allowed_users == {"ada", "bob"}


def test_make_class_needs_a_usable_class_list(monkeypatch, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="needs the class list"):
        _hub_config(monkeypatch, tmp_path, NAMES="")
    (tmp_path / "bad.txt").write_text("Ada Lovelace\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="line 1: 'Ada Lovelace' cannot be a login name"):
        _hub_config(monkeypatch, tmp_path, NAMES=str(tmp_path / "bad.txt"))


@pytest.mark.parametrize("lab", ["0", "1"])
def test_a_learner_server_is_configured_for_the_apps(monkeypatch, lab: str) -> None:
    monkeypatch.setenv("DICELAB_LAB", lab)
    monkeypatch.delenv("DICELAB_MAX_KERNELS", raising=False)
    monkeypatch.delenv("DICELAB_WARM", raising=False)
    c = PyFileConfigLoader("jupyter_server_config.py", path=str(HUB)).load_config()
    assert c.ServerApp.authorizer_class is AppsOnlyAuthorizer
    assert c.ServerApp.kernel_websocket_connection_class is WidgetsOnlyConnection
    assert c.ServerApp.kernel_manager_class is WarmKernelManager
    assert issubclass(WarmKernelManager, LimitedKernelManager)
    assert c.LimitedKernelManager.max_kernels == 4
    assert c.WarmKernelManager.warm == ["penta_play.ipynb"]  # the class's first app, preheated
    assert c.ServerApp.jpserver_extensions["dicelab.hub.pool"] is True
    assert c.ServerApp.terminals_enabled is False
    assert c.AppsOnlyAuthorizer.lab is (lab == "1") and c.WidgetsOnlyConnection.lab is (lab == "1")
    assert c.VoilaConfiguration.template == "dicelab"
    assert c.VoilaConfiguration.prelaunch_hook is kernel_limit_hook
    assert c.MappingKernelManager.cull_connected is True
    if lab == "0":
        assert c.ServerApp.jpserver_extensions["jupyterlab"] is False


# -- a learner's server a second sooner (dicelab.hub.grammars) -----------------------------

DEFERRED = """
import sys
from dicelab.hub.grammars import defer_iri_grammars
defer_iri_grammars()
import jsonschema  # as jupyter_server's event log does
assert "lark" not in sys.modules, "the IRI grammars were built at the import"
checker = jsonschema.FormatChecker()
assert not checker.conforms("http://example.org/a b", "iri")
assert checker.conforms("http://example.org/\u00e9t\u00e9", "iri")
assert checker.conforms("../dice?lang=fr", "iri-reference")
assert "lark" in sys.modules  # built at the first IRI checked
from rfc3987_syntax import parse  # any other name: the real module's
assert parse("iri", "http://example.org/") is not None
"""


def test_a_learners_server_builds_the_iri_grammars_only_when_one_is_checked():
    run = subprocess.run([sys.executable, "-c", DEFERRED], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]


@pytest.mark.slow  # a whole Jupyter server's imports (the fast loop checks the config)
def test_a_learners_server_is_jupyterhub_singleuser_with_the_grammars_deferred(
    monkeypatch, tmp_path: Path
):
    config = _hub_config(monkeypatch, tmp_path)
    assert config.Spawner.cmd[1:] == ["-m", "dicelab.hub.singleuser"]
    run = subprocess.run(
        [*config.Spawner.cmd, "--help-all"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "--JupyterHubSingleUser.hub_activity_interval" in run.stdout  # the hub's server


def _hub_template(name: str):
    """dicelab's hub template ``name`` as JupyterHub loads it: dicelab's folder first, then
    JupyterHub's own, which ``templates/...`` names (``JupyterHub.init_tornado_settings``)."""
    from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader
    from jupyterhub._data import DATA_FILES_PATH

    from dicelab.hub.login import TEMPLATES

    default = str(Path(DATA_FILES_PATH) / "templates")
    loader = ChoiceLoader(
        [
            PrefixLoader({"templates": FileSystemLoader([default])}),
            FileSystemLoader([str(TEMPLATES), default]),
        ]
    )
    return Environment(loader=loader, autoescape=True).get_template(name)


_PAGE = {
    "static_url": lambda *args, **kwargs: "/static",
    "base_url": "/hub/",
    "login_url": "/hub/login",
    "logout_url": "/hub/logout",
    "spawn_url": "/hub/spawn/ada",
    "authenticator_login_url": "/hub/login",
    "xsrf": "x",
    "parsed_scopes": [],
    "services": [],
    "user": SimpleNamespace(name="ada", spawner=SimpleNamespace(name="", active=False)),
}


def test_another_authenticators_login_page_is_jupyterhubs_own() -> None:
    """Without dicelab's words (an OAuthenticator's "Sign in with ..."), the login template
    draws JupyterHub's page, in the landmark; with them, dicelab's form and the warning for
    a connection that is not encrypted in the page's language."""
    from dicelab.hub.login import login_words

    page = _hub_template("login.html").render(login_service="GitHub", **{**_PAGE, "user": None})
    assert "Sign in with GitHub" in page and '<main id="login-main"' in page
    page = _hub_template("login.html").render(dicelab=login_words("nb"), **{**_PAGE, "user": None})
    assert "Be den som driver serveren om å slå på kryptering (HTTPS)." in page
    assert 'name="lang" value="nb"' in page and "Sign in with" not in page


def test_a_server_that_failed_to_start_is_said_and_offered_again() -> None:
    """The "not running" page after a failed start: its own words to put in the page's
    language (data-dl-text), the spawner's reason below, the button that starts it again."""
    from dicelab.hub.server_pages import server_words

    words = server_words()
    page = _hub_template("not_running.html").render(
        failed=True, failed_message="Out of memory", dicelab_server_words=words, **_PAGE
    )
    assert 'data-dl-text="failedTitle"' in page and 'data-dl-text="retry"' in page
    assert "<p>Out of memory</p>" in page and 'href="/hub/spawn/ada"' in page
    assert 'data-dl-text="stoppedTitle"' not in page
    assert words["texts"]["fr"]["failed"].endswith("préviens ton professeur.")
