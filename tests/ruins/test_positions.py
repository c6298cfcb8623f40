"""Positions that cannot happen are refused by from_json, each problem naming its field; new_game refuses
what from_json would refuse; the codec and the property tests share one list of invariants."""
import json
import random
import re

import pytest

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE, PositionError
from mars_rules.ruins import invariants
from mars_rules.ruins.readable import RUIN_NAMES, format2_problems

from .test_properties import check


def reach(players, seed, wanted, limit=5000):
    """The first position of a seeded random game for which `wanted(state)` holds."""
    s = ruins.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(s):
            return s
        if s.is_over:
            break
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    raise LookupError("no such position in this game")


def find(players, wanted, seeds=range(40)):
    for seed in seeds:
        try:
            return reach(players, seed, wanted)
        except LookupError:
            continue
    raise LookupError("no such position in these games")


def refused(data) -> list:
    """The problems from_json lists for the position `data` (a dict); fails if it loads."""
    with pytest.raises(PositionError) as e:
        ruins.from_json(json.dumps(data))
    problems = e.value.problems
    assert problems and all(isinstance(p, str) and p for p in problems)
    return problems


def as_dict(s) -> dict:
    """The position's format-2 dict (cards by name: see mars_rules.ruins.readable)."""
    return json.loads(s.to_json())


def in_id_order(names) -> list:
    """Ruin or discovery names ("#12 day 3", "#5 top +2 rank") sorted as the game keeps them: by id."""
    return sorted(names, key=lambda name: int(name[1:].split()[0]))


def problem(problems, start: str) -> str:
    """The problem that starts with `start` (a field path)."""
    hits = [p for p in problems if p.startswith(start)]
    assert hits, f"no problem starts with {start!r}: {problems}"
    return hits[0]


# ----- the impossible positions ------------------------------------------------------------------------
def test_last_rank_is_the_rank_of_the_last_play():
    s = find(3, lambda s: s.step == "follow" and s.last_rank >= 1)
    d = as_dict(s)
    d["last_rank"] = 10**6  # nobody could ever follow it: a follow being upgraded would have no way out
    text = problem(refused(d), "last_rank:")
    assert "1000000" in text and f"set last_rank to {s.last_rank}" in text
    d["last_rank"] = s.last_rank + 1
    assert f"set last_rank to {s.last_rank}" in problem(refused(d), "last_rank:")


def test_every_player_is_seated_in_rounds_1_to_4_even_during_the_claim_step():
    s = find(4, lambda s: s.step == "claim")
    d = as_dict(s)
    q = (s.to_move + 1) % 4
    d["seated"][q] = False  # the play's forced draws and the next turn would look for a seat that is not there
    text = problem(refused(d), f"seated[{q}]:")
    assert "set it to true" in text


def test_resume_holds_a_seat_and_a_flag_not_floats_or_integers():
    """Format 2 writes format 1's ["next", seat, 0/1] as {"after": seat, "skip": true/false}."""
    s = find(3, lambda s: len(s.resume) == 3)
    d = as_dict(s)
    assert d["resume"] == {"after": s.resume[1], "skip": bool(s.resume[2])}
    d["resume"]["after"] = float(s.resume[1])
    assert "not an integer" in problem(refused(d), "resume.after:")
    d = as_dict(s)
    d["resume"]["skip"] = s.resume[2]  # 0/1 is format 1's flag: format 2 holds true/false
    assert "not true or false" in problem(refused(d), "resume.skip:")
    d = as_dict(s)
    d["resume"]["after"] = (s.resume[1] + 1) % 3  # a seat, but not the one who just played
    assert f"set it to {s.last_player}" in problem(refused(d), "resume.after:")


def test_a_ruin_is_chosen_once():
    s = find(3, lambda s: s.step == "lead" and not s.selection)
    d = as_dict(s)
    x = s.hands[s.to_move][0]
    d["selection"] = [RUIN_NAMES[x], RUIN_NAMES[x]]
    assert f"ruin {x} is listed twice" in problem(refused(d), "selection:")


