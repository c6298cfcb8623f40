"""Format 2 of a Ruins of Mars position: the rulebook's names, problems naming format-2 paths, format 1
still read, views, custom card sets, the JSON Schema against data.py, and the docs page's example."""
import json
import pathlib
import random
import re

import jsonschema
import pytest

from mars_rules import CHANCE, PositionError
from mars_rules.ruins_of_mars import OPTIONS, TURN_STEPS, codec, data, invariants, readable

from .helpers import game

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "mars_rules" / "ruins_of_mars" / "position.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def _problems(d):
    with pytest.raises(PositionError) as e:
        game.from_json(json.dumps(d))
    return e.value.problems


def _played(players, seed, every=25):
    s = game.new_game(players=players, seed=seed, characters="deal")
    rng = random.Random(seed)
    out = []
    while not s.is_over:
        out.append(s)
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    return out[::every] + [s]


@pytest.fixture(scope="module")
def start():
    return game.new_game(players=["Ada", "Bo"], seed=7, characters="deal", first_player=0)


@pytest.fixture(scope="module")
def solo():
    return game.new_game(players=["Ada"], seed=4, characters="deal")


# ----- what format 2 writes ---------------------------------------------------------------------------------
def test_a_known_position_is_written_with_the_rulebooks_names(start):
    s = start.edit().give("Ada", tech="L1-07", row=2).set_player("Bo", fuel=3, blue=4).done()
    d = json.loads(s.to_json())
    assert d["format"] == 2 and d["game"] == "ruins_of_mars"
    assert d["tiles"][9] == "star + radiation" and d["tiles"][0] == "red + red"
    assert list(d["sites"]) == ["Wasteland", "Laboratory", "Workshop", "Dormitory", "Infirmary"]
    assert d["sites"]["Wasteland"] == [7, 10, 9]
    assert d["rover"] is None and d["realloc_to"] == "Wasteland"
    assert d["boards"][0]["techs"] == {"L1-row2": "L1-07 Rune Lens"}
    assert d["boards"][0]["character"] in data.CHARACTERS and d["boards"][0]["face_down"] == []
    assert d["boards"][1]["resources"] == {"Fuel": 3, "Parts": 0, "Plans": 0, "Oxygen": 0}
    assert d["boards"][1]["languages"] == {"red": 0, "orange": 0, "green": 0, "blue": 4, "star": 0}
    assert all(re.fullmatch(r"L1-\d\d [A-Z][A-Za-z ]+", c) for c in d["display"][0])
    assert d["setup"] == {"characters": "deal", "first_player": 0, "solo": False} and d["options"] == {}
    assert (d["search"], d["solo_die"], d["end_turns"]) == (None, None, None)


def test_none_is_null_and_a_replicated_tech_is_named(start):
    s = start._replace(step="pass_rover", rover=2, acted=True, search=-1, end_turns=1, turn=3)
    d = json.loads(s.to_json())
    assert (d["rover"], d["search"], d["end_turns"]) == ("Workshop", "replicated", 1)
    assert json.loads(game.new_game(players=2, seed=1).to_json())["setup"]["first_player"] is None


def test_ability_keys_name_their_card(start):
    s = start.edit().give("Ada", tech="L1-05", row=1).give("Ada", tech="L2-03", row=1).done()
    s = s._replace(used=("free:L1-05", "tech:L2-03"))
    assert json.loads(s.to_json())["used"] == ["free:L1-05 Solar Kite", "tech:L2-03 Star Chart"]
    assert codec.format_1_dict(game.from_json(s.to_json()))["used"] == ["free:L1-05", "tech:L2-03"]


def test_the_solo_ais_face_down_slots_are_named(solo):
    board = json.loads(solo.to_json())["boards"][1]
    assert board["character"] is None
    assert board["face_down"] == list(readable.SLOTS)
    assert list(board["techs"]) == list(readable.SLOTS) and all(t.startswith("AI") for t in board["techs"].values())


def test_the_pretty_form_reads_back_to_itself(start):
    text = start.to_json(pretty=True)
    assert "\n" in text and game.from_json(text) == start
    assert game.from_json(text).to_json(pretty=True) == text


# ----- bad names: refused, each problem naming its format-2 path ---------------------------------------------
def test_a_bad_name_is_refused_with_its_format_2_path(start):
    base = json.loads(start.to_json())
    d = json.loads(json.dumps(base))
    d["rover"] = "Olympus"
    d["realloc_to"] = None
    d["tiles"][3] = "purple + red"
    d["boards"][0]["resources"]["Gold"] = 1
    d["boards"][1]["character"] = "Pilot"
    d["boards"][0]["techs"]["L4-row1"] = "L1-07 Rune Lens"
    d["display"][0][1] = "L1-07 Ray Gun"
    probs = _problems(d)
    assert probs[0].startswith('tiles[3]: "purple + red" is not 1 to 6 icons joined by " + "')
    assert 'rover: "Olympus" is not a Site or null (Wasteland, Laboratory, Workshop, Dormitory, Infirmary)' in probs
    assert "realloc_to: null where a Site is needed (Wasteland, Laboratory, Workshop, Dormitory, Infirmary)" in probs
    assert 'boards[0].resources: unexpected key "Gold"' in probs
    assert any(p.startswith('boards[1].character: "Pilot" is not a Character') for p in probs)
    assert any(p.startswith('boards[0].techs: "L4-row1" is not a Tech board slot (L1-row1, L2-row1') for p in probs)
    assert any(p.startswith('display[0][1]: "L1-07 Ray Gun" is not a card of this position') and
               'did you mean "L1-07 Rune Lens"' in p for p in probs)
    assert len(probs) == 7


