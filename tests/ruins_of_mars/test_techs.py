"""Step 6: Replicate 1 Tech, the display, the decks, Tech Rewards and the card file."""
import json

import pytest

from mars_rules import CHANCE

from .helpers import at_step, chance, game, go, illegal, position, put_in_display, roundtrip, with_player, with_tech

from mars_rules.ruins_of_mars import data


def _at_replicate(s=None, **board):
    s = s or position()
    return s.edit().place_rover("Workshop").set_turn(s.current, "replicate").set_player(0, **board).done()


def test_step6_display_price_is_resource_cost_plus_the_oxygen_of_the_space():
    s = put_in_display(position(), "L1-01", 2)            # Dust Filter costs 1 Fuel, 1 Parts, 1 Plans; +2 Oxygen
    s = _at_replicate(s, resources=(1, 1, 1, 1))
    e = illegal(s, "replicate", level=1, space=2, row=1)
    assert e.reason == ("Dust Filter costs 1 Fuel, 1 Parts, 1 Plans plus 2 Oxygen for its space; you have "
                        "1 Fuel, 1 Parts, 1 Plans, 1 Oxygen.")
    assert e.rule == "Step 6: Paying for Tech"
    s = with_player(s, 0, resources=(1, 1, 1, 2))
    s = go(s, "replicate", level=1, space=2, row=1)
    assert s.boards[0].resources == (0, 0, 0, 0) and s.boards[0].techs[0] == "L1-01"


def test_step6_refill_shifts_the_column_down_into_the_plus3_space():
    s = put_in_display(position(), "L1-01", 3)
    before = s.display[0]
    s = _at_replicate(s, resources=(7, 7, 7, 7))
    s = go(s, "replicate", level=1, space=3, row=2)
    assert s.to_move == CHANCE and s.chance == "refill_display"
    assert s.display[0] == (None, before[0], before[1], before[3])
    outcomes = s.legal_actions()
    assert {a.get("card") for a in outcomes} == set(s.decks[0]) and len(outcomes) == 12
    new = s.decks[0][5]
    e = illegal(s, "refill_display", player=CHANCE, level=1, card=s.display[1][0])     # a Level 2 card
    assert e.reason == "That is not one of the possible outcomes of this refill display."
    s = chance(s, "refill_display", level=1, card=new)
    assert s.display[0] == (new, before[0], before[1], before[3]) and new not in s.decks[0]
    assert s.step == "reallocate"
    roundtrip(s)


def test_step6_deck_price_is_4_oxygen_plus_the_cost_and_the_deck_is_searched():
    s = position()
    cid = s.decks[0][0]
    card = s.cards.tech[cid]
    s = _at_replicate(s, resources=(3, 3, 3, 3))
    assert not any(a.kind == "search_deck" for a in s.legal_actions())   # 3 Oxygen: not enough
    e = illegal(s, "search_deck", level=1)
    assert e.reason == "Searching a deck costs 4 Oxygen first; you have 3."
    s = with_player(s, 0, resources=(3, 3, 3, 4 + card.cost[3]))
    s = go(s, "search_deck", level=1)
    assert s.search == 1 and all(a.kind in ("take_from_deck", "skip") for a in s.legal_actions())
    s = go(s, "take_from_deck", card=cid, row=3)
    assert s.boards[0].techs[6] == cid and cid not in s.decks[0] and len(s.decks[0]) == 11
    assert s.boards[0].resources == tuple(3 - c for c in card.cost[:3]) + (0,)
    assert s.step == "reallocate"  # no refill: the display did not change


def test_step6_close_a_searched_deck_without_taking_a_tech():
    s = _at_replicate(resources=(7, 7, 7, 7))
    e = illegal(s, "take_from_deck", card=s.decks[0][0], row=1)
    assert e.reason == "Open a deck first (search_deck), then take a Tech from it."
    assert e.rule == "Step 6: Replicate 1 Tech"
    s = go(s, "search_deck", level=1)
    s = go(s, "skip", step="replicate", level=1)
    assert s.search == 0 and s.step == "replicate"


