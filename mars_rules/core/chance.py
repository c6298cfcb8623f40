"""The seeded chance stream: a draw depends only on (seed, counter), never on the global `random`.

>>> draw_index(7, 0, 6) == draw_index(7, 0, 6)
True
>>> 0 <= draw_index(7, 1, 6) < 6
True
"""
from __future__ import annotations

import hashlib
from fractions import Fraction


def draw_index(seed: int, counter: int, total: int) -> int:
    """A number in range(total) from the stream `seed` at position `counter` (a stable hash)."""
    digest = hashlib.blake2b(b"%d:%d" % (seed, counter), digest_size=8).digest()
    return int.from_bytes(digest, "big") % total


def pick(weighted, seed: int, counter: int):
    """The outcome a weighted list [(outcome, weight), ...] gives at this point of the stream."""
    total = 0
    for _, w in weighted:
        total += w
    r = draw_index(seed, counter, total)
    for outcome, w in weighted:
        if r < w:
            return outcome
        r -= w
    raise ValueError("empty chance node")


def as_fractions(weighted):
    """[(outcome, weight)] -> ((outcome, Fraction), ...) summing to 1."""
    total = sum(w for _, w in weighted)
    return tuple((o, Fraction(w, total)) for o, w in weighted)
