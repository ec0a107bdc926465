"""How long a browser test waits for the page, in milliseconds: one place for every test.

These are bounds, not measurements: a wait ends as soon as the page is there, so a long bound
costs nothing when the page works and only delays the failure when it does not. They are long
because ``make test`` runs the browser tests on one of two processes while the other runs the
rest of the suite, both busy from start to end on a 2-core machine (and a CI machine may be
slower): a click's round trip that takes 1 s alone took over 20 s there once (the keyboard
Farkle game, a roll's dice). Speed is measured by ``benchmarks/``, never by these waits.
"""

LOAD = 90_000
"""A page opened: a kernel started (or taken from a pool) and its notebook run."""

STEP = 60_000
"""One action's round trip: a click, the kernel's answer, the redraw (dice animation included)."""
