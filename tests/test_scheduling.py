"""``make test``'s two processes keep a notebook's cells together, and the browser tests together:
run for real (pytest-xdist with this repository's scheduler) on a small project in a scratch
folder."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _project(folder: Path) -> Path:
    """A scratch project with this repository's scheduler and 40 quick tests (so that a process
    left free would take a later cell or browser test if it could)."""
    shutil.copy(ROOT / "conftest.py", folder / "conftest.py")
    (folder / "tests" / "browser").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "scheduling.py", folder / "tests" / "scheduling.py")
    (folder / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n")
    (folder / "tests" / "test_quick.py").write_text(
        "import pytest, time\n\n"
        "@pytest.mark.parametrize('n', range(40))\n"
        "def test_quick(n):\n    time.sleep(0.05)\n"
    )
    return folder


def _run(folder: Path, *paths: str) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q", *paths],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    return run.stdout


def _notebook(*cells: str) -> str:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return nbformat.writes(notebook)


@pytest.mark.slow
def test_a_notebooks_cells_and_the_browser_tests_each_run_in_one_process(tmp_path: Path):
    """One run (a pytest-xdist run costs seconds to start): a notebook whose cells need the ones
    before them, and eight browser tests that each note the process they ran in."""
    folder = _project(tmp_path)
    cells = ["import time\nseen = 1"] + ["time.sleep(0.1)\nseen += 1"] * 8 + ["assert seen == 9"]
    (folder / "lesson.ipynb").write_text(_notebook(*cells))
    for n in range(8):
        (folder / "tests" / "browser" / f"test_{n}.py").write_text(
            "import os, time\n\n"
            f"def test_{n}():\n    time.sleep(0.1)\n"
            "    with open('browser_workers.txt', 'a') as f:\n"
            "        f.write(os.environ['PYTEST_XDIST_WORKER'] + '\\n')\n"
        )
    assert "58 passed" in _run(folder, "--nbval-lax", "tests", "lesson.ipynb")
    workers = (folder / "browser_workers.txt").read_text().split()
    assert len(workers) == 8 and len(set(workers)) == 1, workers
