"""Where solved tables are kept, how they are written, and how long work reports progress.

Both games' solvers compute tables once per rule set and keep them on disk under the
user's cache directory, keyed by the rule set and the solver version:

>>> import os
>>> os.environ["DICELAB_CACHE_DIR"] = "/tmp/dicelab-doctest"
>>> str(cache_dir())
'/tmp/dicelab-doctest'
>>> del os.environ["DICELAB_CACHE_DIR"]
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TextIO

import numpy as np

__all__ = [
    "CACHE_ENV",
    "Progress",
    "atomic_write",
    "cache_dir",
    "load_array",
    "save_array",
    "text_progress",
    "tqdm_progress",
]

CACHE_ENV = "DICELAB_CACHE_DIR"

Progress = Callable[[float], None]
"""A progress callback: called with the fraction done, 0.0 to 1.0."""


def cache_dir() -> Path:
    """``$DICELAB_CACHE_DIR``, else ``$XDG_CACHE_HOME/dicelab``, else ``~/.cache/dicelab``."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "dicelab"


@contextmanager
def atomic_write(path: Path) -> Iterator[BinaryIO | None]:
    """Open a temporary file beside ``path`` and move it into place when the block ends.

    A reader never sees half a file. A cache that cannot be written (read-only home, full
    disk) is not an error: the block gets ``None`` and the table is simply not kept.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    except OSError:
        yield None
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)


def load_array(path: Path, shape: tuple[int, ...], dtype: object = np.float64) -> np.ndarray | None:
    """The array saved at ``path`` if it has this ``shape`` and ``dtype``; ``None`` otherwise.

    A missing, unreadable, truncated or foreign file is not an error: the caller builds the
    table again.

    >>> load_array(Path("/nonexistent/table.npy"), (3,)) is None
    True
    """
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if not isinstance(array, np.ndarray) or array.shape != shape or array.dtype != dtype:
        return None
    return array


def save_array(path: Path, array: np.ndarray) -> None:
    """Write ``array`` to ``path`` atomically (see :func:`atomic_write`); never raises on I/O.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "t.npy"
    >>> save_array(path, np.arange(3.0)); load_array(path, (3,))
    array([0., 1., 2.])
    """
    with atomic_write(path) as handle:
        if handle is not None:
            np.save(handle, array, allow_pickle=False)


def tqdm_progress(
    label: object = "", stream: TextIO | None = None, *, width: int | None = None
) -> Progress:
    """A :data:`Progress` callback that shows a `tqdm <https://tqdm.github.io>`_ bar in percent.

    ``label`` is shown before the bar (a :class:`~dicelab.i18n.Message` is rendered in the
    current language). With no ``stream``, a notebook gets tqdm's widget bar
    (``tqdm.auto``) and a terminal the text bar on stderr; with a ``stream`` the text bar is
    written there. The bar closes when the work reports 1.0; later calls do nothing. tqdm is
    imported on the first bar, never with this module (an app that builds nothing never
    loads it).

    >>> import io
    >>> out = io.StringIO()
    >>> bar = tqdm_progress("Building the official table", out, width=60)
    >>> bar(0.5); bar(1.0)
    >>> out.getvalue().rsplit("\\r", 1)[-1].split("|")[0]
    'Building the official table: 100%'
    """
    bar = _tqdm_class(stream)(
        total=100,
        desc=str(label),
        file=stream,
        ncols=width,
        unit="%",
        bar_format="{l_bar}{bar}| {elapsed}<{remaining}",
    )

    def show(fraction: float) -> None:
        if bar.disable:  # closed
            return
        percent = int(100 * min(max(float(fraction), 0.0), 1.0))
        if percent > bar.n:
            bar.update(percent - bar.n)
        if percent >= 100:
            bar.close()

    return show


def _tqdm_class(stream: TextIO | None) -> type[Any]:
    """tqdm's widget bar in a Jupyter kernel writing to its own output, else its text bar."""
    if stream is None and "ipykernel.zmqshell" in sys.modules:
        from tqdm.auto import tqdm as auto_bar

        return auto_bar
    from tqdm import tqdm as text_bar

    return text_bar


def text_progress(title: object = "", stream: TextIO | None = None, width: int = 30) -> Progress:
    """Deprecated: the hand-written text bar gave way to tqdm; use :func:`tqdm_progress`.

    >>> import io, warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     bar = text_progress("Building", io.StringIO())
    >>> caught[0].category.__name__
    'DeprecationWarning'
    """
    warnings.warn(
        "dicelab.cache.text_progress is deprecated: use dicelab.cache.tqdm_progress",
        DeprecationWarning,
        stacklevel=2,
    )
    return tqdm_progress(title, stream)
