"""A learner's first app, ready before they log in: one preheated kernel per learner's server.

``make run`` serves every app from Voilà's pools of preheated kernels: a kernel started ahead
runs the app's notebook up to the page's request (:mod:`dicelab.page_request`), so a page
opens at once. Voilà's pools exist only in its own server, not in the Voilà that runs inside
a learner's Jupyter server on the hub (``voila.server_extension``). :class:`WarmKernelManager`
gives that Voilà what its page handler asks of a pool (``notebook_data``, ``get_pool_size``,
``get_rendered_notebook``), for the notebooks named in ``warm`` (``DICELAB_WARM``, default
``penta_play.ipynb``): **one** kernel each, started with the learner's server and never
refilled. So a class logging in at once finds its first app built (the kernel started, the
app's modules imported, the app prepared, the page's HTML drawn) instead of twenty kernels
starting at the same moment; a learner's next pages start their kernels as before, under the
same limit (:class:`~dicelab.hub.learner.LimitedKernelManager`: a kernel waiting in the pool
is not one of the learner's four, the one handed over is).

The page's request reaches the waiting kernel through ``/voila/query/<kernel id>``, the
websocket Voilà's own server opens for its pools; here only a caller that knows the server's
secret (``DICELAB_QUERY_TOKEN``, in the pool kernels' environment only) may open it, so
nobody through the hub's proxy can read or take another page's request.

Registered by ``deploy/hub/jupyter_server_config.py`` (``ServerApp.kernel_manager_class`` and
the server extension ``dicelab.hub.pool``); docs/classroom.md.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import os
import secrets
import uuid
from typing import Any

from jupyter_server.utils import ApiPath
from tornado.web import HTTPError
from traitlets import List, Unicode
from voila.request_info_handler import RequestInfoSocketHandler

from dicelab.hub.learner import LimitedKernelManager
from dicelab.page_request import QUERY_TOKEN

__all__ = ["QuerySocket", "WarmKernelManager", "own_address", "warm_notebooks"]


def warm_notebooks(value: str | None) -> list[str]:
    """The notebooks named in ``DICELAB_WARM`` (spaces or commas; ``.ipynb`` optional).

    >>> warm_notebooks("penta_play farkle_play.ipynb"), warm_notebooks(""), warm_notebooks(None)
    (['penta_play.ipynb', 'farkle_play.ipynb'], [], ['penta_play.ipynb'])
    """
    if value is None:
        value = "penta_play"
    names = value.replace(",", " ").split()
    return [name if name.endswith(".ipynb") else f"{name}.ipynb" for name in names]


class WarmKernelManager(LimitedKernelManager):
    """The learner's kernel manager, with one preheated kernel for each notebook in ``warm``.

    Voilà's page handler takes the kernel (with the page already drawn) when the notebook is
    asked for and this pool holds one, and the learner may start one more kernel; otherwise
    it starts one as it does without a pool (the limit's page and all).
    """

    warm = List(Unicode(), config=True, help="Notebooks with a kernel preheated (one each).")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.notebook_data: dict[str, dict] = {}
        self._pools: dict[str, asyncio.Task] = {}
        self._pooled: set[str] = set()  # kernels started for a pool, not handed to a page
        self._handing_over = 0  # pool kernels being handed to a page (they count already)
        self._stopping: set[asyncio.Future] = set()  # pool kernels being shut down
        self.query_token = secrets.token_urlsafe(24)
        self._environment: dict[str, str] = {}  # the pool kernels' (start_pools)
        # name -> Voilà's NotebookRenderer for it: set by the server extension (below)
        self.renderer_factory: Any = None

    # -- what Voilà's page handler asks of a pool --------------------------------------------

    def get_pool_size(self, notebook_name: str) -> int:
        """1 while ``notebook_name``'s kernel waits (or is starting) and the learner may
        have one more kernel; else 0 (the page then starts its own, or gets the limit page)."""
        task = self._pools.get(notebook_name)
        if task is None:
            return 0
        if task.done() and not (_started(task) and self._waiting(task.result())):
            self._drop(notebook_name)
            return 0
        return 1 if self.kernels_left() > 0 else 0  # (starting: the page waits for it)

    def _waiting(self, content: dict) -> bool:
        """Whether a started pool kernel still runs and still waits for its page: its
        notebook's run is paused at the page's request (``launch`` waits there). A kernel that
        died, or was restarted empty, or gave up waiting, has finished its run."""
        return content["kernel_id"] in self and not content["task"].done()

    def _drop(self, notebook_name: str) -> None:
        """Take a pool's kernel that can no longer serve a page out, and shut it down."""
        task = self._pools.pop(notebook_name)
        if not _started(task):
            return
        content = task.result()
        content["task"].cancel()
        self.log.warning("A preheated kernel for %s stopped waiting: shut down", notebook_name)
        if content["kernel_id"] in self:
            stopping = asyncio.ensure_future(self.shutdown_kernel(content["kernel_id"]))
            self._stopping.add(stopping)  # (kept until done: the loop holds tasks weakly)
            stopping.add_done_callback(self._stopping.discard)
        else:
            self._pooled.discard(content["kernel_id"])

    async def get_rendered_notebook(
        self, notebook_name: str, extra_kernel_env_variables: dict | None = None, **kwargs: Any
    ) -> tuple[asyncio.Task, list[str], str]:
        """Hand the pool's kernel over: (its rendering task, the HTML drawn so far, its id)."""
        task = self._pools.pop(notebook_name)
        # The kernel is the learner's from now: it holds its place among their four while it
        # may still be starting (pages opened at the same moment count it).
        self._handing_over += 1
        try:
            content = await self._kernel_for_page(notebook_name, task)
            self._pooled.discard(content["kernel_id"])
        finally:
            self._handing_over -= 1
        renderer = content["renderer"]
        renderer.stop_generator = True
        self.log.info("Using pre-heated kernel: %s for %s", content["kernel_id"], notebook_name)
        return content["task"], renderer.rendered_cache, content["kernel_id"]

    async def _kernel_for_page(self, notebook_name: str, task: asyncio.Future) -> dict:
        """The pool's kernel; if it failed to start while the page waited for it, one started
        for this page the same way (once): the learner gets the app, not an error."""
        try:
            return await task
        except Exception:
            self.log.warning("The preheated kernel for %s failed: one more", notebook_name)
        try:
            return await self._preheat(notebook_name, self._environment)
        except Exception as error:  # as a page whose own kernel cannot start
            raise HTTPError(503, "no kernel could start for this page") from error

    # -- the pool ----------------------------------------------------------------------------

    def kernels_left(self) -> int:
        """As :meth:`LimitedKernelManager.kernels_left`; a kernel waiting in a pool is not the
        learner's."""
        waiting = len(self._pooled & set(self._kernels))
        return super().kernels_left() + waiting - self._handing_over

    def start_pools(self, environment: dict[str, str]) -> None:
        """Start one preheated kernel for each notebook in ``warm``, with ``environment``
        (once the server extension has set :attr:`renderer_factory`)."""
        self._environment = environment
        for name in self.warm:
            if name not in self._pools:
                task = asyncio.ensure_future(self._preheat(name, environment))
                task.add_done_callback(self._log_failure)
                self._pools[name] = task

    def _log_failure(self, task: asyncio.Task) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.log.error("A preheated kernel failed to start", exc_info=task.exception())

    async def _preheat(self, name: str, environment: dict) -> dict:
        """Start ``name``'s kernel and run its notebook up to the page's request."""
        renderer = self.renderer_factory(name)
        renderer.prelaunch_hook = None  # the limit's hook is for pages, not for the pool
        await renderer.initialize()
        kernel_id = str(uuid.uuid4())
        # known from now: a page asked for while the kernel starts waits for it
        self.notebook_data[name] = {
            "notebook": renderer.notebook,
            "template": renderer.template_name,
            "theme": renderer.theme,
            "kernel_name": renderer.notebook.metadata.kernelspec.name,
            "kernel_ids": {kernel_id},
        }
        self._pooled.add(kernel_id)
        try:
            await super(LimitedKernelManager, self).start_kernel(
                kernel_name=renderer.notebook.metadata.kernelspec.name,
                kernel_id=kernel_id,
                path=ApiPath(os.path.dirname(name)),
                env={**os.environ, **environment, QUERY_TOKEN: self.query_token},
            )
        except BaseException:
            self._pooled.discard(kernel_id)
            self.notebook_data.pop(name, None)
            raise
        task = asyncio.ensure_future(
            renderer.generate_content_hybrid(kernel_id, self.get_kernel(kernel_id))
        )
        self.log.info("Preheated a kernel for %s: %s", name, kernel_id)
        return {"task": task, "renderer": renderer, "kernel_id": kernel_id}

    def list_kernels(self) -> list[dict]:
        """The learner's kernels (``/api/kernels``): not those waiting in a pool."""
        return [kernel for kernel in super().list_kernels() if kernel["id"] not in self._pooled]

    def _pool_of(self, kernel_id: str) -> str | None:
        """The notebook whose pool holds the started kernel ``kernel_id``, if any."""
        for name, task in self._pools.items():
            if _started(task) and task.result()["kernel_id"] == kernel_id:
                return name
        return None

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Never cull a kernel waiting in a pool for its page (it is idle by design)."""
        name = self._pool_of(kernel_id)
        if name is None:
            await super().cull_kernel_if_idle(kernel_id)
        elif not self._waiting(self._pools[name].result()):
            self._drop(name)

    async def shutdown_kernel(  # type: ignore[override]  # async, as the async manager's own
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        """Shut a kernel down; a pool's kernel leaves its pool."""
        self._pooled.discard(kernel_id)
        name = self._pool_of(kernel_id)
        if name is not None:
            del self._pools[name]
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut every kernel down, those still starting for a pool included."""
        pools, self._pools = self._pools, {}
        for task in pools.values():
            try:
                content = await task
            except BaseException:  # a pool kernel that failed to start: nothing to stop
                self.log.debug("A pool kernel had not started", exc_info=True)
            else:
                content["task"].cancel()  # its page never came
        await super().shutdown_all(*args, **kwargs)


def _started(task: asyncio.Future) -> bool:
    """Whether a pool's (finished) task started its kernel."""
    return task.done() and not task.cancelled() and task.exception() is None


class QuerySocket(RequestInfoSocketHandler):
    """Voilà's ``/voila/query/<kernel id>``, for callers that know the pool's secret."""

    token = ""

    def initialize(self, token: str = "") -> None:
        """``token``: the kernel manager's :attr:`~WarmKernelManager.query_token`."""
        self.token = token

    async def get(self, *args: Any, **kwargs: Any) -> None:
        """Refuse (403) a caller without the secret, before the websocket opens."""
        given = self.get_argument("token", "")
        if not (self.token and hmac.compare_digest(given.encode(), self.token.encode())):
            self.set_status(403)
            self.finish("Forbidden")
            return
        await super().get(*args, **kwargs)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "dicelab.hub.pool"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Route ``/voila/query/<kernel id>`` (the pools start with the server's loop, below)."""
    manager = server_app.kernel_manager
    if not isinstance(manager, WarmKernelManager) or not manager.warm:
        return
    from jupyter_server.utils import url_path_join
    from voila.configuration import VoilaConfiguration
    from voila.notebook_renderer import NotebookRenderer
    from voila.paths import collect_template_paths
    from voila.utils import get_page_config

    web_app = server_app.web_app
    settings = web_app.settings
    base_url = settings["base_url"]
    configuration = VoilaConfiguration(parent=server_app)
    template_paths = collect_template_paths(["voila", "nbconvert"], configuration.template)
    page_config = get_page_config(
        base_url=base_url, settings=settings, log=server_app.log, voila_configuration=configuration
    )

    def renderer(name: str) -> NotebookRenderer:
        return NotebookRenderer(
            voila_configuration=configuration,
            traitlet_config=server_app.config,
            notebook_path=name,
            template_paths=template_paths,
            config_manager=settings["config_manager"],
            contents_manager=server_app.contents_manager,
            base_url=base_url,
            kernel_spec_manager=server_app.kernel_spec_manager,
            page_config=page_config,
            mathjax_config=settings.get("mathjax_config"),
            mathjax_url=settings.get("mathjax_url"),
        )

    web_app.add_handlers(
        ".*$",
        [
            (
                url_path_join(base_url, r"/voila/query/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"),
                QuerySocket,
                {"token": manager.query_token},
            )
        ],
    )
    manager.renderer_factory = renderer


async def _start_jupyter_server_extension(server_app: Any) -> None:
    """Start the pools, once the server's loop runs and its port is known."""
    manager = server_app.kernel_manager
    if not isinstance(manager, WarmKernelManager) or manager.renderer_factory is None:
        return
    base_url = server_app.web_app.settings["base_url"]
    environment = {
        "VOILA_PREHEAT": "True",
        "VOILA_BASE_URL": base_url,
        "VOILA_SERVER_URL": base_url,
        "VOILA_APP_PORT": str(server_app.port),
        "VOILA_APP_IP": own_address(server_app.ip),
        "VOILA_WS_PROTOCOL": "wss" if server_app.certfile else "ws",
    }
    manager.start_pools(environment)


def own_address(ip: str) -> str:
    """Where a kernel reaches its own server: the address it listens on, or the loopback
    when it listens on every address (or on a name).

    >>> own_address(""), own_address("0.0.0.0"), own_address("10.0.3.7"), own_address("::1")
    ('127.0.0.1', '127.0.0.1', '10.0.3.7', '[::1]')
    """
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return "127.0.0.1"
    if address.is_unspecified:
        return "127.0.0.1"
    return f"[{address}]" if address.version == 6 else str(address)
