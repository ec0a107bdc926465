"""dicelab's front end for Voilà pages (frontend/, docs/serving.md): the built files committed in
the template are whole, are built from the widget manager the installed ipywidgets speaks to,
and are what its sources build to."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "frontend"
TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "dicelab"
BUILT = TEMPLATE / "static" / "frontend"
LINK = re.compile(r"static/frontend/([\w.-]+\.(?:js|css))")
IMPORT = re.compile(r'(?:from\s*|import\(\s*)"\./([\w.-]+\.js)"')  # now, or later on demand
FONT = re.compile(r'url\("\./([\w.-]+)"\)')


def built_files(template: Path) -> dict[str, bytes]:
    """The build's files under ``template``: the head's links and everything in static/frontend."""
    files = {"frontend.html.j2": (template / "frontend.html.j2").read_bytes()}
    for path in sorted((template / "static" / "frontend").iterdir()):
        files[f"static/frontend/{path.name}"] = path.read_bytes()
    return files


def test_the_template_links_the_stylesheet_and_every_script_the_entry_imports():
    links = LINK.findall((TEMPLATE / "frontend.html.j2").read_text(encoding="utf-8"))
    entry = (BUILT / "dicelab.js").read_text(encoding="utf-8")
    imported = sorted(set(IMPORT.findall(entry)))
    assert len(imported) >= 2, "the entry imports no chunk now and one later: built with splitting?"
    assert links[:2] == ["dicelab.css", "dicelab.js"]
    assert sorted(links[2:]) == imported  # fetched at once, with the entry
    for name in links:
        assert (BUILT / name).is_file(), name


def test_every_chunk_a_built_script_asks_for_is_there():
    for script in BUILT.glob("*.js"):
        for name in IMPORT.findall(script.read_text(encoding="utf-8")):
            assert (BUILT / name).is_file(), f"{script.name} imports {name}, which is missing"


def test_font_awesome_comes_with_the_stylesheet_in_woff2_only():
    """The icons' fonts are served by the template, not asked of Voilà's own bundle or a CDN."""
    css = (BUILT / "dicelab.css").read_text(encoding="utf-8")
    fonts = FONT.findall(css)
    assert ".fa-refresh:before" in css and ".fa-check:before" in css  # v4 names, as ipywidgets
    assert len(fonts) == 3 and all(name.endswith(".woff2") for name in fonts), fonts
    assert (
        sorted(
            path.suffix for path in BUILT.iterdir() if path.suffix not in (".js", ".css", ".txt")
        )
        == [".woff2"] * 3
    )
    for name in fonts:
        assert (BUILT / name).is_file(), name


def test_the_bundled_licences_name_every_widget_package():
    licences = (BUILT / "THIRD-PARTY-LICENSES.txt").read_text(encoding="utf-8")
    for package in (
        "@jupyter-widgets/controls",
        "@jupyterlab/services",
        "marked",
        "jquery",
        "@fortawesome/fontawesome-free",
    ):
        assert f"\n{package} " in licences


def test_the_front_end_is_built_from_the_widget_manager_ipywidgets_installed():
    # An upgrade of ipywidgets (jupyterlab_widgets) ships another manager: rebuild with its
    # version in frontend/package.json (make frontend).
    installed = (
        Path(sys.prefix)
        / "share"
        / "jupyter"
        / "labextensions"
        / "@jupyter-widgets"
        / "jupyterlab-manager"
        / "package.json"
    )
    if not installed.is_file():
        pytest.skip("ipywidgets' JupyterLab extension is not installed here")
    lock = json.loads((FRONTEND / "package-lock.json").read_text(encoding="utf-8"))
    ours = lock["packages"]["node_modules/@jupyter-widgets/jupyterlab-manager"]["version"]
    theirs = json.loads(installed.read_text(encoding="utf-8"))["version"]
    assert ours == theirs, f"frontend/ has jupyterlab-manager {ours}, ipywidgets ships {theirs}"


@pytest.mark.slow
def test_the_committed_build_is_what_the_sources_build_to(tmp_path):
    npm = shutil.which("npm")
    if npm is None:
        if os.environ.get("CI"):
            pytest.fail("npm is missing: apt-get install -y npm")
        pytest.skip("npm is not installed (only a change to frontend/ needs it)")
    if not (FRONTEND / "node_modules" / ".package-lock.json").is_file():
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=FRONTEND, check=True, capture_output=True
        )
    template = tmp_path / "template"
    subprocess.run(
        ["node", "build.mjs", str(template)], cwd=FRONTEND, check=True, capture_output=True
    )
    assert built_files(template) == built_files(TEMPLATE), "run make frontend and commit"


def test_the_templates_loading_words_are_the_catalogues():
    # The template cannot call Python: `make messages` writes the words into it.
    from dicelab.i18n import available_languages
    from dicelab.widgets.page_texts import INCLUDE, page_texts, render_include

    assert INCLUDE.read_text(encoding="utf-8") == render_include(), "run make messages"
    texts = page_texts()["texts"]
    assert sorted(texts) == sorted(available_languages())
    english = texts["en"]["loading"]
    assert all(words["loading"] != english for lang, words in texts.items() if lang != "en")
    index = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert '{% include "texts.html.j2" %}' in index
