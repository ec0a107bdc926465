"""The start page as HTML in every language, for dicelab's Voilà template to show without a kernel.

Under Voilà every notebook's page waits for a kernel (started for it, or taken from a pool and
replaced): about 2.5 s on a busy server for ``00_start_here.ipynb``, a page that only lists
links. dicelab's template therefore draws the start page itself as the folder's page (what
``voila notebooks/`` opens at ``/``, and ``/voila/tree/...`` on Binder): no kernel, no
widgets, in the page's language (``?lang=``, else the browser's first shipped language, else
English, as the loading words; docs/serving.md, "The start page").

The template cannot call Python, so ``python -m dicelab.lessons.start_html`` (``make
messages``) writes the page, as :func:`~dicelab.lessons.pages.start_page` draws it in the
notebook, into ``start.html.j2`` beside the template, one block per language; a test checks
the file says what the notebook says. The notebook's own Markdown cells (its title) come
first, as in the notebook.

>>> html = render_language("en")
>>> 'href="@RENDER@penta_play.ipynb?lang=en"' in html   # an app, in the language shown
True
>>> 'href="?lang=fr"' in html   # another language: the same page
True
"""

from __future__ import annotations

import html as html_escape
import json
import re
import sys
from pathlib import Path

import mistune

from dicelab.i18n import available_languages
from dicelab.lessons.pages import StartPage

__all__ = ["INCLUDE", "NOTEBOOK", "RENDER", "render_include", "render_language"]

ROOT = Path(__file__).resolve().parents[2]
# In the checkout (the template installs as data files, beside the package, not in it).
INCLUDE = ROOT / "share/jupyter/voila/templates/dicelab/start.html.j2"
NOTEBOOK = ROOT / "notebooks/00_start_here.ipynb"
RENDER = "@RENDER@"
"""Where a relative link's notebook is served: the template puts the folder's
``voila/render/<folder>/`` address in its place (the page's own address is the folder's)."""

_markdown = mistune.create_markdown(escape=False)
_HREF = re.compile(r'href="([^"]*)"')
_SELF = re.compile(re.escape(NOTEBOOK.name) + r"(\?[^\"#]*)?$")


def _notebook_markdown() -> list[str]:
    """The start notebook's Markdown cells (its title), as the notebook shows them first."""
    if not NOTEBOOK.exists():  # an installed package without the checkout's notebooks
        return ["# dicelab"]
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return [
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    ]


def _link(match: re.Match[str]) -> str:
    """A link as the folder's page needs it: another language of the start page is this page
    (``?lang=xx``); a relative link is a notebook (or file) of the folder; others as they are."""
    url = html_escape.unescape(match.group(1))
    own = _SELF.match(url)
    language = ""
    if own:
        url = own.group(1) or "?"
        code = re.search(r"lang=([\w-]+)", url)
        if code:  # a language's name, read out in its own language
            language = f' lang="{code.group(1)}" hreflang="{code.group(1)}"'
    elif not re.match(r"^([a-z][a-z0-9+.-]*:|/|#|\?)", url):
        url = RENDER + url
    return f'href="{html_escape.escape(url, quote=True)}"{language}'


def render_language(lang: str) -> str:
    """The start page in ``lang`` as HTML, its links kept in ``lang`` (``?lang=``)."""
    parts = [*_notebook_markdown(), StartPage(lang_in_url=lang, voila=True).render(lang)]
    body = "\n".join(str(_markdown(part)) for part in parts)
    return _HREF.sub(_link, body)


def render_include() -> str:
    """The template include: one block per shipped language, English shown unless the page's
    script picks another (so that a browser without scripts still shows a page)."""
    blocks = []
    for lang in available_languages():
        hidden = "" if lang == "en" else " hidden"
        blocks.append(
            f'<div class="dl-start jp-RenderedHTMLCommon jp-RenderedMarkdown" lang="{lang}"'
            f"{hidden}>\n{render_language(lang)}</div>"
        )
    text = "\n".join(blocks).replace("{", "&#123;").replace("}", "&#125;")
    return (
        "{#- Written by python -m dicelab.lessons.start_html (make messages): do not edit. -#}\n"
        f"{text}\n"
    )


def main() -> int:
    INCLUDE.write_text(render_include(), encoding="utf-8")
    print(f"wrote {INCLUDE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
