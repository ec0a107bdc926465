"""The hub's login page in the learner's language: JupyterHub's own form, its words translated.

The first page a learner meets on the class's hub is JupyterHub's login form, in English. Its
words come from here instead, in the page's language as dicelab's other hub pages choose it
(:func:`dicelab.hub.pages.page_language`: ``?lang=`` of the address, else the browser's
languages, else English; the form sends the language it was shown in, so that a refusal
comes in it too); ``templates/login.html`` beside this module puts them into
JupyterHub's form, and :class:`ClassLoginHandler` gives them to it. The form also says what
first use means: the first password typed under a name becomes that name's password.

>>> words = login_words("fr", 6)
>>> words["lang"], words["sign_in"], words["password"]
('fr', 'Se connecter', 'Mot de passe:')
>>> refusal_words("Invalid username or password", "fr")[:44]
"Nom d'utilisateur ou mot de passe incorrect."
>>> refusal_words("Login form invalid or expired. Try again.", "ca")
"El formulari d'inici de sessió ha caducat. Torna-ho a provar."
>>> refusal_words("Password too short! Please choose a password at least 6 characters long.", "nb")
'Passordet ditt er for kort: velg et på minst 6 tegn.'
>>> refusal_words("Something JupyterHub says", "fr")  # an error it does not know: as it came
'Something JupyterHub says'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from firstuseauthenticator.firstuseauthenticator import CustomLoginHandler
from jupyterhub.handlers.login import LoginHandler

from dicelab.hub.pages import page_language
from dicelab.i18n import N_, plural, translate

__all__ = ["TEMPLATES", "ClassLoginHandler", "login_words", "refusal_words"]

TEMPLATES = Path(__file__).with_name("templates")
"""JupyterHub's ``template_paths`` entry for the translated login page (``login.html``)."""

_WORDS = {
    "sign_in": N_("Sign in"),
    "username": N_("Username:"),
    "password": N_("Password:"),
    "show_password": N_("Show password"),
    "hide_password": N_("Hide password"),
    "insecure": N_(
        "Warning: this page comes over a connection that is not encrypted. Ask the person who "
        "runs the server to turn encryption (HTTPS) on."
    ),
}
_INVALID = N_(
    "Invalid username or password. Check both; if you have forgotten your password, ask your "
    "teacher to reset it."
)
_EXPIRED = N_("The sign-in form has expired. Try again.")
_TOO_SHORT = re.compile(r"^Password too short!.* at least (\d+) characters? long\.?$")


def login_words(lang: str, shortest: int = 6) -> dict[str, str]:
    """The login form's words in ``lang``, by the name the template reads; ``shortest`` is the
    shortest password the hub accepts (said in the line on first use)."""
    words = {key: translate(text, lang) for key, text in _WORDS.items()}
    words["first_use"] = plural(
        "The first time you sign in, choose a password of at least {n} character: it becomes "
        "yours.",
        "The first time you sign in, choose a password of at least {n} characters: it becomes "
        "yours.",
        shortest,
        lang,
    )
    words["lang"] = lang
    return words


def refusal_words(error: str, lang: str) -> str:
    """JupyterHub's or first use's refusal, in ``lang``; a refusal it does not know as it came."""
    text = error.strip()
    if text.rstrip(".") == "Invalid username or password":
        return translate(_INVALID, lang)
    if text == "Login form invalid or expired. Try again.":
        return translate(_EXPIRED, lang)
    short = _TOO_SHORT.match(text)
    if short:
        return plural(
            "Your password is too short: choose one of at least {n} character.",
            "Your password is too short: choose one of at least {n} characters.",
            int(short.group(1)),
            lang,
        )
    return error


class ClassLoginHandler(CustomLoginHandler):
    """First use's login handler, rendering the form in the learner's language."""

    def _render(
        self, login_error: str | None = None, username: str | None = None, **kwargs: Any
    ) -> Any:
        if self.custom_login_error:  # first use's own refusal (a password too short)
            login_error = self.custom_login_error
        chosen = self.get_argument("lang", "")  # the address's ?lang=, or the form's own field
        query = urlencode({"lang": chosen}) if chosen else ""
        lang = page_language(query, self.request.headers.get("Accept-Language", ""))
        shortest = int(getattr(self.authenticator, "min_password_length", 6))
        return LoginHandler._render(
            self,
            login_error=refusal_words(login_error, lang) if login_error else login_error,
            username=username,
            dicelab=login_words(lang, shortest),
            **kwargs,
        )
