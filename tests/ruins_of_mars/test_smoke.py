"""Random play reaches the end for every player count."""
import random

import pytest

import mars_rules
from mars_rules import CHANCE

game = mars_rules.load("ruins_of_mars")


@pytest.mark.parametrize("players", game.PLAYER_COUNTS)
def test_random_play_ends(players):
    s = game.new_game(players=players, seed=2)
    rng = random.Random(2)
    for _ in range(100_000):
        if s.is_over:
            break
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
    assert s.is_over and s.winners()
