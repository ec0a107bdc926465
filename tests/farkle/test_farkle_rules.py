"""Farkle scoring tables are data: presets, house tables, strict checks, JSON form."""

import json

import pytest

from dicelab import IllegalMove
from dicelab.farkle import PRESETS, Rules
from dicelab.farkle.rules import flat_kinds, multiplied_kinds


def test_default_is_standard_and_presets_are_named():
    assert Rules() == Rules.preset("standard")
    assert set(PRESETS) == {"standard", "minimal", "playmonster"}
    for name in PRESETS:
        assert Rules.preset(name).name == name


def test_rules_are_hashable_and_equal_by_value():
    assert hash(Rules()) == hash(Rules.custom("standard"))
    assert len({Rules(), Rules.preset("standard"), Rules.preset("minimal")}) == 2
    with pytest.raises(AttributeError):
        Rules().straight = 1000


@pytest.mark.parametrize("bad", ["classic", "", None, 3, "Standard"])
def test_unknown_preset_is_refused_with_the_choices(bad):
    with pytest.raises(IllegalMove) as error:
        Rules.preset(bad)
    assert "standard, minimal, playmonster" in str(error.value)


def test_standard_table_matches_the_spec():
    table = Rules().combinations
    assert table[(1,)] == 100 and table[(5,)] == 50
    assert table[(1, 1, 1)] == 1000
    for face in range(2, 7):
        assert table[(face,) * 3] == 100 * face
        assert table[(face,) * 4] == 200 * face
        assert table[(face,) * 5] == 300 * face
        assert table[(face,) * 6] == 400 * face
    assert table[(1, 2, 3, 4, 5, 6)] == 1500
    assert table[(1, 1, 3, 3, 4, 4)] == 750
    assert (2, 2, 2, 2, 3, 3) not in table  # four of a kind + a pair is not three pairs
    assert (2, 2, 2, 3, 3, 3) not in table  # two triplets: two three-of-a-kinds


def test_minimal_table_has_only_singles_and_triples():
    table = Rules.preset("minimal").combinations
    assert sorted(len(dice) for dice in table) == [1, 1] + [3] * 6
    assert table[(1, 1, 1)] == 1000 and table[(4, 4, 4)] == 400


def test_playmonster_table_matches_the_spec():
    table = Rules.preset("playmonster").combinations
    assert table[(1, 1, 1)] == 300 and table[(6, 6, 6)] == 600
    assert table[(3, 3, 3, 3)] == 1000
    assert table[(1, 1, 1, 1, 1)] == 2000
    assert table[(2,) * 6] == 3000
    assert table[(1, 2, 3, 4, 5, 6)] == 1500
    assert table[(2, 2, 4, 4, 5, 5)] == 1500
    assert table[(3, 3, 3, 3, 6, 6)] == 1500
    assert table[(1, 1, 1, 4, 4, 4)] == 2500


def test_kind_helpers():
    assert multiplied_kinds({3: 300}) == ((3, 3, 300), (3, 4, 600), (3, 5, 900), (3, 6, 1200))
    assert flat_kinds({3: 300}, five=None) == ((3, 3, 300), (3, 4, 1000), (3, 6, 3000))


def test_house_tables_change_fields_or_list_combinations():
    house = Rules.custom("house", three_pairs=500, extras={(1, 2, 3, 4, 5): 750})
    assert house.name == "house" and house.three_pairs == 500
    assert house.combinations[(1, 2, 3, 4, 5)] == 750
    assert Rules.custom("x", base="minimal", straight=1000).kinds == Rules.preset("minimal").kinds
    table = {(1,): 100, (5,): 50, (2, 2, 2): 200, (1, 5): 200, (3, 4, 5, 6): 400}
    assert Rules.from_table("t", table).combinations == table
    with pytest.raises(IllegalMove, match="colour"):
        Rules.custom("x", colour="red")


def test_mappings_are_stored_as_sorted_rows():
    rules = Rules(singles={5: 50, 1: 100}, kinds={(2, 3): 200})
    assert rules.singles == ((1, 100), (5, 50))
    assert rules.kinds == ((2, 3, 200),)


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"singles": {1: 0}}, "0"),
        ({"singles": {7: 100}}, "7"),
        ({"singles": {1: True}}, "True"),
        ({"straight": 2.5}, "2.5"),
        ({"straight": -100}, "-100"),
        ({"kinds": ((2, 2, 100),)}, "2"),
        ({"kinds": ((2, 3, 100), (2, 3, 200))}, "twice"),
        ({"extras": {(1, 7): 100}}, "7"),
        ({"extras": {(1, 2, 3, 4, 5, 6): 100}}, "twice"),  # the straight again
        ({"extras": {(): 100}}, "0 were given"),
        ({"singles": "15"}, "'15'"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_tables_are_refused(changes, named):
    with pytest.raises(IllegalMove) as error:
        Rules(**changes)
    assert "cannot be used" in str(error.value) or "dice" in str(error.value).lower()
    assert named in str(error.value)


def test_json_form_round_trips_and_is_strict():
    for rules in [*PRESETS.values(), Rules.custom("h", extras={(2, 3, 4): 250})]:
        data = json.loads(json.dumps(rules.to_dict()))
        assert Rules.from_dict(data) == rules
    data = Rules().to_dict()
    with pytest.raises(IllegalMove):
        Rules.from_dict({**data, "bonus": 1})
    with pytest.raises(IllegalMove):
        Rules.from_dict({**data, "straight": "1500"})
    with pytest.raises(IllegalMove):
        Rules.from_dict([])


def test_fingerprint_depends_on_combinations_only():
    assert Rules().fingerprint == Rules.custom("renamed").fingerprint
    assert Rules().fingerprint != Rules.custom("x", straight=1000).fingerprint
    assert len({r.fingerprint for r in PRESETS.values()}) == 3


def test_copies_and_pickles_stay_equal_and_hash_alike():
    import copy
    import pickle

    for rules in PRESETS.values():
        for twin in (copy.deepcopy(rules), pickle.loads(pickle.dumps(rules))):
            assert twin == rules and hash(twin) == hash(rules)
    changed = Rules.custom("standard", straight=1000)
    assert changed != Rules() and hash(changed) != hash(Rules())
