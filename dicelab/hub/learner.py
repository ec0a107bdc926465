"""A learner's server on the hub: the apps only, at most four kernels.

Set by ``deploy/hub/jupyter_server_config.py`` (``make class``; docs/classroom.md):

* :class:`AppsOnlyAuthorizer` lets a learner's browser read the apps and talk to their
  kernels, nothing else: no terminal, no file written, no kernel started, stopped or
  restarted through the REST API, no JupyterLab (Voilà starts and stops a page's kernel
  itself). With ``LAB=1`` it lets everything through but terminals.
* :class:`WidgetsOnlyConnection` passes on to a kernel only the messages of the widgets
  (``comm_msg``, ``comm_close``, ``comm_info_request``, ``kernel_info_request``, and
  ``comm_open`` of the widgets' control channel): an ``execute_request`` (code), a
  ``comm_open`` that would make widgets, an ``input_reply`` or a control-channel message from
  the browser is dropped and logged. Voilà runs the notebook server-side, so the apps need
  nothing else.
* :class:`LimitedKernelManager` refuses a kernel beyond ``max_kernels`` (4), and
  :func:`kernel_limit_hook` (Voilà's ``prelaunch_hook``) answers that page with words
  in its language (:func:`dicelab.hub.pages.kernel_limit_page`) instead of starting one.
"""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

from jupyter_server.auth import Authorizer
from jupyter_server.services.kernels.connection.base import deserialize_binary_message
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import Finish, HTTPError
from traitlets import Bool, Integer

from dicelab.hub.pages import kernel_limit_page, page_language

__all__ = [
    "ALLOWED_COMM_TARGETS",
    "WIDGET_MESSAGES",
    "AppsOnlyAuthorizer",
    "LimitedKernelManager",
    "WidgetsOnlyConnection",
    "kernel_limit_hook",
    "widget_message_allowed",
]

# What a learner's browser may do on their server, by resource: the actions allowed.
APPS_ONLY: dict[str, set[str]] = {
    "kernels": {"read", "execute"},  # see its kernels; its websocket (filtered below)
    "kernelspecs": {"read"},
    "contents": {"read"},
    "api": {"read"},
    "csp": {"read", "write"},  # the browser's reports of blocked content
}
WIDGET_MESSAGES = frozenset(
    {"comm_msg", "comm_close", "comm_info_request", "kernel_info_request", "comm_open"}
)
# The one comm a page opens: the widget manager's request for the widgets' state.
ALLOWED_COMM_TARGETS = frozenset({"jupyter.widget.control"})


class AppsOnlyAuthorizer(Authorizer):
    """Apps only (``lab = False``): reading, the kernels' websockets; else no terminals."""

    lab = Bool(False, config=True, help="Let learners use JupyterLab (all but terminals).")

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        """Whether ``user`` may ``action`` on ``resource`` (the identity is checked already)."""
        if resource == "terminals":
            allowed = False
        elif self.lab:
            allowed = True
        else:
            allowed = action in APPS_ONLY.get(resource, set())
        if not allowed:
            self.log.warning("Refused to %s: %s %s", user.username, action, resource)
        return allowed


def widget_message_allowed(channel: str | None, header: dict, content: dict) -> bool:
    """Whether a message from a learner's browser may reach the kernel.

    >>> widget_message_allowed("shell", {"msg_type": "comm_msg"}, {})
    True
    >>> widget_message_allowed("shell", {"msg_type": "execute_request"}, {"code": "1"})
    False
    >>> opening = {"msg_type": "comm_open"}
    >>> widget_message_allowed("shell", opening, {"target_name": "jupyter.widget"})
    False
    >>> widget_message_allowed("control", {"msg_type": "comm_msg"}, {})
    False
    """
    if channel not in (None, "shell"):
        return False
    kind = header.get("msg_type")
    if kind not in WIDGET_MESSAGES:
        return False
    return kind != "comm_open" or content.get("target_name") in ALLOWED_COMM_TARGETS


def split_v1(message: bytes) -> tuple[str, list[bytes]] | None:
    """The channel and parts of a message in Jupyter's v1 websocket protocol (None: malformed).

    The message starts with the count of offsets, then the offsets, each 8 bytes little-endian;
    a count or an offset that does not fit the message is refused here, where Jupyter's own
    reader would build a list as long as the count says (a few bytes asking for terabytes).

    >>> split_v1(b"\\x00garbage") is None
    True
    """
    if len(message) < 8:
        return None
    count = int.from_bytes(message[:8], "little")
    if not 2 <= count <= len(message) // 8 - 1:
        return None
    offsets = [int.from_bytes(message[8 * i : 8 * (i + 1)], "little") for i in range(1, count + 1)]
    if offsets[0] < 8 * (count + 1) or offsets != sorted(offsets) or offsets[-1] > len(message):
        return None
    try:
        channel = message[offsets[0] : offsets[1]].decode("utf-8")
    except UnicodeDecodeError:
        return None
    return channel, [message[start:end] for start, end in itertools.pairwise(offsets[1:])]


