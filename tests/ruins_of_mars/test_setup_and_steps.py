"""One scenario per rule of Setup and Steps 1-8, named after the rulebook section; each forbidden
variant asserts its IllegalAction reason."""
from fractions import Fraction

import pytest

from mars_rules import CHANCE, Action

from .helpers import TILES, at_step, chance, game, go, illegal, position, roundtrip, with_player


# ----- Setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_tiles_tracks_resources_and_display(players):
    s = game.new_game(players=players, seed=5, characters="deal")
    assert [len(c) for c in s.sites] == [3, 2, 2, 2, 2]
    assert sorted(t for c in s.sites for t in c) == list(range(11))
    humans = 1 if players == 1 else players
    for seat, b in enumerate(s.boards):
        assert b.resources == (0, 0, 0, 0) and b.languages == (0,) * 5 and b.radiation == 0
        assert b.hourglass == (2 if seat < humans else 0)
        assert bool(b.character) == (seat < humans)
    assert [len([c for c in col if c]) for col in s.display] == [4, 4, 4]
    assert [len(d) for d in s.decks] == [12, 12, 12]
    assert len({b.character for b in s.boards if b.character}) == humans


def test_setup_choose_characters_in_turn_order_and_each_only_once():
    s = game.new_game(players=3, seed=1, first_player=2)
    assert s.step == "choose_character" and s.to_move == 2
    assert [str(a) for a in s.legal_actions()][0].startswith("Choose the Doctor")
    s = go(s, "choose_character", character="Miner")
    assert s.to_move == 0
    e = illegal(s, "choose_character", character="Miner")
    assert e.reason == "Player 3 already has the Miner." and e.rule == "Setup: Choose Characters"
    e = illegal(s, "choose_character", character="Savant")
    assert "Kickstarter Exclusive" in e.reason
    s = go(s, "choose_character", character="Trader")
    s = go(s, "choose_character", character="Doctor")
    assert s.step == "place_rover" and s.to_move == 2 and s.turn == 1


def test_setup_dealt_characters_are_a_chance_node_and_kickstarter_option():
    s = game.new_game(players=2, seed=3, characters="deal", kickstarter=True)
    assert all(b.character for b in s.boards)
    s = game.new_game(players=2, seed=3, kickstarter=True)
    names = {a.get("character") for a in s.legal_actions()}
    assert {"Engineer", "Savant"} <= names and len(names) == 7


def test_setup_first_player_and_starting_hourglasses_are_options():
    s = game.new_game(players=4, seed=9, first_player=3, hourglass=5, characters="deal")
    assert s.current == 3 and s.first == 3 and all(b.hourglass == 5 for b in s.boards)
    seen = {game.new_game(players=4, seed=k, characters="deal").first for k in range(30)}
    assert seen == {0, 1, 2, 3}   # random by default (a chance node resolved from the seed)


def test_setup_is_deterministic_for_a_seed():
    assert game.new_game(players=3, seed=4).to_json() == game.new_game(players=3, seed=4).to_json()
    assert game.new_game(players=3, seed=4).to_json() != game.new_game(players=3, seed=5).to_json()


# ----- Step 1 ------------------------------------------------------------------------------------------
def test_step1_place_the_rover_on_any_site_including_the_previous_one():
    s = position(rover=2)
    sites = [a.get("site") for a in s.legal_actions() if a.kind == "place_rover"]
    assert sites == ["Wasteland", "Laboratory", "Workshop", "Dormitory", "Infirmary"]
    s = go(s, "place_rover", site="Workshop")
    assert s.rover == 2 and s.step == "transfer"
    e = illegal(position(), "place_rover", site="Olympus")
    assert e.reason.startswith("There is no Site called 'Olympus'") and e.rule == "Step 1: Place the Rover"
    e = illegal(s, "place_rover", site="Laboratory")
    assert e.reason == "The Rover is already on the Workshop this turn."


# ----- Step 2 -------------------------------------------------------------------------------------------
def _at_transfer(site="Workshop", **kw):
    s = position(**kw)
    return go(s, "place_rover", site=site)


def test_step2_transfer_pays_2_oxygen_and_puts_the_tile_at_the_bottom():
    s = with_player(_at_transfer(), 0, resources=(0, 0, 0, 3))
    s = go(s, "transfer_tile", **{"from": "Laboratory", "tile": 7, "pay": "Oxygen"})
    assert s.sites[2] == (0, 1, 7) and s.sites[1] == (5,)
    assert s.boards[0].resources == (0, 0, 0, 1)
    assert s.boards[0].radiation == 1      # tile 7 is "X": Step 3 counts the transferred tile
    assert s.step == "action"


