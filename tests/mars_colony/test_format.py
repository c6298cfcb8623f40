"""Format 2 of a Mars position (the readable one): names written, bad names refused by their format-2 path,
the same State as format 1, views, the schema kept in step with data.py, the docs page's example."""
import json
import pathlib
import random
import re

import pytest

from mars_rules.core import CHANCE, Checker, PositionError
from mars_rules.mars_colony import OPTIONS, TURN_STEPS, builder, data, from_json, new_game, quick_start, readable
from mars_rules.mars_colony.invariants_turn import RESUME

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "mars_rules" / "mars_colony" / "position.schema.json").read_text(encoding="utf-8"))
KEYS = list(SCHEMA["properties"])
FIVE = dict.fromkeys(data.MATERIALS, 0)

# A mid-game position written by the format-1 engine (seed 3, 3 players, round 3, colonists moving).
FORMAT_1 = (
    '{"format": 1, "game": "mars_colony", "players": ["Ann", "Bo", "Cy"], "seed": 3, "draws": 29, "step": '
    '"move_colonists", "to_move": 0, "events": [], "target": 12, "turn_limit": 60, "round": 3, "active": 0, '
    '"colonies": [{"hand": [0, 0, 1, 0, 2], "mines": [1, 3, 2], "plants": 0, "silos": 1, "comm": 0, "mil": 0, '
    '"rnd": 0, "port": 0, "habs": [], "staff": 17, "housed": 5, "contracts": [], "played": [], "kept": [], '
    '"supremacies": [], "vp": 0, "energy": 2}, {"hand": [0, 0, 0, 0, 0], "mines": [4, 0], "plants": 1, "silos": 0, '
    '"comm": 0, "mil": 1, "rnd": 1, "port": 0, "habs": [], "staff": 17, "housed": 5, "contracts": [], "played": [], '
    '"kept": [], "supremacies": [], "vp": 0, "energy": 2}, {"hand": [0, 0, 0, 0, 0], "mines": [0, 2], "plants": 1, '
    '"silos": 0, "comm": 0, "mil": 1, "rnd": 0, "port": 0, "habs": [], "staff": 513, "housed": 5, "contracts": [], '
    '"played": [], "kept": [], "supremacies": [], "vp": 0, "energy": 2}], "supply": [2, 1, 0, 0, 0], "reserve": '
    '[10, 11, 11, 12, 10], "mine_tiles": [2, 2, 1, 2, 2], "event_deck": [2, 2, 3, 2, 2, 3, 2, 2, 2, 1, 2, 0], '
    '"event_discard": [1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1], "rd1_deck": [5, 2, 2, 2, 1, 1, 1, 1], "rd1_discard": '
    '[0, 0, 0, 0, 0, 0, 0, 0], "rd2_deck": [5, 3, 2, 2, 1, 1, 1], "rd2_discard": [0, 0, 0, 0, 0, 0, 0], "magna": -1, '
    '"card": "", "task": [0], "dust": 0, "offers": 0, "offer": [], "result": []}')


def played(players=3, seed=4, until=lambda s: s.round >= 3 and s.step == "trade"):
    """A position of seeded random play where `until` first holds."""
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not until(s):
        assert not s.is_over
        legal = s.legal_actions()
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[rng.randrange(len(legal))])
    return s


def positions(players=3, seed=4, every=7, until=400):
    s, rng, out = new_game(players=players, seed=seed), random.Random(seed), []
    for i in range(until):
        if s.is_over:
            break
        if i % every == 0:
            out.append(s)
        legal = s.legal_actions()
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[rng.randrange(len(legal))])
    return out + [s]


def problems(data_or_text):
    text = data_or_text if isinstance(data_or_text, str) else json.dumps(data_or_text)
    with pytest.raises(PositionError) as e:
        from_json(text)
    return e.value.problems


def changed(state, *changes):
    """The position's format-2 dict with (path, value) changes (a path: a tuple of keys and indices)."""
    d = json.loads(state.to_json())
    for path, value in changes:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return d


def format1(state) -> str:
    """The position in format 1: its format-2 text translated back, as from_json reads it."""
    return json.dumps(readable.translate(json.loads(state.to_json()), Checker())[0])


