"""Notebook outputs captured while nbval executes the notebooks in this session (see the project's root
conftest.py), so the output and coverage tests read them instead of running every notebook a second time.

OUTPUTS maps a notebook's resolved path to {code cell number: outputs}; a notebook counts as captured only
when every code cell ran under nbval.
"""
OUTPUTS: dict = {}


def captured(path, nb):
    """The notebook `nb` (read from `path`) with nbval's outputs in its code cells, or None when nbval has
    not run all of them in this session."""
    cells = OUTPUTS.get(path)
    code = [c for c in nb.cells if c.cell_type == "code"]
    if not cells or len(cells) != len(code):
        return None
    for number, cell in enumerate(code):
        cell.outputs = list(cells[number])
    return nb
