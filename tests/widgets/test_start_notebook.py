"""notebooks/00_start_here.ipynb: its links point at the game notebooks, and it ends with a live Explorer."""
import json
import pathlib
import re

from tests.notebooks.executed import notebook_paths

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"


def cells():
    return json.loads(START.read_text(encoding="utf-8"))["cells"]


def links():
    text = "\n".join("".join(c["source"]) for c in cells() if c["cell_type"] == "markdown")
    return re.findall(r"\]\(([^)]+\.ipynb)\)", text)


def test_committed_without_outputs_with_a_seed_and_asserts():
    code = [c for c in cells() if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    assert "SEED = " in "".join(code[0]["source"])
    assert sum("assert " in "".join(c["source"]) for c in code) >= 2
    assert "Explorer(" in "".join(code[-1]["source"])  # the live Explorer (served by the browser test)


def test_links_are_relative_and_match_the_notebooks_on_disk():
    found = links()
    assert len(found) == len(set(found)) >= 17  # 4 games x at least 4 notebooks + the what-if lab, each once
    for link in found:
        assert not link.startswith(("/", "http")), link
        target = NOTEBOOKS / link
        if not target.exists():  # not written yet is fine; a notebook of that number under another name is not
            prefix = target.name[:3]
            twins = sorted(p.name for p in notebook_paths(target.parent) if p.name.startswith(prefix)) \
                if prefix[:2].isdigit() else []
            assert not twins, f"{link} does not exist but {twins} does: update the link"
    for nb in notebook_paths():  # every notebook is linked (JupyterLab's checkpoint copies are not notebooks)
        if nb == START:
            continue
        assert nb.relative_to(NOTEBOOKS).as_posix() in found, f"00_start_here does not link {nb}"


def test_checkpoint_copies_are_never_taken_for_notebooks(tmp_path):
    """JupyterLab writes `.ipynb_checkpoints/` beside a notebook it saved: every glob of notebooks skips it."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "01_a.ipynb").write_text("{}")
    (tmp_path / "game" / ".ipynb_checkpoints").mkdir()
    (tmp_path / "game" / ".ipynb_checkpoints" / "01_a-checkpoint.ipynb").write_text("{}")
    assert [p.name for p in notebook_paths(tmp_path)] == ["01_a.ipynb"]
