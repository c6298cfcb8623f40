"""Colony level effects, one scenario each: Ships in the Hangar, Lab columns, Missions needed, the high
level that ends the game; the Rover claiming a Discovery tile; the ASSUMED round-limit safeguard's bounds."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.on_mars import data as D

from .helpers import act, action, colony, game, orbit, setp


def level_up_by_an_oxygen_condenser(level):
    """Orange, next to the Oxygen Condenser (-2, 0), builds one 2 hexes away; every other LSS track is
    already at the step of the next level."""
    up = D.LEVEL_UP_AT[level - 1]
    s = colony(game())._replace(level=level, lss=(up, up, up, up - 1))
    s = setp(s, 0, bots=((-3, 0),))
    s = act(act(s, "main", action="construct"), "choose_building", building="oxygen")
    return act(s, "construct", building="oxygen", hex=(-4, 0))


def test_each_colony_level_in_the_table_and_what_it_changes():
    s = level_up_by_an_oxygen_condenser(3)
    assert s.level == 4 and s.remaining == 1            # level 4 advances the marker again
    assert not s.end_triggered
    s = level_up_by_an_oxygen_condenser(4)
    assert s.level == D.END_LEVEL == 5
    assert s.remaining == D.MISSIONS_TO_END and s.end_triggered   # a high Colony level ends the game
    assert any("end of the game is triggered" in e for e in s.events)


def test_no_level_up_before_every_track_reaches_the_step():
    up = D.LEVEL_UP_AT[0]
    s = colony(game())._replace(lss=(up - 1, up - 1, up, up - 1))
    s = setp(s, 0, bots=((-3, 0),))
    s = act(act(s, "main", action="construct"), "choose_building", building="oxygen")
    s = act(s, "construct", building="oxygen", hex=(-4, 0))
    assert s.lss == (up - 1, up - 1, up, up) and s.level == 1 and all(pl.op == 0 for pl in s.pieces)


def test_the_hangar_limit_rises_with_the_colony_level():
    full = setp(colony(game()), 0, hangar=D.SHIP_LIMIT[0], depot_ships=D.SHIPS - D.SHIP_LIMIT[0])
    with pytest.raises(IllegalAction) as e:
        full.apply(action(full, "main", action="welcome"))
    assert f"At Colony level 1 a Hangar holds at most {D.SHIP_LIMIT[0]} Ships" in e.value.reason
    s = act(full._replace(level=2), "main", action="welcome")
    s = act(s, "welcome_ship", gain="colonists")
    assert s.pieces[0].hangar == D.SHIP_LIMIT[1] == 3
    assert "boost" not in {a.kind for a in s.legal_actions()}   # the limit also stops a boost


def test_lab_columns_unlocked_by_the_colony_level():
    s = setp(orbit(game()), 0, lab=(("mine", "bottom", 1), ("shelter", "middle", 2)), res=(4, 4, 4, 4, 4))
    s = act(act(s, "main", action="rnd"), "develop", tech="mine")
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "develop", tech="mine"))
    assert f"can reach column {D.MAX_LAB_COLUMN[1]} at most" in e.value.reason
    up = act(s._replace(level=2), "develop", tech="mine")
    assert ("mine", "bottom", 3) in up.pieces[0].lab


def test_the_rover_claims_a_discovery_tile_and_contributes_to_an_explorers_mission():
    explorers = [i for i, m in enumerate(D.MISSIONS) if m[1] == "claim"][0]
    s = colony(game())
    s = s._replace(tiles=tuple(sorted(s.tiles + (((3, -2), "discovery", 4),))),
                   missions=((explorers, 0),) + s.missions[1:])
    assert D.DISCOVERY_TILES[4][1] == (("crystal", 2),)
    s = act(act(s, "main", action="control"), "move_rover", to=(3, -2))
    before = s.pieces[0].crystals
    s = act(s, "done")
    assert not any(t[0] == (3, -2) for t in s.tiles) and s.pieces[0].claimed == 1
    assert s.pieces[0].crystals == before + 2 + D.MISSION_CRYSTALS
    assert (explorers, 1) in s.missions


def last_turn(s):
    n = len(s.players)
    s = s._replace(done=tuple(i != s.active for i in range(n)), step="turn_end", main="resupply")
    return act(s, "end_turn")


def test_round_limit_safeguard_only_after_its_round():
    early = last_turn(orbit(game())._replace(round=D.ROUND_LIMIT - 1, shuttle_pos=3))
    assert not early.end_triggered and early.round == D.ROUND_LIMIT and not early.final_round
    final = last_turn(orbit(game())._replace(round=D.ROUND_LIMIT, shuttle_pos=3))
    assert final.final_round and final.step == "final_round" and final.round == D.ROUND_LIMIT + 1
    assert any("safeguard" in e for e in final.events)
    over = last_turn(final)
    assert over.is_over and over.phase == "over"      # no Shuttle Phase after the final round
