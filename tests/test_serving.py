"""Serving the notebooks: the start page without a kernel, and dicelab's template found by Voilà
and by JupyterLab's Voilà preview wherever dicelab is installed (docs/serving.md).

Issue 25: with the package installed editable (``pip install -e .``), ``voila notebooks/``
answered every page "500: Internal Server Error" (template ``dicelab`` not found: setuptools'
editable install left the data files out), and only ``make run``, which sets
``JUPYTER_PATH``, worked. The start page waited 2.5 s for a kernel to list links.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from dicelab.i18n import available_languages
from dicelab.lessons.pages import APPS, LESSONS
from dicelab.lessons.start_html import INCLUDE, RENDER, render_include, render_language

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "dicelab"
NOTEBOOKS = [page.notebook for page in (*APPS, *LESSONS)]


def template_files(folder: Path) -> set[str]:
    """The template's files, relative to its folder."""
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


# -- the start page, written for the template -------------------------------------------------


def test_start_page_include_is_up_to_date():
    """start.html.j2 says what the start notebook says (make messages writes it)."""
    assert INCLUDE.read_text(encoding="utf-8") == render_include(), "run make messages"


@pytest.mark.parametrize("lang", available_languages())
def test_start_page_links_every_page_in_its_language(lang):
    html = render_language(lang)
    for notebook in NOTEBOOKS:
        assert f'href="{RENDER}{notebook}?lang={lang}"' in html, notebook
    others = set(re.findall(r'href="\?lang=(\w+)"', html))  # the same page, another language
    assert others == set(available_languages())
    assert "00_start_here.ipynb" not in html  # that address would start a kernel
    assert "{{" not in render_include() and "{%" not in render_include()


def test_start_page_blocks_one_per_language_english_shown_first():
    blocks = re.findall(r'<div class="dl-start[^"]*" lang="(\w+)"( hidden)?>', render_include())
    assert {lang for lang, _ in blocks} == set(available_languages())
    assert [lang for lang, hidden in blocks if not hidden] == ["en"]


def test_every_template_file_is_installed():
    """pyproject.toml's data files name every file of the template (by pattern)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    patterns = re.findall(r'"(share/jupyter/voila/templates/dicelab/[^"]+)"', text)
    found = {path for pattern in patterns for path in ROOT.glob(pattern) if path.is_file()}
    named = {str(path.relative_to(TEMPLATE)) for path in found}
    assert named == template_files(TEMPLATE)


# -- serving without JUPYTER_PATH -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, timeout: float = 60) -> tuple[int, str]:
    """Status and text of ``url`` (an error status too)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def bare_environment() -> dict[str, str]:
    """This environment without JUPYTER_PATH and PYTHONPATH: only what is installed."""
    return {k: v for k, v in os.environ.items() if k not in {"JUPYTER_PATH", "PYTHONPATH"}}


@contextmanager
def serving(command: list[str], base_path: str = "") -> Iterator[str]:
    """Run a server command (``{port}`` in it is filled in) from the repository's root, as
    a learner's ``voila notebooks/`` or ``jupyter lab`` would; yield its base URL."""
    port = free_port()
    log = ROOT / "test-artifacts"
    log.mkdir(exist_ok=True)
    with (log / f"serving-{port}.log").open("w") as handle:
        process = subprocess.Popen(
            [part.format(port=port) for part in command],
            cwd=ROOT,
            env=bare_environment(),
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}{base_path}"
        try:
            deadline = time.monotonic() + 90
            while True:
                assert process.poll() is None, f"the server exited: {handle.name}"
                try:
                    fetch(base + "/", timeout=2)
                    break
                except OSError:
                    assert time.monotonic() < deadline, f"no answer: {handle.name}"
                    time.sleep(0.3)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def assert_start_page(text: str, render: str) -> None:
    """The folder's page is dicelab's start page, its links to the folder's notebooks."""
    assert '<div class="dl-start' in text, text[:500]
    assert f'href="{render}penta_play.ipynb?lang=fr"' in text
    assert "Jouer au Penta" in text


