"""Legality: `legal(state)`, the one place where the decisions of a position are listed.

Sections "Start of Round", "Player Turns", "Upgrading Ruins", "Discovery Effects" and "Clarifications &
Tips". A play is built in sub-steps: choose the ruins one at a time (lead / follow), then claims (claim),
then discoveries and the confirmation (discover). The rules of those sub-steps, each one function:

- a ruin may be chosen when some complete play holds it with the ruins chosen so far (`play_exists`:
  for a follow, as many ruins as the last play; the discoveries bought in an order the torches allow,
  "light" cards lighting at once);
- "done" (a lead) when the ruins chosen can be played as they are (`finishable`);
- a discovery when the play can still be finished after it (`_buy_ok`).

So no sub-step is a dead end, and a follow can always be abandoned with "pass". `legal` lists them
with fast searches (memo tables over the market and the ruins): a follow still short of ruins by
`members` (every ruin of some complete play, found in one pass), a single follow by each ruin's own
ways (`_single_follows`), a pick that may finish the play by one pass over the hand (`_finishers`),
repeated in a lead for each set of the hand's ruins with own light that could join (`_lead_lights`),
and asks the rules themselves where a fast search is not exact (a "light" card that could be bought);
tests/ruins/test_fast_paths.py checks the listing against the rules, and tests/ruins/reference_legal.py
checks both against a brute-force reading of the rulebook. The market costs and the number of torches
are the position's rule options (`s.options.market_costs`, `s.options.torches`).
"""
from __future__ import annotations

from functools import partial

from mars_rules.core import Action

from . import text
from .crafting import (PARTIAL, SET, SINGLE, _ok, _options, _reach, _solve, common_reach, completable, completable_lit,
                       orderable, play_search, _ways, set_rank, solve_base, solve_join)
from .data import MARKET_SIZE, RUIN_COUNT
from .members import members
from .options import TORCHES_MOST

_new = tuple.__new__  # _new(Action, (kind, player, items, text)): Action.fast without its call
_PASS_ITEMS = ()
_RUIN = tuple([(("ruin", c),) for c in range(RUIN_COUNT)])  # an Action's items naming ruin c, made once
_SLOT_RUIN = tuple([tuple([(("slot", k), ("ruin", c)) for c in range(RUIN_COUNT)]) for k in range(MARKET_SIZE)])


# ----- helpers ------------------------------------------------------------------------------------
def _items(s, ids):
    rank, wild, free = s.rank, s.wild, s.free
    return [(rank[c], wild[c], free[c]) for c in ids]


_offers_cache: dict = {}


def _market_offers(s) -> tuple:
    """The market's rank-changing offers, found once per market, card data and market costs (the market
    changes far less often than the position): (all of them; per slot, those leaving it out; per budget
    0..TORCHES_MOST, those it pays for; the (slot, offer) pairs; the (slot, card) pairs a plan may buy
    (`_cards`: no "draw" card, no "light" card lighting no more than it costs); the cost of the cheapest
    "light" card of those; the rank a single ruin can gain, by free positions and torches; per slot, the
    cost of the cheapest rank-changing offer and of the cheapest of those "light" cards in another slot).
    The two per-slot and per-budget lists and the gains are filled when first asked, by `_skipping`,
    `_within` and `_single_follows`. The cache is keyed by the market and
    checks the card set (effects, positions) and the costs (the `market_costs` option) it was made with."""
    cards = s.cards
    costs = s.options.market_costs
    market = s.market
    hit = _offers_cache.get(market)
    if hit is not None and hit[0] is cards and hit[1] is costs:
        return hit[2]
    entries = []
    lights = []
    for k, d in enumerate(market):
        if d >= 0:
            kind, amount = cards.disc_effect[d]
            if kind == "light" and amount <= costs[k]:
                continue  # it never pays for anything: see `_cards`
            if kind != "draw":
                entries.append((k, (costs[k], cards.disc_pos[d], kind, amount)))
            if kind == "light":
                lights.append(costs[k])
    m = (tuple([o for _k, o in entries if o[2] != "light"]), [None] * len(market), [None] * (TORCHES_MOST + 1),
         [(k, o) for k, o in entries if o[2] != "light"], entries, min(lights, default=_NONE), {}, [None] * len(market))
    if len(_offers_cache) > 500:  # a market seldom comes back in another game: keep the recent ones (few objects for
        # the garbage collector to walk)
        _offers_cache.clear()
    _offers_cache[market] = (cards, costs, m)
    return m


