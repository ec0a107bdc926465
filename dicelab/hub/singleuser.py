"""A learner's server: ``python -m dicelab.hub.singleuser`` is ``jupyterhub-singleuser``,
started a second sooner (:mod:`dicelab.hub.grammars`). The hub's ``Spawner.cmd``, on one
machine and on Kubernetes (deploy/)."""

from __future__ import annotations

import sys

from dicelab.hub.grammars import defer_iri_grammars


def main() -> int:
    """Start jupyterhub-singleuser with the command line given."""
    defer_iri_grammars()
    from jupyterhub.singleuser import main as singleuser

    return int(singleuser() or 0)


if __name__ == "__main__":
    sys.exit(main())
