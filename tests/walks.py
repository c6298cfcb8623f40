"""Random walks for the tests: one game of uniformly random legal play from a position, every game alike.

The rule: at a chance node the outcome is the game's own seeded draw (`state.resolve_chance()`); at a
decision the action is `legal[rng.randrange(len(legal))]` with `legal = state.legal_actions()` and
`rng = random.Random(seed)`, one draw per decision and none at chance nodes. The same position and seed
give the same game. A ply is one step of it: a decision or a chance event.

    >>> import mars_rules
    >>> from tests.walks import after, positions
    >>> start = mars_rules.load("ruins").new_game(players=3, seed=1)
    >>> len(list(positions(start, seed=1, every=10, limit=30)))        # plies 0, 10, 20 and 30
    4
    >>> after(start, 30, seed=1) == list(positions(start, seed=1, limit=30))[-1]
    True
    >>> all(s.to_move not in (mars_rules.CHANCE, None) for s in positions(start, 1, decisions=True))
    True
"""
from __future__ import annotations

import random

from mars_rules.core import CHANCE


def step(state, rng: random.Random):
    """The position one random ply after `state` (not over): the chance draw, or a decision from `rng`."""
    if state.to_move == CHANCE:
        return state.resolve_chance()
    legal = state.legal_actions()
    return state.apply(legal[rng.randrange(len(legal))])


def positions(state, seed, every: int = 1, limit: int | None = None, decisions: bool = False):
    """The positions along one random game from `state` (see the module docstring).

    Yields the i-th position for i = 0, every, 2 * every, ... (the 0th is `state`) and the last one (the end,
    or the position after `limit` plies), each once. With `decisions=True` only the positions where a
    player has a decision to take are counted and yielded (the i-th decision for i = 0, every, ...; neither
    chance nodes nor the end); `limit` still counts every ply.
    """
    rng = random.Random(seed)
    i = plies = 0
    while True:
        last = state.is_over or plies == limit
        if not decisions:
            if i % every == 0 or last:
                yield state
            i += 1
        elif not state.is_over and state.to_move != CHANCE:
            if i % every == 0:
                yield state
            i += 1
        if last:
            return
        state = step(state, rng)
        plies += 1


def after(state, plies: int, seed):
    """The position `plies` random plies (decisions or chance events) after `state`, or the end if sooner."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state = step(state, rng)
    return state