def test_step2_transfer_with_2_hourglasses():
    s = with_player(_at_transfer(), 0, hourglass=2)
    s = go(s, "transfer_tile", **{"from": "Dormitory", "tile": 3, "pay": "Hourglass"})
    assert s.sites[2] == (0, 1, 3) and s.boards[0].hourglass == 0


def test_step2_transfer_forbidden_variants():
    s = with_player(_at_transfer(sites=((8, 9, 10), (5,), (0, 1, 7), (2, 3), (4, 6))), 0, hourglass=1,
               resources=(0, 0, 0, 1))
    e = illegal(s, "transfer_tile", **{"from": "Laboratory", "tile": 5, "pay": "Oxygen"})
    assert e.reason == ("The Laboratory has only 1 Action tile: a transfer must leave at least 1 at every Site.")
    assert e.rule == "Step 2: Transfer 1 Action Tile"
    e = illegal(s, "transfer_tile", **{"from": "Wasteland", "tile": 8, "pay": "Oxygen"})
    assert e.reason.startswith("The Wasteland is not adjacent to the Active Site (Workshop)")
    e = illegal(s, "transfer_tile", **{"from": "Dormitory", "tile": 2, "pay": "mixed"})
    assert "a mix of both is not allowed" in e.reason
    e = illegal(s, "transfer_tile", **{"from": "Dormitory", "tile": 2, "pay": "Oxygen"})
    assert e.reason == "You have 1 Oxygen; a transfer costs 2 Oxygen."
    e = illegal(s, "transfer_tile", **{"from": "Dormitory", "tile": 2, "pay": "Hourglass"})
    assert e.reason == "You have 1 Hourglass; this transfer costs 2 Hourglass."
    assert [a.kind for a in s.legal_actions()] == ["skip"]


def test_step2_transfer_adjacency_is_linear_at_the_ends():
    s = with_player(_at_transfer(site="Infirmary"), 0, hourglass=4)
    froms = {a.get("from") for a in s.legal_actions() if a.kind == "transfer_tile"}
    assert froms == {"Dormitory"}
    e = illegal(s, "transfer_tile", **{"from": "Wasteland", "tile": 8, "pay": "Hourglass"})
    assert "not adjacent" in e.reason


def test_step2_only_one_transfer_per_turn():
    s = with_player(_at_transfer(), 0, hourglass=6)
    s = go(s, "transfer_tile", **{"from": "Dormitory", "tile": 3, "pay": "Hourglass"})
    e = illegal(s, "transfer_tile", **{"from": "Dormitory", "tile": 2, "pay": "Hourglass"})
    assert e.reason.startswith("Only 1 Action tile may be transferred per turn")


# ----- Step 3 ---------------------------------------------------------------------------------------------
def test_step3_radiation_per_icon_on_the_site_and_its_tiles():
    # The Wasteland prints 1 Radiation icon (ASSUMED); tiles 7 "X" and 6 "WW" -> 1 more.
    s = position(sites=((7, 6), (5, 8), (0, 1), (2, 3), (4, 9, 10)))
    s = go(s, "place_rover", site="Wasteland")
    s = go(s, "skip", step="transfer")
    assert s.boards[0].radiation == 2
    assert "Step 3: Player 1 takes 2 Radiation at the Wasteland." in s.events
    # Radiation is forced: the turn has moved on, and the transfer cannot come back to dodge it.
    s = with_player(s, 0, hourglass=4)
    e = illegal(s, "transfer_tile", **{"from": "Laboratory", "tile": 5, "pay": "Hourglass"})
    assert e.reason == "The transfer happens in Step 2, right after placing the Rover; that moment has passed."


# ----- Step 4 ---------------------------------------------------------------------------------------------
def _at_wrench(site, sites):
    s = position(sites=sites)
    s = go(s, "place_rover", site=site)
    return go(s, "skip", step="transfer")


def test_step4_one_wrench_bonus_per_wrench_icon():
    # Laboratory holds "RW" and "WW": 3 Wrenches.
    s = _at_wrench("Laboratory", ((8, 9, 10), (5, 6), (0, 1), (2, 3), (4, 7)))
    assert s.step == "wrench" and s.pending == 3
    for r in ("Fuel", "Oxygen", "Oxygen"):
        s = go(s, "use_wrench", choice=r)
    assert s.boards[0].resources == (1, 0, 0, 2) and s.step == "action"
    e = illegal(s, "use_wrench", choice="Fuel")
    assert e.reason.startswith("No Wrench bonus is left this turn: one use per Wrench icon")
    assert e.rule == "Step 4: Use Wrench Bonus"


