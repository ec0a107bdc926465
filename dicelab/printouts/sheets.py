"""Score sheets to print: a blank Penta scorecard and a Farkle score sheet.

Every box name, every scoring rule and every number comes from the engines (the box names
of :mod:`dicelab.penta.rules` and its points, the Farkle scoring table of
:mod:`dicelab.farkle.rules` and the farkle chances of :mod:`dicelab.farkle.scoring`), in the
language asked for.

>>> card = penta_scorecard("en", players=4)
>>> "Full house" in card and "Three of one face and two of another: 25 points." in card
True
>>> sheet = farkle_sheet("en")
>>> ">1,500<" in sheet and "Farkle chance" in sheet
True
"""

from __future__ import annotations

from dicelab.errors import IllegalMove
from dicelab.farkle.rules import FIELD_NAMES
from dicelab.farkle.rules import Rules as FarkleRules
from dicelab.farkle.scoring import farkle_chance
from dicelab.farkle.situation import DEFAULT_TARGET
from dicelab.i18n import Message, format_number, format_percent, msg, nmsg, use_language
from dicelab.numbers import is_whole, show_value
from dicelab.penta.rules import (
    BOX_NAMES,
    FACE_OF,
    FULL_HOUSE_POINTS,
    LARGE_STRAIGHT_POINTS,
    LOWER,
    PENTA_BONUS,
    PENTA_POINTS,
    SMALL_STRAIGHT_POINTS,
    UPPER,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
)
from dicelab.printouts.html import dice_svg, die_svg, document, escape, markdown_html

__all__ = [
    "BOX_RULES",
    "DEFAULT_PLAYERS",
    "DEFAULT_TURNS",
    "MAX_PLAYERS",
    "check_players",
    "farkle_sheet",
    "penta_scorecard",
]

DEFAULT_PLAYERS = 4
"""Players' columns on a score sheet unless asked otherwise."""
MAX_PLAYERS = 6
"""The most players' columns that fit across an A4 page."""
DEFAULT_TURNS = 24
"""Rows of turns on the Farkle sheet (a game to 10,000 takes about 20 turns a player)."""

BOX_RULES: dict[str, Message] = {
    **{box: msg("The sum of the dice showing {face}.", face=face) for box, face in FACE_OF.items()},
    "three_of_a_kind": msg("At least three equal dice: the sum of all five dice."),
    "four_of_a_kind": msg("At least four equal dice: the sum of all five dice."),
    "full_house": msg(
        "Three of one face and two of another: {points} points.", points=FULL_HOUSE_POINTS
    ),
    "small_straight": msg("Four consecutive faces: {points} points.", points=SMALL_STRAIGHT_POINTS),
    "large_straight": msg("Five consecutive faces: {points} points.", points=LARGE_STRAIGHT_POINTS),
    "chance": msg("Any dice: the sum of all five dice."),
    "penta": msg("Five equal dice: {points} points.", points=PENTA_POINTS),
}
"""How each Penta box scores, in words (the scorecard's second column)."""

_EXAMPLES = {
    "three_of_a_kind": (4, 4, 4, 2, 6),
    "four_of_a_kind": (2, 2, 2, 2, 5),
    "full_house": (3, 3, 3, 5, 5),
    "small_straight": (1, 2, 3, 4, 6),
    "large_straight": (2, 3, 4, 5, 6),
    "chance": (1, 3, 4, 5, 6),
    "penta": (6, 6, 6, 6, 6),
}
"""A roll that fits each lower box, drawn beside its rule."""


def check_players(players: object) -> int:
    """``players`` checked: a whole number from 1 to :data:`MAX_PLAYERS`, else IllegalMove.

    >>> check_players(7)
    Traceback (most recent call last):
    ...
    dicelab.errors.IllegalMove: A score sheet has columns for 1 to 6 players, not 7.
    """
    if is_whole(players) and 1 <= int(players) <= MAX_PLAYERS:
        return int(players)
    raise IllegalMove(
        msg(
            "A score sheet has columns for 1 to {most} players, not {value}.",
            most=MAX_PLAYERS,
            value=show_value(players),
        )
    )


def _text(message: Message, lang: str) -> str:
    return escape(message.render(lang))