_NONE = 1 << 30  # the cost of a card that is not there


def _cheapest_others(m, slot) -> tuple:
    """(the cost of the cheapest rank-changing offer, of the cheapest "light" card a plan may buy) of market
    `m` (from `_market_offers`) in another slot than `slot`."""
    row = m[7][slot]
    if row is None:
        plain = light = _NONE
        for k, o in m[4]:
            if k != slot:
                if o[2] == "light":
                    if o[0] < light:
                        light = o[0]
                elif o[0] < plain:
                    plain = o[0]
        row = m[7][slot] = (plain, light)
    return row


def _skipping(m, slot) -> tuple:
    """The offers of market `m` (from `_market_offers`) leaving out `slot`."""
    row = m[1][slot]
    if row is None:
        row = m[1][slot] = tuple([o for k, o in m[3] if k != slot])
    return row


def _within(m, budget) -> tuple:
    """The offers of market `m` (from `_market_offers`) costing at most `budget`."""
    if budget > TORCHES_MOST:  # a bound beyond the torches a player has (legal._upper_budget): not kept
        return tuple([o for o in m[0] if o[0] <= budget])
    aff = m[2][budget]
    if aff is None:
        aff = m[2][budget] = tuple([o for o in m[0] if o[0] <= budget])
    return aff


def _offers(s, skip_slot=-1):
    """The market cards that change ranks: ((cost, position, kind, amount), ...), leaving out `skip_slot`."""
    m = _market_offers(s)
    return m[0] if skip_slot < 0 else _skipping(m, skip_slot)


def light_of(s, ids) -> int:
    """Torches the "light" effects of ruins `ids` light when they are played (section "Discovery
    Effects": active at once, so they serve for the discoveries of the same turn)."""
    light = s.light
    total = 0
    for c in ids:
        total += light[c]
    return total


_last_lights: list = [None, None, None]  # the last hand asked, its ruins' light (the State's tuple), the answer


def hand_lights(s, p) -> tuple:
    """The ruins of player `p`'s hand whose own effects light torches, in hand order, the total they light,
    and what each lights: ((ruin, ...), total, {ruin: torches}). The last answer is kept (the sub-steps of
    a turn ask it again of the same hand)."""
    hand = s.hands[p]
    light = s.light
    last = _last_lights
    if last[0] is hand and last[1] is light:
        return last[2]
    amounts = {c: light[c] for c in hand if light[c]}
    result = (tuple(amounts), sum(amounts.values()), amounts)
    last[0], last[1], last[2] = hand, light, result
    return result


def draw_of(s, ids) -> int:
    """Ruins each opponent draws when ruins `ids` are played (their "draw" effects)."""
    draw = s.draw
    total = 0
    for c in ids:
        total += draw[c]
    return total


def _budget(s, torches, ids) -> int:
    """Lit torches once ruins `ids` are played: their light effects all at once, at most the game's
    torches (3)."""
    most = s.options.torches
    if torches >= most:
        return torches
    lit = light_of(s, ids)
    return min(most, torches + lit) if lit else torches


def _target(s):
    """(minimum rank, number of ruins needed or 0 for a lead)."""
    if s.step == "lead" or s.last_player < 0:
        return 0, 0
    return s.last_rank, len(s.last_play)


def _rank_counts(s, ids) -> tuple:
    """({rank: how many plain ruins of `ids` have it}, how many are wild)."""
    rank, wild = s.rank, s.wild
    counts = {}
    wilds = 0
    for c in ids:
        if wild[c]:
            wilds += 1
        else:
            counts[rank[c]] = counts.get(rank[c], 0) + 1
    return counts, wilds


def _final_mode(k: int) -> int:
    return SINGLE if k == 1 else SET


def _apart(rk, gains, can_wild, reach, r_min) -> bool:
    """Can a plain ruin of rank `rk` (its `_reach`: the rank `gains` it can get, whether it can turn wild)
    share no rank with the ruins chosen, whose plain ones can all reach the ranks `reach` (`common_reach`;
    None: no limit but `r_min`)? Then no play holds it and them (completable()'s first check)."""
    if can_wild:
        return False
    if reach is None:
        return rk + gains[-1] < r_min
    for g in gains:
        if rk + g in reach:
            return False
    return True


