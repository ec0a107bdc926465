"""What Voilà's pools cost in CPU: a preheated kernel, from its start to waiting for its page.

``make run`` keeps one preheated kernel for each app (``voila.json``): it runs its notebook,
prepares the app and waits for a page. Each page opened takes one, and Voilà starts the next
at once: every page a learner opens costs a pool kernel's CPU, on the server, whether or not
anyone opens the same app again. Until issue 28 each of them imported Voilà (and with it the
whole Jupyter server) only to receive its page's request; ``dicelab/page_request.py`` now
receives it itself.

Measured: a fresh Voilà on ``notebooks/`` with the shipped configuration, until its pools are
full and idle; the CPU seconds of each pool kernel (from ``/proc``). The reference, in the same
run: a kernel started alone that only runs ``import voila.utils``, what every pool kernel did
before. Printed: the pool kernels' total and median, the reference, and their ratio.

    python benchmarks/pool_cpu.py

Needs the ``app`` extras and ``psutil`` (the ``test`` extras).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from voila_apps import (  # a sibling script
    ROOT,
    kernel_processes,
    pooled_notebooks,
    settle,
    start_voila,
    stop_voila,
)


def cpu_seconds(process) -> float:
    """A process's CPU seconds, user and system."""
    times = process.cpu_times()
    return float(times.user + times.system)


def pool_kernels() -> list[float]:
    """Each pool kernel's CPU seconds, once the shipped pools are full and idle."""
    log = Path(tempfile.mkdtemp(prefix="dicelab-pool-cpu-")) / "voila.log"
    server, _ = start_voila(ROOT / "notebooks", log)
    try:
        count = sum(pooled_notebooks().values())
        if not settle(server, count, timeout=300):
            raise SystemExit(f"the pools did not fill and settle (see {log})")
        return [cpu_seconds(kernel) for kernel in kernel_processes(server)]
    finally:
        stop_voila(server)


def importing_voila() -> float:
    """CPU seconds of a kernel started alone that runs ``import voila.utils`` (the reference)."""
    import psutil
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        client.execute_interactive("import voila.utils", timeout=120)
        assert manager.provisioner is not None
        return cpu_seconds(psutil.Process(manager.provisioner.pid))
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def main() -> int:
    kernels = pool_kernels()
    reference = importing_voila()
    median = statistics.median(kernels)
    print(f"pool kernels: {len(kernels)}, {sum(kernels):.1f} CPU s in all")
    print(f"a pool kernel (median): {median:.2f} CPU s (most {max(kernels):.2f})")
    print(f"reference, a kernel that only imports voila.utils: {reference:.2f} CPU s")
    print(f"ratio, a pool kernel / the reference: {median / reference:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
