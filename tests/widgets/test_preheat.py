"""Voilà's preheated kernels: an app reads its page's URL only once the page asks for it.

A preheated kernel runs the notebook before any page exists; Voilà hands the page's request
over on a websocket (``page_request.receive_request``), and the kernel copies it into
``os.environ``. Most tests here stand in for Voilà with a fake ``receive_request``; one runs a
websocket server that speaks as Voilà's does; the browser tests (``tests/browser/test_class.py``)
drive the real one.
"""

from __future__ import annotations

import logging

import pytest

import dicelab.widgets.lang as lang
from dicelab import page_request

PREHEAT = {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "kernel-1"}


@pytest.fixture
def fresh(monkeypatch):
    """A kernel that has not met its page yet; LANG says English, no QUERY_STRING."""
    monkeypatch.setattr(page_request, "_page_waited", False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return monkeypatch


def fake_voila(monkeypatch, query: str | None) -> list[str]:
    """Replace the page's request from Voilà: it hands over ``query`` (or fails if None)."""
    calls: list[str] = []

    def receive_request(address: str) -> dict[str, str]:
        assert address == "ws://127.0.0.1:8866/voila/query/kernel-1"
        calls.append("waited")
        if query is None:
            raise ConnectionRefusedError("no server")
        return {"QUERY_STRING": query}

    monkeypatch.setattr(page_request, "receive_request", receive_request)
    return calls


def test_a_preheated_kernel_waits_for_its_page_before_reading_the_language(fresh):
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    calls = fake_voila(fresh, "lang=bg")
    assert lang.preheated()
    # Before the fix the query was read from the environment at once: '' -> English.
    assert lang.language_from_query() == "bg"
    assert lang.resolve_language(None) == "bg"
    assert calls == ["waited"], "the page is waited for once, not at every read"


def test_outside_a_preheated_kernel_nothing_waits(fresh):
    calls = fake_voila(fresh, "lang=bg")
    fresh.setenv("QUERY_STRING", "lang=fr")
    assert not lang.preheated()
    assert lang.language_from_query() == "fr"
    fresh.setenv("VOILA_PREHEAT", "False")  # a kernel Voilà started for its request
    fresh.setenv("VOILA_KERNEL_ID", "kernel-2")
    assert lang.language_from_query() == "fr"
    assert calls == []


def test_a_query_given_outright_never_waits(fresh):
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    calls = fake_voila(fresh, "lang=bg")
    assert lang.language_from_query("lang=fr") == "fr"
    assert lang.language_from_query(None, environ={"QUERY_STRING": "lang=ca"}) == "ca"
    assert calls == []


def test_a_request_that_never_arrives_leaves_the_servers_language(fresh, caplog):
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    calls = fake_voila(fresh, None)
    with caplog.at_level(logging.ERROR, logger="dicelab.widgets"):
        assert lang.language_from_query() == "en"
    assert calls == ["waited"]
    assert "did not reach this preheated kernel" in caplog.text


def test_the_request_comes_on_voilas_websocket_once_the_page_opens(fresh):
    """A websocket server that speaks as Voilà's ``voila/query/<kernel>`` does: it sends the
    page's request, as JSON, once the page is open (here 0.3 s after the kernel asked)."""
    import json
    import socket
    import subprocess
    import sys
    import threading
    import time

    from websockets.sync.server import serve

    paths: list[str] = []

    def page_opens(connection) -> None:
        paths.append(connection.request.path)
        time.sleep(0.3)
        connection.send(json.dumps({"QUERY_STRING": "lang=ca&seed=7", "SCRIPT_NAME": "/voila"}))

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with serve(page_opens, "127.0.0.1", port) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        for name, value in {**PREHEAT, "VOILA_APP_PORT": str(port)}.items():
            fresh.setenv(name, value)
        fresh.setenv("VOILA_SERVER_URL", "/user/ada/")
        for proxy in ("http_proxy", "ws_proxy"):  # a school's proxy: never for its own server
            fresh.setenv(proxy, "http://127.0.0.1:9")
        for bypass in ("no_proxy", "NO_PROXY"):
            fresh.delenv(bypass, raising=False)
        started = time.monotonic()
        assert lang.language_from_query() == "ca"
        assert time.monotonic() - started >= 0.3, "it waited for the page"
        server.shutdown()
    assert paths == ["/user/ada/voila/query/kernel-1"]
    assert lang.page_query() == "lang=ca&seed=7"
    # ... and a kernel that does so never imports Voilà (and the Jupyter server with it).
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, dicelab.page_request as p, dicelab.widgets.lang\n"
            f"try: p.receive_request('ws://127.0.0.1:{port}/voila/query/k')\n"
            "except OSError: pass\n"  # the server has gone: refused
            "print('voila' in sys.modules, 'jupyter_server' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert imported.stdout.split() == ["False", "False"]


def test_warm_up_loads_the_languages_only_in_a_waiting_preheated_kernel(fresh, monkeypatch):
    loaded: list[str] = []
    monkeypatch.setattr(lang, "plural_rule", lambda code: loaded.append(code))
    lang.warm_up()
    assert loaded == [], "outside a preheated kernel it does nothing"
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    lang.warm_up()
    assert loaded == list(lang.available_languages())
    monkeypatch.setattr(page_request, "_page_waited", True)
    lang.warm_up()
    assert len(loaded) == len(lang.available_languages()), "not once the page has come"


def test_warm_up_never_raises(fresh, monkeypatch, caplog):
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)

    def broken(code):
        raise OSError("catalogue unreadable")

    monkeypatch.setattr(lang, "format_number", broken)
    with caplog.at_level(logging.ERROR, logger="dicelab.widgets"):
        lang.warm_up()
    assert "could not load the language" in caplog.text


