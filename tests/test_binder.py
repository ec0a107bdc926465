"""Binder's build, as far as it can be checked without repo2docker.

repo2docker cannot run here (no Docker engine), so this test does what it would do: a fresh
virtual environment, ``pip install -r binder/requirements.txt`` from the repository root (this
environment's pip, told ``--python``, so that the new one needs none of its own), then
``postBuild``'s steps with that environment's Python. The tables go to the usual user cache,
where ``make test`` has already built them, so the steps mostly load them back.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.test_serving import voila_serves_the_notebooks

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def test_requirements_are_pinned_and_install_the_package():
    lines = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert "." in lines, "Binder must install dicelab itself"
    unpinned = [line for line in lines if line != "." and "==" not in line]
    assert unpinned == [], f"unpinned requirements: {unpinned}"


def test_post_build_fails_fast():
    text = (BINDER / "postBuild").read_text()
    assert text.startswith("#!/usr/bin/env bash")
    assert "set -e" in text
    assert os.access(BINDER / "postBuild", os.X_OK)


@pytest.mark.slow
def test_binder_environment_builds_and_post_build_runs(tmp_path):
    env_dir = tmp_path / "binder-env"
    venv.EnvBuilder(with_pip=False).create(env_dir)  # installed into by this pip (3 s less)
    python = env_dir / "bin" / "python"
    # --no-compile: the same files, without byte-compiling every package's modules ahead (13 of
    # 30 CPU s here); Voilà below compiles what it imports
    pip = [sys.executable, "-m", "pip", "--python", python]
    install = subprocess.run(
        [*pip, "install", "--quiet", "--no-compile", "-r", BINDER / "requirements.txt"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    environment = {
        **os.environ,
        "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(env_dir),
    }
    build = subprocess.run(
        ["bash", BINDER / "postBuild"], cwd=ROOT, env=environment, capture_output=True, text=True
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    for target in ("5,000", "10,000", "15,000"):  # the win chances a learner may pick, prebuilt
        assert f"standard, target {target}: first player wins" in build.stdout
    template = env_dir / "share" / "jupyter" / "voila" / "templates" / "dicelab"
    assert (template / "static" / "frontend" / "dicelab.js").exists()  # dicelab's front end
    assert (template / "frontend.html.j2").exists()
    assert (template / "texts.html.j2").exists()  # the loading screen's words
    # Voilà from that environment, with no JUPYTER_PATH: the template installed (not the
    # checkout's) draws the start page and an app's page.
    voila_serves_the_notebooks(str(python))
    check = subprocess.run(
        [python, "-c", "import dicelab.widgets, voila; print(dicelab.__version__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
    assert sys.executable != str(python)
