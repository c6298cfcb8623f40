"""The greedy player's evaluation keeps each board's value per board object: it must equal the value
computed afresh, in every position of random games (solo included)."""
import mars_rules
from mars_rules.ruins_of_mars import policies
from tests.walks import positions


def test_the_kept_board_values_equal_fresh_ones():
    game = mars_rules.load("ruins_of_mars")
    checked = 0
    for players, seed in ((1, 3), (2, 4), (4, 5)):
        for s in positions(game.new_game(players=players, seed=seed), seed, decisions=True):
            for p in range(len(s.players)):
                kept = policies.evaluate(s, p)
                policies._BOARD_VALUES.clear()
                assert policies.evaluate(s, p) == kept
                checked += 1
    assert checked > 500
