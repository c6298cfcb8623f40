"""The rule options of Mars (`OPTIONS`): each changes the rule it names, positions are read against their own
options (refused under others only where impossible), the docs list them, and caches do not mix games.

Each option has a scenario built with the position builder (`state.edit()`) or the game's helpers: the
same position under the option and under the rulebook's rules, and what differs.
"""
import json
import pickle
import random
import re

import pytest

from mars_rules.core import CHANCE, PositionError
from mars_rules.mars_colony import OPTIONS, from_json, new_game, quick_start
from mars_rules.mars_colony import __doc__ as PACKAGE_DOC
from mars_rules.mars_colony.builder import SLOT_NAMES
from mars_rules.mars_colony.data import IRON, OXYGEN, SILICON
from mars_rules.mars_colony.rules_setup import MINE_ACTIONS
from mars_rules.mars_colony.state import capacity, hand_limit

from .helpers import act, has, refused
from .test_format import ROOT, format1

MINES = ["IC", "SW"]
HANDS = ["IICO", "SSWO"]


def game(**options):
    """Two colonies after the draft and the deal (Ada: iron and carbon mines, Bo: silicon and water)."""
    return quick_start(["Ada", "Bo"], seed=1, mines=MINES, hands=HANDS, **options)


def problems(state_or_data):
    text = state_or_data if isinstance(state_or_data, str) else json.dumps(state_or_data)
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def under(state, **options) -> dict:
    """The position's format-2 JSON with its "options" replaced by `options` (the changed ones)."""
    d = json.loads(state.to_json())
    d["options"] = options
    return d


def end_turn(s):
    """Ada ends her turn: moves done, then the end-of-turn recount and limits."""
    return act(s, "end_moves")


# ----- the rules each option changes ------------------------------------------------------------------
@pytest.mark.parametrize("target", [10, 12])
def test_target_the_game_ends_at_the_end_of_a_turn_on_the_target(target):
    s = (game(target=target).edit().build("Ada", "power plant", 2).build("Ada", "silo", 3)
         .build("Ada", "communications module", 3).habitats("Ada", ["powered"] * 4)
         .staff("Ada", "plant1", "plant2", "silo1", "silo2", "silo3", "comm1", "comm2", "comm3")
         .set_turn("Ada", "move_colonists").done())
    s = end_turn(s)
    assert s.colonies[0].vp == 10                      # 4 habitats, 3 silos, 3 modules
    assert s.is_over == (target == 10)
    if s.is_over:
        assert s.winners() == (0,) and "reached 10 VP" in s.score().tiebreak and s.score().variant


def test_turn_limit_ends_the_game_after_that_round_and_positions_are_read_against_it():
    s = game(turn_limit=3)
    rng = random.Random(3)
    while not s.is_over:
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    assert s.round == 3 and "Round limit 3" in s.score().tiebreak
    assert from_json(s.to_json()) == s
    # ended by its round limit: impossible under the default limit of 60
    assert any(p.startswith("result: the game is over") for p in problems(under(s)))
    # a position in round 12 of a game limited to 14 rounds: impossible under a limit of 10, fine under 60
    late = s.edit().options(turn_limit=14).set(round=12, result=()).set_turn("Ada", "trade").done()
    assert from_json(json.dumps(under(late))).round == 12
    found = problems(under(late, turn_limit=10))
    assert found == ["round: 12 is past the turn limit 10, where the game ends: raise `options.turn_limit` to 12 "
                     "or more (0 for no limit)"]


def test_start_hand_deals_that_many_cards_and_a_deal_is_read_against_it():
    three = new_game(players=2, seed=4, start_hand=3)
    while three.step != "deal":
        three = three.apply(three.legal_actions()[0])
    mid = three
    for _ in range(4):                                  # Ada's 3 cards and Bo's first
        mid = mid.resolve_chance()
    assert [sum(c.hand) for c in mid.colonies] == [3, 1]
    assert any(p.startswith("colonies[0].hand:") for p in problems(under(mid)))   # the default deals 4 to Ada
    while three.step == "deal":
        three = three.resolve_chance()
    assert [sum(c.hand) for c in three.colonies] == [3, 3] and sum(three.supply) == 25 - 6
    assert "Every player holds 3 cards" in " ".join(three.events)


