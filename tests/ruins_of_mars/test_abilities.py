"""Using Abilities, Character Abilities, the Kickstarter Exclusives, caps and Mastering a Language."""
import random

import pytest

from mars_rules import CHANCE
from mars_rules.ruins_of_mars.effects import can_advance

from .helpers import at_step, chance, game, go, illegal, position, put_in_display, to_step, with_player, with_tech


def _kinds(s):
    return [a.kind for a in s.legal_actions()]


def test_using_abilities_offered_in_every_decision_of_the_turn_once_each():
    s = with_player(position(characters=("Doctor", "")), 0, hourglass=3, radiation=2)
    assert "character_ability" in _kinds(s)                       # before placing the Rover
    s = go(s, "place_rover", site="Workshop")
    assert "character_ability" in _kinds(s)                       # during the transfer step
    s = go(s, "character_ability", character="Doctor")
    assert s.boards[0].radiation == 1 and s.boards[0].hourglass == 2
    assert "character_ability" not in _kinds(s)
    e = illegal(s, "character_ability", character="Doctor")
    assert e.reason == "Each Hourglass ability may be used only once per turn." and e.rule == "Using Abilities"
    s = go(s, "skip", step="transfer")
    s = go(s, "discover")
    s = go(s, "skip", step="replicate")
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    s = go(s, "pass_rover")             # seat 1's turn: not offered to seat 0
    assert all(a.player == 1 for a in s.legal_actions())


def test_character_doctor_needs_radiation_and_an_hourglass():
    s = with_player(position(characters=("Doctor", "")), 0, hourglass=0, radiation=2)
    e = illegal(s, "character_ability", character="Doctor")
    assert e.reason == "Abilities cost 1 Hourglass and you have none."
    s = with_player(s, 0, hourglass=1, radiation=0)
    e = illegal(s, "character_ability", character="Doctor")
    assert e.reason == "You have no Radiation to remove." and e.rule == "Character Abilities: Doctor"


def test_character_miner_takes_any_two_of_fuel_parts_plans():
    s = with_player(position(characters=("Miner", "")), 0, hourglass=1, resources=(7, 0, 0, 0))
    miner = [a for a in s.legal_actions() if a.kind == "character_ability"]
    assert len(miner) == 6 and str(miner[0]) == "Miner (1 Hourglass): take 2 Fuel"
    t = go(s, "character_ability", character="Miner", resources=("Parts", "Parts"))
    assert t.boards[0].resources == (7, 2, 0, 0)
    t = go(s, "character_ability", character="Miner", resources=("Fuel", "Plans"))
    assert t.boards[0].resources == (7, 0, 1, 0)               # the Fuel over 7 is lost
    e = illegal(s, "character_ability", character="Miner", resources=("Oxygen", "Fuel"))
    assert e.reason.startswith("The Miner takes any 2 of Fuel, Parts and Plans")


def test_character_trader_twice_per_turn_any_time_after_placing_the_rover():
    s = with_player(position(characters=("Trader", "")), 0, hourglass=5)
    e = illegal(s, "character_ability", character="Trader")
    assert e.reason == "The Trader uses the Active Site's Wrench bonus: place the Rover first."
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "character_ability", character="Trader")
    s = go(s, "character_ability", character="Trader")
    assert s.boards[0].hourglass == 5 - 2 + 2
    e = illegal(s, "character_ability", character="Trader")
    assert e.reason == "The Trader may use the Wrench bonus at most twice per turn."


def test_character_trader_at_the_wasteland_rolls_the_die():
    s = with_player(position(characters=("Trader", "")), 0, hourglass=1)
    s = go(s, "place_rover", site="Wasteland")
    s = go(s, "character_ability", character="Trader")
    assert s.to_move == CHANCE and s.step == "transfer"
    s = chance(s, "wasteland_die", face=5)
    assert s.boards[0].hourglass == 3 and s.to_move == 0 and s.step == "transfer"