def _join_ok(base, common, others, j_one, item, r_min, aff, budget, memo=None, reach=None) -> bool:
    """`completable(base + [item], r_min, SET, aff, budget)` for a plain (not wild) `item` and offers `aff`
    all affordable (at least one), with the chosen ruins' facts made once by the caller: `common` their
    shared plain rank (-1 if all are wild, -2 if they differ), `others` how many are plain, `j_one` the
    index of the first plain one. The same steps as completable(), without rebuilding them per ruin.
    `memo`: a dict kept by the caller for one `base` (and the same r_min, aff, budget): the search over the
    chosen ruins is then made once for all the ruins tried. `reach`: `_reach` of the item, if already found."""
    rk, _w, free = item
    if common == -1:
        if rk >= r_min:
            return True  # the set takes this ruin's rank (its first check)
    elif common >= 0:
        if rk == common and common >= r_min:
            return True
        sums, can_wild = reach or _reach(free, aff, budget)
        if common >= r_min and (can_wild or common - rk in sums):
            return True
        if others > len(aff):
            return False
        if others == 1 and rk >= r_min:
            sums_j, wild_j = _reach(base[j_one][2], aff, budget)
            if wild_j or rk - common in sums_j:
                return True
    if memo is None:
        return _solve(base + [item], r_min, SET, aff, budget)
    return solve_join(_base_states(memo, base, r_min, aff, budget), base, item, r_min, aff, budget)


def _base_states(memo, base, r_min, aff, budget):
    """crafting.solve_base over the chosen ruins `base`, made once per `memo` (kept by the caller for one
    base, r_min, aff and budget) for every ruin tried with them."""
    if "states" not in memo:
        memo["states"] = solve_base(base, r_min, aff, budget)
    return memo["states"]


def _wild_joins(base, item, r_min, aff, budget, memo, reach) -> bool:
    """`completable(base + [item], r_min, SET, aff, budget)` for a wild `item`, with the search over the
    chosen ruins `base` made once (`memo`, kept by the caller as for `_join_ok`; `reach`: common_reach of
    base). A wild ruin adds no condition on the plain ruins' rank (crafting._solve leaves it out of its
    first check and its first pass), so if the plain ruins of base can end at one rank (r_min or higher),
    the set is complete with it; otherwise only a set of wild ruins is left, which completable() decides."""
    if reach is not None and not reach:
        return False  # _solve's quick refusal, the same without the wild ruin
    states = _base_states(memo, base, r_min, aff, budget)
    if states is None:
        return False
    for _m, rank in states:
        if rank >= 0:
            return True
    return completable(base + [item], r_min, SET, aff, budget)


def _single_follows(s, p, m) -> list:
    """The ruins of player `p` that can follow a single ruin (exactly): each one's own rank, or that rank
    plus the most its free positions can take from the market (`m`, from `_market_offers`) with cards
    bought in an order the torches allow (its own light lit first, "light" cards lighting at once)."""
    rank, frees, light = s.rank, s.free, s.light
    r = s.last_rank
    torches = s.torches[p]
    most = s.options.torches
    gains = m[6]
    out = []
    for c in s.hands[p]:
        if rank[c] >= r:
            out.append(c)
            continue
        free = frees[c]
        budget = torches
        if torches < most and light[c]:  # its own light
            budget = min(most, torches + light[c])
        key = (free, budget, most)
        gain = gains.get(key)
        if gain is None:
            if m[5] > budget:  # no "light" card is ever bought: the costs add up, and `_reach` has the answer
                gain = gains[key] = _reach(free, _within(m, budget), budget)[0][-1]
            else:
                cards = _cards(m)
                buyable = orderable(cards, budget, most)
                gain = gains[key] = max([plus for used, plus, _w in _ways(free, cards) if used in buyable])
        if rank[c] + gain >= r:
            out.append(c)
    return out


def _fills_as_is(s, sel, rest, missing, r) -> bool:
    """Do `missing` ruins of `rest` make, with the ruins `sel` as they are (no discovery), a set of one rank
    `r` or higher?"""
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


