"""Format 2 of an On Mars position (the readable one): names, its problems' paths, format 1 still read, the
schema and the docs page kept in step with data.py."""
import json
import pathlib
import random
import re

import pytest

from mars_rules.core import CHANCE, PositionError
from mars_rules.on_mars import OPTIONS, TURN_STEPS, codec, from_json, new_game, readable
from mars_rules.on_mars import data as D

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "positions" / "on_mars.md"
SCHEMA = ROOT / "mars_rules" / "on_mars" / "position.schema.json"


def play(state, actions, seed):
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            break
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(rng.choice(state.legal_actions()))
    return state


def validator():
    import jsonschema
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def example():
    """The docs page's position: Ada and Bo, seed 2, after 59 random legal actions (round 5)."""
    return play(new_game(players=["Ada", "Bo"], seed=2), 59, 2)


def problems(data):
    with pytest.raises(PositionError) as e:
        from_json(data if isinstance(data, str) else json.dumps(data))
    return e.value.problems


def played(players=3, seed=4, every=7):
    s, out = new_game(players=players, seed=seed), []
    rng = random.Random(seed)
    while not s.is_over:
        out.append(s)
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    return out[::every] + [s]


# ----- the readable pieces ------------------------------------------------------------------------------
def test_a_new_game_writes_buildings_spaces_and_counts_by_name():
    d = json.loads(new_game(players=2, seed=7).to_json())
    assert d["format"] == 2
    assert d["order"] == [{"side": "orbit", "space": 1}, {"side": "orbit", "space": 2}]
    assert {"hex": [0, 0], "building": "Mine", "owner": None, "blueprint": None, "miner": None} in d["buildings"]
    assert {"hex": [2, 0], "building": "Water Extractor", "owner": None, "blueprint": None, "miner": None} \
        in d["buildings"]
    assert d["pieces"][0]["res"] == {"battery": 1, "water": 1, "plant": 1, "oxygen": 1, "mineral": 1}
    assert d["pieces"][0]["lab"] == [{"tech": "Shelter", "row": "middle", "column": 2}]
    assert list(d["warehouse"]) == list(D.ITEMS) and list(d["slots"]) == list(D.ACTIONS)
    assert d["lss"] == {"Generator": 1, "Water Extractor": 1, "Greenhouse": 1, "Oxygen Condenser": 1}
    assert d["tech_grid"]["Rover"] == D.TECH_COPIES and list(d["tech_grid"])[2] == "Water Extractor"
    assert list(d["decks"]) == ["blueprints", "scientists", "contracts", "discovery_tiles", "goals", "missions"]
    assert d["tile"] is None and d["pieces"][1]["goal_done"] is None


def test_cards_are_written_by_name_with_the_id_where_names_repeat():
    s = new_game(players=2, seed=7)
    d = json.loads(s.to_json())
    assert d["bp_display"] == [readable.blueprint_name(D.BLUEPRINTS[c]) for c in s.bp_display]
    assert readable.blueprint_name(D.BLUEPRINTS[3]) == "Generator L1 crystal"
    assert d["sci_display"] == [D.SCIENTISTS[c][0] for c in s.sci_display]
    assert d["pieces"][0]["goals"] == [D.GOALS[c][0] for c in s.pieces[0].goals]
    assert d["missions"] == [{"card": D.MISSIONS[c][0], "contributions": k} for c, k in s.missions]
    # the built-in Discovery tiles come in pairs of one name: every one is written with its id
    assert d["decks"]["discovery_tiles"][:3] == ["#0 Ice pocket", "#1 Ice pocket", "#2 Ore vein"]


def test_a_known_mid_game_position_reads_as_the_docs_page_says():
    d = json.loads(example().to_json())
    assert d["round"] == 5 and d["step"] == "turn" and d["players"] == ["Ada", "Bo"]
    assert d["buildings"][0] == {"hex": [-3, 3], "building": "Shelter", "owner": 1, "blueprint": "Shelter L1 crystal",
                                 "miner": None}
    assert d["pieces"][1]["blueprints"] == [{"card": "Shelter L1 crystal", "used": True}]
    assert d["pieces"][1]["scientists"] == [{"card": "Geologist", "hex": None}]
    assert {"hex": [0, 1], "kind": "discovery", "tile": "#7 Old probe"} in d["tiles"]
    assert {"hex": [-4, 4], "kind": "research", "tile": 1} in d["tiles"]
    assert d["slots"]["hire"] == [1, 0] and d["pieces"][0]["contracts"] == ["Farm delivery"]