def test_step4_wrench_bonus_of_each_site():
    s = _at_wrench("Workshop", ((8, 9, 10), (1, 7), (0, 5), (2, 3), (4, 6)))
    assert str(s.legal_actions()[0]) == "Wrench bonus at the Workshop: +1 on the red Language track"
    s = go(s, "use_wrench", choice="green")
    assert s.boards[0].languages == (0, 0, 1, 0, 0)
    s = _at_wrench("Dormitory", ((8, 9, 10), (1, 7), (0, 3), (2, 5), (4, 6)))
    s = go(s, "use_wrench")
    assert s.boards[0].hourglass == 1
    s = _at_wrench("Infirmary", ((8, 9, 10), (1, 3), (0, 2), (4, 7), (5, 6)))
    s = with_player(s, 0, radiation=2)
    s = go(s, "use_wrench")
    assert s.boards[0].radiation == 1
    e = illegal(_at_wrench("Laboratory", ((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))), "use_wrench",
                choice="Gold")
    assert e.reason.startswith("At the Laboratory the Wrench bonus gives 1 Fuel, Parts, Plans or Oxygen")


def test_step4_wrench_bonus_is_optional():
    s = _at_wrench("Laboratory", ((8, 9, 10), (5, 6), (0, 1), (2, 3), (4, 7)))
    s = go(s, "use_wrench", choice="Fuel")
    s = go(s, "skip", step="wrench")
    assert s.step == "action" and s.boards[0].resources == (1, 0, 0, 0)


# ----- Step 5 ---------------------------------------------------------------------------------------------
def test_step5_discover_star_icons_are_a_choice_each():
    # Workshop "OS" + "S": 1 Parts, then 2 star choices.
    s = position(sites=((8, 9), (5, 7), (10, 4), (2, 3, 1), (0, 6)))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "skip", step="transfer")
    s = go(s, "discover")
    assert s.boards[0].resources == (0, 1, 0, 0) and s.pending == 2
    assert [str(a) for a in s.legal_actions()][:1] == ["Discover: take 1 Fuel for the star icon"]
    e = illegal(s, "discover_star", resource="Hourglass")
    assert e.reason == "A star icon gives 1 of Fuel, Parts, Plans, Oxygen." and e.rule == "Discover Action"
    s = go(s, "discover_star", resource="Plans")
    s = go(s, "discover_star", resource="Plans")
    assert s.boards[0].resources == (0, 1, 2, 0) and s.step == "replicate"


def test_step5_the_site_decides_the_action():
    s = position()
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "skip", step="transfer")
    e = illegal(s, "decipher")
    assert e.reason == "The Workshop's Action is Discover, not Decipher."
    assert e.rule == "Step 5: Take the Site's Action"
    e = illegal(s, "skip", step="action")
    assert e.reason == "The Site's Action is not optional: take it (Discover)."
    e = illegal(position(), "skip", step="place_rover")
    assert e.reason == "Placing the Rover is not optional: choose one of the 5 Sites."


def test_step5_discover_cap_of_7_excess_lost():
    s = position(sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6)))
    s = with_player(s, 0, resources=(7, 6, 0, 0))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "skip", step="transfer")
    s = go(s, "discover")
    assert s.boards[0].resources == (7, 7, 0, 0)
    assert "1 lost: no more than 7 Fuel" in s.events[0] and "1 lost: no more than 7 Parts" in s.events[0]


# ----- Step 7 ---------------------------------------------------------------------------------------------
def test_step7_reallocation_cycles_past_the_active_site_with_many_tiles():
    # 7 tiles at the Infirmary: Infirmary, Wasteland, Laboratory, Workshop, Dormitory, Infirmary, Wasteland.
    sites = ((8,), (9,), (10,), (7,), (0, 1, 2, 3, 4, 5, 6))
    s = position(sites=sites)
    s = at_step(s, "replicate", rover="Infirmary")
    s = go(s, "skip", step="replicate")
    targets = []
    while s.to_move == CHANCE:
        a = s.legal_actions()[0]
        targets.append(a.get("site"))
        s = s.apply(a)
    assert targets == ["Infirmary", "Wasteland", "Laboratory", "Workshop", "Dormitory", "Infirmary"]
    assert [len(c) for c in s.sites] == [3, 2, 2, 2, 2]
    assert s.sites[4] == (0, 5) and s.sites[0] == (8, 1, 6)


def test_step7_a_teacher_chooses_which_tile_comes_next():
    s = position(sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6)))
    s = at_step(s, "replicate", rover="Wasteland")
    s = go(s, "skip", step="replicate")
    assert {a.get("tile") for a in s.legal_actions()} == {8, 9, 10}
    e = illegal(s, "draw_tile", player=CHANCE, tile=0, site="Wasteland")
    assert "not one of the possible outcomes" in e.reason
    s = chance(s, "draw_tile", tile=10, site="Wasteland")
    assert s.sites[0] == (10,)