# ----- the readable pieces ---------------------------------------------------------------------------
def test_a_colony_is_written_with_materials_slots_habitats_contracts_and_cards_by_name():
    s = quick_start(["Ada", "Bo"], seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])
    s = (s.edit().hand("Ada", "CCWWO").build("Ada", "communications module", 1).build("Ada", "habitat", 1)
         .build("Ada", "power plant", 1).staff("Ada", "comm1", "plant1").contracts("Ada", "silicon-iron")
         .played("Bo", "Soil analysis", "sci1").set_turn("Ada", "build").done())
    d = json.loads(s.to_json())
    ada, bo = d["colonies"]
    assert ada["hand"] == {"iron": 0, "carbon": 2, "silicon": 0, "water": 2, "oxygen": 1}
    assert ada["mines"] == ["iron", "carbon"] and bo["mines"] == ["silicon", "water"]
    assert ada["staff"] == ["plant0", "plant1", "silo0", "mine1", "mine2", "comm1"]
    assert ada["habs"] == ["powered"] and (ada["comm"], ada["plants"]) == (1, 1)
    assert ada["contracts"] == ["silicon-iron"]
    assert bo["played"] == ["Soil analysis (sci1)", "Soil analysis (sci1)"]
    assert d["rd1_deck"]["Soil analysis (sci1)"] == 3 and d["rd1_discard"] == {}
    assert (d["magna"], d["card"], d["task"], d["dust"], d["offer"]) == (None, None, None, False, None)
    assert from_json(s.to_json()) == s


def test_a_format_1_position_is_written_back_by_name():
    s = from_json(FORMAT_1)
    d = json.loads(s.to_json())
    assert d["format"] == 2 and list(d) == KEYS[:len(d)]
    first = d["colonies"][0]
    assert first["hand"] == {"iron": 0, "carbon": 0, "silicon": 1, "water": 0, "oxygen": 2}
    assert first["mines"] == ["carbon", "water", "silicon"]
    assert first["staff"] == ["plant0", "silo0"] and d["colonies"][2]["staff"] == ["plant0", "mine2"]
    assert d["supply"] == {"iron": 2, "carbon": 1, "silicon": 0, "water": 0, "oxygen": 0}
    assert d["event_deck"]["Contested supremacy (contested)"] == 2 and "Quiet sol (calm)" not in d["event_deck"]
    assert d["event_discard"]["Quiet sol (calm)"] == 1
    assert (d["magna"], d["card"], d["task"], d["dust"], d["offer"]) == (None, None, {"moved": []}, False, None)


def test_the_task_is_an_object_named_by_its_step():
    assert json.loads(new_game(players=2, seed=1).to_json())["task"] == {"pick": 0}
    w = readable.write_task
    assert w("deal", (5,)) == {"dealt": 5}
    assert w("event_choice", ("rival",)) == {"choice": "rival"}
    assert w("event_choice", ("deposit", 1)) == {"choice": "deposit", "cards": 1}
    assert w("event_take", (0, 1, 2, "take")) == {"winner": 0, "loser": 1, "cards": 2, "mode": "take"}
    assert w("supply_draw", ("event", 1, 2, 0)) == {"resume": "event", "draws": [1, 2, 0]}
    assert w("research_draw", ("rd2",)) == {"deck": "rd2"}
    assert w("move_colonists", (1 << 8 | 1 << 20,)) == {"moved": ["mine1", "port"]}
    assert w("trade", ()) is None
    assert w("trade", (3, 1)) == [3, 1]          # a State built by hand: written as it is, and refused
    seen = {}
    for s in positions(players=4, seed=2, every=1, until=600):
        seen.setdefault(s.step, s)
    for step, s in seen.items():
        assert from_json(s.to_json()).task == s.task, step


def test_the_compact_and_the_pretty_forms_read_back_to_themselves():
    for s in positions(players=2, seed=5, every=11):
        for text in (s.to_json(), s.to_json(pretty=True)):
            assert from_json(text) == s and from_json(text).to_json(pretty="\n" in text) == text


def test_held_cards_and_contracts_are_read_in_any_order():
    s = played()
    t = from_json(json.dumps(changed(s, (("colonies", 1, "contracts"), ["water-oxygen", "carbon-silicon"]))))
    assert t.colonies[1].contracts == (data.CONTRACTS.index((1, 2)), data.CONTRACTS.index((3, 4)))
    assert json.loads(t.to_json())["colonies"][1]["contracts"] == ["carbon-silicon", "water-oxygen"]
    u = s.edit().played(s.players[0], "Soil analysis", "Deep core sample").done()
    written = json.loads(u.to_json())["colonies"][0]["played"]
    assert written == ["Soil analysis (sci1)", "Deep core sample (sci2)"]          # by id: sci1 before sci2
    assert from_json(json.dumps(changed(u, (("colonies", 0, "played"), written[::-1])))) == u


