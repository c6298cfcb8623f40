"""The rule options (`OPTIONS`), one scenario each: the option changes the rule it names; a variant position
loads with its own options and refuses other options only where it could not happen under them; what is
cached is keyed by what it depends on. (tests/test_options.py plays every option to the end.)"""
import json
import random

import pytest

from mars_rules.core import CHANCE, IllegalAction, PositionError
from mars_rules.on_mars import OPTIONS, codec, from_json, new_game
from mars_rules.on_mars import data as D
from mars_rules.on_mars import policies
from mars_rules.on_mars.board import affordable_types
from mars_rules.on_mars.colony import hire_problem
from mars_rules.on_mars.orbit import develop_problem

from .helpers import act, action, colony, game, orbit, setp

GEN = next(i for i, m in enumerate(D.MISSIONS) if m[1] == "construct:generator")


def under(state, **options):
    """`state`'s position read back with other options (its JSON's "options" replaced)."""
    data = json.loads(state.to_json())
    data["options"] = options
    return from_json(json.dumps(data))


def refused(state, **options) -> list:
    with pytest.raises(PositionError) as e:
        under(state, **options)
    return e.value.problems


def last_turn(s):
    """The last player of the round ends their turn (everyone else has played)."""
    n = len(s.players)
    s = s._replace(done=tuple(i != s.active for i in range(n)), step="turn_end", main="resupply")
    return act(s, "end_turn")


def construct_generator(s, contributions=0, remaining=None):
    """Orange, at the Colony, constructs a Generator at (2, -3) with the Power Grid Mission on the board."""
    s = s._replace(missions=((GEN, contributions),) + s.missions[1:])
    if remaining is not None:
        s = s._replace(remaining=remaining)
    s = setp(s, 0, bots=((1, -2),))
    s = act(act(s, "main", action="construct"), "choose_building", building="generator")
    return act(s, "construct", building="generator", hex=(2, -3))


def random_play(state, seed, until, limit=600):
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state) or state.is_over:
            return state
        legal = state.legal_actions()
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("not reached")


# ----- new_game and the position's "options" ------------------------------------------------------------
def test_new_game_checks_the_options_and_the_state_carries_them():
    s = new_game(players=2, seed=7, round_limit=14, level_up_at=[2, 4, 6, 8])
    assert s.options.round_limit == 14 and s.options.level_up_at == (2, 4, 6, 8)
    assert json.loads(s.to_json())["options"] == {"round_limit": 14, "level_up_at": [2, 4, 6, 8]}
    assert new_game(players=2, seed=7).options is OPTIONS.default
    assert new_game(players=2, seed=7, round_limit=10).options is OPTIONS.default   # the default, given
    with pytest.raises(ValueError, match="round_limit: 40 is outside 1..30"):
        new_game(players=2, round_limit=40)
    with pytest.raises(ValueError, match="did you mean resource_cap"):
        new_game(players=2, resource_caps=5)
    with pytest.raises(ValueError, match="ship_limit: .* fewer Ships at level 2 than at level 1"):
        new_game(players=2, ship_limit=(3, 2, 4, 5, 5))
    with pytest.raises(ValueError, match=r"level_up_at\[0\]: 1 is outside 2..12"):
        new_game(players=2, level_up_at=(1, 5, 7, 9))


def test_a_position_checks_its_options_by_their_path():
    s = game()
    assert refused(s, ship_limit=[3, 2, 4, 5, 5])[0].startswith("options.ship_limit: [3, 2, 4, 5, 5] holds fewer")
    assert refused(s, round_limit=0) == ["options.round_limit: 0 is outside 1..30"]
    assert refused(s, lq_op=[1, 2]) == ["options.lq_op: has 2 entries, expected 13"]
    assert under(s, round_limit=10).options is OPTIONS.default   # a default value written out is the default


def test_format_1_carries_a_variant_game_only():
    s = game(round_limit=14, progress_op=(0, 2, 4, 6, 8, 10))
    old = codec.to_dict(s, 1)
    assert old["options"] == {"round_limit": 14, "progress_op": [0, 2, 4, 6, 8, 10]}
    assert from_json(json.dumps(old)) == s
    assert "options" not in codec.to_dict(game(), 1)


