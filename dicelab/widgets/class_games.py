"""The teacher's class games on the hub: set one up, hand out its link, watch the class play
(``docs/classroom.md``, "The class service").

Part of the teacher's dashboard when the teacher's server has a class service
(:func:`dicelab.classroom.client.from_environment`): the dashboard asks it with the teacher's
token. The table of plays refreshes itself every few seconds while the page is open.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

import ipywidgets as widgets

from dicelab.classroom.client import ClassDesk
from dicelab.errors import IllegalMove, Said
from dicelab.farkle.rules import PRESETS as FARKLE_PRESETS
from dicelab.i18n import format_number, msg, translate
from dicelab.penta.rules import PRESETS as PENTA_PRESETS
from dicelab.widgets.common.base import esc
from dicelab.widgets.common.hubgame import KIND
from dicelab.widgets.common.review import data_link
from dicelab.widgets.labels import FARKLE_PRESET_LABELS, PENTA_PRESET_LABELS

__all__ = ["REFRESH", "ClassGamesPanel", "hand_out_link"]

log = logging.getLogger("dicelab.widgets")

REFRESH = 5.0
"""Seconds between two readings of the class's plays while the dashboard is open."""
PAGES = {"penta": "penta_play.ipynb", "farkle": "farkle_play.ipynb"}


def hand_out_link(game: str, number: int) -> str:
    """The link a class opens: the hub sends each learner to their own server's page.

    >>> hand_out_link("penta", 3)
    '/hub/user-redirect/voila/render/penta_play.ipynb?classgame=3'
    """
    return f"/hub/user-redirect/voila/render/{PAGES[game]}?classgame={int(number)}"


class ClassGamesPanel(widgets.VBox):
    """Set up a class game, see its link and the class's plays live, end it, export them."""

    def __init__(self, desk: ClassDesk, lang: str, live: bool = True) -> None:
        super().__init__()
        self.add_class("dl-class-games")
        self._desk, self._lang = desk, lang
        self._heading = widgets.HTML()
        self._game = widgets.Dropdown(options=_game_options(lang))
        self._game.observe(lambda _c: self._draw_rules(), "value")
        self._rules = widgets.Dropdown()
        self._computer = widgets.Checkbox(value=True, indent=False)
        self._hints = widgets.Checkbox(value=False, indent=False)
        self._title = widgets.Text()
        self._create = widgets.Button(button_style="primary", icon="plus")
        self._create.on_click(lambda _b: self.create())
        self._notice = widgets.HTML()
        self._notice.add_class("dl-live")
        self._pick = widgets.Dropdown()
        self._pick.observe(lambda _c: self.refresh(), "value")
        self._refresh = widgets.Button(icon="refresh")
        self._refresh.on_click(lambda _b: self.refresh())
        self._end = widgets.Button(icon="stop")  # plain: ipywidgets' orange fails contrast (axe)
        self._end.on_click(lambda _b: self.end())
        self._table = widgets.HTML()
        self._table.add_class("dl-class-games-table")
        for control in (self._game, self._rules, self._title, self._pick):
            control.style = {"description_width": "initial"}
        self._game.layout.width = "12em"
        self._rules.layout.width = "26em"  # the longest preset's label, whole
        self._pick.layout.width = "28em"
        form = widgets.VBox(
            [
                widgets.HBox([self._game, self._rules, self._title]),
                widgets.HBox([self._computer, self._hints]),
            ]
        )
        self.children = [
            self._heading,
            form,
            self._create,
            self._notice,
            widgets.HBox([self._pick, self._refresh, self._end]),
            self._table,
        ]
        self._lock = threading.RLock()
        self._words()
        self._draw_rules()
        self._list_games()
        self.refresh()
        if live:
            threading.Thread(target=self._keep_fresh, daemon=True).start()

    # -- intents ----------------------------------------------------------------------------
    def create(self) -> int | None:
        """Set a class game up with the form's settings; its number (None: refused, said)."""
        settings = {
            "game": self._game.value,
            "rules": self._rules.value,
            "computer": self._computer.value,
            "hints": self._hints.value,
            "title": self._title.value.strip(),
        }
        try:
            number = self._desk.create(settings)
        except IllegalMove as error:
            self._say(error.message, "error")
            return None
        link = hand_out_link(str(settings["game"]), number)
        self._say(
            msg(
                "Class game {n} is set up. Give your class this link (after your hub's "
                "address): {link}",
                n=number,
                link=link,
            ),
            "info",
            link,
        )
        self._list_games(number)
        return number

    def end(self) -> bool:
        """End the class game shown: no move is taken any more; the plays stay."""
        number = self._pick.value
        if number is None:
            return False
        try:
            self._desk.close(number)
        except IllegalMove as error:
            self._say(error.message, "error")
            return False
        self._say(msg("Class game {n} is ended: its plays are kept.", n=number), "info")
        self._list_games(number)
        return True

    def refresh(self) -> None:
        """Read the plays of the class game shown and draw the table."""
        with self._lock:
            number = self._pick.value
            if number is None:
                self._table.value = ""
                return
            try:
                results = self._desk.results(number)
                csv_text = self._desk.results_csv(number)
            except IllegalMove as error:
                self._table.value = _card(error.message.render(self._lang), "error")
                return
            self._table.value = _table_html(results, csv_text, self._lang)

    def set_language(self, lang: str) -> None:
        """Draw the panel in ``lang``."""
        if lang == self._lang:
            return
        self._lang = lang
        self._words()
        game = self._game.value
        self._game.options = _game_options(lang)
        self._game.value = game
        rules = self._rules.value
        self._draw_rules()
        self._rules.value = rules
        self._list_games(self._pick.value)
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------
    def _words(self) -> None:
        lang = self._lang
        self._heading.value = f"<h2>{esc(translate('Class games on this hub', lang))}</h2>"
        self._game.description = translate("Game", lang)
        self._rules.description = translate("Rules", lang)
        self._computer.description = translate("Against the computer", lang)
        self._hints.description = translate("Hints during the game", lang)
        self._title.description = translate("Title", lang)
        self._title.placeholder = translate("e.g. Monday, group B", lang)
        self._create.description = translate("Set up a class game", lang)
        self._pick.description = translate("Class game", lang)
        self._refresh.description = translate("Refresh", lang)
        self._end.description = translate("End this class game", lang)

    def _draw_rules(self) -> None:
        lang = self._lang
        if self._game.value == "penta":
            options = [(translate(PENTA_PRESET_LABELS[n], lang), n) for n in PENTA_PRESETS]
        else:
            options = [(translate(FARKLE_PRESET_LABELS[n], lang), n) for n in FARKLE_PRESETS]
        self._rules.options = options
        self._rules.value = options[0][1]

    def _list_games(self, chosen: int | None = None) -> None:
        try:
            games = self._desk.games()
        except IllegalMove as error:
            self._say(error.message, "error")
            return
        lang = self._lang
        options = [(_game_label(game, lang), game["number"]) for game in games]
        self._pick.options = options
        if options:
            self._pick.value = chosen if chosen is not None else options[0][1]
        self._pick.layout.display = None if options else "none"
        self._end.layout.display = None if options else "none"
        self._refresh.layout.display = None if options else "none"

    def _say(self, words: Said, kind: str, link: str | None = None) -> None:
        text = esc(words.render(self._lang))
        if link is not None:
            text = text.replace(esc(link), f'<a href="{esc(link)}" target="_blank">{esc(link)}</a>')
        self._notice.value = _card(text, kind, escaped=True)

    def _keep_fresh(self) -> None:
        stop = threading.Event()
        while not stop.wait(REFRESH):
            if self.comm is None:  # the page closed its widgets
                return
            try:
                self.refresh()
            except Exception:
                log.exception("dicelab: the class games' table could not be refreshed")


