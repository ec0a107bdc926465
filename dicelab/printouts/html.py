"""The pieces every printout is made of: the A4 page, dice drawn in SVG, Markdown as HTML.

A printout is one self-contained HTML file: its style sheet is inside, its dice are inline
SVG, and it asks nothing from another host, so it prints the same on a school's printer
as on a screen with no network.

>>> "<circle" in die_svg(3) and 'aria-label="3"' in die_svg(3)
True
>>> markdown_html("**Full house** <b>")
'<p><strong>Full house</strong> &lt;b&gt;</p>\\n'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import mistune

__all__ = ["STYLE", "dice_svg", "die_svg", "document", "escape", "markdown_html"]


class _PaperRenderer(mistune.HTMLRenderer):
    """HTML for paper: a link is its words (in italics), since paper cannot follow it."""

    def link(self, text: str, url: str, title: str | None = None) -> str:
        return f"<em>{text}</em>"


_markdown = mistune.create_markdown(renderer=_PaperRenderer(escape=True))

_PIPS = {
    1: ((6, 6),),
    2: ((3, 3), (9, 9)),
    3: ((3, 3), (6, 6), (9, 9)),
    4: ((3, 3), (9, 3), (3, 9), (9, 9)),
    5: ((3, 3), (9, 3), (6, 6), (3, 9), (9, 9)),
    6: ((3, 3), (9, 3), (3, 6), (9, 6), (3, 9), (9, 9)),
}

STYLE = """
@page { size: A4; margin: 12mm 12mm 14mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", "Noto Sans", Arial, Helvetica, sans-serif; font-size: 9.5pt;
       line-height: 1.3; color: #111; margin: 0; }
@media screen { body { max-width: 186mm; margin: 8mm auto; } }
header { display: flex; align-items: center; gap: 3mm; border-bottom: 0.6mm solid #333;
         margin-bottom: 3mm; padding-bottom: 1.5mm; }
header h1 { font-size: 17pt; margin: 0; flex: 1; }
header .dice { white-space: nowrap; }
h2 { font-size: 11.5pt; margin: 0 0 1.5mm; }
p, ul, ol { margin: 0 0 1.5mm; }
ul, ol { padding-left: 5mm; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 90%; }
.cards { column-count: 2; column-gap: 5mm; }
.card { break-inside: avoid; page-break-inside: avoid; border: 0.3mm solid #888;
        border-radius: 2mm; padding: 2mm 3mm 1mm; margin: 0 0 3mm; }
.card .question { border-top: 0.2mm dashed #999; padding-top: 1mm; font-style: italic; }
.die { width: 1.3em; height: 1.3em; vertical-align: -0.3em; margin-right: 0.15em; }
header .die { width: 8mm; height: 8mm; }
table { border-collapse: collapse; width: 100%; }
tr, td, th { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.3mm solid #555; padding: 0.8mm 1.5mm; text-align: left; vertical-align: middle; }
th { background: #e8e8e8; }
td.num, th.num { text-align: center; }
.sheet { table-layout: fixed; }
.sheet td, .sheet th { height: 9.5mm; }
.sheet tr.sum td, .sheet tr.sum th { background: #f1f1f1; font-weight: bold; }
.sheet tr.total td, .sheet tr.total th { background: #ddd; font-weight: bold; font-size: 11pt; }
.sheet .rule, .sheet tr.total td.rule { font-size: 8.5pt; color: #333; }
.grid td { height: 6.6mm; }
.grid td.turn { width: 9mm; text-align: center; color: #555; }
.side { display: flex; gap: 4mm; align-items: flex-start; margin-bottom: 3mm; }
.side > * { flex: 1; }
.note { font-size: 8.5pt; color: #333; margin-top: 1.5mm; }
footer { font-size: 7.5pt; color: #666; margin-top: 2mm; }
"""
"""The style sheet of every printout: A4, no card or table row cut by a page break."""


def die_svg(face: int) -> str:
    """One die showing ``face``, drawn as inline SVG (no font needed, prints everywhere)."""
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="1.25"/>' for x, y in _PIPS[face])
    return (
        f'<svg class="die" viewBox="0 0 12 12" role="img" aria-label="{face}">'
        '<rect x="0.5" y="0.5" width="11" height="11" rx="2" fill="#fff" stroke="#222" '
        f'stroke-width="0.8"/><g fill="#222">{pips}</g></svg>'
    )


def dice_svg(faces: Iterable[int]) -> str:
    """Several dice in a row.

    >>> dice_svg([1, 5]).count("<svg")
    2
    """
    return '<span class="dice">' + "".join(die_svg(face) for face in faces) + "</span>"


def markdown_html(text: str) -> str:
    """A card's Markdown as HTML; any HTML in the text is shown as text, never run, and a
    link is shown as its words.

    >>> markdown_html("See [the lesson](winning.ipynb) & <b>this</b>.")
    '<p>See <em>the lesson</em> &amp; &lt;b&gt;this&lt;/b&gt;.</p>\\n'
    """
    html = _markdown(text)
    assert isinstance(html, str)  # mistune's HTML renderer gives text
    return html


def document(title: str, body: str, lang: str, dice: Iterable[int] = (1, 2, 3, 4, 5, 6)) -> str:
    """A whole printout: the A4 page, a title with dice beside it, and ``body``.

    >>> page = document("Penta", "<p>x</p>", "fr")
    >>> page.startswith("<!DOCTYPE html>") and '<html lang="fr">' in page
    True
    >>> "@page { size: A4" in page and "http" not in page
    True
    """
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{escape(title)}</h1>{dice_svg(dice)}</header>\n"
        f"{body}\n</body>\n</html>\n"
    )
