"""Time without blocking the kernel: schedulers, and the guarded auto-score countdown.

The dashboards never sleep. Anything that happens later (a roll animation frame, the
3-second auto-score, a computer player's next step) is a callback given to a
:class:`Scheduler`. In a Jupyter kernel or a Voilà app the kernel's own asyncio loop runs
it (:class:`LoopScheduler`); tests use a :class:`ManualScheduler`, whose clock only moves
when the test says so:

>>> clock = ManualScheduler()
>>> fired = []
>>> timer = Countdown(clock)
>>> timer.start(3, lambda: fired.append("scored"))
>>> clock.advance(2.9); fired, timer.remaining
([], 1)
>>> clock.advance(0.1); fired, timer.active
(['scored'], False)

A cancelled countdown, or one restarted for a new turn, can never fire its old callback:
each start takes a fresh token and every scheduled call checks it.

>>> timer.start(3, lambda: fired.append("stale"))
>>> timer.cancel()
>>> clock.advance(10); fired
['scored']
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import math
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

__all__ = [
    "Countdown",
    "Handle",
    "LockedScheduler",
    "LoopScheduler",
    "ManualScheduler",
    "Scheduler",
]

log = logging.getLogger(__name__)

Callback = Callable[[], None]


class Handle(Protocol):
    """What scheduling returns: something that can be cancelled."""

    def cancel(self) -> None: ...


class Scheduler(Protocol):
    """Runs a callback ``delay`` seconds from now, without blocking."""

    def call_later(self, delay: float, callback: Callback) -> Handle: ...


class LoopScheduler:
    """The kernel's asyncio loop when it runs (Jupyter, Voilà); a daemon timer thread otherwise.

    Called from another thread (a background build finishing), it hands the callback to the
    loop it saw last, so callbacks still run on the kernel's thread.
    """

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None

    def call_later(self, delay: float, callback: Callback) -> Handle:
        """Schedule ``callback``; exceptions it raises are logged, never shown."""
        safe = _logged(callback)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:
            self._loop = loop
            return loop.call_later(max(0.0, delay), safe)
        known = self._loop
        if known is not None and known.is_running() and not known.is_closed():
            handle = _ThreadsafeHandle()
            known.call_soon_threadsafe(handle.start, known, max(0.0, delay), safe)
            return handle
        timer = threading.Timer(max(0.0, delay), safe)
        timer.daemon = True
        timer.start()
        return timer


class LockedScheduler:
    """Another scheduler whose callbacks run holding ``lock``: an app's timers (on whatever
    thread they fire) then never play or draw at the same time as a click.

    >>> clock = ManualScheduler()
    >>> lock = threading.RLock()
    >>> seen = []
    >>> _ = LockedScheduler(clock, lock).call_later(1, lambda: seen.append(lock._is_owned()))
    >>> clock.advance(1); seen
    [True]
    """

    def __init__(self, scheduler: Scheduler, lock: threading.RLock) -> None:
        self._scheduler = scheduler
        self._lock = lock

    @property
    def inner(self) -> Scheduler:
        """The scheduler that keeps the time."""
        return self._scheduler

    def call_later(self, delay: float, callback: Callback) -> Handle:
        """Schedule ``callback`` on the inner scheduler, to run holding the lock."""

        def locked() -> None:
            with self._lock:
                callback()

        return self._scheduler.call_later(delay, locked)


class _ThreadsafeHandle:
    """A handle for a callback scheduled from another thread onto the loop."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self._cancelled = False

    def start(self, loop: asyncio.AbstractEventLoop, delay: float, callback: Callback) -> None:
        if not self._cancelled:
            self._handle = loop.call_later(delay, callback)

    def cancel(self) -> None:
        self._cancelled = True
        if self._handle is not None:
            self._handle.cancel()


def _logged(callback: Callback) -> Callback:
    def run() -> None:
        try:
            callback()
        except Exception:  # a background callback has nowhere to show a traceback
            log.exception("dicelab: a scheduled callback failed")

    return run


