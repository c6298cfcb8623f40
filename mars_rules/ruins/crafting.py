"""Crafting: a ruin's rank and effects, the rank of a set, and whether a chosen play can be completed.

Sections "Crafting Cards", "Discovery Effects" and "Clarifications & Tips":

- a ruin's rank is its printed rank (day or night side) plus every added "+rank" (they stack, no cap);
- a wild ruin played with other ruins takes the set's rank (its added ranks are ignored); played
  alone it uses printed plus added rank; a set of only wild ruins has the highest of their ranks
  (ASSUMED: the rulebook does not cover an all-wild set);
- a set must share one rank after the upgrades added this turn (rank changes are mandatory).

`completable` answers "can the ruins chosen so far still become a legal play with discoveries the
player can afford?" when the costs simply add up; with "light" discoveries in the market, which light
torches at once and so pay for later buys, `orderable` lists the sets of cards buyable in some order and
`completable_lit` / `play_search` decide (play_search also chooses the ruins still to add: the rule of
a pick, legal.play_exists), so the sub-step flow (choose, claim, discover, confirm) never reaches a dead end.
"""
from __future__ import annotations

SINGLE, SET, PARTIAL = 0, 1, 2
"""Modes: one ruin played alone; a finished set; a set still being chosen (more ruins to come)."""


def effects_of(cards, cid: int, ruin) -> list:
    """The effects [(kind, amount), ...] of ruin `cid` with record `ruin`: its night side's, if face up,
    then each added discovery's."""
    effects = []
    if ruin[0] and cards.night_effect[cid] is not None:
        effects.append(cards.night_effect[cid])
    for d in ruin[2:]:
        if d >= 0:
            effects.append(cards.disc_effect[d])
    return effects


def derived(cards, cid: int, ruin) -> tuple:
    """What a State keeps of ruin `cid` with record `ruin` beside the record (never written to JSON): (rank,
    wild, free positions, torches lit, ruins drawn): its printed rank plus every "+rank", 1 if a "wild"
    effect is on it, the positions with no discovery as a mask (1 top, 2 middle, 4 bottom), and what its
    "light" and "draw" effects add up to when it is played.

    >>> from mars_rules.ruins.data import DEFAULT_CARDS
    >>> derived(DEFAULT_CARDS, 0, (0, -1, -1, -1, -1))   # ruin #0 as dealt: rank 1, every position free
    (1, 0, 7, 0, 0)
    """
    rank = cards.night[cid] if ruin[0] else cards.day[cid]
    wild = light = draw = 0
    for kind, amount in effects_of(cards, cid, ruin):
        if kind == "rank":
            rank += amount
        elif kind == "wild":
            wild = 1
        elif kind == "light":
            light += amount
        elif kind == "draw":
            draw += amount
    return rank, wild, (ruin[2] < 0) | ((ruin[3] < 0) << 1) | ((ruin[4] < 0) << 2), light, draw


def with_record(cards, fields, cid: int, ruin) -> tuple:
    """`fields` (a State's `ruins`, `rank`, `wild`, `free`, `light` and `draw`: state.RUIN_FIELDS) with ruin
    `cid`'s record set to `ruin` and its derived values following it.

    >>> from mars_rules.ruins.data import DEFAULT_CARDS
    >>> fields = with_record(DEFAULT_CARDS, ((None,), (0,), (0,), (0,), (0,), (0,)), 0, (0, -1, -1, -1, -1))
    >>> [f[0] for f in fields]
    [(0, -1, -1, -1, -1), 1, 0, 7, 0, 0]
    """
    ruins, rank, wild, free, light, draw = fields
    rk, w, fr, lit, dr = derived(cards, cid, ruin)
    end = cid + 1  # written out, not a loop over the fields: a discovery (random play's hot path) comes here
    return (ruins[:cid] + (ruin,) + ruins[end:], rank[:cid] + (rk,) + rank[end:], wild[:cid] + (w,) + wild[end:],
            free[:cid] + (fr,) + free[end:], light[:cid] + (lit,) + light[end:], draw[:cid] + (dr,) + draw[end:])


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


