"""Exact Ruins positions for rulebook scenarios, tests and notebooks (`position`, `play`, `act`).

Ruin ids: `rid(rank, copy)` = (rank - 1) * 5 + copy. Default (ASSUMED) discoveries by id:
top 0-3 "+1 rank", 4-8 "+2", 9-12 "+3"; middle 13-17 "wild", 18-21 "+1", 22-25 "+2";
bottom 26-30 "each opponent draws 1", 31-35 "light 2 torches", 36-38 "+1".
"""
from __future__ import annotations

from mars_rules.core import Action

from .data import COPIES, RUINS_USED

PLUS1, PLUS2, PLUS3 = 0, 4, 9          # top
WILD, MID_PLUS1, MID_PLUS2 = 13, 18, 22  # middle
DRAW1, LIGHT2, BOT_PLUS1 = 26, 31, 36    # bottom


def rid(rank: int, copy: int = 0) -> int:
    return (rank - 1) * COPIES + copy


def used_for(n: int, ids) -> tuple:
    """Ruins used with n players: the given ids, filled up per rank with the lowest other copies."""
    per = RUINS_USED[n] // 10
    out = set(ids)
    for r in range(10):
        have = [c for c in out if c // COPIES == r]
        if len(have) > per:
            raise ValueError(f"too many copies of rank {r + 1} for {n} players")
        for copy in range(COPIES):
            if len([c for c in out if c // COPIES == r]) >= per:
                break
            out.add(r * COPIES + copy)
    return tuple(sorted(out))


def position(n=2, hands=(), step="lead", to_move=0, market=(PLUS3, WILD, LIGHT2, DRAW1), torches=None,
             upgrades=None, trick=(), last_play=(), last_rank=-1, last_player=-1, passed=(), vp=None,
             start_vp=None, round=1, first_player=0, out=(), seated=None, deck=None, options=None, **extra):
    """An exact position: hands as lists of ruin ids, the rest of the used ruins in the deck.

    upgrades: {ruin id: (night, claim owner or -1, top, middle, bottom discovery or -1)}. A thin wrapper
    over the position builder (`state.edit()`, mars_rules.ruins.builder): every value is set by one of its
    verbs (cards moved, never created) and `done()` checks the result (PositionError lists every problem). A seated player given no hand (or
    an empty one) gets the lowest ruin left: a player who holds nothing and has not gone out could never
    play again (from_json refuses it). At step "night_flip" the players from `to_move` on have not chosen
    yet (flips -2), unless `flips` is given. `options`: the rule options of the game (a dict, as for
    `new_game`); torches default to the game's number, all lit.

    >>> s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(8)]])
    >>> s.step, s.to_move, [s.rank[c] for c in s.hands[0]]
    ('lead', 0, [2, 5, 5])
    """
    from . import new_game
    placed = [c for h in hands for c in h] + list(trick)
    base = new_game(n, seed=1, ruins_used=used_for(n, placed + list(deck or ())), **(options or {}))
    b = base.edit()
    for q in range(n):  # every dealt hand back to the deck, then the hands asked for
        b.set_hand(q)
    hands = [list(h) for h in hands] + [[] for _ in range(n - len(hands))]
    for q in range(n):
        b.give(q, *hands[q])
    earlier = [c for c in trick if c not in last_play]
    if earlier:
        b.played(max(last_player, 0), *earlier)
    if last_play:
        b.played(last_player, *last_play)
    keep = set(deck or ())
    for q in range(n):  # a seated player still in the round holds a ruin: the lowest left
        if not hands[q] and (seated is None or seated[q]) and q not in out:
            b.give(q, next(c for c in b.state.deck if c not in keep))
    for cid, rec in (upgrades or {}).items():
        if rec[0]:
            b.night_side(cid)
        if rec[1] >= 0:
            b.claim(rec[1], cid)
        for d in rec[2:]:
            if d >= 0:
                b.upgrade(cid, d, source="market" if d in b.state.market else "ddeck")
    b.set_market(*[d for d in market if d >= 0])
    for q in range(n):
        b.light_torches(q, (torches or (base.options.torches,) * n)[q])
        b.set_vp(q, (vp or (0,) * n)[q], (start_vp or vp or (0,) * n)[q])
    b.set(round=round, first_player=first_player, out=tuple(out), seated=tuple(seated or (1,) * n), events=())
    if type(to_move) is int:
        b.set_turn(to_move, step)
    else:
        b.set(step=step, to_move=to_move)
    if last_rank != -1:
        b.set(last_rank=last_rank)
    if passed:
        b.set(passed=tuple(passed))
    if extra:
        b.set(**extra)
    return b.done()


def act(s, kind, **params):
    """Apply the action of the player to move (IllegalAction if it is not legal)."""
    return s.apply(Action(kind, s.to_move, params))


def run_chance(s, forced=None):
    """Resolve chance nodes (forced outcomes first, given as params dicts), until a decision."""
    forced = list(forced or [])
    while s.to_move == "chance":
        if forced:
            want = forced.pop(0)
            s = s.apply(next(a for a in s.legal_actions() if all(a.get(k) == v for k, v in want.items())))
        else:
            s = s.resolve_chance()
    return s


def play(s, ids, claims=(), buys=(), forced=None, resolve=True):
    """Choose `ids`, claim `claims`, buy `buys` ((slot, ruin), ...), confirm; then resolve chance."""
    for c in ids:
        s = act(s, "pick", ruin=c)
    if s.step == "lead":
        s = act(s, "done")
    for c in claims:
        s = act(s, "claim", ruin=c)
    if s.step == "claim":
        s = act(s, "done")
    for slot, c in buys:
        s = act(s, "discover", slot=slot, ruin=c)
    s = act(s, "play")
    return run_chance(s, forced) if resolve else s