def test_last_player_must_be_the_one_before_the_passes_and_the_player_to_move():
    s = find(3, lambda s: s.step == "follow" and not s.passed and not s.out and not s.selection)
    d = as_dict(s)
    other = next(q for q in range(3) if q not in (s.last_player, s.to_move))
    d["last_player"] = other
    problems = refused(d)
    text = problem(problems, "to_move:")
    assert "last_player" in text and f"set to_move to {(other + 1) % 3}" in text
    t = find(4, lambda s: s.step == "follow" and len(s.passed) == 1 and not s.out)
    d = as_dict(t)
    d["last_player"] = t.to_move  # then the pass would not be the next player's
    assert "last_player" in problem(refused(d), "passed[0]:")


def test_out_matches_the_places_scored_and_the_empty_hands():
    s = find(3, lambda s: s.step == "follow" and len(s.out) == 1)
    d = as_dict(s)
    holder = next(q for q in range(3) if q != s.out[0] and s.hands[q])
    d["out"] = [holder]
    problems = refused(d)
    assert f"has gone out but holds {len(s.hands[holder])} ruin" in problem(problems, "out[0]:")
    assert "out lists" in problem(problems, "results:")


def test_vp_is_start_vp_plus_the_places_scored_this_round():
    s = find(3, lambda s: s.round == 2 and s.step == "lead" and not s.out)
    d = as_dict(s)
    q = 0
    d["vp"][q] = 9 if s.vp[q] != 9 else 8  # 9 VP out of nowhere: going out first would not be an instant win
    text = problem(refused(d), f"vp[{q}]:")
    assert f"set vp[{q}] to {s.start_vp[q]}" in text and f"start_vp[{q}] to {d['vp'][q]}" in text
    d = as_dict(s)
    d["start_vp"][q] = s.start_vp[q] + 1 if s.start_vp[q] < 10 else 9
    assert f"start_vp[{q}] to {s.start_vp[q]}" in problem(refused(d), f"vp[{q}]:")


def test_night_flips_are_chosen_in_turn_so_the_later_players_are_undecided():
    s = find(3, lambda s: s.step == "night_flip" and s.round == 1 and s.to_move != s.first_player)
    undecided = [q for q in range(3) if s.flips[q] == -2]
    assert s.to_move in undecided
    d = as_dict(s)
    q = undecided[-1]
    assert d["flips"][q] == "undecided"
    d["flips"][q] = None  # "no flip": the flip step would end before this player chose
    text = problem(refused(d), f"flips[{q}]:")
    assert 'set it to "undecided"' in text and text.startswith(f"flips[{q}]: null,")


def test_a_player_who_has_not_gone_out_holds_ruins():
    s = find(3, lambda s: s.step == "lead" and not s.out and len(s.hands[(s.to_move + 1) % 3]) >= 1)
    d = as_dict(s)
    q = (s.to_move + 1) % 3
    d["deck"] = in_id_order(d["deck"] + d["hands"][q])
    d["hands"][q] = []  # they could never play again: a lead by them would be a dead end
    assert "has not gone out" in problem(refused(d), f"hands[{q}]:")


def test_the_market_is_full_outside_a_turn_while_the_discovery_deck_has_cards():
    s = find(3, lambda s: s.step == "lead" and s.ddeck)
    d = as_dict(s)
    d["ddeck"] = in_id_order(d["ddeck"] + [d["market"][0]])
    d["market"][0] = None  # an empty slot
    assert "refilled" in problem(refused(d), "market:")


def test_a_selection_that_cannot_become_a_play_is_refused():
    s = find(2, lambda s: s.step == "lead" and not s.selection
             and len({s.rank[c] for c in s.hands[s.to_move]}) >= 2 and s.torches[s.to_move] == 0)
    hand = s.hands[s.to_move]
    low, high = min(hand, key=lambda c: s.rank[c]), max(hand, key=lambda c: s.rank[c])
    if s.wild[low] or s.wild[high]:
        pytest.skip("a wild ruin fits any set")
    d = as_dict(s)
    d["selection"] = [RUIN_NAMES[low], RUIN_NAMES[high]]  # two ranks and no torch to change one: "done" would
    # lead to a dead end
    assert "cannot become a lead" in problem(refused(d), "selection:")


# ----- names, and integers that are not integers ---------------------------------------------------------
BAD_NAMES = [("", "cannot be empty"), ("x" * 41, "41 characters"), ("ADA", "another player"),
             ("\ud800", None), ("Bo\x07", "control character"), ("Bo\n", "control character")]