def _buy_ok(s, slot, cid, budget, items=None, j=None) -> bool:
    """May the discovery of market `slot` go on ruin `cid` of the selection? `items`, `j`: the selection's
    `_items` and the ruin's index there, if already made."""
    cards = s.cards
    d = s.market[slot]
    cost = s.options.market_costs[slot]
    if cost > budget:
        return False
    pos = cards.disc_pos[d]
    if s.ruins[cid][2 + pos] >= 0:
        return False
    kind, amount = cards.disc_effect[d]
    items = _items(s, s.selection) if items is None else list(items)
    j = s.selection.index(cid) if j is None else j
    rk, w, free = items[j]
    free &= ~(1 << pos)
    left = budget - cost
    if kind == "rank":
        rk += amount
    elif kind == "wild":
        w = 1
    elif kind == "light":
        left = min(s.options.torches, left + amount)  # both at once, usable at once
    items[j] = (rk, w, free)
    return finishable(s, items, left, slot)


# ----- the rule of a pick, exactly -----------------------------------------------------------------
def _cards(m, skip=-1) -> tuple:
    """The market cards of `m` (from `_market_offers`) a plan may buy: every one but the "draw" ones and the
    "light" ones lighting no more torches than they cost, leaving out `skip`. Neither changes a rank, nor
    leaves more torches lit than before it was bought (a light card leaves min(most, torches - cost +
    amount)), so leaving it out of a plan frees its position and keeps every later buy affordable: the
    plays a plan can finish are the same."""
    return tuple([o for k, o in m[4] if k != skip])


def finishable(s, items, torches, skip=-1) -> bool:
    """Can the chosen ruins (`items`, see `_items`), with `torches` lit now, become a legal play (a single
    ruin or a set, of the rank to beat) with discoveries of the market bought in some order the torches
    allow ("light" cards lighting at once), leaving out market slot `skip`? The rule of a finished play.
    Without a buyable "light" card the costs simply add up and `completable` decides."""
    r, _need = _target(s)
    mode = SINGLE if len(items) == 1 else SET
    m = _market_offers(s)
    if m[5] > torches:  # no "light" card worth buying is affordable: none ever is (torches only grow by them)
        return completable(items, r, mode, _offers(s, skip), torches)
    return completable_lit(items, r, mode, _cards(m, skip), torches, s.options.torches)


def _sig(s, c) -> tuple:
    """What decides a ruin's part in a play: (rank, wild, free positions, torches its effects light)."""
    return (s.rank[c], s.wild[c], s.free[c], s.light[c])


def _upper_budget(s, m, p) -> int:
    """A bound on the torches any plan of player `p` can spend: those lit with the whole hand's own light,
    plus what each "light" card of the market (`m`, from `_market_offers`) can gain over its cost (a light
    bought adds at most its amount and costs its cost; the torches spent never exceed those lit)."""
    lit = _budget(s, s.torches[p], hand_lights(s, p)[0])  # the hand's own light: only these ruins light any
    return lit + sum([max(0, o[3] - o[0]) for _k, o in m[4] if o[2] == "light"])


def play_exists(s, chosen, upper=None, bounded=False, pool=None) -> bool:
    """The rule of a pick (sections "Player Turns", "Discovery Effects", "Clarifications & Tips"): is
    there a complete play made of the ruins `chosen` (in the hand of the player to move) and more ruins
    of that hand: for a follow as many as the last play has, for a lead any number? (crafting.play_search)
    `upper`: `_upper_budget` of the position, if already found; `bounded`: the caller has checked the bound
    below; `pool`: if given, a set of the hand's ruins holding every ruin of every such play (the others are
    not tried)."""
    p = s.to_move
    r, need = _target(s)
    m = _market_offers(s)
    partial = need and len(chosen) < need
    # a bound first: with every torch a plan could ever have, can the ruins chosen reach one rank with the
    # rank-changing cards alone? (a play holding them would do so)
    if upper is None:
        upper = _upper_budget(s, m, p)
    if not bounded and not completable(_items(s, chosen), r, PARTIAL if partial else _final_mode(len(chosen)),
                                       m[0], upper):
        return False
    rest = [c for c in s.hands[p] if c not in chosen and (pool is None or c in pool)]
    if partial:
        if _fills_as_is(s, chosen, rest, need - len(chosen), r):
            return True  # enough ruins fit as they are: no discovery needed
        torches = _budget(s, s.torches[p], chosen)
        if _joins_fitters(s, chosen, rest, need - len(chosen), r, _within(m, torches), torches):
            return True
    else:  # the ruins chosen make a play as they are (with discoveries): the rule of a finished play decides
        done = finishable(s, _items(s, chosen), _budget(s, s.torches[p], chosen))
        if done or need:
            return done  # a follow has all its ruins; a lead may still add more (their light may pay)
    return play_search([_sig(s, c) for c in chosen], [_sig(s, c) for c in rest], need - len(chosen) if need else None,
                       r, _cards(m), s.torches[p], s.options.torches)