def test_step6_level_requirements():
    s = _at_replicate(resources=(7, 7, 7, 7), languages=(3, 0, 0, 0, 0))
    e = illegal(s, "replicate", level=3, space=1, row=1)
    assert e.reason == ("A Level 3 Tech needs the A space on 2 Language tracks and the B space on 1; "
                        "you have A on red, B on none.")
    assert e.rule == "Step 6: Tech Level and Language Requirements"
    e = illegal(s, "replicate", level=2, space=1, row=1)
    assert e.reason == "A Level 2 Tech needs the A space on 2 Language tracks; you have A on red."
    s = with_player(s, 0, languages=(6, 3, 0, 0, 0))   # the B track may be one of the two A tracks
    kinds = {(a.kind, a.get("level")) for a in s.legal_actions()}
    assert ("replicate", 3) in kinds and ("replicate", 2) in kinds


def test_step6_column_space_and_fixed_placement():
    s = position()
    for row, cid in enumerate(("L1-01", "L1-02", "L1-03")):
        s = with_tech(s, 0, cid, row)
    s = _at_replicate(s, resources=(7, 7, 7, 7))
    e = illegal(s, "replicate", level=1, space=1, row=1)
    assert e.reason == "Your Level 1 column is full: at most 3 Techs of each Level."
    s = with_tech(position(), 0, "L1-01", 0)
    s = _at_replicate(s, resources=(7, 7, 7, 7))
    e = illegal(s, "replicate", level=1, space=1, row=1)
    assert e.reason == ("Row 1 of your Level 1 column already holds L1-01: a placed Tech never moves; "
                        "free rows: 2, 3.")
    assert e.rule == "Step 6: Placing Tech"


def test_step6_only_one_tech_per_turn():
    s = _at_replicate(resources=(7, 7, 7, 7))
    s = go(s, "replicate", level=1, space=4, row=1)
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    e = illegal(s, "replicate", level=1, space=4, row=2)
    assert e.reason == "You may replicate only a single Tech each turn, and you already did."


def test_step6_empty_deck_leaves_the_top_space_empty():
    s = position()
    b = s.edit()
    for cid in s.decks[0]:                  # the Level 1 deck out of the game
        b.remove_tech(cid)
    s = b.done()
    s = _at_replicate(s, resources=(7, 7, 7, 7))
    s = go(s, "replicate", level=1, space=2, row=1)
    assert s.display[0][0] is None and s.step == "reallocate"
    assert "The Level 1 deck is empty" in " ".join(s.events)
    roundtrip(s)


# ----- Tech Rewards ------------------------------------------------------------------------------------
def test_tech_rewards_one_time_hourglass_and_language():
    s = put_in_display(put_in_display(position(), "L1-01", 4), "L1-02", 3)
    s = _at_replicate(s, resources=(7, 7, 7, 7))
    t = go(s, "replicate", level=1, space=4, row=1)
    assert t.boards[0].hourglass == 1                        # Dust Filter: one time 1 Hourglass
    t = go(s, "replicate", level=1, space=3, row=1)
    assert t.boards[0].languages[1] == 1                     # Signal Lamp: one time +1 orange


def test_tech_rewards_free_ability_at_the_start_of_the_turn():
    s = with_tech(position(players=2, seat=1, step="pass_rover", rover=0), 0, "L1-05", 0)   # gain 1 Fuel
    s = go(s, "pass_rover")
    assert s.step == "start_of_turn" and s.to_move == 0
    (done, free) = s.legal_actions()
    assert str(free) == "Free ability of Solar Kite (L1-05, start of turn): gain 1 Fuel"
    s = go(s, "use_free_ability", card="L1-05")
    assert s.boards[0].resources[0] == 1 and s.step == "place_rover"
    e = illegal(s, "use_free_ability", card="L1-05")
    assert "Free Abilities are used at their stated time" in e.reason


def test_tech_rewards_free_ability_after_the_action():
    s = with_tech(position(), 0, "L2-05", 0)                  # after the Action: remove 1 Radiation
    s = _at_replicate(s, radiation=2)
    s = go(s, "use_free_ability", card="L2-05")
    assert s.boards[0].radiation == 1
    e = illegal(s, "use_free_ability", card="L2-05")
    assert e.reason == "A Free Ability may be used once per turn."


