"""Playing through a Ruins of Mars position in a notebook or a test, one named action at a time.

Positions themselves are built with the position builder (`state.edit() ... .done()`, see
`mars_rules.ruins_of_mars.builder`); these two helpers play on from them.

>>> import mars_rules
>>> s = mars_rules.load("ruins_of_mars").new_game(players=["Ada", "Bo"], seed=7, characters="deal", first_player=0)
>>> s = play(s, "place_rover", site="Workshop")
>>> s.step, s.rover
('transfer', 2)
>>> settle(s) is s                       # a player decides: nothing to resolve
True
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Action


def play(state, kind, **params):
    """`state` after the action `kind` of the player to move (or of chance at a chance node).

    `play(s, "place_rover", site="Wasteland")`; a parameter named like a Python keyword is passed with
    `**{"from": "Laboratory"}`. Raises IllegalAction, naming the rule, when it is not legal."""
    return state.apply(Action(kind, state.to_move, params))


def settle(state):
    """Resolve chance nodes from the game's own seeded stream until a player has to decide."""
    while state.to_move == CHANCE:
        state = state.resolve_chance()
    return state
