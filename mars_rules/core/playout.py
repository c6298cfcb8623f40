"""Playing games out: a random policy and `playout`.

>>> import mars_rules
>>> game = mars_rules.load("ruins_of_mars")
>>> end = playout(game.new_game(players=2, seed=3), seed=3)
>>> end.is_over
True
"""
from __future__ import annotations

import random

from .actions import CHANCE


def random_policy(state, rng: random.Random):
    """Choose uniformly among the legal actions (with the caller's own seeded Random)."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def playout(state, policy=None, seed: int = 0, max_actions: int = 1_000_000, on_step=None):
    """Play from `state` to the end: chance from the game's stream, decisions from `policy`.

    `policy(state, rng)` returns an Action (default: random). `policy` may also be a
    list with one policy per seat. `on_step(state, action)` is called before each
    transition. The same state, policy and seed always give the same game.
    """
    rng = random.Random(seed)
    policies = policy if isinstance(policy, (list, tuple)) else None
    choose = policy or random_policy
    for _ in range(max_actions):
        who = state.to_move
        if who is None:
            return state
        if who == CHANCE:
            if on_step is not None:
                nxt = state.resolve_chance()
                on_step(state, None)
                state = nxt
            else:
                state = state.resolve_chance()
            continue
        pol = policies[who] if policies else choose
        action = pol(state, rng) if pol is not None else random_policy(state, rng)
        if on_step is not None:
            on_step(state, action)
        for legal in state.legal_actions():  # an action taken from the list needs no second check
            if legal is action:
                state = state.advance(action)
                break
        else:
            state = state.apply(action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