def _joins_fitters(s, chosen, rest, missing, r, aff, budget) -> bool:
    """A quick way to a follow: some rank R (r or higher) that the ruins `chosen` can all end at (or turn
    wild) together with discoveries of `aff` paid from `budget`, while `missing` ruins of `rest` fit R as
    they are (of rank R or wild, one of them plain). Such a play exists; a False says nothing."""
    fit, wilds = _rank_counts(s, rest)
    items = _items(s, chosen)
    for R, plain in fit.items():
        if R < r or plain + wilds < missing:
            continue
        states = {0: 0}  # offers used -> torches spent, over the chosen ruins ending at R or wild
        for rk, w, free in items:
            nxt = {}
            for used, cost, plus, turns_wild in _options(free, aff, budget):
                if not (w or turns_wild or rk + plus == R):
                    continue
                for mask, spent in states.items():
                    if not mask & used and spent + cost <= budget:
                        key = mask | used
                        if key not in nxt or spent + cost < nxt[key]:
                            nxt[key] = spent + cost
            states = nxt
            if not states:
                break
        if states:
            return True
    return False


def _lit(s, p, sel, m, torches) -> bool:
    """May a play of player `p` holding the ruins `sel` get torches it does not have now: a "light" card of
    the market (`m`, from `_market_offers`) it can buy, with the hand's own light at most; for a lead, also
    the own light of a ruin it could add?"""
    if m[5] <= torches:
        return True
    most = s.options.torches
    if torches >= most:
        return False
    lights, total, _amounts = hand_lights(s, p)
    if m[5] <= most and m[5] <= torches + total:
        return True
    if s.step == "lead":
        for c in lights:
            if c not in sel:
                return True
    return False


def _follow_members(s, p, sel, need, r, m, torches, lit=False) -> list:
    """The ruins that may join `sel` toward a follow of `need` ruins (at least one more to come after them).

    The plays buying no "light" card: `members` at each torch level the hand's light ruins give (a play S
    holds sel and some light ruins L, and has the torches of sel + L: it is found with must = sel + L and
    those torches, and every play found there has at least those). Exact when no "light" card can be bought
    in any play (`lit` False). Otherwise a ruin outside those plays is asked of the rule (`play_exists`),
    when the bound allows it: `members` with the rank cards alone paid from `_upper_budget` (a plan never
    spends more on them, and "light" cards only take bottom positions), which holds every true answer."""
    hand = s.hands[p]
    most = s.options.torches
    items = _items(s, hand)
    lights = [c for c in hand_lights(s, p)[0] if c not in sel] if torches < most else ()
    now = _budget(s, torches, sel)
    found = members(items, [hand.index(c) for c in sel], need, r, _within(m, now), now)
    for extra, budget in _light_sets(s, torches, sel, lights, now):
        must = sel + extra
        aff = _within(m, budget)
        if len(must) <= need and aff:  # with no offer to buy, the plays holding `must` are found above
            found |= members(items, [hand.index(c) for c in must], need, r, aff, budget)
    out = [c for i, c in enumerate(hand) if i in found and c not in sel]
    if not lit or len(out) + len(sel) == len(hand):
        return out
    # a "light" card may pay for more: what no play buying none of them holds is asked of the rule, when the
    # bound allows it (the rank cards alone, paid from every torch a plan could ever have: `_upper_budget`)
    upper = _upper_budget(s, m, p)
    aff = _within(m, upper)
    bound = members(items, [hand.index(c) for c in sel], need, r, aff, upper)
    out = []
    answers = {}  # ruins alike get the same answer
    pool = {hand[i] for i in bound}  # every ruin of every play holding sel is in the bound
    for i, c in enumerate(hand):
        if c in sel:
            continue
        if i in found:
            out.append(c)
        elif i in bound and _ask(s, sel, c, upper, answers, pool):
            out.append(c)
    return out


