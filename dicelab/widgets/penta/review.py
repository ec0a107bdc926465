"""What the Review panel shows of a Penta game, and the Penta review app.

:class:`PentaReviewAdapter` tells :class:`~dicelab.widgets.common.review.ReviewPanel` how
to review a Penta game (:func:`dicelab.penta.review.review`, one
:class:`~dicelab.penta.review.Reviewer` a rule set, shared by every review), which seats
there are and which dice each decision saw; the plot shows the **expected final score**.

>>> app = PentaReviewApp(example="log", lang="en")
>>> [d.kind for d in app.review_panel.review.decisions]
['keep', 'keep', 'upper']
>>> "costliest 1" in app.review_panel.table_html
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.errors import IllegalMove
from dicelab.i18n import N_, Message, format_number, msg, translate
from dicelab.review import Decision, Review
from dicelab.widgets.common.review import ReviewAdapter, ReviewApp, ReviewPanel
from dicelab.widgets.labels import seat_name

__all__ = ["EXAMPLE_LOG", "PentaReviewAdapter", "PentaReviewApp", "PentaReviewPanel"]

EXAMPLE_LOG = """\
- | dice 3 3 4 4 6 | 2 rolls left => keep 3 3
- | dice 3 3 3 4 5 | 1 roll left => keep 3 3 3
- | dice 1 3 3 3 6 | 0 rolls left => threes
"""
"""A notation log of three decisions (the example ``log``)."""


def _played(players: tuple[str, ...], computer: dict[int, str], seed: int) -> Any:
    from dicelab.penta.game import Game

    game = Game(players, computer, seed=seed)
    while not game.is_over:
        game.play_computer_step()
    return game


class PentaReviewAdapter(ReviewAdapter):
    """Reviews of Penta games and notation logs."""

    game_name = "penta"

    def __init__(self) -> None:
        self._reviewers: dict[Any, Any] = {}

    @staticmethod
    def _is_game(subject: Any) -> bool:
        from dicelab.penta.game import Game

        return isinstance(subject, Game)

    def finished(self, subject: Any) -> Any:
        """The game up to its last scoring (a turn under way is not reviewed yet)."""
        if not self._is_game(subject) or subject.is_over:
            return subject
        from dicelab.penta.game import Score

        if not subject.events or isinstance(subject.events[-1], Score):
            return subject
        game = subject.copy()
        while game.events and not isinstance(game.events[-1], Score):
            game.pop()
        return game

    def seats(self, subject: Any, lang: str) -> list[tuple[str, int]]:
        if not self._is_game(subject):
            return []
        return [(seat_name(seat.name, lang), i) for i, seat in enumerate(subject.seats)]

    def default_seat(self, subject: Any) -> int | None:
        humans = [i for i, seat in enumerate(subject.seats) if not seat.is_computer]
        return humans[0] if humans else 0

    def _reviewer(self, rules: Any) -> Any:
        if rules not in self._reviewers:
            from dicelab.penta.review import Reviewer

            self._reviewers[rules] = Reviewer(rules)
        return self._reviewers[rules]

    def ready(self, subject: Any) -> bool:
        if not self._is_game(subject) or subject.rules in self._reviewers:
            return True
        from dicelab.penta.moments import moments_path
        from dicelab.penta.solver import Solver

        return Solver(subject.rules).path.exists() and moments_path(subject.rules).exists()

    def prepare(self, subject: Any, progress: Callable[[float], None]) -> None:
        from dicelab.penta.moments import Moments
        from dicelab.penta.solver import Solver

        solver = Solver(subject.rules).build(progress=lambda f: progress(0.2 * f))
        Moments(solver).build(progress=lambda f: progress(0.2 + 0.8 * f))

    def review(self, subject: Any, seat: int | None) -> Review:
        from dicelab.penta.review import review

        if self._is_game(subject):
            return review(subject, seat, reviewer=self._reviewer(subject.rules))
        return review(subject)

    def read(self, text: Any) -> Any:
        if self._is_game(text):
            return text
        if not isinstance(text, str) or not text.strip():
            raise IllegalMove(msg("Paste a saved game or a notation log first."))
        if text.lstrip().startswith("{"):
            from dicelab.penta.game import Game

            return Game.from_json(text)
        self.review(text, None)  # a log is read (and refused) now, not when drawn
        return text

    def examples(self) -> dict[str, tuple[str, Callable[[], Any]]]:
        return {
            "heuristic": (
                N_("A game of the heuristic player (seed 1)"),
                lambda: _played(("Ada",), {0: "heuristic"}, 1),
            ),
            "duel": (
                N_("Two players: the greedy player against the heuristic one"),
                lambda: _played(("Ada", "Bob"), {0: "greedy", 1: "heuristic"}, 5),
            ),
            "log": (N_("A notation log of three decisions"), lambda: EXAMPLE_LOG),
        }

    def dice(self, decision: Decision) -> tuple[int, ...]:
        from dicelab.penta.notation import parse

        return tuple(parse(decision.situation).dice or ())

    def situation_words(self, decision: Decision, lang: str) -> str:
        """The rolls left and the card so far, in words."""
        from dicelab.penta.notation import parse
        from dicelab.penta.rules import BOXES

        situation = parse(decision.situation)
        card = situation.card
        return translate(
            "Rolls left: {rolls}. The card so far: {filled} of {boxes} boxes filled, "
            "{total} points.",
            lang,
            rolls=situation.rolls_left,
            filled=len(card.filled),
            boxes=len(BOXES),
            total=format_number(card.total, lang),
        )

    def axis(self, review: Review) -> Message:
        return msg("Expected final score")


class PentaReviewPanel(ReviewPanel):
    """The Review panel of :class:`~dicelab.widgets.penta.app.PentaApp`."""

    def __init__(self, owner: Any, auto_review: bool = True, toggle: bool = True) -> None:
        super().__init__(owner, PentaReviewAdapter(), auto_review=auto_review, toggle=toggle)


class PentaReviewApp(ReviewApp):
    """Review a Penta game: paste its save or its notation log, or pick an example.

    ``game``: a :class:`~dicelab.penta.Game`, a save's JSON text or a notation log;
    ``example``: ``"heuristic"``, ``"duel"`` or ``"log"``; ``lang``: the language.
    """

    title = msg("Penta game review")
    adapter_class = PentaReviewAdapter
    placeholder = N_("Paste a saved game (its JSON text) or a notation log here.")