def test_character_professor_most_advanced_track_ties_and_blocked_tracks():
    # red at 8 cannot be mastered (no Level 3 Tech): ignored; blue and star tie at 5: choose.
    s = with_player(position(characters=("Professor", "")), 0, hourglass=1, resources=(0, 1, 0, 0),
               languages=(8, 0, 0, 5, 5))
    opts = [a for a in s.legal_actions() if a.kind == "character_ability"]
    assert {(a.get("track"), a.get("resource")) for a in opts} == {("blue", "Parts"), ("star", "Parts")}
    e = illegal(s, "character_ability", character="Professor", track="red", resource="Parts")
    assert e.reason == "The Professor advances your most advanced track that can still move: blue, star."
    e = illegal(s, "character_ability", character="Professor", track="blue", resource="Fuel")
    assert e.reason.startswith("The Professor also spends 1 resource you hold")
    s = go(s, "character_ability", character="Professor", track="star", resource="Parts")
    assert s.boards[0].languages == (8, 0, 0, 5, 6) and s.boards[0].resources == (0, 0, 0, 0)


def test_character_stowaway_uses_another_players_tech_ability():
    s = with_tech(position(characters=("Stowaway", "Doctor")), 1, "L2-02", 0)    # 1 Hourglass: gain 2 Parts
    s = with_player(s, 0, hourglass=2)
    s = go(s, "tech_ability", card="L2-02", owner=1, via="stowaway")
    assert s.boards[0].resources == (0, 2, 0, 0) and s.boards[0].hourglass == 1
    assert s.boards[1].resources == (0, 0, 0, 0)
    e = illegal(s, "tech_ability", card="L2-02", owner=1, via="stowaway")
    assert e.reason == "Each Hourglass ability may be used only once per turn."
    t = with_player(position(characters=("Doctor", "")), 0, hourglass=2)
    t = with_tech(t, 1, "L2-02", 0)
    e = illegal(t, "tech_ability", card="L2-02", owner=1, via="stowaway")
    assert e.reason == "Only the Stowaway may use another player's Tech."


def test_kickstarter_engineer_reuses_a_used_ability_twice_different_each_time():
    s = with_tech(with_tech(position(characters=("Engineer", "")), 0, "L2-02", 0), 0, "L2-10", 1)
    s = with_player(s, 0, hourglass=9)
    e = illegal(s, "tech_ability", card="L2-02", owner=0, via="engineer")
    assert e.reason == "The Engineer reuses an ability you have already used this turn."
    s = go(s, "tech_ability", card="L2-02", owner=0, via="hourglass")
    s = go(s, "tech_ability", card="L2-02", owner=0, via="engineer")
    assert s.boards[0].resources[1] == 4
    e = illegal(s, "tech_ability", card="L2-02", owner=0, via="engineer")
    assert e.reason == "The Engineer must choose a different ability each time."
    s = go(s, "tech_ability", card="L2-10", owner=0, via="hourglass")
    s = go(s, "tech_ability", card="L2-10", owner=0, via="engineer")
    assert s.boards[0].resources[1] == 7 and s.boards[0].hourglass == 5


def test_kickstarter_savant_second_transfer_costs_one_more_hourglass():
    s = with_player(position(characters=("Savant", "")), 0, hourglass=3, resources=(0, 0, 0, 2))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "transfer_tile", **{"from": "Dormitory", "tile": 3, "pay": "Oxygen"})
    assert s.step == "transfer" and s.transfers == 1
    texts = [str(a) for a in s.legal_actions() if a.kind == "transfer_tile"]
    assert texts and all("1 more Hourglass" in t for t in texts)
    s = go(s, "transfer_tile", **{"from": "Laboratory", "tile": 7, "pay": "Hourglass"})
    assert s.boards[0].hourglass == 0 and s.sites[2] == (0, 1, 3, 7) and s.step == "action"


