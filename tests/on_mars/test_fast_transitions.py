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


def _plain_executive_options(state, seat):
    """The Executive actions as listed before the Depot lists were cached (no cache, no shortcut)."""
    from mars_rules.on_mars import data as D
    from mars_rules.on_mars import turn
    pl = state.pieces[seat]
    out = []
    if pl.crystals >= D.DEPOT_ACTION_COST:
        out += [("depot_action", (("space", sp),)) for sp in range(D.DEPOT_SPACES)
                if turn.depot_problem(state, seat, sp) is None]
    working = turn.scientists_at(state)
    for h, _btype, adv, _card, _m in state.buildings:
        if adv == seat:
            free = h in working
            if free or pl.crystals >= state.options.own_advanced_cost:
                out.append(("advanced_action", (("hex", h), ("free", free))))
        elif adv >= 0 and seat in working.get(h, ()):
            out.append(("scientist_action", (("hex", h),)))
    for card, placed in pl.scientists:
        if not placed:
            kind = state.cards.scientists[card][1]
            for h, btype, adv, _c, _m in state.buildings:
                if adv >= 0 and btype == kind and h not in working:
                    out.append(("send_scientist", (("card", card), ("hex", h))))
    return out


def test_executive_options_equal_the_plain_listing():
    from mars_rules.on_mars import turn
    advanced_seen = 0
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        for s, _a in _walk(players, seed):
            if s.to_move == CHANCE:
                continue
            advanced_seen += any(b[2] >= 0 for b in s.buildings)
            for seat in range(players):
                fast = [(a.kind, a.items) for a in turn.executive_options(s, seat)]
                assert fast == _plain_executive_options(s, seat)
                assert all(str(a) for a in turn.executive_options(s, seat))
    assert advanced_seen


def test_drawn_outcome_is_the_core_pick_for_every_kind_of_draw(monkeypatch):
    from mars_rules.core import pick
    from mars_rules.on_mars import new_game
    from mars_rules.on_mars.state import State
    kinds = set()
    for players, seed in ((2, 41), (3, 42), (4, 43)):
        rng = random.Random(seed)
        s = new_game(players=players, seed=seed)
        while not s.is_over:
            if s.to_move == CHANCE:
                expected = pick(s._outcomes(), s.seed, s.draws)
                got = s.drawn_outcome()
                assert got == expected and str(got) == str(expected)
                kinds.add(s.pending[0].split(":")[0])
                s = s.advance(got)
            else:
                legal = s.legal_actions()
                s = s.advance(legal[int(rng.random() * len(legal))])
    assert {"blueprint", "scientist", "contract", "discovery"} <= kinds
    # the setup's draws (Turn Order, Missions, Private Goals) are made inside new_game: the same game
    # comes out when every draw is the core's pick over all the outcomes
    fast = [new_game(players=p, seed=50 + p) for p in (2, 3, 4)]
    monkeypatch.setattr(State, "drawn_outcome", GameState.drawn_outcome)
    assert fast == [new_game(players=p, seed=50 + p) for p in (2, 3, 4)]
