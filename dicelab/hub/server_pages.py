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
>>> words["progress"]["nb"]["Spawning server..."]
'Starter appene dine…'
"""

from __future__ import annotations

from typing import Any

from dicelab.i18n import LANGUAGE_ALIASES, N_, available_languages, translate

__all__ = ["PROGRESS", "SERVER_WORDS", "server_words"]

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
    # the bar at the top of both pages
    "logout": N_("Sign out"),
    "theme": N_("Dark or light page"),
}
"""The words of the server's pages, by the key each element names (``data-dl-text``, or
``data-dl-label`` for a button's name)."""

PROGRESS = {
    "Server requested": N_("Your apps were asked for"),
    "Spawning server...": N_("Starting your apps…"),
    "Server ready at": N_("Your apps are ready"),
}
"""What JupyterHub's spawner says as a server starts (spawn_pending.html writes it into the
page), by the English it begins with."""


def server_words() -> dict[str, Any]:
    """Every language's :data:`SERVER_WORDS` and :data:`PROGRESS`, and the language aliases,
    as the pages read them."""
    languages = available_languages()
    return {
        "texts": {lang: _translated(SERVER_WORDS, lang) for lang in languages},
        "progress": {lang: _translated(PROGRESS, lang) for lang in languages},
        "aliases": LANGUAGE_ALIASES,
    }


def _translated(words: dict[str, str], lang: str) -> dict[str, str]:
    return {key: translate(text, lang) for key, text in words.items()}
