"""Random play reaches the end for every player count."""
import pytest

import mars_rules

from ..walks import after

game = mars_rules.load("ruins_of_mars")


@pytest.mark.parametrize("players", game.PLAYER_COUNTS)
def test_random_play_ends(players):
    s = after(game.new_game(players=players, seed=2), 100_000, 2)
    assert s.is_over and s.winners()
