"""The page's request, in a kernel from Voilà's preheated pool.

A preheated kernel (``preheat_kernel`` in ``voila.json``) runs its notebook before any learner
opens the page; the page's request (its ``?lang=``, its class link) reaches the kernel only when
a learner does. Whatever reads the page's URL from the environment first calls
:func:`wait_for_page`. Lessons and apps both do, so this module sits below both
(:mod:`dicelab.widgets.lang` keeps the names).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from urllib.parse import urlencode

__all__ = [
    "QUERY_TOKEN",
    "met",
    "preheated",
    "receive_request",
    "request_address",
    "wait_for_page",
]

# The environment variable with which a hub's preheated kernel proves it may read its page's
# request (dicelab/hub/pool.py).
QUERY_TOKEN = "DICELAB_QUERY_TOKEN"

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

    Voilà then hands the page's request (``QUERY_STRING`` and the rest) to the kernel, which
    copies it into ``os.environ`` (:func:`receive_request`): call this before reading anything
    of the page's URL from the environment. Anywhere else (Jupyter, a Voilà kernel started for
    its request, a second call) it returns at once. Never raises: if Voilà cannot hand the
    request over, the app starts with the server's defaults and the reason is logged.
    """
    global _page_waited
    if _page_waited or not preheated():
        return
    _page_waited = True
    try:
        os.environ.update(receive_request(request_address(os.environ)))
    except Exception:
        log.exception("dicelab: the page's request did not reach this preheated kernel")


def request_address(environ: Mapping[str, str]) -> str:
    """Where Voilà hands a preheated kernel its page's request: the address that
    ``voila.utils.wait_for_request`` reads from the kernel's environment.

    >>> request_address({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "8866"})
    'ws://127.0.0.1:8866/voila/query/k1'

    On the hub a learner's server keeps one preheated kernel (:mod:`dicelab.hub.pool`),
    whose address needs the server's secret:

    >>> request_address({"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "8888",
    ...                  "VOILA_SERVER_URL": "/user/ada/", "DICELAB_QUERY_TOKEN": "s3"})
    'ws://127.0.0.1:8888/user/ada/voila/query/k1?token=s3'
    """
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    host = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    base = environ.get("VOILA_WS_BASE_URL", environ.get("VOILA_SERVER_URL", "/"))
    address = f"{protocol}://{host}:{port}{base}voila/query/{environ['VOILA_KERNEL_ID']}"
    token = environ.get(QUERY_TOKEN)
    return f"{address}?{urlencode({'token': token})}" if token else address


def receive_request(address: str) -> dict[str, str]:
    """The page's request, as Voilà sends it to ``address`` once the page is open: the
    environment variables of a CGI request (``QUERY_STRING``, ``SCRIPT_NAME``...).

    What ``voila.utils.wait_for_request`` does, without importing ``voila``: that import
    brings in the whole Jupyter server (about 1.5 CPU seconds in every preheated kernel, more
    than the app's own preparation). Blocks until the page is open.
    """
    from websockets.sync.client import connect

    # proxy=None: the address is this kernel's own Voilà server, never through a school's proxy
    with connect(address, open_timeout=5, max_size=2**20, proxy=None) as socket:
        request = json.loads(socket.recv())
    if not isinstance(request, dict):
        raise ValueError(f"Voilà sent {type(request).__name__}, not a request")
    return {str(name): str(value) for name, value in request.items()}


def met() -> bool:
    """Whether this kernel has already waited for (and met) its page."""
    return _page_waited
