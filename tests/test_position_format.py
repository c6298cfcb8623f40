"""The readable position format (format 2) of every game: its JSON Schema, round trip and migration.

- Every position of random play validates against `mars_rules/<game>/position.schema.json` and
  `from_json(t).to_json() == t` holds for it.
- The schema never refuses what `from_json` accepts: every mutant the schema refuses, `from_json`
  refuses too (the schema is documentation, checked; the codec's own checks stay authoritative).
- Every problem `from_json` reports names a field of format 2 (not an internal encoding).
- Format 1 text still loads (`tests/positions/format1/`: golden and soak positions written with the
  format-1 engine) and is written back as format 2 describing the same position.
- `docs/positions/<game>.md` documents every top-level key and its example loads and validates.
"""
import json
import pathlib
import random
import re

import jsonschema
import pytest

import mars_rules
from mars_rules import CHANCE, PositionError

from .test_fuzz_positions import _nudged

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = sorted(mars_rules.GAMES)
FORMAT = 2


def schema(name) -> dict:
    return json.loads((ROOT / "mars_rules" / name / "position.schema.json").read_text(encoding="utf-8"))


_VALIDATORS = {}


def validator(name):
    if name not in _VALIDATORS:
        _VALIDATORS[name] = jsonschema.Draft202012Validator(schema(name))
    return _VALIDATORS[name]


def _play(game, players, seed, keep):
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    seen = []
    while not state.is_over:
        seen.append(state)
        if state.to_move == CHANCE:
            state = state.resolve_chance()
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return seen[::max(1, len(seen) // keep)] + [state]


_TEXTS = {}


def played_texts(name) -> list:
    """Positions of random games (every player count, two seeds), about 12 per game, as format-2 text."""
    if name not in _TEXTS:
        game = mars_rules.load(name)
        _TEXTS[name] = [s.to_json() for p in game.PLAYER_COUNTS for seed in (11, 12) for s in _play(game, p, seed, 12)]
    return _TEXTS[name]


@pytest.mark.parametrize("name", GAMES)
def test_the_schema_is_a_draft_2020_12_schema_of_format_2(name):
    doc = schema(name)
    jsonschema.Draft202012Validator.check_schema(doc)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["properties"]["format"]["const"] == FORMAT
    assert doc["properties"]["game"]["const"] == name
    assert doc.get("additionalProperties") is False or "unevaluatedProperties" in doc


@pytest.mark.parametrize("name", GAMES)
def test_positions_are_written_in_format_2(name):
    game = mars_rules.load(name)
    assert json.loads(game.new_game(players=game.PLAYER_COUNTS[-1], seed=1).to_json())["format"] == FORMAT


@pytest.mark.parametrize("name", GAMES)
def test_random_play_positions_validate_and_read_back_to_the_same_text(name):
    game = mars_rules.load(name)
    for text in played_texts(name):
        errors = sorted(validator(name).iter_errors(json.loads(text)), key=str)
        assert not errors, f"{name}: schema refuses a played position: {errors[0].message} at {list(errors[0].path)}"
        assert game.from_json(text).to_json() == text


def _problem_fields(problems):
    """The field each problem line starts with ("boards[0].techs[3]: ..." -> "boards"), when it starts with one."""
    for line in problems:
        m = re.match(r"([A-Za-z_][A-Za-z_0-9]*)((\[\d+\])|(\.[A-Za-z_0-9]+))*\s*:", line)
        if m:
            yield m.group(1), line


@pytest.mark.parametrize("name", GAMES)
def test_what_the_schema_refuses_from_json_refuses_and_problems_name_format_2_fields(name):
    game = mars_rules.load(name)
    rng = random.Random(f"schema-{name}")
    bases = [json.loads(t) for t in played_texts(name)]
    keys = set(bases[0]) | {"position", "format", "game", "cards"}
    refused = 0
    for k in range(300):
        data, what = _nudged(rng, bases[k % len(bases)])
        text = json.dumps(data)
        if validator(name).is_valid(data):
            continue
        refused += 1
        with pytest.raises(PositionError) as e:
            game.from_json(text)
        for field, line in _problem_fields(e.value.problems):
            assert field in keys, f"{name}: mutant ({what}): the problem names {field!r}, not a format-2 key: {line}"
    assert refused >= 60, f"{name}: the schema refused only {refused} of 300 mutants: it checks too little"


def _format1(name):
    with open(ROOT / "tests" / "positions" / "format1" / f"{name}.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("name", GAMES)
def test_format_1_positions_load_and_are_written_as_format_2(name):
    game = mars_rules.load(name)
    records = _format1(name)
    assert len(records) > 50
    for rec in records:
        old = rec["position"]
        assert json.loads(old)["format"] == 1
        state = game.from_json(old)
        new = state.to_json()
        assert json.loads(new)["format"] == FORMAT, rec["source"]
        assert validator(name).is_valid(json.loads(new)), rec["source"]
        again = game.from_json(new)
        assert again == state, f"{name} {rec['source']}: format 2 does not describe the same position"
        assert again.to_json() == new


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_format_is_refused_by_its_number(name):
    game = mars_rules.load(name)
    data = json.loads(game.new_game(players=game.PLAYER_COUNTS[-1], seed=1).to_json())
    for bad in (3, 0, "2", 2.0, None):
        data["format"] = bad
        with pytest.raises(PositionError) as e:
            game.from_json(json.dumps(data))
        assert any(p.startswith("format:") for p in e.value.problems), e.value.problems


@pytest.mark.parametrize("name", GAMES)
def test_the_position_page_documents_every_key_and_its_example_loads(name):
    page = (ROOT / "docs" / "positions" / f"{name}.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", page, re.S)
    assert blocks, "the page has an example in a ```json block"
    example = json.loads(blocks[0])
    assert validator(name).is_valid(example)
    mars_rules.load(name).from_json(blocks[0])
    for key in json.loads(played_texts(name)[0]):
        assert f"`{key}`" in page, f"docs/positions/{name}.md does not describe `{key}`"
    assert "position.schema.json" in page