# ----- bad names and repeated slots ------------------------------------------------------------------
def test_a_bad_name_is_refused_with_its_format_2_path():
    s = played()
    cases = {
        ("colonies", 0, "mines", 0): ("gold", 'colonies[0].mines[0]: "gold" is not a raw material (iron, carbon'),
        ("colonies", 1, "staff", 0): ("comm9", 'colonies[1].staff[0]: "comm9" is not a slot name (plant0,'),
        ("colonies", 2, "contracts"): (["iron-iron"], 'colonies[2].contracts[0]: "iron-iron" is not a contract name'),
        ("colonies", 0, "played"): (["Warp drive"], 'colonies[0].played[0]: "Warp drive" is not a card of this set'),
        ("card",): ("calm", 'card: "calm" is not a card of this set (Minor communications conflict (minor_comm),'),
        ("reserve", "gold"): (1, 'reserve: unexpected key "gold"'),
        ("dust",): (0, "dust: 0 is not true or false"),
        ("magna",): (-1, "magna: -1 is outside 0..2"),
    }
    for path, (value, start) in cases.items():
        found = problems(changed(s, (path, value)))
        assert any(p.startswith(start) for p in found), (path, found)
    d = changed(s)
    d["event_deck"]["Nope (x)"] = 1
    assert problems(d) == ['event_deck: "Nope (x)" is not an event card of this set (Minor communications conflict '
                           '(minor_comm), Major communications conflict (major_comm), Minor military conflict '
                           '(minor_mil), Major military conflict (major_mil), Military supremacy (mil_supremacy), '
                           'Communications supremacy (comm_supremacy), Research supremacy (rnd_supremacy), Contested '
                           'supremacy (contested), Rich deposit (deposit), Supply ship (supply_ship), Dust storm '
                           '(dust_storm), Quiet sol (calm))']
    d = changed(s)
    del d["colonies"][1]["hand"]["water"]
    assert problems(d) == ['colonies[1].hand: missing key "water"']
    habs = changed(played(2, 1, lambda s: any(c.habs for c in s.colonies)))
    q = next(q for q, c in enumerate(habs["colonies"]) if c["habs"])
    habs["colonies"][q]["habs"][0] = "lit"
    assert problems(habs)[0].startswith(f'colonies[{q}].habs[0]: "lit" is not a habitat state (dark, dark, 3 colonists')


def test_a_repeated_slot_is_refused_naming_its_path():
    s = played()
    staff = json.loads(s.to_json())["colonies"][0]["staff"]
    assert problems(changed(s, (("colonies", 0, "staff"), staff + [staff[0]]))) == [
        f'colonies[0].staff[{len(staff)}]: "{staff[0]}" is listed twice']
    moving = played(2, 1, lambda s: s.step == "move_colonists")
    assert problems(changed(moving, (("task",), {"moved": ["plant1", "plant1"]}))) == [
        'task.moved[1]: "plant1" is listed twice']
    assert problems(changed(moving, (("task",), {"moved": ["plant9"]})))[0].startswith(
        'task.moved[0]: "plant9" is not a slot name')


def test_a_task_of_another_shape_is_refused_by_the_rules_check_naming_the_step_s_shape():
    draft = new_game(players=2, seed=1)
    assert problems(changed(draft, (("task",), {"dealt": 0}))) == [
        'task: {"dealt": 0} does not fit step mine_draft, where it is {"pick": the draft picks made so far}']
    assert problems(changed(draft, (("task",), {"pick": "0"}))) == ['task.pick: "0" is not an integer']
    s = played(2, 1, lambda s: s.step == "trade")
    assert problems(changed(s, (("task",), {}))) == [
        "task: {} does not fit step trade, where it is null (no task at this step)"]


# ----- problems name format-2 paths --------------------------------------------------------------------
FORMAT_1_PATH = re.compile(r"\b(supply|reserve|mine_tiles|hand|event_deck|event_discard|rd[12]_deck|rd[12]_discard)"
                           r"\[\d+\]|\(slot \d+\)|clear bit|`magna` to -1|`card` to \"\"|contract \(\d+\)")
PATH_START = re.compile(r'(position|cards|' + "|".join(KEYS) + r')(\[\d+\]|\.\w+|\["[^"]*"\])*: ')