def test_kickstarter_savant_second_transfer_forbidden_variants():
    s = with_player(position(characters=("Savant", "")), 0, hourglass=4, resources=(0, 0, 0, 2))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "transfer_tile", **{"from": "Dormitory", "tile": 3, "pay": "Hourglass"})
    e = illegal(s, "transfer_tile", **{"from": "Laboratory", "tile": 7, "pay": "Hourglass"})
    assert e.reason == "You have 2 Hourglass; this transfer costs 3 Hourglass."
    e = illegal(s, "transfer_tile", **{"from": "Dormitory", "tile": 2, "pay": "Oxygen"})
    assert e.reason == "The Dormitory has only 1 Action tile: a transfer must leave at least 1 at every Site."
    s = go(s, "transfer_tile", **{"from": "Laboratory", "tile": 7, "pay": "Oxygen"})
    assert s.step == "action" and s.transfers == 2


def test_using_abilities_once_per_turn_again_on_the_next_turn():
    s = with_player(position(characters=("Doctor", "Miner")), 0, hourglass=3, radiation=3)
    s = go(s, "character_ability", character="Doctor")
    s = at_step(s, "pass_rover", rover="Workshop")
    s = go(s, "pass_rover")
    e = illegal(s, "character_ability", player=0, character="Doctor")
    assert e.reason == "It is Player 2's decision (seat 1), not seat 0's."
    s = at_step(s, "pass_rover", rover="Workshop")
    s = go(s, "pass_rover")
    assert s.to_move == 0 and "character_ability" in [a.kind for a in s.legal_actions()]


# ----- Caps and limits --------------------------------------------------------------------------------
def test_resource_cap_applies_to_every_gain():
    s = position(sites=((8, 9, 10), (5, 6), (0, 1), (2, 3), (4, 7)))
    s = with_player(s, 0, resources=(0, 0, 0, 7))
    s = go(s, "place_rover", site="Laboratory")
    s = go(s, "skip", step="transfer")
    s = go(s, "use_wrench", choice="Oxygen")
    assert s.boards[0].resources[3] == 7 and "1 lost: no more than 7 Oxygen" in s.events[0]


def test_mastering_only_one_master_per_language_blocked_on_the_second_to_last_space():
    s = with_tech(position(sites=((8, 9), (5, 7), (0, 1), (2, 3, 4), (6, 10))), 0, "L3-01", 0)
    s = with_player(s, 0, languages=(7, 0, 0, 0, 0))
    s = with_tech(s, 1, "L3-02", 0)
    s = with_player(s, 1, languages=(9, 0, 0, 0, 0))
    s = go(s, "place_rover", site="Dormitory")
    s = go(s, "skip", step="transfer")
    s = go(s, "decipher")                          # 2 red: 7 -> 8, then blocked
    assert s.boards[0].languages[0] == 8
    assert any("Player 2 has already mastered the red Language" in e for e in s.events)


def test_mastering_blocked_by_any_means_workshop_wrench_and_one_time_reward():
    s = position(sites=((8, 9, 10), (1, 7), (0, 5), (2, 3), (4, 6)))
    s = with_player(s, 0, languages=(8, 0, 0, 0, 0))
    s = go(s, "place_rover", site="Workshop")
    s = go(s, "skip", step="transfer")
    s = go(s, "use_wrench", choice="red")
    assert s.boards[0].languages[0] == 8
    t = with_player(position(), 0, languages=(7, 7, 7, 7, 7), resources=(7, 7, 7, 7))
    t = at_step(t, "replicate", rover="Workshop")
    cid = "L2-15"                                   # one time: +2 red
    t = put_in_display(t, cid, 4)
    t = go(t, "replicate", level=2, space=4, row=1)
    assert t.boards[0].languages[0] == 8


def test_tech_rewards_wrench_ability_uses_the_active_sites_bonus_and_rolls_at_the_wasteland():
    s = with_tech(position(characters=("Doctor", "")), 0, "L2-03", 0)      # 1 Hourglass: the Site's Wrench bonus
    s = with_player(s, 0, hourglass=1)
    assert not any(a.kind == "tech_ability" for a in s.legal_actions())   # no Active Site before Step 1
    s = go(s, "place_rover", site="Wasteland")
    (ability,) = [a for a in s.legal_actions() if a.kind == "tech_ability"]
    assert str(ability) == "Ability of Star Chart (L2-03), 1 Hourglass: use the Active Site's Wrench bonus"
    s = s.apply(ability)
    assert s.to_move == CHANCE and s.chance == "wasteland_die"
    s = chance(s, "wasteland_die", face=3)
    assert s.boards[0].hourglass == 2 and s.step == "transfer" and s.to_move == 0


