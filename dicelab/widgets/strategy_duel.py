"""A slider to choose a bank threshold and a button to play it against the computer.

The games are played by :func:`dicelab.lessons.winning_vs_scoring.duel` (seeded: the same
threshold always gives the same games); the widget only shows each try's win rate and its
standard error, newest first, and beside it the exact share of games the strategy wins
(:func:`~dicelab.lessons.winning_vs_scoring.exact_win_rate`, over every possible game).

>>> app = StrategyDuel(lang="en")
>>> app.threshold.value = 250
>>> app.play(games=40, target=2000).games
40
>>> len(app.tries), "exactly" in app.results.value
(1, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from dicelab.i18n import get_language, msg
from dicelab.lessons.cards import Percent
from dicelab.lessons.winning_vs_scoring import (
    DUEL_GAMES,
    STEADY,
    TARGET,
    Duel,
    duel,
    exact_win_rate,
)

__all__ = ["StrategyDuel", "strategy_duel"]


class StrategyDuel(widgets.VBox):
    """ "Bank at … points" (a slider), "Play 500 games", and the results of every try."""

    def __init__(self, lang: str | None = None, seed: int = 1) -> None:
        self.lang = lang or get_language()
        self.seed = seed
        self.tries: list[Duel] = []
        self.exact: list[float] = []  # the exact win rate of each try, newest first
        self.threshold = widgets.IntSlider(
            value=STEADY,
            min=50,
            max=2000,
            step=50,
            description=msg("Bank at").render(self.lang),
            continuous_update=False,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="420px"),
        )
        self.unit = widgets.Label(msg("points").render(self.lang))
        self.button = widgets.Button(
            description=msg("Play {games} games", games=DUEL_GAMES).render(self.lang),
            button_style="primary",
            icon="play",
        )
        self.button.on_click(lambda _button: self.play())
        self.results = widgets.HTML()
        super().__init__([widgets.HBox([self.threshold, self.unit, self.button]), self.results])
        self.add_class("dl-strategy-duel")

    def play(self, games: int = DUEL_GAMES, target: int = TARGET) -> Duel:
        """Play the slider's threshold against the computer and show the result."""
        self.button.disabled = True
        try:
            result = duel(self.threshold.value, games=games, seed=self.seed, target=target)
            exact = exact_win_rate(self.threshold.value, target=target)
        finally:
            self.button.disabled = False
        self.tries.insert(0, result)
        self.exact.insert(0, exact)
        self._show()
        return result

    def _show(self) -> None:
        lines = [
            msg(
                "Bank at {points}: you win {rate} ± {error} of {games} games.",
                points=item.strategy,
                rate=Percent(item.win_rate),
                error=Percent(item.standard_error),
                games=item.games,
            ).render(self.lang)
            + " "
            + msg("Over every possible game, exactly: {exact}.", exact=Percent(exact)).render(
                self.lang
            )
            for item, exact in zip(self.tries, self.exact, strict=True)
        ]
        best = max(self.tries, key=lambda item: item.win_rate)
        head = msg(
            "Your best so far: bank at {points} ({rate}).",
            points=best.strategy,
            rate=Percent(best.win_rate),
        ).render(self.lang)
        items = "".join(f"<li>{line}</li>" for line in lines)
        self.results.value = f"<p><b>{head}</b></p><ul>{items}</ul>"


def strategy_duel(lang: str | None = None) -> StrategyDuel:
    """The widget, in the page's language."""
    return StrategyDuel(lang)