def test_the_builder_sets_the_rules_and_checks_the_position_against_them():
    s = game().edit().rules(round_limit=14).set(round=12).done()
    assert s.options.round_limit == 14 and s.round == 12
    with pytest.raises(PositionError) as e:
        game().edit().rules(round_limt=14).done()
    assert any("round_limt" in p and "did you mean round_limit" in p for p in e.value.problems)
    with pytest.raises(PositionError) as e:
        game().edit().set(round=12).done()
    assert "round: 12 is outside 1..11" in e.value.problems


# ----- the end of the game ------------------------------------------------------------------------------
def test_round_limit_moves_the_safeguard_and_a_late_round_needs_it():
    s = last_turn(orbit(game(round_limit=14))._replace(round=10, shuttle_pos=3))
    assert not s.end_triggered and s.round == 11 and not s.final_round
    s = last_turn(orbit(game(round_limit=14))._replace(round=14, shuttle_pos=3))
    assert s.final_round and s.round == 15
    assert any("the end is triggered after round 14" in e for e in s.events)
    s = last_turn(orbit(game(round_limit=3))._replace(round=3, shuttle_pos=3))
    assert s.final_round and s.round == 4
    # the example: round 12 of a round_limit 14 game is saved, and refused under the default limit
    late = game(round_limit=14).edit().set(round=12).done()
    assert from_json(late.to_json()) == late
    assert refused(late) == ["round: 12 is outside 1..11"]
    early = game(round_limit=14).edit().set(round=5).done()
    assert under(early) == early._replace(options=OPTIONS.default)   # possible under both: loads under both


def test_missions_to_end_sets_the_steps_of_the_remaining_missions_marker():
    s = construct_generator(colony(game()), contributions=D.MISSIONS[GEN][2] - 1, remaining=1)
    assert s.remaining == 2 and not s.end_triggered
    s = construct_generator(colony(game(missions_to_end=2)), contributions=D.MISSIONS[GEN][2] - 1, remaining=1)
    assert s.remaining == 2 and s.end_triggered
    assert any("Remaining Missions marker reaches the end" in e for e in s.events)
    # a game of random play where a second Mission ends it: refused under the default 3
    ended = random_play(new_game(players=3, seed=2, missions_to_end=2), 2, lambda x: x.end_triggered)
    assert ended.remaining == 2 and ended.round < 10
    assert from_json(ended.to_json()) == ended
    assert any(p.startswith("end_triggered: true, but the Remaining Missions marker is at 2 of 3")
               for p in refused(ended))


# ----- Missions ----------------------------------------------------------------------------------------
def test_mission_target_change_makes_every_mission_easier_or_harder():
    assert D.MISSIONS[GEN][2] == 2
    s = construct_generator(colony(game()))
    assert (GEN, 1) in s.missions and s.remaining == 0
    s = construct_generator(colony(game(mission_target_change=-1)))
    assert GEN not in [c for c, _n in s.missions] and s.remaining == 1
    assert any("Mission Power Grid is met" in e for e in s.events)
    s = construct_generator(colony(game(mission_target_change=2)), contributions=2)
    assert (GEN, 3) in s.missions   # target 4
    s = construct_generator(colony(game(mission_target_change=-3)), contributions=0)
    assert GEN not in [c for c, _n in s.missions]   # never below 1


def test_a_contribution_easier_missions_would_have_met_refuses_to_load_under_them():
    def one_short(x):
        return any(n >= 1 and D.MISSIONS[c][2] == n + 1 for c, n in x.missions)
    s = random_play(new_game(players=3, seed=1), 1, one_short)
    i = next(k for k, (c, n) in enumerate(s.missions) if n >= 1 and D.MISSIONS[c][2] == n + 1)
    assert any(p.startswith(f"missions[{i}].contributions: {s.missions[i][1]} is outside 0..")
               for p in refused(s, mission_target_change=-1))
    assert under(s, mission_target_change=1).missions == s.missions   # harder Missions: possible, loads
    easy = random_play(new_game(players=3, seed=1, mission_target_change=-1), 1, lambda x: x.remaining >= 1)
    assert under(easy) == easy._replace(options=OPTIONS.default)


