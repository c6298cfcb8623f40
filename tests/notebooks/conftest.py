"""The executed notebooks, one execution per session for every test of this folder."""
import pytest

from .executed import execute_all, notebook_paths


@pytest.fixture(scope="session")
def executed():
    """{path: (executed notebook, error or None)} for every notebook of the project."""
    return execute_all(notebook_paths())


def pytest_terminal_summary(terminalreporter):
    from .test_notebook_coverage import REPORT
    if REPORT:
        terminalreporter.write_sep("-", "teaching coverage (items taught by tagged notebook cells / still todo)")
        terminalreporter.write_line(REPORT[0])