def _player_heads(players: int, lang: str, span: int = 1) -> str:
    attrs = f' colspan="{span}"' if span > 1 else ""
    return "".join(
        f'<th class="num"{attrs}>{_text(msg("Player {n}", n=n), lang)}</th>'
        for n in range(1, players + 1)
    )


def _columns(players: int) -> str:
    """The scorecard's column widths: the players' columns share about half the page."""
    width = min(24, 96 // players)
    return (
        '<colgroup><col style="width: 30mm"><col>'
        + f'<col style="width: {width}mm">' * players
        + "</colgroup>"
    )


def _blanks(players: int) -> str:
    return '<td class="blank"></td>' * players


def _box_row(box: str, players: int, lang: str) -> str:
    face = FACE_OF.get(box)
    drawing = die_svg(face) if face else dice_svg(_EXAMPLES[box])
    name = f"<b>{_text(msg(BOX_NAMES[box]), lang)}</b>"
    rule = f'<span class="rule">{_text(BOX_RULES[box], lang)}</span>'
    return (
        f"<tr><th>{name}</th><td>{rule}<br>{drawing}</td>{_blanks(players)}</tr>"
        if not face
        else f"<tr><th>{drawing} {name}</th><td>{rule}</td>{_blanks(players)}</tr>"
    )


def _sum_row(label: Message, rule: Message, players: int, lang: str, kind: str = "sum") -> str:
    return (
        f'<tr class="{kind}"><th>{_text(label, lang)}</th>'
        f'<td class="rule">{_text(rule, lang)}</td>{_blanks(players)}</tr>'
    )


def penta_scorecard(lang: str = "en", players: object = DEFAULT_PLAYERS) -> str:
    """A blank Penta scorecard for ``players`` players (1 to 6): every box, named and with
    its scoring rule in words, the bonuses and the totals, on one A4 page."""
    count = check_players(players)
    with use_language(lang) as code:
        penta = msg(BOX_NAMES["penta"])
        rows = [
            f"<tr><th>{_text(msg('Box'), code)}</th><th>{_text(msg('How it scores'), code)}</th>"
            f"{_player_heads(count, code)}</tr>",
            *(_box_row(box, count, code) for box in UPPER),
            _sum_row(msg("Upper section"), msg("The six upper boxes added up."), count, code),
            _sum_row(
                msg("Upper bonus"),
                msg(
                    "{bonus} points if the upper section makes {threshold} or more.",
                    bonus=UPPER_BONUS,
                    threshold=UPPER_BONUS_THRESHOLD,
                ),
                count,
                code,
            ),
            *(_box_row(box, count, code) for box in LOWER),
            _sum_row(
                msg("Penta bonus"),
                msg(
                    "{bonus} points for each further Penta you score while the {penta} box "
                    "holds {points}.",
                    bonus=PENTA_BONUS,
                    penta=penta,
                    points=PENTA_POINTS,
                ),
                count,
                code,
            ),
            _sum_row(msg("Lower section"), msg("The seven lower boxes added up."), count, code),
            _sum_row(
                msg("TOTAL"),
                msg("TOTAL = upper boxes + upper bonus + lower boxes + Penta bonuses."),
                count,
                code,
                kind="total",
            ),
        ]
        table = f'<table class="sheet">{_columns(count)}\n' + "\n".join(rows) + "\n</table>"
        notes = markdown_html(
            msg(
                "Any open box may take a roll that does not fit it: it scores 0 there "
                "(a sacrifice). Five equal dice when the {penta} box already holds {points}: "
                "the joker decides where they go (see the rules).",
                penta=penta,
                points=PENTA_POINTS,
            ).render(code)
        )
        footer = "<footer>dicelab · docs/rules/penta.md</footer>"
        body = f'{table}\n<div class="note">{notes}</div>\n{footer}'
        return document(msg("Penta scorecard").render(code), body, code, dice=(5, 5, 5, 5, 5))


# -- Farkle ------------------------------------------------------------------------------------


def _points(value: int | None, lang: str) -> str:
    return "—" if value is None else format_number(value, lang)


def _scoring_table(rules: FarkleRules, lang: str) -> str:
    """The scoring table: per face, a single die and three to six of a kind; then the
    six-dice combinations of the table, each drawn with an example."""
    singles = dict(rules.singles)
    kinds = {(face, count): points for face, count, points in rules.kinds}
    counts = sorted({count for _, count in kinds})
    single = _text(msg(FIELD_NAMES["singles"]), lang)
    kind = _text(msg(FIELD_NAMES["kinds"]), lang)
    head = (
        f'<tr><th rowspan="2"></th><th rowspan="2" class="num">{single}</th>'
        f'<th class="num" colspan="{len(counts)}">{kind}</th></tr>'
        "<tr>"
        + "".join(
            f'<th class="num">{_text(nmsg("{n} die", "{n} dice", n), lang)}</th>' for n in counts
        )
        + "</tr>"
    )
    rows = [head]
    for face in range(1, 7):
        cells = "".join(
            f'<td class="num">{_points(kinds.get((face, count)), lang)}</td>' for count in counts
        )
        rows.append(
            f'<tr><th class="num">{die_svg(face)}</th>'
            f'<td class="num">{_points(singles.get(face), lang)}</td>{cells}</tr>'
        )
    grid = '<table class="scores">' + "".join(rows) + "</table>"
    named = []
    for field, dice, points in (
        ("straight", (1, 2, 3, 4, 5, 6), rules.straight),
        ("three_pairs", (2, 2, 3, 3, 6, 6), rules.three_pairs),
        ("four_and_pair", (4, 4, 4, 4, 2, 2), rules.four_and_pair),
        ("two_triplets", (3, 3, 3, 5, 5, 5), rules.two_triplets),
    ):
        if points is not None:
            named.append(
                f"<tr><th>{_text(msg(FIELD_NAMES[field]), lang)}</th><td>{dice_svg(dice)}</td>"
                f'<td class="num">{_points(points, lang)}</td></tr>'
            )
    chances = "".join(
        f'<td class="num">{escape(format_percent(float(farkle_chance(n, rules)), lang))}</td>'
        for n in range(1, 7)
    )
    chance_table = (
        f'<table class="scores"><tr><th>{_text(msg("Dice"), lang)}</th>'
        + "".join(f'<th class="num">{n}</th>' for n in range(1, 7))
        + f"</tr><tr><th>{_text(msg('Farkle chance'), lang)}</th>{chances}</tr></table>"
    )
    return (
        f'<div class="side"><div>{grid}</div><div><table class="scores">{"".join(named)}</table>'
        f'<div class="note">{chance_table}</div></div></div>'
    )


def farkle_sheet(lang: str = "en", players: object = DEFAULT_PLAYERS) -> str:
    """A Farkle score sheet: the standard scoring table with the farkle chances, and a row
    per turn with each player's turn points and banked total, on one A4 page."""
    count = check_players(players)
    rules = FarkleRules()
    with use_language(lang) as code:
        title = msg("The scoring table").render(code)
        rules_note = markdown_html(
            msg(
                "Combinations come from one roll. A roll with no scoring die loses the turn's "
                "points: write 0 for the turn. Target: {target}.",
                target=DEFAULT_TARGET,
            ).render(code)
        )
        heads = "".join(
            f'<th class="num">{_text(msg("Turn points"), code)}</th>'
            f'<th class="num">{_text(msg("TOTAL"), code)}</th>'
            for _ in range(count)
        )
        grid_rows = [
            f'<tr><th rowspan="2" class="turn">{_text(msg("Turn"), code)}</th>'
            f"{_player_heads(count, code, span=2)}</tr>",
            f"<tr>{heads}</tr>",
            *(
                f'<tr><td class="turn">{n}</td>' + "<td></td><td></td>" * count + "</tr>"
                for n in range(1, DEFAULT_TURNS + 1)
            ),
        ]
        grid = '<table class="grid">\n' + "\n".join(grid_rows) + "\n</table>"
        body = (
            f"<h2>{escape(title)}</h2>\n{_scoring_table(rules, code)}\n"
            f'<div class="note">{rules_note}</div>\n{grid}\n'
            "<footer>dicelab · docs/rules/farkle.md</footer>"
        )
        return document(msg("Farkle score sheet").render(code), body, code)