def test_character_stowaway_with_a_wrench_ability_chooses_like_the_wrench():
    s = with_tech(position(characters=("Stowaway", "")), 1, "L2-11", 0)    # Memory Glass: Wrench bonus
    s = with_player(s, 0, hourglass=1)
    s = go(s, "place_rover", site="Laboratory")
    opts = [a for a in s.legal_actions() if a.kind == "tech_ability"]
    assert [a.get("choice") for a in opts] == ["Fuel", "Parts", "Plans", "Oxygen"]
    s = go(s, "tech_ability", card="L2-11", owner=1, via="stowaway", choice="Plans")
    assert s.boards[0].resources == (0, 0, 1, 0)


def test_kickstarter_engineer_reuses_a_free_ability():
    s = with_tech(position(characters=("Engineer", ""), step="start_of_turn"), 0, "L1-05", 0)   # free: 1 Fuel
    s = with_player(s, 0, hourglass=1)
    s = go(s, "use_free_ability", card="L1-05")
    s = go(s, "tech_ability", card="L1-05", owner=0, via="engineer")
    assert s.boards[0].resources[0] == 2 and s.boards[0].hourglass == 0


def test_character_trader_any_time_of_the_turn_between_star_choices_and_before_passing():
    # the Infirmary with tiles "S" and "WW": Wrench step, then Discover with 1 star icon
    s = with_player(position(characters=("Trader", ""), sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))), 0,
               hourglass=5, radiation=3)
    s = go(s, "place_rover", site="Infirmary")
    s = go(s, "skip", step="transfer")
    s = go(s, "skip", step="wrench")
    s = go(s, "discover")
    assert s.step == "action" and s.pending == 1           # a star icon still to choose
    s = go(s, "character_ability", character="Trader")    # the Infirmary's bonus: -1 Radiation
    assert s.boards[0].radiation == 2 and s.step == "action" and s.pending == 1
    s = go(s, "discover_star", resource="Plans")
    s = go(s, "skip", step="replicate")
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    assert s.step == "pass_rover"
    s = go(s, "character_ability", character="Trader")    # the second use, after the reallocation
    assert s.boards[0].radiation == 1 and s.boards[0].hourglass == 3
    e = illegal(s, "character_ability", character="Trader")
    assert e.reason == "The Trader may use the Wrench bonus at most twice per turn."
    assert e.rule == "Character Abilities: Trader"


def test_character_professor_no_track_can_advance_and_a_track_mastered_by_another():
    s = with_player(position(characters=("Professor", "")), 0, hourglass=1, resources=(1, 0, 0, 0),
               languages=(8, 8, 8, 8, 8))               # no Level 3 Tech: every track stops on 8
    assert "character_ability" not in _kinds(s)
    e = illegal(s, "character_ability", character="Professor", track="red", resource="Fuel")
    assert e.reason == "No Language track of yours can advance." and e.rule == "Character Abilities: Professor"
    # with a Level 3 Tech, red (8) could be mastered, but Player 2 mastered it: red is ignored (blocked
    # "by any means"), so the Professor moves the next most advanced track, green
    t = with_tech(with_tech(s, 0, "L3-01", 0), 1, "L3-02", 0)
    t = with_player(t, 0, languages=(8, 0, 6, 0, 0))
    t = with_player(t, 1, languages=(9, 0, 0, 0, 0))
    opts = [a for a in t.legal_actions() if a.kind == "character_ability"]
    assert {a.get("track") for a in opts} == {"green"}
    e = illegal(t, "character_ability", character="Professor", track="red", resource="Fuel")
    assert e.reason == "The Professor advances your most advanced track that can still move: green."
    t = go(t, "character_ability", character="Professor", track="green", resource="Fuel")
    assert t.boards[0].languages == (8, 0, 7, 0, 0) and t.boards[0].resources == (0, 0, 0, 0)