def completable(items, min_rank: int, mode: int, offers, budget: int) -> bool:
    """Can the chosen ruins become a legal play by buying some of `offers`?

    items: ((rank, wild, free_positions_mask), ...) for the chosen ruins;
    offers: ((cost, position, kind, amount), ...) the market cards that change rank ("rank", "wild");
    budget: lit torches. Quick answers first, then `_solve` (at most 4 offers, a few ruins).
    """
    pairs = [(r, w) for r, w, _ in items]
    if _ok(pairs, min_rank, mode):
        return True
    for o in offers:
        if o[0] > budget:  # callers often pass offers already affordable: filter only when needed
            offers = tuple(o for o in offers if o[0] <= budget)
            break
    if not offers:
        return False
    if len(items) == 1:
        rank, wild, free = items[0]
        if wild and mode == PARTIAL:
            return True
        sums, can_wild = _reach(free, offers, budget)
        return rank + sums[-1] >= min_rank or (can_wild and mode == PARTIAL)
    if len(offers) == 1:  # one offer left: the play is legal with it on one of the ruins, or not at all
        _cost, pos, kind, amount = offers[0]
        bit = 1 << pos
        for j, (r, w, free) in enumerate(items):
            if free & bit:
                pairs[j] = (r + amount, w) if kind == "rank" else (r, 1)
                if _ok(pairs, min_rank, mode):
                    return True
                pairs[j] = (r, w)
        return False
    if len(offers) == 2:  # two offers: each to no ruin or to one with that position free (n^2 + 2n tries at most)
        (c0, p0, k0, a0), (c1, p1, k1, a1) = offers
        b0, b1 = 1 << p0, 1 << p1
        both = c0 + c1 <= budget
        for j0 in range(-1, len(items)):
            if j0 >= 0:
                r, w, free = items[j0]
                if not free & b0:
                    continue
                pairs[j0] = (r + a0, w) if k0 == "rank" else (r, 1)
                if _ok(pairs, min_rank, mode):
                    return True
                if not both:
                    pairs[j0] = (r, w)
                    continue
            for j1, (r1, w1, free1) in enumerate(items):
                if not free1 & b1 or (j1 == j0 and p0 == p1):
                    continue
                now = pairs[j1]
                pairs[j1] = (now[0] + a1, now[1]) if k1 == "rank" else (now[0], 1)
                found = _ok(pairs, min_rank, mode)
                pairs[j1] = now
                if found:
                    return True
            if j0 >= 0:
                pairs[j0] = (r, w)
        return False
    if mode != SINGLE:
        # the usual case: the ruins chosen before agree and the newest one does not
        rank, wild, free = items[-1]
        common = -1
        others = 0
        for r, w in pairs[:-1]:
            if not w:
                others += 1
                if common == -1:
                    common = r
                elif r != common:
                    common = -2  # they disagree already
        if common >= 0 and not wild:
            sums, can_wild = _reach(free, offers, budget)
            if common >= min_rank and (can_wild or common - rank in sums):
                return True
            if others > len(offers):
                return False  # the newest cannot join them: every other ruin would need a discovery
            if others == 1 and rank >= min_rank:  # or the one other ruin joins the newest
                j = next(i for i, (r, w) in enumerate(pairs[:-1]) if not w)
                sums_j, wild_j = _reach(items[j][2], offers, budget)
                if wild_j or rank - common in sums_j:
                    return True
    if mode != SET:
        # cheap refusals: no wild to buy, and even every affordable "+rank" cannot lift the lowest ruin
        if all(o[2] == "rank" for o in offers):
            low = min((r for r, w in pairs if not w), default=None)
            if low is not None and low + sum(o[3] for o in offers) < min_rank:
                return False
    return _solve(items, min_rank, mode, offers, budget)