def test_the_builder_takes_the_blueprint_names_a_position_writes():
    from mars_rules.on_mars import builder
    assert [builder.blueprint_name(c) for c in D.BLUEPRINTS] == [readable.blueprint_name(c) for c in D.BLUEPRINTS]
    s = example()
    t = s.edit().blueprint("Ada", json.loads(s.to_json())["bp_display"][0]).done()
    assert json.loads(t.to_json())["pieces"][0]["blueprints"][-1] == {"card": "Generator L1 battery", "used": False}


def test_a_custom_card_list_with_repeated_names_writes_ids_and_reads_back():
    cards = {"missions": [["Scouts", "claim", 1]] * 3, "scientists": [["Dr Ares", "mine"], ["Dr Phobos", "water"]]}
    s = play(new_game(players=2, seed=3, cards=cards), 40, 3)
    d = json.loads(s.to_json())
    assert d["missions"] and {m["card"] for m in d["missions"]} <= {"#0 Scouts", "#1 Scouts", "#2 Scouts"}
    assert set(d["sci_display"]) <= {"Dr Ares", "Dr Phobos"}  # distinct names: by name alone
    assert d["cards"]["missions"][0] == ["Scouts", "claim", 1]
    assert validator().is_valid(d)
    assert from_json(s.to_json()) == s and from_json(s.to_json()).to_json() == s.to_json()


# ----- bad names, wrong types and repeats: refused with their format-2 path -----------------------------
def test_a_bad_name_is_refused_naming_its_format_2_path():
    d = json.loads(example().to_json())
    d["buildings"][1]["building"] = "Farm"
    d["pieces"][0]["lab"][0]["tech"] = "shelter"           # the format-1 key is not a name of format 2
    d["pieces"][1]["blueprints"][0]["card"] = "Shelter L1"
    d["decks"]["missions"][0] = 0                          # a card id is not a name either
    d["order"][1]["side"] = "Orbit"
    d["pieces"][0]["res"] = {"battery": 2, "waters": 1, "plant": 2, "oxygen": 3, "mineral": 2}
    got = problems(d)
    for start in ('buildings[1].building: "Farm" is not a Building type (Mine, Generator, Water Extractor',
                  'pieces[0].lab[0].tech: "shelter" is not a Tech type',
                  'pieces[1].blueprints[0].card: "Shelter L1" is not a Blueprint (Mine L1 crystal',
                  'decks.missions[0]: 0 is not a Mission (Power Grid',
                  'order[1].side: "Orbit" is not a side (orbit, colony)',
                  'pieces[0].res: missing key "water"', 'pieces[0].res: unexpected key "waters"'):
        assert any(p.startswith(start) for p in got), (start, got)


def test_format_2_values_of_the_wrong_json_type_are_refused():
    d0 = json.loads(example().to_json())
    for path, bad in ((("pieces", 1, "blueprints", 0, "used"), 1), (("order", 0, "space"), 2.0),
                      (("missions", 0, "contributions"), True), (("buildings", 0, "owner"), 1.0),
                      (("buildings", 0, "owner"), -1), (("pieces", 1, "scientists", 0, "hex"), []),
                      (("lss", "Generator"), 1.0), (("slots", "hire"), {"0": 1})):
        d = json.loads(json.dumps(d0))
        parent = d
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = bad
        field = path[0] + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path[1:])
        got = problems(d)
        assert any(p.startswith(field) for p in got), (field, got)


def test_a_repeated_building_type_or_tech_is_refused_naming_its_path():
    s = example()
    d = json.loads(s.to_json())
    d["pieces"][1]["progress_types"] = ["Generator", "Generator"]
    d["pieces"][0]["lab"] = [{"tech": "Shelter", "row": "bottom", "column": 1},
                             {"tech": "Shelter", "row": "middle", "column": 2}]
    got = problems(d)
    assert 'pieces[1].progress_types: "Generator", "Generator": each Building type gives one cube, once' in got
    assert "pieces[0].lab: two Tech tiles of one type (only one of each type)" in got
    text = s.to_json().replace('"used":true', '"used":true,"used":false')   # a key twice in one object
    assert any("appears twice" in p for p in problems(text))


