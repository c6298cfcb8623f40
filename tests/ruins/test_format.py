"""Format 2 of a Ruins position (mars_rules.ruins.readable): cards by name, null for none, problems with
format-2 paths, format 1 still read, views, the JSON Schema in step with data.py, the docs page current."""
import json
import pathlib
import random
import re

import jsonschema
import pytest

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE, PositionError
from mars_rules.ruins import data, readable
from mars_rules.ruins.readable import RUIN_NAMES, discovery_names
from mars_rules.ruins.state import NO_FLIP, UNDECIDED

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "mars_rules" / "ruins" / "position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# A format-1 position (round 1, 3 players, Cy claiming): the text format 1 wrote, kept as it was.
FORMAT_1 = (
    '{"format": 1, "game": "ruins", "players": ["Ann", "Bo", "Cy"], "seed": 3, "draws": 37, "step": "claim", '
    '"to_move": 2, "events": ["Cy chooses a ruin for the play (1 so far)."], "cards": "default", "used": [0, 1, '
    '2, 6, 7, 8, 12, 13, 14, 15, 18, 19, 20, 21, 24, 25, 26, 27, 31, 32, 33, 37, 38, 39, 40, 43, 44, 45, 46, '
    '49], "ruins": [' + ", ".join(
        {2: "[0, 1, -1, 14, -1]", 6: "[1, -1, -1, -1, -1]", 8: "[0, 0, -1, 23, 33]", 13: "[1, 0, 11, 24, -1]",
         43: "[0, -1, -1, 25, -1]", 44: "[0, 1, -1, -1, -1]"}.get(i, "[0, -1, -1, -1, -1]") for i in range(50))
    + '], "hands": [[12, 37, 39], [7, 32], [1, 18, 25, 33]], "deck": [0, 2, 6, 8, 13, 14, 19, 20, 21, 24, 26, 27, '
    '31, 38, 40, 43, 44, 45, 46, 49], "trick": [15], "last_play": [15], "last_rank": 4, "last_player": 1, '
    '"passed": [], "selection": [18], "market": [30, 18, 34, 26], "ddeck": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '
    '12, 13, 15, 16, 17, 19, 20, 21, 22, 27, 28, 29, 31, 32, 35, 36, 37, 38], "torches": [0, 0, 0], '
    '"claims_left": [0, 0, 2], "vp": [0, 0, 0], "start_vp": [0, 0, 0], "round": 1, "first_player": 0, '
    '"seated": [1, 1, 1], "out": [], "flips": [13, -1, 6], "to_deal": [], "resume": [], "results": [], '
    '"winners": [], "viewer": -1}')


def format_1(s) -> str:
    """The format-1 text of a State, as the format-1 writer wrote it (frozen here: the codec writes format 2)."""
    out = {"format": 1, "game": "ruins"}
    for key in readable.KEYS[2:]:
        if key == "options":  # format 1 had none
            continue
        v = getattr(s, "winners_" if key == "winners" else key)
        if key == "cards":
            v = "default" if v == data.DEFAULT_CARDS else data.cards_to_dict(v)
        elif key in ("ruins", "hands", "results"):
            v = [list(x) for x in v]
        elif isinstance(v, tuple):
            v = list(v)
        out[key] = v
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False)


