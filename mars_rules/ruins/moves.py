"""The decisions: legality (`legal`, the one place it is decided), transitions (`play`) and `why`.

Sections "Start of Round", "Player Turns", "Upgrading Ruins", "Discovery Effects", "Skipping an
Opponent's Turn", "Going Out" and "Clarifications & Tips". A play is built in sub-steps: choose the
ruins one at a time (lead / follow), then claims (claim), then discoveries and the confirmation
(discover). Every ruin offered keeps the play completable, so no sub-step is a dead end, and every
sub-step either adds a ruin, uses a claim or spends a torch, so random play cannot loop.
"""
from __future__ import annotations

from functools import partial

from mars_rules.core import CHANCE, Action

from . import flow, text
from .crafting import PARTIAL, SET, SINGLE, _ok, completable, on_play_effects, rank_and_wild
from .data import TORCHES
from .state import NO_FLIP, UNDECIDED

_fast = Action.fast
_PASS_ITEMS = ()


# ----- helpers ------------------------------------------------------------------------------------
def _items(s, ids):
    rank, wild, ruins = s.rank, s.wild, s.ruins
    out = []
    for c in ids:
        rec = ruins[c]
        free = (rec[2] < 0) | ((rec[3] < 0) << 1) | ((rec[4] < 0) << 2)
        out.append((rank[c], wild[c], free))
    return out


def _offers(s, skip_slot=-1):
    cards = s.cards
    out = []
    for k, d in enumerate(s.market):
        if d >= 0 and k != skip_slot:
            kind, amount = cards.disc_effect[d]
            if kind == "rank" or kind == "wild":
                out.append((cards.costs[k], cards.disc_pos[d], kind, amount))
    return tuple(out)


def _target(s):
    """(minimum rank, number of ruins needed or 0 for a lead)."""
    if s.step == "lead" or s.last_player < 0:
        return 0, 0
    return s.last_rank, len(s.last_play)


def _final_mode(k: int) -> int:
    return SINGLE if k == 1 else SET


def _pick_ok(s, cid, offers, budget) -> bool:
    sel = s.selection + (cid,)
    r, need = _target(s)
    k = len(sel)
    if need:
        if k > need:
            return False
        mode = SINGLE if need == 1 else (SET if k == need else PARTIAL)
    else:
        mode = _final_mode(k)
    if k == 1 and mode == SINGLE and r == 0:
        return True
    if mode == PARTIAL and not _enough_left(s, sel, need, r, offers, budget):
        return False
    return completable(_items(s, sel), r, mode, offers, budget)


def _first_follow(s, p, offers, budget) -> list:
    """The ruins that may start a follow: the same answers as `_pick_ok`, with the counts made once."""
    hand = s.hands[p]
    need = len(s.last_play)
    r = s.last_rank
    rank, wild, ruins = s.rank, s.wild, s.ruins
    if len(hand) < need:
        return []
    affordable = any(o[0] <= budget for o in offers)
    counts = {}
    wilds = 0
    for c in hand:
        if wild[c]:
            wilds += 1
        else:
            counts[rank[c]] = counts.get(rank[c], 0) + 1
    out = []
    for c in hand:
        rk, w = rank[c], wild[c]
        if need == 1:
            if rk >= r:
                out.append(c)
            elif affordable:
                rec = ruins[c]
                free = (rec[2] < 0) | ((rec[3] < 0) << 1) | ((rec[4] < 0) << 2)
                if completable([(rk, w, free)], r, SINGLE, offers, budget):
                    out.append(c)
            continue
        if affordable:  # some discovery could still change ranks: the ruin alone must be able to fit
            rec = ruins[c]
            free = (rec[2] < 0) | ((rec[3] < 0) << 1) | ((rec[4] < 0) << 2)
            if completable([(rk, w, free)], r, PARTIAL, offers, budget):
                out.append(c)
            continue
        missing = need - 1
        if not w:
            if rk >= r and counts[rk] - 1 + wilds >= missing:
                out.append(c)
            continue
        others = wilds - 1
        if any(v + others >= missing for R, v in counts.items() if R >= r):
            out.append(c)
        elif others >= missing and max([rk] + [rank[x] for x in hand if wild[x] and x != c]) >= r:
            out.append(c)
    return out