def test_rule_problems_name_format_2_paths_and_card_names():
    s = example()
    bad = s._replace(lss=(2,) + s.lss[1:], supply=s.supply + 1,
                     tech_grid=(1,) + s.tech_grid[1:], decks=((s.bp_display[0],) + s.decks[0],) + s.decks[1:])
    got = problems(bad.to_json())
    assert got[0].startswith("lss.Generator: 2, but 0 Generator(s) constructed") and "set `lss.Generator` to 1" in got[0]
    assert any(p.startswith("position: Crystals: 61 in play") for p in got)
    assert any(p.startswith("tech_grid.Mine: 1 Mine Tech tile(s) counted") for p in got)
    assert 'bp_display: blueprint card "Generator L1 battery" is also in decks.blueprints: keep it in one place' in got
    # the same position in format 1: the problems as invariants.problems words them
    old = problems(json.dumps(codec.to_dict(bad, 1)))
    assert old[0].startswith("lss[0]: 2") and "bp_display: blueprint card 4 is also in decks[0]: keep it in one place" in old


# ----- format 1 is still read ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_format_1_and_format_2_of_the_same_positions_load_equal(players):
    for s in played(players, seed=players):
        old = json.dumps(codec.to_dict(s, 1), separators=(",", ":"))
        assert json.loads(old)["format"] == 1
        a, b = from_json(old), from_json(s.to_json())
        assert a == b == s and a.to_json() == s.to_json()