def test_mission_crystals_is_the_reward_of_a_contribution():
    before = colony(game()).pieces[0].crystals
    assert construct_generator(colony(game())).pieces[0].crystals == before + 1
    s = construct_generator(colony(game(mission_crystals=2)))
    assert s.pieces[0].crystals == before + 2
    assert any("gains 2 Crystals for contributing to Mission Power Grid" in e for e in s.events)
    assert construct_generator(colony(game(mission_crystals=0))).pieces[0].crystals == before


# ----- the Colony: level-ups and the Hangar -----------------------------------------------------------
def test_level_up_at_sets_the_lss_steps_of_the_colony_levels():
    def near_level_2(state):
        return setp(colony(state)._replace(lss=(1, 2, 2, 2)), 0, bots=((1, -2),))
    s = construct_generator(near_level_2(game()))
    assert s.lss == (2, 2, 2, 2) and s.level == 1
    s = construct_generator(near_level_2(game(level_up_at=(2, 4, 6, 8))))
    assert s.level == 2 and any("The Colony reaches level 2" in e for e in s.events)
    assert any("(the Colony rises to level 2 when all four markers reach 2)" in e for e in s.events)
    # a level-2 Colony at LSS 2 loads with its option, not with the default table
    b = game(level_up_at=(2, 4, 6, 8)).edit()
    for h, building in (((2, -2), "Generator"), ((-2, 2), "Water Extractor"), ((1, 2), "Greenhouse"),
                        ((-1, -2), "Oxygen Condenser")):
        b.construct(h, building)
    up = b.set(level=2).done()
    assert up.lss == (2, 2, 2, 2) and from_json(up.to_json()) == up
    assert any(p.startswith("level: 2, but the LSS markers (2, 2, 2, 2) make the Colony level 1")
               for p in refused(up))


def test_ship_limit_sets_the_hangar_of_each_colony_level():
    s = setp(colony(game()), 0, hangar=1, depot_ships=D.SHIPS - 1)
    s = act(act(s, "main", action="welcome"), "welcome_ship", gain="colonists")
    assert s.pieces[0].hangar == 2
    s = setp(colony(game(ship_limit=(1, 2, 3, 4, 5))), 0, hangar=1, depot_ships=D.SHIPS - 1)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="welcome"))
    assert "At Colony level 1 a Hangar holds at most 1 Ships" in e.value.reason
    s = setp(colony(game(ship_limit=(3, 3, 4, 5, 5))), 0, hangar=2, depot_ships=D.SHIPS - 2)
    assert act(act(s, "main", action="welcome"), "welcome_ship", gain="colonists").pieces[0].hangar == 3
    two = game().edit().welcome_ships("Orange", 2).done()
    assert "pieces[0].hangar: 2 Ships, but a Hangar holds 1 at Colony level 1" in refused(two, ship_limit=[1, 2, 3, 4, 5])
    assert under(two, ship_limit=[2, 2, 2, 2, 2]).pieces == two.pieces


# ----- storage and costs --------------------------------------------------------------------------------
def test_resource_cap_sets_what_a_storage_holds():
    s = act(setp(orbit(game()), 0, res=(4, 1, 1, 1, 1)), "main", action="resupply")
    assert "battery" not in {a.get("item") for a in s.legal_actions() if a.kind == "take_item"}
    s = act(setp(orbit(game(resource_cap=5)), 0, res=(4, 1, 1, 1, 1)), "main", action="resupply")
    assert act(s, "take_item", item="battery").pieces[0].res[0] == 5
    s = act(setp(orbit(game(resource_cap=2)), 0, res=(2, 1, 1, 1, 1)), "main", action="resupply")
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "take_item", item="battery"))
    assert "Your Storage holds 2 Battery already" in e.value.reason
    full = game(resource_cap=5).edit().storage("Orange", battery=5).done()
    assert from_json(full.to_json()) == full
    assert refused(full) == ["pieces[0].res.battery: 5 is outside 0..4"]
    four = game(resource_cap=5).edit().storage("Orange", battery=4).done()
    assert under(four).pieces == four.pieces


def test_crystal_cap_base_sets_what_a_depot_holds():
    s = game().edit().crystals("Orange", 3).done()
    s = act(orbit(s), "main", action="resupply")
    assert "crystal" in {a.get("item") for a in s.legal_actions() if a.kind == "take_item"}
    s = game(crystal_cap_base=0).edit().crystals("Orange", 3).done()
    s = act(orbit(s), "main", action="resupply")
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "take_item", item="crystal"))
    assert "Your Depot is full of Crystals" in e.value.reason
    four = game().edit().crystals("Orange", 4).done()
    assert any(p.startswith("pieces[0].crystals: 4, but the Depot holds 3 with 5 Ship(s)")
               for p in refused(four, crystal_cap_base=0))


