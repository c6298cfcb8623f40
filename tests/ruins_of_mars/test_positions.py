"""from_json: every reachable position loads; malformed or rule-breaking ones raise PositionError
listing each problem, never another exception."""
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mars_rules import CHANCE, PositionError
from mars_rules.ruins_of_mars import invariants, readable

from .helpers import fixture, game, give_tech, player, roundtrip


def _mid_game(seed=3, players=3, steps=300, **options):
    s = game.new_game(players=players, seed=seed, characters="deal", **options)
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
    data["boards"][0]["resources"]["Fuel"] = 8
    data["boards"][1]["radiation"] = -1
    probs = _problems(data)
    assert "boards[0].resources.Fuel: 8 is outside 0..7" in probs
    assert "boards[1].radiation: -1 is outside 0..500" in probs


def test_a_language_mastered_by_two_players():
    s = give_tech(give_tech(fixture(), 0, "L3-01", 0), 1, "L3-02", 0)
    s = player(player(s, 0, languages=(9, 0, 0, 0, 0)), 1, languages=(9, 0, 0, 0, 0))
    probs = _problems(json.loads(s.to_json()))
    assert any("a Language can be mastered by only one player" in p for p in probs)


def test_mastery_without_level3_techs():
    s = player(fixture(), 0, languages=(9, 0, 0, 0, 0))
    probs = _problems(json.loads(s.to_json()))
    assert any(p.startswith("boards[0].languages: 1 Languages mastered with only 0 Level 3 Techs: each mastered "
                            "Language needs a Level 3 Tech of its own") for p in probs)


def test_twelve_action_tiles_and_an_empty_site():
    data = json.loads(fixture().to_json())
    data["tiles"].append("red + red")
    assert "tiles: has 12 entries, expected 11" in _problems(data)
    data = json.loads(fixture().to_json())
    data["sites"]["Infirmary"].append(11)
    (problem,) = _problems(data)
    assert problem.startswith("sites: the Sites and the face-down tiles must hold each")
    assert problem.endswith("found 12 tiles: 11 is not a tile id (the ids are 0 to 10: remove it)")
    data = json.loads(fixture().to_json())
    data["sites"]["Wasteland"] += data["sites"]["Laboratory"]
    data["sites"]["Laboratory"] = []
    assert "sites: every Site must have at least 1 Action tile (outside a reallocation)" in _problems(data)


def test_a_tech_in_two_places_and_a_wrong_level():
    data = json.loads(fixture().to_json())
    data["boards"][0]["techs"]["L1-row1"] = data["display"][0][0]
    data["boards"][0]["techs"]["L2-row1"] = "L1-05 Solar Kite"
    probs = _problems(data)
    assert 'boards[0].techs.L2-row1: "L1-05" is not a Level 2 Tech' in probs
    (place,) = [p for p in probs if "every Tech must be in exactly one place" in p]
    cid = data["display"][0][0].split(" ")[0]
    assert f"{cid} is in 2 places (display[0][0] and boards[0].techs.L1-row1): keep one" in place


def test_wrong_types_missing_and_extra_keys_and_inconsistent_turn():
    data = json.loads(fixture().to_json())
    data["players"] = "Ada"
    del data["seed"]
    data["surprise"] = 1
    probs = _problems(data)
    assert 'position: missing key "seed"' in probs and 'position: unexpected key "surprise"' in probs
    assert "position.players: \"Ada\" is not a list" in probs
    assert not any(p.startswith("current") for p in probs)   # no knock-on problems
    data = json.loads(fixture().to_json())
    data["to_move"] = 1
    assert "to_move: 1 does not match the step: expected 0 (Player 1 decides)" in _problems(data)
    data = json.loads(fixture().to_json())
    data["chance"] = "draw_tile"
    assert any(p.startswith("chance:") for p in _problems(data))


@pytest.mark.parametrize("text", ["", "[]", "{}", "nul", "x" * 10,
                                  '{"format": 1, "game": "ruins_of_mars"}',    # format 1 (still read): empty
                                  '{"format": 2, "game": "ruins_of_mars"}'])
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


# ----- impossible positions found by fuzzing and review: refused, each problem naming its field ----------
_PY_LIST = re.compile(r"\[[^\]]*, [^\]]*\]")   # "[0, 2, 3]": a Python list (paths like "sites[2]" are fine)


def _refused(state):
    """The problems from_json lists for `state`'s JSON: they are exactly the shared invariants' list (in the
    words of format 2, which the JSON is written in)."""
    with pytest.raises(PositionError) as e:
        game.from_json(state.to_json())
    assert e.value.problems == readable.in_format_2(invariants.problems(state), state)
    for p in e.value.problems:
        assert not _PY_LIST.search(p), p
    return e.value.problems


def _at_transfer(**fields):
    return fixture(step="transfer", rover=2, **fields)


def test_acted_at_the_transfer_step_is_refused():
    roundtrip(_at_transfer())
    assert _refused(_at_transfer(acted=True)) == [
        "acted: true in step transfer, but the Site's Action comes in Step 5: set it to false"]


