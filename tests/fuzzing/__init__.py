"""Fuzzing both engines: odd values, checked calls, the games' actions and save mutants.

Shared by the stateful tests (``tests/*/test_*_stateful.py``), the save-mutation test
(``tests/test_save_mutation.py``) and the long run (``benchmarks/fuzz.py``). Only the
public API is used: ``from dicelab import penta, farkle`` and ``dicelab.IllegalMove``.

========== =======================================================================
values     odd values for every argument, their Python source, ``plain`` NumPy values
draws      where the random choices come from: ``random`` or Hypothesis
calls      a :class:`Call`, a :class:`Defect`, the :class:`Tally` of a run
fuzz       :class:`Fuzz`: runs a call on its game, checks the contract, reports
penta      :class:`PentaFuzz`: Penta's actions and checks
farkle     :class:`FarkleFuzz`: Farkle's actions and checks
mutants    mutations of a save text and of a notation line
saves      :class:`SaveFuzz`: loading save mutants
========== =======================================================================

Every action is a :class:`Call` (Python source plus the function that runs it). A
:class:`Fuzz` runs it on its game and checks the contract:

* a refusal is :class:`~dicelab.IllegalMove` and the game's snapshot (save JSON,
  situation line, totals, dice...) is exactly as before; any other exception is a defect;
* a value that is not a whole number where one is expected (a bool, NaN, a string...) is
  refused, and so is a seed beyond ``dicelab.numbers.MAX_SEED``; a NumPy whole number or
  0-d array behaves exactly as the plain ``int``;
* after an accepted move the save round-trips, the situation line parses back, a legal
  move is accepted, and ``pop()`` gives back the snapshot before the move (re-pushing the
  popped move gives the same state again);
* a save mutant is refused, or loads a game whose own save round-trips; a save with a
  key twice or an unknown key is refused.

Random choices come from a :class:`Draw`: :class:`RandomDraw` (the long run) or
:class:`DataDraw` (Hypothesis's ``st.data()``, in the state machines). A defect either
raises :class:`DefectFound` (tests) or is counted in a :class:`Tally` (the long run). Its
reproduction is a few lines of Python: the game's construction, the fewest of its moves
that still show the defect, and the call (the long run keeps the shortest one seen).

>>> draw = RandomDraw(1)
>>> fuzz = PentaFuzz(Tally(collect=True))
>>> fuzz.start(draw)
>>> for _ in range(200):
...     fuzz.act(draw.pick(fuzz.ACTIONS), draw)
>>> fuzz.tally.actions > 100 and fuzz.tally.accepted > 0 and fuzz.tally.refused > 0
True
"""

from .calls import Call, Defect, DefectFound, Tally, summary
from .draws import DataDraw, Draw, RandomDraw
from .farkle import FarkleFuzz
from .fuzz import Fuzz
from .mutants import mutant
from .penta import PentaFuzz
from .saves import SaveFuzz
from .values import ODD_NUMBERS, ODD_TEXTS

__all__ = [
    "ODD_NUMBERS",
    "ODD_TEXTS",
    "Call",
    "DataDraw",
    "Defect",
    "DefectFound",
    "Draw",
    "FarkleFuzz",
    "Fuzz",
    "PentaFuzz",
    "RandomDraw",
    "SaveFuzz",
    "Tally",
    "mutant",
    "summary",
]
