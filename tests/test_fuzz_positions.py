"""from_json under fuzzing: mutated positions give a State or a PositionError, nothing else."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules
from mars_rules import CHANCE, PositionError

from .walks import positions

GAME_NAMES = sorted(mars_rules.GAMES)


def _positions(name):
    """A few reachable positions of the game: the start, every 100th ply up to 400 and the end if it comes sooner."""
    game = mars_rules.load(name)
    out = positions(game.new_game(players=game.PLAYER_COUNTS[-1], seed=4), 4, every=100, limit=400)
    return [json.loads(s.to_json()) for s in out]


POSITIONS = {name: _positions(name) for name in GAME_NAMES}

REPLACEMENTS = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.sampled_from([10**30, -1, 8, 99]),
                         st.text(max_size=5), st.just("x" * 5000), st.lists(st.integers(-3, 3), max_size=3),
                         st.just(list(range(20000))), st.just({"a": 1}), st.floats(allow_nan=False))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:12]):
            yield from _paths(v, prefix + (i,))


def _mutate(data, path, how, value):
    data = json.loads(json.dumps(data))
    if not path:
        return value if how == "replace" else data
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif how == "add":
        if isinstance(parent, dict):
            parent["unexpected_" + str(last)] = value
        else:
            parent.append(value)
    return data


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=150)
@given(data=st.data())
def test_mutated_positions_raise_only_position_error(name, data):
    game = mars_rules.load(name)
    base = data.draw(st.sampled_from(POSITIONS[name]))
    path = data.draw(st.sampled_from(list(_paths(base))))
    how = data.draw(st.sampled_from(["replace", "delete", "add"]))
    value = data.draw(REPLACEMENTS)
    text = json.dumps(_mutate(base, path, how, value))
    try:
        state = game.from_json(text)
    except PositionError as e:
        assert e.problems and all(isinstance(p, str) and p for p in e.problems)
        return
    again = game.from_json(state.to_json())
    assert again == state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_huge_inputs_are_refused_early(name):
    game = mars_rules.load(name)
    with pytest.raises(PositionError) as e:
        game.from_json("[" * 2_000_000)
    assert "limit" in e.value.problems[0]
    with pytest.raises(PositionError):
        game.from_json('{"format": 1, "game": "%s", "x": "%s"}' % (name, "y" * 2_000_000))


# ----- A position that loads is one the rules can continue from ---------------------------------------
# Seeded mutants of reachable positions (a value replaced, nudged by one, deleted, swapped between two
# places); from every mutant that from_json accepts, random play goes on: it must never crash, never reach
# a decision with no legal action, and every position it reaches must load back from its own JSON.
# FUZZ_MUTANTS (default 120 per game) and FUZZ_PLAY (default 150 actions) make the run longer (the soak).

import os  # noqa: E402
import random  # noqa: E402

MUTANTS = int(os.environ.get("FUZZ_MUTANTS", "120"))
PLAY = int(os.environ.get("FUZZ_PLAY", "150"))


def _leaves(node, prefix=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, prefix + (k,))
    elif isinstance(node, list) and node:
        for i, v in enumerate(node):
            yield from _leaves(v, prefix + (i,))
    else:
        yield prefix, node


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _nudged(rng, base):
    """One mutant of `base` (a position's dict) and a line saying what was changed."""
    data = json.loads(json.dumps(base))
    leaves = [(p, v) for p, v in _leaves(data) if p and p[0] not in ("format", "game")]
    path, value = leaves[rng.randrange(len(leaves))]
    parent = _get(data, path[:-1])
    how = rng.choice(["plus", "minus", "other", "null", "swap", "float", "bool", "delete"])
    if how in ("plus", "minus") and isinstance(value, int) and not isinstance(value, bool):
        parent[path[-1]] = value + (1 if how == "plus" else -1)
    elif how == "other":
        parent[path[-1]] = rng.choice([0, 1, 2, 5, -1, 7, 50, "x", ""])
    elif how == "null":
        parent[path[-1]] = None
    elif how == "float" and isinstance(value, int) and not isinstance(value, bool):
        parent[path[-1]] = float(value)
    elif how == "bool" and value in (0, 1) and not isinstance(value, bool):
        parent[path[-1]] = bool(value)
    elif how == "swap":
        other, other_value = leaves[rng.randrange(len(leaves))]
        parent[path[-1]] = other_value
        _get(data, other[:-1])[other[-1]] = value
        return data, f"swap {path} and {other}"
    elif how == "delete" and isinstance(parent, list):
        parent.pop(path[-1])
    else:
        parent[path[-1]] = value + 1 if isinstance(value, int) and not isinstance(value, bool) else None
    return data, f"{how} at {path}"


def continue_randomly(game, state, rng, actions):
    """Random legal play from `state` for up to `actions` actions, checking the contract at each step."""
    for _ in range(actions):
        if state.to_move is None:
            return
        legal = state.legal_actions()
        assert legal, f"a dead end: {state.to_move!r} to move at step {state.step!r} with no legal action"
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(legal[rng.randrange(len(legal))])
        text = state.to_json()
        assert game.from_json(text).to_json() == text


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_position_that_loads_can_be_played_on(name):
    game = mars_rules.load(name)
    rng = random.Random(f"fuzz-{name}")
    accepted = 0
    for k in range(MUTANTS):
        base = POSITIONS[name][k % len(POSITIONS[name])]
        data, what = _nudged(rng, base)
        text = json.dumps(data)
        try:
            state = game.from_json(text)
        except PositionError as e:
            assert e.problems and all(isinstance(p, str) and p for p in e.problems)
            continue
        accepted += 1
        try:
            continue_randomly(game, state, random.Random(k), PLAY)
        except Exception as e:  # noqa: BLE001 - report the mutant that let it through
            raise AssertionError(f"{name}: mutant #{k} ({what}) loads, then play fails: "
                                 f"{type(e).__name__}: {e}\n{text[:3000]}") from e
    assert accepted > 0, "no mutant was accepted: the fuzz tests nothing beyond from_json"
