"""dicelab: teaching probability with dice games.

Two games, each an exact engine with solvers: :mod:`dicelab.penta` (a Yahtzee
variant) and :mod:`dicelab.farkle`. Every rule violation raises
:class:`IllegalMove`, which never changes any state.
"""

from dicelab.errors import IllegalMove

__version__ = "0.1.0"

from dicelab import farkle, penta  # the games import IllegalMove from above

__all__ = ["IllegalMove", "__version__", "farkle", "penta"]
