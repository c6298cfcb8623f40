"""The fast transition paths give the same States as the plain ones they replace.

`State.advance` skips the core's generic wrapper (a chance outcome counts its own draw); the hot flow
steps write the transition's values by field index; Turn Order is cached per `order` tuple. These tests
play random games and compare every step with the core's `GameState.advance` and with the plain
definitions.
"""
import random

from mars_rules.core import CHANCE, GameState
from mars_rules.on_mars import flow, rules

from .helpers import game


def _walk(players, seed):
    s = game(players, seed)
    rng = random.Random(seed)
    while not s.is_over:
        if s.to_move == CHANCE:
            a = s.drawn_outcome()
        else:
            legal = s.legal_actions()
            a = legal[int(rng.random() * len(legal))]
        yield s, a
        s = s.advance(a)


def test_advance_equals_the_core_advance_for_every_action():
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        for s, a in _walk(players, seed):
            fast = s.advance(a)
            core = GameState.advance(s, a)
            assert fast == core
            assert fast.events == core.events and fast.draws == core.draws and fast.to_move == core.to_move
            if s.to_move == CHANCE:
                assert fast.draws == s.draws + 1


def test_advance_leaves_the_position_unchanged():
    for s, a in _walk(3, 24):
        before = tuple(s)
        rules.play(s, a)
        assert tuple(s) == before


def test_turn_order_cache_gives_the_sorted_seats():
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(2, 4)
        order = tuple(rng.sample(range(8), n))
        expected = tuple(sorted(range(n), key=order.__getitem__))
        assert flow.turn_order(order) == expected
        assert flow.turn_order(order) == expected  # from the cache


def test_a_game_reads_the_same_events_with_every_turn_and_marker_sentence():
    seen_turn = seen_marker = False
    for s, a in _walk(2, 25):
        nxt = s.advance(a)
        for e in nxt.events:
            assert isinstance(e, str)
            if e.endswith("'s turn (Orbit).") or e.endswith("'s turn (Colony)."):
                seen_turn = True
            if e.endswith(" lays the Player marker down."):
                seen_marker = True
    assert seen_turn and seen_marker
