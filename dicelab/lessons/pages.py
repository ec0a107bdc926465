"""The start page, the page's language, and a display helper for notebooks.

Voilà hands a page's query string to the kernel as ``QUERY_STRING``, so a notebook opened at
``.../penta_rules.ipynb?lang=ca`` can draw its cards in Catalan:

>>> page_language(environ={"QUERY_STRING": "lang=en"})
'en'
>>> page_language(environ={"QUERY_STRING": "", "LANG": "C"})
'en'

Nothing here imports IPython or ipywidgets until a notebook asks for a display object.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from dicelab.i18n import (
    Message,
    available_languages,
    language_from_environment,
    msg,
    normalize_language,
    set_language,
    use_language,
)
from dicelab.page_request import wait_for_page

__all__ = [
    "APPS",
    "LESSONS",
    "Page",
    "PageLink",
    "page_language",
    "query_language",
    "show",
    "start_page",
    "use_page_language",
]


@dataclass(frozen=True)
class Page:
    """A notebook of the ``notebooks/`` folder: its file name, title and what it is for."""

    notebook: str
    title: Message
    description: Message


APPS = (
    Page(
        "penta_play.ipynb",
        msg("Play Penta"),
        msg("Roll, hold and score a game of Penta, alone, with friends or against the computer."),
    ),
    Page(
        "penta_scoring.ipynb",
        msg("Penta scoring inspector"),
        msg("Put any dice on any scorecard and see what every box would score, and why."),
    ),
    Page(
        "farkle_play.ipynb",
        msg("Play Farkle"),
        msg("Roll, set aside and bank: 1 to 6 players and the computer on one device."),
    ),
    Page(
        "farkle_risk.ipynb",
        msg("Farkle risk explorer"),
        msg("How likely is a farkle, and when is it best to stop? Exact chances and strategies."),
    ),
    Page(
        "house_rules.ipynb",
        msg("Penta house rules"),
        msg(
            "Change a rule of Penta (full house at 30, the bonus from 60...) and see what the "
            "best player scores then, which boxes gain, and how the best choice changes."
        ),
    ),
    Page(
        "penta_review.ipynb",
        msg("Penta game review"),
        msg(
            "Paste a saved game or its notation log, or pick an example: every decision beside "
            "the best one, a plot of the game, and a report to hand in."
        ),
    ),
    Page(
        "farkle_review.ipynb",
        msg("Farkle game review"),
        msg(
            "Paste a saved game, or pick an example: every decision beside the best one, the "
            "chance to win along the game, and a report to hand in."
        ),
    ),
    Page(
        "printouts.ipynb",
        msg("Printouts"),
        msg(
            "The rules of each game, a Penta scorecard and a Farkle score sheet, to print on A4 "
            "in any of the languages."
        ),
    ),
    Page(
        "teacher.ipynb",
        msg("Teacher's dashboard"),
        msg(
            "For the teacher: paste the class's result codes and see every learner's score "
            "beside optimal play, and the situation where the class lost the most."
        ),
    ),
)
"""The Voilà apps, in the order the start page lists them."""

LESSONS = (
    Page(
        "penta_rules.ipynb",
        msg("The rules of Penta"),
        msg(
            "Every rule, step by step, with live examples and questions to predict, then check. "
            "About {minutes} minutes.",
            minutes=20,
        ),
    ),
    Page(
        "farkle_rules.ipynb",
        msg("The rules of Farkle"),
        msg(
            "Every rule, step by step, with live examples and questions to predict, then check. "
            "About {minutes} minutes.",
            minutes=20,
        ),
    ),
    Page(
        "farkle_chances.ipynb",
        msg("Counting chances, and when to stop"),
        msg(
            "Farkle's chances counted exactly, with dice you can see: what a roll is worth, when "
            "one more roll pays, why one die banks later than two, and why a 1 is never due. "
            "About {minutes} minutes.",
            minutes=30,
        ),
    ),
    Page(
        "penta_thinking.ipynb",
        msg("How the best player thinks"),
        msg(
            "What a keep is worth, dynamic programming on a small game you solve yourself, the "
            "1, 1, 6, 6, 6 dilemma, the scores of the best player, and best average against "
            "best chance to win. About {minutes} minutes; after the rules of Penta.",
            minutes=30,
        ),
    ),
    Page(
        "winning_vs_scoring.ipynb",
        msg("Risk, variance and winning"),
        msg(
            "Farkle: the same average with a different spread, the chance of a big turn, when "
            "playing to win means taking more or less risk, the first player's advantage, and "
            "your own strategy against the computer. About {minutes} minutes.",
            minutes=25,
        ),
    ),
)
"""The lessons: the rules notebooks, then the lessons on the mathematics."""


GUIDE_NOTEBOOK_LINK = "../docs/teaching.md"
"""The teacher's guide from a notebook in JupyterLab (a source checkout): the Markdown file."""