def positions(players, seed, every=7):
    s = ruins.new_game(players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not s.is_over:
        if k % every == 0:
            yield s
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
        k += 1
    yield s


def find(players, wanted, seeds=range(30)):
    for seed in seeds:
        for s in positions(players, seed, every=1):
            if wanted(s):
                return s
    raise LookupError("no such position")


def refused(d) -> list:
    with pytest.raises(PositionError) as e:
        ruins.from_json(json.dumps(d))
    return e.value.problems


def problem(problems, start):
    hits = [p for p in problems if p.startswith(start)]
    assert hits, f"no problem starts with {start!r}: {problems}"
    return hits[0]


# ----- the readable pieces -----------------------------------------------------------------------------
def test_a_known_position_writes_cards_sides_and_flags_by_name():
    d = json.loads(ruins.from_json(FORMAT_1).to_json())
    assert d["format"] == 2 and d["hands"] == [["#12 day 3", "#37 day 8", "#39 day 8"], ["#7 day 2", "#32 day 7"],
                                               ["#1 day 1", "#18 day 4", "#25 day 6", "#33 day 7"]]
    assert d["ruins"] == {
        "#2 day 1": {"side": "day", "claim": 1, "top": None, "middle": "#14 middle wild rank", "bottom": None},
        "#6 day 2": {"side": "night", "claim": None, "top": None, "middle": None, "bottom": None},
        "#8 day 2": {"side": "day", "claim": 0, "top": None, "middle": "#23 middle +2 rank",
                     "bottom": "#33 bottom light 2 torches"},
        "#13 day 3": {"side": "night", "claim": 0, "top": "#11 top +3 rank", "middle": "#24 middle +2 rank",
                      "bottom": None},
        "#43 day 9": {"side": "day", "claim": None, "top": None, "middle": "#25 middle +2 rank", "bottom": None},
        "#44 day 9": {"side": "day", "claim": 1, "top": None, "middle": None, "bottom": None}}
    assert d["market"] == ["#30 bottom each opponent draws 1", "#18 middle +1 rank", "#34 bottom light 2 torches",
                           "#26 bottom each opponent draws 1"]
    assert d["trick"] == d["last_play"] == ["#15 day 4"] and d["selection"] == ["#18 day 4"]
    assert d["flips"] == ["#13 day 3", None, "#6 day 2"] and d["seated"] == [True, True, True]
    assert d["resume"] is None and d["viewer"] is None and d["last_rank"] == 4 and d["last_player"] == 1
    assert d["ddeck"][:2] == ["#0 top +1 rank", "#1 top +1 rank"] and len(d["used"]) == 30


def test_none_undecided_resume_and_results_are_written_by_name():
    s = find(3, lambda s: s.step == "night_flip" and UNDECIDED in s.flips and NO_FLIP in s.flips)
    assert set(json.loads(s.to_json())["flips"]) == {None, "undecided"}
    s = find(3, lambda s: len(s.resume) == 3 and s.results)
    d = json.loads(s.to_json())
    assert d["resume"] == {"after": s.resume[1], "skip": bool(s.resume[2])}
    row = s.results[0]
    assert d["results"][0] == {"round": row[0], "seat": row[1], "place": row[2], "vp_change": row[3]}
    s = find(3, lambda s: s.resume == ("deal",))
    assert json.loads(s.to_json())["resume"] == "deal"
    s = ruins.new_game(3, seed=1)
    d = json.loads(s.to_json())
    assert d["last_rank"] is None and d["last_player"] is None and d["ruins"] == {}


def test_a_custom_card_set_names_its_discoveries_in_its_own_words():
    d = data.cards_to_dict(data.DEFAULT_CARDS)
    d["name"] = "stronger tops"
    for x in d["discoveries"][:13]:
        x["effect"] = {"kind": "rank", "amount": 3}
    s = ruins.new_game(3, seed=5, cards=data.cards_from_dict(d))
    assert discovery_names(s.cards)[0] == "#0 top +3 rank"
    text = s.to_json()
    position = json.loads(text)
    assert position["cards"]["name"] == "stronger tops" and "#0 top +3 rank" in text
    assert ruins.from_json(text) == s and ruins.from_json(text).to_json() == text and VALIDATOR.is_valid(position)
    where = "market" if "#0 top +3 rank" in position["market"] else "ddeck"
    k = position[where].index("#0 top +3 rank")
    position[where][k] = "#0 top +1 rank"  # the default set's name: not a discovery of this set
    assert "is not a discovery of this card set" in problem(refused(position), f"{where}[{k}]:")


# ----- bad names and repeats, with their format-2 paths -------------------------------------------------
def test_a_bad_name_is_refused_naming_its_format_2_path():
    d = json.loads(ruins.from_json(FORMAT_1).to_json())
    d["hands"][0][1] = "#37 day 9"                   # ruin 37 is a day 8
    d["market"][2] = "#34 bottom light 3 torches"    # not the effect of discovery 34
    d["ruins"]["#6 day 2"]["side"] = "dusk"
    d["ruins"]["#13 day 3"]["top"] = 11              # a format-1 id
    d["ruins"]["#50 day 11"] = d["ruins"].pop("#44 day 9")
    d["flips"][1] = -1                               # format 1's "no flip"
    problems = refused(d)
    assert '"#37 day 9" is not a ruin' in problem(problems, "hands[0][1]:")
    assert "is not a discovery of this card set" in problem(problems, "market[2]:")
    assert '"dusk" is not "day" or "night"' in problem(problems, 'ruins["#6 day 2"].side:')
    assert "11 is not a discovery" in problem(problems, 'ruins["#13 day 3"].top:')
    assert "is not a ruin" in problem(problems, 'ruins["#50 day 11"]:')
    assert '"undecided"' in problem(problems, "flips[1]:") and "null (no flip)" in problem(problems, "flips[1]:")
    assert len(problems) == 6


def test_format_1_codes_are_refused_in_format_2():
    d = json.loads(ruins.new_game(3, seed=2).to_json())
    d["seated"][0] = 1                   # a flag is true/false, never 1
    d["last_rank"] = -1                  # none is null
    d["market"][3] = -1
    d["resume"] = []
    problems = refused(d)
    assert "1 is not true or false" in problem(problems, "seated[0]:")
    assert "-1 is not a rank (0..) or null" in problem(problems, "last_rank:")
    assert "-1 is not a discovery" in problem(problems, "market[3]:")
    assert 'is not null (nothing pending), "deal"' in problem(problems, "resume:")


def test_a_repeated_ruin_or_a_discovery_in_two_places_is_refused_naming_format_2_paths():
    d = json.loads(ruins.from_json(FORMAT_1).to_json())
    d["deck"].append(d["deck"][-1])       # a ruin twice in the deck
    problems = refused(d)
    assert "ruin 49 is in deck and deck" in problem(problems, "hands, deck, trick:")
    d = json.loads(ruins.from_json(FORMAT_1).to_json())
    d["ruins"]["#43 day 9"]["top"] = d["ddeck"][0]   # discovery 0 on a ruin and in the discovery deck
    text = problem(refused(d), "market, ddeck, ruins:")
    assert 'discovery 0 is in ddeck and ruins["#43 day 9"]' in text


def test_problems_of_the_rules_name_format_2_paths_and_values():
    s = ruins.from_json(FORMAT_1)
    bottom = s.ruins[8][4]                                     # discovery 33, a bottom card, in the middle
    bad = s._replace(ruins=s.ruins[:8] + ((0, 0, -1, bottom, -1),) + s.ruins[9:])
    text = problem(refused(json.loads(bad.to_json())), 'ruins["#8 day 2"].middle:')
    assert 'move it to ruins["#8 day 2"].bottom' in text
    flips = s._replace(flips=(UNDECIDED,) + s.flips[1:])       # not chosen, outside the night flips
    text = problem(refused(json.loads(flips.to_json())), "flips[0]:")
    assert text.startswith('flips[0]: "undecided" (not chosen yet)') and "set it to null or" in text
    unused = s._replace(ruins=s.ruins[:3] + ((1, -1, -1, -1, -1),) + s.ruins[4:])   # ruin 3 is not used
    assert problem(refused(json.loads(unused.to_json())), 'ruins["#3 day 1"]:').endswith("remove it from ruins")
    t = find(3, lambda t: t.step == "lead" and not t.selection and t.round == 1)
    text = problem(refused(json.loads(t._replace(last_player=1).to_json())), "last_player:")
    assert text.startswith("last_player: 1, but nothing has been played") and text.endswith("set it to null")
    text = problem(refused(json.loads(t._replace(seated=(1, 0, 1)).to_json())), "seated[1]:")
    assert text.startswith("seated[1]: false, but") and text.endswith("set it to true")
    t = find(3, lambda t: t.step == "refill" and len(t.resume) == 3 and t.resume[2] == 0 and len(t.trick) == 1)
    text = problem(refused(json.loads(t._replace(resume=t.resume[:2] + (1,)).to_json())), "resume.skip:")
    assert text.startswith("resume.skip: true (the next player is skipped)") and text.endswith("set it to false")


# ----- format 1 and format 2 of the same positions ------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_format_1_and_format_2_of_the_same_positions_load_equal(players):
    for s in positions(players, seed=players):
        old, new = format_1(s), s.to_json()
        a, b = ruins.from_json(old), ruins.from_json(new)
        assert a == b == s and a.to_json() == new
        pretty = s.to_json(pretty=True)
        assert ruins.from_json(pretty) == s and ruins.from_json(pretty).to_json(pretty=True) == pretty


def test_format_1_problems_keep_format_1_paths():
    d = json.loads(FORMAT_1)
    d["flips"][1] = -2
    assert problem(refused(d), "flips[1]:").startswith("flips[1]: -2 (not chosen yet)")


# ----- views ---------------------------------------------------------------------------------------------
def test_views_hide_what_they_hide_and_come_out_the_same_from_a_position_read_back():
    s = find(3, lambda s: s.step == "night_flip" and s.flips[0] >= 0 and s.to_move == 1)
    for p in range(3):
        text = s.view(p).to_json()
        d = json.loads(text)
        assert d["viewer"] == p and d["seed"] is None
        assert d["hands"][p] == [RUIN_NAMES[c] for c in s.hands[p]]
        for q in range(3):
            if q != p:
                assert d["hands"][q] == ["hidden"] * len(s.hands[q])
        assert set(d["deck"]) == {"hidden"} and set(d["ddeck"]) == {"hidden"}
        assert d["flips"][0] == (RUIN_NAMES[s.flips[0]] if p == 0 else "hidden")
        assert ruins.from_json(s.to_json()).view(p).to_json() == text     # the same view after a round trip
        with pytest.raises(PositionError) as e:
            ruins.from_json(text)
        assert len(e.value.problems) == 1 and e.value.problems[0].startswith(f"viewer: {p} makes this a player's view")


# ----- the schema and the docs ---------------------------------------------------------------------------
def test_the_schema_enums_and_ranges_equal_the_data_tables():
    props, defs = SCHEMA["properties"], SCHEMA["$defs"]
    assert list(props) == SCHEMA["required"] == list(readable.KEYS)
    assert props["step"]["enum"] == [step.key for step in ruins.TURN_STEPS]
    assert defs["ruin"]["enum"] == list(RUIN_NAMES)
    assert defs["record"]["properties"]["side"]["enum"] == list(readable.SIDES)
    assert defs["record"]["required"] == list(readable.RECORD_KEYS)
    assert defs["discovery"]["pattern"].endswith("(" + "|".join(data.POSITIONS) + ") ")
    assert defs["cards"]["properties"]["discoveries"]["items"]["properties"]["position"]["enum"] == list(data.POSITIONS)
    assert defs["effect"]["properties"]["kind"]["enum"] == list(data.EFFECT_KINDS)
    assert props["results"]["items"]["required"] == list(readable.RESULT_KEYS)
    assert defs["seat"]["maximum"] == max(ruins.PLAYER_COUNTS) - 1
    for key in ("players", "torches", "claims_left", "vp", "start_vp", "seated", "flips", "hands"):
        assert (props[key]["minItems"], props[key]["maxItems"]) == (min(ruins.PLAYER_COUNTS), max(ruins.PLAYER_COUNTS))
    high = {o.name: o.high for o in ruins.OPTIONS}  # the ranges allow every variant game
    tops = {"torches": high["torches"], "claims_left": high["claims"], "vp": data.MAX_VP, "start_vp": data.MAX_VP}
    for key, top in tops.items():
        assert props[key]["items"]["maximum"] == top
    assert props["round"]["maximum"] == high["rounds"] + 1
    assert props["results"]["items"]["properties"]["round"]["maximum"] == high["rounds"]
    options = props["options"]["properties"]
    assert list(options) == [o.name for o in ruins.OPTIONS] and props["options"]["additionalProperties"] is False
    for o in ruins.OPTIONS:
        prop = options[o.name]
        ints = prop.get("items") or (prop.get("prefixItems") or [{}])[0].get("items") or prop
        assert (ints["minimum"], ints["maximum"]) == (o.low, o.high), o.name
        assert ("Printed" in prop["description"]) == o.printed, o.name
    assert props["market"]["minItems"] == props["market"]["maxItems"] == data.MARKET_SIZE
    assert props["used"]["minItems"] == min(data.RUINS_USED.values())
    assert props["ddeck"]["maxItems"] == data.DISCOVERY_COUNT
    for key, prop in props.items():
        assert key in ("format", "game") or prop.get("description"), key


def test_the_schema_accepts_played_positions_and_a_custom_card_set():
    for players in (2, 5):
        for s in positions(players, seed=9, every=25):
            assert VALIDATOR.is_valid(json.loads(s.to_json()))
    d = json.loads(ruins.from_json(FORMAT_1).to_json())
    assert VALIDATOR.is_valid(d)
    d["cards"] = data.cards_to_dict(data.DEFAULT_CARDS)
    assert VALIDATOR.is_valid(d) and ruins.from_json(json.dumps(d)) == ruins.from_json(FORMAT_1)


def test_the_docs_page_example_is_current():
    page = (ROOT / "docs" / "positions" / "ruins.md").read_text(encoding="utf-8")
    example = re.findall(r"```json\n(.*?)```", page, re.S)[0]
    state = ruins.from_json(example)
    assert state.to_json(pretty=True) == example.strip()
    assert VALIDATOR.is_valid(json.loads(example))
    for key in readable.KEYS:
        assert f"`{key}`" in page