def test_plant_energy_sets_each_plant_s_capacity():
    s = (game(plant_energy=4).edit().build("Ada", "communications module", 1).set_turn("Ada", "move_colonists")
         .done())
    col = s.colonies[0]
    assert capacity(col, s.cards, s.options) == 4 and capacity(col, s.cards) == 5
    comm1 = SLOT_NAMES["comm1"]
    e = refused(s, "staff", slot=comm1)                  # the module needs a 5th energy unit
    assert "above your capacity 4" in e.reason
    d = json.loads(s.to_json())
    d["options"] = {}
    assert has(from_json(json.dumps(d)), "staff", slot=comm1)   # one plant gives 5 under the rulebook


@pytest.mark.parametrize("options, kept", [({}, 4), ({"hand_limit": 6}, 6)])
def test_hand_limit_is_what_an_active_level_0_silo_keeps(options, kept):
    s = game(**options).edit().hand("Ada", "IIICCCW").set_turn("Ada", "move_colonists").done()
    assert hand_limit(s.colonies[0], s.cards, s.options) == kept
    s = end_turn(s)
    assert s.step == "discard" and s.legal_actions()[0].kind == "discard"
    while s.step == "discard":
        s = s.apply(s.legal_actions()[0])
    assert sum(s.colonies[0].hand) == kept and s.active == 1


@pytest.mark.parametrize("options, kept", [({}, 6), ({"cards_per_silo": 3}, 7), ({"cards_per_silo": 0}, 4)])
def test_cards_per_silo_is_what_each_new_active_silo_adds(options, kept):
    s = game(**options).edit().hand("Ada", "IIICCCWW").build("Ada", "power plant", 1).build("Ada", "silo", 1)
    s = s.staff("Ada", "plant1", "silo1").set_turn("Ada", "move_colonists").done()
    assert hand_limit(s.colonies[0], s.cards, s.options) == kept
    s = end_turn(s)
    while s.step == "discard":
        s = s.apply(s.legal_actions()[0])
    assert sum(s.colonies[0].hand) == kept


def test_earth_rate_is_the_cards_earth_takes_for_one():
    s = game(earth_rate=2).edit().hand("Ada", "IICW").set_turn("Ada", "trade").done()
    assert has(s, "earth_trade", give=IRON, get=OXYGEN, count=2)
    rulebook = from_json(json.dumps(under(s)))
    assert not any(a.kind == "earth_trade" for a in rulebook.legal_actions())
    assert "Earth takes 3 identical cards" in refused(rulebook, "earth_trade", give=IRON, get=OXYGEN, count=2).reason
    harder = from_json(json.dumps(under(s, earth_rate=4))).edit().hand("Ada", "IIIC").done()
    assert not any(a.kind == "earth_trade" for a in harder.legal_actions())


