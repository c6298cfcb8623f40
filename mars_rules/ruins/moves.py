"""Transitions: `play(state, action)` dispatching to small `apply_<kind>` functions; `why` re-exported.

Sections "Start of Round", "Player Turns", "Upgrading Ruins", "Discovery Effects", "Skipping an
Opponent's Turn" and "Going Out". Every sub-step adds a ruin, uses a claim, spends a torch or ends
the turn, so random play cannot loop.
"""
from __future__ import annotations

from mars_rules.core import CHANCE, setter

from . import flow, text
from .crafting import set_rank, with_record
from .legal import draw_of, legal, light_of
from .state import NO_FLIP, RUIN_FIELDS, State
from .text import Event
from .why import why

_event = tuple.__new__  # _event(Event, (fn, *args)): an event put into words only when read


# ----- play ---------------------------------------------------------------------------------------
def play(s, a):
    if s.to_move == CHANCE:
        return flow.play_chance(s, a)
    return _APPLY[(s.step, a[0])](s, a)


def _name(s, p=None):
    return s.players[s.to_move if p is None else p]


def apply_flip(s, a):
    p = s.to_move
    cid = a[2][0][1] if a[0] == "flip" else NO_FLIP
    flips = s.flips[:p] + (cid,) + s.flips[p + 1:]
    s = s._replace(flips=flips, events=(f"{_name(s)} has made a secret choice.",))
    q = flow.next_flipper(s)
    if q < 0:
        return flow.reveal_flips(s)
    return s._replace(to_move=q)


def apply_pick(s, a):
    cid = a[2][0][1]
    sel = s.selection + (cid,)
    # no card named: the choice is revealed only when the play is confirmed (views keep the events)
    ev = (f"{_name(s)} chooses a ruin for the play ({len(sel)} so far).",)
    if s.step == "follow" and len(sel) == len(s.last_play):
        return _played(s, sel, ev)
    return _picked(s, sel, ev)


_picked = setter(State, "selection", "events")  # apply_pick's s._replace(selection=..., events=...)


def apply_lead_done(s, a):
    return _played(s, s.selection, ())


def _played(s, sel, ev):
    """The ruins are chosen, so played: their "light" effects happen at once (section "Discovery Effects":
    every effect is active immediately; Clarifications: a "light 2 torches" lights both together), so the
    torches serve for this turn's discoveries; then the upgrade sub-steps."""
    p = s.to_move
    most = s.options.torches
    lit = light_of(s, sel) if s.torches[p] < most else 0
    if lit:
        t = s.torches[p]
        now = min(most, t + lit)
        ev = ev + (f"{_name(s)} plays ruins that light {lit} torch(es), all at once: {now - t} lit "
                   f"({now} of {most}).",)
        return s._replace(selection=sel, events=ev, step=_upgrade_step(s, sel),
                          torches=s.torches[:p] + (now,) + s.torches[p + 1:])
    return _chosen(s, sel, ev, _upgrade_step(s, sel))


_chosen = setter(State, "selection", "events", "step")  # _played's s._replace(selection=..., events=..., step=...)


def _upgrade_step(s, sel) -> str:
    """After the ruins are chosen: claims first if the player has a claim left and a chosen ruin is unclaimed."""
    if s.claims_left[s.to_move] > 0 and any(s.ruins[c][1] < 0 for c in sel):
        return "claim"
    return "discover"


def apply_pass(s, a):
    p = s.to_move
    passed = s.passed + (p,)
    ev = (f"{_name(s)} passes.",)
    if flow.trick_over(s, passed):
        return flow.end_trick(_passed(s, passed, ev, p))
    return _passed(s, passed, ev, flow.next_active(s, p))


_passed = setter(State, "passed", "events", "to_move", selection=())  # apply_pass's s._replace(...)


def apply_claim(s, a):
    p = s.to_move
    cid = a[2][0][1]
    rec = s.ruins[cid]
    ruins = s.ruins[:cid] + ((rec[0], p) + rec[2:],) + s.ruins[cid + 1:]
    left = s.claims_left[:p] + (s.claims_left[p] - 1,) + s.claims_left[p + 1:]
    s = s._replace(ruins=ruins, claims_left=left,
                   events=(f"{_name(s)} claims ruin #{cid}: it will come back to them at every deal.",))
    if left[p] == 0 or all(ruins[c][1] >= 0 for c in s.selection):
        return s._replace(step="discover")
    return s


def apply_claims_done(s, a):
    return s._replace(step="discover", events=(f"{_name(s)} adds no more claims.",))


