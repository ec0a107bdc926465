"""A learner's first app preheated on the hub (dicelab.hub.pool), without a hub.

The real thing (a learner's Penta page handed the preheated kernel, in the page's language) is
driven by tests/browser/test_hub.py.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future

import pytest
from tornado.httpclient import HTTPClientError
from tornado.web import Application, HTTPError
from tornado.websocket import websocket_connect

from dicelab.hub.pool import QuerySocket, WarmKernelManager
from dicelab.page_request import request_address


def _manager(kernels: int, pooled: int, most: int = 4) -> WarmKernelManager:
    manager = WarmKernelManager(max_kernels=most)
    manager._kernels.update({f"k{i}": object() for i in range(kernels)})
    manager._pooled.update(f"k{i}" for i in range(pooled))
    return manager


def test_a_kernel_waiting_in_the_pool_is_not_one_of_the_learners() -> None:
    assert _manager(kernels=1, pooled=1).kernels_left() == 4
    assert _manager(kernels=3, pooled=1).kernels_left() == 2
    manager = _manager(kernels=1, pooled=1)
    manager._pooled.clear()  # handed to a page: now it is
    assert manager.kernels_left() == 3


def test_the_learner_does_not_see_the_pools_kernel(monkeypatch) -> None:
    monkeypatch.setattr(
        "jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager.kernel_model",
        lambda self, kernel_id: {"id": kernel_id},
    )
    manager = _manager(kernels=3, pooled=1)
    assert [kernel["id"] for kernel in manager.list_kernels()] == ["k1", "k2"]


def _task(result=None, error: Exception | None = None) -> Future:
    """A finished task: its result, or its error (what the pool reads of one, without a loop)."""
    future: Future = Future()
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
    return future


def _waiting() -> Future:
    """The notebook's run of a pool kernel that waits for its page: not finished."""
    return Future()


def _content(kernel_id: str = "k0", rendering: Future | asyncio.Future | None = None) -> dict:
    return {"kernel_id": kernel_id, "task": _waiting() if rendering is None else rendering}


def _stopped(monkeypatch) -> list[str]:
    """The kernels shut down through Jupyter's manager (none really runs)."""
    stopped: list[str] = []

    async def shutdown(self, kernel_id, *args, **kwargs):
        stopped.append(kernel_id)
        self._kernels.pop(kernel_id, None)

    monkeypatch.setattr(
        "jupyter_server.services.kernels.kernelmanager.MappingKernelManager.shutdown_kernel",
        shutdown,
    )
    return stopped


def test_the_pool_is_offered_while_the_learner_may_open_one_more_app() -> None:
    manager = _manager(kernels=1, pooled=1)
    manager._pools["penta_play.ipynb"] = _task(_content())  # type: ignore[assignment]
    assert manager.get_pool_size("penta_play.ipynb") == 1
    assert manager.get_pool_size("farkle_play.ipynb") == 0  # not preheated: a kernel of its own
    manager._kernels.update({f"open{i}": object() for i in range(4)})  # four apps open
    assert manager.get_pool_size("penta_play.ipynb") == 0  # so the page gets the limit's words
    failed = _manager(kernels=0, pooled=0)
    failed._pools["penta_play.ipynb"] = _task(error=RuntimeError("no kernel"))  # type: ignore
    assert failed.get_pool_size("penta_play.ipynb") == 0  # a failed start: as without a pool


def test_a_pool_kernel_that_stopped_waiting_is_not_offered_but_shut_down(monkeypatch) -> None:
    """Voilà's run of a notebook never fails (a cell's error is drawn), so a pool kernel
    that died, was restarted empty, or gave up waiting for its page (its request never
    came: built with the server's defaults) is one whose run has finished."""
    stopped = _stopped(monkeypatch)
    gone = _manager(kernels=0, pooled=0)
    gone._pooled.add("k9")
    gone._pools["penta_play.ipynb"] = _task(_content("k9"))  # type: ignore[assignment]
    assert gone.get_pool_size("penta_play.ipynb") == 0  # its process is not there any more
    assert gone._pooled == set() and "penta_play.ipynb" not in gone._pools

    async def ran_to_its_end() -> int:
        done = _manager(kernels=1, pooled=1)
        rendering = asyncio.get_running_loop().create_future()
        rendering.set_result((["<html>"], None))  # the whole page, drawn without its request
        done._pools["penta_play.ipynb"] = _task(_content("k0", rendering))  # type: ignore
        size = done.get_pool_size("penta_play.ipynb")
        await asyncio.gather(*done._stopping)
        return size

    assert asyncio.run(ran_to_its_end()) == 0
    assert stopped == ["k0"]  # its memory is given back


