"""Malformed and impossible positions raise PositionError listing every problem."""
import json

import pytest

from mars_rules.core import PositionError
from mars_rules.on_mars import from_json, new_game


def edited(**changes):
    d = json.loads(new_game(players=2, seed=7).to_json())
    for k, v in changes.items():
        d[k] = v
    return json.dumps(d)


def problems(text):
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def test_round_trip_to_the_byte():
    t = new_game(players=4, seed=3).to_json()
    assert from_json(t).to_json() == t


def test_not_json_or_another_game():
    assert problems("{nope")[0].startswith("not valid JSON")
    assert "on_mars" in problems('{"format": 1, "game": "ruins"}')[0]
    assert problems(b"\xff")[0].startswith("the position is not UTF-8")
    assert problems(42)


def test_missing_and_extra_keys_are_all_listed():
    d = json.loads(new_game().to_json())
    del d["level"]
    d["colour"] = "red"
    got = problems(json.dumps(d))
    assert any('missing key "level"' in p for p in got) and any('unexpected key "colour"' in p for p in got)


def test_bad_values_are_all_listed():
    orbit_1 = {"side": "orbit", "space": 1}
    got = problems(edited(level=9, lss={"Generator": 1, "Water Extractor": 1, "Greenhouse": 1}, step="nap",
                          order=[orbit_1, orbit_1]))
    assert any(p.startswith("level") for p in got)
    assert any(p.startswith("lss") for p in got)
    assert any(p.startswith("step") for p in got)
    assert any("share a Turn Order space" in p for p in got) or any(p.startswith("order") for p in got)


def test_impossible_positions():
    d = json.loads(new_game().to_json())
    d["pieces"][0]["crystals"] = 4
    d["pieces"][1]["lq"] = 9
    got = problems(json.dumps(d))
    assert any("Crystals" in p for p in got)
    assert any("Colonists counted" in p for p in got)
    d = json.loads(new_game().to_json())
    d["pieces"][0]["lab"].append({"tech": "Shelter", "row": "bottom", "column": 1})
    assert any("two Tech tiles of one type" in p for p in problems(json.dumps(d)))


def test_wrong_types_never_raise_another_exception():
    for bad in ({"pieces": "x"}, {"slots": [1, 2]}, {"buildings": [[1]]}, {"tiles": [[[0, 0], "x", 99]]},
                {"missions": [[99, 0]]}, {"decks": [[], [], [], [], [], [5, 1]]}, {"to_move": 7}):
        with pytest.raises(PositionError):
            from_json(edited(**bad))


