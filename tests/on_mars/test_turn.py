"""Colonization Phase and Main Board Action Mechanics: one scenario per stated rule."""
import pytest

from mars_rules.core import Action, IllegalAction
from mars_rules.on_mars import TURN_STEPS, data as D

from .helpers import act, action, colony, draw, game, kinds, orbit, setp

BP = D.ACTIONS.index("blueprint")


def test_setup_everyone_starts_in_orbit_with_the_stated_pieces():
    for n in (2, 3, 4):
        s = game(n)
        assert s.step == "turn" and s.phase == "colonization"
        assert sorted(s.order) == list(range(n))  # Orbit spaces, random order
        assert s.active == s.order.index(0)      # leftmost Orbit space moves first
        for pl in s.pieces:
            assert pl.depot_ships == D.SHIPS and D.DEPOT_SPACES - pl.depot_ships == 3  # bottom 3 uncovered
            assert len(pl.goals) == 3
        assert len(s.missions) == 3 and s.remaining == 0
    assert {st.key for st in TURN_STEPS} >= {"turn", "final_round", "shuttle", "discovery", "turn_order",
                                             "game_over", "pay", "resource"}


def test_turn_order_leftmost_orbit_first_then_colony_left_to_right():
    s = game(3)._replace(order=(5, 1, 4), done=(False, False, False))
    s = s._replace(active=1, to_move=1)
    s = act(s, "main", action="resupply")
    s = act(s, "take_item", item="water")
    s = act(s, "done")
    s = act(s, "end_turn")
    assert s.active == 2  # Colony space 1 (index 4) before Colony space 2 (index 5)
    assert s.events[-1].startswith("Green's turn")


def test_only_actions_of_your_side_are_available():
    s = orbit(game())
    assert {a.get("action") for a in s.legal_actions() if a.kind == "main"} <= set(D.ORBIT_ACTIONS)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="construct"))
    assert "only the actions of your current side" in e.value.reason
    assert e.value.rule == "Main Board Action Mechanics"
    c = colony(game())
    with pytest.raises(IllegalAction) as e:
        c.apply(action(c, "main", action="resupply"))
    assert "Orbit action" in e.value.reason


def test_one_main_action_and_at_most_one_executive_action():
    s = orbit(game())
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "end_turn"))
    assert "must take one Main action" in e.value.reason
    s = act(s, "depot_action", space=0)           # Executive before the Main action
    assert s.exec_used and "depot_action" not in kinds(s)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "depot_action", space=1))
    assert "at most one per turn" in e.value.reason
    s = act(s, "main", action="resupply")
    s = act(s, "take_item", item="battery")
    s = act(s, "done")
    assert s.step == "turn_end" and kinds(s) == ["discard_goal", "end_turn"]
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="learn"))
    assert "already took your Main action" in e.value.reason


def test_executive_after_the_main_action():
    s = orbit(game())
    s = act(s, "main", action="resupply")
    s = act(s, "take_item", item="battery")
    s = act(s, "done")
    before = s.pieces[0].crystals
    s = act(s, "depot_action", space=1)
    assert s.pieces[0].crystals == before - D.DEPOT_ACTION_COST and s.pieces[0].res[1] == 2


def test_placement_cost_counts_only_other_colours():
    s = game(3)
    s = orbit(s)._replace(slots=tuple((1, 1) if i == BP else () for i in range(len(D.ACTIONS))))
    s = act(s, "main", action="blueprint")
    assert s.step == "pay" and s.pay_left == 1  # two Blue Colonists = one colour
    s2 = orbit(game(3))._replace(slots=tuple((1, 2) if i == BP else () for i in range(len(D.ACTIONS))))
    s2 = act(s2, "main", action="blueprint")
    assert s2.pay_left == 2
    crystals, lq = s2.pieces[0].crystals, s2.pieces[0].lq
    s2 = act(s2, "pay_crystal")
    s2 = act(s2, "pay_colonist")
    assert s2.pieces[0].crystals == crystals - 1 and s2.pieces[0].lq == lq - 1 and s2.pieces[0].wa == 1
    assert s2.step == "blueprint"


def test_placement_refused_when_the_player_cannot_pay():
    s = game(3)
    s = orbit(s)._replace(slots=tuple((1, 2) if i == BP else () for i in range(len(D.ACTIONS))))
    s = setp(s, 0, crystals=0, lq=2, reserve=10)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="blueprint"))
    assert "costs 2" in e.value.reason


def test_full_slots_evict_the_player_with_the_most_first():
    s = game(3)
    s = orbit(s)._replace(slots=tuple((1, 1, 2) if i == BP else () for i in range(len(D.ACTIONS))))
    s = setp(s, 1, lq=s.pieces[1].lq - 2)
    s = setp(s, 2, lq=s.pieces[2].lq - 1)
    s = act(s, "main", action="blueprint")
    assert s.slots[BP] == (2, 0) and s.pieces[1].wa == 2
    assert s.pay_left == 1  # Green remains: pay for one colour
    assert any("Working Area" in e for e in s.events)


def test_eviction_of_every_player_tied_for_most():
    s = game(3)
    s = orbit(s)._replace(slots=tuple((1, 2, 0) if i == BP else () for i in range(len(D.ACTIONS))))
    for seat in range(3):
        s = setp(s, seat, lq=s.pieces[seat].lq - 1)
    s = act(s, "main", action="blueprint")
    assert s.slots[BP] == (0,) and s.pay_left == 0
    assert [pl.wa for pl in s.pieces] == [1, 1, 1]


def test_boost_colonists_go_to_the_working_area_and_return_when_travelling():
    s = orbit(game())
    s = act(s, "main", action="resupply")
    s = act(s, "take_item", item="water")
    s = act(s, "boost")
    s = act(s, "take_item", item="plant")
    assert s.pieces[0].wa == 1 and s.pieces[0].res[1:3] == (2, 2)
    s = act(s, "done")
    s = act(s, "end_turn")
    s = draw(act(s, "main", action="resupply"))


def test_private_goal_discarded_unseen_is_a_crystal_and_only_one_completes():
    s = orbit(game())
    goals = s.pieces[0].goals
    s = act(s, "discard_goal", goal=goals[0])
    assert s.pieces[0].crystals == 2 and goals[0] not in s.pieces[0].goals
    # make two goals completable: Hoarder (4 Crystals) and Captain (2 Ships)
    s = setp(s, 0, goals=(5, 1), crystals=4, hangar=2, depot_ships=3)
    assert {a.get("goal") for a in s.legal_actions() if a.kind == "complete_goal"} == {5, 1}
    s = act(s, "complete_goal", goal=5)
    assert s.pieces[0].goal_done == 5
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "complete_goal", goal=1))
    assert "only one can be completed" in e.value.reason
    assert s.score().points(0, "Private Goal") == D.GOALS[5][3]


def test_view_hides_other_players_goals():
    s = game(3)
    v = s.view(1)
    assert v.pieces[1].goals == s.pieces[1].goals
    assert all(g == -1 for g in v.pieces[0].goals + v.pieces[2].goals)
    assert all(g == -1 for g in v.decks[4])
    # the seed is hidden too: replaying new_game with it would deal the same secret goals
    assert v.seed == -1 and game(3, seed=8).view(1).seed == -1
    import json
    assert json.loads(v.to_json())["seed"] == -1 and json.loads(s.to_json())["seed"] == 7


def test_anything_not_legal_raises_and_leaves_the_state():
    s = orbit(game())
    for bad in ("nonsense", Action("fly", 0), Action("main", 1, {"action": "learn"})):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.legal_actions()
