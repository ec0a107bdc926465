"""One server per learner, as a local process of the hub's own account, memory capped.

Learners are not accounts of the machine, so the spawner is JupyterHub's
``SimpleLocalProcessSpawner``: each learner's server runs as the hub's user, in a home of its
own under the hub's data folder (``<data>/users/<name>``). What keeps learners apart is
what the server lets a browser do (:mod:`dicelab.hub.learner`): no terminal, no code, no
files written. The memory limit (``Spawner.mem_limit``) is enforced here, not only advertised
(:func:`dicelab.hub.limits.limit_memory` in the child before Jupyter starts).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from jupyterhub.spawner import SimpleLocalProcessSpawner

from dicelab.hub.limits import limit_memory

__all__ = ["LearnerSpawner"]


class LearnerSpawner(SimpleLocalProcessSpawner):
    """``SimpleLocalProcessSpawner`` whose child process gets ``mem_limit`` as ``RLIMIT_AS``."""

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Make the home folder, go there, cap the address space (in the child, before exec)."""
        home = self.home_dir
        limit = int(self.mem_limit or 0)

        def preexec() -> None:
            os.makedirs(home, 0o700, exist_ok=True)
            os.chdir(home)
            limit_memory(limit)

        return preexec
