"""Each game's teaching-coverage map (COVERAGE) is taught by tagged notebook cells, or listed as todo."""
import mars_rules
import pytest

from .coverage import check, table

REPORT: list = []  # the per-game table, printed at the end of the run (conftest.pytest_terminal_summary)


@pytest.mark.parametrize("name", list(mars_rules.GAMES))
def test_the_map_names_every_step_and_end(name):
    game = mars_rules.GAMES[name]
    items = game.COVERAGE.items()
    assert len(items) == len(set(items)), "an item is listed twice"
    assert set(game.COVERAGE.steps) == {s.key for s in game.TURN_STEPS}
    assert game.COVERAGE.ends and game.COVERAGE.actions and game.COVERAGE.scores
    assert callable(game.end_reason)


def test_every_item_is_taught_or_todo(executed):
    rows, problems = check(executed)
    REPORT[:] = [table(rows)]
    assert not problems, "\n".join(problems)