def test_problems_of_format_2_text_name_format_2_paths_and_values():
    s = played()
    d = json.loads(s.to_json())
    first = next(iter(d["event_deck"]))
    mutants = [
        [(("event_deck", first), d["event_deck"][first] + 1)],
        [(("reserve", "iron"), d["reserve"]["iron"] + 1)],
        [(("mine_tiles", "water"), d["mine_tiles"]["water"] + 1)],
        [(("magna",), 0)],
        [(("card",), "Quiet sol (calm)")],
        [(("offer",), {"partner": 1, "give": FIVE, "ask": FIVE})],
        [(("colonies", 0, "staff"), d["colonies"][0]["staff"] + ["port", "rnd2"])],
        [(("colonies", 0, "contracts"), ["iron-water"]), (("colonies", 1, "contracts"), ["iron-water"])],
        [(("colonies", q, "housed"), 80) for q in range(3)],
        [(("colonies", 0, "port"), 1), (("colonies", 1, "port"), 1), (("colonies", 2, "port"), 1)],
        [(("colonies", 0, "hand", "iron"), 99), (("rd1_deck", "Soil analysis (sci1)"), 31)],
    ]
    seen = []
    for changes in mutants:
        for line in problems(changed(s, *changes)):
            assert PATH_START.match(line), line
            assert not FORMAT_1_PATH.search(line), line
            seen.append(line)
    expected = [
        f'position: event card {first.split("(")[1][:-1]}: ',
        "lower `reserve.iron` by 1", "lower `mine_tiles.water` by 1",
        "set `magna` to null or give that colony science cards",
        'card: "Quiet sol (calm)" is being resolved at step trade, where no card is: set `card` to null',
        "offer: an offer is open at step trade, where there is none: set `offer` to null",
        'a colonist works on the level-2 R&D centre ("rnd2") and the spaceport ("port"), not built: remove "rnd2", '
        '"port" from `colonies[0].staff`',
        'the iron-to-water contract ("iron-water") is held twice',
        "position: colonists: ", "position: spaceport tiles: ",
        "colonies[0].hand.iron: 99 is outside 0..12", 'rd1_deck["Soil analysis (sci1)"]: 31 is outside 0..30']
    for words in expected:
        assert any(words in line for line in seen), words


def test_setup_problems_show_format_2_values():
    s = new_game(players=2, seed=1)
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    d = changed(s, (("colonies", 0, "staff"), ["plant0"]), (("reserve", "iron"), 6), (("supply", "iron"), 6))
    found = problems(d)
    assert ('colonies[0].staff: ["plant0"] during the setup, where a colony with 1 mine(s) has ["plant0", "silo0", '
            '"mine1"]: set `colonies[0].staff` to ["plant0", "silo0", "mine1"]') in found
    assert any(p.startswith("reserve.iron: 6 iron cards during the setup") and "set `reserve.iron` to 7" in p
               for p in found)


