"""The fast legality helpers give exactly the answers of the `*_problem` functions that explain refusals.

Legal-action lists are built by helpers that skip the sentences (and share work across choices); these
tests compare them with the slow, explaining checks on positions from random play, also with rich
players (full Storage, many Crystals, Blueprints) so that every branch is reached.
"""
import functools
import random

from mars_rules.on_mars import colony, orbit, turn
from mars_rules.on_mars import data as D
from mars_rules.on_mars.board import buildable, buildable_types

from .helpers import draw as resolve
from .helpers import game, setp


def _positions(players, seed, n=120, rich=False):
    s = game(players, seed)
    rng = random.Random(seed)
    for _ in range(n):
        s = resolve(s)
        if s.is_over:
            return
        if rich and rng.random() < 0.3:
            seat = rng.randrange(players)
            pl = s.pieces[seat]
            bps = tuple((c, rng.random() < 0.2) for c in rng.sample(range(len(D.BLUEPRINTS)), 3))
            yield setp(s, seat, res=tuple(rng.randint(0, D.RESOURCE_CAP) for _ in D.RESOURCES),
                       crystals=rng.randint(0, 6), lq=rng.randint(0, 5), blueprints=bps,
                       wa=rng.randint(0, 2) if pl.wa else 0)
        yield s
        legal = s.legal_actions()
        s = s.apply(legal[int(rng.random() * len(legal))])


@functools.lru_cache(maxsize=1)
def _all_positions():
    out = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        out.extend(_positions(players, seed))
        out.extend(_positions(players, seed + 10, rich=True))
    return tuple(out)


def test_main_actions_listed_are_those_main_problem_allows():
    for s in _all_positions():
        if s.step not in ("turn", "final_round"):
            continue
        seat = s.active
        side = D.ORBIT_ACTIONS if s.order[seat] < D.TURN_ORDER_SPACES else D.COLONY_ACTIONS
        fast = [a.get("action") for a in turn.legal_turn(s, seat) if a.kind == "main"]
        assert fast == [a for a in side if turn.main_problem(s, seat, a) is None]


def test_depot_actions_listed_are_those_depot_problem_allows():
    for s in _all_positions():
        for seat in range(len(s.players)):
            fast = [a.get("space") for a in turn.executive_options(s, seat) if a.kind == "depot_action"]
            assert fast == [sp for sp in range(D.DEPOT_SPACES) if turn.depot_problem(s, seat, sp) is None]


def test_learn_options_are_those_learn_problem_allows():
    for s in _all_positions():
        for seat in range(len(s.players)):
            slow = [(t, r, x) for t in D.TECHS for r in D.LAB_ROWS for x in (D.RESOURCES if r == "top" else ("",))
                    if orbit.learn_problem(s, seat, t, r, x) is None]
            fast = [(a.get("tech"), a.get("row"), a.get("extra")) for a in orbit.learn_options(s, seat)]
            assert fast == slow
            assert (orbit.begin_learn(s, seat) is None) == bool(slow)


def test_develop_options_are_those_develop_problem_allows():
    for s in _all_positions():
        for seat in range(len(s.players)):
            for state in (s, s._replace(moves=("rover", "mine"), allow=3)):
                slow = [t for t, _r, _c in state.pieces[seat].lab if orbit.develop_problem(state, seat, t) is None]
                assert [a.get("tech") for a in orbit.develop_options(state, seat)] == slow


def test_upgrade_options_are_those_upgrade_problem_allows():
    from mars_rules.on_mars.board import bmap, zone_hexes
    seen = 0
    for s in _all_positions():
        for seat in range(len(s.players)):
            pl = s.pieces[seat]
            slow = [(c, h) for c, built in pl.blueprints if not built for h in zone_hexes(pl)
                    if h in bmap(s) and colony.upgrade_problem(s, seat, c, h) is None]
            assert [(a.get("card"), a.get("hex")) for a in colony.upgrade_options(s, seat)] == slow
            seen += bool(slow)
    assert seen  # some positions do allow an upgrade


def test_buildable_types_are_the_types_with_a_buildable_hex():
    for s in _all_positions():
        for seat in range(len(s.players)):
            slow = [b for b in D.BUILDINGS if buildable(s, seat, b)]
            assert buildable_types(s, seat) == slow
            assert buildable_types(s, seat, first=True) == slow[:1]


def test_resolve_chance_draws_what_the_core_pick_would():
    from mars_rules.core import pick
    for players, seed in ((2, 5), (4, 6)):
        s = game(players, seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.to_move == "chance":
                picked = pick(s._outcomes(), s.seed, s.draws)
                assert s.drawn_outcome() == picked and str(s.drawn_outcome()) == str(picked)
                expected = s.advance(picked)
                s = s.resolve_chance()
                assert s == expected
            else:
                legal = s.legal_actions()
                s = s.advance(legal[int(rng.random() * len(legal))])
