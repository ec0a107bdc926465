"""First-use passwords for the names of the class list, and the teacher's reset.

JupyterHub's login form with ``jupyterhub-firstuseauthenticator``: each learner chooses a
password the first time they log in and needs it afterwards. :class:`ClassFirstUseAuthenticator`
refuses a name that is not on the list before anything is stored, so a stranger's attempt
leaves no password behind (the package's own class stores it first and refuses afterwards).

The teacher resets a learner's password with :func:`reset_password`
(``make class-reset NAME=ada``, or deleting and adding the learner again in the hub's admin
page): the learner then chooses a new one at their next login.
"""

from __future__ import annotations

import dbm
from pathlib import Path
from typing import Any

from firstuseauthenticator import FirstUseAuthenticator
from firstuseauthenticator.firstuseauthenticator import ResetPasswordHandler

__all__ = ["ClassFirstUseAuthenticator", "reset_password"]


class ClassFirstUseAuthenticator(FirstUseAuthenticator):
    """First-use authentication for ``allowed_users`` and ``admin_users`` only."""

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        """The user's name if on the list and the password is theirs (or their first)."""
        name = self.normalize_username(data.get("username", ""))
        if name not in self.allowed_users and name not in self.admin_users:
            self.log.warning("Login refused: %r is not on the class list", name)
            return None
        result: str | None = await super().authenticate(handler, data)
        return result

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        """First use's pages, its login form in the learner's language (dicelab.hub.login;
        the hub's ``template_paths`` names its template)."""
        from dicelab.hub.login import ClassLoginHandler

        return [(r"/login", ClassLoginHandler), (r"/auth/change-password", ResetPasswordHandler)]


def reset_password(dbm_path: str | Path, name: str) -> bool:
    """Forget ``name``'s password (True if there was one): the next login sets a new one."""
    with dbm.open(str(dbm_path), "c", 0o600) as db:
        key = name.lower().encode("utf8")
        if key in db:
            del db[key]
            return True
    return False
