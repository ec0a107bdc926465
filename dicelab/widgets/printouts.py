"""The printouts page: each printout of :mod:`dicelab.printouts` to download, in any language.

A teacher without a terminal opens ``printouts.ipynb`` (under Voilà, or Binder), picks the
language in the header and the number of players' columns, and downloads each printout as
an HTML file to open in a browser and print on A4. The files are made in the kernel and
handed over as ``data:`` links, so nothing is written on the server and the page works the
same under ``make run``, Binder and JupyterLab.

>>> app = PrintoutsApp(lang="fr")
>>> "dicelab-penta-scorecard-fr.html" in app.links_html
True
>>> app.set_players(6) and app.players
6
"""

from __future__ import annotations

import base64

import ipywidgets as widgets

from dicelab.i18n import Message, msg, translate
from dicelab.printouts import DEFAULT_PLAYERS, WHAT, file_name, printout
from dicelab.printouts.sheets import MAX_PLAYERS, check_players
from dicelab.widgets.common.base import App, esc

__all__ = ["DESCRIPTIONS", "PrintoutsApp"]

DESCRIPTIONS: dict[str, Message] = {
    "penta": msg("Every rule on cards, with a question to think about under each (2 pages)."),
    "penta-scorecard": msg("Every box with how it scores, for up to six players (1 page)."),
    "farkle": msg("Every rule on cards, with a question to think about under each (2 pages)."),
    "farkle-sheet": msg("The scoring table, the farkle chances and a row per turn (1 page)."),
}
"""What each printout holds, under its download link."""


def data_link(page: str, name: str, label: str) -> str:
    """A link that downloads ``page`` (HTML) as the file ``name``.

    >>> print(data_link("<p>x</p>", "x.html", "X"))  # doctest: +NORMALIZE_WHITESPACE
    <a class="dl-download" download="x.html"
    href="data:text/html;charset=utf-8;base64,PHA+eDwvcD4=">X</a>
    """
    encoded = base64.b64encode(page.encode("utf-8")).decode("ascii")
    return (
        f'<a class="dl-download" download="{esc(name)}" '
        f'href="data:text/html;charset=utf-8;base64,{encoded}">{esc(label)}</a>'
    )


class PrintoutsApp(App):
    """Download the printouts (rules, Penta scorecard, Farkle score sheet) in the app's
    language; :meth:`set_players` sets the players' columns of the score sheets."""

    title = msg("Printouts")
    css_class = "dl-printouts"
    extra_css = (
        ".dl-printouts table{border-collapse:collapse}"
        ".dl-printouts td{padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}"
        ".dl-printouts a.dl-download{font-weight:bold;color:#1a5fb4;text-decoration:underline}"
        ".dl-printouts a.dl-download::before{content:'\\2B07\\00A0';text-decoration:none}"
    )

    def __init__(
        self, lang: str | None = None, players: object = DEFAULT_PLAYERS, **options: object
    ) -> None:
        super().__init__(lang=lang, **options)  # type: ignore[arg-type]  # App's keywords
        self._players = check_players(players)
        self._players_pick = widgets.Dropdown(
            options=list(range(1, MAX_PLAYERS + 1)),
            value=self._players,
            layout=widgets.Layout(width="260px"),
        )
        self._players_pick.style.description_width = "160px"
        self._players_pick.observe(self._picked_players, "value")
        self._intro = widgets.HTML()
        self._links = widgets.HTML()
        self._links.add_class("dl-printout-links")
        self._body.children = [self._intro, self._players_pick, self._links]
        self.links_html = ""
        self.render()

    @property
    def players(self) -> int:
        """The players' columns of the score sheets."""
        return self._players

    def set_players(self, players: object) -> bool:
        """Columns for ``players`` players (1 to 6) on the score sheets; False if refused."""

        def change() -> None:
            self._players = check_players(players)

        return self.act(change)

    def _picked_players(self, change: dict) -> None:
        if change["new"] != self._players:
            self.set_players(change["new"])

    def _render(self, lang: str) -> None:
        self._intro.value = "<p>{}</p>".format(
            esc(
                translate(
                    "Download a printout, open the file in your browser and print it on A4 "
                    "(Ctrl+P). The language is the one chosen above.",
                    lang,
                )
            )
        )
        self._players_pick.description = translate("Players on the sheets", lang)
        if self._players_pick.value != self._players:
            self._players_pick.value = self._players
        rows = []
        for what, title in WHAT.items():
            page = printout(what, lang, self._players)
            link = data_link(page, file_name(what, lang), title.render(lang))
            about = esc(DESCRIPTIONS[what].render(lang))
            rows.append(f"<tr><td>{link}</td><td>{about}</td></tr>")
        self.links_html = "<table>" + "".join(rows) + "</table>"
        self._links.value = self.links_html