def _game_options(lang: str) -> list[tuple[str, str]]:
    """The games a class game may be, named in ``lang`` (Bulgarian writes Фаркъл)."""
    return [(name.render(lang), game) for game, name in KIND.items()]


def _card(text: str, kind: str, escaped: bool = False) -> str:
    body = text if escaped else esc(text)
    return f'<div class="dl-card dl-card-{kind}" role="status">{body}</div>'


def _game_label(game: dict[str, Any], lang: str) -> str:
    name = KIND[game["game"]].render(lang)
    label = translate("{n}: {game}", lang, n=game["number"], game=name)
    if game.get("title"):
        label += f" · {game['title']}"
    if not game.get("open", True):
        label += " · " + translate("ended", lang)
    return label


def _table_html(results: dict[str, Any], csv_text: str, lang: str) -> str:
    """The plays of a class game as a table, with the optimal score and the exports."""
    game, plays = results["game"], results["plays"]
    parts = []
    optimal = results.get("optimal")
    if optimal is not None:
        parts.append(
            "<p>"
            + esc(
                translate(
                    "On this class game's dice, dicelab's optimal player alone scores {points}.",
                    lang,
                    points=format_number(optimal, lang),
                )
            )
            + "</p>"
        )
    if not plays:
        parts.append(
            "<p>" + esc(translate("No learner has rolled yet in this class game.", lang)) + "</p>"
        )
        return "".join(parts)
    heads = [
        translate("Learner", lang),
        translate("Score", lang),
        translate("Computer", lang),
        translate("Round", lang),
        translate("Moves", lang),
        translate("Finished", lang),
    ]
    rows = []
    for play in plays:
        cells = [
            esc(play["learner"]),
            format_number(play["score"], lang),
            "—" if play["computer"] is None else format_number(play["computer"], lang),
            "—" if play["round"] is None else format_number(play["round"], lang),
            format_number(play["moves"], lang),
            esc(translate("yes", lang) if play["over"] else translate("not yet", lang)),
        ]
        rows.append(
            f'<tr><th scope="row">{cells[0]}</th>'
            + "".join(f"<td>{c}</td>" for c in cells[1:])
            + "</tr>"
        )
    caption = translate("The class's plays, updated every few seconds", lang)
    parts.append(
        f'<table class="dl-table"><caption>{esc(caption)}</caption><thead><tr>'
        + "".join(f'<th scope="col">{esc(h)}</th>' for h in heads)
        + "</tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    number = game["number"]
    parts.append(
        "<p>"
        + data_link(
            csv_text,
            "text/csv",
            f"class-game-{number}.csv",
            translate("Download the table (CSV)", lang),
            "dl-class-games-csv",
        )
        + " · "
        + data_link(
            json.dumps(results, ensure_ascii=False, indent=1),
            "application/json",
            f"class-game-{number}.json",
            translate("Download the plays (JSON)", lang),
            "dl-class-games-json",
        )
        + "</p>"
    )
    return "".join(parts)
