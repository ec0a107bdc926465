"""What every dashboard shares: the header with its language dropdown, notices, and the one
guarded path by which a click reaches an engine.

A dashboard keeps the engine's game (the state), the language *code*, and display-only
choices (which box is selected, which panels are open). It never keeps translated text:
:meth:`App.render` draws everything from the state in the current language, so
:meth:`App.set_language` redraws in place and loses nothing.

Every intent goes through :meth:`App.act`: an :class:`~dicelab.IllegalMove` shows its
message and changes nothing else; any other exception is logged and shown as a clean card,
never as a traceback.

Changes and redraws hold the app's :attr:`App.lock`, and so do the callbacks of the app's
scheduler: a timer firing on a worker thread never plays or draws at the same time as a
click (ipywidgets' models are not thread-safe).
"""

from __future__ import annotations

import html
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from dicelab.errors import IllegalMove, Said
from dicelab.i18n import Message, available_languages, msg, normalize_language, translate
from dicelab.numbers import show_value
from dicelab.widgets.common.style import stylesheet
from dicelab.widgets.common.timer import LockedScheduler, LoopScheduler, Scheduler
from dicelab.widgets.lang import language_options, resolve_language

__all__ = ["App", "Notice", "Shared", "card_html", "esc", "refuse"]

log = logging.getLogger("dicelab.widgets")

NoticeKind = Literal["info", "error", "warning", "success"]

UNEXPECTED = msg(
    "Something went wrong, and the app could not do that. Nothing else was changed: "
    "you can go on playing."
)


