"""A brute-force reference for Ruins' plays, and the comparison with the engine (issue 17).

Ruins builds one decision in sub-steps (pick ruins, "done" / "pass", claims, discoveries, "play"), so
the reference lists the COMPLETE plays of a lead or follow decision, written from the rulebook
(sections "Player Turns", "Upgrading Ruins", "Discovery Effects", "Clarifications & Tips") and the
readings of the package docstring. A play's identity is (ruins played, ruins claimed, (slot, ruin)
discoveries), three frozensets, or "pass":

- "Player Turns": a lead is 1 ruin or a set of 2 or more of one rank; a follow is "the exact same
  number of ruin cards of a single equal or higher rank", or a pass.
- "Upgrading Ruins": claims (one per ruin, as many as the player has left) and discoveries bought from
  the market with lit torches go only on ruins played, one per position (top / middle / bottom).
- "Discovery Effects": every effect is active at once, so the order of the buys matters: the light
  effects of the ruins played light when they are chosen, a "light" discovery lights when it is added
  (both torches together, never above the game's torches), and the play only has to be legal once
  every discovery is added ("rank changes are mandatory").
- "Clarifications & Tips": a wild ruin played with others takes the set's rank; alone it keeps its
  printed plus added rank; a set of only wild ruins has the highest of those (the project's reading).

Nothing here comes from the engine's crafting / legal / moves / why: only the State's fields and the
card tables. `engine_plays` walks the engine's sub-steps (legal_actions / advance) to the same
identities; `compare(state)` lists every difference, dead end and unspecific refusal, each with the
position's JSON; `sample_positions(count, seed)` gives positions from random and greedy play for 2-5
players plus built rare cases (light and draw cards in the market, few torches, night sides that light,
follows of 2 or more ruins).

>>> from mars_rules.ruins.scenario import position, rid, PLUS3, WILD, DRAW1, LIGHT2
>>> s = position(2, hands=[[rid(5), rid(5, 1), rid(2)], [rid(9)]], market=(PLUS3, WILD, DRAW1, LIGHT2))
>>> (frozenset({rid(5), rid(5, 1), rid(2)}), frozenset(), frozenset({(0, rid(2))})) in reference_plays(s)
True
"""
from __future__ import annotations

import itertools
import random

import mars_rules
from mars_rules.core import Action
from mars_rules.ruins.data import COPIES, RUINS_USED
from mars_rules.ruins.scenario import position

from ..refusals import refusal_problem

PASS = "pass"
MOST_IN_HAND = 5
"""The positions' hands are cut to this many ruins (the rest goes back to the deck): a lead then has at
most 31 sets of ruins to try, and the engine's sub-steps (every order of picks) stay quick to walk."""


# ----- the reference ------------------------------------------------------------------------------------
def effects(s, cid, rec) -> list:
    """The effects of ruin `cid` with record `rec`: its night side's (when face up), then each discovery's."""
    cards = s.cards
    found = [cards.night_effect[cid]] if rec[0] and cards.night_effect[cid] is not None else []
    return found + [cards.disc_effect[d] for d in rec[2:] if d >= 0]


def rank_and_wild(s, cid, rec) -> tuple:
    """Printed rank (day or night side) plus every "+rank", and whether a "wild" effect is on it."""
    printed = s.cards.night[cid] if rec[0] else s.cards.day[cid]
    found = effects(s, cid, rec)
    return printed + sum(a for k, a in found if k == "rank"), any(k == "wild" for k, _ in found)


def set_rank(pairs):
    """The rank of ruins played together, from their (rank, wild) pairs; None if they are not a set."""
    if len(pairs) == 1:
        return pairs[0][0]
    plain = {r for r, w in pairs if not w}
    if len(plain) > 1:
        return None
    return plain.pop() if plain else max(r for r, _ in pairs)


def lit_when_chosen(s, p, ruins) -> int:
    """Lit torches once `ruins` are chosen: their light effects all at once, at most the game's torches."""
    most, have = s.options.torches, s.torches[p]
    light = sum(a for c in ruins for k, a in effects(s, c, s.ruins[c]) if k == "light")
    return max(have, min(most, have + light))


