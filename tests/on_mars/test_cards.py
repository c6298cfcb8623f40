"""Your own card lists: a game keeps them (`state.cards`), and its positions carry them in their JSON."""
import json
import random
import subprocess
import sys

import pytest

from mars_rules.core import PositionError
from mars_rules.on_mars import data as D
from mars_rules.on_mars import codec, from_json, new_game

MY_CARDS = {
    "missions": [["Scouts", "claim", 1], ["Miners", "construct:mine", 1], ["Scholars", "tech", 1]],
    "scientists": [["Dr Ares", "mine"], ["Dr Phobos", "generator"], ["Dr Deimos", "water"]],
    "discovery_tiles": [["Big geode", [["crystal", 3]]]],
}


def _play(s, seed, until=None):
    rng = random.Random(seed)
    n = 0
    while not s.is_over and (until is None or n < until):
        if s.to_move == "chance":
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
        n += 1
    return s


def test_a_default_game_stores_no_cards_in_its_json():
    s = new_game(players=2, seed=3)
    assert s.cards is D.DEFAULT_CARDS and s.cards.default
    assert '"cards"' not in s.to_json()
    assert from_json(s.to_json()).cards is D.DEFAULT_CARDS


def test_a_game_with_its_own_cards_keeps_them_and_stores_only_those_lists():
    s = new_game(players=2, seed=3, cards=MY_CARDS)
    assert s.cards.custom == ("missions", "scientists", "discovery_tiles")
    assert sorted(s.cards.missions[c][0] for c, _n in s.missions) == ["Miners", "Scholars", "Scouts"]
    assert {s.cards.scientists[c][0] for c in s.sci_display} <= {"Dr Ares", "Dr Phobos", "Dr Deimos"}
    assert s.cards.goals == D.GOALS  # lists not given stay built-in
    d = json.loads(s.to_json())
    assert list(d)[-1] == "cards" and list(d["cards"]) == ["missions", "scientists", "discovery_tiles"]
    assert d["cards"]["missions"][0] == ["Scouts", "claim", 1]
    assert D.MISSIONS[0][0] == "Power Grid"  # nothing was installed process-wide
    # the sentences and events use the game's cards
    texts = " ".join(str(a) for a in s.legal_actions()) + " ".join(new_game(2, 3, cards=MY_CARDS).events)
    assert "Power Grid" not in texts


def test_cards_from_a_file_or_a_cards_object(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(MY_CARDS))
    a = new_game(players=3, seed=2, cards=str(path))
    b = new_game(players=3, seed=2, cards=D.Cards(D.load_cards(MY_CARDS)))
    assert a == b and a.cards == b.cards
    assert new_game(players=3, seed=2, cards={}).cards is D.DEFAULT_CARDS
    with pytest.raises(TypeError):
        new_game(players=2, cards=42)
    with pytest.raises(ValueError) as e:
        new_game(players=2, cards={"missions": [["x", "fly", 0]] * 3})
    assert "missions[0]" in str(e.value)


def test_a_saved_position_reloads_with_its_cards_in_a_fresh_process(tmp_path):
    s = _play(new_game(players=2, seed=5, cards=MY_CARDS), seed=5, until=120)
    text = s.to_json()
    path = tmp_path / "pos.json"
    path.write_text(text, encoding="utf-8")
    code = (
        "import sys, random\n"
        "from mars_rules.on_mars import from_json, data as D\n"
        "t = open(sys.argv[1], encoding='utf-8').read()\n"
        "s = from_json(t)\n"
        "assert s.to_json() == t and D.MISSIONS[0][0] == 'Power Grid'\n"
        "print(sorted(s.cards.missions[c][0] for c in s.decks[5]), s.cards.scientists[0][0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]))
    assert out.stdout.split("]")[-1].strip() == "Dr Ares"
    assert from_json(text) == s
    # and the reloaded game plays on exactly like the original
    assert _play(from_json(text), seed=9) == _play(s, seed=9)


def test_cards_installed_with_use_cards_are_carried_too():
    old = D.use_cards(D.load_cards({"missions": MY_CARDS["missions"]}))
    try:
        s = new_game(players=2, seed=1)
    finally:
        D.use_cards(old)
    assert s.cards.custom == ("missions",)
    t = s.to_json()
    assert from_json(t) == s and from_json(t).cards.missions[0][0] == "Scouts"


def test_bad_cards_in_a_position_are_listed():
    s = new_game(players=2, seed=1, cards=MY_CARDS)
    d = json.loads(s.to_json())
    bad = dict(d, cards={"missions": [["x", "fly", 0]] * 3, "boats": []})
    with pytest.raises(PositionError) as e:
        from_json(json.dumps(bad))
    assert any("missions[0]" in p and "'boats'" in p for p in e.value.problems)
    bad = dict(d, cards=[1, 2])
    with pytest.raises(PositionError):
        from_json(json.dumps(bad))
    # a card beyond the game's own (shorter) list: a built-in Mission's name, or (format 1) its id
    bad = dict(d, missions=[{"card": "Power Grid", "contributions": 0}] + d["missions"][1:])
    with pytest.raises(PositionError) as e:
        from_json(json.dumps(bad))
    assert any(p.startswith("missions[0].card") for p in e.value.problems)
    d1 = codec.to_dict(s, 1)
    bad = dict(d1, missions=[[7, 0]] + d1["missions"][1:])
    with pytest.raises(PositionError) as e:
        from_json(json.dumps(bad))
    assert any(p.startswith("missions[0]") for p in e.value.problems)
    # without the custom lists a position is read against the built-in ones: format-1 card ids load so,
    # format-2 names of the custom lists are refused, each naming its path
    plain = {k: v for k, v in d1.items() if k != "cards"}
    assert from_json(json.dumps(plain)).cards is D.DEFAULT_CARDS
    with pytest.raises(PositionError) as e:
        from_json(json.dumps({k: v for k, v in d.items() if k != "cards"}))
    assert any(p.startswith("missions[0].card: \"Scouts\"") or p.startswith("missions[0].card: \"Miners\"")
               or p.startswith("missions[0].card: \"Scholars\"") for p in e.value.problems)