def guide_link(voila: bool | None = None) -> str:
    """Where the start page's "teacher's guide" points: under Voilà, the HTML copy served
    with the app's template (:mod:`dicelab.lessons.guide_page`), so that it opens offline; in
    JupyterLab, ``docs/teaching.md`` beside the notebooks. Never a web address. ``voila``:
    whether the page is a Voilà page (default: whether this kernel runs under Voilà).

    >>> guide_link().startswith("http")
    False
    """
    from dicelab.lessons.cards import in_voila
    from dicelab.lessons.guide_page import GUIDE_PAGE_URL

    return GUIDE_PAGE_URL if (in_voila() if voila is None else voila) else GUIDE_NOTEBOOK_LINK


CLASS_EXAMPLE = "penta_play.ipynb?class=1&seed=42"
"""The class-mode link the start page shows (every learner with it faces the same dice)."""


TEMPLATE = "my_lesson.ipynb"
"""The teacher's worked lesson template (docs/teaching.md says how to copy and change it)."""


def for_teachers(query: str, lang: str, voila: bool | None = None) -> str:
    """The start page's short guide for teachers (Markdown, in ``lang``): the three lesson
    plans, class mode and the printouts, with links (``query`` is ``?lang=xx`` or empty).

    >>> text = for_teachers("", "en")
    >>> "(printouts.ipynb)" in text and "(penta_play.ipynb?class=1&seed=42)" in text
    True
    >>> "(my_lesson.ipynb)" in text
    True
    """
    class_link = CLASS_EXAMPLE + query.replace("?", "&")
    lines = [
        msg(
            "**Three lessons of 45 to 50 minutes**: the rules and first chances, expected value "
            "and when to stop, strategy and review. The [teacher's guide]({guide}) gives their "
            "timings, questions for discussion and the answers to every exercise.",
            guide=guide_link(voila),
        ),
        msg(
            "**Class mode**: give the whole class one link, such as [{app}, seed 42]({link}). "
            "Everyone faces the same dice, so the class can compare decisions afterwards.",
            app=msg("Play Penta"),
            link=class_link,
        ),
        msg(
            "**Without devices**: [{printouts}]({link}) gives the rules, a Penta scorecard and a "
            "Farkle score sheet to print.",
            printouts=msg("Printouts"),
            link=f"printouts.ipynb{query}",
        ),
        msg(
            "**Your own lesson**: [{template}]({link}) is a short lesson to copy and change: "
            "your words, your questions, the engine's answers.",
            template=msg("A lesson template"),
            link=f"{TEMPLATE}{query}",
        ),
    ]
    return "\n".join(f"- {line.render(lang)}" for line in lines)


