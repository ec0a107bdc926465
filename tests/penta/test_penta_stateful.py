"""Penta under a Hypothesis state machine: legal and illegal actions, odd values everywhere.

Each rule plays one action of :class:`fuzzing.PentaFuzz` (shared with ``benchmarks/fuzz.py``,
which runs the same actions for 10^5 steps): rolls, holds and toggles with odd positions,
scorings with odd boxes, pushes of odd moves, undo and redo, the computer's step, notation
lines, constructors and saves with odd values. After every step: a refusal is
``IllegalMove`` and changed nothing; a NumPy whole number acts as the plain ``int``; an
accepted move keeps the save round-tripping, the notation parsing back, and ``pop()``
restores the game as it was.
"""

import pytest
from fuzzing import DataDraw, PentaFuzz, Tally
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

from tests.helpers import examples

# A long search (2 to 5 s, more when Hypothesis draws long games): make test runs it, and
# benchmarks/fuzz.py the same actions far longer; make check keeps the property tests.
pytestmark = pytest.mark.slow


@settings(
    max_examples=examples(30),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # No shrinking: a failure's message already holds a short reproduction (the fewest
    # moves that show it), and shrinking these long programs takes minutes.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
class PentaMachine(RuleBasedStateMachine):
    """One Penta game, acted on by legal and illegal actions."""

    def __init__(self) -> None:
        super().__init__()
        self.fuzz = PentaFuzz(Tally())

    @initialize(data=st.data(), prefix=st.sampled_from((0, 2, 10, 40, 200)))
    def start(self, data, prefix):
        self.fuzz.start(DataDraw(data), prefix)

    @rule(data=st.data())
    def push_legal(self, data):
        self.fuzz.act("push_legal", DataDraw(data))

    @rule(data=st.data())
    def advance(self, data):
        self.fuzz.act("advance", DataDraw(data))

    @rule(data=st.data())
    def roll(self, data):
        self.fuzz.act("roll", DataDraw(data))

    @rule(data=st.data())
    def hold(self, data):
        self.fuzz.act("hold", DataDraw(data))

    @rule(data=st.data())
    def toggle(self, data):
        self.fuzz.act("toggle", DataDraw(data))

    @rule(data=st.data())
    def score(self, data):
        self.fuzz.act("score", DataDraw(data))

    @rule(data=st.data())
    def push_odd(self, data):
        self.fuzz.act("push_odd", DataDraw(data))

    @rule(data=st.data())
    def pop(self, data):
        self.fuzz.act("pop", DataDraw(data))

    @rule(data=st.data())
    def computer(self, data):
        self.fuzz.act("computer", DataDraw(data))

    @rule(data=st.data())
    def query(self, data):
        self.fuzz.act("query", DataDraw(data))

    @rule(data=st.data())
    def parse(self, data):
        self.fuzz.act("parse", DataDraw(data))

    @rule(data=st.data())
    def construct(self, data):
        self.fuzz.act("construct", DataDraw(data))

    @rule(data=st.data())
    def load(self, data):
        self.fuzz.act("load", DataDraw(data))


def test_every_rule_covers_an_action():
    rules = {name for name in vars(PentaMachine) if not name.startswith("_")}
    assert set(PentaFuzz.ACTIONS) <= rules


# About 2 s: run in every suite (the long run is benchmarks/fuzz.py).
TestPentaMachine = PentaMachine.TestCase
