"""The page's request, in a kernel from Voilà's preheated pool.

A preheated kernel (``preheat_kernel`` in ``voila.json``) runs its notebook before any learner
opens the page; the page's request (its ``?lang=``, its class link) reaches the kernel only when
a learner does. Whatever reads the page's URL from the environment first calls
:func:`wait_for_page`. Lessons and apps both do, so this module sits below both
(:mod:`dicelab.widgets.lang` keeps the names).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

__all__ = ["met", "preheated", "wait_for_page"]

log = logging.getLogger("dicelab.widgets")

_page_waited = False


def preheated(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this kernel comes from Voilà's preheated pool (started before any page asked).

    >>> preheated({"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k1"}), preheated({})
    (True, False)
    """
    environ = os.environ if environ is None else environ
    return environ.get("VOILA_PREHEAT") == "True" and bool(environ.get("VOILA_KERNEL_ID"))


def wait_for_page() -> None:
    """In a preheated Voilà kernel, wait until a learner opens the page, then return.

    Voilà then copies the page's request (``QUERY_STRING`` and the rest) into ``os.environ``
    (:func:`voila.utils.wait_for_request`): call this before reading anything of the page's
    URL from the environment. Anywhere else (Jupyter, a Voilà kernel started for its request,
    a second call) it returns at once. Never raises: if Voilà cannot hand the request over,
    the app starts with the server's defaults and the reason is logged.
    """
    global _page_waited
    if _page_waited or not preheated():
        return
    _page_waited = True
    try:
        from voila.utils import wait_for_request

        wait_for_request()
    except Exception:
        log.exception("dicelab: the page's request did not reach this preheated kernel")


def met() -> bool:
    """Whether this kernel has already waited for (and met) its page."""
    return _page_waited
