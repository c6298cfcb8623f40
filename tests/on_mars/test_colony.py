"""Colony Main Actions, Executive actions with Advanced Buildings and Scientists."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.on_mars import data as D

from .helpers import act, action, colony, draw, game, kinds, setp

GEN_L1, GEN_L3 = 3, 5  # Blueprint ids: Generator Level 1 (+1 Crystal), Generator Level 3
assert D.BLUEPRINTS[GEN_L1][:2] == ("generator", 1) and D.BLUEPRINTS[GEN_L3][:2] == ("generator", 3)


def near_generator(**changes):
    """Seat 0 at the Colony with a Bot next to the starting Generator (0, -2)."""
    s = colony(game())
    return setp(s, 0, bots=((1, -2),), **changes)


def build(s, btype, h):
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building=btype)
    return s, act(s, "construct", building=btype, hex=h) if h else None


def test_construct_exactly_two_hexes_from_the_same_type_needs_no_tech():
    s = near_generator()
    s, after = build(s, "generator", (2, -3))
    assert ((2, -3), "generator", -1, -1, -1) in after.buildings
    pl = after.pieces[0]
    assert pl.res[4] == 0 and pl.res[0] == 2  # paid 1 Mineral, gained 1 Battery (Complex size 1)
    assert after.lss[0] == D.LSS_START + 1 and pl.progress == 0
    assert after.step == "turn_end"


def test_construct_elsewhere_is_refused_with_the_reason():
    s = setp(colony(game()), 0, bots=((3, -1),))
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building="water")
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "construct", building="water", hex=(9, 9)))
    assert "not a hex" in e.value.reason
    s2 = s._replace(build="generator")
    with pytest.raises(IllegalAction) as e:
        s2.apply(action(s2, "construct", building="generator", hex=(3, -2)))
    assert "exactly 2 hexes" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "construct", building="water", hex=(0, 0)))
    assert "Building Zone" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "construct", building="water", hex=(2, 0)))
    assert "already holds" in e.value.reason


def test_complex_needs_a_tech_of_level_at_least_its_size():
    s = near_generator()
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building="generator")
    assert (0, -1) not in {a.get("hex") for a in s.legal_actions()}
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "construct", building="generator", hex=(0, -1)))
    assert "Complex of 2" in e.value.reason and "level 2" in e.value.reason
    t = setp(s, 0, lab=(("generator", "bottom", 2), ("shelter", "middle", 2)))
    t = act(t, "construct", building="generator", hex=(0, -1))
    pl = t.pieces[0]
    assert pl.res[0] == 1 + 2  # Resources equal to the new Complex size (2)
    assert pl.progress == 1 and pl.progress_types == ("generator",)  # first Complex of the type
    assert t.score().points(0, "Progress cubes") == 1


def test_a_complex_of_three_needs_level_three():
    s = near_generator(lab=(("generator", "bottom", 2), ("shelter", "middle", 2)))
    s = s._replace(buildings=tuple(sorted(s.buildings + (((1, -3), "generator", -1, -1, -1),))))
    s = act(s, "main", action="construct")
    s = act(s, "choose_building", building="generator")
    with pytest.raises(IllegalAction) as e:  # (0, -1)... no: (1, -2) touches both (0, -2) and (1, -3)
        s.apply(action(s, "construct", building="generator", hex=(1, -2)))
    assert "Complex of 3" in e.value.reason


def test_second_complex_of_a_type_gives_no_second_cube():
    s = near_generator(lab=(("generator", "bottom", 3), ("shelter", "middle", 2)), progress=1,
                       progress_types=("generator",))
    s, t = build(s, "generator", (0, -1))
    assert t.pieces[0].progress == 1


def test_mines_need_a_miner():
    s = setp(colony(game()), 0, bots=((1, 0),))
    s, t = build(s, "mine", (2, -1))
    assert ((2, -1), "mine", -1, -1, 0) in t.buildings and t.pieces[0].lq == s.pieces[0].lq - 1
    s = setp(colony(game()), 0, bots=((1, 0),), lq=1, reserve=11)
    s = act(s, "main", action="construct")  # the last Colonist goes on the slot
    assert "mine" not in {a.get("building") for a in s.legal_actions()}


def test_lss_level_up_scores_progress_and_changes_the_colony():
    s = near_generator(lab=(("generator", "bottom", 2), ("shelter", "middle", 2)), progress=2,
                       progress_types=("water", "mine"))
    s = s._replace(lss=(D.LEVEL_UP_AT[0] - 1, D.LEVEL_UP_AT[0], D.LEVEL_UP_AT[0], D.LEVEL_UP_AT[0]))
    s = setp(s, 1, progress=1, progress_types=("mine",))
    s, t = build(s, "generator", (2, -3))
    assert t.level == 2 and t.lss[0] == D.LEVEL_UP_AT[0]
    assert t.pieces[0].op == 2 and t.pieces[1].op == 1  # 1 OP per cube in the Progress area
    assert t.pieces[0].crystals == 2  # LSS Reward at step 3
    assert t.score().points(1, "Colony level-ups") == 1


def test_upgrade_blueprint_once_building_once_level_three_and_mineral():
    s = near_generator(blueprints=((GEN_L1, 0), (GEN_L3, 0), (4, 0)))
    s = act(s, "main", action="upgrade")
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "upgrade", card=GEN_L3, hex=(0, -2)))
    assert "Complex of 3" in e.value.reason
    t = act(s, "upgrade", card=GEN_L1, hex=(0, -2))
    assert ((0, -2), "generator", 0, GEN_L1, -1) in t.buildings
    assert t.pieces[0].res[4] == 0 and (GEN_L1, 1) in t.pieces[0].blueprints
    assert t.step == "turn_end"  # one upgrade without an Upgrade Tech
    assert t.score().points(0, "Advanced Buildings / Blueprints") == 3 - 5 - 3
    u = t._replace(step="upgrade", used=0, allow=2)
    u = setp(u, 0, res=(1, 1, 1, 1, 2))
    with pytest.raises(IllegalAction) as e:
        u.apply(action(u, "upgrade", card=GEN_L1, hex=(0, -2)))
    assert "already used" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        u.apply(action(u, "upgrade", card=4, hex=(0, -2)))
    assert "already upgraded" in e.value.reason
    poor = setp(s, 0, res=(1, 1, 1, 1, 0))
    with pytest.raises(IllegalAction) as e:
        poor.apply(action(poor, "upgrade", card=GEN_L1, hex=(0, -2)))
    assert "1 Mineral" in e.value.reason


def test_upgrade_tech_gives_extra_upgrades():
    s = near_generator(blueprints=((GEN_L1, 0), (4, 0)), res=(1, 1, 1, 1, 2),
                       lab=(("upgrade", "bottom", 1), ("shelter", "middle", 2)))
    s = s._replace(buildings=tuple(sorted(s.buildings + (((2, -3), "generator", -1, -1, -1),))))
    s = act(s, "main", action="upgrade")
    assert s.allow == 2
    s = act(s, "upgrade", card=GEN_L1, hex=(0, -2))
    assert s.step == "upgrade"
    s = act(s, "upgrade", card=4, hex=(2, -3))
    assert s.step == "turn_end" and sum(1 for b in s.buildings if b[2] == 0) == 2


def test_welcome_a_ship_costs_plant_and_water_and_is_limited_by_colony_level():
    s = colony(game())
    s = s._replace(buildings=tuple(sorted(s.buildings + (((1, 1), "shelter", -1, -1, -1),))))
    s = act(s, "main", action="welcome")
    opts = [a for a in s.legal_actions() if a.kind == "welcome_ship"]
    assert {(a.get("gain"), a.get("hex")) for a in opts} == {("colonists", ()), ("bot", (1, 1))}
    t = act(s, "welcome_ship", gain="bot")
    pl = t.pieces[0]
    assert pl.hangar == 1 and pl.depot_ships == D.SHIPS - 1 and pl.bots[-1] == (1, 1)
    assert pl.res[1:3] == (0, 0) and pl.lq == s.pieces[0].lq + 1
    assert t.score().points(0, "Ships") == 3
    full = setp(colony(game()), 0, hangar=D.SHIP_LIMIT[0], depot_ships=D.SHIPS - D.SHIP_LIMIT[0])
    with pytest.raises(IllegalAction) as e:
        full.apply(action(full, "main", action="welcome"))
    assert "at most 2 Ships" in e.value.reason
    dry = setp(colony(game()), 0, res=(1, 0, 1, 1, 1))
    with pytest.raises(IllegalAction) as e:
        dry.apply(action(dry, "main", action="welcome"))
    assert "1 Plant and 1 Water" in e.value.reason


def test_welcome_boost_moves_more_ships():
    s = setp(colony(game()), 0, res=(1, 2, 2, 1, 1))
    s = act(s, "main", action="welcome")
    s = act(s, "welcome_ship", gain="colonists")
    s = act(s, "boost")
    s = act(s, "welcome_ship", gain="colonists")
    assert s.pieces[0].hangar == 2 and s.pieces[0].lq == 4 - 1 - 1 + 4


def test_hire_one_slot_per_player():
    s = colony(game())
    s = act(s, "main", action="hire")
    card = s.sci_display[0]
    s = draw(act(s, "hire_scientist", card=card))
    assert (card, ()) in s.pieces[0].scientists and len(s.sci_display) == D.SCIENTIST_DISPLAY
    again = s._replace(main="", step="turn")
    with pytest.raises(IllegalAction) as e:
        again.apply(action(again, "main", action="hire"))
    assert "one slot per player" in e.value.reason


def test_control_center_moves_collect_claim_and_clean():
    s = setp(colony(game()), 0, rover=(2, -2), bots=((0, 1),))
    s = act(s, "main", action="control")
    assert s.moves == (2, 2)
    s = act(s, "move_rover", to=(2, -3))          # passes over a Crystal: collected
    assert s.pieces[0].crystals == 2 and (2, -3) not in s.map_crystals
    s = act(s, "spend_crystal", piece=-1)
    assert s.moves[0] == 2 and s.pieces[0].crystals == 1
    s = act(s, "move_rover", to=(3, -4))
    s = act(s, "move_rover", to=(4, -4))          # ends on a Research tile
    assert not any(a.kind == "move_rover" for a in s.legal_actions())
    s = act(s, "move_bot", bot=0, to=(1, 1))      # ends on a Crystal: cleaned
    supply = s.supply
    s = act(s, "done")
    assert not any(t[0] == (4, -4) for t in s.tiles) and s.pieces[0].claimed == 1
    assert s.pieces[0].crystals == 1 + 2 and s.pieces[0].res[4] == 2  # Research reward
    assert (1, 1) not in s.map_crystals and s.supply == supply + 1 - 2


def test_executive_of_own_advanced_building_costs_two_and_scientist_makes_it_free():
    s = colony(game())
    s = s._replace(buildings=tuple((h, b, 0, GEN_L1, m) if h == (0, -2) else (h, b, a, c, m)
                                   for h, b, a, c, m in s.buildings))
    s = setp(s, 0, blueprints=((GEN_L1, 1),), crystals=2)
    s = setp(s, 1, scientists=((1, ()),), crystals=0)
    assert D.SCIENTISTS[1][1] == "generator"
    t = act(s, "advanced_action", hex=(0, -2), free=False)
    assert t.pieces[0].crystals == 0 and t.pieces[0].res[0] == 1 + D.ADVANCED_ACTION_GAIN
    # Blue sends its R&D Engineer there: free for Blue and, from then on, for Orange
    b = s._replace(active=1, to_move=1)
    b = act(b, "send_scientist", card=1, hex=(0, -2))
    assert b.pieces[1].scientists == ((1, (0, -2)),) and b.pieces[1].res[0] == 3
    assert b.score().points(1, "Scientists") == D.SCIENTIST_OP
    o = b._replace(active=0, to_move=0, exec_used=False)
    o = setp(o, 0, crystals=0)
    assert any(a.kind == "advanced_action" and a.get("free") for a in o.legal_actions())
    o = act(o, "advanced_action", hex=(0, -2), free=True)
    assert o.pieces[0].crystals == 0
    blue = b._replace(exec_used=False)
    assert any(a.kind == "scientist_action" for a in blue.legal_actions())


def test_depot_space_covered_by_a_ship_gives_no_executive_action():
    s = colony(game())
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "depot_action", space=3))
    assert "covered by a Ship" in e.value.reason
    s = setp(s, 0, depot_ships=D.SHIPS - 1, hangar=1)
    assert any(a.kind == "depot_action" and a.get("space") == 3 for a in s.legal_actions())


def test_fast_buildable_agrees_with_construct_problem():
    from mars_rules.on_mars.board import buildable, construct_problem, zone_hexes
    import random
    from .helpers import draw as resolve
    for seed in range(6):
        s = game(3, seed)
        rng = random.Random(seed)
        for _ in range(150):
            s = resolve(s)
            if s.is_over:
                break
            for seat in range(3):
                for b in D.BUILDINGS:
                    slow = [h for h in zone_hexes(s.pieces[seat]) if construct_problem(s, seat, b, h) is None]
                    assert buildable(s, seat, b) == slow
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])


def test_the_placed_colonist_counts_before_checking_the_action():
    # only a Mine could be built, and its Miner would be the last Colonist: placing it on the slot uses it
    s = setp(colony(game()), 0, bots=((1, 0),), lq=1, reserve=11, res=(0, 0, 0, 0, 0))
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="construct"))
    assert "No Building can be constructed" in e.value.reason
    assert setp(s, 0, lq=2, reserve=10).apply(action(s, "main", action="construct")).step == "construct"


def test_construct_offers_done_when_the_payment_used_what_was_needed():
    s = setp(colony(game()), 0, bots=((1, 0),), lq=2, reserve=10, res=(0, 0, 0, 0, 0), crystals=0)
    s = s._replace(slots=tuple((1,) if a == "construct" else () for a in D.ACTIONS))
    s = act(s, "main", action="construct")
    s = act(s, "pay_colonist")          # the last Colonist pays for Blue's colour: no Miner left
    assert kinds(s) == ["done"]
    assert act(s, "done").step == "turn_end"