def test_pages_opened_while_the_pool_kernel_starts_count_it() -> None:
    """A page takes the pool's kernel while it is still starting, and five more pages ask
    at that moment: three get a kernel, two the limit's page (four kernels in all)."""
    manager = _manager(kernels=0, pooled=0)
    renderer = type("Renderer", (), {"stop_generator": False, "rendered_cache": []})()

    async def five_more_while_it_starts() -> tuple[list[bool], int]:
        started = asyncio.get_running_loop().create_future()
        manager._pools["penta_play.ipynb"] = started  # type: ignore[assignment]
        taking = asyncio.ensure_future(manager.get_rendered_notebook("penta_play.ipynb"))
        await asyncio.sleep(0)  # the page waits for the kernel
        answers = [manager.reserve() for _ in range(5)]
        manager._kernels["k0"] = object()  # the kernel has started
        manager._pooled.add("k0")
        started.set_result({**_content(), "renderer": renderer})
        await taking
        return answers, manager.kernels_left()

    answers, left = asyncio.run(five_more_while_it_starts())
    assert answers == [True, True, True, False, False]
    assert left == 0  # the pool's kernel and three reservations
    assert len(manager._reserved) == 3  # the pages' own, none taken by the hand-over


def _page_waiting_for_a_pool_kernel_that_fails(manager: WarmKernelManager):
    """What the page gets when the pool's kernel fails to start while the page waits."""

    async def fails_while_the_page_waits():
        starting = asyncio.get_running_loop().create_future()
        manager._pools["penta_play.ipynb"] = starting  # type: ignore[assignment]
        taking = asyncio.ensure_future(manager.get_rendered_notebook("penta_play.ipynb"))
        await asyncio.sleep(0)
        starting.set_exception(RuntimeError("no kernel"))
        return await taking

    return asyncio.run(fails_while_the_page_waits())


def test_a_page_whose_pool_kernel_fails_gets_a_kernel_started_for_it() -> None:
    """The learner gets the app, not an error: one kernel is started for the page, as the
    pool's was (the notebook run up to the page's request), and it is the learner's."""
    manager = _manager(kernels=0, pooled=0)
    manager._environment = {"DICELAB_WARM": "penta_play"}
    renderer = type("Renderer", (), {"stop_generator": False, "rendered_cache": ["<html>"]})()
    started: list[tuple[str, dict]] = []

    async def preheat(name: str, environment: dict) -> dict:
        started.append((name, environment))
        manager._kernels["k1"] = object()
        manager._pooled.add("k1")
        assert manager.kernels_left() == 3  # starting, it already holds its place
        return {"kernel_id": "k1", "renderer": renderer, "task": "rendering"}

    manager._preheat = preheat  # type: ignore[method-assign]
    handed = _page_waiting_for_a_pool_kernel_that_fails(manager)
    assert handed == ("rendering", ["<html>"], "k1")
    assert started == [("penta_play.ipynb", {"DICELAB_WARM": "penta_play"})]
    assert renderer.stop_generator is True
    assert manager.kernels_left() == 3 and manager._pooled == set()


def test_a_page_gets_503_when_no_kernel_can_start_for_it() -> None:
    manager = _manager(kernels=0, pooled=0)
    tries: list[str] = []

    async def preheat(name: str, environment: dict) -> dict:
        tries.append(name)
        raise RuntimeError("no kernel either")

    manager._preheat = preheat  # type: ignore[method-assign]
    with pytest.raises(HTTPError) as refused:
        _page_waiting_for_a_pool_kernel_that_fails(manager)
    assert refused.value.status_code == 503 and tries == ["penta_play.ipynb"]  # once
    assert manager.kernels_left() == 4  # nothing held