@dataclass(order=True)
class _Entry:
    when: float
    order: int
    callback: Callback = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualScheduler:
    """A scheduler whose clock moves only by :meth:`advance`: deterministic tests.

    >>> clock = ManualScheduler()
    >>> seen = []
    >>> _ = clock.call_later(1, lambda: seen.append(clock.now))
    >>> clock.pending
    1
    >>> clock.advance(5); seen
    [1.0]
    """

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[_Entry] = []
        self._order = itertools.count()

    def call_later(self, delay: float, callback: Callback) -> Handle:
        """Queue ``callback`` at ``now + delay``."""
        entry = _Entry(self.now + max(0.0, delay), next(self._order), callback)
        heapq.heappush(self._queue, entry)
        return entry

    @property
    def pending(self) -> int:
        """How many callbacks are waiting (cancelled ones excluded)."""
        return sum(1 for entry in self._queue if not entry.cancelled)

    def advance(self, seconds: float) -> None:
        """Move the clock on, running every callback that falls due, in time order."""
        end = self.now + seconds
        while self._queue and self._queue[0].when <= end + 1e-9:
            entry = heapq.heappop(self._queue)
            self.now = max(self.now, entry.when)
            if not entry.cancelled:
                entry.callback()
        self.now = end

    def run_all(self, limit: int = 10_000) -> None:
        """Run every queued callback (and those they queue), up to ``limit`` of them."""
        for _ in range(limit):
            if not self._queue:
                return
            entry = heapq.heappop(self._queue)
            self.now = max(self.now, entry.when)
            if not entry.cancelled:
                entry.callback()
        raise RuntimeError("ManualScheduler.run_all: callbacks keep scheduling callbacks")


class Countdown:
    """A visible countdown that calls ``on_fire`` once when it reaches zero, unless cancelled.

    ``on_tick(seconds_left)`` is called at the start and each second. Every scheduled call
    carries the token of its :meth:`start`; a new start or :meth:`cancel` changes the token,
    so a stale call is a no-op: the timer dies with the turn.
    """

    def __init__(
        self, scheduler: Scheduler, on_tick: Callable[[int | None], None] | None = None
    ) -> None:
        self._scheduler = scheduler
        self._on_tick = on_tick
        self._token = 0
        self._handles: list[Handle] = []
        self._remaining: int | None = None
        self._lock = threading.Lock()

    @property
    def active(self) -> bool:
        """True while counting down."""
        return self._remaining is not None

    @property
    def remaining(self) -> int | None:
        """Whole seconds left (rounded up), or None when not counting."""
        return self._remaining

    @property
    def token(self) -> int:
        """The current start's token (changes on every start and cancel)."""
        return self._token

    def start(self, delay: float, on_fire: Callback) -> None:
        """(Re)start: ``on_fire()`` in ``delay`` seconds; ticks every second before."""
        self.cancel()
        with self._lock:
            token = self._token
            self._remaining = math.ceil(delay)
            for second in range(1, math.ceil(delay)):
                left = math.ceil(delay - second)
                self._handles.append(
                    self._scheduler.call_later(second, partial(self._tick, token, left))
                )
            self._handles.append(
                self._scheduler.call_later(delay, partial(self._fire, token, on_fire))
            )
        self._notify(self._remaining)

    def cancel(self) -> None:
        """Stop counting; any call already scheduled becomes a no-op."""
        with self._lock:
            was_active = self._remaining is not None
            self._token += 1
            handles, self._handles = self._handles, []
            self._remaining = None
        for handle in handles:
            handle.cancel()
        if was_active:
            self._notify(None)

    def _tick(self, token: int, left: int) -> None:
        with self._lock:
            if token != self._token:
                return
            self._remaining = left
        self._notify(left)

    def _fire(self, token: int, on_fire: Callback) -> None:
        with self._lock:
            if token != self._token:
                return
            self._token += 1
            self._handles = []
            self._remaining = None
        self._notify(None)
        on_fire()

    def _notify(self, left: int | None) -> None:
        if self._on_tick is not None:
            self._on_tick(left)
