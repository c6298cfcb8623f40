"""Session-wide hooks: nbval's outputs are kept for the notebook tests (tests/notebooks), which run after
nbval so that every notebook is executed once per session; and every refusal the tests meet is recorded
(game, rulebook section) for the rules reference test, which runs last."""
import pathlib

import pytest

from mars_rules.core.state import GameState
from tests import rule_names
from tests.notebooks import captured

_refusal = GameState._refusal


def _recorded_refusal(self, action):
    reason, rule = _refusal(self, action)
    rule_names.SEEN.add((getattr(self.game, "__name__", ""), rule))
    return reason, rule


GameState._refusal = _recorded_refusal


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    yield
    if call.when == "call" and hasattr(item, "cell_num") and getattr(item, "test_outputs", None) is not None:
        path = pathlib.Path(str(item.fspath)).resolve()
        captured.OUTPUTS.setdefault(path, {})[item.cell_num] = item.test_outputs


def pytest_collection_modifyitems(items):
    """The notebook tests last (after nbval has run the notebooks), then the check of the refusals the
    whole session met; the rest keep their order."""
    last = [i for i in items if "tests/notebooks/" in pathlib.Path(str(i.fspath)).as_posix()]
    last += [i for i in items if i.name.startswith("test_every_refusal_the_tests_met")]
    if last:
        moved = set(last)
        items[:] = [i for i in items if i not in moved] + last
