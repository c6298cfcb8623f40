"""mars-rules: the rules of four Mars board games as plain Python (standard library only).

>>> import mars_rules
>>> sorted(mars_rules.GAMES)  # doctest: +ELLIPSIS
[...'ruins_of_mars'...]
>>> game = mars_rules.load("ruins_of_mars")
>>> state = game.new_game(players=2, seed=7)
>>> state.step in [s.key for s in game.TURN_STEPS]
True
"""
from __future__ import annotations

import importlib
import importlib.util

from .core import CHANCE, Action, History, IllegalAction, PositionError, ScoreRow, ScoreSheet, Step, playout, random_policy

GAME_NAMES = ("ruins_of_mars", "mars_colony", "ruins", "on_mars")

GAMES = {name: importlib.import_module(f"{__name__}.{name}") for name in GAME_NAMES
         if importlib.util.find_spec(f"{__name__}.{name}") is not None}
"""Every game: its package name -> its module (the module meets the game contract)."""


def load(name: str):
    """The game module called `name` (one of GAMES), e.g. load("ruins_of_mars")."""
    try:
        return GAMES[name]
    except KeyError:
        raise KeyError(f"no game {name!r}; the games are: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "GAME_NAMES", "load", "CHANCE", "Action", "IllegalAction", "PositionError", "Step",
           "ScoreRow", "ScoreSheet", "History", "playout", "random_policy"]
