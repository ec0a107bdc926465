"""A Jupyter server that starts a second sooner: the IRI grammars built when first used.

jupyter_server logs events through jupyter_events, which imports jsonschema, which imports
``rfc3987_syntax`` when it is installed (jsonschema's ``format-nongpl`` extra, which
jupyter_events asks for). That module compiles 38 Lark grammars as it is imported: about 1.0
of the 1.9 CPU s a Jupyter server takes to start here, for the ``iri`` formats that no schema
of a dicelab server checks. :func:`defer_iri_grammars` puts a stand-in in its place: the same
``is_valid_syntax`` (and any other name), which imports the real module at its first use.

>>> defer_iri_grammars()  # before jupyter_server is imported; tests/test_hub.py checks it
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from functools import cache
from types import ModuleType
from typing import Any

NAME = "rfc3987_syntax"


def defer_iri_grammars() -> None:
    """Register the stand-in for ``rfc3987_syntax``, unless it is imported already or not
    installed. Call it before jupyter_server is imported."""
    if NAME in sys.modules or importlib.util.find_spec(NAME) is None:
        return
    stand_in = ModuleType(NAME, "Builds rfc3987_syntax's grammars at the first use.")
    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    stand_in.__getattr__ = _real_attribute  # type: ignore[method-assign]
    sys.modules[NAME] = stand_in


def is_valid_syntax(rule: str, value: str) -> bool:
    """``rfc3987_syntax.is_valid_syntax``: the real one (its grammars built once)."""
    return bool(_real().is_valid_syntax(rule, value))


def _real_attribute(name: str) -> Any:
    if name.startswith("__"):  # what the import system asks of any module (its __path__)
        raise AttributeError(name)
    return getattr(_real(), name)


@cache
def _real() -> ModuleType:
    """The real module, imported in the stand-in's place."""
    sys.modules.pop(NAME, None)
    return importlib.import_module(NAME)
