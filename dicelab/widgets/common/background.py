"""Long work (building a solver's tables, a simulation) off the kernel's thread."""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["run_in_background"]


def run_in_background(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread (long builds must not block the kernel).

    >>> import threading
    >>> done = threading.Event()
    >>> run_in_background(done.set)
    >>> done.wait(5)
    True
    """
    threading.Thread(target=work, daemon=True, name="dicelab-build").start()
