"""Game records (mars_rules.core.record): a tree of actions with comments and variations, saved as
versioned JSON, every node replayed through the engine when loaded; refused whole, naming the node."""
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mars_rules
from mars_rules.core import CHANCE, Action
from mars_rules.core.record import ROOT, Record, RecordError

GAMES = sorted(mars_rules.GAMES)


def _played(name, players, seed, moves=60, variations=3):
    """A record of `moves` random actions of a game, with `variations` other actions tried on the way."""
    game = mars_rules.load(name)
    rng = random.Random(seed)
    r = Record.new(game.new_game(players=players, seed=seed), title=f"{name} {players}p seed {seed}")
    node = ROOT
    branch_at = set(rng.sample(range(moves), variations))
    for k in range(moves):
        s = r.state(node)
        if s.to_move is None:
            break
        legal = s.legal_actions()
        r, main = r.add(node, legal[0] if k in branch_at else rng.choice(legal),
                        comment="main line" if k % 7 == 0 else "", mark="good" if k % 11 == 0 else "")
        if k in branch_at and len(legal) > 1:
            r, _other = r.add(node, legal[-1], comment=f"tried at move {k + 1}", mark="mistake")
        node = main
    return game, r, node


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_saved_and_loaded_replays_to_the_same_position(name):
    game, r, last = _played(name, game_players(name), seed=3)
    again = Record.from_json(r.to_json(), game)
    assert again == r.canonical()
    assert again.state(again.main_line()[-1]) == r.state(last)
    assert again.to_json() == r.to_json()
    assert len(again.nodes) == len(r.nodes) and sum(1 for n in again.nodes if n.mark == "mistake") >= 1


def game_players(name):
    return mars_rules.load(name).PLAYER_COUNTS[-1]


@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.integers(1, 25), st.integers(0, 4))
def test_save_and_load_round_trip(name, seed, moves, variations):
    game = mars_rules.load(name)
    players = game.PLAYER_COUNTS[seed % len(game.PLAYER_COUNTS)]
    game, r, _last = _played(name, players, seed, moves, min(variations, moves))
    again = Record.from_json(r.to_json(), game)
    assert again == r.canonical() and again.canonical() == again


def test_variations_promote_and_delete():
    game = mars_rules.load("ruins_of_mars")
    r = Record.new(game.new_game(players=2, seed=7, characters="deal"))
    first, second = r.state(ROOT).legal_actions()[:2]
    r, a = r.add(ROOT, first, comment="the main line")
    r, b = r.add(ROOT, second, comment="a variation")
    r, a2 = r.add(a, r.state(a).legal_actions()[0])
    assert r.children(ROOT) == (a, b) and r.main_line() == (a, a2) and not r.is_main(b)
    assert r.add(ROOT, first)[1] == a  # the same action is the same node
    r = r.promote(b)
    assert r.main_line() == (b,) and r.is_main(b) and r.children(ROOT) == (b, a)
    r = r.delete(a)
    assert r.children(ROOT) == (b,) and [n.id for n in r.nodes] == [b]
    with pytest.raises(RecordError, match="no node"):
        r.node(a2)


def test_an_illegal_action_cannot_be_added_and_the_record_is_unchanged():
    from mars_rules.core import IllegalAction
    game = mars_rules.load("ruins")
    r = Record.new(game.new_game(players=2, seed=7))
    with pytest.raises(IllegalAction):
        r.add(ROOT, Action("pick", 0, {"ruin": 99}))
    assert r.nodes == ()
    with pytest.raises(RecordError, match="mark"):
        r.add(ROOT, r.state(ROOT).legal_actions()[0], mark="brilliant")


def _mutants(text):
    """(what was broken, the record's JSON text broken that way, what the error must name)."""
    data = json.loads(text)
    third = data["moves"][2]

    def changed(fn):
        d = json.loads(text)
        fn(d)
        return json.dumps(d)
    yield "an illegal param", changed(lambda d: d["moves"][2]["params"].update({k: 999 for k in third["params"]}) if
                                      third["params"] else d["moves"][2].update(kind="no_such_kind")), "moves[2]"
    yield "an unknown kind", changed(lambda d: d["moves"][2].update(kind="teleport")), "moves[2] (teleport)"
    yield "a wrong player", changed(lambda d: d["moves"][2].update(
        player=(third["player"] + 1) % 2 if third["player"] != CHANCE else 0)), "moves[2]"
    yield "a bad variation", changed(lambda d: d["moves"][1].update(variations=[[{"kind": "teleport", "player": 0,
                                                                                     "params": {}}]])), \
        "moves[1].variations[0][0]"
    yield "a bad mark", changed(lambda d: d["moves"][0].update(mark="brilliant")), "moves[0]"
    yield "a start that does not load", changed(lambda d: d["start"].update(format=99)), "start"
    yield "another game", changed(lambda d: d.update(game="chess")), "chess"
    yield "another format", changed(lambda d: d.update(format=2)), "format"
    yield "bad student seats", changed(lambda d: d.update(student_seats=[7])), "student_seats"
    yield "not JSON", text[:-3], "not JSON"


@pytest.mark.parametrize("name", GAMES)
def test_a_broken_record_is_refused_whole_naming_the_node(name):
    game, r, _last = _played(name, game_players(name), seed=5, moves=8, variations=1)
    for what, text, where in _mutants(r.to_json()):
        with pytest.raises(RecordError) as e:
            Record.from_json(text, game)
        assert where in str(e.value), (what, str(e.value))


def test_the_record_in_words():
    game = mars_rules.load("ruins_of_mars")
    r = Record.new(game.new_game(players=2, seed=7, characters="deal"), title="Opening", comment="Watch the Rover.")
    s = r.state(ROOT)
    r, a = r.add(ROOT, s.legal_actions()[0], comment="the usual start", mark="good")
    r, _b = r.add(ROOT, s.legal_actions()[1], comment="also fine")
    text = r.to_text()
    lines = text.splitlines()
    assert lines[:2] == ["# Opening", "Watch the Rover."]
    who = s.players[0]
    assert lines[2] == f"Move 1 · {who}: {s.legal_actions()[0]}! — the usual start"
    assert lines[3] == "    (variation)" and lines[4] == f"    Move 1 · {who}: {s.legal_actions()[1]} — also fine"


def test_positions_are_recomputed_through_a_bounded_cache():
    from mars_rules.core import record
    game, r, last = _played("ruins", 3, seed=9, moves=150, variations=5)
    for node in r.path(last):
        r.state(node)
    assert len(record._STATES) <= record._STATES_SIZE and len(record._INDEX) <= record._CACHE_SIZE
    assert r.state(last) == Record.from_json(r.to_json(), game).state(r.canonical().main_line()[-1])
