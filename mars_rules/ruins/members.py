"""The ruins of a hand that belong to some complete follow, all found in one pass (no search per ruin).

Sections "Player Turns", "Upgrading Ruins" and "Clarifications & Tips", for a follow of `need` ruins
(2 or more) when the discoveries bought simply add up (no "light" card can be bought in any play): a
play of rank R is some ruins taking discoveries (a set Y, at most one card per position, the costs
within the torches) and the others "fitters", as they are (of rank R, or wild). A fitter never needs a
discovery: dropping its buys keeps the play legal and affordable. A set of wild ruins only has the
highest of their ranks; there a wild ruin may still take a "+rank" card, so it may be in Y or a fitter.

So for each rank R (and for the all-wild sets) the plays are the affordable sets Y completed by enough
fitters, and the ruins of a play are read off each Y at once: `members`, exact (the tests compare it
with crafting.play_search, one search per ruin).

>>> members([(5, 0, 0), (5, 0, 0), (2, 0, 0)], (), 2, 4, (), 3)   # two 5s follow a pair of 4s; not the 2
{0, 1}
"""
from __future__ import annotations

from .crafting import _options


def members(items, must, need: int, min_rank: int, offers: tuple, budget: int) -> set:
    """The indices of `items` ((rank, wild, free positions), ...) in some legal play of exactly `need`
    ruins (2 or more) of rank `min_rank` or higher holding every index of `must`, with some of `offers`
    (the rank-changing cards, (cost, position, kind, amount)) bought within `budget` (costs adding up)."""
    n = len(items)
    if n < need or len(must) > need:
        return set()
    if not offers:
        return _as_they_are(items, must, need, min_rank)
    found = set()
    at = {}  # plain rank -> the plain ruins of that rank (fitters, taking nothing)
    wilds = []
    to = {}  # end rank (at least min_rank, not its own) -> [(plain ruin, its ways to end there plain), ...]
    turners = []  # [(plain ruin, its ways to turn wild), ...]
    known = _shifts_table(offers)  # _shifts's answers for these offers
    for i, (rk, w, free) in enumerate(items):
        if w:
            wilds.append(i)
            continue
        at.setdefault(rk, []).append(i)
        plain, turns, _tp, _all = known.get((free, budget)) or _shifts(free, offers, budget)
        if turns:
            turners.append((i, turns))
        for plus, ways in plain:
            if rk + plus >= min_rank:
                to.setdefault(rk + plus, []).append((i, ways))
    targets = [R for R in at if R >= min_rank]
    targets += [R for R in to if R not in at]
    spare = len(wilds) + len(turners)
    for target in targets:
        plains = at.get(target, ())
        joining = to.get(target, ())
        if len(plains) + len(joining) + spare >= need and \
                _plays_of_rank(found, items, must, need, target, plains, wilds, joining, turners, budget) and \
                len(found) == n:
            return found
    # the sets of wild ruins only: every ruin ends wild, the set has the highest of their ranks
    if len(wilds) + sum(1 for o in offers if o[2] == "wild") < need:
        return found
    for i in must:
        if not items[i][1] and not _shifts(items[i][2], offers, budget)[1]:
            return found  # a chosen plain ruin that cannot turn wild
    fit = sorted(wilds, key=lambda i: -items[i][0])
    cands = []
    cand_ways = []  # their ways to end wild: (mask, cost, final rank)
    for i, (rk, w, free) in enumerate(items):
        ways = _shifts(free, offers, budget)[3 if w else 2]
        if ways:
            cands.append(i)
            cand_ways.append([(m, c, rk + plus) for m, c, plus in ways])
    _read_plays(found, need, must, min_rank, fit, [items[i][0] for i in fit], cands, cand_ways, budget)
    return found