def test_the_format_1_sample_positions_are_written_as_format_2():
    with open(ROOT / "tests" / "positions" / "format1" / "on_mars.jsonl", encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    assert len(records) > 50
    for rec in records:
        state = from_json(rec["position"])
        new = state.to_json()
        assert json.loads(new)["format"] == 2 and from_json(new) == state, rec["source"]
        assert from_json(state.to_json(pretty=True)).to_json(pretty=True) == state.to_json(pretty=True)


# ----- one player's view --------------------------------------------------------------------------------
def test_a_players_view_hides_goals_as_null_and_does_not_load():
    s = play(new_game(players=["Ada", "Bo"], seed=7), 30, 7)
    for seat in (0, 1):
        d = json.loads(s.view(seat).to_json())
        other = 1 - seat
        assert d["seed"] == -1 and d["decks"]["goals"] == [None] * len(s.decks[4])
        assert d["pieces"][other]["goals"] == [None] * len(s.pieces[other].goals)
        assert d["pieces"][seat]["goals"] == [D.GOALS[c][0] for c in s.pieces[seat].goals]
        assert not {D.GOALS[c][0] for c in s.pieces[other].goals} & set(json.dumps(d["pieces"][other]).split('"'))
        # both forms say the same; refused with the reason (not as problems of nulls)
        assert json.loads(s.view(seat).to_json(pretty=True)) == d
        assert validator().is_valid(d)  # the schema documents the placeholders
        got = problems(s.view(seat).to_json())
        assert got == ["pieces: hidden Private Goals (null): this is one player's view (`state.view(p)`), which is "
                       "for looking only; load the full position (`state.to_json()`)"]
    # in format 1 the hidden cards are -1, refused with the same reason
    old = json.dumps(codec.to_dict(s.view(0), 1))
    assert any("hidden Private Goals (-1)" in p for p in problems(old))


# ----- the schema and the page stay in step with data.py -------------------------------------------------
def test_the_schema_enums_and_keys_equal_the_data_tables():
    doc = json.loads(SCHEMA.read_text(encoding="utf-8"))
    props, defs = doc["properties"], doc["$defs"]
    player = defs["player"]["properties"]
    steps = [s.key for s in TURN_STEPS]
    assert defs["building"]["enum"] == [D.BUILDING_NAME[b] for b in D.BUILDINGS]
    assert defs["tech"]["enum"] == [D.TECH_NAME[t] for t in D.TECHS]
    assert defs["space"]["properties"]["side"]["enum"] == ["orbit", "colony"] == list(readable.SIDES)
    assert defs["space"]["properties"]["space"]["maximum"] == D.TURN_ORDER_SPACES
    assert props["step"]["enum"] == steps and props["resume"]["enum"] == [""] + steps
    assert props["phase"]["enum"] == list(codec.PHASES)
    assert props["main"]["enum"] == ["", "pass"] + list(D.ACTIONS)
    assert props["build"]["enum"] == [""] + [D.BUILDING_NAME[b] for b in D.BUILDINGS]
    assert props["pending"]["items"]["enum"] == list(codec.TASKS) + [f"goal:{i}" for i in range(max(codec.PLAYERS))]
    assert props["tiles"]["items"]["properties"]["kind"]["enum"] == list(readable.TILE_KINDS)
    assert player["lab"]["items"]["properties"]["row"]["enum"] == list(D.LAB_ROWS)
    keyed = {"slots": D.ACTIONS, "lss": readable.LSS, "decks": readable.DECK_KEYS, "warehouse": D.ITEMS,
             "tech_grid": tuple(D.TECH_NAME[t] for t in D.TECHS)}
    for key, names in keyed.items():
        assert list(props[key]["properties"]) == list(names) == props[key]["required"], key
    assert list(player["res"]["properties"]) == list(D.RESOURCES)
    assert list(props["cards"]["properties"]) == list(D.CARD_LISTS)
    cards = props["cards"]["properties"]
    assert cards["missions"]["items"]["prefixItems"][1]["enum"] == list(D.MISSION_KINDS)
    assert cards["goals"]["items"]["prefixItems"][1]["enum"] == list(D.GOAL_TEXT)
    assert {k: v["minItems"] for k, v in cards.items()} == D.MIN_CARDS
    # the ranges are the codec's (data.py's numbers; where a rule option sets the bound, the widest it allows:
    # the schema never refuses a variant position from_json reads)
    ranges = {("lss", "Generator"): (D.LSS_START, D.LSS_MAX), ("tech_grid", "Mine"): (0, D.TECH_COPIES),
              ("warehouse", "crystal"): (0, OPTIONS["warehouse_stock"].high)}
    for (key, name), (lo, hi) in ranges.items():
        assert (props[key]["properties"][name]["minimum"], props[key]["properties"][name]["maximum"]) == (lo, hi)
    assert (props["supply"]["maximum"], props["level"]["maximum"], props["remaining"]["maximum"]) == \
        (D.CRYSTAL_TOTAL, D.MAX_LEVEL, OPTIONS["missions_to_end"].high)
    assert props["round"]["maximum"] == OPTIONS["round_limit"].high + 1
    assert props["shuttle_pos"]["maximum"] == OPTIONS["travel_space"].high
    assert player["res"]["properties"]["water"]["maximum"] == OPTIONS["resource_cap"].high
    assert player["crystals"]["maximum"] == OPTIONS["crystal_cap_base"].high + D.DEPOT_SPACES
    # the options: each with its type and range
    options = props["options"]["properties"]
    assert list(options) == [o.name for o in OPTIONS] and props["options"]["additionalProperties"] is False
    for o in OPTIONS:
        number, default = options[o.name], o.default
        while isinstance(default, tuple):   # a table: a list (of lists) shaped like the default
            assert (number["type"], number["minItems"], number["maxItems"]) == ("array", len(default), len(default))
            number, default = number["items"], default[0]
        assert (number["type"], number["minimum"], number["maximum"]) == ("integer", o.low, o.high), o.name
        if isinstance(o.default, tuple):
            assert options[o.name]["minItems"] == options[o.name]["maxItems"] == len(o.default), o.name
    assert player["lab"]["items"]["properties"]["column"]["maximum"] == D.LAB_COLUMNS
    assert player["bots"]["maxItems"] == D.BOTS and player["hangar"]["maximum"] == D.SHIPS
    # every key written is described, and required unless optional
    written = json.loads(new_game(players=4, seed=1).to_json())
    assert doc["required"] == list(written) and set(props) == set(written) | {"cards"}
    assert all(props[k].get("description") for k in props if k not in ("format", "game"))
    assert list(defs["player"]["required"]) == list(written["pieces"][0])
    assert all(v.get("description") for v in player.values())


def _example_block():
    page = PAGE.read_text(encoding="utf-8")
    return re.findall(r"```json\n(.*?)```", page, re.S)[0]


def test_the_docs_page_example_reads_back_to_itself():
    block = _example_block()
    assert from_json(block).to_json(pretty=True) == block.strip()


def test_the_docs_page_example_is_the_game_it_describes():
    assert _example_block().strip() == example().to_json(pretty=True), \
        "regenerate the example of docs/positions/on_mars.md: print(example().to_json(pretty=True))"