def test_handing_the_kernel_over_makes_it_the_learners() -> None:
    manager = _manager(kernels=1, pooled=1)
    renderer = type("Renderer", (), {"stop_generator": False, "rendered_cache": ["<html>"]})()

    async def hand_over():
        manager._pools["penta_play.ipynb"] = asyncio.ensure_future(
            _ready({"kernel_id": "k0", "renderer": renderer, "task": "rendering"})
        )  # (what Voilà's renderer is drawing, handed on)
        return await manager.get_rendered_notebook("penta_play.ipynb")

    assert asyncio.run(hand_over()) == ("rendering", ["<html>"], "k0")
    assert renderer.stop_generator is True  # the rest of the page is drawn for this request
    assert manager.kernels_left() == 3 and manager.get_pool_size("penta_play.ipynb") == 0


async def _ready(value):
    return value


def test_the_kernel_asks_for_its_page_with_the_servers_secret() -> None:
    environ = {"VOILA_KERNEL_ID": "k1", "VOILA_APP_PORT": "8888", "VOILA_SERVER_URL": "/user/ada/"}
    assert request_address({**environ, "DICELAB_QUERY_TOKEN": "a/b+c"}).endswith(
        "/user/ada/voila/query/k1?token=a%2Fb%2Bc"
    )


@pytest.mark.parametrize(
    ("token", "refused"),
    [("", True), ("guess", True), ("%C3%A9t%C3%A9", True), ("s3cret", False)],
)
def test_only_the_servers_kernels_read_a_pages_request(token: str, refused: bool) -> None:
    """Through the hub's proxy anyone may reach ``/voila/query/<kernel id>``: without the
    server's secret the socket is refused, before it opens."""
    from voila.request_info_handler import RequestInfoSocketHandler

    async def ask() -> str | int:
        app = Application(
            [(r"/voila/query/(?P<kernel_id>[\w-]+)", QuerySocket, {"token": "s3cret"})]
        )
        server = app.listen(0, address="127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        RequestInfoSocketHandler.send_updates({"kernel_id": "k-1", "payload": "lang=fr"})
        try:
            socket = await websocket_connect(
                f"ws://127.0.0.1:{port}/voila/query/k-1" + (f"?token={token}" if token else "")
            )
            answer = await socket.read_message()
            socket.close()
            return str(answer)
        except HTTPClientError as error:
            return error.code
        finally:
            server.stop()
            RequestInfoSocketHandler._cache.pop("k-1", None)

    assert asyncio.run(ask()) == (403 if refused else "lang=fr")


def test_a_kernel_waiting_in_the_pool_is_never_culled(monkeypatch) -> None:
    """Idle by design: culling it would leave the learner's first page a dead kernel. A pool
    kernel that stopped waiting is shut down instead; any other kernel is Jupyter's to cull."""
    culled: list[str] = []

    async def cull(self, kernel_id):  # Jupyter's, which stops a kernel idle for too long
        culled.append(kernel_id)

    monkeypatch.setattr(
        "jupyter_server.services.kernels.kernelmanager.MappingKernelManager.cull_kernel_if_idle",
        cull,
    )
    stopped = _stopped(monkeypatch)

    async def cull_all() -> None:
        manager = _manager(kernels=3, pooled=2)
        manager._pools["penta_play.ipynb"] = _task(_content("k0"))  # type: ignore[assignment]
        finished = asyncio.get_running_loop().create_future()
        finished.set_result(([], None))
        manager._pools["farkle_play.ipynb"] = _task(_content("k1", finished))  # type: ignore
        for kernel_id in ("k0", "k1", "k2"):
            await manager.cull_kernel_if_idle(kernel_id)
        await asyncio.gather(*manager._stopping)

    asyncio.run(cull_all())
    assert culled == ["k2"] and stopped == ["k1"]