def _ask(s, sel, c, upper, answers, pool) -> bool:
    """`play_exists(s, sel + (c,), upper, True, pool)` (the caller made the bound and `pool`, the ruins
    within it), asked once for ruins alike (`answers`, kept by the caller)."""
    key = _sig(s, c)
    ok = answers.get(key)
    if ok is None:
        ok = answers[key] = play_exists(s, sel + (c,), upper, True, pool)
    return ok


def _settle(s, p, sel, picked, m) -> list:
    """The ruins that may join the ruins `sel` in a play this pick may finish (a lead, or a follow's last
    ruin): `picked`, the fast search's answer in hand order (plays of the ruins chosen and this one, the
    discoveries paid from the torches lit now and their own light), and, where a "light" card of the
    market (`m`, from `_market_offers`) or another ruin's own light could pay for more, every other ruin the rule
    (`play_exists`) allows."""
    if not _lit(s, p, sel, m, s.torches[p]):
        return picked
    upper = _upper_budget(s, m, p)
    if s.step == "lead" and m[5] > upper:  # no "light" card is ever bought
        return _lead_lights(s, p, sel, picked, m)
    # play_exists's bound, for every ruin at once: the ruins that join `sel` with the rank-changing cards
    # alone, paid from every torch a plan could have (`_finishers` at `_upper_budget`, which may count the
    # play's own light twice: a looser bound, still a bound); only those are asked
    fast = set(picked)
    bound = _finishers(s, p, sel, upper, m, [c for c in s.hands[p] if c not in fast])
    if not bound:
        return picked
    bound = set(bound)
    pool = bound | fast  # every ruin of every play holding sel joins sel at the bound
    answers = {}  # ruins alike get the same answer
    return [c for c in s.hands[p] if c in fast or c in bound and _ask(s, sel, c, upper, answers, pool)]


def _finishers(s, p, ids, torches, m, only=None) -> list:
    """The ruins of player `p`'s hand, in hand order, that finish a play with the ruins `ids` (a lead, or a
    follow's last ruin): the rank-changing cards of the market (`m`, from `_market_offers`) paid from
    `torches` lit now and the play's own light (no "light" card: `_settle` adds what those pay for).
    `only`: if given, the ruins of the hand to try, in hand order (the others are left out)."""
    rank, wild, frees = s.rank, s.wild, s.free
    r_min = _target(s)[0]
    budget = _budget(s, torches, ids)
    own_light = budget < s.options.torches  # a ruin's own light may raise it
    offers = m[0]
    aff = _within(m, budget)
    out = []
    # the chosen ruins share one rank `common` (-1: all wild so far, -2: they differ); when that rank is high
    # enough, a ruin of that rank or a wild one fits as it is (completable()'s first check)
    common = -1
    for c in ids:
        if not wild[c]:
            if common == -1:
                common = rank[c]
            elif rank[c] != common:
                common = -2
                break
    fits = common if common >= r_min else -2
    # a lead with no discovery to change ranks (and no light effect of the ruin itself to pay for one):
    # only that rank or a wild ruin can join (completable() has no offer to try)
    plain_lead = s.step == "lead" and common >= 0 and not aff
    lights = hand_lights(s, p)[2] if own_light else None
    base = reachable = seen = others = j_one = memo = None
    for c in s.hands[p] if only is None else only:
        if c in ids:
            continue
        if fits >= 0 and (wild[c] or rank[c] == fits):
            out.append(c)
            continue
        free = frees[c]
        if base is None:
            base = _items(s, ids)
        if own_light and c in lights:  # its own light raises the budget
            b = min(s.options.torches, budget + lights[c])
            if completable(base + [(rank[c], wild[c], free)], r_min, SET, offers, b):
                out.append(c)
            continue
        if plain_lead:
            continue
        if seen is None:
            reachable = common_reach(base, aff, budget, r_min)
            seen = {}
        rk, w = rank[c], wild[c]
        sig = (rk, w, free)  # ruins alike get the same answer
        ok = seen.get(sig)
        if ok is None:
            # a quick refusal (the check completable() makes first): the ranks this ruin can reach alone
            # share none with those every chosen ruin can reach (`reachable`, all at least r_min)
            refused = False
            if not w:
                gains, can_wild = _reach(free, aff, budget)
                refused = _apart(rk, gains, can_wild, reachable, r_min)
            if refused:
                ok = False
            elif not aff:  # the play is finished by this pick (a set)
                ok = completable(base + [sig], r_min, SET, aff, budget)
            else:  # the same, with what concerns the chosen ruins made once
                if others is None:
                    others = sum(1 for x in base if not x[1])
                    j_one = next((i for i, x in enumerate(base) if not x[1]), -1)
                    memo = {}
                if w:
                    ok = _wild_joins(base, sig, r_min, aff, budget, memo, reachable)
                else:
                    ok = _join_ok(base, common, others, j_one, sig, r_min, aff, budget, memo, (gains, can_wild))
            seen[sig] = ok
        if ok:
            out.append(c)
    return out