def _plays_of_rank(found, items, must, need, target, plains, wilds, joining, turners, budget) -> bool:
    """Add to `found` the ruins of every play of `need` ruins holding `must` whose plain ruins all end at rank
    `target` (one at least): `plains` of that rank and `wilds` fit as they are; the others (a set Y) take
    cards, disjoint, within `budget`: `joining` [(ruin, ways to end at target plain)], `turners` [(ruin,
    ways to turn wild)]. Whether `found` grew."""
    ways = {}  # the ruins that can take cards toward this rank: their ways (mask, cost, 1 if it ends plain)
    for i, w in joining:
        ways[i] = w
    for i, w in turners:
        if items[i][0] != target:
            ways[i] = ways[i] + w if i in ways else w
    must_fit = 0  # chosen ruins fitting as they are
    plain_held = False  # a chosen ruin of rank `target`
    forced = []  # chosen ruins that must take cards
    for i in must:
        if items[i][1]:
            must_fit += 1
        elif items[i][0] == target:
            must_fit += 1
            plain_held = True
        elif i in ways:
            forced.append(i)
        else:
            return False
    if found.issuperset(ways) and found.issuperset(plains) and found.issuperset(wilds):
        return False
    size = len(found)
    spare = len(plains) + len(wilds) - must_fit  # fitters not chosen
    spare_plains = [i for i in plains if i not in must]
    cap = need - must_fit  # the most ruins Y can hold
    stack = [(0, 0, 0, (), False)]  # (next of `rest`, cards used, cost, Y, a ruin of Y ends plain)
    for i in forced:
        stack = [(0, mask | m, cost + c, ys + (i,), plain or p) for _k, mask, cost, ys, plain in stack
                 for m, c, p in ways[i] if not mask & m and cost + c <= budget]
        if not stack:
            return False
    rest = [i for i in ways if i not in must]
    while stack:
        k, mask, cost, ys, plain = stack.pop()
        slots = cap - len(ys)  # fitters to add
        if 0 <= slots <= spare:
            if plain or plain_held:  # any fitter may fill a slot
                found.update(ys)
                found.update(must)
                if slots:
                    found.update(wilds)
                    found.update(plains)
            elif slots and spare_plains:  # one slot goes to a plain ruin of rank `target`
                found.update(ys)
                found.update(must)
                if slots == 1:
                    found.update(spare_plains)
                else:
                    found.update(wilds)
                    found.update(plains)
        if slots <= 0:
            continue
        for t in range(k, len(rest)):
            i = rest[t]
            for m, c, p in ways[i]:
                if not mask & m and cost + c <= budget:
                    stack.append((t + 1, mask | m, cost + c, ys + (i,), plain or p))
    return len(found) > size


_shifts_memo: dict = {}
_shifts_alike: dict = {}


def _shifts(free, offers, budget) -> tuple:
    """The ways of a ruin with free positions `free` to take some of `offers` within `budget`, at least one,
    by the rank they add (the same for every rank, so kept for all ruins alike): (((rank added, ((mask,
    cost, 1), ...)), ...) for the ways leaving it plain and adding rank, ((mask, cost, 0), ...) for those
    turning it wild, ((mask, cost, rank added), ...) for those, and the same for every way). Kept per offers
    tuple (found by its id, the tuple itself kept and checked; equal tuples share their answers), then by
    free positions and budget."""
    table = _shifts_table(offers)
    key = (free, budget)
    hit = table.get(key)
    if hit is None:
        plain, turns, turn_plus, every = {}, [], [], []
        for m, c, plus, becomes in _options(free, offers, budget):
            if m:
                every.append((m, c, plus))
                if becomes:
                    turns.append((m, c, 0))
                    turn_plus.append((m, c, plus))
                elif plus:
                    plain.setdefault(plus, []).append((m, c, 1))
        # tuples of plain values throughout: kept long, and the garbage collector can leave them out
        hit = table[key] = (tuple([(plus, tuple(ways)) for plus, ways in plain.items()]), tuple(turns),
                            tuple(turn_plus), tuple(every))
    return hit


def _shifts_table(offers) -> dict:
    """The table of `_shifts`'s answers for `offers`, by (free positions, budget): found by the tuple's id (the
    tuple itself kept and checked), shared by equal tuples (another market with the same offers)."""
    row = _shifts_memo.get(id(offers))
    if row is None or row[0] is not offers:
        if len(_shifts_memo) > 2_000:
            _shifts_memo.clear()
        if len(_shifts_alike) > 5_000:
            _shifts_alike.clear()
        alike = _shifts_alike.get(offers)
        if alike is None:
            alike = _shifts_alike[offers] = {}
        row = _shifts_memo[id(offers)] = (offers, alike)
    return row[1]


