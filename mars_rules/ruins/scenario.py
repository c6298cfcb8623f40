"""Exact Ruins positions for rulebook scenarios, tests and notebooks (`position`, `play`, `act`).

Ruin ids: `rid(rank, copy)` = (rank - 1) * 5 + copy. Default (ASSUMED) discoveries by id:
top 0-3 "+1 rank", 4-8 "+2", 9-12 "+3"; middle 13-17 "wild", 18-21 "+1", 22-25 "+2";
bottom 26-30 "each opponent draws 1", 31-35 "light 2 torches", 36-38 "+1".
"""
from __future__ import annotations

from mars_rules.core import Action

from .crafting import rank_and_wild
from .data import COPIES, DISCOVERY_COUNT, RUIN_COUNT, RUINS_USED

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
             start_vp=None, round=1, first_player=0, out=(), seated=None, deck=None, **extra):
    """An exact position: hands as lists of ruin ids, the rest of the used ruins in the deck.

    upgrades: {ruin id: (night, claim owner or -1, top, middle, bottom discovery or -1)}. The position
    is checked by a JSON round trip (from_json lists every problem). A seated player given no hand (or
    an empty one) gets the lowest ruin left: a player who holds nothing and has not gone out could never
    play again (from_json refuses it). At step "night_flip" the players from `to_move` on have not chosen
    yet (flips -2), unless `flips` is given.

    >>> s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(8)]])
    >>> s.step, s.to_move, [s.rank[c] for c in s.hands[0]]
    ('lead', 0, [2, 5, 5])
    """
    from . import from_json, new_game
    placed = [c for h in hands for c in h] + list(trick)
    base = new_game(n, seed=1, ruins_used=used_for(n, placed + list(deck or ())))
    used = base.used
    hands = [sorted(h) for h in hands] + [[] for _ in range(n - len(hands))]
    spare = [c for c in used if c not in placed and c not in (deck or ())]
    for q in range(n):
        if not hands[q] and (seated is None or seated[q]) and q not in out:
            hands[q] = [spare.pop(0)]
            placed.append(hands[q][0])
    hands = tuple(tuple(h) for h in hands)
    rest = tuple(sorted(set(used) - set(placed)))
    if step == "night_flip" and "flips" not in extra:  # in turn from first_player: the earlier ones kept all
        order = [(first_player + k) % n for k in range(n)]
        chosen = order[:order.index(to_move)] if to_move in order else []
        extra["flips"] = tuple(-1 if q in chosen or (seated and not seated[q]) else -2 for q in range(n))
    upgrades = dict(upgrades or {})
    recs = [(0, -1, -1, -1, -1)] * RUIN_COUNT
    claims = [0] * n
    attached = set()
    for cid, rec in upgrades.items():
        recs[cid] = tuple(rec)
        if rec[1] >= 0:
            claims[rec[1]] += 1
        attached |= {d for d in rec[2:] if d >= 0}
    rank, wild = zip(*(rank_and_wild(base.cards, c, recs[c]) for c in range(RUIN_COUNT)))
    market = tuple(market) + (-1,) * (4 - len(market))
    ddeck = tuple(d for d in range(DISCOVERY_COUNT) if d not in attached and d not in market)
    s = base._replace(hands=hands, deck=rest, trick=tuple(sorted(trick)), last_play=tuple(last_play),
                      last_rank=last_rank, last_player=last_player, passed=tuple(passed), selection=(),
                      market=market, ddeck=ddeck, torches=tuple(torches or (3,) * n),
                      claims_left=tuple(2 - k for k in claims), ruins=tuple(recs), rank=rank, wild=wild,
                      vp=tuple(vp or (0,) * n), start_vp=tuple(start_vp or vp or (0,) * n), round=round,
                      first_player=first_player, out=tuple(out), seated=tuple(seated or (1,) * n),
                      step=step, to_move=to_move, events=(),
                      **{"flips": (-1,) * n, "to_deal": (), "resume": (), **extra})
    again = from_json(s.to_json())  # the position must be a valid one (PositionError otherwise)
    if again != s:
        raise ValueError("the scenario does not survive a JSON round trip")
    return s


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
