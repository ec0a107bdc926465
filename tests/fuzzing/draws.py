"""Where a fuzzer's random choices come from: ``random`` or Hypothesis."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class Draw:
    """Where a fuzzer's choices come from."""

    def pick(self, options: Sequence[Any]) -> Any:
        raise NotImplementedError

    def whole(self, low: int, high: int) -> int:
        raise NotImplementedError

    def sample(self, options: Sequence[Any], size: int) -> list[Any]:
        pool = list(options)
        chosen = []
        for _ in range(min(size, len(pool))):
            chosen.append(pool.pop(self.whole(0, len(pool) - 1)))
        return chosen


class RandomDraw(Draw):
    """Choices from ``random.Random(seed)`` (the long run)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def pick(self, options: Sequence[Any]) -> Any:
        return options[self.random.randrange(len(options))]

    def whole(self, low: int, high: int) -> int:
        return self.random.randint(low, high)


class DataDraw(Draw):
    """Choices drawn by Hypothesis (``st.data()``), so that a failure shrinks."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def pick(self, options: Sequence[Any]) -> Any:
        from hypothesis import strategies as st

        return options[self.data.draw(st.integers(0, len(options) - 1))]

    def whole(self, low: int, high: int) -> int:
        from hypothesis import strategies as st

        return self.data.draw(st.integers(low, high))