def bought_sets(s, ruins, records, torches, bought=()):
    """Every set of (slot, ruin) buys some ORDER of buys pays for, ending with a legal play.

    Bound: each buy takes a different market slot, so a plan has at most 4 buys (the market's size),
    each onto one of the ruins played: the search is finite and tries every order, with no pruning.
    """
    pairs = [rank_and_wild(s, c, records[c]) for c in ruins]
    r = set_rank(pairs)
    if r is not None and (s.step == "lead" or r >= s.last_rank):
        yield frozenset(bought)
    cards, costs = s.cards, s.options.market_costs
    taken = {k for k, _ in bought}
    for k, d in enumerate(s.market):
        if d < 0 or k in taken or costs[k] > torches:
            continue
        pos = cards.disc_pos[d]
        kind, amount = cards.disc_effect[d]
        left = torches - costs[k]
        if kind == "light":
            left = min(s.options.torches, left + amount)
        for c in ruins:
            rec = records[c]
            if rec[2 + pos] >= 0:
                continue
            after = dict(records)
            after[c] = rec[:2 + pos] + (d,) + rec[3 + pos:]
            yield from bought_sets(s, ruins, after, left, bought + ((k, c),))


def reference_plays(s) -> set:
    """Every complete play of the lead or follow decision at `s` (selection empty), by brute force."""
    p = s.to_move
    hand = s.hands[p]
    plays = set()
    if s.step == "follow":
        plays.add(PASS)
        sizes = [len(s.last_play)] if len(hand) >= len(s.last_play) else []
    else:
        sizes = range(1, len(hand) + 1)
    for k in sizes:
        for ruins in itertools.combinations(hand, k):
            records = {c: s.ruins[c] for c in ruins}
            buys = set(bought_sets(s, ruins, records, lit_when_chosen(s, p, ruins)))
            free = [c for c in ruins if s.ruins[c][1] < 0]
            claims = [frozenset(x) for j in range(min(s.claims_left[p], len(free)) + 1)
                      for x in itertools.combinations(free, j)]
            plays.update((frozenset(ruins), c, b) for c in claims for b in buys)
    return plays


# ----- the engine ---------------------------------------------------------------------------------------
def identity(start, s):
    """The identity of the play confirmed at `s` (step discover), read off what changed since `start`."""
    sel = s.selection
    claims = frozenset(c for c in sel if s.ruins[c][1] != start.ruins[c][1])
    found = frozenset((start.market.index(s.ruins[c][2 + j]), c) for c in sel for j in range(3)
                      if s.ruins[c][2 + j] != start.ruins[c][2 + j])
    return frozenset(sel), claims, found


def candidates(s):
    """The sub-step actions one could try here: "done", "pass", "play", picks and claims of each ruin in
    hand and of one ruin elsewhere, discoveries (every slot) onto each ruin chosen, one other in hand and
    one elsewhere; a kind that is not this sub-step's (a pick while claiming, ...) once only, as its
    refusal names the sub-step, whatever the ruin."""
    p = s.to_move
    elsewhere = list(s.deck[:1] + s.trick[:1])
    ruins = list(s.hands[p]) + elsewhere
    targets = list(s.selection) + [c for c in s.hands[p] if c not in s.selection][:1] + elsewhere
    picks = [Action("pick", p, {"ruin": c}) for c in ruins]
    claims = [Action("claim", p, {"ruin": c}) for c in ruins]
    buys = [Action("discover", p, {"slot": k, "ruin": c}) for k in range(len(s.market)) for c in targets]
    now = {"lead": picks, "follow": picks, "claim": claims, "discover": buys}[s.step]
    others = [x[0] for x in (picks, claims, buys) if x is not now]
    return now + others + [Action(kind, p) for kind in ("done", "pass", "play")]


def refusal_problems(s, legal) -> list:
    """For each candidate the engine does not list: apply must raise IllegalAction with why's specific
    (reason, rule)."""
    keys = {a.key() for a in legal}
    found = []
    for a in candidates(s):
        if a.key() in keys:
            continue
        problem = refusal_problem(s, a)
        if problem:
            found.append(problem)
    return found


