"""The page a learner gets instead of a fifth app: what happened and what to do, in words.

Written in the page's language: ``?lang=`` of the address, as the apps read it, else the
browser's first shipped language (``Accept-Language``), else English.

>>> page_language("lang=fr&seed=4", "")
'fr'
>>> page_language("", "nb-NO,nb;q=0.9,en;q=0.8")
'nb'
>>> page_language("lang=xx", "de-DE,de")
'en'
>>> page = kernel_limit_page(4, "en")
>>> "You already have 4 apps open" in page, '<html lang="en">' in page
(True, True)
"""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qs

from dicelab.i18n import available_languages, normalize_language, plural, translate

__all__ = ["kernel_limit_page", "page_language"]


def page_language(query: str, accept_language: str) -> str:
    """The shipped language a page asks for: ``lang=`` of ``query``, then ``Accept-Language``."""
    shipped = available_languages()
    for value in parse_qs(query.lstrip("?")).get("lang", []):
        code = normalize_language(value) if value else ""
        if code in shipped:
            return code
    for part in accept_language.split(","):
        tag = part.split(";", 1)[0].strip()
        if tag and tag != "*":
            code = normalize_language(tag)
            if code in shipped:
                return code
    return shipped[0]


def kernel_limit_page(most: int, lang: str) -> str:
    """A whole HTML page saying that ``most`` apps are open, the most there may be at once."""
    title = translate("Too many apps open", lang=lang)
    said = plural(
        "You already have {n} app open, the most one learner may have at once.",
        "You already have {n} apps open, the most one learner may have at once.",
        most,
        lang=lang,
    )
    todo = translate(
        "Close one of your other dicelab tabs (or go back to it), then reload this page.",
        lang=lang,
    )
    reload = translate("Reload this page", lang=lang)
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
  body {{ font-family: system-ui, sans-serif; max-width: 40em; margin: 4em auto; padding: 0 1em;
         color: #1a1a1a; background: #fff; line-height: 1.5; }}
  h1 {{ font-size: 1.6em; }}
  a {{ color: #0b57d0; }}
</style>
</head>
<body>
<main class="dl-kernel-limit">
<h1>{escape(title)}</h1>
<p role="alert">{escape(said)}</p>
<p>{escape(todo)}</p>
<p><a href="">{escape(reload)}</a></p>
</main>
</body>
</html>
"""
