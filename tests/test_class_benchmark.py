"""benchmarks/voila_class.py's own logic, without a browser: how it knows the class's pages'
kernels have exited."""

from __future__ import annotations

import time

from tests.helpers import load_benchmark


def test_the_class_benchmark_waits_for_the_pages_own_kernels_not_for_a_count(monkeypatch):
    # A pool refills only a minute after its kernels were taken: when a class closes its pages
    # sooner, the server runs just the pages' kernels, as many as the pool holds. Counting them
    # took them for the pool and called the server "back" before a single one had shut down.
    bench = load_benchmark("voila_class")

    class Kernel:
        def __init__(self, kernel_id: str):
            self.kernel_id = kernel_id

        def cmdline(self) -> list[str]:
            return ["python", "-m", "ipykernel_launcher", "-f", f"kernel-{self.kernel_id}.json"]

    pages = [Kernel(f"page-{n}") for n in range(5)]
    looks = [pages, pages, pages[:2], [], [Kernel("refilled")] * 5]
    seen: list[list] = []
    monkeypatch.setattr(
        bench, "kernel_processes", lambda server: seen.append(looks[len(seen)]) or seen[-1]
    )
    taken = {kernel.kernel_id for kernel in pages}

    back = bench.watch_until_back(None, 5, time.monotonic(), 60, taken, every=0.01)

    assert back is not None
    assert len(seen) == 4, "it did not wait until exactly when the pages' kernels had all exited"