def _solve(items, min_rank, mode, offers, budget) -> bool:
    """The answer of `_search` (two ruins or more, SET or PARTIAL), by a small dynamic programme.

    Each ruin's ways of taking offers are listed once (`_options`). Going through the ruins, a state is
    (offers used, the rank every plain ruin so far ends at, or -1 while all are wild) with its lowest
    cost; a ruin joins by ending at that rank or becoming wild. A finished set whose ruins all end wild is
    checked apart (its rank is then the highest of theirs)."""
    # a quick refusal first: the ranks each plain ruin can reach on its own (when it cannot become wild)
    # must have one in common, at least min_rank
    if common_reach(items, offers, budget, min_rank) == set():
        return False
    states = solve_base(items, min_rank, offers, budget)
    if states is None:
        return False
    if mode == PARTIAL or any(rank >= 0 for _m, rank in states):
        return True
    # SET, every plain ruin made wild: the set's rank is the highest final rank (wild ruins may take offers)
    states = {(0, -1): 0}
    for r, w, free in items:
        nxt = {}
        opts = _options(free, offers, budget)
        for (mask, top), cost in states.items():
            for m, c, plus, wild in opts:
                if mask & m or c + cost > budget or not (wild or w):
                    continue
                key = (mask | m, max(top, r + plus))
                c += cost
                old = nxt.get(key)
                if old is None or c < old:
                    nxt[key] = c
        if not nxt:
            return False
        states = nxt
    return any(top >= min_rank for _m, top in states)


def common_reach(items, offers, budget, min_rank, common=None):
    """The ranks (at least min_rank) that every plain ruin of `items` unable to turn wild can reach on its own
    with the affordable `offers`, intersected with `common`; None if no ruin constrains them. An empty set
    means no play with these ruins can be completed (a necessary condition of completable)."""
    for rk, w, free in items:
        if not w:
            gains, can_wild = _reach(free, offers, budget)
            if not can_wild:
                reach = {rk + g for g in gains if rk + g >= min_rank}
                common = reach if common is None else common & reach
                if not common:
                    return common
    return common


def solve_base(items, min_rank, offers, budget):
    """The first pass of `_solve` over the ruins `items` (SET or PARTIAL alike): {(offers used, common end
    rank or -1): lowest cost}, or None if no way remains. Made once for the chosen ruins of a play, then
    `solve_join` tries each ruin that may join them."""
    states = {(0, -1): 0}
    for r, w, free in items:
        if w:
            continue  # a wild ruin fits any rank: it needs no offer here
        nxt = {}
        opts = _options(free, offers, budget)
        for (mask, rank), cost in states.items():
            for m, c, plus, wild in opts:
                if mask & m or c + cost > budget:
                    continue
                if wild:
                    key = (mask | m, rank)
                else:
                    end = r + plus
                    if end < min_rank or (rank >= 0 and end != rank):
                        continue
                    key = (mask | m, end)
                c += cost
                old = nxt.get(key)
                if old is None or c < old:
                    nxt[key] = c
        if not nxt:
            return None
        states = nxt
    return states


def solve_join(states, items, item, min_rank, offers, budget) -> bool:
    """`_solve(items + [item], min_rank, SET, offers, budget)` for a plain (not wild) `item`, with
    `states = solve_base(items, min_rank, offers, budget)` made once for the ruins `items`."""
    if states is None:
        return False
    r, _w, free = item
    all_wild = False
    for m, c, plus, wild in _options(free, offers, budget):
        for (mask, rank), cost in states.items():
            if mask & m or c + cost > budget:
                continue
            if wild:
                if rank >= 0:
                    return True
                all_wild = True  # every plain ruin ends wild: the second pass of _solve decides
            else:
                end = r + plus
                if end >= min_rank and (rank < 0 or end == rank):
                    return True
    if all_wild:
        return _solve(list(items) + [item], min_rank, SET, offers, budget)
    return False


_options_memo: dict = {}
_every_way_memo: dict = {}


def _options(free: int, offers: tuple, budget: int) -> tuple:
    """Every way one ruin with free positions `free` can take some of `offers` within `budget`:
    ((offer mask, cost, rank added, becomes wild), ...), taking nothing first, then by mask. Read off
    `_every_way` of the offers (kept per offers tuple: a market's offers are asked of every ruin, at each
    budget): a way is kept when its positions are free and its cost within the budget.

    >>> _options(0b011, ((1, 0, "rank", 2), (1, 2, "wild", 0), (1, 1, "rank", 1)), 2)
    ((0, 0, 0, False), (1, 1, 2, False), (4, 1, 1, False), (5, 2, 3, False))
    """
    key = (free, offers, budget)
    hit = _options_memo.get(key)
    if hit is not None:
        return hit
    rows = _every_way_of(offers)
    taken = ~free
    if len(_options_memo) > 50_000:
        _options_memo.clear()
    result = _options_memo[key] = tuple([way for way, used, cost in rows if cost <= budget and not used & taken])
    return result


