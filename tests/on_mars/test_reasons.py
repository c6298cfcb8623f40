"""Every forbidden variant of a stated rule is refused with its own reason and rule section, and leaves
the position unchanged (Control Center, Construct, Upgrade, Welcome a Ship, Hire, payments, Executive
actions with Scientists, the Shuttle Phase)."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.on_mars import data as D

from .helpers import act, action, colony, draw, game, orbit, setp

COLONY = "Colony Main Actions"


def refused(state, kind, **params):
    """Apply a forbidden action: -> (reason, rule); the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as e:
        state.apply(action(state, kind, **params))
    assert state.to_json() == before
    return e.value.reason, e.value.rule


def with_advanced(s, h, owner, card):
    return s._replace(buildings=tuple((x, b, owner, card, m) if x == h else (x, b, a, c, m)
                                      for x, b, a, c, m in s.buildings))


# ----------------------------------------------------------------- Control Center
def test_control_center_moves_one_hex_within_the_movement_of_each_piece():
    s = setp(colony(game()), 0, rover=(2, -2), bots=((0, 1),), crystals=0)
    s = act(s, "main", action="control")
    assert s.moves == (2, 2)  # Rover 2, each Bot 2 (no Rover Tech)
    reason, rule = refused(s, "move_rover", to=(0, 0))
    assert "one hex at a time" in reason and rule == COLONY
    assert "not a hex of the map" in refused(s, "move_rover", to=(9, 9))[0]
    assert "one hex at a time" in refused(s, "move_bot", bot=0, to=(0, 3))[0]
    assert "no Bot 3" in refused(s, "move_bot", bot=3, to=(0, 2))[0]
    assert "no Crystal in your Depot" in refused(s, "spend_crystal", piece=-1)[0]
    t = act(act(s, "move_rover", to=(2, -3)), "move_rover", to=(2, -4))  # collects the Crystal on (2, -3)
    assert t.moves[0] == 0 and t.pieces[0].crystals == 1
    reason, _ = refused(t, "move_rover", to=(3, -4))
    assert "Rover has no movement left" in reason and "+1 per Crystal spent" in reason
    t = act(t, "spend_crystal", piece=-1)          # each Crystal spent adds 1 movement
    assert t.moves[0] == 1 and t.pieces[0].crystals == 0
    t = act(t, "move_rover", to=(3, -4))
    b = act(act(t, "move_bot", bot=0, to=(1, 0)), "move_bot", bot=0, to=(2, -1))
    assert "Bot 1 has no movement left" in refused(b, "move_bot", bot=0, to=(3, -1))[0]


def test_bots_destroy_tiles_they_end_on():
    s = setp(colony(game()), 0, bots=((1, -4),))
    s = act(s, "main", action="control")
    s = act(s, "move_bot", bot=0, to=(0, -4))      # a Research tile
    s = act(s, "done")
    assert not any(t[0] == (0, -4) for t in s.tiles) and s.pieces[0].claimed == 0
    assert any("destroys the Research tile" in e for e in s.events)


# ----------------------------------------------------------------- Construct
def test_construct_refuses_a_type_that_fits_nowhere_and_each_cost():
    s = setp(colony(game()), 0, bots=((3, -1),))
    s = act(s, "main", action="construct")
    reason, rule = refused(s, "choose_building", building="generator")
    assert "No hex of your Building Zones fits a Generator" in reason and rule == COLONY
    assert "no Building called" in refused(s, "choose_building", building="castle")[0]
    poor = setp(s, 0, res=(0, 1, 1, 1, 1))
    assert "A Water Extractor costs 1 Battery" in refused(poor, "choose_building", building="water")[0]
    hexes = setp(s._replace(step="construct_hex", build="water"), 0, res=(0, 1, 1, 1, 1))
    assert "A Water Extractor costs 1 Battery" in refused(hexes, "construct", building="water", hex=(4, -1))[0]


def test_a_mine_without_a_miner_is_refused_with_the_reason():
    s = setp(colony(game()), 0, bots=((1, 0),))
    s = act(act(s, "main", action="construct"), "choose_building", building="mine")
    no_miner = setp(s, 0, lq=0, reserve=s.pieces[0].reserve + s.pieces[0].lq)
    assert "A Mine needs a Miner" in refused(no_miner, "construct", building="mine", hex=(2, -1))[0]
    chooser = no_miner._replace(step="construct", build="")
    assert "A Mine needs a Miner" in refused(chooser, "choose_building", building="mine")[0]


