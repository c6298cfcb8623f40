"""A hidden-information sampler for the analysis board: positions a player cannot tell apart from the real one.

The search behind the analysis board (`mars_rules.core.analyse`) must not peek: it plays on positions
sampled from what the player to move sees (`state.view(player)`), never on the real hidden position.
"""
from __future__ import annotations

from itertools import combinations
from math import comb, factorial

from mars_rules.core.state import check_seat

from .state import NO_FLIP, UNDECIDED

__all__ = ["determinize"]

CHOOSING = ("lead", "follow")  # another player's selection is hidden while it is chosen
PLAYED = ("claim", "discover")  # then its ruins are on the table (the view shows them), still in that hand
_DEALS = 8          # deals tried for another player's hidden selection before the real one is kept
_SUBSETS = 400      # selections of one hand checked at most


def determinize(state, player, rng):
    """A full position that `player` cannot tell apart from `state`: what `state.view(player)` shows is kept,
    and what it hides is dealt again at random with `rng` (a `random.Random`), uniformly among the deals the
    view allows.

    Dealt again: the ruins of the other players' hands and of the ruin deck (each hand and the deck keep their
    sizes; every ruin keeps its record, upgrades and night side, wherever it goes), the other players' secret
    night flips already chosen (one of the day-side ruins of the new hand, or none, uniformly), the ruins of a
    play another player is choosing (a selection of the new hand that can still become a legal play; once
    played, at the claims and discoveries, those ruins show and stay in that player's hand), and the
    seed of the chance stream (a fresh one, `rng.getrandbits(48)`: it would tell every future draw). During the
    night flips a ruin claimed by a seated player is in that player's hand or the deck, never another hand (the
    claimed ruins were just handed over). The discovery deck is kept: its make-up follows from the market and
    the ruins' records, and its order is the seed's. The hidden ruins are pooled in increasing id order, which
    the view alone decides, so the result depends only on the view and `rng`.

    >>> import random
    >>> import mars_rules.ruins as ruins
    >>> s = ruins.new_game(players=3, seed=7)
    >>> d = determinize(s, 0, random.Random(1))
    >>> d.view(0) == s.view(0), d.hands[0] == s.hands[0], d.hands[1] != s.hands[1], d.seed != s.seed
    (True, True, True, True)
    """
    if state.viewer >= 0:
        raise ValueError("determinize needs the full position, not a player's view")
    check_seat(state, player)
    n = len(state.players)
    hands = state.hands
    others = [q for q in range(n) if q != player and hands[q]]
    step = state.step
    t = state.to_move
    choosing = step in CHOOSING and state.selection and t != player
    played = state.selection if step in PLAYED and t != player else ()
    pool = list(state.deck)
    for q in others:
        pool += hands[q]
    if played:
        pool = [c for c in pool if c not in played]
    pool.sort()
    sizes = [len(hands[q]) - (len(played) if q == t else 0) for q in others]
    if step == "night_flip":
        new = _deal_claimed(state, player, others, pool, sizes, rng)
    elif choosing:
        new, selection = _deal_choosing(state, others, pool, sizes, rng)
    else:
        new = _deal(pool, sizes, rng)
    hands = list(hands)
    held = set()
    for q, h in zip(others, new):
        hands[q] = tuple(sorted(h + played)) if played and q == t else h
        held.update(h)
    deck = tuple([c for c in pool if c not in held])
    changes = {"hands": tuple(hands), "deck": deck}
    if choosing:
        changes["selection"] = selection
    if step == "night_flip":
        flips = list(state.flips)
        ruins = state.ruins
        for q in range(n):
            f = flips[q]
            if q == player or f == UNDECIDED or not state.seated[q]:
                continue
            choices = [NO_FLIP] + [c for c in hands[q] if not ruins[c][0]]
            flips[q] = choices[rng.randrange(len(choices))]
        changes["flips"] = tuple(flips)
    changes["seed"] = rng.getrandbits(48)
    return state._replace(**changes)


def _deal(pool, sizes, rng):
    """Hands of these sizes dealt at random from `pool` (sorted ids): sorted tuples."""
    total = sum(sizes)
    if not total:
        return [() for _ in sizes]
    got = rng.sample(pool, total)
    out = []
    at = 0
    for k in sizes:
        out.append(tuple(sorted(got[at:at + k])))
        at += k
    return out


def _deal_claimed(state, player, others, pool, sizes, rng):
    """The deal during the night flips: a ruin claimed by a seated player has gone to that player (or stayed in
    the deck). Uniform over the deals allowed: first how many of each player's claimed ruins they hold (weighted
    by the number of deals with that many), then which ones, then the free ruins."""
    ruins, seated = state.ruins, state.seated
    seat_of = {q: i for i, q in enumerate(others)}
    claimed = [[] for _ in others]
    deck_only = 0
    free = []
    for c in pool:
        owner = ruins[c][1]
        if owner < 0 or not seated[owner]:
            free.append(c)
        elif owner in seat_of:
            claimed[seat_of[owner]].append(c)
        else:
            deck_only += 1          # claimed by someone whose hand holds no such hidden card: the deck
    if not any(claimed):
        return _deal(free, sizes, rng) if deck_only else _deal(pool, sizes, rng)
    room = len(pool) - sum(sizes) - deck_only   # deck places left for claimed or free ruins
    # every split (x_q of seat q's claimed ruins in its hand), with its number of deals
    splits = [((), 1.0, 0)]
    for i, group in enumerate(claimed):
        c, h = len(group), sizes[i]
        nxt = []
        for xs, w, in_deck in splits:
            for x in range(min(c, h) + 1):
                nxt.append((xs + (x,), w * comb(c, x) / factorial(h - x), in_deck + c - x))
        splits = nxt
    options = [(xs, w / factorial(room - in_deck)) for xs, w, in_deck in splits if in_deck <= room]
    total = sum(w for _, w in options)
    r = rng.random() * total
    for xs, w in options:
        r -= w
        if r < 0:
            break
    out = [rng.sample(group, xs[i]) if xs[i] else [] for i, group in enumerate(claimed)]
    # the free ruins fill the hands; the claimed ruins not held go to the deck
    need = [sizes[i] - xs[i] for i in range(len(others))]
    got = rng.sample(free, sum(need))
    at = 0
    for i, k in enumerate(need):
        out[i] = tuple(sorted(out[i] + got[at:at + k]))
        at += k
    return out


def _deal_choosing(state, others, pool, sizes, rng):
    """The deal while another player (to move) is choosing the ruins of a play the view hides: their hand and
    a selection of it that can still become the play (`invariants`' check of a selection). Deals are tried until
    one allows such a selection, chosen uniformly among them; after `_DEALS` misses the real hand and
    selection of the player to move are kept (only the others are dealt again)."""
    from .invariants import _completable
    t = state.to_move
    i = others.index(t)
    k = len(state.selection)
    for _ in range(_DEALS):
        new = _deal(pool, sizes, rng)
        hand = new[i]
        fits = []
        for j, sel in enumerate(combinations(hand, k)):
            if j >= _SUBSETS:
                break
            trial = state._replace(hands=state.hands[:t] + (hand,) + state.hands[t + 1:], selection=sel)
            if _completable(trial, t):
                fits.append(sel)
        if fits:
            sel = list(fits[rng.randrange(len(fits))])
            rng.shuffle(sel)        # the order of the picks
            return new, tuple(sel)
    rest = [c for c in pool if c not in state.hands[t]]
    new = _deal(rest, sizes[:i] + sizes[i + 1:], rng)
    new.insert(i, state.hands[t])
    return new, state.selection
