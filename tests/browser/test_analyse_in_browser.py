"""The Explorer's Analyse button in a real browser: the search runs in the kernel's background thread,
so while it runs the page stays live. On one game's step-by-step notebook in Voilà (the session's server
and browser, tests/browser/conftest.py): click Analyse, see the progress bar move, click Cancel, then click
a legal action: the board must change within the usual step timeout.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import time

from .serve import START_TIMEOUT_S, STEP_TIMEOUT_S
from .test_explorer_in_browser import NOTEBOOKS, step_by_step_notebook

GAME = "mars_colony"  # its notebook renders quickest; the deep budget keeps the search going until Cancel

MOVED = "el => /^[1-9][0-9]* \\/ [0-9]+$/.test(el.textContent.trim())"
NEW_BOARD = """([root, src]) => {  // the Output widget puts a new <img> in place of the old one
  const img = root.querySelector('.mr-board img');
  return img !== null && img.getAttribute('src') !== src;
}"""


def open_explorer(browser, voila, game):
    """A page with the game's step-by-step notebook rendered by Voilà; (page, the last Explorer)."""
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(STEP_TIMEOUT_S * 1000)
    page.goto(voila + "voila/render/" + step_by_step_notebook(game).relative_to(NOTEBOOKS).as_posix(),
              timeout=START_TIMEOUT_S * 1000, wait_until="domcontentloaded")
    page.wait_for_selector(".mr-explorer .mr-board img", timeout=START_TIMEOUT_S * 1000)
    return page, page.locator(".mr-explorer").last


def to_a_decision(page, explorer, limit=10):
    """Draw chance events (or play the computer's turns) until the Analyse button is enabled."""
    for _ in range(limit):
        if explorer.locator("button.mr-analyse").is_enabled():
            return
        label = explorer.locator(".mr-history-label").first
        before = label.inner_text()
        draw = explorer.locator(".mr-draw")
        if draw.count() and draw.first.is_visible():
            draw.first.click()
        else:
            explorer.locator(".mr-autoplay").first.click()
        page.wait_for_function("([el, text]) => el.textContent !== text", arg=[label.element_handle(), before])
    assert explorer.locator("button.mr-analyse").is_enabled(), explorer.locator(".mr-analysis-reason").inner_text()


def test_analyse_then_cancel_and_the_explorer_answers_at_once(browser, voila, tmp_path):
    page, explorer = open_explorer(browser, voila, GAME)
    try:
        to_a_decision(page, explorer)
        explorer.locator(".mr-analysis-budget select").select_option(label="deep: 800 iterations")
        explorer.locator("button.mr-analyse").click()
        progress = explorer.locator(".mr-analysis-progress-text").first
        page.wait_for_function(MOVED, arg=progress.element_handle())   # the bar moves while the kernel searches
        bar = explorer.locator(".mr-analysis-progress .progress-bar").first.evaluate("b => b.style.width")
        cancel = explorer.locator("button.mr-analysis-cancel")
        cancel.click()
        page.wait_for_function("el => el.disabled", arg=cancel.element_handle())  # the search has stopped
        before = explorer.locator(".mr-board img").first.get_attribute("src")
        started = time.monotonic()
        explorer.locator(".mr-action").first.click()
        page.wait_for_function(NEW_BOARD, arg=[explorer.element_handle(), before], timeout=STEP_TIMEOUT_S * 1000)
        answered = time.monotonic() - started
        # the position changed: the cancelled analysis (of the position before) is gone
        page.wait_for_function("el => !el.querySelector('.mr-ranking')",
                               arg=explorer.locator(".mr-analysis-result").first.element_handle())
        errors = explorer.locator(".mr-error").count()
    finally:
        shot = tmp_path / f"analyse_{GAME}.png"  # also when it failed: what the page showed
        explorer.screenshot(path=str(shot))
        if os.environ.get("MR_SCREENSHOT_DIR"):
            shutil.copy(shot, pathlib.Path(os.environ["MR_SCREENSHOT_DIR"]) / shot.name)
        page.close()
    assert bar and bar != "0%", f"the progress bar did not move: width {bar!r}"
    assert answered < STEP_TIMEOUT_S and errors == 0
