"""Shuttle Phase, Missions, the end trigger, the final round and final scoring."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.on_mars import data as D

from .helpers import act, action, colony, draw, game, orbit, setp


def last_turn(s):
    """End the active player's turn as the last of the round (the Shuttle Phase follows)."""
    n = len(s.players)
    done = tuple(i != s.active for i in range(n))
    s = s._replace(done=done, step="turn_end", main="resupply")
    return act(s, "end_turn")


def test_shuttle_travels_from_the_innermost_space_and_travel_is_free_from_its_side():
    s = last_turn(orbit(game()))
    assert s.step == "shuttle" and s.shuttle_side == "colony" and s.shuttle_left == "orbit"
    assert s.shuttle_pos == D.TRAVEL_DISTANCE[1]
    assert {(a.kind, a.get("pay")) for a in s.legal_actions()} == {("travel", "free"), ("stay", None)}
    assert s.active == s.order.index(0)  # in Turn Order


def test_shuttle_moves_toward_the_middle_without_travelling():
    s = orbit(game())._replace(shuttle_pos=3)
    s = setp(s, 1, hangar=1, depot_ships=4)
    s = last_turn(s)
    assert s.shuttle_pos == 2 and s.shuttle_side == "orbit" and s.shuttle_left == ""
    assert s.active == 1 and any("stays" in e for e in s.events)  # Orange has no Ship: skipped
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "travel", to="colony", pay="free"))
    assert "did not travel this phase" in e.value.reason
    t = act(s, "travel", pay="ship")
    assert t.pieces[1].hangar == 0 and t.pieces[1].depot_ships == 4  # the Ship is discarded


def test_players_on_the_other_side_pay_a_ship():
    s = orbit(game())._replace(order=(0, 4))
    s = setp(s, 1, hangar=1, depot_ships=4)
    s = last_turn(s)
    s = act(s, "stay")  # Orange (Orbit) may travel free but stays
    assert s.active == 1
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "travel", to="orbit", pay="free"))
    assert "not your side" in e.value.reason


def test_travel_to_the_colony_discovery_tile_colonists_and_turn_order_bonus():
    s = orbit(game())
    s = setp(s, 0, wa=2, lq=2)
    land = D.ACTIONS.index("construct")
    s = s._replace(slots=tuple((0,) if i == land else () for i in range(len(D.ACTIONS))))
    s = setp(s, 0, lq=1)
    s = last_turn(s)
    s = act(s, "travel", pay="free")
    assert s.to_move == "chance"
    s = draw(s)
    assert s.step == "discovery" and s.tile >= 0
    rover = s.pieces[0].rover
    hexes = [a.get("hex") for a in s.legal_actions()]
    assert hexes and all(D.hex_distance(h, rover) == 3 for h in hexes)
    tile = s.tile
    s = act(s, "place_discovery", hex=hexes[0])
    assert (hexes[0], "discovery", tile) in s.tiles
    assert s.pieces[0].lq == 1 + 2 + 1 and s.pieces[0].wa == 0 and s.slots[land] == ()
    assert s.step == "turn_order"
    spaces = {a.get("space") for a in s.legal_actions()}
    assert spaces == {4, 5, 6, 7}
    s = act(s, "take_space", space=5, resource="oxygen")
    assert s.order[0] == 5 and s.pieces[0].res[3] == 2


def test_travel_to_orbit_production():
    s = colony(game())
    s = s._replace(buildings=tuple(sorted(s.buildings + (((1, 1), "mine", 0, 0, 0), ((2, -1), "mine", -1, -1, 0),
                                                         ((1, -4), "shelter", 0, 15, -1)))))
    s = setp(s, 0, blueprints=((0, 1), (15, 1)), lq=2, reserve=8, res=(1, 1, 1, 1, 0))
    s = s._replace(shuttle_side="colony", shuttle_pos=1)
    s = last_turn(s)
    assert s.shuttle_left == "colony"
    s = act(s, "travel", pay="free")
    pl = s.pieces[0]
    assert pl.res[4] == 3          # Advanced Mine 1 + two Miners 2
    assert pl.crystals == 2        # Advanced Shelter: 1 Crystal
    assert s.step == "turn_order" and {a.get("space") for a in s.legal_actions()} == {0, 1, 2, 3}


def test_mission_contribution_crystals_removal_and_end_trigger_then_final_round():
    s = colony(game())
    gen = [i for i, m in enumerate(D.MISSIONS) if m[1] == "construct:generator"][0]
    s = s._replace(missions=((gen, D.MISSIONS[gen][2] - 1),) + s.missions[1:], remaining=D.MISSIONS_TO_END - 1)
    s = setp(s, 0, bots=((1, -2),))
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building="generator")
    s = act(s, "construct", building="generator", hex=(2, -3))
    assert len(s.missions) == 2 and s.remaining == D.MISSIONS_TO_END and s.end_triggered
    assert s.pieces[0].crystals == 1 + D.MISSION_CRYSTALS
    s = act(s, "end_turn")
    # Blue finishes the round; the Shuttle Phase of this round still happens
    s = act(s, "main", action="control")
    s = act(s, "done")
    s = act(s, "end_turn")
    # the Shuttle Phase of this round still happens (here nobody can travel: both are at the Colony
    # and the Shuttle left the Orbit), then the final round starts
    assert any(e.startswith("Shuttle Phase") for e in s.events)
    assert s.final_round and s.step == "final_round" and s.round == 2
    while not s.is_over:
        s = draw(s)
        legal = s.legal_actions()
        main = [a for a in legal if a.kind in ("main", "pass_turn", "end_turn")]
        s = s.apply(main[0] if s.step in ("final_round", "turn_end") else
                    next((a for a in legal if a.kind == "done"), legal[0]))
        assert s.phase != "shuttle"   # no Shuttle Phase after the final round
    assert s.step == "game_over" and s.to_move is None and s.winners()
    assert all(pl.wa == 0 for pl in s.pieces) and all(x == () for x in s.slots)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s._replace(to_move=0), "end_turn"))