def test_spaceport_rate_is_the_earth_rate_with_a_spaceport():
    """Random play never reaches an active spaceport: a prepared one (and a Mass driver card) shows the option."""
    s = (game(spaceport_rate=1).edit().build("Ada", "power plant", 1).build("Ada", "spaceport")
         .staff("Ada", "plant1", "port").hand("Ada", "ICW").set_turn("Ada", "trade").done())
    assert has(s, "earth_trade", give=IRON, get=OXYGEN, count=1)          # 1 iron for 1 oxygen
    after = act(s, "earth_trade", give=IRON, get=OXYGEN, count=1)
    assert after.colonies[0].hand[IRON] == 0 and after.colonies[0].hand[OXYGEN] == 1
    rulebook = from_json(json.dumps(under(s)))                             # 2 for 1 under the rulebook
    assert not any(a.kind == "earth_trade" for a in rulebook.legal_actions())
    assert "Earth takes 2 identical cards" in refused(rulebook, "earth_trade", give=IRON, get=OXYGEN, count=1).reason
    pair = rulebook.edit().hand("Ada", "IICW").done()
    assert has(pair, "earth_trade", give=IRON, get=OXYGEN, count=2)
    # without the spaceport the option changes nothing: Earth takes earth_rate (3)
    bare = game(spaceport_rate=1).edit().hand("Ada", "IIICW").set_turn("Ada", "trade").done()
    assert has(bare, "earth_trade", give=IRON, get=OXYGEN, count=3)
    assert not has(bare, "earth_trade", give=IRON, get=OXYGEN, count=1)
    assert "no active spaceport: 1 for 1 needs one" in refused(bare, "earth_trade", give=IRON, get=OXYGEN,
                                                               count=1).reason
    # a Mass driver card face up trades at the same rate
    driver = game(spaceport_rate=1).edit().played("Ada", "Mass driver").hand("Ada", "ICW").set_turn("Ada", "trade")
    assert has(driver.done(), "earth_trade", give=IRON, get=OXYGEN, count=1)
    # ASSUMED reading: a rate above earth_rate is capped at it (a spaceport never makes Earth dearer)
    capped = from_json(json.dumps(under(s, spaceport_rate=5))).edit().hand("Ada", "IIIC").done()
    assert has(capped, "earth_trade", give=IRON, get=OXYGEN, count=3)
    assert not has(capped, "earth_trade", give=IRON, get=OXYGEN, count=5)
    four = from_json(json.dumps(under(s, spaceport_rate=4, earth_rate=5))).edit().hand("Ada", "IIIIC").done()
    assert has(four, "earth_trade", give=IRON, get=OXYGEN, count=4)
    assert from_json(s.to_json()) == s and json.loads(s.to_json())["options"] == {"spaceport_rate": 1}


def test_max_habitats_is_the_habitat_spaces_of_a_board_and_positions_are_read_against_it():
    s = game(max_habitats=2).edit().habitats("Ada", "dark", "dark").hand("Ada", "CSWO")
    s = s.set_turn("Ada", "build").done()
    assert not has(s, "build", installation="habitat")
    assert "2 habitat spaces" in refused(s, "build", installation="habitat", level=3).reason
    assert has(from_json(json.dumps(under(s))), "build", installation="habitat", level=3)   # room for 4
    five = game(max_habitats=6).edit().habitats("Ada", ["dark"] * 5).done()
    assert from_json(five.to_json()) == five
    found = problems(under(five))
    assert found == ["colonies[0].habs: 5 habitats besides level 0, where the board has 4 habitat spaces (option "
                     "max_habitats): remove 1 from `colonies[0].habs` or raise `options.max_habitats`"]
    assert from_json(json.dumps(under(s, max_habitats=6))).colonies[0].habs == s.colonies[0].habs   # 2 fit both
    with pytest.raises(PositionError, match="at most 2 habitats"):
        game(max_habitats=2).edit().habitats("Ada", ["dark"] * 3).done()


def test_science_for_magna_is_the_science_that_takes_magna_scientia():
    one = game(science_for_magna=1).edit().played("Ada", "Soil analysis").done()
    assert one.magna == 0                                # the builder gives it as the rules do
    assert any(p.startswith("magna: seat 0 holds Magna Scientia with 1 science point")
               for p in problems(under(one)))           # under the rulebook it takes 3
    two = game().edit().played("Ada", "Soil analysis", "Soil analysis").done()
    assert two.magna == -1
    assert any(p.startswith("magna: nobody holds Magna Scientia") for p in problems(under(two, science_for_magna=2)))
    drawn = game(science_for_magna=1).edit().build("Ada", "R&D centre", 1).staff("Ada", "rnd1")
    drawn = drawn.rd_deck("rd1", "Soil analysis").set_turn("Ada", "research_draw").done()
    after = act(drawn, "draw_rd", card="sci1")
    assert after.magna == 0 and any("takes Magna Scientia" in e for e in after.events)


def test_max_offers_is_the_offers_a_turn_allows():
    s = (game(max_offers=1).edit().build("Ada", "communications module", 1).staff("Ada", "comm1")
         .set_turn("Ada", "trade").done())
    s = act(act(act(act(s, "start_offer", partner=1), "offer_give", material=IRON), "offer_ask", material=SILICON),
            "send_offer")
    s = act(s, "refuse_offer")
    assert s.offers == 1 and not has(s, "start_offer")
    assert "most a turn allows (option max_offers 1" in refused(s, "start_offer", partner=1).reason
    assert has(from_json(json.dumps(under(s))), "start_offer", partner=1)          # 3 under the default
    twice = from_json(json.dumps(under(s, max_offers=3))).edit().set(offers=2).done()
    assert any(p.startswith("offers: 2 offers this turn, at most 1") for p in problems(under(twice, max_offers=1)))


