"""The hub's pages about a learner's server, in the learner's language.

A learner who comes back after the idle culler stopped their server (``HUB_IDLE``, an hour by
default) meets JupyterHub's "Server not running" page, then its "Your server is starting up"
page: English. ``templates/not_running.html`` and ``templates/spawn_pending.html`` beside this
module keep JupyterHub's pages and say their words in the page's language, picked in the
browser as dicelab's Voilà pages pick it (``language.html.j2``: ``?lang=``, else the browser's
languages, else English), from :func:`server_words`, which the hub's configuration hands to
every template (``c.JupyterHub.template_vars``). Without JavaScript they read in English.

>>> words = server_words()
>>> sorted(words["texts"])
['bg', 'ca', 'en', 'fr', 'nb']
>>> words["texts"]["fr"]["start"]
'Relancer mes applications'
"""

from __future__ import annotations

from typing import Any

from dicelab.i18n import LANGUAGE_ALIASES, N_, available_languages, translate

__all__ = ["SERVER_WORDS", "server_words"]

SERVER_WORDS = {
    # not_running.html: the learner's server was stopped (idle), or failed to start
    "stoppedTitle": N_("Your apps have stopped"),
    "stopped": N_(
        "The server stopped your apps after a while without use. Start them again to carry on."
    ),
    "start": N_("Start my apps again"),
    "failedTitle": N_("Your apps could not start"),
    "failed": N_(
        "The server could not start your apps. Try again; if it happens again, tell your teacher."
    ),
    "retry": N_("Try again"),
    # spawn_pending.html: the server starting
    "starting": N_("Your apps are starting."),
    "redirect": N_("This page opens them by itself as soon as they are ready."),
    "complete": N_("done"),
    "log": N_("What the server has done"),
    "stop": N_("Stop"),
    # what JupyterHub's spawner says as the server starts (shown on spawn_pending.html)
    "Server requested": N_("Your apps were asked for"),
    "Spawning server...": N_("Starting your apps…"),
    "Server ready at": N_("Your apps are ready"),
    # the bar at the top of both pages
    "logout": N_("Sign out"),
    "theme": N_("Dark or light page"),
}
"""The words of the server's pages, by the key each element names (``data-dl-text``, or
``data-dl-label`` for a button's name); the progress messages by JupyterHub's English."""


def server_words() -> dict[str, Any]:
    """Every language's :data:`SERVER_WORDS`, and the language aliases, as the pages read them."""
    texts = {
        lang: {key: translate(text, lang) for key, text in SERVER_WORDS.items()}
        for lang in available_languages()
    }
    return {"texts": texts, "aliases": LANGUAGE_ALIASES}
