"""Every notebook executed once per test session, shared by the output check and the teaching-coverage
check: the outputs nbval captured when it ran the notebook in this session (the root conftest.py), or
else an execution here (nbclient, the project's kernel; two notebooks at a time, one kernel each).

`notebook_paths()` is the one list of the project's notebooks: checkpoint copies that JupyterLab
writes (`.ipynb_checkpoints/`) are never among them.
"""
from __future__ import annotations

import os
import pathlib
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CELL_TIMEOUT_S = 180


def notebook_paths(folder: pathlib.Path = NOTEBOOKS) -> list:
    """Every notebook under `folder`, sorted, without JupyterLab's checkpoint copies."""
    return sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def execute(path: pathlib.Path):
    """(notebook with outputs, error or None): the notebook run top to bottom in its own folder."""
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)  # the kernel chooses its own backend, as it does for a student
    client = NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute(env=env)
    except Exception as e:  # noqa: BLE001 - a kernel that dies is reported by the tests, not raised here
        return nb, e
    return nb, None


def execute_all(paths) -> dict:
    """{path: (notebook, error)} for every path: the outputs nbval captured in this session where it ran
    the whole notebook (tests/notebooks/captured.py), the others executed here, two kernels at a time."""
    import nbformat
    from .captured import captured
    done, todo = {}, []
    for path in paths:
        nb = captured(pathlib.Path(path).resolve(), nbformat.read(path, as_version=4))
        if nb is not None:
            done[path] = (nb, None)
        else:
            todo.append(path)
    with ThreadPoolExecutor(max_workers=2) as pool:
        done.update(zip(todo, pool.map(execute, todo)))
    return {path: done[path] for path in paths}
