"""``python -m dicelab.hub reset-password NAME --data hub-data`` (``make class-reset NAME=ada``).

The learner then chooses a new password at their next login. Works while the hub runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dicelab.hub.authenticator import reset_password
from dicelab.i18n import translate


def main(argv: list[str] | None = None) -> int:
    """Run the command; 0 when a password was forgotten, 1 when there was none."""
    parser = argparse.ArgumentParser(prog="python -m dicelab.hub")
    commands = parser.add_subparsers(dest="command", required=True)
    reset = commands.add_parser("reset-password", help="forget a learner's password")
    reset.add_argument("name", help="the learner's login name")
    reset.add_argument("--data", default="hub-data", help="the hub's data folder (HUB_DATA)")
    args = parser.parse_args(argv)
    path = Path(args.data) / "passwords.dbm"
    if reset_password(path, args.name):
        print(
            translate(
                "{name} will choose a new password at their next login.", name=args.name.lower()
            )
        )
        return 0
    print(
        translate(
            "{name} has no password yet: they choose one at their first login.",
            name=args.name.lower(),
        ),
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