def assert_dicelab_page(status: int, text: str) -> None:
    """A notebook's page, drawn with dicelab's template (its front end), not an error."""
    assert status == 200, text[:500]
    assert "static/frontend/dicelab.js" in text, text[:500]
    assert "Internal Server Error" not in text


# Voilà as `voila notebooks/` runs it (voila.json read from the folder it starts in), without
# its pools: one page is enough, and a pool would start a kernel per app.
VOILA = ["-m", "voila", "notebooks", "--port={port}", "--no-browser", "--Voila.ip=127.0.0.1"]
NO_POOLS = ["--VoilaConfiguration.preheat_kernel=False"]


def voila_serves_the_notebooks(python: str) -> None:
    with serving([python, *VOILA, *NO_POOLS]) as base:
        status, text = fetch(base + "/?lang=fr")
        assert status == 200
        assert_start_page(text, "/voila/render/")
        assert_dicelab_page(*fetch(base + "/voila/render/printouts.ipynb?lang=fr"))


def installed(python: str) -> Path:
    """The dicelab template where ``python``'s Jupyter looks first for data files (its
    environment's ``share/jupyter``)."""
    prefix = subprocess.run(
        [python, "-c", "import sys; print(sys.prefix)"], capture_output=True, text=True
    ).stdout.strip()
    return Path(prefix) / "share" / "jupyter" / "voila" / "templates" / "dicelab"


@pytest.mark.slow
def test_editable_install_installs_the_template(tmp_path):
    """``pip install -e .`` in a fresh environment puts the whole template where Voilà looks
    (setup.py; before it, the editable install had none of it)."""
    env_dir = tmp_path / "editable"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = str(env_dir / "bin" / "python")
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    direct = next(env_dir.glob("lib/python*/site-packages/dicelab-*.dist-info/direct_url.json"))
    assert json.loads(direct.read_text())["dir_info"].get("editable") is True
    template = installed(python)
    assert template_files(template) == template_files(TEMPLATE)
    for name in template_files(TEMPLATE):
        assert (template / name).read_bytes() == (TEMPLATE / name).read_bytes(), name


@pytest.mark.slow
def test_voila_serves_the_notebooks_from_this_install_without_jupyter_path():
    """``voila notebooks/`` from the checkout, with the package as this environment has it
    (``make`` installs it editable), and no JUPYTER_PATH: the start page and an app's page
    come with dicelab's template (they were "500: Internal Server Error")."""
    assert (installed(sys.executable) / "index.html.j2").exists(), "reinstall: make .venv/.test"
    voila_serves_the_notebooks(sys.executable)


@pytest.mark.slow
def test_jupyterlab_voila_preview_finds_the_template_without_jupyter_path():
    """JupyterLab's Voilà preview (and Binder's /voila routes) is Voilà's Jupyter server
    extension: the same pages through ``jupyter server`` started in the checkout."""
    command = [sys.executable, "-m", "jupyter_server", "--port={port}", "--no-browser"]
    command += ["--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--allow-root"]
    with serving(command) as base:
        status, text = fetch(base + "/voila/tree/notebooks?lang=fr")
        assert status == 200
        assert_start_page(text, "/voila/render/notebooks/")
        assert_dicelab_page(*fetch(base + "/voila/render/notebooks/printouts.ipynb?lang=fr"))


def test_a_pool_refills_at_once_so_a_reload_does_not_wait():
    """A page opened while its pool refills waits for the pool's next kernel, ``fill_delay``
    included (Voilà does not start one of its own): a learner who reloads right after opening
    an app waited 13 s with 10 s, 5 s with Voilà's default of 1 s
    (``benchmarks/voila_reload.py``, docs/serving.md)."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaKernelManager"]["fill_delay"] <= 1
