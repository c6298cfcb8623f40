"""The On Mars position builder (`state.edit()`, mars_rules/on_mars/builder.py): every verb once, names,
problems listed all at once, the box kept whole, and built positions that play on."""
import random

import pytest

from mars_rules.core import CHANCE, PositionError
from mars_rules.on_mars import data as D
from mars_rules.on_mars import new_game
from mars_rules.on_mars.builder import Builder
from mars_rules.on_mars.invariants import problems as invariant_problems


def game():
    return new_game(players=["Ada", "Bo"], seed=7)


def problems_of(builder):
    with pytest.raises(PositionError) as e:
        builder.done()
    return e.value.problems


def test_state_edit_gives_the_on_mars_builder_and_leaves_the_state_alone():
    s = game()
    text = s.to_json()
    b = s.edit()
    assert isinstance(b, Builder)
    b.storage("Ada", water=4).crystals("Bo", 3).construct((1, -3), "Generator").learn("Ada", "Rover", "bottom")
    t = b.done()
    assert s.to_json() == text and t != s
    assert s.pieces[0].res[1] == 1 and s.lss[0] == 1


def test_player_fields_and_resource_aliases():
    b = game().edit()
    b.player("ada").mineral = 3
    assert b.player("Ada").mineral == 3 and b.player("Ada").res == (1, 1, 1, 1, 3)
    assert b.done().pieces[0].res[4] == 3


def test_storage_by_resource_name():
    t = game().edit().storage("Bo", battery=0, oxygen=4).done()
    assert t.pieces[1].res == (0, 1, 1, 4, 1)


def test_crystals_come_from_the_supply():
    s = game()
    t = s.edit().crystals("Ada", 4).done()
    assert t.pieces[0].crystals == 4 and t.supply == s.supply - 3


def test_move_colonists_between_places_keeps_twelve():
    s = game()
    t = (s.edit().move_colonists("Ada", 2, "reserve", "Living Quarters").move_colonists("Ada", 1, "lq", "wa")
         .move_colonists("Ada", 1, "living quarters", "Resupply").done())
    pl = t.pieces[0]
    assert (pl.lq, pl.wa, pl.reserve) == (s.pieces[0].lq, 1, s.pieces[0].reserve - 2)
    assert t.slots[D.ACTIONS.index("resupply")] == (0,)


def test_welcome_ships_moves_them_to_the_hangar_and_the_mission_counts():
    s = game()
    t = s.edit().welcome_ships("Bo", 2).done()
    assert (t.pieces[1].depot_ships, t.pieces[1].hangar) == (D.SHIPS - 2, 2)
    fleet = [i for i, (c, _n) in enumerate(s.missions) if s.cards.missions[c][1] == "ship"]
    for i in fleet:
        assert t.missions[i][1] == s.missions[i][1] + 2


def test_bots_and_rover_stand_where_named():
    t = game().edit().welcome_ships("Ada").bots("Ada", [(3, -3), (1, -2)]).rover("Ada", (2, -2)).done()
    assert t.pieces[0].bots == ((3, -3), (1, -2)) and t.pieces[0].rover == (2, -2)


def test_construct_moves_the_lss_marker_and_a_mine_takes_its_miner_from_the_reserve():
    s = game()
    t = s.edit().construct((1, -3), "Generator").construct((2, 2), "mine", miner="Bo").done()
    assert ((1, -3), "generator", -1, -1, -1) in t.buildings and ((2, 2), "mine", -1, -1, 1) in t.buildings
    assert t.lss[0] == s.lss[0] + 1 and t.pieces[1].reserve == s.pieces[1].reserve - 1


def test_upgrade_uses_a_blueprint_taken_from_the_display():
    s = game()
    card = s.bp_display[0]
    name = "{} L{} {}".format(D.BUILDING_NAME[D.BLUEPRINTS[card][0]], *D.BLUEPRINTS[card][1:])
    hexes = {b: h for h, b in D.START_BUILDINGS}
    t = s.edit().upgrade(hexes[D.BLUEPRINTS[card][0]], "Bo", name).done()
    assert (card, 1) in t.pieces[1].blueprints and card not in t.bp_display + t.decks[0]
    assert len(t.bp_display) == len(s.bp_display)
    assert [b for b in t.buildings if b[2] == 1] == [(hexes[D.BLUEPRINTS[card][0]], D.BLUEPRINTS[card][0], 1, card, -1)]


def test_learn_takes_a_tile_from_the_tech_grid_or_moves_the_players_own():
    s = game()
    t = s.edit().learn("Ada", "Rover", "bottom").learn("Ada", "rover", "top", column=2).done()
    assert t.pieces[0].lab == (("rover", "top", 2), ("shelter", "middle", 2))   # one Rover tile, moved
    assert t.tech_grid[D.TECHS.index("rover")] == s.tech_grid[D.TECHS.index("rover")] - 1


