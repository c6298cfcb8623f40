"""The notebook progress bar for long simulations."""
import mars_rules
from mars_rules.core import simulate
from widgets.progress import ProgressBar


def test_progress_bar_fills_as_games_finish():
    bar = ProgressBar("games")
    seen = []

    def progress(done, total):
        bar(done, total)
        seen.append(bar.widget.value)

    game = mars_rules.load("ruins_of_mars")
    result = simulate(game.new_game(players=2, seed=1), 3, seed=1, executor=None, progress=progress)
    assert len(result.records) == 3 and seen == [1, 2, 3]
    assert bar.widget.max == 3 and bar.label.value == "3/3"
