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
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from dicelab.i18n import LANGUAGE_ALIASES, N_, available_languages, translate

__all__ = ["CONNECTION", "FAILED", "INCLUDE", "LOADING", "page_texts", "render_include"]

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
# In the checkout (the template installs as data files, beside the package, not in it).
INCLUDE = (
    Path(__file__).resolve().parents[2] / "share/jupyter/voila/templates/dicelab/texts.html.j2"
)


def page_texts() -> dict[str, dict]:
    """Each shipped language's loading and connection texts, and the codes read as another's."""
    texts = {
        lang: {
            "loading": translate(LOADING, lang=lang),
            "failed": translate(FAILED, lang=lang),
            **{key: translate(text, lang=lang) for key, text in CONNECTION.items()},
        }
        for lang in available_languages()
    }
    return {"texts": texts, "aliases": LANGUAGE_ALIASES}  # as normalize_language reads them


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
