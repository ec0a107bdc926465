"""The words a Voilà page shows while it loads, written into dicelab's template in every language.

Before a page's widgets are drawn, Voilà's template said "Running penta_play.ipynb...", then
"Executing 1 of 3", and ipywidgets "Loading widget..." where each widget would come: English
on every page, and a file's name. Under a class's load a learner reads them for seconds.
dicelab's template (``share/jupyter/voila/templates/dicelab``) shows :data:`LOADING` instead,
in the page's language: its ``?lang=``, else the browser's first shipped language, else
English (the kernel, which alone knows the server's language, has not answered yet). Where a
widget or an output cannot be drawn, the page shows :data:`FAILED` (ipywidgets said "Error
displaying widget", the front end "Javascript Error").

The template cannot call Python, so ``python -m dicelab.widgets.page_texts`` (``make
messages``) writes the translations into ``texts.html.j2`` beside it, and a test checks
that the file says what the catalogues say.

>>> texts = page_texts()
>>> texts["texts"]["en"]["loading"]
'Loading…'
>>> texts["aliases"]
{'no': 'nb'}

The same file gives each notebook's title in every language (:data:`TITLES`): the template's
script sets the page's ``lang`` and its title (the browser's tab, a screen reader's first
words) from them, where the notebook's file name was.

>>> texts["titles"]["penta_play"]["fr"]
'Jouer au Penta – dicelab'
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dicelab.i18n import LANGUAGE_ALIASES, N_, Message, available_languages, msg, translate
from dicelab.lessons.pages import APPS, LESSONS

__all__ = [
    "CONNECTION",
    "ERRORS",
    "FAILED",
    "INCLUDE",
    "LOADING",
    "TITLES",
    "page_texts",
    "render_include",
    "title",
]

LOADING = N_("Loading…")
FAILED = N_("This part of the page could not be shown. Reload the page to try again.")
CONNECTION = {
    # What the page says of its connection and its kernel (frontend/src/watch.js).
    "lost": N_("The connection to the server was lost. Trying again…"),
    "gone": N_(
        "This page has stopped on the server: it was left without a connection for a while, "
        "or the server restarted."
    ),
    "kept": N_("Your game is kept on this computer: nothing is lost."),
    "carryOn": N_("Carry on where I left off"),
    "reload": N_("Open this page again"),  # a page without a game (a lesson)
    "back": N_("Connected again."),
}
"""The words of the line at the top of a page whose connection or kernel was lost
(``frontend/src/watch.js``, docs/widgets.md "Games that survive"), by the key the front end
reads."""
ERRORS = {
    # What the server's error page says (error.html of the template): a page whose kernel could
    # not start (HTTP 5xx), and an address with no page (404).
    "broken": N_(
        "This page could not start on the server. Wait a moment and open it again; if it "
        "happens again, tell your teacher."
    ),
    "notFound": N_(
        "There is no page by this name here. Check the address, or open the page from the "
        "start page."
    ),
    "start": N_("Go to the start page"),
}
"""The words of the page the server sends instead of a page it could not start, by key (its
other link is :data:`CONNECTION`'s ``reload``)."""
# In the checkout (the template installs as data files, beside the package, not in it).
INCLUDE = (
    Path(__file__).resolve().parents[2] / "share/jupyter/voila/templates/dicelab/texts.html.j2"
)


APP_NAME = "dicelab"
TITLES: dict[str, Message] = {
    "00_start_here": msg(APP_NAME),
    **{page.notebook.removesuffix(".ipynb"): page.title for page in (*APPS, *LESSONS)},
}
"""Each notebook's title (by file name without ``.ipynb``): the start page is dicelab's."""


def title(notebook: str, lang: str) -> str:
    """A page's title in ``lang``: its notebook's title and the app's name (a notebook
    :data:`TITLES` does not know: the app's name alone).

    >>> title("house_rules", "en"), title("00_start_here", "bg"), title("mine", "nb")
    ('Penta house rules – dicelab', 'dicelab', 'dicelab')
    """
    name = TITLES.get(notebook)
    if name is None or notebook == "00_start_here":
        return APP_NAME
    return f"{name.render(lang)} – {APP_NAME}"


def page_texts() -> dict[str, dict]:
    """Each shipped language's loading and connection texts, the language codes read as
    another's, and each notebook's title in every language."""
    languages = available_languages()
    texts = {
        lang: {
            "loading": translate(LOADING, lang=lang),
            "failed": translate(FAILED, lang=lang),
            **{key: translate(text, lang=lang) for key, text in CONNECTION.items()},
            **{key: translate(text, lang=lang) for key, text in ERRORS.items()},
        }
        for lang in languages
    }
    titles = {name: {lang: title(name, lang) for lang in languages} for name in TITLES}
    # the aliases as normalize_language reads them
    return {"texts": texts, "aliases": LANGUAGE_ALIASES, "titles": titles}


def render_include() -> str:
    """The template include: :func:`page_texts` as JSON in a script tag the page reads."""
    data = json.dumps(page_texts(), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    return (
        "{#- Written by python -m dicelab.widgets.page_texts (make messages): do not edit. -#}\n"
        '{% raw %}<script id="dicelab-texts" type="application/json">'
        f"{data}</script>{{% endraw %}}\n"
    )


def main() -> int:
    INCLUDE.write_text(render_include(), encoding="utf-8")
    print(f"wrote {INCLUDE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