def esc(text: object) -> str:
    """Text made safe to put inside HTML.

    >>> esc("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(text))


@dataclass(frozen=True)
class Notice:
    """A message shown above the play: its kind (colour *and* a written label) and its text."""

    kind: NoticeKind
    message: Said
    banner: bool = False


_KIND_LABELS = {
    "info": msg("Note"),
    "error": msg("Not allowed"),
    "warning": msg("Careful"),
    "success": msg("Well done"),
}


def card_html(notices: Sequence[Notice], lang: str) -> str:
    """The HTML of a list of notices (a banner is large and centred)."""
    parts = []
    for notice in notices:
        text = esc(notice.message.render(lang))
        if notice.banner:
            body = f'<div class="dl-banner">{text}</div>'
        else:
            label = f"<strong>{esc(_KIND_LABELS[notice.kind].render(lang))}</strong>"
            body = esc(translate("{label}: {text}", lang, label="\0", text="\1"))
            body = body.replace("\0", label).replace("\1", text)
        role = "alert" if notice.kind in ("error", "warning") else "status"
        parts.append(f'<div class="dl-card dl-card-{notice.kind}" role="{role}">{body}</div>')
    return "".join(parts)


class Shared:
    """One ``Layout``, one ``HTMLStyle`` and one ``ButtonStyle`` for all the widgets of an app
    that never change theirs. Every widget otherwise makes a layout and a style of its own,
    each a widget model that the browser must receive and draw before the app is usable.

    Only for widgets whose layout is never set (a ``layout.display`` toggled on a shared
    layout would hide them all): give those a layout of their own.
    """

    def __init__(self) -> None:
        self.layout = widgets.Layout()
        self.html_style = HTMLStyle()
        self.button_style = widgets.ButtonStyle()

    def html(self, *classes: str) -> widgets.HTML:
        """An ``HTML`` widget with these CSS classes."""
        return widgets.HTML(layout=self.layout, style=self.html_style, _dom_classes=classes)

    def button(self, *classes: str, **traits: object) -> widgets.Button:
        """A ``Button`` with these CSS classes (and traits: ``icon``, ``button_style``...)."""
        return widgets.Button(
            layout=self.layout, style=self.button_style, _dom_classes=classes, **traits
        )

    def box(
        self, kind: type[widgets.Box], children: Sequence[widgets.Widget] = (), *classes: str
    ) -> widgets.Box:
        """A ``Box``/``HBox``/``VBox`` of ``children`` with these CSS classes."""
        return kind(list(children), layout=self.layout, _dom_classes=classes)


class App(widgets.VBox):
    """Base of every dashboard: a header (title, language), notices, a body drawn by
    :meth:`_render`."""

    title = msg("dicelab")
    css_class = "dl-app"
    extra_css = ""
    """CSS of this app only, added to the shared stylesheet."""

    @classmethod
    def prepare(cls) -> None:
        """Do the work this app's first build needs whatever the page asks for (imports,
        caches), before there is a page: a preheated Voilà kernel calls it while it waits in
        its pool (:func:`~dicelab.widgets.launcher.launch`). Nothing by default."""

    def draw_ahead(self) -> None:
        """Draw now what this app draws just after it is built (a first plot): a preheated
        Voilà kernel calls it on the app it built before its page asked, since the kernel's
        loop, where that drawing is scheduled, runs only once the page has asked. Nothing by
        default."""

    def __init__(
        self,
        lang: str | None = None,
        scheduler: Scheduler | None = None,
        animate: bool = True,
    ) -> None:
        if lang is not None and not isinstance(lang, str):
            raise IllegalMove(_not_a_language(lang))
        super().__init__()
        self._lock = threading.RLock()
        self._lang = resolve_language(lang)
        self._scheduler: Scheduler = LockedScheduler(scheduler or LoopScheduler(), self._lock)
        self._animate = animate
        self._notices: list[Notice] = []
        self._shared = Shared()
        self._style = widgets.HTML(f"<style>{stylesheet()}{self.extra_css}</style>")
        self._style.layout.height = "0px"
        self._style.layout.overflow = "hidden"
        self._title = self._shared.html("dl-title")
        self._language = widgets.Dropdown(
            options=language_options(), value=self._lang, layout=widgets.Layout(width="220px")
        )
        self._language.add_class("dl-lang")
        self._language.observe(self._language_picked, "value")
        self._notice_area = self._shared.html("dl-notice", "dl-live")  # read out (aria-live)
        header = widgets.HBox(
            [self._title, self._language],
            layout=widgets.Layout(justify_content="space-between", align_items="center"),
        )
        self._body = self._shared.box(widgets.VBox)
        self.children = [self._style, header, self._notice_area, self._body]
        self.add_class("dl-app")
        self.add_class(self.css_class)

    @property
    def lock(self) -> threading.RLock:
        """The lock held by every change and every redraw of this app (re-entrant)."""
        return self._lock

    # -- language -------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        """The language the app is drawn in (a code such as ``"en"``)."""
        return self._lang

    def set_language(self, lang: str) -> bool:
        """Redraw the whole app in ``lang``; the game and every choice are kept.

        True if the app is now drawn in ``lang``; a language without a catalogue keeps
        the current one with a note, anything but a language code is refused with the
        codes there are (False, nothing changed).
        """
        with self._lock:
            if not isinstance(lang, str):
                return self.act(refuse(_not_a_language(lang)))
            code = normalize_language(lang)
            known = code in available_languages()
            if not known:
                self._notices = [Notice("info", msg("No translation for {code} yet.", code=lang))]
                code = self._lang
            self._lang = code
            if self._language.value != code:
                self._language.value = code  # calls back here, harmlessly
            self.render()
            return known

    def _language_picked(self, change: dict) -> None:
        if change["new"] != self._lang:
            self.set_language(change["new"])

    # -- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        """Draw everything from the state in the current language."""
        with self._lock:
            try:
                self._mark_language()
                self._title.value = f"<span>{esc(self.title.render(self._lang))}</span>"
                self._language.description = translate("Language", self._lang)
                self._render(self._lang)
            except Exception:
                log.exception("dicelab: drawing %s failed", type(self).__name__)
                self._notices = [Notice("error", UNEXPECTED)]
            self._render_notices()

    def _mark_language(self) -> None:
        """Say which language the app is drawn in: the class ``dl-lang-xx``, which the page
        turns into ``lang="xx"`` (a screen reader reads the app in its language's voice,
        also after the language dropdown changed it)."""
        mark = f"dl-lang-{self._lang}"
        for name in self._dom_classes:
            if name.startswith("dl-lang-") and name != mark:
                self.remove_class(name)
        if mark not in self._dom_classes:
            self.add_class(mark)

    def _render(self, lang: str) -> None:
        """Draw the body (subclasses)."""

    def _render_notices(self) -> None:
        self._notice_area.value = card_html(self._notices, self._lang)

    def notify(self, *notices: Notice) -> None:
        """Replace the notices shown above the play."""
        with self._lock:
            self._notices = list(notices)
            self._render_notices()

    @property
    def notices(self) -> list[str]:
        """The notices shown now, as text in the app's language (for tests and lessons)."""
        return [notice.message.render(self._lang) for notice in self._notices]

    # -- the one path from a click to an engine ------------------------------------------
    def act(self, action: Callable[[], object], keep_notices: bool = False) -> bool:
        """Run an intent; redraw on success. Returns False (nothing changed) if refused.

        An :class:`~dicelab.IllegalMove` shows its own message; any other exception is
        logged and shown as a clean card. The whole of it holds the app's :attr:`lock`.
        """
        with self._lock:
            try:
                if not keep_notices:
                    self._notices = []
                action()
            except IllegalMove as error:
                self._notices = [Notice("error", error.message)]
                self.render()  # the same state draws the same widgets: an edit in vain reverts
                return False
            except Exception:
                log.exception("dicelab: an action of %s failed", type(self).__name__)
                self._notices = [Notice("error", UNEXPECTED)]
                self.render()
                return False
            self.render()
            return True

    def _later(self, delay: float, callback: Callable[[], None]) -> None:
        """Schedule ``callback`` on the app's scheduler, with the same error guard."""

        def guarded() -> None:
            self.act(callback, keep_notices=True)

        self._scheduler.call_later(delay, guarded)


def refuse(message: Said) -> Callable[[], None]:
    """An action for :meth:`App.act` that is refused with ``message`` (nothing changes)."""

    def go() -> None:
        raise IllegalMove(message)

    return go


def _not_a_language(value: object) -> Message:
    return msg(
        "A language is given by its code, one of {codes}; not {value}.",
        codes=", ".join(available_languages()),
        value=show_value(value),
    )