def test_growing_a_complex_across_two_complexes_counts_every_building_connected():
    # (1, -2) touches the Generator (0, -2) and (2, -3): the result is one Complex of 3
    s = setp(colony(game()), 0, bots=((1, -2),), lab=(("generator", "bottom", 3), ("shelter", "middle", 2)),
             res=(1, 1, 1, 1, 2))
    s = s._replace(buildings=tuple(sorted(s.buildings + (((2, -3), "generator", -1, -1, -1),))))
    s = act(act(s, "main", action="construct"), "choose_building", building="generator")
    t = act(s, "construct", building="generator", hex=(1, -2))
    assert t.pieces[0].res[0] == 1 + 3 and t.pieces[0].progress == 1


# ----------------------------------------------------------------- Upgrade
def test_upgrade_refuses_outside_the_zones_a_wrong_type_and_a_foreign_blueprint():
    s = setp(colony(game()), 0, bots=((3, -1),), blueprints=((3, 0), (0, 0)))
    s = s._replace(buildings=tuple(sorted(s.buildings + (((3, -2), "generator", -1, -1, -1),))))
    s = act(s, "main", action="upgrade")
    reason, rule = refused(s, "upgrade", card=3, hex=(0, -2))
    assert "not in a Building Zone" in reason and rule == COLONY
    assert "upgrades a Mine; there is none" in refused(s, "upgrade", card=0, hex=(3, -2))[0]
    assert "not yours" in refused(s, "upgrade", card=7, hex=(3, -2))[0]
    t = act(s, "upgrade", card=3, hex=(3, -2))     # a Level 1 Blueprint: any matching Building
    assert ((3, -2), "generator", 0, 3, -1) in t.buildings


def test_level_three_blueprint_on_a_complex_of_three():
    gen3 = 5
    assert D.BLUEPRINTS[gen3][:2] == ("generator", 3)
    s = setp(colony(game()), 0, bots=((1, -2),), blueprints=((gen3, 0),))
    s = s._replace(buildings=tuple(sorted(s.buildings + (((1, -2), "generator", -1, -1, -1),
                                                         ((2, -3), "generator", -1, -1, -1)))))
    s = act(act(s, "main", action="upgrade"), "upgrade", card=gen3, hex=(1, -2))
    assert ((1, -2), "generator", 0, gen3, -1) in s.buildings
    assert s.score().points(0, "Advanced Buildings / Blueprints") == 5


# ----------------------------------------------------------------- Welcome a Ship, Hire
def test_welcome_a_ship_refuses_a_bot_off_an_empty_shelter_and_without_ships():
    s = act(colony(game()), "main", action="welcome")
    reason, rule = refused(s, "welcome_ship", gain="bot", hex=(3, -3))  # Orange's own Bot stands there
    assert "empty Shelter" in reason and rule == COLONY
    assert "1 Colonist and 1 Bot" in refused(s, "welcome_ship", gain="pony", hex=())[0]
    s2 = s._replace(buildings=tuple(sorted(s.buildings + (((1, 1), "shelter", -1, -1, -1),))))
    full = setp(s2, 0, bots=((3, -3),) * D.BOTS)
    assert "All your 4 Bots" in refused(full, "welcome_ship", gain="bot", hex=(1, 1))[0]
    once = act(act(setp(colony(game()), 0, res=(1, 2, 2, 1, 1)), "main", action="welcome"), "welcome_ship",
               gain="colonists")
    assert "Boost with a Colonist" in refused(once, "welcome_ship", gain="colonists", hex=())[0]
    none = setp(colony(game()), 0, depot_ships=0, hangar=2)
    assert "no Ship left" in refused(none, "main", action="welcome")[0]


def test_hire_refuses_cards_not_on_display_and_late_scientists():
    s = act(colony(game()), "main", action="hire")
    reason, rule = refused(s, "hire_scientist", card=99)
    assert "not on the display" in reason and rule == COLONY
    assert "not on the display" in refused(s, "take_contract", card=99)[0]
    late = s._replace(level=D.SCIENTISTS_UNTIL + 1)
    assert "hired early only" in refused(late, "hire_scientist", card=s.sci_display[0])[0]
    card = s.con_display[0]
    t = draw(act(s, "take_contract", card=card))
    assert card in t.pieces[0].contracts and len(t.con_display) == D.CONTRACT_DISPLAY


def test_the_other_player_may_hire_while_one_colonist_is_on_the_slots():
    s = act(colony(game()), "main", action="hire")
    s = act(draw(act(s, "hire_scientist", card=s.sci_display[0])), "end_turn")
    assert s.active == 1 and s.slots[D.ACTIONS.index("hire")] == (0,)
    s = act(s, "main", action="hire")                 # one slot per player: Blue's own slot (pays Orange's colour)
    assert s.step == "pay" and s.pay_left == 1


