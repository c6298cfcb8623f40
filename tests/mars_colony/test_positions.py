"""Positions: byte-exact round trips, custom cards carried along, malformed positions listed problem by problem."""
import json

import pytest

from mars_rules.core import PositionError
from mars_rules.mars_colony import data, from_json, new_game
from mars_rules.mars_colony.data import CardSet, load_cards

from .helpers import at, colony, start


def test_round_trip_at_every_kind_of_step():
    s = new_game(players=3, seed=4)
    seen = set()
    for _ in range(400):
        t = s.to_json()
        assert from_json(t).to_json() == t and from_json(t) == s
        seen.add(s.step)
        s = s.resolve_chance() if s.to_move == "chance" else s.apply(s.legal_actions()[-1])
    assert {"mine_draft", "deal", "event", "trade", "build", "move_colonists"} <= seen


def bad(text_or_dict):
    text = text_or_dict if isinstance(text_or_dict, str) else json.dumps(text_or_dict)
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def test_malformed_positions_list_every_problem():
    d = start(2, seed=1).to_dict()
    assert bad("not json")
    assert bad(dict(d, game="ruins"))
    two = dict(d, round=0, target=11)
    probs = bad(two)
    assert len(probs) == 2 and any("round" in p for p in probs) and any("target" in p for p in probs)
    e = json.loads(json.dumps(d))
    e["colonies"][0]["hand"][0] += 1                      # 13 iron cards
    e["colonies"][1]["contracts"] = [0]
    e["colonies"][0]["contracts"] = [0]                   # one contract held twice
    e["colonies"][0]["staff"] |= 1 << 12                  # a colonist on an unbuilt module
    probs = bad(e)
    assert any("material 0: 13" in p for p in probs)
    assert any("held twice" in p for p in probs)
    assert any("not built" in p for p in probs)
    f = json.loads(json.dumps(d))
    f["to_move"] = 1
    f["colonies"][0]["extra"] = 3
    probs = bad(f)
    assert any("unexpected key" in p for p in probs)
    g = json.loads(json.dumps(d))
    g["to_move"] = 1
    assert any('to_move must be "chance"' in p for p in bad(g))
    assert bad(start(2, seed=1).view(0).to_json()) == [
        "this is one player's view (hidden cards blanked), not a full position"]


def test_mid_turn_positions_load_hand_above_the_limit():
    s = at(start(2, seed=1), "trade")
    s = colony(s, 0, hand=(4, 1, 1, 1, 1), )
    s = s._replace(reserve=tuple(12 - s.supply[m] - sum(c.hand[m] for c in s.colonies) for m in range(5)))
    assert from_json(s.to_json()) == s


def test_custom_cards_load_and_travel_with_the_position(tmp_path):
    d = data.DEFAULT_CARDS.to_dict()
    d["events"] = [e for e in d["events"] if e["id"] in ("calm", "minor_comm")]
    d["die"] = {"rd1": 1, "rd2": 0, "blank": 1}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(d))
    cards = load_cards(path)
    assert isinstance(cards, CardSet) and cards.event_count == 4
    s = new_game(players=2, seed=3, cards=str(path))
    t = s.to_json()
    assert '"cards"' in t and from_json(t).cards == cards and from_json(t).to_json() == t
    d["events"][0]["type"] = "volcano"
    d["rd1"][0]["copies"] = 0
    path.write_text(json.dumps(d))
    with pytest.raises(PositionError) as e:
        load_cards(path)
    assert len(e.value.problems) == 2


def test_new_game_options_are_checked():
    with pytest.raises(ValueError):
        new_game(players=5)
    with pytest.raises(ValueError):
        new_game(players=2, target=11)
    with pytest.raises(ValueError):
        new_game(players=2, colour="red")


def test_positions_without_any_next_move_are_refused():
    s = start(2, seed=1)
    d = json.loads(at(s, "discard").to_json())
    assert any("over the hand or contract limit" in p for p in bad(d))
    d = json.loads(s.to_json())
    d["event_discard"] = [a + b for a, b in zip(d["event_deck"], d["event_discard"])]
    d["event_deck"] = [0] * len(d["event_deck"])
    assert any("event deck cannot be empty" in p for p in bad(d))


def test_card_data_refuses_an_id_used_twice_across_the_decks():
    d = data.DEFAULT_CARDS.to_dict()
    d["rd2"][0]["id"] = d["events"][0]["id"]   # an R&D card named like an event card
    d["rd1"][1]["id"] = d["rd1"][0]["id"]      # two R&D1 cards with one id
    with pytest.raises(PositionError) as e:
        data.cards_from_dict(d)
    assert [p for p in e.value.problems if "used twice" in p] == [
        f"cards.rd1[1].id: {d['rd1'][0]['id']!r} is used twice",
        f"cards.rd2[0].id: {d['events'][0]['id']!r} is used twice"]
