"""A page served from a pool of pre-heated kernels is fully alive: Voilà started as `make present` starts it
(tools/present.py's command, a pool of 1 for the Ruins of Mars turn notebook), the page opened in headless
Chromium takes the pre-heated kernel, an action is clicked, and the board image changes and the highlighted
turn step moves on, as without the pool (test_explorer_in_browser.py, whose helpers this uses)."""
from __future__ import annotations

import os
import sys

import pytest

from .serve import ROOT, START_TIMEOUT_S, STEP_TIMEOUT_S, chromium_path, free_port, serve, unavailable
from .test_explorer_in_browser import click_until_the_step_moves, step_by_step_notebook

sys.path.insert(0, str(ROOT / "tools"))
import present  # noqa: E402

GAME = "ruins_of_mars"


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    """(URL, log path) of a Voilà server with a pool of 1 pre-heated kernel for the game's turn notebook.
    Started before the browser (the test asks for it first), so that the kernel heats while Chromium starts."""
    chromium_path()  # skip (or fail under REQUIRE_BROWSER=1) before starting anything
    try:
        import voila  # noqa: F401
    except ImportError:
        unavailable("Voilà is not installed")
    notebook = step_by_step_notebook(GAME).relative_to(ROOT)
    assert present.preheat_refusal(ROOT / notebook) is None
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path_factory.mktemp("voila-pool") / "voila.log"
    cmd = present.voila_command(notebook, port, pool=1) + ["--show_tracebacks=True"]
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    # a route that answers without rendering the notebook (any other path of this server renders it)
    with serve(cmd, ROOT, log, url + "voila/files/-", env):
        yield url, log


def test_a_pooled_page_is_alive(pooled, browser):
    url, log = pooled
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        page.set_default_timeout(STEP_TIMEOUT_S * 1000)
        page.goto(url, timeout=START_TIMEOUT_S * 1000, wait_until="domcontentloaded")
        page.wait_for_selector(".mr-explorer .mr-board img", timeout=START_TIMEOUT_S * 1000)
        page.wait_for_selector(".mr-explorer .mr-steps li.mr-current")
        images, steps = click_until_the_step_moves(page, page.locator(".mr-explorer").last)
    finally:
        page.close()
    assert "Using pre-heated kernel" in log.read_text(errors="replace"), "the page did not take the pooled kernel"
    assert len(images) > 1, "the board image never changed"
    assert steps[-1] != steps[0], f"the highlighted step stayed at {steps[0]!r}"
