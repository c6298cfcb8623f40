"""Session-wide hooks: nbval's outputs are kept for the notebook tests (tests/notebooks), which run after
nbval so that every notebook is executed once per session; and every refusal the tests meet is recorded
(game, rulebook section) for the rules reference test, which runs last.

The suite runs on two processes (pytest-xdist, `-n 2` in pyproject.toml): the notebooks and their tests are
one unit of work, run in order by one process (`pytest_xdist_make_scheduler`); each process sends the refusals it met to the main
one, which checks them all at the end (`pytest_sessionfinish`), as the rules reference test does within
one process."""
import pathlib

import pytest

from mars_rules.core.state import GameState
from tests import rule_names
from tests.notebooks import captured

# the lesson generators (notebooks/<game>/lessons/make_lessons.py) are scripts, run by hand; their output
# is checked by tests/test_lessons_content.py (and doctest collection would clash on their shared name)
collect_ignore_glob = ["notebooks/*/lessons/*.py"]

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


def pytest_sessionfinish(session, exitstatus):
    """A worker process sends the refusals it met; the main process (with workers) checks them all."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["refusals"] = sorted(rule_names.SEEN)
    elif getattr(session.config.option, "numprocesses", None) and exitstatus == 0 and rule_names.SEEN:
        missing = rule_names.missing_entries(rule_names.SEEN)
        if missing:
            session.config.get_terminal_writer().line(f"refusals whose section has no entry in RULES: {missing[:10]}")
            session.exitstatus = 1


NOTEBOOK_IDS = ("notebooks/", "tests/notebooks/")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """xdist: every test is its own unit of work (as `--dist load`), except the notebooks' cells and the
    notebook tests, one unit run in order by one process (the cells of a notebook share its kernel, and the
    notebook tests read what nbval captured)."""
    from xdist.scheduler import LoadScopeScheduling

    class Scheduler(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            return "notebooks" if nodeid.startswith(NOTEBOOK_IDS) else nodeid

    return Scheduler(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """xdist: the refusals a worker met, for the check at the end of the session."""
    rule_names.SEEN.update(tuple(pair) for pair in getattr(node, "workeroutput", {}).get("refusals", ()))
