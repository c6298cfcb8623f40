"""Session-wide hooks: nbval's outputs are kept for the notebook tests (tests/notebooks), which run after
nbval so that every notebook is executed once per session."""
import pathlib

import pytest

from tests.notebooks import captured


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    yield
    if call.when == "call" and hasattr(item, "cell_num") and getattr(item, "test_outputs", None) is not None:
        path = pathlib.Path(str(item.fspath)).resolve()
        captured.OUTPUTS.setdefault(path, {})[item.cell_num] = item.test_outputs


def pytest_collection_modifyitems(items):
    """The notebook tests last (after nbval has run the notebooks); the rest keep their order."""
    last = [i for i in items if "tests/notebooks/" in pathlib.Path(str(i.fspath)).as_posix()]
    if last:
        moved = set(last)
        items[:] = [i for i in items if i not in moved] + last