def _every_way_of(offers: tuple) -> list:
    """`_every_way(offers)`, kept per offers tuple (or market cards tuple)."""
    rows = _every_way_memo.get(offers)
    if rows is None:
        if len(_every_way_memo) > 20_000:
            _every_way_memo.clear()
        rows = _every_way_memo[offers] = _every_way(offers)
    return rows


def _every_way(offers: tuple) -> list:
    """Every way one ruin with all positions free can take some of `offers` (at most one card per position),
    by mask: [((offer mask, cost, rank added, becomes wild), positions used, cost), ...]. A way is within a
    budget when its whole cost is: costs are never negative (a market cost is 1 to 10 torches), so every
    part of it is too.

    >>> [w for w, _used, _cost in _every_way(((1, 0, "rank", 2), (2, 0, "wild", 0)))]
    [(0, 0, 0, False), (1, 1, 2, False), (2, 2, 0, True)]
    """
    ways = [(0, 0, 0, False, 0)]  # (mask, cost, plus, wild, positions used), grown one offer at a time
    for i, (c, pos, kind, amount) in enumerate(offers):
        bit = 1 << pos
        rank = kind == "rank"
        # the masks added all hold bit i, above every mask so far: the list stays in mask order
        turns = kind == "wild"  # a "light" or "draw" card (market cards, `_ways`) adds no rank and turns nothing
        ways += [(mask | 1 << i, cost + c, plus + amount if rank else plus, wild or turns, used | bit)
                 for mask, cost, plus, wild, used in ways if not used & bit]
    return [(w[:4], w[4], w[1]) for w in ways]


def _search(items, min_rank, mode, offers, i, budget) -> bool:
    """The exhaustive reference for `_solve` (every offer to nobody or to one ruin); the tests compare them."""
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
        if w and mode == PARTIAL:
            continue  # a wild ruin in an unfinished set fits whatever comes: an offer there cannot help
        items[j] = (r + amount, w, free & ~bit) if kind == "rank" else (r, 1, free & ~bit)
        found = _search(items, min_rank, mode, offers, i + 1, budget - cost)
        items[j] = (r, w, free)
        if found:
            return True
    return False


_reach_memo: dict = {}


def _reach(free: int, offers: tuple, budget: int) -> tuple:
    """For one ruin with free positions `free`: (sorted rank gains the offers can add, can it become wild)."""
    key = (free, offers, budget)
    hit = _reach_memo.get(key)
    if hit is not None:
        return hit
    options = _options(free, offers, budget)
    result = (tuple(sorted({plus for _, _, plus, _ in options})), any(wild for *_, wild in options))
    if len(_reach_memo) > 50_000:
        _reach_memo.clear()
    _reach_memo[key] = result
    return result


# ----- plans with "light" discoveries -------------------------------------------------------------
# A "light" discovery bought this turn lights torches at once ("Discovery Effects": every effect is
# active immediately), so it can pay for another discovery of the same turn: the torches of a plan
# depend on the order of its buys, and `completable`'s budget (a sum of costs) no longer decides.

_orderable_memo: dict = {}


def orderable(cards: tuple, torches: int, most: int) -> frozenset:
    """The sets of `cards` ((cost, position, kind, amount), ...; as bit masks) that can all be bought, one
    at a time in some order, starting with `torches` lit: each costs what it costs when bought, and a
    "light" card then lights `amount` more, at most up to `most`.

    >>> light, plus3 = (1, 2, "light", 2), (3, 0, "rank", 3)
    >>> sorted(orderable((plus3, light), 2, 3))   # the light first (2 - 1 + 2 = 3), then the +3
    [0, 2, 3]
    """
    key = (cards, torches, most)
    hit = _orderable_memo.get(key)
    if hit is not None:
        return hit
    seen = set()
    todo = [(0, torches)]
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        mask, lit = here
        for i, (cost, _pos, kind, amount) in enumerate(cards):
            if not mask & 1 << i and cost <= lit:
                left = lit - cost
                todo.append((mask | 1 << i, min(most, left + amount) if kind == "light" else left))
    if len(_orderable_memo) > 20_000:
        _orderable_memo.clear()
    result = _orderable_memo[key] = frozenset(mask for mask, _lit in seen)
    return result


