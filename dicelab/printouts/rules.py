"""The rules of a game as a printout: the rules notebook's cards, in their order.

The cards are the lessons' own (:func:`dicelab.lessons.penta_rules`,
:func:`dicelab.lessons.farkle_rules`): the same titles and texts, in the same language, with
each card's question to think about below it. Nothing is written twice.

>>> page = rules_printout("farkle", "fr")
>>> "<h1>Les règles du Farkle</h1>" in page and page.count('class="card"') == 10
True
"""

from __future__ import annotations

from dicelab.i18n import msg, use_language
from dicelab.lessons import farkle_rules, penta_rules
from dicelab.lessons.cards import Rule, RuleBook
from dicelab.printouts.html import document, escape, markdown_html

__all__ = ["GAMES", "rule_book", "rules_printout"]

GAMES = ("penta", "farkle")
"""The games with a rules printout."""


def rule_book(game: str) -> RuleBook:
    """The rule book of ``game`` (``penta`` or ``farkle``)."""
    books = {"penta": penta_rules, "farkle": farkle_rules}
    return books[game]()


def card_html(rule: Rule, lang: str) -> str:
    """One card: its numbered title, its text, and its question to think about."""
    title = f"<h2>{rule.number}. {escape(rule.title.render(lang))}</h2>"
    text = "".join(markdown_html(part.render(lang)) for part in rule.text)
    head = msg("Predict, then check").render(lang)
    question = markdown_html(f"**{head}** {rule.exercise.prompt.render(lang)}")
    return f'<section class="card">{title}{text}<div class="question">{question}</div></section>'


def rules_printout(game: str, lang: str) -> str:
    """The printout of ``game``'s rules in ``lang``: every card, two columns on A4."""
    book = rule_book(game)
    with use_language(lang) as code:
        cards = "\n".join(card_html(rule, code) for rule in book)
        footer = f"<footer>dicelab · docs/rules/{game}.md</footer>"
        body = f'<main class="cards">\n{cards}\n</main>\n{footer}'
        return document(book.title.render(code), body, code)
