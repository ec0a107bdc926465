"""The NumPy build of Penta's value table (the product path up to SOLVER_VERSION 1), kept as
the reference of the compiled kernel: the tests compare the kernel's tables with it, and
``benchmarks/penta_solver.py`` times it. Also the NumPy turns of the simulations' states
(:func:`numpy_turns`, the product path until the compiled ``state_turns``), timed by
``benchmarks/penta_simulate.py``.

It values chunks of states with the NumPy functions of ``solver_tables`` that the advisor, the
simulation and the moments still use, layer by layer on threads (NumPy releases the GIL).
"""

from __future__ import annotations

import threading

import numpy as np

from dicelab.penta import solver_tables as st
from dicelab.penta.rules import BOXES, Rules


def numpy_table(rules: Rules, *, down_to: int = 0, chunk: int = 512, workers: int = 2):
    """The value table of ``rules`` as SOLVER_VERSION 1 built it (NaN where not solved)."""
    T = st.tables()
    lay = st.layout(rules)
    V = np.full(lay.n_states, np.nan)
    layers = st.layer_states(rules)
    full_mask, full_up, full_flag = layers[len(BOXES)]
    V[lay.index(full_mask, full_up, full_flag)] = 0.0
    local = threading.local()

    def solve(part: tuple[np.ndarray, np.ndarray, np.ndarray]) -> int:
        mask, up, flag = part
        n = len(mask)
        buffers = getattr(local, "buffers", None)
        if buffers is None or buffers[0].shape[1] != n:
            buffers = local.buffers = (
                np.empty((len(T.probs), n)),
                np.empty((T.n_keeps, n)),
                np.empty((T.n_keeps, n)),
                np.empty((6 * (T.offsets[5] - T.offsets[4]), n)),
            )
        hand, K, M, scratch = buffers
        ovs = st.option_rows(rules, V, mask, up, flag)
        e = st.final_roll_values(rules, ovs, mask, flag, hand)
        e = st.keep_values(e, K, M, scratch)
        e = st.keep_values(e, K, M, scratch)
        V[lay.index(mask, up, flag)] = T.probs @ e
        return n

    st.solve_layers(layers, solve, chunk=chunk, workers=workers, down_to=down_to)
    return V


def numpy_turns(rules: Rules, V: np.ndarray, mask, up, flag, chunk: int = 1024):
    """For each state: (252,) final-roll values and (462,) keep values with 1 and 2 rolls left,
    in NumPy over chunks of states, as the simulations computed them before their kernel."""
    T = st.tables()
    n = len(mask)
    now = np.empty((len(T.probs), n))
    keep_1 = np.empty((T.n_keeps, n))
    keep_2 = np.empty((T.n_keeps, n))
    for a in range(0, n, chunk):
        b = min(n, a + chunk)
        m, u, f = mask[a:b], up[a:b], flag[a:b]
        ovs = st.option_rows(rules, V, m, u, f)
        hand = st.final_roll_values(rules, ovs, m, f, np.empty((len(T.probs), b - a)))
        now[:, a:b] = hand
        K = np.empty((T.n_keeps, b - a))
        M = np.empty((T.n_keeps, b - a))
        one = st.keep_values(hand, K, M)
        keep_1[:, a:b] = K
        st.keep_values(one, K, M)
        keep_2[:, a:b] = K
    return now, keep_1, keep_2
