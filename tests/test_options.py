"""Rule options of every game (game.OPTIONS): checked by new_game, carried by positions, independent.

For every option: its example value plays a game to the end, round-trips through JSON (which carries
exactly the options that differ from the default), changes the course of the game or its final score, and is read from the
position, never from the module constant that holds its default. Games with different options in one
process do not affect each other. Every option is documented in the game's docstring and position page.
No notebook assigns a module constant.
"""
import json
import pathlib
import random
import re
import sys

import pytest

import mars_rules
from mars_rules import CHANCE, PositionError
from mars_rules.core import RuleOptions

from .walks import after, positions

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = sorted(mars_rules.GAMES)
OPTIONS = [(g, o.name) for g in GAMES for o in getattr(mars_rules.load(g), "OPTIONS", ())]


def transcript(game, players, seed, limit=400, **options):
    """The first `limit` events and the final position of a random game (decisions from Random(seed))."""
    events = []
    for state in positions(game.new_game(players=players, seed=seed, **options), seed, limit=limit):
        events += state.events
    return events, state


def to_end(state, seed):
    state = after(state, 200_000, seed)
    assert state.is_over, "the game did not end"
    return state


@pytest.mark.parametrize("name", GAMES)
def test_each_game_lists_its_options_with_rule_and_example(name):
    game = mars_rules.load(name)
    assert isinstance(game.OPTIONS, RuleOptions)
    assert list(game.OPTIONS), f"{name} has no options"
    for o in game.OPTIONS:
        assert o.rule and o.summary and o.example is not None, o.name
    doc = game.__doc__ or ""
    page = (ROOT / "docs" / "positions" / f"{name}.md").read_text(encoding="utf-8")
    for o in game.OPTIONS:
        assert o.name in doc, f"{name}: option {o.name} is not in the package docstring"
        assert f"`{o.name}`" in page, f"{name}: option {o.name} is not on docs/positions/{name}.md"


@pytest.mark.parametrize("name", GAMES)
def test_new_game_refuses_unknown_options_and_bad_values_naming_them(name):
    game = mars_rules.load(name)
    with pytest.raises(ValueError) as e:
        game.new_game(players=game.PLAYER_COUNTS[-1], seed=1, no_such_option=3)
    assert "no_such_option" in str(e.value)
    for o in game.OPTIONS:
        bad = "x" if not isinstance(o.default, str) else 12345
        with pytest.raises(ValueError) as e:
            game.new_game(players=game.PLAYER_COUNTS[-1], seed=1, **{o.name: bad})
        assert o.name in str(e.value)


@pytest.mark.parametrize("name,option", OPTIONS)
def test_an_option_plays_to_the_end_round_trips_and_changes_the_game(name, option):
    game = mars_rules.load(name)
    o = game.OPTIONS[option]
    players = game.PLAYER_COUNTS[-1] if game.PLAYER_COUNTS[-1] <= 3 else 3
    state = game.new_game(players=players, seed=5, **{option: o.example})
    assert getattr(state.options, option) == (tuple(o.example) if isinstance(o.example, list) else o.example)
    data = json.loads(state.to_json())
    assert data["options"] == {option: json.loads(json.dumps(o.example))}, "the JSON carries exactly the changed option"
    assert game.from_json(state.to_json()) == state
    assert state.score().variant, "the score sheet names the variant"
    end = to_end(state, 5)
    assert game.from_json(end.to_json()) == end
    assert end.score().variant
    if o.scenario:  # a rule random play does not reach: its prepared position shows the effect
        tests = (ROOT / "tests" / name / "test_options.py").read_text(encoding="utf-8")
        assert f"def {o.scenario}(" in tests, f"{name}: option {option} names the scenario {o.scenario}, not found"
        return
    default_end = to_end(game.new_game(players=players, seed=5), 5)
    differs = (end.score().totals != default_end.score().totals  # a scoring value shows in the final scores
               or any(transcript(game, players, seed, **{option: o.example})[0] != transcript(game, players, seed)[0]
                      for seed in (1, 2, 3)))
    assert differs, f"{name}: option {option}={o.example!r} changed nothing in three games and a final score"


@pytest.mark.parametrize("name,option", [(g, o) for g, o in OPTIONS if mars_rules.load(g).OPTIONS[o].constant])
def test_the_rules_read_the_option_not_the_module_constant(name, option, monkeypatch):
    game = mars_rules.load(name)
    o = game.OPTIONS[option]
    players = min(game.PLAYER_COUNTS[-1], 3)
    expected = transcript(game, players, 4, limit=300)
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith(f"mars_rules.{name}") and hasattr(module, o.constant):
            if getattr(module, o.constant) == o.default:
                monkeypatch.setattr(module, o.constant, o.example)
    assert transcript(game, players, 4, limit=300) == expected, \
        f"{name}: changing the constant {o.constant} changed a default game: a rule reads it instead of the option"


@pytest.mark.parametrize("name", GAMES)
def test_games_with_different_options_in_one_process_do_not_affect_each_other(name):
    game = mars_rules.load(name)
    players = min(game.PLAYER_COUNTS[-1], 3)
    variant = {o.name: o.example for o in game.OPTIONS}
    alone = transcript(game, players, 8, limit=300)
    states = [game.new_game(players=players, seed=8), game.new_game(players=players, seed=8, **variant)]
    rngs = [random.Random(8), random.Random(8)]
    events = [list(states[0].events), []]
    for _ in range(300):
        for k in (1, 0):
            s = states[k]
            if s.is_over:
                continue
            legal = s.legal_actions()
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[rngs[k].randrange(len(legal))])
            events[k] += s.events
            states[k] = s
    assert events[0] == alone[0] and states[0] == alone[1]


@pytest.mark.parametrize("name", GAMES)
def test_a_position_refuses_an_unknown_or_bad_option_by_its_path(name):
    game = mars_rules.load(name)
    data = json.loads(game.new_game(players=game.PLAYER_COUNTS[-1], seed=1).to_json())
    data["options"] = {"no_such_option": 1}
    with pytest.raises(PositionError) as e:
        game.from_json(json.dumps(data))
    assert any(p.startswith("options.no_such_option:") for p in e.value.problems), e.value.problems
    o = next(iter(game.OPTIONS))
    data["options"] = {o.name: "x" if not isinstance(o.default, str) else 5}
    with pytest.raises(PositionError) as e:
        game.from_json(json.dumps(data))
    assert any(p.startswith(f"options.{o.name}") for p in e.value.problems), e.value.problems


CONSTANT_ASSIGNMENT = re.compile(r"^\s*[A-Za-z_][A-Za-z_0-9]*(\.[A-Za-z_][A-Za-z_0-9]*)*\.[A-Z][A-Z0-9_]+\s*=[^=]", re.M)


def test_no_notebook_assigns_a_module_constant():
    for path in sorted(ROOT.glob("notebooks/**/*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                src = "".join(cell["source"])
                m = CONSTANT_ASSIGNMENT.search(src)
                assert not m, f"{path.relative_to(ROOT)} assigns a module constant: {m.group(0).strip()}"