def test_a_repeated_slot_is_refused(solo):
    d = json.loads(solo.to_json())
    d["boards"][1]["face_down"][1] = "L1-row1"
    assert _problems(d) == ['boards[1].face_down[1]: "L1-row1" is listed twice']


def test_format_1_codes_are_refused_in_format_2(start):
    base = json.loads(start.to_json())
    cases = [(("rover",), -1), (("end_turns",), -1), (("solo_die",), 0), (("search",), -1), (("search",), 0),
             (("setup", "first_player"), -1), (("realloc_to",), 0), (("tiles", 0), "RR")]
    for path, value in cases:
        d = json.loads(json.dumps(base))
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        probs = _problems(d)
        field = path[0] if path[0] != "tiles" else "tiles[0]"
        assert probs and all(p.startswith(field + ":") or p.startswith(".".join(map(str, path))) for p in probs), probs
    d = json.loads(json.dumps(base))
    d["boards"][0]["character"] = ""
    d["display"][1][0] = d["display"][1][0].split(" ")[0]           # a bare id: the name is part of the card
    probs = _problems(d)
    assert any(p.startswith('boards[0].character: "" is not a Character') for p in probs)
    assert any(p.startswith('display[1][0]: "L2-') and "did you mean" in p for p in probs)


def test_the_rules_problems_speak_format_2(start):
    s = start._replace(step="transfer", rover=2, turn=2, search=-1, end_turns=1)
    probs = _problems(json.loads(s.to_json()))
    assert 'search: "replicated" in step transfer, but a deck is searched only in Step 6: set it to null' in probs
    assert any(p.startswith("end_turns: 1 final turn left") and p.endswith("set it to null") for p in probs)
    s = start._replace(turn=2, rover=-1)
    assert "rover: turn 2: the Rover was placed in turn 1 and stays on a Site (set it to a Site's name)" in \
        _problems(json.loads(s.to_json()))
    board = start.boards[0]._replace(languages=(9, 0, 0, 0, 0), resources=(8, 0, 0, 0))
    other = start.boards[1]._replace(languages=(9, 0, 0, 0, 0))
    s = start._replace(boards=(board, other), sites=((),) + start.sites[1:])
    probs = _problems(json.loads(s.to_json()))
    assert "boards[0].resources.Fuel: 8 is outside 0..7" in probs
    assert any(p.startswith("boards[0].languages: 1 Languages mastered") for p in probs)
    assert any(p.startswith("boards[*].languages.red: a Language can be mastered by only one player") for p in probs)
    assert any(p.startswith("sites: ") for p in probs)
    for p in probs:                       # no format-1 path: a list index where format 2 writes a name
        assert not re.match(r"(sites|boards\[.\]\.(resources|languages|techs))\[", p), p


# ----- format 1 and format 2 of the same positions ------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_format_1_and_format_2_of_the_same_positions_load_equal(players):
    for s in _played(players, seed=players + 20):
        old = json.dumps(codec.format_1_dict(s), separators=(",", ":"))
        assert json.loads(old)["format"] == 1
        new = s.to_json()
        assert game.from_json(old) == game.from_json(new) == s
        assert game.from_json(old).to_json() == new