def test_depot_action_cost_is_paid_for_a_depot_executive_action():
    s = setp(orbit(game(depot_action_cost=2)), 0, crystals=1)
    assert not [a for a in s.legal_actions() if a.kind == "depot_action"]
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "depot_action", space=1))
    assert "costs 2 Crystals; you have 1" in e.value.reason
    s = setp(orbit(game(depot_action_cost=2)), 0, crystals=3)
    assert str(next(a for a in s.legal_actions() if a.kind == "depot_action" and a.get("space") == 1)) == \
        "Executive action (Depot space 2): pay 2 Crystals to gain 1 Water."
    t = act(s, "depot_action", space=1)
    assert t.pieces[0].crystals == 1 and t.pieces[0].res[1] == 2
    free = setp(orbit(game(depot_action_cost=0)), 0, crystals=0)
    t = act(free, "depot_action", space=1)
    assert t.pieces[0].res[1] == 2 and t.pieces[0].crystals == 0


def test_building_cost_sets_what_each_building_type_costs():
    dear = OPTIONS["building_cost"].example   # each LSS Building and the Shelter: 2 of one Resource
    assert dear[1] == (0, 0, 0, 0, 2)
    s = setp(colony(game(building_cost=dear)), 0, bots=((1, -2),))
    s = act(s, "main", action="construct")
    assert "generator" not in {a.get("building") for a in s.legal_actions() if a.kind == "choose_building"}
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "choose_building", building="generator"))
    assert "A Generator costs 2 Minerals; you do not have it." in e.value.reason
    rich = setp(colony(game(building_cost=dear)), 0, bots=((1, -2),), res=(1, 1, 1, 1, 2))
    rich = act(act(rich, "main", action="construct"), "choose_building", building="generator")
    t = act(rich, "construct", building="generator", hex=(2, -3))
    assert t.pieces[0].res[4] == 0 and t.pieces[0].res[0] == 2   # paid 2 Minerals, gained 1 Battery
    # a table may make a Mine cost Resources too (its Miner besides) and any Building free
    mine_paid = ((0, 0, 0, 0, 1),) + ((0, 0, 0, 0, 0),) * 5
    s = setp(colony(game(building_cost=mine_paid)), 0, bots=((1, -2),), res=(1, 1, 1, 1, 0))
    s = act(s, "main", action="construct")
    assert "mine" not in {a.get("building") for a in s.legal_actions() if a.kind == "choose_building"}
    free = setp(colony(game(building_cost=mine_paid)), 0, bots=((1, -2),), res=(1, 1, 1, 1, 0))
    free = act(act(free, "main", action="construct"), "choose_building", building="generator")
    assert act(free, "construct", building="generator", hex=(2, -3)).pieces[0].res == (2, 1, 1, 1, 0)
    # what a player can afford is kept per cost table; a cost changes nothing a position shows
    pl = game().pieces[0]
    for _ in range(2):
        assert "generator" not in affordable_types(pl, rules=game(building_cost=dear).options)
        assert "generator" in affordable_types(pl)
    assert under(game(building_cost=dear)) == game()


def test_lab_column_cost_sets_the_price_of_each_rnd_destination_column():
    def lab(state, res):
        return setp(orbit(state), 0, lab=(("mine", "bottom", 1), ("shelter", "middle", 2)), res=res)
    s = lab(game(), (0, 1, 1, 1, 1))
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="rnd"))
    assert "No Tech tile can be developed" in e.value.reason
    cheap = OPTIONS["lab_column_cost"].example   # column 2 free
    s = act(lab(game(lab_column_cost=cheap), (0, 1, 1, 1, 1)), "main", action="rnd")
    t = act(s, "develop", tech="mine")
    assert ("mine", "bottom", 2) in t.pieces[0].lab and t.pieces[0].res == (0, 1, 1, 1, 1)
    dear = ((1, 1, 0, 0, 0), (1, 0, 0, 0, 1), (2, 0, 0, 0, 1))
    s = act(lab(game(lab_column_cost=dear), (1, 1, 1, 1, 1)), "main", action="rnd")
    t = act(s, "develop", tech="mine")
    assert t.pieces[0].res == (0, 0, 1, 1, 1)
    s = lab(game(lab_column_cost=dear), (1, 0, 1, 1, 1))._replace(step="rnd", moves=(), allow=2)
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "develop", tech="mine"))
    assert "Column 2 costs 1 Battery and 1 Water; you do not have it." in e.value.reason
    assert under(game(lab_column_cost=dear)) == game()


