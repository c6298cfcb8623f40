"""Each game's Explorer in a real browser: Voilà serves the notebooks, headless Chromium clicks actions.

For every game, its step-by-step notebook (the first notebook of its folder that ends with a live
Explorer) is opened through one Voilà server and one browser (tests/browser/conftest.py): the page loads, actions are clicked, the
board image changes and the highlighted turn step moves on. A screenshot per game is saved in the test's
tmp folder (set MR_SCREENSHOT_DIR=<folder> to keep copies). Every process started (Voilà, its kernels,
the browser) is stopped at the end.
"""
from __future__ import annotations

import json
import os
import pathlib
import shutil

import mars_rules
import pytest

from tests.notebooks.executed import notebook_paths

from .serve import ROOT, START_TIMEOUT_S, STEP_TIMEOUT_S

NOTEBOOKS = ROOT / "notebooks"


def shows_explorer(path: pathlib.Path) -> bool:
    """True if a code cell of the notebook builds and shows a live Explorer (often the last one; an
    appendix may follow it)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return False
    code = ["".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code"]
    return any("Explorer(" in c for c in code)


def step_by_step_notebook(game: str) -> pathlib.Path:
    """The game's first notebook that shows a live Explorer."""
    found = [p for p in notebook_paths(NOTEBOOKS / game) if shows_explorer(p)]
    assert found, f"no notebook of {game} shows a live Explorer"
    return found[0]


def click_until_the_step_moves(page, explorer, limit=20):
    """Click legal actions (or draw at random, or let the computer play) until the highlighted step has
    changed and the board image too; returns (images seen, steps seen)."""
    first_img = explorer.locator(".mr-board img").first.get_attribute("src")
    first_step = explorer.locator(".mr-steps li.mr-current").first.get_attribute("data-key")
    assert first_img and first_img.startswith("data:image/png")
    images, steps = {first_img}, [first_step]
    for _click in range(limit):
        label = explorer.locator(".mr-history-label").first
        before = label.inner_text()
        draw = explorer.locator(".mr-draw")
        actions = explorer.locator(".mr-action")
        if draw.count() and draw.first.is_visible():
            draw.first.click()       # a chance node: draw at random
        elif actions.count():
            actions.first.click()    # apply the first legal action
        else:                        # another seat's hidden turn: let the computer play it
            explorer.locator(".mr-autoplay").first.click()
        page.wait_for_function("([el, text]) => el.textContent !== text", arg=[label.element_handle(), before])
        images.add(explorer.locator(".mr-board img").first.get_attribute("src"))
        steps.append(explorer.locator(".mr-steps li.mr-current").first.get_attribute("data-key"))
        assert explorer.locator(".mr-error").count() == 0, explorer.locator(".mr-error").inner_text()
        if steps[-1] != first_step and len(images) > 1:
            break
    return images, steps


@pytest.mark.parametrize("game", list(mars_rules.GAMES))
def test_click_an_action_in_the_browser(browser, voila, game, tmp_path):
    notebook = step_by_step_notebook(game)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        page.set_default_timeout(STEP_TIMEOUT_S * 1000)
        page.goto(voila + "voila/render/" + notebook.relative_to(NOTEBOOKS).as_posix(),
                  timeout=START_TIMEOUT_S * 1000, wait_until="domcontentloaded")
        page.wait_for_selector(".mr-explorer .mr-board img", timeout=START_TIMEOUT_S * 1000)
        page.wait_for_selector(".mr-explorer .mr-steps li.mr-current")
        explorer = page.locator(".mr-explorer").last
        images, steps = click_until_the_step_moves(page, explorer)
        explorer.locator(".mr-rule-step").first.click()  # the step's section of the rules reference
        page.wait_for_selector(".mr-explorer .mr-rule-panel .mr-rule-entry")
        rule_title = explorer.locator(".mr-rule-panel .mr-rule-title").first.inner_text()
        explorer.locator(".mr-read-toggle").first.click()  # the board in words
        page.wait_for_selector(".mr-explorer .mr-reading .mr-board-text")
        page.set_viewport_size({"width": 1280, "height": 1600})
        page.wait_for_timeout(300)
        tall = int(explorer.bounding_box()["height"]) + 200  # the whole Explorer in one picture, none of it
        page.set_viewport_size({"width": 1280, "height": max(1600, tall)})  # scrolled out (Chromium paints
        page.wait_for_timeout(300)                                          # only what is in the viewport)
        board = explorer.locator(".mr-board img").first
        shown = board.evaluate("i => [i.complete, i.naturalWidth, i.getBoundingClientRect().width, i.alt.length]")
        shot = tmp_path / f"{game}.png"
        explorer.screenshot(path=str(shot))
        if os.environ.get("MR_SCREENSHOT_DIR"):
            shutil.copy(shot, pathlib.Path(os.environ["MR_SCREENSHOT_DIR"]) / shot.name)
    finally:
        page.close()
    assert len(images) > 1, "the board image never changed"
    assert steps[-1] != steps[0], f"the highlighted step stayed at {steps[0]!r} ({notebook.name})"
    assert shot.stat().st_size > 10_000
    assert shown[0] and shown[1] > 500 and shown[2] > 300 and shown[3] > 50, f"the board image as shown: {shown}"
    step = mars_rules.load(game).TURN_STEPS
    assert rule_title in {s.rule for s in step}, f"the rule panel shows {rule_title!r}, not a step's section"