def test_the_format_1_fixtures_are_written_as_format_2_and_back():
    lines = (ROOT / "tests" / "positions" / "format1" / "ruins_of_mars.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines[::10]:
        old = json.loads(line)["position"]
        state = game.from_json(old)
        assert json.dumps(codec.format_1_dict(state), separators=(",", ":"), ensure_ascii=False) == old
        assert game.from_json(state.to_json()) == state


def test_format_1_problems_keep_format_1_paths(start):
    d = codec.format_1_dict(start)
    d["boards"][0]["resources"][0] = 8
    assert "boards[0].resources[0]: 8 is outside 0..7" in _problems(d)


# ----- hidden information -------------------------------------------------------------------------------------
def test_view_positions_round_trip_and_still_hide_the_ai_techs(solo):
    for s in [solo] + _played(1, seed=31, every=40):
        for seat in (0, 1):
            v = s.view(seat)
            text = v.to_json()
            assert game.from_json(text) == v and game.from_json(text).to_json() == text
            assert VALIDATOR.is_valid(json.loads(text))
            hidden = set(s.hidden(0))
            assert not any(f'"{cid}"' in text for cid in hidden)
            faces = json.loads(text)["boards"][1]
            for slot in faces["face_down"]:
                assert faces["techs"][slot] == f"hidden-{slot}"


# ----- custom card sets ---------------------------------------------------------------------------------------
def test_a_custom_card_sets_names_are_written_and_ambiguous_strings_become_objects():
    src = data.default_card_data()
    src["tech"][0].update(id="L1-01", name="Hot Air")              # "L1-01 Hot Air"
    src["tech"][1].update(id="L1-01 Hot", name="Air")              # "L1-01 Hot Air" too: ambiguous
    src["tech"][2]["name"] = "Copper Kettle"
    s = game.new_game(players=2, seed=5, characters="deal", cards=data.load_cards(src))
    d = json.loads(s.to_json())
    cards = [c for col in d["display"] + d["decks"] for c in col]
    assert "L1-03 Copper Kettle" in cards
    assert {"id": "L1-01", "name": "Hot Air"} in cards and {"id": "L1-01 Hot", "name": "Air"} in cards
    assert VALIDATOR.is_valid(d)
    again = game.from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()
    (key, k, i), = [(key, k, i) for key in ("display", "decks") for k, col in enumerate(d[key])
                    for i, c in enumerate(col) if c == "L1-03 Copper Kettle"]
    d[key][k][i] = {"id": "L1-03", "name": "Copper Kettle"}       # the object form only where it is needed
    assert _problems(d) == [f'{key}[{k}][{i}]: a card is written as one string (its id and name): write '
                            f'"L1-03 Copper Kettle"']
    d = json.loads(s.to_json())
    (key, k, i), = [(key, k, i) for key in ("display", "decks") for k, col in enumerate(d[key])
                    for i, c in enumerate(col) if c == {"id": "L1-01", "name": "Hot Air"}]
    d[key][k][i] = "L1-01 Hot Air"
    assert _problems(d) == [f'{key}[{k}][{i}]: "L1-01 Hot Air" names two cards of this position\'s card set: write '
                            f'the card as {{"id": ..., "name": ...}}']


# ----- the JSON Schema ------------------------------------------------------------------------------------------
def test_the_schemas_enums_equal_the_data_tables():
    props, board = SCHEMA["properties"], SCHEMA["$defs"]["board"]["properties"]
    assert props["step"]["enum"] == [s.key for s in TURN_STEPS]
    assert sorted(props["chance"]["enum"]) == sorted({c for v in invariants.CHANCES.values() for c in v})
    assert props["setup"]["properties"]["characters"]["enum"] == list(invariants.SETUP_CHOICES["characters"])
    assert list(props["options"]["properties"]) == [o.name for o in OPTIONS]
    for o in OPTIONS:
        spec = props["options"]["properties"][o.name]
        if isinstance(o.default, tuple):
            spec = dict(spec["items"], length=(spec["minItems"], spec["maxItems"]))
            assert spec["length"] == (len(o.default), len(o.default))
        if o.low is not None:
            assert (spec["minimum"], spec["maximum"]) == (o.low, o.high), o.name
    assert list(props["sites"]["properties"]) == props["sites"]["required"] == list(data.SITES)
    assert props["rover"]["enum"] == list(data.SITES) + [None] and props["realloc_to"]["enum"] == list(data.SITES)
    words = "|".join(data.ICONS.values())
    assert props["tiles"]["items"]["pattern"] == f"^({words})( \\+ ({words})){{0,5}}$"
    assert props["tiles"]["minItems"] == props["tiles"]["maxItems"] == data.N_TILES
    assert board["character"]["enum"] == list(data.CHARACTERS + data.KICKSTARTER_CHARACTERS) + [None]
    assert list(board["resources"]["properties"]) == list(data.RESOURCES)
    assert {v["maximum"] for v in board["resources"]["properties"].values()} == {OPTIONS["resource_cap"].high}
    assert list(board["languages"]["properties"]) == list(data.LANGUAGES)
    assert {v["maximum"] for v in board["languages"]["properties"].values()} == {data.CAPSTONE}
    assert board["techs"]["propertyNames"]["enum"] == board["face_down"]["items"]["enum"] == list(readable.SLOTS)
    ranges = dict((k, (lo, hi)) for k, lo, hi in invariants.FIELD_RANGES)
    for key in ("pending", "transfers"):
        assert (props[key]["minimum"], props[key]["maximum"]) == ranges[key]
    for key, lo, hi in invariants.BOARD_RANGES:
        assert (board[key]["minimum"], board[key]["maximum"]) == (lo, hi)
    assert set(SCHEMA["required"]) == set(json.loads(game.new_game(players=2, seed=1).to_json()))


def test_every_played_position_validates():
    for players in (1, 3):
        for s in _played(players, seed=40 + players):
            errors = list(VALIDATOR.iter_errors(json.loads(s.to_json())))
            assert not errors, errors[0].message


# ----- the docs page ---------------------------------------------------------------------------------------------
def test_the_docs_page_example_is_current():
    page = (ROOT / "docs" / "positions" / "ruins_of_mars.md").read_text(encoding="utf-8")
    example = re.findall(r"```json\n(.*?)```", page, re.S)[0]
    state = game.from_json(example)
    assert state.to_json(pretty=True) == example.strip()
    assert VALIDATOR.is_valid(json.loads(example))
    for key in SCHEMA["properties"]:
        assert f"`{key}`" in page
