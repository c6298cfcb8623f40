"""The Ruins of Mars position builder (`state.edit()`): the core's verbs (mars_rules.core.builder) over
the players' boards, with the resources by name.

>>> import mars_rules
>>> s = mars_rules.load("ruins_of_mars").new_game(players=["Ada", "Bo"], seed=7, characters="deal")
>>> b = s.edit()
>>> b.player("Ada").fuel = 6
>>> b.done().boards[0].resources[0]
6
"""
from __future__ import annotations

from mars_rules.core.builder import PositionBuilder

from .data import RESOURCES


class Builder(PositionBuilder):
    PLAYER_RECORDS = "boards"
    ALIASES = {name.lower(): ("resources", i) for i, name in enumerate(RESOURCES)}

    def _turn_fields(self, seat, step):
        return {"to_move": seat, "current": seat, "step": step}
