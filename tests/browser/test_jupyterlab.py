"""`make lab` as a new user meets it: JupyterLab on a free local port, the start notebook run in a real
browser, and then the test suite's notebook checks in the same checkout.

The checkout is a copy of this one (tracked and new files) in a tmp folder, so the checkpoint copies
JupyterLab writes there do not touch the working tree. The server is started by `make lab` itself
(with the project's .venv), so the root case (`--allow-root`, CI runs as root) is what is tested. Every
process is stopped afterwards.
"""
from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys

from .serve import ROOT, START_TIMEOUT_S, free_port, serve

VENV = ROOT / ".venv"


def copy_checkout(dest):
    """The tracked and new (not ignored) files of this checkout, with their times (so make sees the
    virtual environment as up to date)."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def test_make_lab_adds_allow_root_only_for_root():
    dry = subprocess.run(["make", "-n", "lab", f"VENV={VENV}"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert ("--allow-root" in dry) == (os.geteuid() == 0), dry
    assert "notebooks/00_start_here.ipynb" in dry and "127.0.0.1" in dry


def test_jupyterlab_runs_the_start_notebook_then_the_tests_in_the_same_checkout(browser, tmp_path):
    # the copy shares this checkout's .venv: bring it up to date here first, so that make in the copy never
    # installs into it (an editable install of the copy, deleted afterwards, would break the .venv)
    subprocess.run(["make", "-s", "venv", f"VENV={VENV}"], cwd=ROOT, check=True, capture_output=True)
    checkout = copy_checkout(tmp_path / "checkout")
    port, token = free_port(), secrets.token_hex(16)
    url = f"http://127.0.0.1:{port}/"
    args = f"--no-browser --port={port} --ServerApp.token={token} --ServerApp.port_retries=0"
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter-runtime"))
    log = tmp_path / "lab.log"
    with serve(["make", "-s", "lab", f"VENV={VENV}", f"LAB_ARGS={args}"], checkout, log, url + "api", env):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(f"{url}lab/tree/00_start_here.ipynb?token={token}", timeout=START_TIMEOUT_S * 1000)
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=START_TIMEOUT_S * 1000)
            # the kernel is started and connected: the status bar says so
            page.get_by_text("| Idle").first.wait_for(timeout=START_TIMEOUT_S * 1000)
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            page.wait_for_selector(".mr-explorer .mr-board img", state="attached", timeout=START_TIMEOUT_S * 1000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                                   timeout=START_TIMEOUT_S * 1000)
            src = page.locator(".mr-explorer .mr-board img").first.get_attribute("src")
            text = page.locator(".jp-Notebook").inner_text()
            page.screenshot(path=str(tmp_path / "jupyterlab.png"))
        finally:
            page.close()
        printed = log.read_text(errors="replace")
    assert src and src.startswith("data:image/png"), "the Explorer's board is not an image"
    assert "Error displaying widget" not in text
    assert f"http://127.0.0.1:{port}/lab" in printed, "make lab did not print the address to open"
    assert list(checkout.rglob(".ipynb_checkpoints")), "JupyterLab wrote no checkpoint folder"

    # Then the test suite's notebook checks, in the same checkout.
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                          "tests/widgets/test_start_notebook.py"], cwd=checkout, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                                "notebooks"], cwd=checkout, capture_output=True, text=True)
    assert collected.returncode == 0, collected.stdout[-3000:]
    assert "checkpoint" not in collected.stdout and "00_start_here.ipynb" in collected.stdout