# ----- the same State as format 1 ----------------------------------------------------------------------
def test_format_1_and_format_2_of_the_same_positions_load_equal():
    with open(ROOT / "tests" / "positions" / "format1" / "mars_colony.jsonl", encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    for rec in records[::5]:
        old = from_json(rec["position"])
        new = old.to_json()
        assert from_json(new) == old and format1(old) and from_json(format1(old)) == old, rec["source"]
    for s in positions(players=4, seed=6, every=13) + [from_json(FORMAT_1)]:
        assert from_json(format1(s)) == from_json(s.to_json()) == s


def test_a_custom_card_set_names_its_cards_and_keeps_ids_where_names_repeat():
    d = data.DEFAULT_CARDS.to_dict()
    d["rd1"][1]["name"] = d["rd1"][0]["name"]              # two R&D1 cards called "Soil analysis"
    cards = data.cards_from_dict(d)
    s = new_game(players=2, seed=3, cards=cards)
    t = json.loads(s.to_json())
    assert {"Soil analysis (sci1)", "Soil analysis (sci2)"} <= set(t["rd1_deck"])
    assert from_json(s.to_json()) == s and from_json(s.to_json()).to_json() == s.to_json()
    d["rd1"][0]["id"], d["rd1"][1]["id"] = "x (y", "y"          # "Soil analysis (x (y)" ... alike only by id:
    d["rd1"][0]["name"], d["rd1"][1]["name"] = "a", "a (x"      # "a (x (y)" twice: the set is written by id
    s = new_game(players=2, seed=3, cards=data.cards_from_dict(d))
    t = json.loads(s.to_json())
    assert {"x (y", "y", "sci1b"} <= set(t["rd1_deck"]) | set(t["rd2_deck"])
    assert from_json(s.to_json()) == s


# ----- views -------------------------------------------------------------------------------------------
def test_a_view_hides_the_hidden_cards_keeps_what_is_public_and_does_not_load():
    s = played(3, 2, lambda s: s.round >= 4 and s.step == "trade")
    for p in range(3):
        text = s.view(p).to_json()
        assert text == s.view(p).to_json()                   # the same text each time
        v = json.loads(text)
        assert v["viewer"] == p and v["seed"] is None
        for q, col in enumerate(v["colonies"]):
            if q != p:
                assert col["hand"] == FIVE and col["kept"] == []
        assert v["colonies"][p]["hand"] == dict(zip(data.MATERIALS, s.colonies[p].hand))
        assert v["supply"] == FIVE and v["rd1_deck"] == {} and v["rd2_deck"] == {}
        assert v["masked"] == {"hand_sizes": [sum(c.hand) for c in s.colonies],
                               "kept_sizes": [len(c.kept) for c in s.colonies], "supply_size": sum(s.supply),
                               "rd1_size": sum(s.rd1_deck), "rd2_size": sum(s.rd2_deck)}
        assert problems(text) == ["position: this is one player's view (`state.view(p)`, hidden cards blanked), "
                                  "for looking only: load the full position (`state.to_json()`)"]


# ----- the schema and the docs page ----------------------------------------------------------------------
def test_the_schema_s_names_and_limits_equal_data_py_s_tables():
    defs, props = SCHEMA["$defs"], SCHEMA["properties"]
    colony = defs["colony"]["properties"]
    slots = ["port" if t == "port" else f"{t}{n + 1 if t == 'mine' else n}" for t, n in data.SLOTS]
    assert colony["staff"]["items"]["enum"] == slots == list(builder.SLOT_NAMES) == list(readable.SLOT_NAMES)
    assert list(defs["materials"]["properties"]) == colony["mines"]["items"]["enum"] == list(data.MATERIALS)
    assert colony["contracts"]["items"]["enum"] == [f"{data.MATERIALS[a]}-{data.MATERIALS[b]}"
                                                    for a, b in data.CONTRACTS]
    assert colony["habs"]["items"]["enum"] == list(data.HABITAT_STATES)
    assert props["step"]["enum"] == [st.key for st in TURN_STEPS]
    assert props["options"]["additionalProperties"] is False
    assert {k: (v["minimum"], v["maximum"]) for k, v in props["options"]["properties"].items()} == {
        o.name: (o.low, o.high) for o in OPTIONS}
    assert set(data.TARGETS.values()) <= set(range(OPTIONS["target"].low, OPTIONS["target"].high + 1))
    assert {k: colony[f]["maximum"] for f, k in (("plants", "plant"), ("silos", "silo"), ("comm", "comm"),
                                                  ("mil", "mil"), ("rnd", "rnd"), ("port", "port"))} == data.MAX_LEVEL
    assert (colony["mines"]["maxItems"], colony["habs"]["maxItems"]) == (data.MAX_MINES, OPTIONS["max_habitats"].high)
    assert defs["materials"]["properties"]["iron"]["maximum"] == data.CARDS_PER_MATERIAL
    assert defs["event_card"]["properties"]["type"]["enum"] == list(data.EVENT_TYPES)
    assert defs["rd_card"]["properties"]["effect"]["enum"] == list(data.RD_EFFECTS)
    assert list(defs["card_set"]["properties"]["die"]["properties"]) == list(data.DIE_FACES)
    tasks = {rule["if"]["properties"]["step"].get("const"): rule["then"]["properties"]["task"]
             for rule in SCHEMA["allOf"]}
    assert tasks["supply_draw"]["properties"]["resume"]["enum"] == list(RESUME)
    assert tasks["event_take"]["properties"]["mode"]["enum"] == list(readable.MODES)
    assert tasks["research_draw"]["properties"]["deck"]["enum"] == list(readable.RD_DECKS)
    assert tasks["move_colonists"]["properties"]["moved"]["items"]["enum"] == slots
    assert set(tasks) - {None} == set(readable.TASK_KEYS) | {"event_choice"}
    assert list(readable.TOP) == SCHEMA["required"] == KEYS[:-1] and KEYS[-1] == "cards"


def test_the_docs_page_example_is_current():
    page = (ROOT / "docs" / "positions" / "mars_colony.md").read_text(encoding="utf-8")
    example = re.findall(r"```json\n(.*?)```", page, re.S)[0]
    assert from_json(example).to_json(pretty=True) == example.strip()
    for key in list(readable.COLONY) + ["viewer", "masked", "cards"]:
        assert f"`{key}`" in page, key
