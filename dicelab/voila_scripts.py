"""Voilà's page scripts in one file: about 90 requests a page become one.

A Voilà page runs Voilà's JupyterLab front end, which its webpack runtime fetches as some 90
small scripts ("chunks") in a chain of rounds: Voilà's own, then the widget extensions'. Each
chunk only *registers* its modules (``(self.webpackChunk…||[]).push(…)``); nothing runs
until the runtime asks for a module, and the runtime fetches no chunk that is already
registered. So the chunks every page needs before it connects to its kernel can come in one
script, before Voilà's: the page then makes about 12 requests instead of about 97, and a
browser spends about a fifth less CPU on a page (``docs/serving.md`` has the measurements).
The widget models' classes stay out of it (``benchmarks/voila_scripts.py`` says why).

Which chunks, with the SHA-256 of each, is recorded in ``scripts.json`` beside dicelab's
Voilà template (``benchmarks/voila_scripts.py`` records it from real pages). :func:`build`
writes the bundle only if every recorded file is installed with exactly that content (the
same Voilà and widgets build); otherwise it removes any bundle, and the pages load Voilà's
chunks one by one as before. ``make run`` builds it before it starts Voilà.

>>> plan = read_plan(TEMPLATE / "scripts.json")
>>> plan.voila.startswith("0.5.") and len(plan.files) > 50
True
>>> sorted({path.split("/")[0] for path, _ in plan.files})
['labextensions', 'voila']
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["TEMPLATE", "Plan", "build", "clear", "find_file", "read_plan"]

log = logging.getLogger("dicelab.voila_scripts")

_HOME = Path("share") / "jupyter" / "voila" / "templates" / "dicelab"
_CHECKOUT = Path(__file__).resolve().parents[1] / _HOME
TEMPLATE = _CHECKOUT if (_CHECKOUT / "scripts.json").is_file() else Path(sys.prefix) / _HOME
"""dicelab's Voilà template: this checkout's (``make run`` serves it through JUPYTER_PATH),
else the one installed with dicelab under ``sys.prefix`` (Binder)."""

BUNDLE = "static/scripts.js"
"""The bundle, relative to the template (served as ``voila/templates/dicelab/static/…``)."""

INCLUDES = {
    # The template includes these if they exist ("ignore missing"): the head asks for the
    # bundle at once (it downloads while the kernel works), the footer runs it before Voilà's
    # own script.
    "scripts_preload.html.j2": '<link rel="preload" as="script" '
    'href="{{ resources.include_url("static/scripts.js") }}">\n',
    "scripts.html.j2": '{{ resources.include_js("static/scripts.js") }}\n',
}


@dataclass(frozen=True)
class Plan:
    """The recorded chunks: Voilà's version and (path under a Jupyter data dir, SHA-256)."""

    voila: str
    files: tuple[tuple[str, str], ...]


def read_plan(path: Path) -> Plan:
    """The plan recorded in ``path`` (``scripts.json``)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return Plan(data["voila"], tuple((f["path"], f["sha256"]) for f in data["files"]))


def data_dirs() -> list[Path]:
    """Jupyter's data directories, in Jupyter's order (JUPYTER_PATH first, then sys.prefix)."""
    from jupyter_core.paths import jupyter_path

    return [Path(p) for p in jupyter_path()]


def find_file(relative: str, dirs: list[Path]) -> Path | None:
    """The first ``dirs/relative`` that exists, or None.

    >>> find_file("no/such/file.js", [TEMPLATE]) is None
    True
    """
    for folder in dirs:
        candidate = folder / relative
        if candidate.is_file():
            return candidate
    return None


def bundle_text(plan: Plan, dirs: list[Path]) -> str | None:
    """Every recorded chunk, one after the other; None if one is missing or differs."""
    parts = []
    for relative, digest in plan.files:
        found = find_file(relative, dirs)
        if found is None:
            log.warning("dicelab: %s is not installed: no script bundle", relative)
            return None
        content = found.read_bytes()
        if hashlib.sha256(content).hexdigest() != digest:
            log.warning("dicelab: %s is another build than recorded: no script bundle", relative)
            return None
        # Each chunk is one statement; the ";" keeps them apart whatever their last byte.
        parts.append(content.decode("utf-8").rstrip() + "\n;\n")
    return "".join(parts)


def build(template: Path = TEMPLATE, dirs: list[Path] | None = None) -> bool:
    """Write the bundle and the template's two includes if the installed chunks are the
    recorded ones; else remove them (pages then load the chunks one by one). True if built."""
    plan = read_plan(template / "scripts.json")
    text = bundle_text(plan, data_dirs() if dirs is None else dirs)
    if text is None:
        clear(template)
        return False
    (template / BUNDLE).parent.mkdir(exist_ok=True)
    (template / BUNDLE).write_text(text, encoding="utf-8")
    for name, include in INCLUDES.items():
        (template / name).write_text(include, encoding="utf-8")
    return True


def clear(template: Path = TEMPLATE) -> None:
    """Remove the bundle and its includes: pages load Voilà's chunks one by one."""
    for output in [template / BUNDLE, *(template / name for name in INCLUDES)]:
        output.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    """``python -m dicelab.voila_scripts [TEMPLATE_DIR]``: build the bundle (``make run`` does)."""
    logging.basicConfig(format="%(message)s")
    template = Path(argv[0]) if argv else TEMPLATE
    built = build(template)
    state = "built" if built else "not built: pages load Voilà's scripts one by one"
    print(f"Voilà script bundle {state} ({template / BUNDLE})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
