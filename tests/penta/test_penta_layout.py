"""Penta's file map (the same as Farkle's) and the names that moved keep working.

rules / moves / situation / notation / game / save / players / simulate (+ solver): each
name moved by issue 11 is still importable from where it was, as the same object.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import dicelab.penta as penta
from dicelab import IllegalMove
from dicelab.penta import game, moves, notation, players, save, situation, solver

# ``dicelab.penta.simulate`` is the function (the package's name for it since before the
# module existed); the module is reached by its full name.
simulate = importlib.import_module("dicelab.penta.simulate")


@pytest.mark.parametrize(
    "old, new, names",
    [
        (game, moves, ["DICE", "ROLLS_PER_TURN", "Hold", "Move", "Roll", "Score"]),
        (game, players, ["MAX_SEATS", "Seat"]),
        (game, situation, ["Situation"]),
        (notation, situation, ["Situation"]),
        (players, situation, ["Action"]),
        (solver, players, ["OptimalPlayer"]),
        (solver, simulate, ["SimulationResult", "simulate"]),
    ],
)
def test_moved_names_are_the_same_objects_where_they_were(old, new, names):
    for name in names:
        assert getattr(old, name) is getattr(new, name), name
    exec(f"from {old.__name__} import {', '.join(names)}", {})


def test_the_package_exports():
    from dicelab.penta.simulate import simulate as function

    assert penta.simulate is function and callable(penta.simulate)
    assert penta.Situation is situation.Situation and penta.Seat is game.Seat
    assert {"Roll", "Hold", "Score", "Move", "Seat", "PRESETS"} <= set(penta.__all__)
    for name in penta.__all__:
        assert getattr(penta, name) is not None


def test_the_optimal_player_is_registered_like_the_others_and_builds_nothing_until_it_decides():
    assert players.names()[:3] == ("optimal", "heuristic", "greedy")
    assert players.default_name() == players.DEFAULT == "optimal"
    fresh = players.OptimalPlayer()
    assert fresh._solvers == {}  # no solver, no table, until the first decision
    assert fresh.choose(penta.Situation()) == ()
    assert fresh._solvers == {}


def test_the_players_module_does_not_import_the_solver():
    # Checked on the source: the package itself imports the solver for ``penta.Solver``.
    source = players.__loader__.get_source(players.__name__)
    head = source.split("if TYPE_CHECKING")[0]
    assert "penta.solver" not in head and "penta.simulate" not in head


def test_the_solver_command_line_still_runs_as_a_module():
    result = subprocess.run(
        [sys.executable, "-m", "dicelab.penta.solver", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "--build" in result.stdout


# -- the shared constructor and save vocabulary ----------------------------------------------


def test_players_may_be_a_count_of_unnamed_seats():
    table = penta.Game(players=3, computer=[2], seed=1)
    assert [seat.name for seat in table.seats] == ["Player 1", "Player 2", "Player 3"]
    assert table.seats[2].is_computer
    for bad in (0, 7, -1, 10**30):
        with pytest.raises(IllegalMove, match="1 to 6 players"):
            penta.Game(players=bad)


def test_names_are_kept_as_given():
    table = penta.Game(players=("AI", "Computer", " Ada "), computer=[1], seed=1)
    assert [seat.name for seat in table.seats] == ["AI", "Computer", " Ada "]
    assert "AI" in repr(table)


def test_is_legal_agrees_with_push():
    table = penta.Game(seed=2)
    assert table.is_legal(penta.Roll()) and not table.is_legal(penta.Hold((0,)))
    table.roll()
    for move in table.legal_moves():
        assert table.is_legal(move)
    assert not table.is_legal(penta.Score("chance", 999))
    assert not table.is_legal("roll")  # type: ignore[arg-type]


def test_save_load_by_dict_and_by_file(tmp_path):
    table = penta.Game(players=("Ada", "Cpu"), computer=[1], seed=12)
    table.roll()
    table.score("chance")
    table.play_computer_turns()
    assert penta.Game.from_dict(table.to_dict()) == table
    assert save.from_dict(save.to_dict(table)) == table
    path = tmp_path / "game.json"
    table.save(path)
    assert penta.Game.load(path) == table
    with pytest.raises(IllegalMove, match="not a saved game"):
        penta.Game.from_dict([])


@pytest.mark.parametrize("args", [["--simulate", "-3"], ["--simulate", "²"], ["--seed", "9" * 30]])
def test_the_command_line_refuses_bad_numbers_with_a_usage_error(args, capsys):
    with pytest.raises(SystemExit) as stop:
        solver.main(["--build", "no-bonus", *args])
    assert stop.value.code == 2
    assert "error: argument" in capsys.readouterr().err
