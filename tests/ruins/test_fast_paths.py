"""The fast helpers of the Ruins engine give exactly the answers of their plain reference versions."""
import random

from mars_rules.core import CHANCE
from mars_rules.ruins import crafting
from mars_rules.ruins.crafting import PARTIAL, SET


def _random_case(rng):
    """Ruins of rank >= 0, market costs >= 1 and "+rank" amounts >= 1, as the card data allows."""
    n = rng.randint(2, 5)
    items = [(rng.randint(0, 12), int(rng.random() < 0.2), rng.randint(0, 7)) for _ in range(n)]
    offers = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(("rank", "rank", "rank", "wild"))
        amount = rng.choice((1, 1, 2, 3)) if kind == "rank" else 0
        offers.append((rng.randint(1, 3), rng.randint(0, 2), kind, amount))
    return items, rng.randint(0, 12), rng.choice((SET, PARTIAL)), tuple(offers), rng.randint(0, 4)


def test_the_target_rank_search_agrees_with_the_exhaustive_search():
    rng = random.Random(7)
    found = {True: 0, False: 0}
    for _ in range(6000):
        items, min_rank, mode, offers, budget = _random_case(rng)
        expected = crafting._search(list(items), min_rank, mode, offers, 0, budget)
        assert crafting._solve(items, min_rank, mode, offers, budget) == expected, (items, min_rank, mode, offers)
        found[expected] += 1
    assert min(found.values()) > 500  # both answers are well represented


def test_a_ruins_ways_to_take_offers_are_every_subset_that_fits_its_positions_and_the_budget():
    """crafting._options (read off a table of every way per offers tuple) against every subset of the offers."""
    rng = random.Random(11)
    for _ in range(3000):
        _items, _r, _mode, offers, budget = _random_case(rng)
        free = rng.randint(0, 7)
        expected = []
        for mask in range(1 << len(offers)):
            picked = [o for i, o in enumerate(offers) if mask >> i & 1]
            positions = [o[1] for o in picked]
            if len(set(positions)) < len(positions) or any(not free >> pos & 1 for pos in positions):
                continue  # one card per position, free positions only
            cost = sum(o[0] for o in picked)
            if cost <= budget:
                expected.append((mask, cost, sum(o[3] for o in picked if o[2] == "rank"),
                                 any(o[2] != "rank" for o in picked)))
        assert list(crafting._options(free, offers, budget)) == expected, (free, offers, budget)


def _decisions(players, seed, limit=1500):
    import mars_rules
    game = mars_rules.load("ruins")
    s = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while s.to_move is not None and n < limit:
        if s.to_move == "chance":
            s = s.resolve_chance()
        else:
            yield s
            legal = s.legal_actions()
            s = s.advance(legal[int(rng.random() * len(legal))])
        n += 1


def test_listed_picks_and_discoveries_are_those_the_plain_checks_allow():
    """The fast listing of picks and discoveries gives the answers of the rules themselves: a ruin is
    offered when some complete play holds it and the ruins chosen (legal.play_exists), a discovery when
    the play can still be finished after it (legal._buy_ok), "done" when the ruins chosen can be led."""
    from mars_rules.ruins import legal as L
    counts = {"follow": 0, "sel": 0, "discover": 0, "done": 0}
    for players, seed in ((2, 1), (3, 2), (5, 3), (2, 4), (4, 5), (2, 6), (3, 7)):
        for s in _decisions(players, seed):
            p = s.to_move
            listed = L.legal(s)
            if s.step in ("lead", "follow") and (s.selection or s.step == "follow"):
                picks = [a.get("ruin") for a in listed if a.kind == "pick"]
                plain = [c for c in s.hands[p] if c not in s.selection and L.play_exists(s, s.selection + (c,))]
                assert picks == plain, s.to_json()
                counts["sel" if s.selection else "follow"] += 1
                if s.step == "lead":
                    done = L.finishable(s, L._items(s, s.selection), L._budget(s, s.torches[p], s.selection))
                    assert done == any(a.kind == "done" for a in listed), s.to_json()
                    counts["done"] += 1
            elif s.step == "discover":
                budget = s.torches[p]
                found = [(a.get("slot"), a.get("ruin")) for a in listed if a.kind == "discover"]
                plain = [(k, c) for k, d in enumerate(s.market) if d >= 0 for c in s.selection
                         if L._buy_ok(s, k, c, budget)]
                assert found == plain, s.to_json()
                counts["discover"] += 1
    assert min(counts.values()) > 50