@pytest.mark.parametrize("name,words", BAD_NAMES)
def test_new_game_refuses_a_bad_name(name, words):
    with pytest.raises(ValueError) as e:
        ruins.new_game(["Ada", name, "Cy"], seed=1)
    if words:
        assert "players[1]" in str(e.value) and words in str(e.value)


@pytest.mark.parametrize("name,words", BAD_NAMES)
def test_from_json_refuses_a_bad_name(name, words):
    d = as_dict(ruins.new_game(3, seed=1))
    d["players"][1] = name
    problems = refused(d)
    if words:
        assert words in problem(problems, "players[1]:")


def test_new_game_takes_names_and_the_game_reloads():
    s = ruins.new_game(iter(["Ana", "Ben", "Chloé"]), seed=2)
    assert s.players == ("Ana", "Ben", "Chloé") and ruins.from_json(s.to_json()) == s


@pytest.mark.parametrize("kwargs", [dict(players=True), dict(players="Ada"), dict(seed=1.0), dict(seed=True),
                                    dict(seed=-1), dict(first_player=True), dict(first_player=1.0),
                                    dict(players=2, ruins_used=[True] + list(ruins.default_used(2))[1:])])
def test_new_game_refuses_what_from_json_would_refuse(kwargs):
    with pytest.raises(ValueError):
        ruins.new_game(**{"players": 2, **kwargs})


@pytest.mark.parametrize("value", [True, False, 1.0, 0.0])
def test_to_move_refuses_a_bool_or_a_float(value):
    s = find(3, lambda s: isinstance(s.to_move, int) and s.to_move in (0, 1))
    d = as_dict(s)
    d["to_move"] = value
    assert "not an integer" in problem(refused(d), "to_move:")


def _int_leaves(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _int_leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _int_leaves(v, path + (i,))
    elif type(node) is int:
        yield path, node


def _path_words(path) -> str:
    """A format-2 path: `hands[0][2]`, `resume.after`, `ruins["#13 day 3"].claim` (a key that is a name)."""
    return path[0] + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" if k.isidentifier() else
                             f'[{json.dumps(k)}]' for k in path[1:])


