"""The dashboards' look: one CSS block, die faces drawn as inline SVG, CSS class names.

Dice are drawn as SVG pictures set by CSS on plain ipywidgets buttons (no custom JS build,
no dependence on the fonts of the browser). Every state shown by colour is also written as
text on the widget, so nothing relies on colour alone.

>>> "dl-face-6" in stylesheet()
True
>>> die_svg(5).count("<circle")
5
"""

from __future__ import annotations

from functools import cache
from urllib.parse import quote

__all__ = ["CSS_CLASSES", "die_svg", "stylesheet"]

_PIPS = {
    0: (),
    1: ((50, 50),),
    2: ((28, 28), (72, 72)),
    3: ((28, 28), (50, 50), (72, 72)),
    4: ((28, 28), (72, 28), (28, 72), (72, 72)),
    5: ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    6: ((28, 26), (72, 26), (28, 50), (72, 50), (28, 74), (72, 74)),
}

CSS_CLASSES = {
    "app": "dl-app",
    "die": "dl-die",
    "held": "dl-held",
    "notice": "dl-notice",
    "banner": "dl-banner",
}
"""The stable CSS classes a browser test may select (see ``docs/widgets.md`` for all)."""


def die_svg(face: int, fill: str = "#fffdf7", pip: str = "#1f2933") -> str:
    """An SVG picture of a die showing ``face`` (0 draws a blank die)."""
    circles = "".join(f'<circle cx="{x}" cy="{y}" r="9" fill="{pip}"/>' for x, y in _PIPS[face])
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect x="4" y="4" width="92" height="92" rx="16" fill="{fill}" '
        f'stroke="{pip}" stroke-width="4"/>{circles}</svg>'
    )


def _data_url(svg: str) -> str:
    return 'url("data:image/svg+xml,' + quote(svg, safe="") + '")'


_BASE_CSS = """
.dl-app { max-width: 1100px; font-size: 14px; }
.dl-app .dl-title { font-size: 1.3em; font-weight: 600; }
.dl-app .widget-button, .dl-app .widget-toggle-button { width: auto; min-width: 148px;
  padding: 0 14px; align-self: flex-start; }
.dl-app .dl-die.widget-button, .dl-app .dl-cell.widget-button { min-width: 0; padding: 0;
  align-self: auto; }
.dl-app .widget-inline-hbox .widget-label { width: auto; min-width: 80px; max-width: none;
  white-space: nowrap; }
.dl-new-game-panel .widget-inline-hbox .widget-label { min-width: 170px; }
.dl-dice { gap: 6px; flex-wrap: wrap; }
.dl-app .dl-die.jupyter-button {
  width: 74px; height: 96px; padding: 62px 0 2px 0; margin: 2px;
  background-color: transparent; background-repeat: no-repeat;
  background-position: center 4px; background-size: 58px 58px;
  border: 3px solid transparent; border-radius: 10px;
  font-size: 12px; line-height: 1.2; white-space: normal; color: #1f2933;
}
.dl-die.jupyter-button:focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
.dl-die.dl-held.jupyter-button { border: 3px dashed #7a4b00; background-color: #ffe9b3;
  font-weight: 700; }
.dl-die.dl-aside.jupyter-button { border: 3px dashed #1b5e20; background-color: #d7f0d9;
  font-weight: 700; }
.dl-die.jupyter-button:disabled { opacity: 1; color: #52606d; cursor: default; }
.dl-die.dl-blank.jupyter-button { color: #9aa5b1; }
.dl-notice { margin: 4px 0; }
.dl-controls { gap: 8px; }
.dl-card { padding: 8px 12px; border-radius: 6px; border-left: 6px solid; margin: 2px 0; }
.dl-card-info { background: #e8f1fb; border-color: #1565c0; }
.dl-card-error { background: #fdecea; border-color: #b71c1c; }
.dl-card-warning { background: #fff4e5; border-color: #e65100; }
.dl-card-success { background: #e8f5e9; border-color: #1b5e20; }
.dl-banner { font-size: 1.6em; font-weight: 700; text-align: center; padding: 6px 12px; }
.dl-computer-moves ol { margin: 2px 0 0 0; padding-left: 24px; }
.dl-computer-moves li { margin: 0; line-height: 1.4; }
.dl-end-card .dl-winners { margin: 2px 0 6px 0; font-size: 1.15em; }
.dl-muted { color: #52606d; }
/* Tabs as wide as their titles, on a second row when they do not fit (ipywidgets cuts every
   title at 144px: "Relancer ou prend..." in French); labels wrap instead of ending in "...". */
.dl-app .jupyter-widget-tab > .lm-TabBar > .lm-TabBar-content { flex-wrap: wrap; }
.dl-app .jupyter-widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; color: #1f2933; }
/* Screen readers only (the dice in words); the page's stylesheet has it too. */
.dl-app .dl-sr-only { position: absolute !important; width: 1px !important;
  height: 1px !important; margin: -1px !important; padding: 0 !important;
  overflow: hidden !important; clip: rect(0, 0, 0, 0) !important; white-space: nowrap;
  border: 0 !important; }
.dl-app .widget-inline-hbox > .widget-label { white-space: normal; line-height: 1.15;
  height: auto; align-self: center; }
.dl-table { border-collapse: collapse; }
.dl-table td, .dl-table th { padding: 2px 8px; border-bottom: 1px solid #d9e2ec;
  text-align: right; }
.dl-table th:first-child, .dl-table td:first-child { text-align: left; }
.dl-cell.jupyter-button { background: #f5f7fa; border: 1px solid #d9e2ec; color: #1f2933;
  border-radius: 4px; }
.dl-cell.jupyter-button:disabled { opacity: 1; cursor: default; }
.dl-cell.dl-empty.jupyter-button, .dl-cell.dl-filled.jupyter-button {
  background: transparent; border-color: transparent; }
.dl-cell.dl-filled.jupyter-button { font-weight: 600; }
.dl-cell.dl-preview.jupyter-button { background: #e8f5e9; border-color: #66bb6a; color: #1b5e20; }
.dl-cell.dl-forbidden.jupyter-button { background: #eceff1; color: #7b8794;
  text-decoration: line-through; }
.dl-cell.dl-selected.jupyter-button { background: #1565c0; border-color: #0d47a1; color: #fff;
  font-weight: 700; }
.dl-cell.jupyter-button:focus-visible { outline: 3px solid #1565c0; outline-offset: 1px; }
.dl-current { background: #eef5ff; border-radius: 4px; padding: 0 4px; }
.dl-situation code { font-size: 0.9em; }
.dl-countdown { font-size: 1.2em; font-weight: 700; color: #b71c1c; }
"""


@cache
def stylesheet() -> str:
    """The whole CSS of the dashboards, die faces included."""
    faces = "\n".join(
        f".dl-die.dl-face-{face}.jupyter-button {{ background-image: {_data_url(die_svg(face))}; }}"
        for face in _PIPS
    )
    return _BASE_CSS + faces