def test_cards_by_name_leave_their_deck_or_display():
    s = game()
    shown = s.sci_display[0]
    scientist = s.cards.scientists[shown][0]
    contract = s.cards.contracts[s.decks[2][0]][0]
    t = (s.edit().blueprint("Ada", "Shelter L1 oxygen").hire("Bo", scientist).contract("Ada", contract).done())
    assert t.pieces[0].blueprints == ((D.BLUEPRINTS.index(("shelter", 1, "oxygen")), 0),)
    assert t.pieces[1].scientists == ((shown, ()),) and shown not in t.sci_display + t.decks[1]
    assert t.pieces[0].contracts == (s.decks[2][0],) and s.decks[2][0] not in t.decks[2]
    assert len(t.sci_display) == D.SCIENTIST_DISPLAY


def test_missions_by_name_count_what_the_game_has_made():
    s = game().edit().construct((1, -3), "Generator").done()
    t = s.edit().missions("Power Grid", "Explorers", "Science First").done()
    names = [t.cards.missions[c][0] for c, _n in t.missions]
    assert names == ["Power Grid", "Explorers", "Science First"] and t.missions[0][1] == 1
    back = {c for c, _n in s.missions} - {c for c, _n in t.missions}
    assert back <= set(t.decks[5])


def test_turn_order_and_set_turn_do_the_bookkeeping():
    s = game()
    t = s.edit().turn_order("colony", "Bo").set_turn("Ada", "turn").done()
    assert t.order == (D.TURN_ORDER_SPACES + 1, D.TURN_ORDER_SPACES) and t.done == (False, True)
    assert (t.active, t.to_move, t.step, t.main) == (0, 0, "turn", "")
    c = (s.edit().turn_order("colony", "Ada").move_colonists("Ada", 1, "lq", "Control Center")
         .set_turn("Ada", "control").done())
    assert c.main == "control" and c.moves == (D.ROVER_MOVEMENT, D.BOT_MOVEMENT) and (c.used, c.allow) == (0, 1)


def test_game_over_ends_the_game_with_every_colonist_home():
    s = game().edit().move_colonists("Ada", 1, "lq", "wa").done()
    t = s.edit().game_over().done()
    assert t.is_over and t.to_move is None and t.pieces[0].wa == 0 and t.pieces[0].lq == s.pieces[0].lq + 1
    assert t.winners()


def test_an_unknown_name_is_a_problem_naming_the_verb_and_the_valid_names():
    found = problems_of(game().edit().learn("Ada", "Warp Drive", "bottom"))
    assert found[0].startswith("learn(tech='Warp Drive'): no Tech tile is called 'Warp Drive'")
    assert "Rover" in found[0] and "Oxygen Condenser" in found[0]
    found = problems_of(game().edit().hire("Ada", "Astronaut"))
    assert found[0].startswith("hire('Ada', 'Astronaut'): no Scientist is called 'Astronaut'") and "Geologist" in found[0]
    assert problems_of(game().edit().storage("Cy", water=1))[0].startswith("storage('Cy'): no player")
    assert problems_of(game().edit().storage("Ada", fuel=1))[0].startswith("storage(fuel=...): no Resource is called")


def test_a_verb_that_would_break_a_total_is_refused():
    s = game()
    b = s.edit().move_colonists("Ada", 13, "reserve", "lq")
    assert "has 8 Colonist(s) there" in problems_of(b)[0]
    b = s.edit().crystals("Bo", s.supply + 5)
    assert problems_of(b)[0].startswith(f"crystals('Bo', {s.supply + 5}): the general supply holds")
    assert problems_of(s.edit().construct((0, 0), "Generator")) == [
        "buildings: a Mine already stands on (0, 0) (construct((0, 0), 'Generator'): one Building per hex)"]
    # the Tech Grid holds D.TECH_COPIES tiles of each type: a third player finds none left
    three = new_game(players=3, seed=7).edit()
    for who in three.state.players:
        three.learn(who, "Mine", "bottom")
    assert problems_of(three) == [f"learn({three.state.players[2]!r}, 'Mine'): no Mine tile left in the Tech Grid"]


def test_two_problems_at_once_are_both_listed_the_builders_first():
    b = game().edit().construct((1, -3), "Genrator")
    b.player("Bo").hangar = 4
    found = problems_of(b)
    assert found[0].startswith("construct(building='Genrator')")
    assert any(p.startswith("pieces[1]") and "Ships" in p for p in found[1:])


def test_a_built_position_plays_on():
    s = (game().edit().turn_order("colony", "Ada").set_turn("Ada", "turn").storage("Ada", battery=3, mineral=3)
         .construct((1, -3), "Generator").learn("Bo", "Mine", "bottom").crystals("Ada", 3).done())
    assert invariant_problems(s) == []
    rng = random.Random(3)
    for _ in range(60):
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
        assert invariant_problems(s) == []