def test_joining_a_finished_set_agrees_with_completable():
    from mars_rules.ruins.legal import _join_ok
    rng = random.Random(11)
    checked = 0
    for _ in range(6000):
        items, min_rank, _mode, offers, budget = _random_case(rng)
        aff = tuple(o for o in offers if o[0] <= budget)
        base, item = items[:-1], (items[-1][0], 0, items[-1][2])
        if not aff:
            continue
        plain = [x[0] for x in base if not x[1]]
        common = -1 if not plain else (plain[0] if len(set(plain)) == 1 else -2)
        j_one = next((i for i, x in enumerate(base) if not x[1]), -1)
        expected = crafting.completable(list(base) + [item], min_rank, SET, aff, budget)
        assert _join_ok(list(base), common, len(plain), j_one, item, min_rank, aff, budget) == expected
        checked += 1
    assert checked > 3000


def test_a_wild_ruin_joining_a_finished_set_agrees_with_completable():
    from mars_rules.ruins.legal import _wild_joins
    rng = random.Random(12)
    found = {True: 0, False: 0}
    for _ in range(6000):
        items, min_rank, _mode, offers, budget = _random_case(rng)
        aff = tuple(o for o in offers if o[0] <= budget)
        base, item = list(items[:-1]), (items[-1][0], 1, items[-1][2])
        if not aff:
            continue
        expected = crafting.completable(base + [item], min_rank, SET, aff, budget)
        reach = crafting.common_reach(base, aff, budget, min_rank)
        assert _wild_joins(base, item, min_rank, aff, budget, {}, reach) == expected, (base, item, min_rank, aff)
        found[expected] += 1
    assert min(found.values()) > 500  # both answers are well represented


def test_the_search_made_once_for_the_chosen_ruins_agrees_with_solve():
    rng = random.Random(13)
    answers = {True: 0, False: 0}
    for _ in range(6000):
        items, min_rank, _mode, offers, budget = _random_case(rng)
        base, item = list(items[:-1]), (items[-1][0], 0, items[-1][2])
        states = crafting.solve_base(base, min_rank, offers, budget)
        expected = crafting._solve(base + [item], min_rank, SET, offers, budget)
        assert crafting.solve_join(states, base, item, min_rank, offers, budget) == expected
        answers[expected] += 1
    assert min(answers.values()) > 500


def test_resolve_chance_in_one_step_is_the_core_pick_applied():
    """flow.resolve_chance (deals, forced draws, market refills) equals the core's way: the seeded pick over
    every outcome, applied with the checked `apply`."""
    import mars_rules.ruins as ruins
    from mars_rules.core import GameState, pick
    kinds = {"deal": 0, "draw": 0, "refill": 0}
    for players, seed in ((2, 11), (3, 12), (5, 13)):
        s = ruins.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.to_move == CHANCE:
                expected = s.apply(pick(s._outcomes(), s.seed, s.draws))
                assert s.resolve_chance() == expected == GameState.resolve_chance(s)
                kinds[s.step] += 1
                s = expected
            else:
                legal = s.legal_actions()
                s = s.advance(legal[int(rng.random() * len(legal))])
    assert min(kinds.values()) > 5, kinds


def test_the_members_of_follows_found_at_once_are_those_of_one_search_per_ruin():
    """members.members (every ruin in some complete follow, one pass) agrees with crafting.play_search asked
    once per ruin, with the ruins already chosen (`must`), wild ruins, and no offer affordable at all."""
    from mars_rules.ruins.members import members
    rng = random.Random(17)
    answers = {True: 0, False: 0}
    for _ in range(2500):
        n = rng.randint(2, 9)
        wild_share = rng.choice((0.1, 0.25, 0.4))
        items = [(rng.randint(1, 12), int(rng.random() < wild_share), rng.randint(0, 7)) for _ in range(n)]
        offers = []
        for _ in range(rng.randint(0, 4)):
            kind = rng.choice(("rank", "rank", "rank", "wild"))
            amount = rng.choice((1, 1, 2, 3)) if kind == "rank" else 0
            offers.append((rng.randint(1, 3), rng.randint(0, 2), kind, amount))
        offers = tuple(offers)
        budget = rng.randint(0, 3)
        need = rng.randint(2, min(5, n))
        min_rank = rng.randint(1, 12)
        must = tuple(sorted(rng.sample(range(n), rng.randint(0, min(3, need)))))
        got = members(items, must, need, min_rank, tuple(o for o in offers if o[0] <= budget), budget)
        sig = [x + (0,) for x in items]
        expected = set()
        for i in range(n):
            if i not in must and crafting.play_search([sig[j] for j in must] + [sig[i]],
                                                      [sig[j] for j in range(n) if j not in must and j != i],
                                                      need - len(must) - 1, min_rank, offers, budget, 3):
                expected.add(i)
        if expected or (len(must) == need and crafting.play_search([sig[j] for j in must], [], 0, min_rank, offers,
                                                                     budget, 3)):
            expected |= set(must)
        assert got == expected, (items, must, need, min_rank, offers, budget)
        answers[bool(expected)] += 1
    assert min(answers.values()) > 500