def _light_sets(s, torches, sel, lights, now):
    """The sets L of the ruins `lights` (with own light, not in `sel`) that light more than the ruins `sel`
    alone, which have `now` torches with `torches` lit: (L, the torches of sel and L) for each. A play with
    a set that lights nothing more has the same plays without it: the ruins of L only add conditions."""
    for bits in range(1, 1 << len(lights)):
        extra = tuple([c for k, c in enumerate(lights) if bits >> k & 1])
        budget = _budget(s, torches, sel + extra)
        if budget != now:
            yield extra, budget


def _lead_lights(s, p, sel, picked, m) -> list:
    """`_settle` for a lead when no "light" card is ever bought: a ruin may join the ruins `sel` if they and
    it, with some ruins of the hand that have own light (L), can be played (play_search's note: no other
    ruin helps). `picked` holds the answers for L empty (`_finishers` of `sel`). A ruin with own light is in
    some L only if it joins `sel` alone with every torch lit (take the rest of such a play out, and a lead
    is left); then each L is one more `_finishers` pass over the ruins not found yet, and its own ruins
    join when `sel` and L can be played."""
    torches = s.torches[p]
    most = s.options.torches
    now = _budget(s, torches, sel)
    if now >= most:
        return picked  # no ruin can light more
    found = set(picked)
    hand = s.hands[p]
    lights = [c for c in hand_lights(s, p)[0] if c not in sel]
    tried = [c for c in lights if c not in found]
    if tried:
        joined = _finishers(s, p, sel, most, m, tried)
        lights = [c for c in lights if c in found or c in joined]
    for extra, budget in _light_sets(s, torches, sel, lights, now):
        ids = sel + extra
        aff = _within(m, budget)
        base = _items(s, ids)
        if common_reach(base, aff, budget, 0) == set():
            continue  # the ruins of sel and L cannot share a rank
        if not found.issuperset(extra) and completable(base, 0, SET, aff, budget):
            found.update(extra)
        rest = [c for c in hand if c not in found and c not in sel]
        if not rest:
            break
        found.update(_finishers(s, p, ids, torches, m, rest))
    return [c for c in hand if c in found]


def _stands(pairs, j, kind, amount, r_min, mode, valid) -> bool:
    """Is the play legal as it would stand once a discovery of `kind` (`amount`) is on its ruin `j`? `pairs`:
    the chosen ruins' (rank, wild), left as they were; `valid`: the answer with no discovery."""
    if kind == "rank":
        now = pairs[j]
        pairs[j] = (now[0] + amount, now[1])
    elif kind == "wild":
        now = pairs[j]
        pairs[j] = (now[0], 1)
    else:
        return valid  # a "light" or "draw" card changes no rank
    ok = _ok(pairs, r_min, mode)
    pairs[j] = now
    return ok