def test_an_open_deck_at_the_transfer_step_is_refused():
    assert _refused(_at_transfer(search=2)) == [
        "search: 2 in step transfer, but a deck is searched only in Step 6: set it to null"]
    # both at once: every problem is listed
    assert [p.split(":")[0] for p in _refused(_at_transfer(acted=True, search=2))] == ["acted", "search"]


def test_bookkeeping_of_a_turn_not_begun_is_refused_field_by_field():
    probs = _refused(fixture(acted=True, transfers=1, search=1))
    assert [p.split(":")[0] for p in probs] == ["transfers", "acted", "search"]


def test_the_tile_message_is_a_sentence_not_a_python_list():
    s = fixture()
    probs = _refused(s._replace(sites=((),) + s.sites[1:]))
    assert probs[0] == ("sites: the Sites and the face-down tiles must hold each of the 11 Action tiles exactly "
                        "once; found 8 tiles: tiles 8, 9 and 10 are missing (put them back on a Site)")
    twice = _refused(s._replace(sites=(s.sites[0] + (0,),) + s.sites[1:]))
    assert twice == ["sites: the Sites and the face-down tiles must hold each of the 11 Action tiles exactly once; "
                     "found 12 tiles: tile 0 is in more than one place (keep one)"]


def test_a_missing_tech_says_where_to_put_it_back():
    s = fixture()
    deck = s.decks[1]
    probs = _refused(s._replace(decks=(s.decks[0], deck[1:], s.decks[2])))
    assert probs == [f"position: every Tech must be in exactly one place (decks, display, boards, removed): 47 found "
                     f"for 48; {deck[0]} is in no place (put it back in its Level's deck)"]


def test_an_empty_site_that_the_reallocation_does_not_deal_to_next_is_refused():
    """Found by fuzzing: play went on and ended the reallocation with the Dormitory still empty."""
    s = fixture(step="reallocate", rover=0, acted=True, chance="draw_tile")._replace(to_move=CHANCE)
    s = s._replace(sites=((), (5, 7), (0, 1), (), (4, 6)), facedown=(2, 3, 8, 9, 10), realloc_to=0)
    assert _refused(s) == ["sites.Dormitory: the Dormitory is empty, but the next face-down tile goes to the "
                           "Wasteland (realloc_to \"Wasteland\"): only the Site a reallocation deals to next can "
                           "be empty"]
    ok = s._replace(sites=((), (5, 7), (0, 1), (2, 3), (4, 6)), facedown=(8, 9, 10))
    assert roundtrip(ok).legal_actions()


def test_star_icons_pending_with_none_left_is_refused():
    """A Trader's die roll at the Wasteland after Discover with no star left: the die would have led back to
    a step with nothing to choose and pending going below 0."""
    s = fixture(step="action", rover=0, acted=True, pending=0, chance="wasteland_die")._replace(to_move=CHANCE)
    probs = _refused(s)
    assert probs == ["pending: after the Site's Action the step goes on to Step 6 unless a star is left"]
    too_many = fixture(step="action", rover=0, acted=True, pending=3)      # the Wasteland shows 1 star (tile 10)
    assert _refused(too_many) == ["pending: 3 star icons left, but the Wasteland shows 1 star icon: set it to 1 "
                                  "or less"]


def test_more_wrench_uses_than_wrench_icons_is_refused():
    s = fixture(step="wrench", rover=4, pending=3)      # the Infirmary's tiles 4 and 6 show 2 Wrenches
    assert _refused(s) == ["pending: 3 Wrench uses left, but the Infirmary shows 2 Wrench icons: set it to 2 or less"]
    roundtrip(s._replace(pending=2))


def test_the_wasteland_die_away_from_the_wasteland_is_refused():
    s = fixture(step="transfer", rover=2, chance="wasteland_die")._replace(to_move=CHANCE)
    assert _refused(s) == ["chance: the Wasteland die is rolled only with the Rover on the Wasteland "
                           "(rover is \"Workshop\")"]


def test_a_deal_with_every_character_given_is_refused():
    s = fixture(characters=("Doctor", "Miner"), step="choose_character", chance="deal_character")
    s = s._replace(turn=0, to_move=CHANCE, setup=s.setup._replace(characters="deal"))
    assert "step: every player already has a Character" in _refused(s)


def test_ability_keys_must_match_the_board_and_the_character():
    s = fixture(characters=("Doctor", "Miner"))
    assert _refused(s._replace(used=("tech:L1-01",))) == [
        "used[0]: \"tech:L1-01 Dust Filter\": L1-01 is not on Player 1's Tech board"]
    assert _refused(s._replace(used=("stow",))) == ["used[0]: \"stow\" is the Stowaway's ability"]
    assert _refused(s._replace(used=("power",)))[0].startswith('used[0]: "power" is not an ability key')
    roundtrip(s._replace(used=("char",)))