# ----- new_game, positions, formats -------------------------------------------------------------------
def test_new_game_takes_the_options_by_name_and_refuses_bad_ones_naming_them():
    s = new_game(2, 7, target=10, hand_limit=6)
    assert (s.options.target, s.target, s.options.hand_limit, s.turn_limit) == (10, 10, 6, 60)
    assert json.loads(s.to_json())["options"] == {"target": 10, "hand_limit": 6}
    assert json.loads(new_game(2, 7).to_json())["options"] == {}
    for bad, words in (({"target": 4}, "target: 4 is outside 5..30"), ({"hand_limt": 6}, "did you mean hand_limit"),
                       ({"max_habitats": True}, "max_habitats: true is not an integer")):
        with pytest.raises(ValueError, match=re.escape(words)):
            new_game(2, 7, **bad)


def test_every_option_at_the_ends_of_its_range_plays_and_reloads():
    for o in OPTIONS:
        for value in (o.low, o.high):
            options = {o.name: value} if o.name == "turn_limit" else {o.name: value, "turn_limit": 12}
            s = new_game(players=4 if o.name == "start_hand" else 2, seed=2, **options)
            rng = random.Random(2)
            while not s.is_over:
                s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
                if s.round > 12:
                    break
            assert from_json(s.to_json()) == s, (o.name, value)


def test_a_variant_position_reads_back_from_format_1_and_its_problems_name_the_options_path():
    s = game(target=10, max_offers=1, hand_limit=6)
    one = format1(s)
    assert json.loads(one)["target"] == 10 and json.loads(one)["options"] == {"hand_limit": 6, "max_offers": 1}
    assert from_json(one) == s
    old = json.loads(format1(game()))
    assert "options" not in old and from_json(json.dumps(old)) == game()
    assert problems(under(s, target="ten")) == ['options.target: "ten" is not an integer']
    assert all(p.startswith("options") for p in problems(dict(json.loads(s.to_json()), options=[1])))


def test_the_builder_changes_the_options_of_a_position():
    s = game().edit().options(target=10).options(max_offers=0).done()
    assert json.loads(s.to_json())["options"] == {"target": 10, "max_offers": 0}
    with pytest.raises(PositionError, match=r"options\(\): target: 99 is outside 5..30"):
        game().edit().options(target=99).done()


def test_two_games_with_different_options_share_the_caches_without_mixing():
    def transcript(**options):
        s, rng, events = new_game(players=3, seed=6, **options), random.Random(6), []
        for _ in range(600):
            if s.is_over:
                break
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
            events += s.events
        return events, s
    MINE_ACTIONS.clear()
    alone = transcript()
    variant = {o.name: o.example for o in OPTIONS}
    changed = transcript(**variant)
    assert changed != alone
    assert transcript() == alone                   # the caches the variant filled answer the default alike
    MINE_ACTIONS.clear()
    assert transcript(**variant) == changed


def test_a_variant_state_pickles_for_simulate_s_process_pool():
    s = game(target=10, max_offers=1)
    assert pickle.loads(pickle.dumps(s)) == s and pickle.loads(pickle.dumps(s)).options.target == 10


# ----- the docs ---------------------------------------------------------------------------------------
def test_the_package_docstring_and_the_position_page_list_every_option_as_it_is():
    rows = {m[1]: m for m in re.finditer(r"^\| (\w+) \| (\d+) \| (\d+)\.\.(\d+)", PACKAGE_DOC, re.M)}
    assert set(rows) == {o.name for o in OPTIONS}
    for o in OPTIONS:
        row = rows[o.name]
        assert (int(row[2]), int(row[3]), int(row[4])) == (o.default, o.low, o.high), o.name
        assert ("ASSUMED" in row.string[row.end():].split("\n")[0]) != o.printed, o.name
    page = (ROOT / "docs" / "positions" / "mars_colony.md").read_text(encoding="utf-8")
    assert "## Rule options" in page and OPTIONS.markdown() in page