def _name_leaves(node, path=()):
    """The card names of a format-2 dict ("#12 day 3", "#5 top +2 rank"), keys excluded."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _name_leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _name_leaves(v, path + (i,))
    elif isinstance(node, str) and node.startswith("#"):
        yield path, node


def _set(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def test_every_integer_refuses_a_float_and_a_bool_naming_its_path():
    """Format 2 writes cards by name, so it holds fewer integers than format 1 (which had more than 300
    here): every integer, and every card name, refuses a float and a bool naming its format-2 path."""
    s = find(3, lambda s: s.step == "draw" and s.results and any(r[1] >= 0 for r in s.ruins))
    base = as_dict(s)
    leaves = [(p, v) for p, v in _int_leaves(base) if p[0] not in ("format",)]
    assert len(leaves) > 30 and any(p[0] == "ruins" for p, _ in leaves) and any(p[0] == "resume" for p, _ in leaves)
    for path, v in leaves:
        for bad in ((float(v), bool(v)) if v in (0, 1) else (float(v),)):
            d = json.loads(json.dumps(base))
            _set(d, path, bad)
            text = " | ".join(refused(d))
            assert _path_words(path) in text and "not an integer" in text, (path, text)
    names = list(_name_leaves(base))
    assert len(names) > 100
    for path, v in names:
        for bad in (1.0, True):
            d = json.loads(json.dumps(base))
            _set(d, path, bad)
            text = " | ".join(refused(d))
            assert _path_words(path) + ":" in text and ("is not a ruin" in text or "is not a discovery" in text), \
                (path, text)


# ----- one list of invariants ----------------------------------------------------------------------------
def test_from_json_lists_exactly_the_invariants_of_the_state():
    s = find(3, lambda s: s.step == "follow" and s.round >= 2 and s.passed)
    bad_states = [s._replace(last_rank=s.last_rank + 5), s._replace(vp=(s.vp[0] + 1,) + s.vp[1:]),
                  s._replace(seated=(0,) + s.seated[1:]), s._replace(passed=s.passed + s.passed),
                  s._replace(torches=(4,) + s.torches[1:], flips=(-2,) * 3)]
    for bad in bad_states:
        expected = invariants.problems(bad)
        assert expected
        with pytest.raises(PositionError) as e:
            ruins.from_json(bad.to_json())
        assert e.value.problems == format2_problems(expected)  # the same list, in format-2 words
    assert invariants.problems(s) == [] and ruins.from_json(s.to_json()) == s


def test_the_codec_and_the_property_tests_call_the_same_function(monkeypatch):
    s = ruins.new_game(3, seed=4)
    check(s)  # the property tests' check passes on a real position
    monkeypatch.setattr(invariants, "problems", lambda state: ["torches[0]: planted by the test"])
    with pytest.raises(PositionError) as e:
        ruins.from_json(s.to_json())
    assert e.value.problems == ["torches[0]: planted by the test"]
    with pytest.raises(AssertionError):
        check(s)


_PATH = re.compile(r'^(position|players|[a-z_]+)(\[\d+\]|\["#\d+ day \d+"\]|\.[a-z_]+)*( \([a-z ]+\))?(, [a-z_]+)*: ')
_PYTHON_LIST = re.compile(r"\[[^\[\]]*,[^\[\]]*\]")
_FORMAT_1 = re.compile(r"^(flips|last_player|last_rank|market|seated|resume)\b.*(to|or|\() -[123]\b"
                       r"|^seated\[\d+\]: [01],|\]\[\d\]|\bNone\b|'chance'")


def test_messages_name_a_field_and_never_print_a_python_list():
    """Seeded small edits of reachable positions: every problem starts with its format-2 field path, says
    no bare Python list and no format-1 value (-1 for none, 0/1 flags, [i][k] record paths), and none is
    the catch-all (a position the checks did not foresee)."""
    rng = random.Random(11)
    refusals = 0
    for players, seed in ((2, 3), (3, 5), (5, 9)):
        s = ruins.new_game(players, seed=seed)
        for k in range(900):
            if s.is_over:
                break
            if k % 60 == 0:
                base = as_dict(s)
                leaves = [(p, v) for p, v in _int_leaves(base) if p[0] != "format"]  # core words for it
                for _ in range(40):
                    d = json.loads(json.dumps(base))
                    path, v = rng.choice(leaves)
                    _set(d, path, v + rng.choice((-1, 1, 2, -2)))
                    if rng.random() < 0.3:  # and a second edit elsewhere
                        path2, v2 = rng.choice(leaves)
                        _set(d, path2, v2 + 1)
                    try:
                        ruins.from_json(json.dumps(d))
                    except PositionError as e:
                        refusals += 1
                        for text in e.problems:
                            assert _PATH.match(text), text
                            assert not _PYTHON_LIST.search(text), text
                            assert not _FORMAT_1.search(text), text
                            assert "could not be read" not in text, text
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
    assert refusals > 200


def test_positions_built_by_hand_play_on_into_positions_that_load():
    """Teaching positions (scenario.position) may start mid-game without the earlier rounds; play from
    them keeps every invariant: each position reached loads from its own JSON, and none is a dead end."""
    from mars_rules.ruins.scenario import position, rid
    starts = [position(3, hands=[[rid(7), rid(2)], [rid(8), rid(1)], [rid(9), rid(2, 1)]], vp=(9, 2, 2)),
              position(3, hands=[[rid(7)], [rid(8)], [rid(2), rid(1)]], vp=(5, 7, 2), round=4, to_move=0),
              position(3, hands=[[rid(7), rid(3)], [rid(8)], []], vp=(8, 8, 1), round=5, seated=(1, 1, 0)),
              position(2, hands=[[rid(7)], [rid(8), rid(1)]], vp=(8, 0), start_vp=(8, 0)),
              position(5, hands=[[rid(4, k) for k in range(5)] + [rid(1)], [rid(9)]], torches=(0,) * 5)]
    for k, s in enumerate(starts):
        rng = random.Random(k)
        for seed in range(2):
            t = s._replace(seed=seed)
            steps = 0
            while not t.is_over and steps < 20_000:
                check(t)
                text = t.to_json()
                assert ruins.from_json(text).to_json() == text
                t = t.resolve_chance() if t.to_move == CHANCE else t.apply(rng.choice(t.legal_actions()))
                steps += 1
            assert t.is_over
