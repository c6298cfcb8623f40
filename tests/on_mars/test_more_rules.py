"""More stated rules and the teaching edition's documented choices."""
import pytest

from mars_rules.core import CHANCE, Action, IllegalAction
from mars_rules.on_mars import data as D
from mars_rules.on_mars.scenario import add_building, at_colony, at_orbit, edit_player, resolve, take

from .helpers import action, game, kinds


def test_landing_pod_player_does_not_play_again_at_the_colony():
    s = at_orbit(game(2))
    s = take(take(s, "main", action="landing_pod"), "take_space", space=4)
    s = take(s, "end_turn")
    assert s.active == 1 and s.order[0] == 4      # Blue (Orbit) next; Orange's marker is laid down
    s = take(take(take(s, "main", action="resupply"), "take_item", item="water"), "done")
    s = take(s, "end_turn")
    # the Colonization Phase is over (Orange did not play twice): Shuttle Phase, only Blue may travel free
    assert s.step == "shuttle" and s.active == 1 and s.round == 1


def test_pass_when_no_main_action_is_possible():
    s = edit_player(at_orbit(game(2)), 0, lq=0, reserve=12)
    assert "pass_turn" in kinds(s) and "main" not in kinds(s)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="resupply"))
    assert "no Colonist in your Living Quarters" in e.value.reason
    s = take(s, "pass_turn")
    assert s.active == 1 and s.done[0]


def test_rover_tech_adds_movement():
    s = edit_player(at_colony(game(2)), 0, lab=(("rover", "bottom", 2), ("shelter", "middle", 2)))
    s = take(s, "main", action="control")
    assert s.moves == (2 + 2, 2)


def test_scientists_are_hired_early_only():
    s = at_colony(game(2))._replace(level=D.SCIENTISTS_UNTIL + 1)
    s = take(s, "main", action="hire")
    assert {a.kind for a in s.legal_actions()} == {"take_contract"}


def test_level_three_blueprints_enter_the_display_from_colony_level_two():
    s = at_orbit(game(2))
    s = take(s, "main", action="blueprint")
    card = s.legal_actions()[0].get("card")
    s = take(s, "take_blueprint", card=card)
    assert s.to_move == CHANCE
    assert all(D.BLUEPRINTS[a.get("card")][1] == 1 for a in s.legal_actions())
    up = s._replace(level=D.LEVEL3_BLUEPRINTS_FROM)
    assert any(D.BLUEPRINTS[a.get("card")][1] == 3 for a in up.legal_actions())


def test_discovery_skipped_when_the_stack_is_empty():
    g = game(2)
    s = (g.edit().set(decks=g.decks[:3] + ((),) + g.decks[4:])             # no Discovery tile left to draw
         .move_colonists("Orange", 1, "lq", "Resupply")                     # Orange took Resupply, last to play
         .turn_order("orbit", "Blue").set_turn("Orange", "turn_end").done())
    s = take(s, "end_turn")
    s = take(s, "travel", pay="free")
    # Blue, first in Turn Order, travels first: no Discovery tile, straight to the Turn Order space
    assert s.step == "turn_order" and s.to_move == 1 and any("stack is empty" in e for e in s.events)


def test_a_forced_chance_outcome_is_applied():
    s = at_orbit(game(2))
    s = take(take(s, "main", action="blueprint"), "take_blueprint", card=s.bp_display[0])
    outcomes = s.chance_outcomes()
    assert outcomes and sum(p for _a, p in outcomes) == 1
    forced = outcomes[-1][0]
    t = s.apply(forced)
    assert forced.get("card") in t.bp_display and t.draws == s.draws + 1


def test_why_names_the_rule_for_made_up_or_foreign_actions():
    s = at_orbit(game(2))
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("teleport", 0))
    assert "not possible" in e.value.reason and e.value.rule == "Colonization Phase"
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("end_turn", 1))
    assert "Orange's decision" in e.value.reason
    t = take(s, "main", action="resupply")
    with pytest.raises(IllegalAction) as e:
        t.apply(action(t, "depot_action", space=0))
    assert "not during it" in e.value.reason


