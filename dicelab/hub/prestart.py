"""Start every learner's server as soon as the class's hub is up (``make class``,
``HUB_PRESTART``, on by default; docs/classroom.md).

A learner's first login otherwise starts their server then (a Python process of a few CPU
seconds): a class of 20 logging in at once on two cores waits a minute for its 20 servers.
Started by the hub as a service (its token may list users and start their servers), this
starts them before the class arrives, a few at a time, then waits: the hub restarts a
service that exits. A server the idle culler stops later is started again at the learner's
next login, as usual.

    python -m dicelab.hub.prestart      # by the hub, with JUPYTERHUB_API_URL and _TOKEN
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

__all__ = ["AT_ONCE", "main", "start_servers"]

log = logging.getLogger("dicelab.hub")

AT_ONCE = 4
"""Servers starting at the same time (each start is CPU-bound)."""
READY_WITHIN = 300.0  # seconds a server may take to start before it is left to the hub


def _ask(api: str, token: str, method: str, path: str) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"{api.rstrip('/')}/{path}", method=method, headers={"Authorization": f"token {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
            return answer.status, json.loads(body) if body else None
    except urllib.error.HTTPError as error:
        return error.code, None


def start_one(api: str, token: str, name: str) -> bool:
    """Start ``name``'s server and wait until it is ready (True) or has failed (False)."""
    status, _ = _ask(api, token, "POST", f"users/{name}/server")
    if status not in (201, 202, 400):  # 400: already running or starting
        log.warning("dicelab: %s's server could not be started (%s)", name, status)
        return False
    deadline = time.monotonic() + READY_WITHIN
    while time.monotonic() < deadline:
        status, user = _ask(api, token, "GET", f"users/{name}")
        server = (user or {}).get("servers", {}).get("", {}) if status == 200 else {}
        if server.get("ready"):
            return True
        if status == 200 and not server:
            return False  # the start failed: the learner's login will try again
        time.sleep(1)
    return False


def start_servers(api: str, token: str, names: list[str], at_once: int = AT_ONCE) -> int:
    """Start the servers of ``names``, ``at_once`` at a time; how many are ready."""
    with ThreadPoolExecutor(max_workers=max(1, at_once)) as pool:
        ready = sum(pool.map(lambda name: start_one(api, token, name), names))
    return int(ready)


def main() -> None:
    """Start the servers of the learners named in ``DICELAB_PRESTART`` (comma-separated),
    then wait."""
    logging.basicConfig(level=logging.INFO)
    api, token = os.environ["JUPYTERHUB_API_URL"], os.environ["JUPYTERHUB_API_TOKEN"]
    names = [name for name in os.environ.get("DICELAB_PRESTART", "").split(",") if name]
    began = time.monotonic()
    ready = start_servers(api, token, names)
    log.info(
        "dicelab: %d of %d learners' servers ready in %.0f s",
        ready,
        len(names),
        time.monotonic() - began,
    )
    try:
        threading.Event().wait()  # a managed service that exits is started again by the hub
    except KeyboardInterrupt:  # the hub stops its services with SIGINT: no traceback
        log.info("dicelab: prestart stopped")


if __name__ == "__main__":
    main()