def advanced_generator(state, crystals):
    """Orange, first at the Colony, owns the Advanced Generator on (0, -2) and holds `crystals` Crystals."""
    return (state.edit().turn_order("colony", "Orange").set_turn("Orange", "turn")
            .upgrade((0, -2), "Orange", "Generator L1 battery").crystals("Orange", crystals).done())


def test_own_advanced_cost_is_paid_for_your_own_advanced_buildings_executive_action():
    s = advanced_generator(game(), 1)   # the default: 2 Crystals, Orange has 1
    assert not [a for a in s.legal_actions() if a.kind == "advanced_action"]
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "advanced_action", hex=(0, -2), free=False))
    assert "Using your own Advanced Building costs 2 Crystals" in e.value.reason
    assert str(next(a for a in advanced_generator(game(), 2).legal_actions() if a.kind == "advanced_action")) == \
        "Executive action: use your Advanced Building on hex (0, -2) (pay 2 Crystals)."
    cheap = advanced_generator(game(own_advanced_cost=1), 1)
    a = next(a for a in cheap.legal_actions() if a.kind == "advanced_action")
    assert str(a) == "Executive action: use your Advanced Building on hex (0, -2) (pay 1 Crystal)."
    t = cheap.apply(a)
    assert t.pieces[0].crystals == 0 and t.pieces[0].res[0] == cheap.pieces[0].res[0] + D.ADVANCED_ACTION_GAIN
    free = advanced_generator(game(own_advanced_cost=0), 0)
    assert "(free)" in str(next(a for a in free.legal_actions() if a.kind == "advanced_action"))
    assert act(free, "advanced_action", hex=(0, -2), free=False).pieces[0].crystals == 0
    dear = advanced_generator(game(own_advanced_cost=3), 2)
    assert not [a for a in dear.legal_actions() if a.kind == "advanced_action"]
    with pytest.raises(IllegalAction) as e:
        dear.apply(action(dear, "advanced_action", hex=(0, -2), free=False))
    assert "costs 3 Crystals" in e.value.reason
    assert under(cheap) == advanced_generator(game(), 1)   # a cost changes nothing a position shows


def lss_near(state, lss):
    """A position (the builder) whose LSS markers stand at `lss` (Buildings constructed on free hexes away from
    the Generator `level_up` places, no construction Mission on the board) and Orange first at the Colony with
    a Bot next to (2, -3)."""
    b = state.edit().missions("Fleet Arrival", "Science First", "Explorers")
    taken = {h for h, *_ in state.buildings} | {(1, -2), (0, -1)}
    free = iter(h for h in D.HEXES if h not in taken and D.hex_distance(h, (2, -3)) > 2)
    for btype, steps in zip(D.LSS_TRACKS, lss):
        for _ in range(steps - 1):
            h = next(free)
            taken.add(h)
            b.construct(h, D.BUILDING_NAME[btype])
    return b.turn_order("colony", "Orange").set_turn("Orange", "turn").bots("Orange", [(1, -2)])


def level_up(s):
    """Orange constructs the Generator on (2, -3): its LSS marker lifts the Colony a level."""
    s = act(act(s, "main", action="construct"), "choose_building", building="generator")
    return act(s, "construct", building="generator", hex=(2, -3))