# ----- legal --------------------------------------------------------------------------------------
def legal(s) -> tuple:
    if s.viewer >= 0:
        return ()
    step = s.step
    p = s.to_move
    if step == "lead" or step == "follow":
        t = partial(text.pick_text, s)
        sel = s.selection
        if not sel and step == "lead":  # any single ruin may be led
            return tuple([_new(Action, ("pick", p, _RUIN[c], t)) for c in s.hands[p]])
        market = _market_offers(s)
        budget = s.torches[p]
        r_min, need = _target(s)
        if step == "follow" and (len(sel) + 1 < need or not sel and len(s.last_play) == 1):
            # a single follow, or a follow still short of ruins after this pick: found at once, exactly
            if need == 1:
                picks = _single_follows(s, p, market)
            else:
                picks = _follow_members(s, p, sel, need, r_min, market, budget, _lit(s, p, sel, market, budget))
            acts = [_new(Action, ("pick", p, _RUIN[c], t)) for c in picks]
            acts.append(_new(Action, ("pass", p, _PASS_ITEMS, partial(text.pass_text, s))))
            return tuple(acts)
        # this pick may finish the play (a lead, or a follow's last ruin)
        picks = _settle(s, p, sel, _finishers(s, p, sel, budget, market), market)
        acts = [_new(Action, ("pick", p, _RUIN[c], t)) for c in picks]
        if step == "follow":
            acts.append(_new(Action, ("pass", p, _PASS_ITEMS, partial(text.pass_text, s))))
        elif len(sel) == 1 or set_rank([(s.rank[c], s.wild[c]) for c in sel]) >= 0 or \
                finishable(s, _items(s, sel), _budget(s, budget, sel)):
            # the chosen ruins can be led as they are: a single ruin always can, a set as it stands (any rank
            # leads), or with discoveries
            acts.append(_new(Action, ("done", p, _PASS_ITEMS, partial(text.lead_done_text, s))))
        return tuple(acts)
    if step == "discover":
        budget = s.torches[p]
        t = partial(text.discover_text, s)
        acts = []
        sel = s.selection
        rank, wild = s.rank, s.wild
        pairs = [(rank[c], wild[c]) for c in sel]
        single = len(sel) == 1
        mode = SINGLE if single else SET
        r_min = s.last_rank if s.last_player >= 0 else 0  # _target(s)[0] (a play being upgraded)
        valid = _ok(pairs, r_min, mode)
        cards = s.cards
        rules = s.options
        costs, most, disc_pos, disc_effect = rules.market_costs, rules.torches, cards.disc_pos, cards.disc_effect
        ruins = s.ruins
        items = market = None
        for k, d in enumerate(s.market):
            if d >= 0 and costs[k] <= budget:
                if items is None:
                    items = _items(s, sel)
                    market = _market_offers(s)
                pos = disc_pos[d]
                slot_pos = 2 + pos
                kind, amount = disc_effect[d]
                # the torches left after this buy; if they pay for no other rank-changing offer, _buy_ok's
                # completable() is only its first check: is the play legal as it would stand?
                left = budget - costs[k]
                if kind == "light":
                    left = min(most, left + amount)
                cheapest, cheapest_light = _cheapest_others(market, k)
                alone = left < cheapest
                lit = left >= cheapest_light  # may a "light" card still be bought after this one? then _buy_ok decides
                offers_k = None
                bit = 1 << pos
                for j, c in enumerate(sel):
                    if ruins[c][slot_pos] >= 0:
                        continue  # the position is taken (as _buy_ok)
                    # quick answers of completable()'s first check: the play is legal as it would stand
                    if (kind == "draw" or kind == "light") and valid:
                        ok = True
                    elif single and items[0][0] + (amount if kind == "rank" else 0) >= r_min:
                        ok = True
                    elif lit:  # legal as it would stand (no more buys), else may later buys finish it?
                        ok = _stands(pairs, j, kind, amount, r_min, mode, valid) or _buy_ok(s, k, c, budget, items, j)
                    elif alone:
                        ok = _stands(pairs, j, kind, amount, r_min, mode, valid)
                    else:  # _buy_ok(s, k, c, budget, items, j), with what concerns the slot made once
                        rk, w, free = items[j]
                        if kind == "rank":
                            rk += amount
                        elif kind == "wild":
                            w = 1
                        now = items[j]
                        items[j] = (rk, w, free & ~bit)
                        if offers_k is None:
                            offers_k = _skipping(market, k)
                        ok = completable(items, r_min, mode, offers_k, left)
                        items[j] = now
                    if ok:
                        acts.append(_new(Action, ("discover", p, _SLOT_RUIN[k][c], t)))
        if valid:
            acts.append(_new(Action, ("play", p, _PASS_ITEMS, partial(text.confirm_text, s))))
        return tuple(acts)
    if step == "claim":
        t = partial(text.claim_text, s)
        acts = [_new(Action, ("claim", p, _RUIN[c], t)) for c in s.selection if s.ruins[c][1] < 0]
        acts.append(_new(Action, ("done", p, _PASS_ITEMS, partial(text.claims_done_text, s))))
        return tuple(acts)
    if step == "night_flip":
        t = partial(text.flip_text, s)
        acts = [_new(Action, ("flip", p, _RUIN[c], t)) for c in s.hands[p] if not s.ruins[c][0]]
        acts.append(_new(Action, ("no_flip", p, _PASS_ITEMS, partial(text.no_flip_text, s))))
        return tuple(acts)
    return ()