def completable_lit(items, min_rank: int, mode: int, cards: tuple, torches: int, most: int) -> bool:
    """`completable` for a finished play (SINGLE or SET) when `cards` may hold "light" discoveries: some
    of `cards` go on the ruins `items` ((rank, wild, free positions mask), ...), one per free position,
    bought in an order the torches allow (`orderable`), and the ruins then form a legal play.

    A dynamic programme over the ruins: a state is (cards used, the rank every plain ruin ends at or -1,
    the highest rank of the ruins ending wild); only card sets inside a buyable set are kept.

    >>> light, plus3 = (1, 2, "light", 2), (3, 0, "rank", 3)
    >>> completable_lit([(6, 0, 0b111)], 9, SINGLE, (plus3, light), 2, 3)
    True
    >>> completable_lit([(6, 0, 0b011)], 9, SINGLE, (plus3, light), 2, 3)   # no free bottom for the light
    False
    """
    buyable = orderable(cards, torches, most)
    inside = _subsets(buyable)  # every subset of a buyable set
    states = {(0, -1, -1)}
    for rank, wild, free in items:
        ways = _ways(free, cards)
        nxt = set()
        for used, plus, becomes_wild in ways:
            end = rank + plus
            is_wild = mode != SINGLE and (wild or becomes_wild)
            if not is_wild and end < min_rank:
                continue
            for mask, common, top in states:
                if mask & used or mask | used not in inside:
                    continue
                if is_wild:
                    nxt.add((mask | used, common, max(top, end)))
                elif common < 0 or end == common:
                    nxt.add((mask | used, end, top))
        if not nxt:
            return False
        states = nxt
    for mask, common, top in states:
        if mask in buyable and (common >= min_rank if common >= 0 else top >= min_rank):
            return True
    return False


_ways_memo: dict = {}


def _ways(free: int, cards: tuple) -> tuple:
    """Every way one ruin with free positions `free` can take some of `cards`, one per position:
    ((cards mask, rank added, becomes wild), ...), taking nothing first."""
    key = (free, cards)
    hit = _ways_memo.get(key)
    if hit is None:
        if len(_ways_memo) > 20_000:
            _ways_memo.clear()
        hit = _ways_memo[key] = _list_ways(free, cards)
    return hit


def _list_ways(free: int, cards: tuple) -> tuple:
    """`_ways` read off `_every_way` of the cards: the ways whose positions are all free, by mask."""
    taken = ~free
    # a tuple of plain values: the garbage collector can skip it
    return tuple([(mask, plus, wild) for (mask, _c, plus, wild), used, _cost in _every_way_of(cards)
                  if not used & taken])


_subsets_memo: dict = {}


def _subsets(masks: frozenset) -> frozenset:
    """Every subset of a mask of `masks` (an `orderable` answer, kept by its id with the set itself)."""
    hit = _subsets_memo.get(id(masks))
    if hit is not None and hit[0] is masks:
        return hit[1]
    inside = set()
    for mask in masks:
        sub = mask
        while True:
            inside.add(sub)
            if not sub:
                break
            sub = (sub - 1) & mask
    if len(_subsets_memo) > 20_000:
        _subsets_memo.clear()
    result = frozenset(inside)
    _subsets_memo[id(masks)] = (masks, result)
    return result


