"""Classroom mode's plan (tools/present.py --dry-run): the pool sized for the class, the memory it takes, the
fallback to plain mode for a notebook that must not be pre-heated; and `make present` calling it."""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import present  # noqa: E402

TURN = "notebooks/ruins_of_mars/01_setup_and_one_turn.ipynb"
LESSONS = "notebooks/ruins_of_mars/07_lessons.ipynb"


def dry_run(*args) -> str:
    out = subprocess.run([sys.executable, "tools/present.py", *args, "--dry-run"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def command(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("Command: "))


def test_default_pool_is_a_class():
    out = dry_run(TURN)
    n = present.plan(ROOT / TURN, None, 8866, "127.0.0.1", present.available_mib())[0]
    assert n == present.DEFAULT_CLASS or f"a class of {present.DEFAULT_CLASS} needs more" in out
    assert f"a pool for a class of {n}" in out
    assert "--preheat_kernel=True" in command(out) and f"--pool_size={n}" in command(out)
    mib, _cpu = present.kernel_figures(ROOT / TURN)
    assert f"pool of {n} kernels: about {n * mib / 1024:.1f} GiB" in out
    assert "URL to share with the class: http://127.0.0.1:8866/" in out
    assert f"--NotebookClient.iopub_timeout={present.IOPUB_TIMEOUT_S}" in command(out)
    assert "Ctrl+C" in out


def test_class_size_sets_the_pool_and_the_memory():
    out = dry_run(TURN, "--class", "3", "--port", "9000")
    assert "--pool_size=3" in command(out) and "--port=9000" in command(out)
    mib, _cpu = present.kernel_figures(ROOT / TURN)
    assert f"pool of 3 kernels: about {3 * mib} MiB" in out
    assert "CLASS not given" not in out
    plain = dry_run(TURN, "--class", "0")
    assert "--preheat_kernel" not in command(plain) and "--pool_size" not in command(plain)


@pytest.mark.parametrize("nb", [LESSONS])
def test_a_marked_notebook_falls_back_to_plain_mode(nb):
    out = dry_run(nb, "--class", "30")
    assert "--preheat_kernel" not in command(out)
    assert "Plain mode, no pre-heated kernels" in out and "lessons/" in out


def test_every_notebook_that_reads_its_lesson_folder_is_marked():
    """A notebook that lists lessons/ when it opens (a LessonShelf) must not be pre-heated: it says so in its
    metadata and in a markdown line; the others may be."""
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        refused = present.preheat_refusal(path)
        if "LessonShelf(" in code:
            assert refused, f"{path.name} reads lessons/ when it opens but may be pre-heated"
            assert "never pre-heats this notebook" in markdown, f"{path.name} does not say it is not pre-heated"
        else:
            assert refused is None, f"{path.name} is marked not to be pre-heated: {refused}"


def make_n(*args) -> str:
    """The command `make -n present ...` would run (as from a shell: this suite itself runs under `make test`,
    whose MAKEFLAGS would make a nested make print its directory)."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    out = subprocess.run(["make", "--no-print-directory", "-n", "present", *args], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    return next(line for line in out.stdout.splitlines() if "tools/present.py" in line)


def test_make_present_runs_the_plan():
    line = make_n("CLASS=3")
    assert "--class=3" in line and TURN in line
    assert "--class" not in make_n()


def test_without_a_class_size_the_pool_fits_the_available_memory():
    mib, _cpu = present.kernel_figures(ROOT / TURN)
    pool, lines = present.plan(ROOT / TURN, None, 8866, "127.0.0.1", free=4096)
    assert pool == int((4096 - present.SERVER_MIB) // (2 * (mib + present.SERVER_MIB_PER_KERNEL))) < present.DEFAULT_CLASS
    assert "needs more" in lines[0] and not any("WARNING" in line for line in lines)
    pool, lines = present.plan(ROOT / TURN, 30, 8866, "127.0.0.1", free=4096)   # a class size given: kept, with a warning
    assert pool == 30 and any("WARNING" in line for line in lines)
    assert present.plan(ROOT / TURN, None, 8866, "127.0.0.1", free=None)[0] == present.DEFAULT_CLASS