def query_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The shipped language named by ``lang=`` in ``$QUERY_STRING``, else ``None``.

    >>> query_language({"QUERY_STRING": "lang=en&x=1"}), query_language({"QUERY_STRING": "x=1"})
    ('en', None)
    """
    environ = os.environ if environ is None else environ
    for value in parse_qs(environ.get("QUERY_STRING", "").lstrip("?")).get("lang", []):
        code = normalize_language(value) if value else ""
        if code in available_languages():
            return code
    return None


def page_language(environ: Mapping[str, str] | None = None) -> str:
    """The language to draw a page in: ``?lang=`` (under Voilà), else the environment's
    (``LANGUAGE``, ``LC_ALL``, ``LANG``), else English.

    A notebook's first cell sets it with ``set_language(page_language())``.
    """
    environ = os.environ if environ is None else environ
    return query_language(environ) or language_from_environment(environ)


def use_page_language(environ: Mapping[str, str] | None = None) -> None:
    """Draw everything that follows in the page's language (:func:`page_language`).

    The first cell of a lesson calls it, after its imports; it returns nothing, so the page
    shows nothing. In a kernel from Voilà's preheated pool, which runs the notebook before
    any learner opens the page, it first waits for the page's request (and its ``?lang=``):
    the imports are done ahead, the rest is drawn in the page's language.
    """
    if environ is None:
        wait_for_page()
    set_language(page_language(environ))


class PageLink(Message):
    """A relative link to another notebook that keeps the page's ``?lang=`` (a message
    parameter, nothing to translate).

    >>> PageLink("farkle_rules.ipynb").render("en")
    'farkle_rules.ipynb'
    """

    def __init__(self, notebook: str) -> None:
        super().__init__("{notebook}", {"notebook": notebook})

    def render(self, lang: str | None = None) -> str:
        code = query_language()
        return self.params["notebook"] + (f"?lang={code}" if code else "")


def _autonym(code: str) -> str:
    try:
        from babel import Locale

        name = Locale.parse(code).get_display_name(code)
    except Exception:
        return code
    return code if name is None else name.capitalize()


def _link(page: Page, query: str, lang: str) -> str:
    """One line of the start page's lists: the page's title as a link, then what it is for
    (the colon as the language writes it: French puts a no-break space before it).

    >>> _link(APPS[0], "?lang=fr", "fr").split("]")[1][:25]
    '(penta_play.ipynb?lang=fr'
    >>> "\u00a0: " in _link(APPS[0], "", "fr")
    True
    """
    link = f"[{page.title.render(lang)}]({page.notebook}{query})"
    line = msg("{link}: {description}", link=_Verbatim(link), description=page.description)
    return "- " + line.render(lang)


class _Verbatim(Message):
    """Text put into a message as it is (a Markdown link, already in its language)."""

    def __init__(self, text: str) -> None:
        super().__init__("{text}", {"text": text})

    def render(self, lang: str | None = None) -> str:
        return str(self.params["text"])


@dataclass(frozen=True)
class StartPage:
    """What ``00_start_here.ipynb`` shows: what is here and a link to every app and lesson.

    Links are relative (``penta_play.ipynb``) so that they work in Voilà's pages and in
    JupyterLab; when the page was opened with ``?lang=xx``, every link keeps it.
    """

    lang_in_url: str | None = None
    voila: bool | None = None
    """Whether the page is a Voilà page (its teacher's guide link then opens the copy served
    with the template); by default, whether this kernel's server is Voilà."""

    def render(self, lang: str | None = None) -> str:
        """The page in ``lang``; by default in the language of its URL, else the current one."""
        with use_language(lang or self.lang_in_url) as code:
            query = f"?lang={self.lang_in_url}" if self.lang_in_url else ""
            parts = [
                msg(
                    "dicelab teaches probability with two dice games, Penta (five dice, a "
                    "scorecard of thirteen boxes) and Farkle (six dice, push your luck). Every "
                    "number you see is computed by an exact engine: the apps never guess."
                ).render(code),
                f"## {msg('Apps').render(code)}",
                "\n".join(_link(page, query, code) for page in APPS),
                f"## {msg('Lessons, in the suggested order').render(code)}",
                "\n".join(
                    f"{number}. {_link(page, query, code)[2:]}"
                    for number, page in enumerate(LESSONS, start=1)
                ),
                f"## {msg('For teachers').render(code)}",
                for_teachers(query, code, self.voila),
            ]
            languages = available_languages()
            if len(languages) > 1:
                links = " · ".join(
                    f"[{_autonym(other)}](00_start_here.ipynb?lang={other})" for other in languages
                )
                parts.append(f"{msg('Languages:').render(code)} {links}")
            return "\n\n".join(parts)

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return self.render()


def start_page(environ: Mapping[str, str] | None = None) -> StartPage:
    """The start page, in the page's language (see :func:`page_language`).

    >>> text = start_page(environ={"QUERY_STRING": "lang=en"}).render("en")
    >>> "[Play Penta](penta_play.ipynb?lang=en)" in text
    True
    """
    return StartPage(query_language(environ))


def show(item: Any, lang: str | None = None) -> Any:
    """An IPython ``Markdown`` display of a card, example, exercise, feedback or page, in
    ``lang`` (default: the current language). IPython is imported only here."""
    from IPython.display import Markdown

    return Markdown(item.render(lang))