def test_level_up_op_per_cube_scores_the_progress_cubes_at_each_level_up():
    def near_level_2(state):   # LSS (2, 3, 3, 3): the next Generator lifts the Colony to level 2
        b = lss_near(state, (2, 3, 3, 3))
        b.player("Orange").progress = 2
        b.player("Orange").progress_types = ("water", "greenhouse")
        b.player("Blue").progress = 1
        b.player("Blue").progress_types = ("oxygen",)
        return b.done()
    s = level_up(near_level_2(game()))
    assert s.level == 2 and (s.pieces[0].op, s.pieces[1].op) == (2, 1)
    assert any("each player scores 1 OP per Progress cube" in e for e in s.events)
    s = level_up(near_level_2(game(level_up_op_per_cube=3)))
    assert s.level == 2 and (s.pieces[0].op, s.pieces[1].op) == (6, 3)
    assert any("each player scores 3 OP per Progress cube" in e for e in s.events)
    assert s.score().points(0, "Colony level-ups") == 6
    assert level_up(near_level_2(game(level_up_op_per_cube=0))).pieces[0].op == 0
    # 6 OP from one level-up with 2 cubes: a position of this game, refused under the default 1 OP per cube
    assert from_json(s.to_json()) == s
    assert "pieces[0].op: 6, but 1 level-up(s) with at most 2 Progress cube(s) score 2 at most" in refused(s)


def test_end_level_is_the_colony_level_that_ends_the_game():
    def near_level_3(state):   # LSS (4, 5, 5, 5) at level 2: the next Generator lifts the Colony to level 3
        return lss_near(state, (4, 5, 5, 5)).set(level=2).done()
    s = level_up(near_level_3(game()))
    assert s.level == 3 and s.remaining == 1 and not s.end_triggered
    s = level_up(near_level_3(game(end_level=3)))
    assert s.level == 3 and s.remaining == D.MISSIONS_TO_END and s.end_triggered
    assert any("Remaining Missions marker" in e and "end" in e for e in s.events)
    # the marker at the end at level 3 with no Mission met: a position of this game, refused under the default
    assert from_json(s.to_json()) == s
    assert any(p.startswith("remaining") for p in refused(s))


def test_level_up_missions_advances_the_remaining_missions_marker_at_a_level_up():
    def near_level_2(state):   # LSS (2, 3, 3, 3): the next Generator lifts the Colony to level 2
        return lss_near(state, (2, 3, 3, 3)).done()
    s = level_up(near_level_2(game()))
    assert s.level == 2 and s.remaining == 0     # level 2 advances nothing by default (levels 3 and 4: 1 step)
    s = level_up(near_level_2(game(level_up_missions=(2, 1, 1, 0))))
    assert s.level == 2 and s.remaining == 2 and not s.end_triggered
    # the marker 2 steps on with no Mission met at level 2: a position of this game, refused under the default
    assert from_json(s.to_json()) == s
    assert any(p.startswith("remaining") for p in refused(s))


def test_hire_scientists_until_is_the_last_colony_level_that_hires_scientists():
    def at_level_2(state):     # Orange first at the Colony, level 2 (LSS 3, 3, 3, 3)
        return lss_near(state, (3, 3, 3, 3)).set(level=2).done()
    s = act(at_level_2(game()), "main", action="hire")
    assert {a.kind for a in s.legal_actions()} == {"hire_scientist", "take_contract"}
    s = act(at_level_2(game(hire_scientists_until=1)), "main", action="hire")
    assert {a.kind for a in s.legal_actions()} == {"take_contract"}
    assert "up to Colony level 1" in hire_problem(s, 0, "hire_scientist", s.sci_display[0])
    s = act(at_level_2(game(hire_scientists_until=3)), "main", action="hire")
    assert "hire_scientist" in {a.kind for a in s.legal_actions()}


def test_lab_column_limit_sets_the_furthest_lab_column_of_each_colony_level():
    base, variant = game(), game(lab_column_limit=(3, 3, 4, 4, 4))
    assert base.options.lab_column_limit == (2, 3, 4, 4, 4) and variant.options.lab_column_limit[0] == 3
    assert "can reach column 2 at most" in develop_problem(base, 0, "shelter")
    assert "can reach column" not in (develop_problem(variant, 0, "shelter") or "")
    # a tile in column 3 at level 1: a position of this game, refused under the default
    moved = setp(variant, 0, lab=(("shelter", "middle", 3),))
    assert from_json(moved.to_json()) == moved
    assert any(p.startswith("pieces[0].lab") for p in refused(moved))


# ----- scoring ------------------------------------------------------------------------------------------
SCORING = dict(progress_op=(0, 2, 4, 6, 8, 10), ship_op=5, lab_column_op=(1, 3, 6, 10), lq_op=tuple(range(13)))


