"""Voilà's page templates compiled once per server (dicelab/voila_server.py): the same pages,
templates edited on disk compiled again, and nothing shared where it is turned off.
(``benchmarks/voila_render.py`` measures what it saves.)"""

from __future__ import annotations

import jinja2

from dicelab.voila_server import SHARED, CompiledTemplates, share_compiled_templates


def _environment(cache: CompiledTemplates, texts: dict[str, str], **options) -> jinja2.Environment:
    environment = jinja2.Environment(loader=jinja2.DictLoader(texts), **options)
    environment.bytecode_cache = cache
    return environment


def test_a_template_is_compiled_once_and_drawn_from_its_code_after():
    cache = CompiledTemplates()
    texts = {"page": "{% for i in range(3) %}{{ i }}{% endfor %}"}
    first = _environment(cache, texts)
    assert first.get_template("page").render() == "012"
    assert len(cache) == 1
    later = _environment(cache, texts)
    compiled = []
    later.compile = lambda *args, **kwargs: compiled.append(args)  # type: ignore[method-assign]
    assert later.get_template("page").render() == "012"
    assert compiled == []  # loaded from the cache, not compiled


def test_an_edited_template_is_compiled_again():
    cache = CompiledTemplates()
    assert _environment(cache, {"page": "old {{ x }}"}).get_template("page").render(x=1) == "old 1"
    edited = _environment(cache, {"page": "new {{ x }}"}).get_template("page")
    assert edited.render(x=1) == "new 1"


def test_asynchronous_and_synchronous_environments_keep_their_own_code():
    cache = CompiledTemplates()
    texts = {"page": "{{ 6 * 7 }}"}
    assert _environment(cache, texts).get_template("page").render() == "42"
    asynchronous = _environment(cache, texts, enable_async=True).get_template("page")
    assert asynchronous.render() == "42"  # async code, not the synchronous one loaded
    assert len(cache) == 2


def test_nbconverts_environments_share_the_compiled_templates(monkeypatch):
    from nbconvert.exporters.html import HTMLExporter
    from nbconvert.exporters.templateexporter import TemplateExporter

    # nbconvert's own (another test may have shared them in this process); put back after
    create = TemplateExporter._create_environment
    create_nbconvert = getattr(create, "__wrapped__", create)
    monkeypatch.setattr(TemplateExporter, "_create_environment", create_nbconvert)
    monkeypatch.setenv("DICELAB_SHARED_TEMPLATES", "0")
    assert share_compiled_templates() is False
    assert HTMLExporter(template_name="lab").environment.bytecode_cache is None
    monkeypatch.delenv("DICELAB_SHARED_TEMPLATES")
    assert share_compiled_templates() is True
    assert share_compiled_templates() is True  # once: not wrapped twice
    exporter = HTMLExporter(template_name="lab")
    assert exporter.environment.bytecode_cache is SHARED
    assert TemplateExporter._create_environment.__wrapped__ is create_nbconvert