def _enough_left(s, sel, need, r, offers, budget) -> bool:
    """A follow still being chosen: are there enough ruins left in hand to finish it?

    Exact when no rank-changing discovery is affordable (then the rest must match as they are);
    otherwise only the number of ruins left is checked (a pass stays available in any case).
    """
    rest = [c for c in s.hands[s.to_move] if c not in sel]
    missing = need - len(sel)
    if len(rest) < missing:
        return False
    if any(o[0] <= budget for o in offers):
        return True
    rank, wild = s.rank, s.wild
    ranks = {rank[c] for c in sel if not wild[c]}
    if len(ranks) > 1:
        return False
    wild_rest = sum(1 for c in rest if wild[c])
    if ranks:
        (R,) = ranks
        return R >= r and sum(1 for c in rest if not wild[c] and rank[c] == R) + wild_rest >= missing
    counts = {}
    for c in rest:
        if not wild[c] and rank[c] >= r:
            counts[rank[c]] = counts.get(rank[c], 0) + 1
    if any(v + wild_rest >= missing for v in counts.values()):
        return True
    top = max([rank[c] for c in sel] + [rank[c] for c in rest if wild[c]])
    return wild_rest >= missing and top >= r


def _buy_ok(s, slot, cid, budget) -> bool:
    cards = s.cards
    d = s.market[slot]
    cost = cards.costs[slot]
    if cost > budget:
        return False
    pos = cards.disc_pos[d]
    if s.ruins[cid][2 + pos] >= 0:
        return False
    kind, amount = cards.disc_effect[d]
    items = _items(s, s.selection)
    j = s.selection.index(cid)
    rk, w, free = items[j]
    free &= ~(1 << pos)
    if kind == "rank":
        rk += amount
    elif kind == "wild":
        w = 1
    items[j] = (rk, w, free)
    r, _ = _target(s)
    return completable(items, r, _final_mode(len(items)), _offers(s, slot), budget - cost)


def _valid_now(s) -> bool:
    r, _ = _target(s)
    sel = s.selection
    return _ok([(s.rank[c], s.wild[c]) for c in sel], r, _final_mode(len(sel)))


# ----- legal --------------------------------------------------------------------------------------
def legal(s) -> tuple:
    if s.viewer >= 0:
        return ()
    step = s.step
    p = s.to_move
    if step == "lead" or step == "follow":
        offers = _offers(s)
        budget = s.torches[p]
        t = partial(text.pick_text, s)
        sel = s.selection
        if not sel:
            if step == "lead":  # any single ruin may be led
                return tuple([_fast("pick", p, (("ruin", c),), t) for c in s.hands[p]])
            acts = [_fast("pick", p, (("ruin", c),), t) for c in _first_follow(s, p, offers, budget)]
            acts.append(_fast("pass", p, _PASS_ITEMS, partial(text.pass_text, s)))
            return tuple(acts)
        rank, wild, ruins = s.rank, s.wild, s.ruins
        seen = {}
        acts = []
        common = -1  # a lead whose chosen ruins share one rank: a ruin of that rank (or a wild one) fits
        if step == "lead":
            for c in sel:
                if not wild[c]:
                    if common == -1:
                        common = rank[c]
                    elif rank[c] != common:
                        common = -2
        for c in s.hands[p]:
            if c in sel:
                continue
            if common >= 0 and (wild[c] or rank[c] == common):
                acts.append(_fast("pick", p, (("ruin", c),), t))
                continue
            rec = ruins[c]
            sig = (rank[c], wild[c], rec[2] < 0, rec[3] < 0, rec[4] < 0)  # ruins alike get the same answer
            ok = seen.get(sig)
            if ok is None:
                ok = seen[sig] = _pick_ok(s, c, offers, budget)
            if ok:
                acts.append(_fast("pick", p, (("ruin", c),), t))
        if step == "follow":
            acts.append(_fast("pass", p, _PASS_ITEMS, partial(text.pass_text, s)))
        elif sel:
            acts.append(_fast("done", p, _PASS_ITEMS, partial(text.lead_done_text, s)))
        return tuple(acts)
    if step == "discover":
        budget = s.torches[p]
        t = partial(text.discover_text, s)
        acts = []
        for k, d in enumerate(s.market):
            if d >= 0 and s.cards.costs[k] <= budget:
                for c in s.selection:
                    if _buy_ok(s, k, c, budget):
                        acts.append(_fast("discover", p, (("slot", k), ("ruin", c)), t))
        if _valid_now(s):
            acts.append(_fast("play", p, _PASS_ITEMS, partial(text.confirm_text, s)))
        return tuple(acts)
    if step == "claim":
        t = partial(text.claim_text, s)
        acts = [_fast("claim", p, (("ruin", c),), t) for c in s.selection if s.ruins[c][1] < 0]
        acts.append(_fast("done", p, _PASS_ITEMS, partial(text.claims_done_text, s)))
        return tuple(acts)
    if step == "night_flip":
        t = partial(text.flip_text, s)
        acts = [_fast("flip", p, (("ruin", c),), t) for c in s.hands[p] if not s.ruins[c][0]]
        acts.append(_fast("no_flip", p, _PASS_ITEMS, partial(text.no_flip_text, s)))
        return tuple(acts)
    return ()


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
        return flow.reveal_flips(s, rank_and_wild)
    return s._replace(to_move=q)