def test_round_limit_safeguard_triggers_the_end():
    s = orbit(game())._replace(round=D.ROUND_LIMIT, shuttle_pos=3)
    s = last_turn(s)
    assert s.end_triggered and s.final_round and s.round == D.ROUND_LIMIT + 1


def test_colony_level_shortens_the_missions_and_shuttle_distance():
    s = colony(game())._replace(level=2, lss=(D.LEVEL_UP_AT[1],) * 3 + (D.LEVEL_UP_AT[1] - 1,))
    s = setp(s, 0, bots=((-3, 0),))
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building="oxygen")
    s = act(s, "construct", building="oxygen", hex=(-4, 0))
    assert s.level == 3 and s.remaining == 1
    assert D.TRAVEL_DISTANCE[3] == 2 and D.SHIP_LIMIT[2] == 4


# ----------------------------------------------------------------- final scoring
def over(s):
    return s._replace(phase="over", step="game_over", to_move=None)


def test_every_scoring_category():
    s = colony(game())
    s = s._replace(buildings=tuple((h, b, 1, 9, m) if h == (0, 2) else (h, b, a, c, m)
                                   for h, b, a, c, m in s.buildings))
    s = setp(s, 0, lq=6, reserve=6, progress=4, progress_types=("mine", "water", "generator", "oxygen"),
             hangar=2, depot_ships=3, lab=(("mine", "bottom", 1), ("shelter", "middle", 2), ("water", "top", 4)),
             blueprints=((0, 0), (2, 0)), scientists=((3, ()),), contracts=(0, 4), res=(1, 2, 1, 1, 1),
             goal_done=5, goals=(1,), op=3)
    s = setp(s, 1, blueprints=((9, 1),), lq=4)
    assert D.BLUEPRINTS[9][:2] == ("greenhouse", 1) and D.SCIENTISTS[3][1] == "greenhouse"
    sheet = over(s).score()
    p = sheet.points
    assert p(0, "Living Quarters") == D.LQ_OP[6] == 10
    assert p(0, "Progress cubes") == 7
    assert p(0, "Colony level-ups") == 3
    assert p(0, "Ships") == 6
    assert p(0, "Tech tiles") == 1 + 2 + 6
    assert p(0, "Advanced Buildings / Blueprints") == -3 - 5
    assert p(1, "Advanced Buildings / Blueprints") == 3
    assert p(0, "Scientists") == 3          # Blue's Advanced Greenhouse counts (any owner)
    assert p(0, "Earth Contracts") == 9 - 6  # delivery met (2 Water + 1 Plant), Greenhouse upgrade not
    assert p(0, "Private Goal") == D.GOALS[5][3]
    assert sheet.final and sheet.totals[0] == sum(r.points for r in sheet.rows if r.player == 0)


def test_progress_cube_ladder():
    s = over(colony(game()))
    for cubes, op in zip(range(6), (0, 1, 2, 4, 7, 11)):
        assert setp(s, 0, progress=cubes, progress_types=D.BUILDINGS[:cubes]).score().points(0, "Progress cubes") == op


def test_tie_breaks_crystals_advanced_buildings_progress_then_shared():
    s = over(colony(game()))
    assert s.score().totals[0] == s.score().totals[1]
    assert s.winners() == (0, 1) and "shared" in s.score().tiebreak
    assert setp(s, 1, crystals=3).winners() == (1,)
    assert "broken by Crystals (" in setp(s, 1, crystals=3).score().tiebreak  # the line names the decider
    adv = s._replace(buildings=tuple((h, b, 0, 3, m) if h == (0, -2) else (h, b, a, c, m)
                                     for h, b, a, c, m in s.buildings))
    adv = setp(adv, 0, blueprints=((3, 1),))
    adv = setp(adv, 1, hangar=1, depot_ships=4)
    assert adv.score().totals[0] == adv.score().totals[1] and adv.winners() == (0,)
    assert "then Advanced Buildings (" in adv.score().tiebreak or "by Advanced Buildings (" in adv.score().tiebreak
    prog = setp(s, 0, progress=1, progress_types=("mine",))
    prog = setp(prog, 1, lab=(("mine", "bottom", 1), ("shelter", "middle", 2)))
    assert prog.score().totals[0] == prog.score().totals[1] and prog.winners() == (0,)
    assert "Progress cubes (" in prog.score().tiebreak and "Advanced Buildings (" not in prog.score().tiebreak
    assert colony(game()).winners() == ()  # not over yet


def test_travel_space_set_by_colony_level_makes_travel_rarer():
    s = orbit(game())._replace(level=3)
    s = last_turn(s)
    assert s.shuttle_left == "orbit" and s.shuttle_pos == D.TRAVEL_DISTANCE[3] == 2
    s = act(s, "stay")
    s = act(s, "stay")
    assert s.round == 2
    s = last_turn(s._replace(active=s.order.index(min(s.order)), to_move=s.order.index(min(s.order))))
    assert s.shuttle_left == "" and s.shuttle_pos == 1 and s.shuttle_side == "colony"
