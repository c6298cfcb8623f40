"""Crafting: a ruin's rank and effects, the rank of a set, and whether a chosen play can be completed.

Sections "Crafting Cards", "Discovery Effects" and "Clarifications & Tips":

- a ruin's rank is its printed rank (day or night side) plus every added "+rank" (they stack, no cap);
- a wild ruin played with other ruins takes the set's rank (its added ranks are ignored); played
  alone it uses printed plus added rank; a set of only wild ruins has the highest of their ranks
  (ASSUMED: the rulebook does not cover an all-wild set);
- a set must share one rank after the upgrades added this turn (rank changes are mandatory).

`completable` answers "can the ruins chosen so far still become a legal play with discoveries the
player can afford?", so the sub-step flow (choose, claim, discover, confirm) never reaches a dead end.
"""
from __future__ import annotations

SINGLE, SET, PARTIAL = 0, 1, 2
"""Modes: one ruin played alone; a finished set; a set still being chosen (more ruins to come)."""


def rank_and_wild(cards, cid: int, ruin) -> tuple:
    """(printed rank + added ranks, 1 if wild) for ruin `cid` with record `ruin`."""
    rank = cards.night[cid] if ruin[0] else cards.day[cid]
    wild = 0
    effects = []
    if ruin[0] and cards.night_effect[cid] is not None:
        effects.append(cards.night_effect[cid])
    for d in ruin[2:]:
        if d >= 0:
            effects.append(cards.disc_effect[d])
    for kind, amount in effects:
        if kind == "rank":
            rank += amount
        elif kind == "wild":
            wild = 1
    return rank, wild


def on_play_effects(cards, cid: int, ruin) -> tuple:
    """(torches lit, ruins each opponent draws) when ruin `cid` is played."""
    light = draw = 0
    effects = []
    if ruin[0] and cards.night_effect[cid] is not None:
        effects.append(cards.night_effect[cid])
    for d in ruin[2:]:
        if d >= 0:
            effects.append(cards.disc_effect[d])
    for kind, amount in effects:
        if kind == "light":
            light += amount
        elif kind == "draw":
            draw += amount
    return light, draw


def set_rank(pairs) -> int:
    """The rank of a play from its (rank, wild) pairs, or -1 if the ruins do not form a set."""
    if len(pairs) == 1:
        return pairs[0][0]
    r = -1
    top = -1
    for rank, wild in pairs:
        if wild:
            if rank > top:
                top = rank
        elif r < 0:
            r = rank
        elif rank != r:
            return -1
    return r if r >= 0 else top


def _ok(pairs, min_rank, mode) -> bool:
    if mode == PARTIAL:
        r = -1
        for rank, wild in pairs:
            if not wild:
                if r < 0:
                    r = rank
                elif rank != r:
                    return False
        return r < 0 or r >= min_rank
    return set_rank(pairs) >= min_rank


_memo: dict = {}


def completable(items, min_rank: int, mode: int, offers, budget: int) -> bool:
    """Can the chosen ruins become a legal play by buying some of `offers`?

    items: ((rank, wild, free_positions_mask), ...) for the chosen ruins;
    offers: ((cost, position, kind, amount), ...) the market cards that change rank ("rank", "wild");
    budget: lit torches. Brute force over who gets which offer (at most 4 offers, a few ruins), memoised.
    """
    pairs = [(r, w) for r, w, _ in items]
    if _ok(pairs, min_rank, mode):
        return True
    offers = tuple(o for o in offers if o[0] <= budget)
    if not offers:
        return False
    if mode != SET:
        # cheap refusals: no wild to buy, and even every affordable "+rank" cannot lift the lowest ruin
        if all(o[2] == "rank" for o in offers):
            low = min((r for r, w in pairs if not w), default=None)
            if low is not None and low + sum(o[3] for o in offers) < min_rank:
                return False
    key = (tuple(items), min_rank, mode, offers, budget)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    if len(_memo) > 200_000:
        _memo.clear()
    result = _search(list(items), min_rank, mode, offers, 0, budget)
    _memo[key] = result
    return result


def _search(items, min_rank, mode, offers, i, budget) -> bool:
    if i == len(offers):
        return _ok([(r, w) for r, w, _ in items], min_rank, mode)
    if _search(items, min_rank, mode, offers, i + 1, budget):
        return True
    cost, pos, kind, amount = offers[i]
    if cost > budget:
        return False
    bit = 1 << pos
    for j, (r, w, free) in enumerate(items):
        if not free & bit:
            continue
        if w and mode == PARTIAL or (w and mode == SET and not all(x[1] for x in items)):
            continue  # a wild ruin in a mixed set ignores added ranks: an offer there cannot help
        items[j] = (r + amount, w, free & ~bit) if kind == "rank" else (r, 1, free & ~bit)
        found = _search(items, min_rank, mode, offers, i + 1, budget - cost)
        items[j] = (r, w, free)
        if found:
            return True
    return False