def test_private_goals_are_secret_in_a_view_and_discard_needs_your_own():
    s = at_orbit(game(2))
    theirs = s.pieces[1].goals[0]
    if theirs not in s.pieces[0].goals:
        with pytest.raises(IllegalAction) as e:
            s.apply(action(s, "discard_goal", goal=theirs))
        assert "not in your hand" in e.value.reason
    assert s.view(0).pieces[1].goals == (-1,) * len(s.pieces[1].goals)


def test_lss_reward_and_warehouse_restock():
    s = (at_colony(game(2)).edit().bots("Orange", [(1, -2)])
         .construct((-3, 4), "Generator").done())                           # far away: the marker on 2
    assert s.lss == (D.LSS_REWARD_STEPS[0] - 1, 1, 1, 1)
    s = take(take(take(s, "main", action="construct"), "choose_building", building="generator"),
             "construct", building="generator", hex=(2, -3))
    assert s.pieces[0].crystals == 2 and any("LSS Reward" in e for e in s.events)
    t = at_orbit(game(2))._replace(warehouse=(0, 0, 0, 0, 0, 0), done=(False, True), step="turn_end",
                                   main="resupply", shuttle_pos=3)
    t = take(t, "end_turn")
    assert t.warehouse == D.WAREHOUSE[2] and t.round == 2


def test_game_over_retrieves_colonists_before_living_quarters_scoring():
    # the round after the round limit, Blue's marker down, Orange after Resupply (1 Colonist on its slot,
    # 1 in the Working Area, 3 at home)
    s = (game(2).edit().set(round=D.ROUND_LIMIT + 1, end_triggered=True, final_round=True)
         .move_colonists("Orange", 1, "reserve", "living quarters")
         .move_colonists("Orange", 1, "living quarters", "working area")
         .move_colonists("Orange", 1, "living quarters", "Resupply")
         .turn_order("orbit", "Blue").set_turn("Orange", "turn_end").done())
    assert (s.pieces[0].lq, s.pieces[0].wa, s.done, s.main) == (3, 1, (False, True), "resupply")
    s = take(s, "end_turn")
    assert s.is_over and s.pieces[0].lq == 5 and s.pieces[0].wa == 0
    assert s.score().points(0, "Living Quarters") == D.LQ_OP[5]


def test_scenario_helpers_keep_rules_checked():
    s = add_building(at_colony(game(2)), (1, 1), "shelter")
    with pytest.raises(ValueError):
        take(s, "main", action="resupply")
    assert resolve(s) is s


def test_private_goals_a_goal_is_not_discarded_for_a_crystal_a_full_depot_cannot_hold():
    """Missions and Private Goals: "discard a Private Goal, unseen, to use it as a Crystal". With a full
    Depot the Crystal would be lost: the discard is not offered, and refused with the reason."""
    from mars_rules import IllegalAction, on_mars
    start = on_mars.new_game(players=2, seed=3)
    while start.to_move == "chance" or not any(a.kind == "discard_goal" for a in start.legal_actions()):
        start = start.resolve_chance() if start.to_move == "chance" else start.apply(start.legal_actions()[0])
    seat = start.to_move
    discard = start.find("discard_goal")
    before = start.pieces[seat].crystals
    assert start.apply(discard).pieces[seat].crystals == before + 1
    from mars_rules.on_mars import data as D
    cap = start.options.crystal_cap_base + D.DEPOT_SPACES - start.pieces[seat].depot_ships
    full = start.edit().crystals(start.players[seat], cap).done()
    assert full.find("discard_goal") is None
    with pytest.raises(IllegalAction) as e:
        full.apply(discard)
    assert "Depot is full" in e.value.reason and e.value.rule == "Missions and Private Goals"
