"""What the Review panel shows of a Farkle game, and the Farkle review app.

:class:`FarkleReviewAdapter` reviews a two-player game **by the chance to win** when its
exact table is at hand (the plot then shows the chance to win along the game), and any
other game by the turn's expected points (:func:`dicelab.farkle.review.review`).

>>> app = FarkleReviewApp(example="bank", lang="en")
>>> review = app.review_panel.review
>>> review.measure, [d.choice for d in review.decisions]
('win', [(1,), 'bank'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import N_, Message, format_number, msg, plural, translate
from dicelab.review import Decision, Review
from dicelab.widgets.common.review import ReviewAdapter, ReviewApp, ReviewPanel
from dicelab.widgets.labels import seat_name

__all__ = ["FarkleReviewAdapter", "FarkleReviewApp", "FarkleReviewPanel"]

BANK_START = "target 10000 | totals >8000 9500 | turn 300 | dice 1 | roll [1] 3"
"""The example ``bank``: 300 points and one die to roll, at 8,000 against 9,500."""


def _played(players: tuple[str, ...], computer: bool, target: int, seed: int) -> Any:
    from dicelab.farkle.game import Game

    return Game(players, computer, target=target, seed=seed).play_out()


def _bank() -> Any:
    from dicelab.farkle.game import Game

    game = Game(("Ada",), True, start=BANK_START)
    game.bank()
    return game


class FarkleReviewAdapter(ReviewAdapter):
    """Reviews of Farkle games, by the chance to win (two players, table cached) or by
    points."""

    game_name = "farkle"
    round_word = N_("Turn")

    def __init__(self) -> None:
        self._rules: Any = None

    def finished(self, subject: Any) -> Any:
        """The game up to the end of its last finished turn."""
        if subject.is_over or not subject.events or subject.events[-1].ends_turn:
            return subject
        game = subject.copy()
        while game.events and not game.events[-1].ends_turn:
            game.pop()
        return game

    def seats(self, subject: Any, lang: str) -> list[tuple[str, int]]:
        return [(seat.label.render(lang), seat.number) for seat in subject.seats]

    def default_seat(self, subject: Any) -> int | None:
        humans = [seat.number for seat in subject.seats if not seat.computer]
        return humans[0] if humans else 0

    @staticmethod
    def measure(subject: Any) -> str:
        """``"win"`` for two players whose table of chances is cached, else ``"points"``."""
        if len(subject.seats) != 2:
            return "points"
        from dicelab.farkle.winchance import cache_path

        return "win" if cache_path(subject.rules, subject.target).exists() else "points"

    def review(self, subject: Any, seat: int | None) -> Review:
        from dicelab.farkle.review import review

        self._rules = subject.rules
        return review(subject, seat, by=self.measure(subject))

    def read(self, text: Any) -> Any:
        from dicelab.farkle.game import Game

        if isinstance(text, Game):
            return text
        if not isinstance(text, str | bytes) or not text.strip():
            raise IllegalMove(msg("Paste a saved game first."))
        return Game.from_json(text)

    def examples(self) -> dict[str, tuple[str, Callable[[], Any]]]:
        return {
            "duel": (
                N_("Ada against the computer, to 5,000 (seed 4)"),
                lambda: _played(("Ada",), True, 5000, 4),
            ),
            "bank": (N_("A bank at 8,000 against 9,500"), _bank),
            "solo": (
                N_("A game alone, to 5,000 (seed 2)"),
                lambda: _played(("Ada",), False, 5000, 2),
            ),
        }

    def dice(self, decision: Decision) -> tuple[int, ...]:
        from dicelab.farkle.notation import parse

        return tuple(parse(decision.situation, self._rules).turn.last_roll)

    def situation_words(self, decision: Decision, lang: str) -> str:
        """The totals, the target and the turn so far, in words."""
        from dicelab.farkle.notation import parse

        situation = parse(decision.situation, self._rules)
        totals = situation.totals
        mine = totals[situation.current]
        others = [t for i, t in enumerate(totals) if i != situation.current]
        if len(others) == 1:
            rest = translate(
                "the other player has {points}", lang, points=format_number(others[0], lang)
            )
        else:
            rest = translate(
                "the others have {points}",
                lang,
                points=", ".join(format_number(t, lang) for t in others),
            )
        head = translate(
            "Playing to {target}: {player} has {mine} points, {rest}.",
            lang,
            target=format_number(situation.target, lang),
            player=seat_name(decision.player, lang),
            mine=format_number(mine, lang),
            rest=rest,
        )
        turn = situation.turn
        if turn.phase == "set_aside":
            now = plural(
                "This turn so far: {points} points, and {n} die just rolled.",
                "This turn so far: {points} points, and {n} dice just rolled.",
                len(turn.on_table),
                lang,
                points=format_number(turn.previous, lang),
            )
        else:
            now = plural(
                "This turn so far: {points} points, with {n} die left to roll.",
                "This turn so far: {points} points, with {n} dice left to roll.",
                turn.dice_in_play,
                lang,
                points=format_number(turn.points, lang),
            )
        return f"{head} {now}"

    def axis(self, review: Review) -> Message:
        if review.measure == "win":
            return msg("Chance to win (%)")
        return msg("Expected points of the turn")


class FarkleReviewPanel(ReviewPanel):
    """The Review panel of :class:`~dicelab.widgets.farkle.app.FarkleApp`."""

    def __init__(self, owner: Any, auto_review: bool = True, toggle: bool = True) -> None:
        super().__init__(owner, FarkleReviewAdapter(), auto_review=auto_review, toggle=toggle)


class FarkleReviewApp(ReviewApp):
    """Review a Farkle game: paste its save, or pick an example.

    ``game``: a :class:`~dicelab.farkle.Game` or a save's JSON text; ``example``:
    ``"duel"``, ``"bank"`` or ``"solo"``; ``lang``: the language.
    """

    title = msg("Farkle game review")
    adapter_class = FarkleReviewAdapter
