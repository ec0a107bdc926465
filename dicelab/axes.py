"""A plot's axes write their numbers as the page's language does: ``0,7`` and ``3 000`` in a
French page, not matplotlib's ``0.7`` and ``3000``.

>>> from matplotlib.figure import Figure
>>> ax = Figure().add_subplot()
>>> number_axis(ax.yaxis, "fr")
>>> ax.yaxis.get_major_formatter()(0.5, 0), ax.yaxis.get_major_formatter()(3000, 0)
('0,5', '3\u202f000')
>>> percent_axis(ax.xaxis, "ca")
>>> ax.xaxis.get_major_formatter()(0.25, 0)
'25\xa0%'
"""

from __future__ import annotations

from typing import Any

from dicelab.i18n import decimals_needed, format_number, format_percent

__all__ = ["number_axis", "percent_axis"]


def number_axis(axis: Any, lang: str) -> None:
    """Write the ticks of a matplotlib ``axis`` as numbers of ``lang``."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(
        FuncFormatter(lambda value, _: format_number(value, lang, decimals=decimals_needed(value)))
    )


def percent_axis(axis: Any, lang: str, decimals: int = 0) -> None:
    """Write the ticks of an ``axis`` of chances (0 to 1) as percentages of ``lang``."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(
        FuncFormatter(lambda value, _: format_percent(value, lang, decimals=decimals))
    )
