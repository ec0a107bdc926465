"""A learner server's memory limit, enforced by the operating system.

The spawner starts each learner's server with :func:`limit_memory` run in the child before
Jupyter starts: ``RLIMIT_DATA``, the most private memory a process may have (its heap and
every anonymous mapping: NumPy's arrays, widgets, threads' stacks), is inherited by every
kernel the server starts, so each process of a learner's server (the server and each of its
at most four kernels) stops at the limit: an allocation beyond it fails with ``MemoryError``
in that process alone, and the machine's other learners are not touched. (``RLIMIT_AS``, the
address space, would also count the libraries and reservations that are never used: a
dicelab kernel maps 950 MiB of address space for 85 MiB in memory.)

>>> parse_size("1.5G"), parse_size("800M"), parse_size("0")
(1610612736, 838860800, 0)
>>> parse_size("lots")
Traceback (most recent call last):
...
ValueError: A memory size is a number with K, M or G (such as 1G or 800M); not 'lots'.
"""

from __future__ import annotations

import re
import resource

__all__ = ["limit_memory", "parse_size"]

_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*", re.IGNORECASE)


def parse_size(text: str) -> int:
    """Bytes in a size written as JupyterHub writes ``mem_limit`` (``"1G"``, ``"800M"``)."""
    match = _SIZE.fullmatch(text)
    if not match:
        raise ValueError(
            f"A memory size is a number with K, M or G (such as 1G or 800M); not {text!r}."
        )
    return int(float(match[1]) * _UNITS[match[2].upper()])


def limit_memory(limit: int) -> None:
    """Cap this process's private memory at ``limit`` bytes (0: no cap); children inherit it."""
    if limit > 0:
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))