def test_the_scoring_tables_and_the_score_sheet_names_the_variant():
    base = setp(game(), 0, progress=2, progress_types=("water", "greenhouse"), hangar=2, depot_ships=3, lq=5,
                reserve=7)
    variant = setp(game(**SCORING), 0, progress=2, progress_types=("water", "greenhouse"), hangar=2,
                   depot_ships=3, lq=5, reserve=7)
    a, b = base.score(), variant.score()
    expected = {"Progress cubes": (2, 4), "Ships": (6, 10), "Tech tiles": (2, 3), "Living Quarters": (6, 5)}
    for category, (default, changed) in expected.items():
        assert (a.points(0, category), b.points(0, category)) == (default, changed), category
    assert a.variant == "" and "variant" not in str(a)
    assert b.variant.startswith("progress op 0, 2, 4, 6, 8, 10 (rulebook: 0, 1, 2, 4, 7, 11), ship op 5 (rulebook: 3)")
    assert "variant rules: progress op" in str(b)
    # a scoring table changes nothing a position shows: a position loads under any
    assert under(game(**SCORING)) == game()


# ----- caches keyed by what they depend on ---------------------------------------------------------------
def test_action_texts_and_the_policy_values_follow_each_games_options():
    variant = setp(orbit(game(depot_action_cost=2)), 0, crystals=2)
    default = setp(orbit(game()), 0, crystals=2)
    for _ in range(2):   # asked in turn: each game's own sentences, whatever was asked before
        assert all("pay 2 Crystals" in str(a) for a in variant.legal_actions() if a.kind == "depot_action")
        assert all("pay 1 Crystal to" in str(a) for a in default.legal_actions() if a.kind == "depot_action")
    base = setp(game(), 0, hangar=2, depot_ships=3)
    richer = setp(game(ship_op=5), 0, hangar=2, depot_ships=3)
    first = policies.evaluate(base, 0)
    assert policies.evaluate(richer, 0) == first + 2 * 2   # 2 OP more per Ship, not the cached value
    policies._CACHE.clear()
    assert policies.evaluate(base, 0) == first


def test_a_variant_game_played_before_leaves_a_default_game_as_played_alone():
    def played(seed, **options):
        s = random_play(new_game(players=2, seed=seed, **options), seed, lambda x: False, limit=100_000)
        return s.to_json(), str(s.score())
    alone = played(3)
    played(3, **{o.name: o.example for o in OPTIONS})
    assert played(3) == alone


def test_the_board_draws_the_level_ups_of_the_game():
    from widgets.on_mars import Board   # its static layer (drawn once per layout) marks the level-up steps
    board = Board.__new__(Board)
    board.zones = False
    assert Board.layout(board, game()) != Board.layout(board, game(level_up_at=(2, 4, 6, 8)))


# ----- every rule of a position holds in variant games ---------------------------------------------------
EXTREMES = dict(round_limit=2, missions_to_end=1, mission_target_change=-3, mission_crystals=5,
                level_up_at=(2, 2, 3, 3), ship_limit=(5, 5, 5, 5, 5), resource_cap=1, crystal_cap_base=10,
                depot_action_cost=0, progress_op=(30,) * 6, ship_op=0, lab_column_op=(0, 0, 0, 20), lq_op=(50,) * 13,
                building_cost=((0,) * 5,) * 6, lab_column_cost=((3, 0, 0, 0, 3),) * 3, own_advanced_cost=0,
                level_up_op_per_cube=5, end_level=2)


@pytest.mark.parametrize("options", [{o.name: o.example for o in OPTIONS}, EXTREMES], ids=["examples", "extremes"])
def test_variant_games_keep_every_rule_of_a_position(options):
    """The invariants (`invariants.problems`, what from_json checks) after every action of random variant games,
    and the position's round trip through JSON along the way."""
    from mars_rules.on_mars.invariants import problems
    for players, seed in ((3, 1), (4, 2)):
        s = new_game(players=players, seed=seed, **options)
        rng = random.Random(seed)
        n = 0
        while not s.is_over:
            assert problems(s) == [], (n, problems(s))
            if n % 20 == 0:
                assert from_json(s.to_json()) == s
            legal = s.legal_actions()
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[rng.randrange(len(legal))])
            n += 1
        assert from_json(s.to_json()) == s and s.score().variant
