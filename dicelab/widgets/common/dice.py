"""A row of dice drawn as faces, each a real button (mouse, Tab + Enter/Space, screen readers).

A die's state is written in its text, not only in its colour: the button reads "4, held"
(Penta) or "4, set aside" (Farkle), and its tooltip says what pressing it does. Once the dice
of a roll have landed, a line read by screen readers only (``dl-sr-only``, ``dl-live``) says
them all: a learner who cannot see them hears "Dice: 3; 3; 4; 6; 4". Given the app's
:class:`~dicelab.widgets.common.base.Shared` (its button style, layout and HTML style), the row
costs the page one widget model for those words and none for the dice's style.

>>> row = DiceRow(3)
>>> row.show([DieView(4, "held"), DieView(2), DieView(None)], lang="en")
>>> [b.description for b in row.buttons]
['4, held', '2', 'not rolled']
>>> "dl-held" in row.buttons[0]._dom_classes
True
>>> row.said.value
''
>>> row.show([DieView(4, "held"), DieView(2), DieView(6)], lang="en")
>>> row.said.value
'Dice: 4, held; 2; 6'
>>> import numpy as np
>>> dice_text((1, 5, 5)), die_position(np.int64(2), 5)
('1 5 5', 2)
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import ipywidgets as widgets

from dicelab.errors import IllegalMove
from dicelab.i18n import Message, msg, translate
from dicelab.numbers import is_whole, show_value
from dicelab.widgets.common.base import Shared
from dicelab.widgets.common.timer import Scheduler

__all__ = ["DiceRow", "DieView", "dice_text", "die_position"]

DieState = Literal["free", "held", "aside", "chosen"]

_STATE_CLASSES = ("dl-held", "dl-aside", "dl-blank")
_FACE_CLASSES = tuple(f"dl-face-{face}" for face in range(7))


def dice_text(dice: Iterable[int]) -> str:
    """Dice written for a message: faces separated by spaces."""
    return " ".join(str(int(face)) for face in dice)


def die_position(value: object, count: int) -> int:
    """A die's position pressed from Python: a whole number (NumPy ints and 0-d arrays too)
    from 0 to ``count - 1``; anything else is refused with the allowed range."""
    if is_whole(value) and 0 <= int(value) < count:
        return int(value)
    raise IllegalMove(
        msg(
            "A die's position is a whole number from 0 to {last}, not {value}.",
            last=count - 1,
            value=show_value(value),
        )
    )


@dataclass(frozen=True)
class DieView:
    """What one die looks like: its face (None: not rolled), its state, whether it can be pressed.

    ``state`` is ``free``, ``held`` (Penta: kept for the next roll), ``chosen`` (Farkle: picked
    to set aside from this roll) or ``aside`` (Farkle: set aside earlier in the turn).
    ``hint`` is the tooltip (a message id or :class:`~dicelab.i18n.Message`).
    """

    face: int | None
    state: DieState = "free"
    enabled: bool = True
    hint: Message | str | None = None


def _describe(view: DieView, lang: str) -> str:
    if view.face is None:
        return translate("not rolled", lang)
    if view.state == "held":
        return translate("{face}, held", lang, face=view.face)
    if view.state == "chosen":
        return translate("{face}, chosen", lang, face=view.face)
    if view.state == "aside":
        return translate("{face}, set aside", lang, face=view.face)
    return str(view.face)


def _hint(view: DieView, lang: str) -> str:
    if view.hint is None:
        return _describe(view, lang)
    if isinstance(view.hint, Message):
        return view.hint.render(lang)
    return translate(view.hint, lang)


class DiceRow(widgets.HBox):
    """Up to ``n`` die buttons; pressing die ``i`` calls ``on_press(i)``.

    :meth:`show` draws a list of :class:`DieView`; :meth:`animate` plays a short roll
    (a few frames on the kernel's loop, never blocking) and then draws the last view shown.
    """

    children: Sequence[widgets.Widget]  # a traitlet of HBox, declared for the type checker

    def __init__(
        self, n: int, on_press: Callable[[int], object] | None = None, shared: Shared | None = None
    ) -> None:
        self._layout = widgets.Layout(width="74px", height="96px")  # shared: fewer models
        self._style = shared.button_style if shared is not None else widgets.ButtonStyle()
        self.buttons = [self._make_button(i) for i in range(n)]
        classes = ("dl-sr-only", "dl-live", "dl-dice-said")
        self.said = (shared or Shared()).html(*classes)
        """The dice just rolled, in words, read out by screen readers only (they land)."""
        super().__init__([*self.buttons, self.said])
        self.add_class("dl-dice")
        self._on_press = on_press
        self._views: list[DieView] = [DieView(None, enabled=False)] * n
        self._lang = "en"
        self._animation = 0
        self._tumbling: frozenset[int] = frozenset()

    def _make_button(self, index: int) -> widgets.Button:
        button = widgets.Button(
            layout=self._layout, style=self._style, _dom_classes=("dl-die", f"dl-die-{index}")
        )
        button.on_click(lambda _button, i=index: self._pressed(i))
        return button

    def _pressed(self, index: int) -> None:
        if self._on_press is not None:
            self._on_press(index)

    def show(self, views: Sequence[DieView], lang: str) -> None:
        """Draw every die as ``views`` says; dice still tumbling take theirs when they land."""
        self._views = list(views)
        self._lang = lang
        shown = [*self.buttons[: len(self._views)], self.said]
        if list(self.children) != shown:
            self.children = shown  # fewer dice in play: the others are not shown
        self._draw(self._views, lang, busy=bool(self._tumbling), skip=self._tumbling)
        if self._tumbling:
            self._say((), lang)  # rolling: said once they land

    def _draw(
        self,
        views: Sequence[DieView],
        lang: str,
        busy: bool = False,
        tumbling: Collection[int] = (),
        skip: Collection[int] = (),
    ) -> None:
        """Draw ``views``; dice ``tumbling`` show a random face but read "rolling" as text;
        dice in ``skip`` are left as they are."""
        for index, (button, view) in enumerate(zip(self.buttons, views, strict=False)):
            if index in skip:
                continue
            face_class = f"dl-face-{view.face or 0}"
            state_class = {"held": "dl-held", "chosen": "dl-held", "aside": "dl-aside"}.get(
                view.state, "dl-blank" if view.face is None else ""
            )
            classes = [c for c in button._dom_classes if c not in _STATE_CLASSES + _FACE_CLASSES]
            classes += [face_class] + ([state_class] if state_class else [])
            with button.hold_sync():  # one message per die
                if list(button._dom_classes) != classes:
                    button._dom_classes = tuple(classes)
                rolling = index in tumbling
                button.description = (
                    translate("rolling…", lang) if rolling else _describe(view, lang)
                )
                button.tooltip = "" if rolling else _hint(view, lang)
                button.disabled = busy or not view.enabled or view.face is None
        if not busy and not tumbling:
            self._say(views, lang)

    def _say(self, views: Sequence[DieView], lang: str) -> None:
        """Put the dice in :attr:`said`, in words and with their states, once every die
        shows a face ("" before a roll and while the dice tumble): what the row shows, so that
        an undo gives back the same words; a change is read out (a roll that landed, a die
        held or set aside)."""
        words = ""
        if views and all(view.face is not None for view in views):
            dice = "; ".join(_describe(view, lang) for view in views)
            words = html.escape(translate("Dice: {dice}", lang, dice=dice))
        if self.said.value != words:
            self.said.value = words

    def animate(
        self, rolling: Sequence[int], scheduler: Scheduler, frames: int = 4, interval: float = 0.07
    ) -> None:
        """Tumble the dice at positions ``rolling`` for a few frames, then draw the last view.

        The first frame is drawn at once, so an app that starts the tumble before it draws
        the new state never shows the new faces before the dice have rolled.
        """
        self._animation += 1
        token = self._animation
        self._tumbling = frozenset(rolling)
        shaker = random.Random()

        def frame(k: int) -> None:
            if token != self._animation:
                return
            if k >= frames:
                self._tumbling = frozenset()
                self._draw(self._views, self._lang)
                return
            views = [
                DieView(shaker.randint(1, 6), "free") if i in rolling else view
                for i, view in enumerate(self._views)
            ]
            self._draw(views, self._lang, busy=True, tumbling=rolling)
            scheduler.call_later(interval, lambda: frame(k + 1))

        frame(0)