def _read_plays(found, need, must, threshold, fit, fit_val, cands, cand_opts, budget):
    """Add to `found` the ruins of every play made of a set Y of `cands` (each with one of its ways
    (mask, cost, value), disjoint masks, costs within `budget`) and fitters `fit` (values `fit_val`, highest
    first), holding `must`, whose highest value reaches `threshold`."""
    must_set = set(must)
    must_fit = [k for k, i in enumerate(fit) if i in must_set]
    must_cand = [i for i in must if i not in fit]
    if any(i not in cands for i in must_cand):
        return
    # the sets Y: (members, mask, cost, highest value), the members of must_cand always in
    start = [((), 0, 0, -1)]
    for i in must_cand:
        ways = cand_opts[cands.index(i)]
        start = [(ys + (i,), mask | m, cost + c, max(top, v)) for ys, mask, cost, top in start
                 for m, c, v in ways if not mask & m and cost + c <= budget]
        if not start:
            return
    free = [(j, i) for j, i in enumerate(cands) if i not in must_cand]  # a wild must ruin may be here too
    stack = [(0, ys, mask, cost, top) for ys, mask, cost, top in start]
    order = range(len(fit))
    fit_set = set(fit)
    read = {}  # a Y holding no fitter: its answer depends only on its size and whether it reaches the threshold
    while stack:
        at, ys, mask, cost, top = stack.pop()
        if fit_set.isdisjoint(ys):
            key = (len(ys), top >= threshold)
            got = read.get(key)
            if got is None:
                adds = set()
                ok = _read_one(adds, need, (), 1 if key[1] else -1, 1, fit,
                               [1 if v >= threshold else 0 for v in fit_val], must_fit, order, key[0])
                got = read[key] = (ok, adds)
            if got[0]:
                found.update(ys)
                found.update(got[1])
        else:
            _read_one(found, need, ys, top, threshold, fit, fit_val, must_fit, order)
        if len(ys) == need:
            continue
        for t in range(at, len(free)):
            j, i = free[t]
            for m, c, v in cand_opts[j]:
                if not mask & m and cost + c <= budget:
                    stack.append((t + 1, ys + (i,), mask | m, cost + c, v if v > top else top))


def _read_one(found, need, ys, top, threshold, fit, fit_val, must_fit, order, size=0):
    """The ruins of the plays made of the set `ys` (highest value `top`; `size` more ruins in it, not
    named) and fitters not in it; whether there is such a play."""
    must_now = [k for k in must_fit if fit[k] not in ys]  # a wild must ruin may be in Y, with a "+rank"
    extra = need - len(ys) - size - len(must_now)
    if extra < 0:
        return False
    for k in must_now:
        if fit_val[k] > top:
            top = fit_val[k]
    free = [k for k in order if fit[k] not in ys and k not in must_fit]
    if extra > len(free):
        return False
    if extra == 0:
        if top < threshold:
            return False
        found.update(ys)
        found.update(fit[k] for k in must_now)
        return True
    best = fit_val[free[0]]
    if max(top, best) < threshold:
        return False
    found.update(ys)
    found.update(fit[k] for k in must_now)
    if top >= threshold:
        found.update(fit[k] for k in free)
        return True
    second = fit_val[free[1]] if len(free) > 1 else -1
    for k in free:
        # this fitter is chosen: the play reaches the threshold by it, or by the best other one (extra >= 2)
        if fit_val[k] >= threshold or (extra >= 2 and (second if k == free[0] else best) >= threshold):
            found.add(fit[k])
    return True


def _as_they_are(items, must, need, min_rank) -> set:
    """`members` with no offer to buy: the plays are ruins of one plain rank R and wild ones (one plain at
    least), or wild ruins only (their highest rank)."""
    at = {}
    wilds = []
    for i, (rk, w, _f) in enumerate(items):
        if w:
            wilds.append(i)
        else:
            at.setdefault(rk, []).append(i)
    held = {items[i][0] for i in must if not items[i][1]}  # the plain ranks of the chosen ruins
    found = set()
    if len(held) > 1:
        return found
    slots = need - len(must)
    for R, plains in at.items():
        if R < min_rank or (held and R not in held) or len(plains) + len(wilds) < need:
            continue
        plain_free = len(plains) - sum(1 for i in must if i in plains)  # plain ruins of rank R not chosen
        if held or (slots and plain_free):
            found.update(must)
        if slots:
            found.update(plains)
            if held or (slots >= 2 and plain_free):
                found.update(wilds)
    if not held and len(wilds) >= need:
        top = max([items[i][0] for i in must], default=-1)
        free = sorted([i for i in wilds if i not in must], key=lambda i: -items[i][0])
        if not slots:
            if top >= min_rank:
                found.update(must)
        elif free:
            best = items[free[0]][0]
            second = items[free[1]][0] if len(free) > 1 else -1
            if max(top, best) >= min_rank:
                found.update(must)
            for i in free:
                if top >= min_rank or items[i][0] >= min_rank or \
                        (slots >= 2 and (second if i == free[0] else best) >= min_rank):
                    found.add(i)
    return found
