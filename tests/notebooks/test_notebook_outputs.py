"""Every notebook, executed as a student runs it, shows what it teaches (see judge.py): boards as
images, score sheets as tables, sentences rather than Python values, and no error, warning or stderr."""
import pytest

from .executed import ROOT, notebook_paths
from .judge import problems

PATHS = notebook_paths()


def test_there_are_notebooks():
    assert len(PATHS) >= 17


@pytest.mark.parametrize("path", PATHS, ids=[p.relative_to(ROOT / "notebooks").as_posix() for p in PATHS])
def test_what_a_student_sees(executed, path):
    nb, error = executed[path]
    assert error is None, f"{path.name} did not run: {error}"
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            found += [f"cell {i}: {p}" for p in problems(cell)]
    assert not found, f"{path.name}:\n" + "\n".join(found)
