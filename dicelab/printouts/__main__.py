"""``python -m dicelab.printouts``: write a printout (or all of them) as HTML.

    python -m dicelab.printouts penta --lang fr > regles.html
    python -m dicelab.printouts penta-scorecard --lang nb --players 5 > poengblokk.html
    python -m dicelab.printouts all --out printouts/     # every printout in every language
    python -m dicelab.printouts lesson notebooks/my_lesson.ipynb > my_lesson.html

Open the file in a browser and print it (A4).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dicelab.errors import IllegalMove
from dicelab.i18n import available_languages, normalize_language
from dicelab.printouts import DEFAULT_PLAYERS, WHAT, file_name, printout

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m dicelab.printouts",
        description="Print-ready HTML (A4): the rules of Penta or Farkle, a blank Penta "
        "scorecard, a Farkle score sheet. Open the file in a browser and print it.",
    )
    parser.add_argument(
        "what",
        choices=[*WHAT, "all", "lesson"],
        help="which printout; 'all' writes every printout in every language (needs --out); "
        "'lesson' prints a lesson notebook (its questions, the answers on a page of their own)",
    )
    parser.add_argument(
        "notebook", nargs="?", type=Path, help="with 'lesson': the lesson notebook to print"
    )
    parser.add_argument(
        "--lang",
        default="en",
        help=f"language: {', '.join(available_languages())} (default en)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=DEFAULT_PLAYERS,
        help=f"players' columns on a score sheet, 1 to 6 (default {DEFAULT_PLAYERS})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="write to this folder (files dicelab-<what>-<lang>.html) instead of the output",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0 on success, 2 on a bad argument."""
    parser = _parser()
    args = parser.parse_args(argv)
    lang = normalize_language(args.lang)
    if lang not in available_languages():
        parser.error(f"unknown language {args.lang!r}: one of {', '.join(available_languages())}")
    if args.what == "all" and args.out is None:
        parser.error("'all' writes many files: say where with --out FOLDER")
    if (args.what == "lesson") != (args.notebook is not None):
        parser.error("a notebook goes with 'lesson', and only with it")
    if args.what == "lesson":
        return _lesson(args.notebook, args.out)
    jobs = (
        [(what, code) for what in WHAT for code in available_languages()]
        if args.what == "all"
        else [(args.what, lang)]
    )
    try:
        pages = [(what, code, printout(what, code, args.players)) for what, code in jobs]
    except IllegalMove as error:
        parser.error(error.message.render("en"))
    if args.out is None:
        sys.stdout.write(pages[0][2])
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    for what, code, page in pages:
        path = args.out / file_name(what, code)
        path.write_text(page, encoding="utf-8")
        print(path)
    return 0


def _lesson(notebook: Path, out: Path | None) -> int:
    from dicelab.printouts.lesson import lesson_printout

    page = lesson_printout(notebook)
    if out is None:
        sys.stdout.write(page)
        return 0
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{notebook.stem}.html"
    path.write_text(page, encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
