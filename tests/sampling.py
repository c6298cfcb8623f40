"""What every game's hidden-information sampler must give, checked in one place: `checked_sample` draws
`game.determinize(state, player, random.Random(seed))` and asserts what each game's sampler promises
(tests/<game>/test_determinize.py add what it hides):

- the player's view is kept (equal, and the same JSON);
- the sample is a valid position (the game's `invariants.problems` is empty) that round-trips through JSON;
- with `play`, it can be played to the end;

and `assert_blind` that a position differing only in what the player cannot see gives the same sample.

    >>> import mars_rules
    >>> game = mars_rules.load("ruins")
    >>> s = game.new_game(players=3, seed=1)
    >>> checked_sample(game, s, 0, seed=2).hands[0] == s.hands[0]
    True
"""
from __future__ import annotations

import importlib
import random

from mars_rules.core import playout


def checked_sample(game, state, player: int, seed: int = 0, play: bool = False):
    """The sample of `state` for `player` from `random.Random(seed)`, checked (see the module docstring)."""
    d = game.determinize(state, player, random.Random(seed))
    assert d.view(player) == state.view(player)
    assert d.view(player).to_json() == state.view(player).to_json()
    problems = importlib.import_module(game.__name__ + ".invariants").problems(d)
    assert problems == [], (getattr(state, "step", None), player, problems)
    assert game.from_json(d.to_json()) == d
    if play and not d.is_over:
        assert playout(d, seed=seed).is_over
    return d


def assert_blind(game, state, other, player: int, tries: int = 3) -> None:
    """`other` differs from `state` only in what `player` cannot see (a valid position, the same view), and
    the sampler gives the very same sample of both, using the same draws of its rng."""
    assert other != state
    problems = importlib.import_module(game.__name__ + ".invariants").problems(other)
    assert problems == [], problems
    assert other.view(player).to_json() == state.view(player).to_json()
    for r in range(tries):
        r1, r2 = random.Random(r), random.Random(r)
        assert game.determinize(other, player, r1) == game.determinize(state, player, r2)
        assert r1.getstate() == r2.getstate()  # the same draws were used