def apply_pick(s, a):
    cid = a[2][0][1]
    sel = s.selection + (cid,)
    # no card named: the choice is revealed only when the play is confirmed (views keep the events)
    s = s._replace(selection=sel, events=(f"{_name(s)} chooses a ruin for the play ({len(sel)} so far).",))
    if s.step == "follow" and len(sel) == len(s.last_play):
        return _to_upgrades(s)
    return s


def apply_lead_done(s, a):
    return _to_upgrades(s)


def _to_upgrades(s):
    p = s.to_move
    if s.claims_left[p] > 0 and any(s.ruins[c][1] < 0 for c in s.selection):
        return s._replace(step="claim")
    return s._replace(step="discover")


def apply_pass(s, a):
    p = s.to_move
    s = s._replace(selection=(), passed=s.passed + (p,), events=(f"{_name(s)} passes.",))
    if flow.trick_over(s):
        return flow.end_trick(s)
    return s._replace(to_move=flow.next_active(s, p))


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
    return s._replace(step="discover", events=())


def apply_discover(s, a):
    p = s.to_move
    slot, cid = a[2][0][1], a[2][1][1]
    cards = s.cards
    d = s.market[slot]
    pos = cards.disc_pos[d]
    rec = s.ruins[cid]
    rec = rec[:2 + pos] + (d,) + rec[3 + pos:]
    ruins = s.ruins[:cid] + (rec,) + s.ruins[cid + 1:]
    rk, w = rank_and_wild(cards, cid, rec)
    ev = (text.discover_text(s, a) + f": ruin #{cid} is now rank {rk}{', wild' if w else ''}.",)
    torches = s.torches[:p] + (s.torches[p] - cards.costs[slot],) + s.torches[p + 1:]
    return s._replace(ruins=ruins, rank=s.rank[:cid] + (rk,) + s.rank[cid + 1:],
                      wild=s.wild[:cid] + (w,) + s.wild[cid + 1:], torches=torches,
                      market=s.market[:slot] + (-1,) + s.market[slot + 1:], events=ev)


def apply_play(s, a):
    """Confirm: the chosen ruins go face up on the trick; on-play effects; going out; who is next."""
    p = s.to_move
    sel = s.selection
    rank, wild = s.rank, s.wild
    from .crafting import set_rank
    r = set_rank([(rank[c], wild[c]) for c in sel])
    following = s.last_player >= 0
    skip = 1 if following and r == s.last_rank else 0
    hand = tuple(c for c in s.hands[p] if c not in sel)
    light = draw = 0
    cards, ruins = s.cards, s.ruins
    for c in sel:
        lt, dr = on_play_effects(cards, c, ruins[c])
        light += lt
        draw += dr
    torches = s.torches
    ev = [f"{_name(s)} {'follows with' if following else 'leads'} "
          f"{text.a_rank(r) if len(sel) == 1 else f'a set of {len(sel)} {r}s'}: {text.play_words(s, sel)}."]
    if light:
        lit = min(TORCHES, torches[p] + light)
        ev.append(f"{_name(s)} lights {lit - torches[p]} torch(es) at once ({lit} lit).")
        torches = torches[:p] + (lit,) + torches[p + 1:]
    kept = tuple(d for d in s.market if d >= 0)
    market = (-1,) * (len(s.market) - len(kept)) + kept
    s = s._replace(hands=s.hands[:p] + (hand,) + s.hands[p + 1:], trick=tuple(sorted(s.trick + sel)),
                   last_play=sel, last_rank=r, last_player=p, passed=(), selection=(), torches=torches,
                   market=market, events=tuple(ev), resume=())
    if not hand:
        s = flow.go_out(s, p)
        if s.to_move is None:
            return s
    if flow.active_count(s) == 1:
        s = flow.end_round(s)
        return s if s.to_move is None else flow.after_turn(s)
    queue = ()
    if draw:
        n = len(s.players)
        order = tuple(q for q in ((p + k) % n for k in range(1, n)) if s.seated[q] and q not in s.out)
        queue = (order * draw)[:len(s.deck)]
        short = len(order) * draw - len(queue)
        s = s._replace(events=s.events + (
            f"Each opponent must draw {draw} ruin(s)"
            + (f"; the deck is short by {short}, so they draw in turn from {_name(s, order[0])}." if short else "."),))
    return flow.after_turn(s._replace(to_deal=queue, resume=("next", p, skip)))


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

from .why import why  # noqa: E402  (why() reads the helpers above)

__all__ = ["legal", "play", "why", "UNDECIDED"]
