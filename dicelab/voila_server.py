"""Voilà as dicelab serves it: its page templates compiled once per server, not once per page.

Voilà draws each page with a new nbconvert exporter, and each exporter makes a new Jinja
environment, which compiles every template the page uses (about twenty-five: nbconvert's
``lab`` and ``base`` templates, their macros, dicelab's own) from their text again: a quarter
to a third of a Voilà server's CPU per page (``benchmarks/voila_render.py``).
:func:`share_compiled_templates` gives every environment nbconvert makes in this process one
:class:`CompiledTemplates`, Jinja's own cache of compiled templates: a template is compiled the
first time it is drawn, and loaded back from its compiled code afterwards. Jinja keys the cache
by the template's name and file and checks its text, so an edited template is compiled again.

``python -m dicelab.voila_server`` is Voilà's own command with them shared (``make run``, the
tests' Voilà); ``deploy/hub/jupyter_server_config.py`` shares them in a learner's server on the
hub. ``DICELAB_SHARED_TEMPLATES=0`` leaves Voilà as it is (the benchmark's reference).
"""

from __future__ import annotations

import functools
import os
from typing import Any

import jinja2

__all__ = ["CompiledTemplates", "main", "share_compiled_templates"]


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates kept in memory, one entry per template (name and file).

    >>> cache = CompiledTemplates()
    >>> env = jinja2.Environment(loader=jinja2.DictLoader({"t": "{{ 1 + 1 }}"}))
    >>> env.bytecode_cache = cache
    >>> env.get_template("t").render(), len(cache)
    ('2', 1)
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}  # (one dict operation at a time: safe across threads)

    def __len__(self) -> int:
        return len(self._code)

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> jinja2.bccache.Bucket:
        """Jinja's bucket for a template, its key telling a template compiled for an
        asynchronous environment (Voilà's pages) from one compiled for a synchronous one: their
        code differs. nbconvert's environments differ in nothing else that is compiled."""
        mode = "async" if environment.is_async else "sync"
        key = f"{self.get_cache_key(name, filename)}-{mode}"
        bucket = jinja2.bccache.Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # a changed text is refused by its checksum

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


SHARED = CompiledTemplates()
"""The compiled templates of this process."""


def share_compiled_templates() -> bool:
    """Make every Jinja environment nbconvert's exporters create use :data:`SHARED` (once per
    process). False, and nothing changed, under ``DICELAB_SHARED_TEMPLATES=0``."""
    if os.environ.get("DICELAB_SHARED_TEMPLATES") == "0":
        return False
    from nbconvert.exporters.templateexporter import TemplateExporter

    create = TemplateExporter._create_environment
    if getattr(create, "shares_compiled_templates", False):
        return True  # shared already

    @functools.wraps(create)
    def create_sharing(self: Any) -> jinja2.Environment:
        environment = create(self)
        environment.bytecode_cache = SHARED
        return environment

    create_sharing.shares_compiled_templates = True  # type: ignore[attr-defined]
    TemplateExporter._create_environment = create_sharing  # type: ignore[method-assign]
    return True


def main() -> None:
    """Voilà's command line (``voila``), its templates compiled once."""
    share_compiled_templates()
    from voila.app import main as voila

    voila()


if __name__ == "__main__":
    main()