def test_launch_imports_the_app_and_warms_up_before_it_waits_for_the_page(monkeypatch):
    """The notebook is one call, and a preheated kernel does its heavy work in the pool."""
    from dicelab.widgets import launcher

    order: list[str] = []
    real_app_class = launcher.app_class
    monkeypatch.setattr(
        launcher, "app_class", lambda name: order.append("import") or real_app_class(name)
    )
    monkeypatch.setattr(launcher, "warm_up", lambda: order.append("warm up"))
    monkeypatch.setattr(launcher, "page_query", lambda: order.append("page") or "lang=fr")
    monkeypatch.setattr(launcher, "_prepare", lambda app: order.append(f"prepare {app.__name__}"))
    app = launcher.launch("ScoringInspector")
    assert order == ["import", "warm up", "prepare ScoringInspector", "page"]
    assert app.lang == "fr"


def test_an_app_is_prepared_only_in_a_preheated_kernel_and_never_raises(fresh, caplog):
    from dicelab.widgets import launcher

    calls: list[str] = []

    class Ready:
        @classmethod
        def prepare(cls):
            calls.append("prepared")

    class Broken:
        @classmethod
        def prepare(cls):
            raise OSError("no fonts")

    launcher._prepare(Ready)
    assert calls == [], "outside a preheated kernel the app's build does that work itself"
    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    launcher._prepare(Ready)
    assert calls == ["prepared"]
    with caplog.at_level(logging.ERROR, logger="dicelab.widgets"):
        launcher._prepare(Broken)
    assert "could not prepare Broken ahead" in caplog.text


def test_the_risk_explorer_draws_its_first_plot_from_what_prepare_computed():
    from dicelab.farkle.rules import PRESETS
    from dicelab.widgets.farkle import risk_explorer

    risk_explorer._simulated_farkles.cache_clear()
    risk_explorer.RiskExplorer.prepare()
    app = risk_explorer.RiskExplorer(background=lambda work: work())
    before = risk_explorer._simulated_farkles.cache_info()
    app._draw(app.current)
    after = risk_explorer._simulated_farkles.cache_info()
    assert app.current == "farkle" and app.rules == PRESETS["standard"]
    assert after.hits > before.hits and after.misses == before.misses  # nothing simulated again


def test_a_preheated_lesson_waits_for_its_page_before_choosing_its_language(fresh):
    """A lesson's first cell, in a kernel from a Voilà pool: ``?lang=`` is the page's."""
    from dicelab.i18n import get_language, set_language
    from dicelab.lessons import use_page_language

    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    calls = fake_voila(fresh, "lang=fr")
    try:
        use_page_language()  # before: read QUERY_STRING at once, '' -> English
        assert get_language() == "fr" and calls == ["waited"]
    finally:
        set_language("en")


def preheated_page(fresh, query: str, look=None) -> tuple[list[str], list]:
    """A preheated kernel whose page will ask ``query``; the calls to Voilà's
    ``receive_request``, and what ``look()`` saw at each (default: the open widgets' ids)."""
    from ipywidgets.widgets.widget import _instances

    for name, value in PREHEAT.items():
        fresh.setenv(name, value)
    calls = fake_voila(fresh, query)
    look = look or (lambda: set(_instances))
    seen: list = []
    waiting = page_request.receive_request
    fresh.setattr(
        page_request, "receive_request", lambda address: seen.append(look()) or waiting(address)
    )
    return calls, seen