# ----- Step 8 ---------------------------------------------------------------------------------------------
def test_step8_pass_the_rover_to_the_left():
    s = position(players=3, seat=2)
    s = at_step(s, "pass_rover", rover="Wasteland")
    assert str(s.legal_actions()[0]) == "Pass the Rover to Player 1 (end of the turn)"
    s = go(s, "pass_rover")
    assert s.current == 0 and s.to_move == 0 and s.step == "place_rover" and s.turn == 2
    e = illegal(s, "pass_rover")
    assert e.reason.startswith("You cannot do that now: this is 1. Place the Rover")


def test_any_made_up_action_is_refused_with_a_reason():
    s = position()
    e = illegal(s, "fly_to_earth")
    assert "There is no action 'fly_to_earth'" in e.reason
    e = illegal(s, "place_rover", player=1, site="Workshop")
    assert e.reason == "It is Player 1's decision (seat 0), not seat 1's."
    assert s.explain(Action("place_rover", 0, {"site": "Workshop"})).startswith("Legal:")
    roundtrip(s)


def test_chance_outcomes_are_explicit_and_sum_to_one():
    s = position(sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6)))
    s = at_step(s, "replicate", rover="Wasteland")
    s = go(s, "skip", step="replicate")
    assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)
    assert s.resolve_chance() == s.resolve_chance()
    assert TILES[10] == "OS"


def test_action_texts_never_leak_between_games_or_sites():
    a = position(step="pass_rover", rover=0)
    b = game.new_game(players=["Ada", "Bo"], seed=1, first_player=0, characters="deal")
    b = at_step(b, "pass_rover", rover="Wasteland")
    assert str(a.legal_actions()[0]) == "Pass the Rover to Player 2 (end of the turn)"
    assert str(b.legal_actions()[0]) == "Pass the Rover to Bo (end of the turn)"
    # the Dormitory gets the RW tile (5) so that it shows a Wrench; the Infirmary shows 2 (tiles 4 S, 6 WW)
    dorm = position(sites=((8, 9, 10), (7,), (0, 1), (2, 3, 5), (4, 6)), step="wrench", rover=3)
    infirmary = position(step="wrench", rover=4)
    assert str(dorm.legal_actions()[0]) == "Wrench bonus at the Dormitory: gain 1 Hourglass"
    assert str(infirmary.legal_actions()[0]) == "Wrench bonus at the Infirmary: remove 1 Radiation"


def test_any_action_object_gets_an_illegal_action_never_another_error():
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from mars_rules import IllegalAction
    from mars_rules.ruins_of_mars.why import KINDS
    import random as _random

    states = [position(), position(players=1, seat=1)]
    s = game.new_game(players=3, seed=2, characters="deal", kickstarter=True)
    rng = _random.Random(2)
    for i in range(400):
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
        if i % 13 == 0:
            states.append(s)
    values = st.one_of(st.none(), st.integers(-3, 12), st.sampled_from(["Workshop", "Fuel", "red", "L1-01", "Oxygen",
                                                                          "Hourglass", "x", "Doctor", "hourglass"]),
                       st.lists(st.integers(0, 3), max_size=2).map(tuple), st.just(("Fuel", "Parts")))
    keys = st.sampled_from(["site", "from", "tile", "pay", "choice", "resource", "level", "space", "row", "card",
                            "owner", "via", "character", "track", "resources", "step", "face", "player"])

    @settings(max_examples=300, derandomize=True)
    @given(i=st.integers(0, len(states) - 1), kind=st.sampled_from(KINDS + ("fly",)),
           player=st.one_of(st.integers(-1, 4), st.just(CHANCE)), params=st.dictionaries(keys, values, max_size=4))
    def check(i, kind, player, params):
        state = states[i]
        a = Action(kind, player, params)
        if a in state.legal_actions():
            state.apply(a)
            return
        with pytest.raises(IllegalAction) as e:
            state.apply(a)
        assert e.value.reason and e.value.rule

    check()


def test_setup_layout_option_replaces_the_random_deal_of_the_tiles():
    layout = ((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10))
    s = game.new_game(players=2, seed=1, characters="deal", tiles=TILES, layout=layout)
    assert s.sites == layout
    with pytest.raises(ValueError, match="each tile once, at least 1 per Site"):
        game.new_game(players=2, seed=1, layout=((0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (), (), (), ()))
    assert hash(s) == hash(game.from_json(s.to_json()))
