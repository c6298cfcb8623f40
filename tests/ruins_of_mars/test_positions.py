"""from_json: every reachable position loads; malformed or rule-breaking ones raise PositionError
listing each problem, never another exception."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mars_rules import CHANCE, PositionError

from .helpers import fixture, game, give_tech, player


def _mid_game(seed=3, players=3, steps=300):
    s = game.new_game(players=players, seed=seed, characters="deal")
    rng = random.Random(seed)
    out = [s]
    for i in range(steps):
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
        out.append(s)
    return out


def test_every_reachable_position_round_trips_to_the_byte():
    for s in _mid_game()[::7] + _mid_game(seed=5, players=1)[::7]:
        text = s.to_json()
        again = game.from_json(text)
        assert again == s and again.to_json() == text
        assert again.legal_actions() == s.legal_actions()


def _problems(data):
    with pytest.raises(PositionError) as e:
        game.from_json(json.dumps(data))
    return e.value.problems


def test_eight_fuel_and_negative_radiation_are_both_listed():
    data = json.loads(fixture().to_json())
    data["boards"][0]["resources"][0] = 8
    data["boards"][1]["radiation"] = -1
    probs = _problems(data)
    assert "boards[0].resources[0]: 8 is outside 0..7" in probs
    assert "boards[1].radiation: -1 is outside 0..500" in probs


def test_a_language_mastered_by_two_players():
    s = give_tech(give_tech(fixture(), 0, "L3-01", 0), 1, "L3-02", 0)
    s = player(player(s, 0, languages=(9, 0, 0, 0, 0)), 1, languages=(9, 0, 0, 0, 0))
    probs = _problems(json.loads(s.to_json()))
    assert any("a Language can be mastered by only one player" in p for p in probs)


def test_mastery_without_level3_techs():
    s = player(fixture(), 0, languages=(9, 0, 0, 0, 0))
    probs = _problems(json.loads(s.to_json()))
    assert "boards[0].languages: 1 Languages mastered with only 0 Level 3 Techs" in probs


def test_twelve_action_tiles_and_an_empty_site():
    data = json.loads(fixture().to_json())
    data["tiles"].append("RR")
    data["sites"][4].append(11)
    probs = _problems(data)
    assert "tiles: has 12 entries, expected 11" in probs
    assert any(p.startswith("sites: the Sites and the face-down tiles must hold each") for p in probs)
    data = json.loads(fixture().to_json())
    data["sites"][0] += data["sites"][1]
    data["sites"][1] = []
    assert "sites: every Site must have at least 1 Action tile (outside a reallocation)" in _problems(data)


def test_a_tech_in_two_places_and_a_wrong_level():
    data = json.loads(fixture().to_json())
    data["boards"][0]["techs"][0] = data["display"][0][0]
    data["boards"][0]["techs"][1] = "L1-05"
    probs = _problems(data)
    assert "boards[0].techs[1]: 'L1-05' is not a Level 2 Tech" in probs
    assert any("every Tech must be in exactly one place" in p for p in probs)


def test_wrong_types_missing_and_extra_keys_and_inconsistent_turn():
    data = json.loads(fixture().to_json())
    data["players"] = "Ada"
    del data["seed"]
    data["surprise"] = 1
    probs = _problems(data)
    assert 'position: missing key "seed"' in probs and 'position: unexpected key "surprise"' in probs
    assert "position.players: 'Ada' is not a list" in probs
    assert not any(p.startswith("current") for p in probs)   # no knock-on problems
    data = json.loads(fixture().to_json())
    data["to_move"] = 1
    assert "to_move: 1 does not match the step: expected 0" in _problems(data)
    data = json.loads(fixture().to_json())
    data["chance"] = "draw_tile"
    assert any(p.startswith("chance:") for p in _problems(data))


@pytest.mark.parametrize("text", ["", "[]", "{}", "nul", '{"format": 1, "game": "ruins_of_mars"}', "x" * 10])
def test_garbage_text(text):
    with pytest.raises(PositionError) as e:
        game.from_json(text)
    assert e.value.problems


POSITIONS = [json.loads(s.to_json()) for s in _mid_game(seed=8, players=2, steps=200)[::50]]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 12), st.text(max_size=4), st.lists(st.integers(-1, 11), max_size=4),
                   st.just({"x": 1}))


def _leaves(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:10]):
            yield from _leaves(v, path + (i,))


@settings(max_examples=200)
@given(data=st.data())
def test_mutations_give_a_state_or_a_position_error(data):
    base = json.loads(json.dumps(data.draw(st.sampled_from(POSITIONS))))
    path = data.draw(st.sampled_from(list(_leaves(base))[1:]))
    value = data.draw(VALUES)
    parent = base
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    try:
        s = game.from_json(json.dumps(base))
    except PositionError as e:
        assert e.problems and all(isinstance(p, str) and p for p in e.problems)
        return
    assert game.from_json(s.to_json()) == s
    s.legal_actions()


def test_turn_bookkeeping_that_play_cannot_reach_is_refused():
    s = fixture()._replace(step="replicate", rover=2, acted=False)
    assert "acted: step replicate comes after the Site's Action" in _problems(json.loads(s.to_json()))
    s = fixture()._replace(step="action", rover=2, acted=True, pending=0)
    assert any(p.startswith("pending: after the Site's Action") for p in _problems(json.loads(s.to_json())))
    s = fixture()._replace(step="transfer", rover=2, transfers=1)
    assert "transfers: only the Savant stays in Step 2 after a transfer" in _problems(json.loads(s.to_json()))
