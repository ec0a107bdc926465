"""Memory and time bounded where a user's input sets the size (issue 27): simulations play
their games in blocks, a win-chance seat keeps a bounded memory, result codes and saves are
read in time linear in their length and refused at once beyond the longest legal game, an
upload over the limit is refused in words, the teacher's CSV is safe in a spreadsheet."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

from dicelab import IllegalMove
from dicelab.classroom import codes as classroom
from dicelab.classroom.codes import MAX_CODE, MAX_LETTERS, read_result_code, result_code
from dicelab.classroom.results import (
    MAX_NAME,
    MAX_TEXT,
    MAX_UPLOAD,
    check_upload,
    example_codes,
    read_class,
    safe_cell,
)
from dicelab.farkle import Game as Farkle
from dicelab.farkle import save as farkle_save
from dicelab.farkle import simulate as sim
from dicelab.farkle.game import Event
from dicelab.farkle.moves import Roll, SetAside
from dicelab.farkle.risk import turn_tables
from dicelab.farkle.winchance import solve_win_chances
from dicelab.penta import Game as Penta
from dicelab.penta import save as penta_save
from dicelab.savefile import MAX_EVENT

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def chances():
    return solve_win_chances(target=1000)


def _never_banking(moves: int, seed: int = 1) -> Farkle:
    """A solo duplicate-dice game that never banks: the least set-aside, then roll."""
    game = Farkle(("Ada",), False, seed=seed, duplicate=True)
    while len(game.events) < moves:
        asides = [m for m in game.legal_moves() if isinstance(m, SetAside)]
        game.push(min(asides, key=lambda m: len(m.positions)) if asides else Roll())
    return game


# -- simulations -------------------------------------------------------------------------------


def test_games_are_simulated_block_by_block(monkeypatch):
    sizes = []
    start = sim._Games.start.__func__

    def recorded(cls, games, count):
        sizes.append(games)
        return start(cls, games, count)

    monkeypatch.setattr(sim, "_FIXED_BLOCK", 40)
    monkeypatch.setattr(sim._Games, "start", classmethod(recorded))
    results = sim.simulate_games([300, "optimal"], 130, target=2000, seed=1)
    assert sizes == [40, 40, 40, 10]
    assert results.totals.shape == (130, 2)
    assert (results.totals.max(axis=1) >= 2000).all()


def test_a_win_chance_seat_keeps_its_memory_bounded(monkeypatch, chances):
    budget, held = 40_000, []
    keep = sim._WinSeat._keep

    def recorded(self, key, turn):
        kept = keep(self, key, turn)
        held.append((self.held, len(self.memo)))
        return kept

    monkeypatch.setattr(sim, "_WIN_MEMO", budget)
    monkeypatch.setattr(sim._WinSeat, "_keep", recorded)
    monkeypatch.setattr(sim, "_GAME_BLOCK", 50)
    sim.simulate_games([chances, 300], 120, target=1000, seed=2)
    assert len(held) > 20
    assert all(size <= budget or count == 1 for size, count in held)


def test_a_win_chance_seat_plays_the_optimal_decisions(chances):
    tables = turn_tables(chances.rules)
    unit = chances.unit
    _, offsets = sim._roll_lookup(tables)
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(60):
        a, b = (int(x) for x in rng.integers(0, len(chances.start), size=2))
        turn = sim._win_turn(chances, a * unit, b * unit, False)
        t, n = int(rng.integers(1, 12)), int(rng.integers(1, 7))
        bank = chances.bank_chance(a * unit, b * unit, t * unit)
        roll = chances.roll_chance(a * unit, b * unit, t * unit, n)
        if abs(bank - roll) > 1e-9:  # no tie
            banks = bool(turn.bank(np.array([t]), np.array([n]))[0])
            assert banks == (bank >= roll)
            checked += 1
        r = int(rng.integers(0, len(tables.dice[n].rolls)))
        roll_dice = tables.dice[n].rolls[r]
        step, left = turn.move(np.array([t]), np.array([offsets[n] + r]))
        best = chances.best_set_aside(roll_dice, a * unit, b * unit, t * unit)
        after = chances.chance(a * unit, b * unit, (t + int(step[0])) * unit, int(left[0]))
        assert after == pytest.approx(best.value, abs=1e-12)
    assert checked > 30


def test_a_simulation_plays_a_bounded_number_of_games():
    with pytest.raises(IllegalMove, match="from 0 to 10,000,000 games"):
        sim.simulate_games([300, 300], sim.MAX_GAMES + 1)
    with pytest.raises(IllegalMove, match="whole number"):
        sim.simulate_games([300, 300], True)


# -- result codes ------------------------------------------------------------------------------


def test_a_code_longer_than_any_game_is_refused_before_it_is_read(monkeypatch):
    def never(letters):
        raise AssertionError("read")

    monkeypatch.setattr(classroom, "_from_base32", never)
    for kind in ("P", "F"):
        with pytest.raises(IllegalMove, match="longer than any game's code"):
            read_result_code(f"{kind}1" + "0" * (MAX_LETTERS[kind] - 1))
    with pytest.raises(IllegalMove, match="longer than any game's code"):
        read_result_code("-" * (MAX_CODE + 1))


def test_the_bounds_are_those_of_the_longest_games():
    assert classroom.MAX_PENTA_MOVES == 6 * 13 * 6
    assert classroom._PENTA_RADIX == 13 + 31 + 1
    assert classroom.MAX_FARKLE_MOVES == farkle_save.MAX_MOVES >= 3 * 7 * 300 * 3
    # 6.04 bits a Farkle move (base 66), 5 bits a letter
    assert MAX_LETTERS["F"] == pytest.approx(20_000 * np.log2(66) / 5, rel=0.002)
    assert MAX_LETTERS["P"] < 500


def test_a_dash_before_the_head_is_refused():
    (_, code), *_ = example_codes(1)
    assert read_result_code(" " + code) is not None
    for bad in ("-" + code, "--" + code, "-" + code.replace("-", "")):
        with pytest.raises(IllegalMove, match="begins with P1"):
            read_result_code(bad)


def test_reading_a_code_is_linear_in_its_moves(monkeypatch):
    codes = {n: result_code(_never_banking(n)) for n in (150, 300)}
    calls = {"n": 0}
    ends_turn = Event.ends_turn.fget

    def counted(self):
        calls["n"] += 1
        return ends_turn(self)

    monkeypatch.setattr(Event, "ends_turn", property(counted))
    used = {}
    for n, code in codes.items():
        calls["n"] = 0
        read_result_code(code)
        used[n] = calls["n"]
    assert used[300] <= 2.2 * used[150]  # the whole log scanned at every roll: about 4


def test_a_farkle_game_beyond_the_bound_has_no_code(monkeypatch):
    code = result_code(_never_banking(12))
    monkeypatch.setattr(classroom, "MAX_FARKLE_MOVES", 10)
    with pytest.raises(IllegalMove, match="more than 10 moves"):
        result_code(_never_banking(11))
    with pytest.raises(IllegalMove, match="not a result code"):
        read_result_code(code)


# -- saves -------------------------------------------------------------------------------------


def test_a_save_longer_than_any_game_is_refused_before_it_is_parsed(monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("parsed")

    monkeypatch.setattr(json, "loads", never)
    for cls, module in ((Farkle, farkle_save), (Penta, penta_save)):
        with pytest.raises(IllegalMove, match="longer than any game's save"):
            cls.from_json(" " * (module.MAX_CHARS + 1))
        with pytest.raises(IllegalMove, match="longer than any game's save"):
            cls.from_json(b" " * (4 * module.MAX_CHARS + 1))


def test_a_save_of_more_moves_than_any_game_is_refused_before_its_replay(monkeypatch):
    def never(*args):
        raise AssertionError("replayed")

    for cls, module in ((Farkle, farkle_save), (Penta, penta_save)):
        data = cls(("Ada",), seed=3).to_dict()
        data["events"] = [["roll", [1, 2, 3, 4, 5]]] * (module.MAX_MOVES + 1)
        monkeypatch.setattr(module, "_replay", never)
        with pytest.raises(IllegalMove, match="more than any game can"):
            cls.from_dict(data)


def test_the_longest_farkle_save_is_within_its_bound():
    game = _never_banking(400)
    text = game.to_json(indent=1)
    assert len(text) <= farkle_save.MAX_CHARS
    events = len(json.dumps(json.loads(text)["events"], indent=1))
    assert events / len(game.events) <= MAX_EVENT / 1.5
    assert Farkle.from_json(text) == game


# -- the teacher's dashboard --------------------------------------------------------------------


def test_an_upload_over_the_limit_is_refused_in_words():
    assert MAX_UPLOAD == 4 * MAX_TEXT < 10 * 2**20
    with pytest.raises(IllegalMove, match=r"at most 8,000,000 bytes \(2,000,000 characters\)"):
        check_upload("class.txt", b"a" * (MAX_UPLOAD + 1))
    with pytest.raises(IllegalMove, match="too large: 12,000,000 bytes"):
        check_upload("class.txt", b"", 12_000_000)  # the page sent its size, not its content
    assert check_upload("class.txt", b"Ada: P1-X") == "Ada: P1-X"


def test_the_page_and_the_kernel_agree_on_the_upload_limit():
    source = (ROOT / "frontend" / "src" / "widgets.js").read_text(encoding="utf-8")
    assert int(re.search(r"const MAX_UPLOAD = (\d+);", source).group(1)) == MAX_UPLOAD
    built = ROOT / "share/jupyter/voila/templates/dicelab/static/frontend"
    assert any("8e6" in p.read_text() or "8000000" in p.read_text() for p in built.glob("*.js"))


def test_the_csv_is_safe_in_a_spreadsheet():
    (_, code), *_ = example_codes(1)
    text = f'=HYPERLINK("http://x"): {code}\n@SUM(A1): {code}\n{"B" * 500}: {code}'
    rows = read_class(text).to_csv().splitlines()[1:]
    assert rows[0].split(",")[1].startswith("\"'=HYPERLINK")
    assert rows[1].split(",")[1] == "'@SUM(A1)"
    assert rows[2].split(",")[1] == "B" * (MAX_NAME - 1) + "…"
    assert [safe_cell(v) for v in ("+1", "-1", "\t1", "\r1", 5, -5)] == [
        "'+1",
        "'-1",
        "'\t1",
        "'\r1",
        5,
        -5,
    ]