def test_the_end_of_the_game_must_match_the_boards():
    s = fixture(end_turns=1)
    assert _refused(s)[0].startswith("end_turns: 1 final turn left, but the end was not triggered")
    s = fixture()
    for level in (0, 1, 2):                      # Player 2 has 9 Techs, 3 of each Level from the decks
        for row, cid in enumerate(s.decks[level][:3]):
            s = give_tech(s, 1, cid, row)
    s = player(s, 1, languages=(6, 6, 0, 0, 0))
    assert any(p.startswith("end_turns: null, but Player 2 completed a 9th Tech") for p in _refused(s))
    roundtrip(s._replace(end_turns=1))
    # during Player 2's own turn the 9 Techs are a what-if the turn's end will act on: it loads
    roundtrip(s._replace(current=1, to_move=1))


def test_to_move_must_be_the_seat_itself_not_a_bool_or_a_float():
    data = json.loads(fixture().to_json())
    for value in (False, 0.0):
        data["to_move"] = value
        probs = _problems(data)
        assert probs and all(p.startswith("to_move:") for p in probs), probs
    data["to_move"] = 0
    assert game.from_json(json.dumps(data)).to_move == 0


def _int_paths(node, path=""):
    if isinstance(node, bool) or node is None or isinstance(node, str):
        return
    if isinstance(node, int):
        yield path
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _int_paths(v, f"{path}.{k}" if path else k)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _int_paths(v, f"{path}[{i}]")


def _parent(data, path):
    """(the list or object holding the value at `path` such as "boards[0].resources[3]", its key)."""
    keys = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]
    for k in keys[:-1]:
        data = data[k]
    return data, keys[-1]


@pytest.mark.parametrize("players", [2, 1])
def test_every_integer_field_refuses_a_bool_and_a_float(players):
    s = _mid_game(seed=4, players=players, steps=120, hourglass=3, display_oxygen=(3, 2, 2, 1))[-1]
    base = json.loads(s.to_json())
    paths = [p for p in _int_paths(base) if p not in ("format",)]
    assert "to_move" in paths or s.to_move == CHANCE
    assert {"seed", "current", "options.hourglass", "options.display_oxygen[2]",
            "boards[0].resources.Oxygen"} <= set(paths)
    # format 2 writes these by name or as null for none (format 1: integers); a bool or a float is refused too
    named = ["rover", "end_turns", "realloc_to", "solo_die", "search", "setup.first_player"]
    for path in paths + named:
        node, key = _parent(base, path)
        value = node[key] if type(node[key]) is int else 1
        for wrong in (bool(value), float(value)):
            data = json.loads(json.dumps(base))
            node, key = _parent(data, path)
            node[key] = wrong
            probs = _problems(data)
            leaf = path.split(".")[-1].split("[")[0]
            assert any(leaf in p for p in probs), (path, wrong, probs)


# ----- player names: new_game and from_json refuse the same ----------------------------------------------
BAD_NAMES = {"empty": ["Ada", ""], "41 characters": ["Ada", "x" * 41], "a duplicate": ["Ada", "ada"],
             "a lone surrogate": ["Ada", "B\ud800"], "a control character": ["Ada", "B\x07o"]}


@pytest.mark.parametrize("case", sorted(BAD_NAMES))
def test_bad_names_are_refused_by_new_game_and_from_json(case):
    names = BAD_NAMES[case]
    with pytest.raises(ValueError) as e:
        game.new_game(players=names, seed=1)
    assert "players[1]" in str(e.value)
    data = json.loads(game.new_game(players=["Ada", "Bo"], seed=1).to_json())
    data["players"] = names
    probs = _problems(data)
    assert any("players[1]" in p or "surrogate" in p for p in probs), probs


def test_good_names_and_the_solo_ai_seat():
    s = game.new_game(players=["Ada", "Bo"], seed=1)
    assert roundtrip(s).players == ("Ada", "Bo")
    solo = game.new_game(players=["ai"], seed=1)          # the AI's own seat gets another name
    assert solo.players == ("ai", "AI opponent") and roundtrip(solo) == solo


def test_new_game_refuses_what_from_json_would():
    for kwargs in ({"hourglass": True}, {"hourglass": 2.0}, {"first_player": True}, {"seed": 1.5},
                   {"seed": "7"}, {"kickstarter": 1}, {"players": True}, {"players": "Ada"},
                   {"players": ["A", "B", "C", "D", "E"]}, {"hourglass": 21}):
        with pytest.raises(ValueError):
            game.new_game(**{"players": 2, "seed": 1, **kwargs})


def test_the_codec_and_the_property_tests_share_one_list_of_invariants(monkeypatch):
    """from_json and the property tests' check call the same `invariants.problems`: a change to it reaches
    both, so they cannot drift apart."""
    from . import test_properties
    s = fixture()
    roundtrip(s)
    test_properties.check_invariants(s)
    monkeypatch.setattr(invariants, "problems", lambda state: ["rover: a rule added in one place"])
    with pytest.raises(PositionError) as e:
        game.from_json(s.to_json())
    assert e.value.problems == ["rover: a rule added in one place"]
    with pytest.raises(AssertionError, match="a rule added in one place"):
        test_properties.check_invariants(s)