def play_search(must, optional, count, min_rank: int, cards: tuple, torches: int, most: int) -> bool:
    """Is there a legal play made of every ruin of `must` and some of `optional` (exactly `count` of them,
    or any number if `count` is None), with some of `cards` bought in an order the torches allow?

    Ruins are (rank, wild, free positions mask, torches their own effects light); `cards` are
    ((cost, position, kind, amount), ...), "light" included; `torches` lit now, at most `most`. The own
    light of the ruins played is lit before any buy (at most up to `most`). Exact: for each rank R the play
    could have (every plain ruin ends at R, wild ruins fit it), and for a set of wild ruins only (its rank
    is their highest), a dynamic programme over the ruins whose state is (cards used, ruins added, torches
    their own light adds, a plain ruin at R yet / the highest wild rank), keeping card sets inside a set
    buyable with the most torches any play could have.

    >>> light, plus3 = (1, 2, "light", 2), (3, 0, "rank", 3)
    >>> play_search([(6, 0, 0b111, 0)], [], 0, 9, (plus3, light), 2, 3)
    True
    >>> play_search([(8, 0, 0b111, 0)], [(3, 0, 0b111, 0)], 1, 8, (plus3, light), 2, 3)  # a 3 never joins an 8
    False
    """
    if count is None and min_rank <= 0:
        # a lead: an optional ruin with no own light and no free position for a "light" card never helps.
        # Taken out of a play with its cards, the rest is still a play (one ruin, one rank, or wild ruins
        # only, any rank will do), and each later buy is still affordable (torches lit only grow)
        hosts = 0
        for _cost, pos, kind, _amount in cards:
            if kind == "light":
                hosts |= 1 << pos
        optional = [x for x in optional if x[3] or x[2] & hosts]
    n = len(must) + (len(optional) if count is None else count)
    if count is not None and count > len(optional):
        return False
    extra = most - torches if torches < most else 0  # the most the ruins' own light can add
    top_lit = min(extra, sum([x[3] for x in must]) + sum(sorted([x[3] for x in optional])[::-1][:n]))
    buyable = [orderable(cards, torches + k, most) for k in range(top_lit + 1)]
    inside = _subsets(buyable[-1])
    seq = list(must) + list(optional)
    ways = {}
    sorted_ways = {}  # per ruin: ({end rank: its ways ending plain there}, its ways ending wild), each in `ways` order
    for x in seq:
        if x not in ways:
            rank, wild, free, _light = x
            ways[x] = [(used, rank + plus, wild or becomes_wild) for used, plus, becomes_wild in _ways(free, cards)
                       if used in inside]
            plain, wild_ways = {}, []
            for way in ways[x]:
                if way[2]:
                    wild_ways.append(way)
                else:
                    plain.setdefault(way[1], []).append(way)
            sorted_ways[x] = (plain, wild_ways)
    if n == 1:  # a single ruin: printed plus added rank, wild or not
        x = must[0] if must else None
        for used, end, _w in ways[x] if x else ():
            if end >= min_rank and used in buyable[min(extra, x[3])]:
                return True
        return False
    # the ranks the play can have: those every ruin of `must` can end at (or any, if it can turn wild)
    ends = {end for x in ways for _u, end, w in ways[x] if not w and end >= min_rank}
    all_wild = True
    for x in must:
        if not any(w for _u, _e, w in ways[x]):
            ends &= {end for _u, end, _w in ways[x]}
            all_wild = False
    for target in sorted(ends) + ([None] if all_wild else []):  # None: every ruin ends wild
        # each ruin's ways fitting the target (ending there plain, or wild), the way taking no card first if it fits
        fits = []
        for x in seq:
            plain, wild_ways = sorted_ways[x]
            at = plain.get(target) if target is not None else None
            fits.append(at + wild_ways if at and wild_ways else at or wild_ways)
        if count is not None and sum(1 for f in fits[len(must):] if f) < count:
            continue
        states = {(0, 0, 0, -1)}  # (cards used, ruins added, own light, plain at target (1) or highest wild rank)
        for i, x in enumerate(seq):
            optional_one = i >= len(must)
            options = fits[i]
            if optional_one and not options:
                continue
            # an optional ruin left out keeps the states as they are; with no count (a lead), one fitting as it
            # is (a way using no card) is better in: the same cards, as much light or more, a mark as good
            nxt = set(states) if optional_one and (count is not None or options[0][0]) else set()
            light = x[3]
            step = optional_one if count is not None else 0  # ruins added are counted only for a follow
            for mask, added, lit, mark in states:
                if optional_one and count is not None and added == count:
                    continue
                lit_now = lit + light if lit + light < extra else extra
                for used, end, w in options:
                    if mask & used or mask | used not in inside:
                        continue
                    if target is None:
                        new_mark = end if end > mark else mark
                    else:
                        new_mark = 1 if not w else mark
                    nxt.add((mask | used, added + step, lit_now, new_mark))
            states = nxt
            if not states:
                break
        for mask, added, lit, mark in states:
            if (count is None or added == count) and mask in buyable[lit] and \
                    (mark >= min_rank if target is None else mark == 1):
                return True
    return False