def apply_discover(s, a):
    p = s.to_move
    slot, cid = a[2][0][1], a[2][1][1]
    cards = s.cards
    d = s.market[slot]
    pos = cards.disc_pos[d]
    rec = s.ruins[cid]
    fields = with_record(cards, (s.ruins, s.rank, s.wild, s.free, s.light, s.draw), cid,
                         rec[:2 + pos] + (d,) + rec[3 + pos:])
    rk, w = fields[1][cid], fields[2][cid]
    rules = s.options
    cost = rules.market_costs[slot]
    left = s.torches[p] - cost
    kind, amount = cards.disc_effect[d]
    if kind == "light":  # active at once: both torches together, usable for the next discovery
        now = min(rules.torches, left + amount)
        ev = (_event(Event, (text.discover_event, cards, cost, slot, d, cid, s.rank[cid], rk, w, amount, left, now,
                             rules.torches)),)
        left = now
    else:
        ev = (_event(Event, (text.discover_event, cards, cost, slot, d, cid, s.rank[cid], rk, w, 0, 0, 0, 0)),)
    torches = s.torches[:p] + (left,) + s.torches[p + 1:]
    return _discovered(s, *fields, torches, s.market[:slot] + (-1,) + s.market[slot + 1:], ev)


# apply_discover's s._replace(ruins=..., rank=..., (the other derived fields), torches=..., market=..., events=...)
_discovered = setter(State, *RUIN_FIELDS, "torches", "market", "events")


def apply_play(s, a):
    """Confirm: the chosen ruins go face up on the trick; on-play effects; going out; who is next."""
    p = s.to_move
    sel = s.selection
    rank, wild = s.rank, s.wild
    r = set_rank([(rank[c], wild[c]) for c in sel])
    following = s.last_player >= 0
    skip = 1 if following and r == s.last_rank else 0
    hand = tuple([c for c in s.hands[p] if c not in sel])
    # the "light" effects happened when the ruins were chosen or the discovery added (_played)
    draw = draw_of(s, sel)
    ev = [_event(Event, (text.play_event, s.players[p], following, r, sel, rank, wild))]
    market = s.market
    if -1 in market:
        kept = tuple([d for d in market if d >= 0])
        market = (-1,) * (len(market) - len(kept)) + kept
    hands = s.hands[:p] + (hand,) + s.hands[p + 1:]
    trick = tuple(sorted(s.trick + sel))
    if hand and flow.active_count(s) > 1:
        # the usual case (nobody goes out): one new State with the pending draws or refill, as after_turn
        queue = _draw_queue(s, p, draw, ev) if draw else ()
        if queue:
            return _after_play(s, "draw", CHANCE, hands, trick, sel, r, p, market, tuple(ev), queue, ("next", p, skip))
        if -1 in market and s.ddeck:
            return _after_play(s, "refill", CHANCE, hands, trick, sel, r, p, market, tuple(ev), (), ("next", p, skip))
        if not skip:  # flow.resume -> next_after_play without a skip, in the same new State
            return _after_play(s, "follow", flow.next_active(s, p), hands, trick, sel, r, p, market, tuple(ev), (), ())
        return flow.resume(_after_play(s, s.step, s.to_move, hands, trick, sel, r, p, market, tuple(ev), (),
                                       ("next", p, skip)))
    s = _after_play(s, s.step, s.to_move, hands, trick, sel, r, p, market, tuple(ev), s.to_deal, ())
    if not hand:
        s = flow.go_out(s, p)
        if s.to_move is None:
            return s
    if flow.active_count(s) == 1:
        s = flow.end_round(s)
        return s if s.to_move is None else flow.after_turn(s)
    ev = list(s._events)
    queue = _draw_queue(s, p, draw, ev) if draw else ()
    return flow.after_turn(s._replace(events=tuple(ev), to_deal=queue, resume=("next", p, skip)))


# apply_play's new State: s._replace(step=..., to_move=..., hands=..., ..., passed=(), selection=())
_after_play = setter(State, "step", "to_move", "hands", "trick", "last_play", "last_rank", "last_player", "market",
                     "events", "to_deal", "resume", passed=(), selection=())


def _draw_queue(s, p, draw, ev) -> tuple:
    """The seats that must draw (each opponent still in the round, `draw` times, as far as the deck goes);
    the event is added to `ev`."""
    n = len(s.players)
    order = tuple(q for q in ((p + k) % n for k in range(1, n)) if s.seated[q] and q not in s.out)
    queue = (order * draw)[:len(s.deck)]
    short = len(order) * draw - len(queue)
    ev.append(f"Each opponent must draw {draw} ruin{'' if draw == 1 else 's'}"
              + (f"; the deck is short by {short}, so they draw in turn from {_name(s, order[0])}." if short else "."))
    return queue


_APPLY = {
    ("night_flip", "flip"): apply_flip,
    ("night_flip", "no_flip"): apply_flip,
    ("lead", "pick"): apply_pick,
    ("follow", "pick"): apply_pick,
    ("lead", "done"): apply_lead_done,
    ("follow", "pass"): apply_pass,
    ("claim", "claim"): apply_claim,
    ("claim", "done"): apply_claims_done,
    ("discover", "discover"): apply_discover,
    ("discover", "play"): apply_play,
}

__all__ = ["legal", "play", "why"]
