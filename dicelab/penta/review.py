"""Review a Penta game: every keep and every scoring of a seat beside the optimal choice.

:func:`review` replays a game (a :class:`~dicelab.penta.game.Game`, its JSON save, or a
notation log) and values each decision with the exact solver: the expected final score of the
choice and of the best choice (points already on the card included), the **loss** between
them, and the standard deviation of the final score after each (:mod:`dicelab.penta.moments`).

>>> from dicelab.penta.game import Game
>>> game = Game(("Ada",), seed=2026)
>>> _ = game.roll(); _ = game.hold([0, 1]); _ = game.roll()  # keep the two 3s
>>> _ = game.score("chance")
>>> result = review(game)
>>> [(d.kind, d.choice, d.best) for d in result.decisions]
[('keep', (3, 3), (4, 4)), ('lower', 'chance', (3, 3, 3))]
>>> [round(d.loss, 2) for d in result.decisions], str(result.proficiency)
([0.84, 15.91], 'Beginner')
>>> print(result.decisions[1].explanation)  # doctest: +NORMALIZE_WHITESPACE
Chance: 18 points now, then 219.8 expected from the rest of the game. Keep 3 3 3: by the end
of the turn it fills Threes 83.3%, Full house 13.9%; 253.7 expected in all.

A notation log is one decision a line, ``situation => action``, the action a box (id or code)
or ``keep`` and the dice held (``keep -`` re-rolls all five):

>>> log = "- | dice 3 3 4 4 6 | 2 rolls left => keep 3 3 4 4"
>>> round(review(log).decisions[0].loss, 3)
2.931
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg
from dicelab.numbers import show_value
from dicelab.penta import joker
from dicelab.penta.game import Game, Roll, Score
from dicelab.penta.moments import Moments
from dicelab.penta.notation import CODES, Situation, parse
from dicelab.penta.rules import BOXES, UPPER, Rules
from dicelab.penta.scorecard import Scorecard, box_name
from dicelab.penta.solver import Solver
from dicelab.review import TIE, Decision, Number, Percent, Review, check_seat

__all__ = ["Reviewer", "action_label", "review", "review_positions"]

Action = str | tuple[int, ...]
_BOX_OF = {**{code: box for box, code in CODES.items()}, **{box: box for box in BOXES}}
_SHOWN_BOXES = 3  # boxes named per keep in an explanation
_SHOWN_CHANCE = 0.05  # ... when at least this likely


def action_label(action: Action) -> Message:
    """How an action is shown: a box's name, or the dice held.

    >>> str(action_label("full_house")), str(action_label((3, 3))), str(action_label(()))
    ('Full house', 'Keep 3 3', 'Reroll all')
    """
    if isinstance(action, str):
        return box_name(action)
    if not action:
        return msg("Reroll all")
    return msg("Keep {dice}", dice=" ".join(map(str, action)))


class Reviewer:
    """The solver and the second-moment table of one rule set, shared by many reviews."""

    def __init__(self, rules: Rules | str | None = None, *, solver: Solver | None = None):
        self.solver = solver if solver is not None else Solver(rules)
        self.moments = Moments(self.solver)

    def decision(
        self,
        card: Scorecard,
        dice: Sequence[int],
        rolls_left: int,
        action: Action,
        *,
        seat: int = 0,
        player: str = "",
        round: int | None = None,
        spread: bool = True,
    ) -> Decision:
        """One decision valued: ``action`` (a box id or the dice held) in this situation
        (``spread=False``: without the standard deviations, ``None``)."""
        values = self.solver.option_values(card, dice, rolls_left)
        key = _check_action(action, values)
        top = max(values.values())
        best = next(a for a, v in values.items() if v >= top - TIE)
        sds = self.moments.option_sds(card, dice, rolls_left) if spread else {}
        return Decision(
            seat=seat,
            player=player,
            round=round if round is not None else len(card.filled) + 1,
            roll=3 - rolls_left,
            kind=_kind(card, tuple(sorted(dice)), key),
            situation=str(Situation(card, tuple(dice), rolls_left)),
            choice=key,
            best=best,
            choice_label=action_label(key),
            best_label=action_label(best),
            choice_value=values[key],
            best_value=values[best],
            choice_sd=sds.get(key),
            best_sd=sds.get(best),
        )

    def explain(self, decision: Decision) -> Message:
        """Why the best choice beats the choice, in words built from exact numbers."""
        situation = parse(decision.situation)
        card, dice, left = situation.card, situation.dice, situation.rolls_left
        assert dice is not None
        return msg(
            "{choice}: {choice_detail}. {best}: {best_detail}.",
            choice=decision.choice_label,
            choice_detail=self._detail(card, dice, left, decision.choice, decision.choice_value),
            best=decision.best_label,
            best_detail=self._detail(card, dice, left, decision.best, decision.best_value),
        )

    def _detail(
        self, card: Scorecard, dice: tuple[int, ...], left: int, action: Action, value: float
    ) -> Message:
        if isinstance(action, str):
            after = card.score(action, dice)
            return msg(
                "{now} points now, then {rest} expected from the rest of the game",
                now=after.total - card.total,
                rest=Number(value - after.total, 1),
            )
        chances = self.moments.fill_chances_after(card, action, left)
        aims = sorted(chances.items(), key=lambda item: -item[1])[:_SHOWN_BOXES]
        shown = [(box, p) for box, p in aims if p >= _SHOWN_CHANCE] or aims[:1]
        parts = {
            f"b{i}": msg("{box} {chance}", box=box_name(box), chance=Percent(p))
            for i, (box, p) in enumerate(shown)
        }
        boxes = Message(", ".join("{" + key + "}" for key in parts), parts)
        return msg(
            "by the end of the turn it fills {boxes}; {value} expected in all",
            boxes=boxes,
            value=Number(value, 1),
        )


def _check_action(action: object, values: dict[Action, float]) -> Action:
    if isinstance(action, str):
        key: object = _BOX_OF.get(action, action)
    elif isinstance(action, Iterable):
        try:
            key = tuple(sorted(action))
        except TypeError:  # values that do not compare: not dice
            key = None
    else:
        key = action
    if key not in values:
        raise IllegalMove(
            msg(
                "{action} is not a legal action here: the actions are {actions}.",
                action=show_value(action),
                actions=", ".join(map(repr, values)),
            )
        )
    return key


def _joker_applies(card: Scorecard, dice: tuple[int, ...]) -> bool:
    """Five equal dice scored while a joker rule is in force: the joker module decides."""
    facts = joker.Facts.of(tuple(sorted(dice)), card.open_boxes, card.points("penta"))
    return joker.joker_case(card.rules, facts) is not joker.JokerCase.NONE


def _kind(card: Scorecard, dice: tuple[int, ...], action: Action) -> str:
    if not isinstance(action, str):
        return "keep"
    if _joker_applies(card, dice):
        return "joker"
    return "upper" if action in UPPER else "lower"


# -- reading games ------------------------------------------------------------------------------


def _positions(
    game: Game, seat: int | None
) -> list[tuple[int, str, int, Scorecard, tuple[int, ...], int, Action]]:
    """(seat, player, round, card, dice, rolls left, action) of every decision of the game."""
    replay = Game(game.seats, rules=game.rules, seed=game.seed, duplicate=game.duplicate)
    found = []
    for event in game.events:
        dice, current = replay.dice, replay.current_seat
        if dice is not None and (seat is None or current == seat):
            assert current is not None and replay.card is not None
            action: Action | None = None
            if isinstance(event, Roll):
                action = tuple(sorted(dice[i] for i in replay.held))
            elif isinstance(event, Score):
                action = event.box
            if action is not None:
                assert replay.turn_number is not None  # dice on the table: a turn is on
                name = game.seats[current].name
                found.append(
                    (
                        current,
                        name,
                        replay.turn_number,
                        replay.card,
                        dice,
                        replay.rolls_left,
                        action,
                    )
                )
        replay.push(event)
    return found


def _read_log(text: str) -> list[tuple[Situation, Action]]:
    """The decisions of a notation log: ``situation => action`` a line (blank lines skipped)."""
    pairs = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        situation_text, arrow, action_text = line.rpartition("=>")
        if not arrow:
            raise IllegalMove(msg("Line {n} of the log is not 'situation => action'.", n=number))
        situation = parse(situation_text.strip())
        words = action_text.split()
        if words[:1] == ["keep"]:
            held = "".join(words[1:])
            if held == "-":
                held = ""
            if any(c not in "123456" for c in held):
                raise IllegalMove(
                    msg("Line {n}: a keep lists the dice held, as in 'keep 3 3 5'.", n=number)
                )
            action: Action = tuple(int(c) for c in held)
        elif len(words) == 1:
            action = words[0]
        else:
            raise IllegalMove(
                msg("Line {n}: the action is a box or 'keep' and the dice held.", n=number)
            )
        pairs.append((situation, action))
    return pairs


def review_positions(
    pairs: Iterable[tuple[Situation | str, Action]],
    *,
    reviewer: Reviewer | None = None,
    player: str = "",
) -> Review:
    """The review of loose decisions: (situation, action) pairs, situations with dice."""
    decisions = []
    cache: dict[Rules, Reviewer] = {}
    for situation, action in pairs:
        if isinstance(situation, str):
            situation = parse(situation)
        if not isinstance(situation, Situation) or situation.dice is None:
            raise IllegalMove(msg("A decision needs a situation with dice on the table."))
        rules = situation.card.rules
        judge = reviewer if reviewer is not None else cache.get(rules)
        if judge is None or judge.solver.rules != rules:
            judge = cache[rules] = Reviewer(rules)
        decisions.append(
            judge.decision(
                situation.card, situation.dice, situation.rolls_left, action, player=player
            )
        )
    return _finish(decisions, reviewer or next(iter(cache.values()), None))


def review(
    game: Game | str | bytes,
    seat: int | None = None,
    *,
    reviewer: Reviewer | None = None,
    detail: bool = True,
) -> Review:
    """The review of ``game``'s decisions: of ``seat`` only, or of every seat (``None``).

    ``game`` is a :class:`Game` (finished or not), its JSON save, or a notation log (see the
    module). ``reviewer`` shares the tables between reviews (one is made for the game's rules
    otherwise; the tables come from the cache, or are built once). ``detail=False`` values the
    losses only, about twice as fast: no standard deviations, no explanations (a class's
    games, :mod:`dicelab.classroom.results`).
    """
    if isinstance(game, bytes | str):
        text = game.decode("utf-8", "replace") if isinstance(game, bytes) else game
        if text.lstrip().startswith("{"):
            game = Game.from_json(text)
        else:
            return review_positions(_read_log(text), reviewer=reviewer)
    if not isinstance(game, Game):
        raise IllegalMove(
            msg(
                "A review needs a Penta game, its save or a notation log, not {value}.",
                value=show_value(game),
            )
        )
    seat = check_seat(seat, len(game.seats))
    if reviewer is None or reviewer.solver.rules != game.rules:
        reviewer = Reviewer(game.rules)
    found = _positions(game, seat)
    if detail:
        reviewer.moments.prepare(card for _, _, _, card, _, _, _ in found)
    decisions = [
        reviewer.decision(card, dice, left, action, seat=s, player=name, round=r, spread=detail)
        for s, name, r, card, dice, left, action in found
    ]
    return _finish(decisions, reviewer if detail else None)


def _finish(decisions: list[Decision], reviewer: Reviewer | None) -> Review:
    result = Review("penta", "points", tuple(decisions))
    if reviewer is None:
        return result
    costly = {id(d) for d in result.costliest()}
    explained = tuple(
        _with_explanation(d, reviewer) if id(d) in costly else d for d in result.decisions
    )
    return Review("penta", "points", explained)


def _with_explanation(decision: Decision, reviewer: Reviewer) -> Decision:
    return replace(decision, explanation=reviewer.explain(decision))