# ----------------------------------------------------------------- paying for a slot
def test_each_colour_is_paid_with_what_the_player_has():
    s = orbit(game())._replace(slots=tuple((1,) if a == "resupply" else () for a in D.ACTIONS))
    s = act(setp(s, 0, crystals=0), "main", action="resupply")
    reason, rule = refused(s, "pay_crystal")
    assert "no Crystal" in reason and rule == "Main Board Action Mechanics"
    t = orbit(game())._replace(slots=tuple((1,) if a == "resupply" else () for a in D.ACTIONS))
    t = act(setp(t, 0, lq=1, reserve=11), "main", action="resupply")
    assert "no Colonist left" in refused(t, "pay_colonist")[0]


def test_a_main_action_is_used_before_it_is_done():
    s = act(orbit(game()), "main", action="resupply")
    reason, rule = refused(s, "done", action="resupply")
    assert "Take Resupply at least once" in reason and rule == "Orbital Station Main Actions"
    assert "at least once" in refused(s, "end_turn")[0]
    assert act(act(s, "take_item", item="water"), "done").step == "turn_end"


def test_no_pass_while_a_main_action_is_reachable_through_the_executive_action_or_a_goal():
    # no Colonist in the Living Quarters, one in the Working Area, 1 Crystal: Depot space 3 retrieves it
    assert D.DEPOT_ACTIONS[2][0] == "retrieve"
    s = setp(orbit(game()), 0, lq=0, wa=1, reserve=11, crystals=1)
    assert "pass_turn" not in {a.kind for a in s.legal_actions()}
    reason, rule = refused(s, "pass_turn")
    assert "mandatory Main action" in reason and rule == "Colonization Phase"
    t = act(s, "depot_action", space=2)
    assert t.pieces[0].lq == 1 and "main" in {a.kind for a in t.legal_actions()}
    wasted = act(s, "depot_action", space=0)          # another Executive action: now nothing can help
    assert {a.kind for a in wasted.legal_actions()} >= {"pass_turn"}
    # one other colour on every Orbit action, one Colonist and no Crystal: a discarded goal pays the colour
    full = tuple((1,) if a in D.ORBIT_ACTIONS else () for a in D.ACTIONS)
    g = setp(orbit(game())._replace(slots=full), 0, lq=1, reserve=11, crystals=0)
    assert "pass_turn" not in {a.kind for a in g.legal_actions()} and "main" not in {a.kind for a in g.legal_actions()}
    g = act(g, "discard_goal", goal=g.pieces[0].goals[0])
    assert "main" in {a.kind for a in g.legal_actions()}
    stuck = setp(orbit(game()), 0, lq=0, wa=0, reserve=12, crystals=0)
    assert "pass_turn" in {a.kind for a in stuck.legal_actions()}


# ----------------------------------------------------------------- Executive actions and Scientists
def test_scientist_and_own_advanced_building_refusals():
    s = with_advanced(colony(game()), (0, -2), 0, 3)
    s = setp(s, 0, blueprints=((3, 1),), crystals=1)
    reason, rule = refused(s, "advanced_action", hex=(0, -2), free=False)
    assert "costs 2 Crystals" in reason and rule == "Executive Actions"
    assert "free only while a Scientist works there" in refused(s, "advanced_action", hex=(0, -2), free=True)[0]
    assert "not an Advanced Building of yours" in refused(s, "advanced_action", hex=(2, 0), free=False)[0]
    b = setp(s, 1, scientists=((0, ()), (1, ())))._replace(active=1, to_move=1)
    assert D.SCIENTISTS[0][1] == "mine" and D.SCIENTISTS[1][1] == "generator"
    assert "works only in an Advanced Mine" in refused(b, "send_scientist", card=0, hex=(0, -2))[0]
    assert "not hired" in refused(b, "send_scientist", card=4, hex=(0, -2))[0]
    assert "no Advanced Building" in refused(b, "send_scientist", card=1, hex=(2, 0))[0]
    assert "No Scientist of yours works there" in refused(b, "scientist_action", hex=(0, -2))[0]
    b = act(b, "send_scientist", card=1, hex=(0, -2))   # free for Blue (the Scientist's owner)
    assert b.pieces[1].crystals == 1 and b.exec_used
    assert "at most one per turn" in refused(b, "scientist_action", hex=(0, -2))[0]
    assert "already works in the Advanced Building" in refused(b._replace(exec_used=False), "send_scientist",
                                                               card=1, hex=(0, -2))[0]


