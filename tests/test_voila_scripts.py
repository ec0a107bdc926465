"""Voilà's page scripts in one file (dicelab/voila_scripts.py): built only from the recorded
chunks, byte for byte, and removed when the installed ones differ."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from dicelab import voila_scripts

CHUNKS = {
    "voila/templates/base/static/1.voila.js": (
        "(self.webpackChunk_a=self.webpackChunk_a||[]).push([[1],{}])"
    ),
    "labextensions/x/static/2.js": "(self.rspackChunk_x=self.rspackChunk_x||[]).push([[2],{}]);",
}


def make_template(tmp_path: Path, chunks: dict[str, str]) -> tuple[Path, Path]:
    """A template folder whose scripts.json records ``chunks``, and a data dir holding them."""
    data = tmp_path / "data"
    for relative, text in chunks.items():
        (data / relative).parent.mkdir(parents=True, exist_ok=True)
        (data / relative).write_text(text, encoding="utf-8")
    template = tmp_path / "template"
    template.mkdir()
    files = [
        {"path": relative, "sha256": hashlib.sha256(text.encode()).hexdigest()}
        for relative, text in chunks.items()
    ]
    plan = {"voila": "0.5.13", "files": files}
    (template / "scripts.json").write_text(json.dumps(plan), encoding="utf-8")
    return template, data


def test_the_bundle_holds_every_recorded_chunk_as_one_statement_each(tmp_path):
    template, data = make_template(tmp_path, CHUNKS)
    assert voila_scripts.build(template, [tmp_path / "elsewhere", data])
    bundle = (template / "static" / "scripts.js").read_text(encoding="utf-8")
    for text in CHUNKS.values():
        assert text.rstrip(";") in bundle
    # the first chunk ends without ";": the bundle keeps the statements apart
    assert "[1],{}])\n;\n(self.rspackChunk_x" in bundle
    assert "static/scripts.js" in (template / "scripts.html.j2").read_text(encoding="utf-8")
    preload = (template / "scripts_preload.html.j2").read_text(encoding="utf-8")
    assert 'rel="preload" as="script"' in preload


@pytest.mark.parametrize("change", ["edit", "remove"])
def test_another_build_of_a_chunk_removes_the_bundle(tmp_path, change):
    template, data = make_template(tmp_path, CHUNKS)
    assert voila_scripts.build(template, [data])
    chunk = data / "labextensions/x/static/2.js"
    if change == "edit":
        chunk.write_text(chunk.read_text() + " ", encoding="utf-8")
    else:
        chunk.unlink()
    assert not voila_scripts.build(template, [data])
    left = {p.name for p in template.rglob("*") if p.is_file()}
    assert left == {"scripts.json"}, "a stale bundle would give Voilà another build's modules"


def test_the_recorded_chunks_are_the_installed_ones(tmp_path):
    """If this fails, Voilà or ipywidgets was upgraded: run benchmarks/voila_scripts.py."""
    pytest.importorskip("voila")
    template = tmp_path / "dicelab"
    shutil.copytree(voila_scripts.TEMPLATE, template, ignore=shutil.ignore_patterns("static"))
    assert voila_scripts.build(template), "the installed chunks differ from scripts.json"
    size = (template / "static" / "scripts.js").stat().st_size
    assert size > 1_000_000
