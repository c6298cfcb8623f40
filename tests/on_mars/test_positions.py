"""Malformed and impossible positions raise PositionError listing every problem."""
import json

import pytest

from mars_rules.core import PositionError
from mars_rules.on_mars import from_json, new_game


def edited(**changes):
    d = json.loads(new_game(players=2, seed=7).to_json())
    for k, v in changes.items():
        d[k] = v
    return json.dumps(d)


def problems(text):
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def test_round_trip_to_the_byte():
    t = new_game(players=4, seed=3).to_json()
    assert from_json(t).to_json() == t


def test_not_json_or_another_game():
    assert problems("{nope")[0].startswith("not valid JSON")
    assert "on_mars" in problems('{"format": 1, "game": "ruins"}')[0]
    assert problems(b"\xff")[0].startswith("the position is not UTF-8")
    assert problems(42)


def test_missing_and_extra_keys_are_all_listed():
    d = json.loads(new_game().to_json())
    del d["level"]
    d["colour"] = "red"
    got = problems(json.dumps(d))
    assert any('missing key "level"' in p for p in got) and any('unexpected key "colour"' in p for p in got)


def test_bad_values_are_all_listed():
    got = problems(edited(level=9, lss=[1, 1, 1], step="nap", order=[0, 0]))
    assert any(p.startswith("level") for p in got)
    assert any(p.startswith("lss") for p in got)
    assert any(p.startswith("step") for p in got)
    assert any("share a Turn Order space" in p for p in got) or any(p.startswith("order") for p in got)


def test_impossible_positions():
    d = json.loads(new_game().to_json())
    d["pieces"][0]["crystals"] = 4
    d["pieces"][1]["lq"] = 9
    got = problems(json.dumps(d))
    assert any("Crystals" in p for p in got)
    assert any("Colonists counted" in p for p in got)
    d = json.loads(new_game().to_json())
    d["pieces"][0]["lab"].append(["shelter", "bottom", 1])
    assert any("two Tech tiles of one type" in p for p in problems(json.dumps(d)))


def test_wrong_types_never_raise_another_exception():
    for bad in ({"pieces": "x"}, {"slots": [1, 2]}, {"buildings": [[1]]}, {"tiles": [[[0, 0], "x", 99]]},
                {"missions": [[99, 0]]}, {"decks": [[], [], [], [], [], [5, 1]]}, {"to_move": 7}):
        with pytest.raises(PositionError):
            from_json(edited(**bad))


def test_your_own_cards_load_and_play(tmp_path):
    import random
    from mars_rules.on_mars import data as D
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"missions": [["Scout", "claim", 1], ["Build", "construct:mine", 1],
                                             ["Learn", "tech", 1]],
                                "discovery_tiles": [["Big geode", [["crystal", 3]]]]}))
    cards = D.load_cards(str(path))
    old = D.use_cards(cards)
    try:
        s = new_game(players=2, seed=1)
        assert {D.MISSIONS[c][0] for c, _n in s.missions} == {"Scout", "Build", "Learn"}
        rng = random.Random(1)
        while not s.is_over:
            s = s.resolve_chance() if s.to_move == "chance" else s.apply(
                s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        assert from_json(s.to_json()) == s
    finally:
        D.use_cards(old)
    assert D.MISSIONS[0][0] == "Power Grid"
    with pytest.raises(ValueError) as e:
        D.load_cards({"missions": [["x", "fly", 0]] * 3, "boats": []})
    assert "missions[0]" in str(e.value) and "'boats'" in str(e.value)
