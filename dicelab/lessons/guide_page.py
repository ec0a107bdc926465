"""The teacher's guide as a page of its own, served with the app: no web address to reach.

The start page links the guide (``docs/teaching.md``) to a copy in the Voilà template's
static files, ``static/guide/teaching.html``: Voilà serves those from any installation, on a
classroom network or none. The copy is made from the Markdown by :func:`guide_html` (run by
``python -m dicelab.lessons.answers --write``, which rewrites the guide's answers too), and a
test checks that it is the guide's text. Links to other documents of ``docs/`` keep their words
and lose their address (those documents are not served).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

__all__ = ["GUIDE_PAGE", "GUIDE_PAGE_URL", "guide_html", "write_guide_page"]

GUIDE_PAGE = (
    Path(__file__).resolve().parents[2]
    / "share/jupyter/voila/templates/dicelab/static/guide/teaching.html"
)
"""The shipped copy of the guide (in a source checkout)."""

GUIDE_PAGE_URL = "../templates/dicelab/static/guide/teaching.html"
"""The copy's address relative to a Voilà page (``<base>voila/render/<notebook>``)."""

STYLE = """
body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; margin: 0; }
main { max-width: 52em; margin: 0 auto; padding: 1em 1.5em 3em; }
a { color: #0d47a1; text-decoration: underline; }
a:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
code { background: #f2f4f7; padding: 0 .2em; }
pre { background: #f2f4f7; padding: .8em; overflow-x: auto; }
table { border-collapse: collapse; } td, th { border: 1px solid #c5cad3; padding: .3em .5em; }
"""


def guide_html(markdown: str) -> str:
    """The guide's Markdown as a whole HTML page (English, as the guide is written)."""
    import mistune

    body = mistune.html(markdown)
    assert isinstance(body, str)
    # Links to the repository's other documents: their words stay, their address goes.
    body = re.sub(r'<a href="(?![a-z]+:|#)[^"]*\.md(#[^"]*)?">(.*?)</a>', r"\2", body)
    found = re.search(r"<h1>(.*?)</h1>", body)
    title = re.sub(r"<[^>]+>", "", found.group(1)) if found else "Teacher's guide"
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        # no icon to fetch: a browser would ask the server for /favicon.ico (a 404)
        '<link rel="icon" href="data:,">\n'
        f"<title>{escape(title, quote=False)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n{body}</main>\n</body>\n</html>\n"
    )


def write_guide_page(guide: Path, page: Path = GUIDE_PAGE) -> Path:
    """Write the HTML copy of ``guide`` (Markdown) to ``page``; return ``page``."""
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(guide_html(guide.read_text("utf-8")), "utf-8")
    return page