def engine_plays(start):
    """(the complete plays reachable through the engine's sub-steps, dead ends, refusal problems).

    A depth-first walk over legal_actions() / advance from `start` until "play" or "pass"; a legal
    action from which no play can be confirmed (a "pass" halfway does not count) is a dead end."""
    memo, checked = {}, set()
    plays = set()
    dead, refused = [], []

    def walk(s, path):
        key = s._replace(events=())
        if key in memo:
            return memo[key]
        legal = s.legal_actions()
        reach = set()
        for a in legal:
            if a.kind == "pass":
                plays.add(PASS)
                continue
            if a.kind == "play":
                reach.add(identity(start, s))
                continue
            got = walk(s.advance(a), path + (a,))
            if not got:
                dead.append(f"{' -> '.join(map(repr, path + (a,)))}: no play can be confirmed after it")
            reach |= got
        same = _refusal_key(key)
        if same not in checked:
            checked.add(same)
            refused.extend(refusal_problems(s, legal))
        memo[key] = reach
        return reach

    plays |= walk(start, ())
    return plays, dead, refused


def _refusal_key(s):
    """What the refusals at sub-step `s` depend on: the chosen ruins as a set (why reads them so) and, once
    the claims are over (step "discover"), not the claims (a claim is then the wrong kind of action)."""
    s = s._replace(selection=tuple(sorted(s.selection)))
    if s.step != "discover":
        return s
    return s._replace(ruins=tuple(r[:1] + (-1,) + r[2:] for r in s.ruins), claims_left=())


def compare(state) -> list:
    """The differences between the engine and the reference at a lead or follow decision (empty when
    they agree), each message with the position's JSON."""
    want = reference_plays(state)
    got, dead, refused = engine_plays(state)
    out = [f"the engine misses the play {_words(x)}" for x in sorted(want - got, key=repr)]
    out += [f"the engine offers the play {_words(x)}, which the rules forbid" for x in sorted(got - want, key=repr)]
    out += [f"dead end: {x}" for x in dead] + [f"refusal: {x}" for x in refused]
    if out:
        text = state.to_json()
        out = [f"{x}\nposition: {text}" for x in out]
    return out


def _words(play) -> str:
    if play == PASS:
        return "pass"
    ruins, claims, buys = play
    return f"ruins {sorted(ruins)}, claims {sorted(claims)}, discoveries (slot, ruin) {sorted(buys)}"


# ----- positions ----------------------------------------------------------------------------------------
def decision(s) -> bool:
    """A lead or follow decision with nothing chosen yet."""
    return type(s.to_move) is int and s.step in ("lead", "follow") and not s.selection


def cut_hand(s, rng):
    """`s` with the mover's hand cut to MOST_IN_HAND ruins (the others back to the deck)."""
    p = s.to_move
    if len(s.hands[p]) <= MOST_IN_HAND:
        return s
    return s.edit().set_hand(p, ruins=sorted(rng.sample(s.hands[p], MOST_IN_HAND))).done()


def played_positions(n, seed, greedy, every=0.2):
    """Decisions met in one game of n players (random or greedy play), about 1 in 1/every of them."""
    game = mars_rules.load("ruins")
    rng = random.Random(seed)
    s = game.new_game(players=n, seed=seed)
    while s.to_move is not None:
        if s.to_move == "chance":
            s = s.resolve_chance()
            continue
        if decision(s) and rng.random() < every:
            yield cut_hand(s, rng)
        legal = s.legal_actions()
        s = s.advance(game.greedy(s, rng) if greedy and rng.random() < 0.9 else rng.choice(legal))