def test_one_scientist_works_in_an_advanced_building():
    from mars_rules.on_mars import new_game
    twins = new_game(players=2, seed=7, cards={"scientists": [["Engineer A", "generator"],
                                                             ["Engineer B", "generator"]]})
    s = with_advanced(colony(twins), (0, -2), 0, 3)
    s = setp(s, 0, blueprints=((3, 1),), scientists=((0, (0, -2)),))
    s = setp(s, 1, scientists=((1, ()),))._replace(active=1, to_move=1)
    reason, rule = refused(s, "send_scientist", card=1, hex=(0, -2))
    assert "Another Scientist already works" in reason and rule == "Executive Actions"
    o = setp(s._replace(active=0, to_move=0), 0, crystals=0)   # Orange's own Scientist: free for Orange
    assert "is yours" in refused(o, "scientist_action", hex=(0, -2))[0]
    assert act(o, "advanced_action", hex=(0, -2), free=True).pieces[0].res[0] == 1 + D.ADVANCED_ACTION_GAIN


# ----------------------------------------------------------------- Shuttle Phase
def last_turn(s):
    n = len(s.players)
    s = s._replace(done=tuple(i != s.active for i in range(n)), step="turn_end", main="resupply")
    return act(s, "end_turn")


def test_travel_by_ship_needs_a_ship_in_the_hangar():
    s = orbit(game())._replace(order=(0, 4))
    s = setp(s, 1, hangar=1, depot_ships=4)
    s = act(last_turn(s), "stay")
    poor = setp(s, 1, hangar=0)
    reason, rule = refused(poor, "travel", to="orbit", pay="ship")
    assert "no Ship to discard" in reason and rule == "Shuttle Phase"
    t = act(s, "travel", to="orbit", pay="ship")
    assert t.pieces[1].hangar == 0 and t.step == "turn_order"
    assert {a.get("space") for a in t.legal_actions()} <= {1, 2, 3}   # Orange keeps Orbit space 0


def test_discovery_tile_and_turn_order_space_refusals():
    s = draw(act(last_turn(orbit(game())), "travel", pay="free"))
    rover = s.pieces[0].rover
    reason, rule = refused(s, "place_discovery", hex=rover)
    assert "exactly 3 hexes from your Rover" in reason and rule == "Shuttle Phase"
    assert "holds a Building" in refused(s, "place_discovery", hex=(0, 0))[0]
    assert "must be placed there" in refused(s, "discard_discovery")[0]
    ring = [a.get("hex") for a in s.legal_actions()]
    s = act(s, "place_discovery", hex=ring[0])
    assert "travelling to the Colony" in refused(s, "take_space", space=0, resource="")[0]
    assert "Resource of your choice" in refused(s, "take_space", space=5, resource="")[0]
    assert "leave the resource empty" in refused(s, "take_space", space=4, resource="water")[0]
    assert "Turn Order spaces are" in refused(s, "take_space", space=9, resource="")[0]
    taken = s._replace(order=(s.order[0], 4))
    assert "taken" in refused(taken, "take_space", space=4, resource="")[0]


def test_a_discovery_tile_replaces_the_tile_on_its_hex():
    s = draw(act(last_turn(orbit(game())), "travel", pay="free"))
    h = [a.get("hex") for a in s.legal_actions()][0]
    s = s._replace(tiles=tuple(sorted(s.tiles + ((h, "research", 0),))))
    tile = s.tile
    t = act(s, "place_discovery", hex=h)
    assert [x for x in t.tiles if x[0] == h] == [(h, "discovery", tile)]
    assert any("replaced" in e for e in t.events)