def test_kickstarter_exclusives_only_with_the_option():
    s = game.new_game(players=2, seed=3)
    assert {a.get("character") for a in s.legal_actions()} == {"Doctor", "Miner", "Trader", "Professor", "Stowaway"}
    for name in ("Engineer", "Savant"):
        e = illegal(s, "choose_character", character=name)
        assert e.reason == f"The {name} is a Kickstarter Exclusive: start the game with kickstarter=True."
        assert e.rule == "Kickstarter Exclusives"
    dealt = {game.new_game(players=4, seed=k, characters="deal").boards[p].character for k in range(15) for p in range(4)}
    assert dealt == {"Doctor", "Miner", "Trader", "Professor", "Stowaway"}


def test_character_stowaway_not_on_your_own_tech_and_not_a_free_ability():
    s = with_tech(with_tech(position(characters=("Stowaway", "")), 0, "L2-02", 0), 1, "L1-05", 0)
    s = with_player(s, 0, hourglass=2)
    e = illegal(s, "tech_ability", card="L2-02", owner=0, via="stowaway")
    assert e.reason == "The Stowaway's ability is for another player's Tech." and e.rule == "Character Abilities: Stowaway"
    e = illegal(s, "tech_ability", card="L1-05", owner=1, via="stowaway")     # a Free Ability, not an Hourglass one
    assert e.reason.startswith("L1-05 has no Hourglass ability: the Stowaway activates a Tech with an ability")


def test_resource_cap_on_tech_abilities_star_icons_and_free_abilities():
    s = with_tech(position(characters=("Doctor", "")), 0, "L2-02", 0)          # 1 Hourglass: gain 2 Parts
    s = with_player(s, 0, hourglass=1, resources=(0, 6, 0, 0))
    s = go(s, "tech_ability", card="L2-02", owner=0, via="hourglass")
    assert s.boards[0].resources == (0, 7, 0, 0) and "1 lost: no more than 7 Parts" in s.events[0]
    t = with_player(position(sites=((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))), 0, resources=(7, 0, 0, 0))
    t = go(t, "place_rover", site="Infirmary")
    t = to_step(t, "action")
    t = go(t, "discover")
    t = go(t, "discover_star", resource="Fuel")
    assert t.boards[0].resources[0] == 7 and "1 lost" in t.events[0]
    u = with_tech(position(step="start_of_turn"), 0, "L1-05", 0)                # free: gain 1 Fuel
    u = with_player(u, 0, resources=(7, 0, 0, 0))
    u = go(u, "use_free_ability", card="L1-05")
    assert u.boards[0].resources[0] == 7 and "1 lost" in u.events[0]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_using_abilities_offered_in_every_decision_of_the_active_players_turn(players, seed):
    """Random games: at every decision of the active player's turn, each Character ability whose
    conditions hold is legal, and none is legal once used (Using Abilities; Character Abilities)."""
    s = game.new_game(players=players, seed=seed, characters="deal", hourglass=8)
    rng = random.Random(seed)
    checked = set()
    while not s.is_over and s.turn < 60:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        seat = s.to_move
        assert seat == s.current
        b = s.boards[seat]
        kinds = {a.kind for a in s.legal_actions()}
        used = s.used
        ch = b.character
        can = b.hourglass >= 1 and {
            "Doctor": "char" not in used and b.radiation > 0,
            "Miner": "char" not in used,
            "Trader": "char2" not in used and s.step not in ("start_of_turn", "place_rover"),
            "Professor": "char" not in used and any(b.resources) and any(can_advance(s, seat, t) for t in range(5)),
        }.get(ch, False)
        if ch in ("Doctor", "Miner", "Trader", "Professor"):
            assert ("character_ability" in kinds) == can, (ch, s.step, used)
            checked.add((ch, s.step))
        legal = s.legal_actions()
        s = s.apply(legal[rng.randrange(len(legal))])
    assert len({step for _, step in checked}) >= 5