def test_tech_rewards_hourglass_ability_once_per_turn_even_the_turn_it_was_replicated():
    s = put_in_display(position(), "L1-06", 4)                # 1 Hourglass: remove 1 Radiation
    s = _at_replicate(s, resources=(7, 7, 7, 7), hourglass=2, radiation=3)
    s = go(s, "replicate", level=1, space=4, row=1)
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    assert s.step == "pass_rover"
    s = go(s, "tech_ability", card="L1-06", owner=0, via="hourglass")
    assert s.boards[0].radiation == 2 and s.boards[0].hourglass == 1
    e = illegal(s, "tech_ability", card="L1-06", owner=0, via="hourglass")
    assert e.reason == "Each Hourglass ability may be used only once per turn." and e.rule == "Using Abilities"


def test_tech_rewards_end_game_pp_are_scored():
    s = with_tech(with_tech(position(), 0, "L1-04", 0), 0, "L3-03", 1)     # 1 PP and 6 PP
    assert s.score().points(0, "Tech PP") == 7


# ----- the card file ------------------------------------------------------------------------------------
def test_default_cards_are_marked_assumed_and_complete():
    src = data.default_card_data()
    assert src["assumed"] is True
    cards = data.CARDS
    assert len(cards.tech) == 48 and [len(x) for x in cards.levels] == [16, 16, 16]
    kinds = {c.kind for c in cards.tech.values()}
    assert kinds == {"one_time", "end_game", "free_ability", "ability"}
    assert {c.classification for c in cards.tech.values()} == {"A", "B", "C", "D"}


def test_user_cards_from_a_json_file_replace_the_default_and_travel_with_the_position(tmp_path):
    src = data.default_card_data()
    src["assumed"] = False
    for c in src["tech"]:
        c["name"] = "Real " + c["name"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(src))
    s = game.new_game(players=2, seed=3, characters="deal", cards=str(path))
    assert all(s.cards.tech[c].name.startswith("Real ") for c in s.display[0])
    text = s.to_json()
    assert '"cards"' in text
    again = game.from_json(text)
    assert again == s and again.cards.tech["L1-01"].name == "Real Dust Filter"
    bad = dict(src, tech=src["tech"][:47])
    with pytest.raises(ValueError, match="needs 16 Techs of each Level"):
        data.load_cards(bad)


def test_the_shipped_card_file_is_the_default_set_and_loads():
    with open(data.DEFAULT_CARDS_PATH, encoding="utf-8") as f:
        assert json.load(f) == data.default_card_data()
    assert data.load_cards(data.DEFAULT_CARDS_PATH) == data.CARDS


def test_tech_rewards_free_ability_at_the_start_of_the_turn_only_when_it_can_be_used(tmp_path):
    # a user's card file with start-of-turn Free Abilities that remove 1 Radiation and move 1 on the red
    # track: the turn stops on "start_of_turn" only while one of them can do something
    src = data.default_card_data()
    for card in src["tech"]:
        if card["id"] == "L1-05":
            card["reward"] = {"kind": "free_ability", "trigger": "start_of_turn", "effect": {"remove_radiation": 1}}
        if card["id"] == "L1-13":
            card["reward"] = {"kind": "free_ability", "trigger": "start_of_turn", "effect": {"advance": "red"}}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(src), encoding="utf-8")
    s = game.new_game(players=2, seed=1, first_player=0, characters="deal", cards=str(path))
    for cid in ("L1-05", "L1-13"):
        s = with_tech(s, 0, cid, 0 if cid == "L1-05" else 1)
    s = with_player(s, 0, languages=(8, 0, 0, 0, 0))               # red stops on 8: no Level 3 Tech to master it
    s = at_step(s, "pass_rover", rover="Wasteland", seat=1)
    clean = go(s, "pass_rover")
    assert clean.step == "place_rover"                        # no Radiation, red blocked: nothing to use
    assert not any(a.kind == "use_free_ability" for a in clean.legal_actions())
    hot = go(with_player(s, 0, radiation=2), "pass_rover")
    assert hot.step == "start_of_turn" and hot.to_move == 0
    assert [a.get("card") for a in hot.legal_actions() if a.kind == "use_free_ability"] == ["L1-05"]
    hot = go(hot, "use_free_ability", card="L1-05")
    assert hot.boards[0].radiation == 1 and hot.step == "place_rover"