# ----------------------------------------------------------------- the reasons agree with the legal lists
def candidates(s, seat):
    """(action, its checker's problem) for every variant of the kinds with a checker at this step."""
    from mars_rules.core import Action
    from mars_rules.on_mars import colony as C
    from mars_rules.on_mars import shuttle, turn

    def a(kind, **params):
        return Action(kind, seat, params)

    pl, step = s.pieces[seat], s.step
    if step == "control":
        for h in D.HEXES:
            yield a("move_rover", to=h), C.control_problem(s, seat, "move_rover", -1, h)
            for i in range(len(pl.bots)):
                yield a("move_bot", bot=i, to=h), C.control_problem(s, seat, "move_bot", i, h)
        for i in range(-1, len(pl.bots)):
            yield a("spend_crystal", piece=i), C.control_problem(s, seat, "spend_crystal", i, None)
    elif step == "construct":
        for b in D.BUILDINGS:
            yield a("choose_building", building=b), C.building_problem(s, seat, b)
    elif step == "hire":
        for c in range(len(D.SCIENTISTS)):
            yield a("hire_scientist", card=c), C.hire_problem(s, seat, "hire_scientist", c)
        for c in range(len(D.CONTRACTS)):
            yield a("take_contract", card=c), C.hire_problem(s, seat, "take_contract", c)
    elif step == "welcome" and s.used < s.allow and C.welcome_problem(s, seat) is None:
        for h in [b[0] for b in s.buildings if b[1] == "shelter"] + [(0, 0)]:
            yield a("welcome_ship", gain="bot", hex=h), C.welcome_choice_problem(s, seat, "bot", h)
        yield a("welcome_ship", gain="colonists", hex=()), C.welcome_choice_problem(s, seat, "colonists", ())
    elif step == "discovery":
        for h in D.HEXES:
            yield a("place_discovery", hex=h), shuttle.discovery_problem(s, seat, h)
        yield a("discard_discovery"), shuttle.discovery_problem(s, seat, None)
    elif step == "turn_order":
        for sp in range(2 * D.TURN_ORDER_SPACES):
            for r in ("",) + D.RESOURCES:
                yield a("take_space", space=sp, resource=r), shuttle.space_problem(s, seat, sp, r)
    elif step == "pay":
        for k in ("pay_crystal", "pay_colonist"):
            yield a(k), turn.pay_problem(s, seat, k)
    elif step in ("turn", "turn_end", "final_round") and not s.exec_used:
        for h in [b[0] for b in s.buildings if b[2] >= 0]:
            yield a("scientist_action", hex=h), turn.scientist_problem(s, seat, "scientist_action", h)
            for c, _placed in pl.scientists:
                yield a("send_scientist", card=c, hex=h), turn.scientist_problem(s, seat, "send_scientist", h, c)


def test_each_reason_checker_agrees_with_the_legal_list():
    """Along random games: an action of these kinds is listed exactly when its checker finds no problem."""
    import random

    from mars_rules.core import CHANCE
    from mars_rules.on_mars import new_game

    seen = set()
    for seed in range(8):
        s = new_game(players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.to_move == CHANCE:
                s = s.resolve_chance()
                continue
            legal = s.legal_actions()
            listed = set(legal)
            for act_, problem in candidates(s, s.to_move):
                seen.add(act_.kind)
                assert (act_ in listed) == (problem is None), (s.step, str(act_), problem)
            s = s.apply(legal[int(rng.random() * len(legal))])
    assert len(seen) == 14


def test_a_sixth_first_complex_finds_no_progress_cube_left():
    five = ("mine", "water", "greenhouse", "oxygen", "shelter")
    s = setp(colony(game()), 0, bots=((1, -2),), lab=(("generator", "bottom", 2), ("shelter", "middle", 2)),
             progress=D.PROGRESS_CUBES, progress_types=five)
    s = act(act(act(s, "main", action="construct"), "choose_building", building="generator"),
            "construct", building="generator", hex=(0, -1))
    pl = s.pieces[0]
    assert pl.progress == D.PROGRESS_CUBES == 5 and "generator" in pl.progress_types
    assert s.score().points(0, "Progress cubes") == 11


def test_landing_pod_retrieves_the_colony_colonists_and_leaves_its_own_in_orbit():
    ctrl, pod = D.ACTIONS.index("control"), D.ACTIONS.index("landing_pod")
    s = orbit(game())._replace(slots=tuple((0,) if i == ctrl else () for i in range(len(D.ACTIONS))))
    s = setp(s, 0, lq=3, wa=1, reserve=7)
    s = act(s, "main", action="landing_pod")
    assert s.step == "turn_order" and s.pieces[0].lq == 3 - 1 + 1 + 1 and s.pieces[0].wa == 0
    assert s.slots[ctrl] == () and s.slots[pod] == (0,)
    assert not any(e.startswith("The Discovery tile") for e in s.events) and s.to_move == 0


def test_travel_to_orbit_retrieves_the_orbit_colonists_and_leaves_the_colony_ones():
    res, ctrl = D.ACTIONS.index("resupply"), D.ACTIONS.index("control")
    s = colony(game())._replace(shuttle_side="colony", shuttle_pos=1,
                                slots=tuple((0,) if i in (res, ctrl) else () for i in range(len(D.ACTIONS))))
    s = setp(s, 0, lq=1, wa=2, reserve=7)
    s = act(last_turn(s), "travel", pay="free")
    assert s.pieces[0].lq == 1 + 1 + 2 and s.pieces[0].wa == 0
    assert s.slots[res] == () and s.slots[ctrl] == (0,)
