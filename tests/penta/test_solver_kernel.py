"""The compiled kernel of Penta's table build (dicelab/penta/solver_kernel.py): the same values
as the NumPy build it replaced (tests/penta_numpy_build.py), numba imported only for a build,
its machine code cached on disk, and the progress reported as the layers are solved."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dicelab.penta import solver_tables as st
from dicelab.penta.rules import PRESETS, Rules
from tests.penta_houses import HOUSES as PENTA_HOUSES
from tests.penta_numpy_build import numpy_table, numpy_turns

ROOT = Path(__file__).resolve().parents[2]

HOUSES = {
    **PENTA_HOUSES,
    "no-upper": Rules.custom("no-upper", base="no-joker", upper_bonus=False),
    "straights0": Rules.custom(
        "straights0", base="no-bonus", small_straight_points=0, large_straight_points=0
    ),
}


def assert_same_table(ours: np.ndarray, reference: np.ndarray, tolerance: float) -> None:
    assert ours.shape == reference.shape
    assert np.array_equal(np.isnan(ours), np.isnan(reference))
    solved = ~np.isnan(reference)
    assert solved.any()
    assert np.abs(ours[solved] - reference[solved]).max() <= tolerance


FAST = {"official", "no-upper"}
"""The rule sets the fast loop builds both ways: a preset, and a house with no upper bonus (its
own layout); the NumPy reference takes about 1.3 s a table: make test builds all ten."""


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(rules, id=rules.name, marks=() if rules.name in FAST else pytest.mark.slow)
        for rules in [*PRESETS.values(), *HOUSES.values()]
    ],
)
def test_the_kernel_agrees_with_the_numpy_build_on_the_last_four_turns(rules):
    assert_same_table(
        st.build_table(rules, down_to=9), numpy_table(rules, down_to=9), tolerance=1e-9
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", ["official", "penta"])
def test_the_kernel_agrees_with_the_numpy_build_on_a_whole_table(name):
    rules = PRESETS[name]
    table = st.build_table(rules)
    assert_same_table(table, numpy_table(rules), tolerance=1e-9)
    assert abs(table[0] - {"official": 254.5877287, "penta": 254.4848459}[name]) < 1e-7


@pytest.mark.slow
def test_a_whole_house_table_with_another_layout():
    rules = HOUSES["bonus70"]
    table = st.build_table(rules)
    assert table.shape == (st.layout(rules).n_states,)
    assert_same_table(table, numpy_table(rules), tolerance=1e-9)


def test_the_solved_states_are_the_reachable_ones():
    for rules in (PRESETS["official"], PRESETS["no-bonus"], HOUSES["bonus70"]):
        lay = st.layout(rules)
        valid = st.reachable(rules).transpose(0, 2, 1).reshape(-1)
        listed = np.zeros(lay.n_states, dtype=bool)
        for masks, ups, flags in st.layer_states(rules):
            listed[lay.index(masks, ups, flags)] = True
        assert np.array_equal(valid, listed)
        g = st.groups(rules)
        assert (g.lanes <= lay.n_up).all()
        upper = st.reachable(rules)[g.masks, g.flags]
        assert upper.any(axis=1).all()  # every group holds a reachable state
        assert not upper[np.arange(lay.n_up) >= g.lanes[:, None]].any()  # and all of them


def test_progress_is_reported_as_the_layers_are_solved():
    seen: list[float] = []
    st.build_table(PRESETS["official"], seen.append, down_to=7)
    assert seen[0] == 0.0 and seen[-1] == pytest.approx(1.0)
    assert len(seen) >= 10 and seen == sorted(seen)


def test_one_thread_gives_the_same_table_bit_for_bit():
    rules = HOUSES["five-full"]
    one = st.build_table(rules, workers=1, down_to=10)
    two = st.build_table(rules, workers=2, down_to=10, chunk=7)
    assert np.array_equal(one, two, equal_nan=True)


def run_python(code: str, **env: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
    ).stdout


def test_numba_is_imported_only_when_a_table_is_built():
    code = (
        "import sys, dicelab, dicelab.penta, dicelab.penta.solver, dicelab.penta.moments\n"
        "from dicelab.penta import BOXES, Scorecard, Solver\n"
        "card = Scorecard.from_filled({b: 0 for b in BOXES if b != 'chance'})\n"
        "Solver('penta', cache=False).option_values(card, (1, 2, 3, 4, 5), 0)\n"
        "print('numba' in sys.modules)\n"
        "from dicelab.penta import solver_tables as st\n"
        "st.build_table(st.Rules(), down_to=12)\n"
        "print('numba' in sys.modules)\n"
    )
    assert run_python(code).split() == ["False", "True"]


@pytest.mark.slow
def test_the_compiled_kernel_is_cached_where_numba_cache_dir_says(tmp_path):
    """numba writes its machine code beside the module, or (read-only package) in its
    user-wide cache, or in $NUMBA_CACHE_DIR; the second process reads it back."""
    code = (
        "from dicelab.penta import solver_tables as st\n"
        "from dicelab.penta import solver_kernel as k\n"
        "st.build_table(st.Rules(), down_to=12)\n"
        "print(sum(k.solve_groups.stats.cache_hits.values()),"
        " sum(k.solve_groups.stats.cache_misses.values()))\n"
    )
    first = run_python(code, NUMBA_CACHE_DIR=str(tmp_path))
    assert first.split() == ["0", "1"]
    assert any(tmp_path.rglob("solver_kernel.solve_groups-*.nbc"))
    second = run_python(code, NUMBA_CACHE_DIR=str(tmp_path))
    assert second.split() == ["1", "0"]


@pytest.mark.slow
def test_without_a_writable_cache_the_kernel_is_compiled_in_the_process():
    """Where numba finds no folder to cache in, it raised at import; the kernel now compiles
    in each process (numba's locators limited to zip files stands for a read-only install)."""
    code = (
        "from dicelab.penta import solver_tables as st\n"
        "from dicelab.penta import solver_kernel as k\n"
        "table = st.build_table(st.Rules(), down_to=12)\n"
        "print(type(k.solve_groups._cache).__name__, round(float(table[-2]), 6))\n"
    )
    out = run_python(code, NUMBA_CACHE_LOCATOR_CLASSES="ZipCacheLocator")
    assert out.split()[0] == "NullCache"


def test_the_joker_cases_have_the_kernels_codes():
    from dicelab.penta import solver_kernel as k
    from dicelab.penta.joker import JokerCase

    assert st.FIVE_CASE_CODES == {
        JokerCase.OWN_BOX: k.OWN_BOX,
        JokerCase.LOWER: k.LOWER,
        JokerCase.UPPER: k.UPPER,
        JokerCase.FREE: k.FREE,
    }
    assert k.NO_JOKER not in st.FIVE_CASE_CODES.values()


@pytest.mark.parametrize("name", ["official", "five-full"])
def test_the_turns_the_simulated_player_reads_are_the_numpy_ones(name):
    """The simulations' turns (:func:`~dicelab.penta.solver_kernel.state_turns`) are exactly
    those NumPy computes: the same games are played, die for die."""
    from dicelab.penta.simulate import _solve_states

    rules = PRESETS.get(name) or HOUSES[name]
    table = st.build_table(rules, down_to=9)
    layers = [np.concatenate(parts) for parts in zip(*st.layer_states(rules)[9:13], strict=True)]
    pick = np.random.default_rng(5).choice(len(layers[0]), 400, replace=False)
    mask, up, flag = (part[pick] for part in layers)
    now, keep_1, keep_2, column = _solve_states(
        rules, table, mask, up, flag, st.kernel_inputs(rules)
    )
    reference = numpy_turns(rules, table, mask, up, flag)
    for ours, theirs in zip((now, keep_1, keep_2), reference, strict=True):
        assert np.array_equal(ours[:, column], theirs)
    assert len(set(zip(mask.tolist(), flag.tolist(), strict=True))) < len(mask)  # groups
