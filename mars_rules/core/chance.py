"""The seeded chance stream: a draw depends only on (seed, counter), never on the global `random`.

>>> draw_index(7, 0, 6) == draw_index(7, 0, 6)
True
>>> 0 <= draw_index(7, 1, 6) < 6
True
"""
from __future__ import annotations

import hashlib
from fractions import Fraction


_streams: dict = {}  # seed -> the hash of b"<seed>:" (copied for each draw; a game draws many times)
_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes


def draw_index(seed: int, counter: int, total: int) -> int:
    """A number in range(total) from the stream `seed` at position `counter` (a stable hash): the first
    8 bytes of BLAKE2b of b"<seed>:<counter>", big-endian, modulo `total`. The hash of the seed's part is
    made once and copied (the same digest as hashing the whole text at once, in about half the time).

    >>> draw_index(5, 3, 6) == int.from_bytes(hashlib.blake2b(b"5:3", digest_size=8).digest(), "big") % 6
    True
    """
    h = _streams.get(seed)
    if h is None:
        if len(_streams) > 1_000:
            _streams.clear()
        h = _streams[seed] = _blake2b(b"%d:" % seed, digest_size=8)
    h = h.copy()
    h.update(b"%d" % counter)
    return _from_bytes(h.digest(), "big") % total


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
