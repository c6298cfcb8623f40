"""The fast helpers of the Ruins engine give exactly the answers of their plain reference versions."""
import random

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
        assert crafting._solve(items, min_rank, mode, offers, budget) == expected, (items, min_rank, mode, offers, budget)
        found[expected] += 1
    assert min(found.values()) > 500  # both answers are well represented