def test_your_own_cards_load_and_play(tmp_path):
    import random
    from mars_rules.on_mars import data as D
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"missions": [["Scout", "claim", 1], ["Build", "construct:mine", 1],
                                             ["Learn", "tech", 1]],
                                "discovery_tiles": [["Big geode", [["crystal", 3]]]]}))
    cards = D.load_cards(str(path))
    old = D.use_cards(cards)
    try:
        s = new_game(players=2, seed=1)
        assert {D.MISSIONS[c][0] for c, _n in s.missions} == {"Scout", "Build", "Learn"}
        rng = random.Random(1)
        while not s.is_over:
            s = s.resolve_chance() if s.to_move == "chance" else s.apply(
                s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        assert from_json(s.to_json()) == s
    finally:
        D.use_cards(old)
    assert D.MISSIONS[0][0] == "Power Grid"
    with pytest.raises(ValueError) as e:
        D.load_cards({"missions": [["x", "fly", 0]] * 3, "boats": []})
    assert "missions[0]" in str(e.value) and "'boats'" in str(e.value)


# ----- every impossible position is refused, each problem naming its field ------------------------------
import random  # noqa: E402
import re  # noqa: E402

from mars_rules.core import CHANCE  # noqa: E402
from mars_rules.on_mars import codec, invariants, readable, scenario  # noqa: E402
from mars_rules.on_mars import data as D  # noqa: E402
from mars_rules.on_mars.invariants import problems as invariant_problems  # noqa: E402


def reach(step, players=3):
    """The first position at `step` in seeded random games (the same position every run)."""
    for seed in range(20):
        s = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.step == step and s.to_move != CHANCE:
                return s
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(
                s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
    raise AssertionError(f"no random game reaches {step}")


def mid_game():
    return json.loads(reach("control").to_json())


def refused(data, field):
    """The problems of a position (a dict or a State), asserting it is refused and one names `field`."""
    text = data.to_json() if hasattr(data, "to_json") else json.dumps(data)
    got = problems(text)
    assert any(p.startswith((field, "position." + field)) for p in got), (field, got)
    return got


def test_null_in_nested_fields_is_refused():
    # (format 2: null is "none" in a Building's owner, blueprint and miner, so its type is nulled instead)
    for path in (("buildings", 0, "building"), ("pieces", 1, "lab", 0, "column"), ("tiles", 0), ("missions", 0, "card"),
                 ("pieces", 0, "bots", 0), ("pieces", 2, "res", "oxygen"), ("decks", "blueprints", 0),
                 ("slots", "blueprint")):
        d = mid_game()
        parent = d
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = None
        field = path[0] + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path[1:])
        got = refused(d, field)
        assert all("null" in p or "None" in p for p in got if p.startswith(field)), got


def test_a_card_numbered_minus_one_is_refused():
    for key in readable.DECK_KEYS:
        d = mid_game()
        d["decks"][key] = [-1] + d["decks"][key]
        refused(d, f"decks.{key}[0]")
    d = mid_game()
    d["pieces"][0]["goals"] = [-1]
    refused(d, "pieces[0].goals[0]")


def test_to_move_must_be_a_seat_chance_or_null_never_a_float_or_a_bool():
    s = reach("turn")
    for bad in (float(s.to_move), True, False, "1", [s.to_move]):
        d = json.loads(s.to_json())
        d["to_move"] = bad
        got = refused(d, "to_move")
        assert any("is not a seat" in p for p in got)
    d = json.loads(s.to_json())
    d["to_move"] = (s.to_move + 1) % 3
    assert any("set `to_move` to" in p for p in refused(d, "to_move"))


def test_every_integer_field_refuses_true_and_floats():
    d0 = mid_game()
    for key in ("seed", "draws", "active", "round", "level", "remaining", "supply", "pay_left", "used", "allow",
                "choices", "tile", "shuttle_pos"):
        for bad in (float(d0[key] or 0), True):  # (format 2: `tile` is a Discovery tile's name or null)
            refused(dict(d0, **{key: bad}), key)
    for key in ("crystals", "lq", "depot_ships", "op"):
        d = mid_game()
        d["pieces"][1][key] = float(d["pieces"][1][key])
        refused(d, f"pieces[1].{key}")


BAD_NAMES = {"empty": "", "41 characters": "x" * 41, "a duplicate": "orange", "a lone surrogate": "Ada\ud800",
             "a control character": "Ada\x07"}


@pytest.mark.parametrize("why", sorted(BAD_NAMES))
def test_bad_names_are_refused_by_new_game_and_from_json(why):
    names = ["Orange", BAD_NAMES[why]]
    with pytest.raises(ValueError) as e:
        new_game(players=names, seed=1)
    assert "players[1]" in str(e.value)
    d = json.loads(new_game(players=["Orange", "Blue"], seed=1).to_json())
    d["players"] = names
    got = problems(json.dumps(d))
    assert any("players[1]" in p or "surrogate" in p for p in got), got


def test_new_game_refuses_what_from_json_refuses():
    for players in (1, 5, True, ["Solo"], "Ada"):
        with pytest.raises((ValueError, TypeError)):
            new_game(players=players)
    for seed in (1.5, True, "7"):
        with pytest.raises(TypeError):
            new_game(players=2, seed=seed)
    s = new_game(players=["Ada", "Bo", "Cy"], seed=-3)  # what new_game accepts loads back
    assert from_json(s.to_json()) == s


def test_a_crystal_only_lies_where_the_map_starts_with_one():
    """Found by the fuzz: a Crystal moved to another hex loaded, and a Rover then collected two at once."""
    d = mid_game()
    d["map_crystals"][1] = list(d["map_crystals"][0])
    got = refused(d, "map_crystals[1]")
    assert any("a second Crystal" in p for p in got)
    d = mid_game()
    d["map_crystals"][0] = [0, 1]
    assert any("never holds a Crystal" in p for p in refused(d, "map_crystals[0]"))


def test_totals_of_the_box_say_what_would_make_them_consistent():
    s = reach("turn")
    got = refused(s._replace(supply=s.supply + 2), "position: Crystals")
    assert any(p.endswith("lower `supply` by 2") for p in got)
    got = refused(s._replace(supply=s.supply - 1), "position: Crystals")
    assert any(p.endswith("raise `supply` by 1") for p in got)
    pl = s.pieces[1]._replace(reserve=s.pieces[1].reserve + 3)
    got = refused(s._replace(pieces=(s.pieces[0], pl) + s.pieces[2:]), "pieces[1]")
    assert any("lower `pieces[1].reserve` by 3" in p for p in got)
    grid = (s.tech_grid[0] - 1,) + s.tech_grid[1:]
    assert any("raise `tech_grid.Mine` by 1" in p for p in refused(s._replace(tech_grid=grid), "tech_grid.Mine"))


def test_cards_and_tiles_are_in_one_place_at_most():
    s = reach("turn")
    got = refused(s._replace(decks=(tuple(sorted(s.decks[0] + (s.bp_display[0],))),) + s.decks[1:]), "bp_display")
    name = readable.labels(s.cards)["blueprints"][s.bp_display[0]]
    assert got == [f'bp_display: blueprint card "{name}" is also in decks.blueprints: keep it in one place']
    pl = s.pieces[0]._replace(contracts=(s.con_display[0],))
    assert any("contract card" in p for p in refused(s._replace(pieces=(pl,) + s.pieces[1:]), "pieces[0].contracts"))
    tiles = s.tiles + (((2, 2), "discovery", s.decks[3][0]),)
    refused(s._replace(tiles=tuple(sorted(tiles))), "tiles")


def test_the_colony_counters_follow_the_pieces():
    s = reach("turn")
    refused(s._replace(lss=(2, 1, 1, 1)), "lss.Generator")   # no Generator was constructed
    refused(s._replace(level=2), "level")
    refused(s._replace(remaining=1), "remaining")
    refused(s._replace(end_triggered=True), "end_triggered")
    refused(s._replace(missions=((s.missions[0][0], 1),) + s.missions[1:]), "missions[0]")
    refused(s._replace(shuttle_pos=3), "shuttle_pos")


def test_the_step_fits_the_main_action_in_progress():
    """Each of these loaded before and crashed or stalled play: a step with no Main action behind it, a Control
    Center without its movement, a Resource of choice with nothing to go back to."""
    s = reach("control")
    refused(s._replace(main="learn"), "main")
    refused(s._replace(moves=()), "moves")
    r = reach("resource")
    refused(r._replace(resume=""), "resume")
    refused(r._replace(choices=0), "choices")
    t = reach("turn")
    refused(t._replace(step="pay", pay_left=1), "main")
    refused(t._replace(step="discovery"), "step")              # not a step of the Colonization Phase
    refused(t._replace(step="construct_hex", main="construct", build="", allow=1), "slots")


def test_dead_ends_are_refused():
    """A draw with nothing to draw and a Building chosen where none fits: no legal action would follow."""
    s = reach("turn")
    empty = s._replace(pending=("scientist",), to_move=CHANCE, sci_display=s.sci_display[:1],
                       decks=s.decks[:1] + ((),) + s.decks[2:],
                       pieces=(s.pieces[0]._replace(scientists=tuple((c, ()) for c in s.decks[1] + s.sci_display[1:])),)
                       + s.pieces[1:])
    assert any(p.startswith("pending[0]") for p in problems(empty.to_json()))
    c = reach("construct_hex")
    far = c.pieces[c.active]._replace(bots=((0, 4),))
    got = problems(c._replace(pieces=tuple(far if i == c.active else p for i, p in enumerate(c.pieces))).to_json())
    assert any(p.startswith("build") for p in got), got


def test_a_scientist_works_in_an_advanced_building_of_its_specialty():
    s = reach("turn")
    pl = s.pieces[0]._replace(scientists=((s.sci_display[0], (0, -2)),))
    refused(s._replace(sci_display=s.sci_display[1:], pieces=(pl,) + s.pieces[1:]), "pieces[0].scientists[0]")


def test_a_players_view_does_not_load():
    s = reach("turn", players=4)
    got = problems(s.view(0).to_json())
    assert any("one player's view" in p for p in got)


def test_messages_name_fields_and_show_no_python_lists():
    s = reach("control")
    bad = s._replace(supply=s.supply + 3, lss=(3, 1, 1, 1), moves=(1,), decks=((5, 1),) + s.decks[1:],
                     map_crystals=s.map_crystals + ((0, 1),), tech_grid=(0,) * len(D.TECHS))
    got = problems(bad.to_json()) + problems(s._replace(order=(0, 0, 5)).to_json())
    assert len(got) >= 6
    for p in got:
        assert re.match(r"^[A-Za-z_]+[\[.:` ]", p), p           # starts with a field path
        assert not re.search(r"\[[^\]]*,", p), p                 # no "[1, 2]" lists
        assert "((" not in p and "None" not in p, p


# ----- one list of invariants: the codec, the scenario helpers and the property tests share it --------
def test_from_json_lists_exactly_the_shared_invariants():
    s = reach("resource")
    bad = s._replace(supply=s.supply + 1, level=3, resume="")
    expected = invariant_problems(bad)
    assert expected and problems(json.dumps(codec.to_dict(bad, 1))) == expected     # format 1: as they are
    assert problems(bad.to_json()) == [readable.translate(p, bad.cards) for p in expected]  # format 2: its paths
    assert codec.problems is invariants.problems
    from tests.on_mars import test_properties
    assert test_properties.problems is invariants.problems


def test_every_reachable_position_passes_the_shared_invariants():
    for players in (2, 3, 4):
        s = new_game(players=players, seed=players)
        rng = random.Random(players)
        while not s.is_over:
            assert invariant_problems(s) == []
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(
                s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        assert invariant_problems(s) == [] and from_json(s.to_json()) == s


# ----- the scenario helpers build positions through the same checks -------------------------------------
def test_a_scenario_edit_that_makes_an_impossible_position_raises():
    s = scenario.at_colony(new_game(players=2, seed=7))
    with pytest.raises(PositionError) as e:
        scenario.edit_player(s, 0, hangar=3)                  # 5 Ships in the Depot + 3 = 8 of 5
    assert any(p.startswith("pieces[0]") and "Ships" in p for p in e.value.problems)
    with pytest.raises(PositionError) as e:
        scenario.edit_player(s, 1, lab=(("shelter", "middle", 2), ("shelter", "top", 1)))
    assert any("two Tech tiles of one type" in p for p in e.value.problems)
    with pytest.raises(PositionError):
        scenario.edit_player(s, 0, crystals="many")
    with pytest.raises(PositionError) as e:
        scenario.add_building(s, (0, 0), "generator")           # the starting Mine stands there
    assert any(p.startswith("buildings") for p in e.value.problems)


def test_scenario_edits_keep_the_box_whole():
    s = scenario.at_orbit(new_game(players=2, seed=7))
    t = scenario.edit_player(s, 1, crystals=4, lq=6, lab=(("rover", "bottom", 1), ("shelter", "middle", 2)),
                             blueprints=((s.bp_display[0], 0),))
    assert invariant_problems(t) == []
    assert t.supply == s.supply - 3 and t.pieces[1].reserve == s.pieces[1].reserve - 2
    assert t.tech_grid[D.TECHS.index("rover")] == s.tech_grid[D.TECHS.index("rover")] - 1
    assert len(t.bp_display) == len(s.bp_display) and s.bp_display[0] not in t.bp_display + t.decks[0]
    k = scenario.add_building(scenario.edit_player(s, 0, bots=((1, -2),)), (1, -3), "generator")
    assert k.lss[0] == s.lss[0] + 1 and invariant_problems(k) == []
    a = scenario.add_building(k, (2, -3), "generator", advanced=1, card=4)   # an Advanced Generator of Blue
    assert (4, 1) in a.pieces[1].blueprints and 4 not in a.bp_display + a.decks[0]
    assert invariant_problems(a) == [] and a.lss[0] == k.lss[0] + 1