def _json(part: bytes | str | None) -> dict:
    try:
        value = json.loads(part) if part else {}
    except (ValueError, TypeError):
        return {}
    return value if isinstance(value, dict) else {}


class WidgetsOnlyConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that passes on only the widgets' messages (apps only, not LAB)."""

    lab = Bool(False, config=True, help="Pass on every message (LAB=1: learners run code).")

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """Drop (and log) what is not a widget's message (with LAB=1: what is malformed)."""
        channel, header, content = self._read(incoming_msg)
        if (channel == "unreadable" or not self.lab) and not widget_message_allowed(
            channel, header, content
        ):
            self.log.warning(
                "Dropped a %r message on %r from the browser for kernel %s",
                header.get("msg_type"),
                channel,
                self.kernel_id,
            )
            return
        super().handle_incoming_message(incoming_msg)

    def _read(self, incoming: Any) -> tuple[str | None, dict, dict]:
        """The channel, header and content of a message in either websocket protocol."""
        try:
            if self.subprotocol == "v1.kernel.websocket.jupyter.org":
                split = split_v1(incoming)
                if split is None or len(split[1]) < 4:
                    return "unreadable", {}, {}
                channel, parts = split
                return channel, _json(parts[0]), _json(parts[3])
            msg = (
                deserialize_binary_message(incoming)
                if isinstance(incoming, bytes)
                else json.loads(incoming)
            )
            header, content = msg.get("header"), msg.get("content")
            return (
                msg.get("channel"),
                header if isinstance(header, dict) else {},
                content if isinstance(content, dict) else {},
            )
        except Exception:  # anything unreadable is refused
            return "unreadable", {}, {}


class KernelLimitReached(HTTPError):
    """A learner already has ``max_kernels`` kernels."""


class LimitedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, refusing to start a kernel beyond ``max_kernels``.

    A page's request reserves its kernel in :func:`kernel_limit_hook`, before Voilà starts it
    a moment later: forty tabs opened at once get four reservations and thirty-six pages that
    say so in words, rather than forty pages let through to a refusal without words. A
    reservation not taken within ``RESERVATION`` seconds (a page that failed first) lapses.
    """

    RESERVATION = 120.0

    max_kernels = Integer(4, config=True, help="The most kernels (open apps) a learner may have.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._starting = 0
        self._reserved: list[float] = []  # when each reservation was made (monotonic)

    def _live_reservations(self) -> list[float]:
        now = time.monotonic()
        self._reserved = [made for made in self._reserved if now - made < self.RESERVATION]
        return self._reserved

    def kernels_left(self) -> int:
        """How many more kernels may start now (those starting or reserved count already)."""
        taken = len(self._kernels) + self._starting + len(self._live_reservations())
        return self.max_kernels - taken

    def reserve(self) -> bool:
        """Reserve a kernel for a page about to start one; False if none is left."""
        if self.kernels_left() <= 0:
            return False
        self._reserved.append(time.monotonic())
        return True

    async def start_kernel(  # type: ignore[override]  # async, as the async manager's own
        self, *args: Any, kernel_id: str | None = None, **kwargs: Any
    ) -> str:
        """Start a kernel (a reserved one, or one left), else refuse with HTTP 429."""
        new = kernel_id is None or kernel_id not in self
        if new and self._live_reservations():
            self._reserved.pop(0)
        elif new and self.kernels_left() <= 0:
            self.log.warning("Refused a kernel: %d running, the most", self.max_kernels)
            raise KernelLimitReached(429, f"at most {self.max_kernels} kernels")
        self._starting += 1
        try:
            started: str = await super().start_kernel(*args, kernel_id=kernel_id, **kwargs)
        finally:
            self._starting -= 1
        return started


def kernel_limit_hook(handler: Any, notebook: Any, cwd: str) -> None:
    """Voilà's ``prelaunch_hook``: reserve the page's kernel, or answer with the limit page."""
    manager = handler.kernel_manager
    if not isinstance(manager, LimitedKernelManager) or manager.reserve():
        return
    lang = page_language(handler.request.query, handler.request.headers.get("Accept-Language", ""))
    handler.set_status(429)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    handler.finish(kernel_limit_page(manager.max_kernels, lang))
    raise Finish()
