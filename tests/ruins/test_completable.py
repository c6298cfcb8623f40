"""The feasibility check behind the sub-steps: its shortcuts agree with a plain exhaustive search."""
import random

from mars_rules.ruins.crafting import PARTIAL, SET, SINGLE, _ok, _search, completable


def exhaustive(items, min_rank, mode, offers, budget):
    offers = tuple(o for o in offers if o[0] <= budget)
    return _ok([(r, w) for r, w, _ in items], min_rank, mode) or _search(list(items), min_rank, mode, offers, 0,
                                                                          budget)


def test_completable_matches_the_exhaustive_search():
    rng = random.Random(1)
    kinds = [("rank", 1), ("rank", 2), ("rank", 3), ("wild", 0)]
    for _ in range(6000):
        k = rng.randint(1, 4)
        items = [(rng.randint(1, 8), int(rng.random() < 0.15), rng.randint(0, 7)) for _ in range(k)]
        offers = []
        for _ in range(rng.randint(0, 4)):
            kind, amount = rng.choice(kinds)
            offers.append((rng.choice([1, 1, 2, 3]), 1 if kind == "wild" else rng.randint(0, 2), kind, amount))
        mode = SINGLE if k == 1 and rng.random() < 0.5 else rng.choice([SET, PARTIAL])
        min_rank = rng.choice([0, 0, rng.randint(1, 9)])
        budget = rng.randint(0, 3)
        got = completable(items, min_rank, mode, tuple(offers), budget)
        assert got == exhaustive(items, min_rank, mode, tuple(offers), budget), (items, min_rank, mode, offers, budget)
