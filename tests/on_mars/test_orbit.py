"""Orbital Station Main Actions."""
import pytest

from mars_rules.core import IllegalAction
from mars_rules.on_mars import data as D

from .helpers import act, action, draw, game, kinds, orbit, setp


def test_obtain_blueprint_gain_marker_refill_and_boost():
    s = orbit(game())
    card = s.bp_display[0]
    b, lvl, gain = D.BLUEPRINTS[card]
    s = act(s, "main", action="blueprint")
    s = act(s, "take_blueprint", card=card)
    assert (card, 0) in s.pieces[0].blueprints
    assert s.to_move == "chance"  # the display is refilled
    s = draw(s)
    assert len(s.bp_display) == D.BLUEPRINT_DISPLAY
    assert kinds(s) == ["boost", "done"]
    s = act(s, "boost")
    s = draw(act(s, "take_blueprint"))
    assert len(s.pieces[0].blueprints) == 2 and s.pieces[0].wa == 1


def test_obtain_blueprint_needs_a_free_advanced_building_marker():
    s = orbit(game())
    s = setp(s, 0, blueprints=tuple((c, 0) for c in range(len(D.BLUEPRINTS)) if c not in s.bp_display)[:D.ADVANCED_MARKERS])
    s = s._replace(decks=(tuple(c for c in s.decks[0] if c not in dict(s.pieces[0].blueprints)),) + s.decks[1:])
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="blueprint"))
    assert "Advanced Building markers" in e.value.reason


def test_learn_new_technology_row_costs_and_one_tile_per_type():
    s = orbit(game())
    s = act(s, "main", action="learn")
    opts = [a for a in s.legal_actions() if a.kind == "learn_tech"]
    assert not any(a.get("tech") == "shelter" for a in opts)  # already has a Shelter tile
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "learn_tech", tech="shelter", row="bottom", extra=""))
    assert "only one tile of each type" in e.value.reason
    poor = setp(s, 0, res=(0, 1, 1, 1, 1))
    with pytest.raises(IllegalAction) as e:
        poor.apply(action(poor, "learn_tech", tech="greenhouse", row="middle", extra=""))
    assert "The middle row costs 1 Battery" in e.value.reason
    assert "middle" not in {a.get("row") for a in poor.legal_actions() if a.kind == "learn_tech"}
    top = act(s, "learn_tech", tech="greenhouse", row="top", extra="water")
    assert top.pieces[0].res[:2] == (0, 0) and top.pieces[0].crystals == 2  # paid Battery + Water, +1 Crystal
    assert ("greenhouse", "top", 1) in top.pieces[0].lab
    bottom = act(s, "learn_tech", tech="mine", row="bottom", extra="")
    assert bottom.pieces[0].res == s.pieces[0].res  # free
    assert bottom.tech_grid[D.TECHS.index("mine")] == D.TECH_COPIES - 1
    boosted = act(act(bottom, "boost"), "learn_tech", tech="rover", row="top", extra="plant")
    assert len(boosted.pieces[0].lab) == 3 and "boost" not in kinds(boosted)  # a second tile at most


def test_learn_middle_row_benefit_is_a_resource_of_choice():
    s = orbit(game())
    s = setp(s, 0, lab=(("shelter", "bottom", 2),))
    s = act(s, "main", action="learn")
    s = act(s, "learn_tech", tech="water", row="middle", extra="")
    assert s.step == "resource" and s.resume == "learn"
    s = act(s, "take_resource", resource="mineral")
    assert s.step == "learn" and s.pieces[0].res == (0, 1, 1, 1, 2)


def test_rnd_one_tile_twice_or_two_tiles_once_and_boost():
    s = orbit(game())._replace(level=3)
    s = setp(s, 0, lab=(("mine", "bottom", 1), ("water", "top", 1), ("shelter", "middle", 2)),
             res=(4, 4, 4, 4, 4))
    s = act(s, "main", action="rnd")
    twice = act(act(s, "develop", tech="mine"), "develop", tech="mine")
    assert ("mine", "bottom", 3) in twice.pieces[0].lab
    assert twice.pieces[0].res[0] == 4 - 1 - 1 and twice.pieces[0].res[4] == 3  # col 2: 1B; col 3: 1B+1M
    with pytest.raises(IllegalAction) as e:
        twice.apply(action(twice, "develop", tech="water"))
    assert "boost" in e.value.reason
    more = act(twice, "boost")
    with pytest.raises(IllegalAction) as e:
        more.apply(action(more, "develop", tech="mine"))
    assert "not developed in this action" in e.value.reason
    more = act(more, "develop", tech="water")
    assert ("water", "top", 2) in more.pieces[0].lab
    two = act(act(s, "develop", tech="mine"), "develop", tech="water")
    assert ("mine", "bottom", 2) in two.pieces[0].lab and ("water", "top", 2) in two.pieces[0].lab


def test_rnd_column_limited_by_colony_level():
    s = orbit(game())
    s = setp(s, 0, lab=(("mine", "bottom", 2), ("shelter", "middle", 2)), res=(4, 4, 4, 4, 4))
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "main", action="rnd"))
    assert "No Tech tile can be developed" in e.value.reason


def test_resupply_limited_storage_and_boost():
    s = orbit(game())
    s = setp(s, 0, res=(D.RESOURCE_CAP, 1, 1, 1, 1))
    s = act(s, "main", action="resupply")
    assert "battery" not in {a.get("item") for a in s.legal_actions() if a.kind == "take_item"}
    with pytest.raises(IllegalAction) as e:
        s.apply(action(s, "take_item", item="battery"))
    assert "limited storage" in e.value.reason
    s = act(s, "take_item", item="crystal")
    assert s.warehouse[0] == D.WAREHOUSE[2][0] - 1 and s.pieces[0].crystals == 2


def test_landing_pod_travels_to_the_colony_without_a_discovery_tile():
    s = orbit(game())
    tiles = s.tiles
    s = act(s, "main", action="landing_pod")
    assert s.step == "turn_order"
    s = act(s, "take_space", space=4)
    assert s.order[0] == 4 and s.pieces[0].crystals == 2 and s.tiles == tiles
    assert s.step == "turn_end"