def _ids(rng, per, ranks, taken):
    """Distinct ruin ids of the day ranks `ranks`, at most `per` of a rank in all (the ruins used with the
    player count); copy 3 (its night side lights 2 torches) often."""
    out = []
    for r in ranks:
        copies = [k for k in range(COPIES) if (r - 1) * COPIES + k not in taken]
        if sum(1 for c in taken if c // COPIES == r - 1) >= per:
            continue
        k = 3 if 3 in copies and rng.random() < 0.4 else rng.choice(copies)
        taken.add((r - 1) * COPIES + k)
        out.append((r - 1) * COPIES + k)
    return out


# discovery ids of the default card set, by effect (scenario.py): top +1/+2/+3, wild, middle +1/+2,
# each opponent draws 1, light 2 torches, bottom +1
TOP, WILDS, MIDDLE = list(range(0, 13)), list(range(13, 18)), list(range(18, 26))
DRAWS, LIGHTS, BOTTOM = list(range(26, 31)), list(range(31, 36)), list(range(36, 39))


def rare_position(rng, players=None, lit=None, size=None):
    """A built lead or follow, steered to the rare cases: light and draw cards in the market, few lit
    torches (of 2-4), night sides that light, follows of 2 or more ruins, upgraded and claimed ruins,
    cheap market costs now and then. `players`,
    `lit` (the mover's lit torches) and `size` (of the play to follow, 0 for a lead) are drawn when not given."""
    n = players or rng.choice((2, 3, 4, 5))
    per = RUINS_USED[n] // 10
    size = rng.choice((0, 1, 2, 2, 2, 3, 3)) if size is None else size
    taken = set()
    last = _ids(rng, per, [rng.randint(2, 9)] * min(per, size), taken)
    follow = bool(last)
    low = rng.randint(1, 6)
    hand = _ids(rng, per, [rng.randint(low, low + 4) for _ in range(rng.randint(len(last) or 1, MOST_IN_HAND))],
                taken)
    offers = rng.sample(LIGHTS + DRAWS, 2) + rng.sample(TOP + WILDS + MIDDLE + BOTTOM, 2)
    rng.shuffle(offers)
    spare = [d for d in range(39) if d not in offers]
    rng.shuffle(spare)
    upgrades, claims = {}, [0] * n
    for c in hand:
        night = 1 if c % COPIES == 3 and rng.random() < 0.6 else int(rng.random() < 0.15)
        claim = rng.choice((0, 0, n - 1)) if rng.random() < 0.25 else -1
        if claim >= 0 and claims[claim] == 2:
            claim = -1
        elif claim >= 0:
            claims[claim] += 1
        rec = [night, claim, -1, -1, -1]
        for d in list(spare):
            if rng.random() < 0.08:
                pos = 0 if d in TOP else 1 if d in WILDS + MIDDLE else 2
                if rec[2 + pos] < 0:
                    rec[2 + pos] = d
                    spare.remove(d)
        if tuple(rec) != (0, -1, -1, -1, -1):
            upgrades[c] = tuple(rec)
    most = rng.choice((3, 3, 3, 4, 2))
    torches = tuple(min(most, lit) if q == 0 and lit is not None else rng.choice((0, 1, 1, 2, 2, most))
                    for q in range(n))
    hands = [hand] + [[] for _ in range(n - 1)]
    extra = {"step": "follow" if follow else "lead", "to_move": 0, "market": tuple(offers), "torches": torches,
             "upgrades": upgrades, "options": {"torches": most}}
    if rng.random() < 0.25:
        extra["options"]["market_costs"] = tuple(rng.choice((1, 1, 2, 3)) for _ in offers)
    if follow:
        who = rng.randrange(1, n)
        extra.update(trick=tuple(last), last_play=tuple(last), last_player=who)
    return position(n, hands=hands, **extra)


def sample_positions(count, seed=0):
    """`count` lead / follow decisions: from random and greedy play for 2, 3, 4 and 5 players, and built
    rare cases (rare_position), in turn."""
    rng = random.Random(seed)
    made = 0
    games = itertools.count(seed * 1000)
    while made < count:
        g = next(games)
        n = 2 + g % 4
        for s in itertools.islice(played_positions(n, g, greedy=g % 2 == 1), 8):
            yield s
            made += 1
            if made < count:
                yield rare_position(rng)
                made += 1
            if made >= count:
                return