def test_a_preheated_kernel_builds_the_app_before_its_page_and_then_sets_its_language(fresh):
    """The page asks ``?lang=fr``: the app built in the pool (in English) is the page's app."""
    from ipywidgets.widgets.widget import _instances

    from dicelab.widgets import launcher

    before = set(_instances)
    calls, open_then = preheated_page(fresh, "lang=fr")
    app = launcher.launch("ScoringInspector")
    assert calls == ["waited"]
    # Before: nothing was built until the page asked (open_then == [before]).
    assert len(open_then[0] - before) > 50, "the app's widgets exist before the page asks"
    assert app.model_id in open_then[0]
    assert set(_instances) - before == open_then[0] - before, "its language made no widget"
    assert app.lang == "fr" and "Inspecteur de score" in app._title.value
    assert app._language.value == "fr"


def test_a_class_link_discards_the_app_built_ahead(fresh):
    from ipywidgets.widgets.widget import _instances

    from dicelab.widgets import launcher

    before = set(_instances)
    _, open_then = preheated_page(fresh, "class=1&seed=42&lang=ca")
    app = launcher.launch("PentaApp")
    ahead = open_then[0] - before
    assert app._class_seed == 42 and app.lang == "ca"
    assert len(ahead) > 50 and app.model_id not in ahead
    assert ahead & set(_instances) == set(), "every widget of the game built ahead is closed"


def test_a_bad_class_link_closes_the_app_built_ahead_and_shows_its_card(fresh):
    from ipywidgets.widgets.widget import _instances

    from dicelab.widgets import launcher

    before = set(_instances)
    _, open_then = preheated_page(fresh, "class=1&seed=forty-two")
    card = launcher.launch("FarkleApp")
    assert "forty-two" in card.value
    assert len(open_then[0] - before) > 50
    assert open_then[0] - before & set(_instances) == set()


def test_an_option_refused_ahead_is_shown_by_the_page_not_logged(fresh, caplog):
    from ipywidgets.widgets.widget import _instances

    from dicelab.widgets import launcher

    before = set(_instances)
    _, open_then = preheated_page(fresh, "lang=fr")
    with caplog.at_level(logging.ERROR, logger="dicelab.widgets"):
        card = launcher.launch("ScoringInspector", rules="no-such-preset")
    assert "dl-card-error" in card.value and "no-such-preset" in card.value
    assert "could not build" not in caplog.text
    assert open_then[0] - before & set(_instances) == set(), "the half-built app is closed"


def test_a_failed_build_ahead_is_logged_and_the_page_builds_the_app(fresh, caplog, monkeypatch):
    from dicelab.widgets import launcher
    from dicelab.widgets.penta.inspector import ScoringInspector

    builds: list[str] = []

    class Flaky(ScoringInspector):
        def __init__(self, **options):
            builds.append("build")
            if len(builds) == 1:
                raise OSError("disk full")
            super().__init__(**options)

    monkeypatch.setattr(launcher, "app_class", lambda name: Flaky)
    preheated_page(fresh, "lang=bg")
    with caplog.at_level(logging.ERROR, logger="dicelab.widgets"):
        app = launcher.launch("ScoringInspector")
    assert "could not build Flaky ahead" in caplog.text
    assert builds == ["build", "build"] and app.lang == "bg"


def test_a_language_the_notebook_names_is_kept_whatever_the_page_asks(fresh):
    from dicelab.widgets import launcher

    preheated_page(fresh, "lang=fr")
    app = launcher.launch("FarkleApp", lang="nb")
    assert app.lang == "nb"


def test_the_risk_explorer_built_ahead_has_drawn_its_first_plot_before_the_page_asks(fresh):
    """Its first plot is scheduled on the kernel's loop, which runs only after the cell: the
    page's kernel drew it while the page asked for its widgets (0.2 s)."""
    from ipywidgets.widgets.widget import _instances

    from dicelab.widgets import launcher

    def plot_sizes() -> list[int]:
        return [
            len(w.value)
            for w in list(_instances.values())
            if "dl-plot-farkle" in getattr(w, "_dom_classes", ())
        ]

    _, plots_then = preheated_page(fresh, "", look=plot_sizes)
    app = launcher.launch("RiskExplorer")
    assert app.current == "farkle"
    assert plots_then[0] and plots_then[0][-1] > 1000, "a PNG is there before the page asks"
