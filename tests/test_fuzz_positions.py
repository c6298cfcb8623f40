"""from_json under fuzzing: mutated positions give a State or a PositionError, nothing else."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mars_rules
from mars_rules import CHANCE, PositionError

GAME_NAMES = sorted(mars_rules.GAMES)


def _positions(name):
    """A few reachable positions of the game: the start and some mid-game ones."""
    game = mars_rules.load(name)
    state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=4)
    out = [state]
    import random
    rng = random.Random(4)
    for i in range(400):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state = state.resolve_chance()
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        if i % 100 == 99:
            out.append(state)
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
