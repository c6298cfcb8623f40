"""A lesson in a real browser: Voilà serves On Mars' lessons notebook, headless Chromium takes the first
lesson as a student would. A recorded wrong try shows the teacher's note and leaves the board as it was;
the right answer moves the lesson on to its next question."""
from __future__ import annotations

import mars_rules
from mars_rules.core.record import Record
from widgets.lesson_logic import plan

from .serve import ROOT, START_TIMEOUT_S, STEP_TIMEOUT_S

NOTEBOOK = "on_mars/05_lessons.ipynb"
LESSON = ROOT / "notebooks" / "on_mars" / "lessons" / "resupply.json"


def _labels(record, nodes) -> list:
    """The button texts of the recorded moves `nodes` (the engine's sentence of each action)."""
    return [str(record.state(record.node(n).parent).legal_twin(record.node(n).action())) for n in nodes]


def test_a_wrong_click_shows_the_note_and_the_right_one_moves_on(browser, voila):
    record = Record.from_json(LESSON.read_text(encoding="utf-8"), mars_rules.load("on_mars"))
    first = plan(record)[0]
    tried = min((t for t in first.tries if t[0] != first.answer[0]), key=len)
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    try:
        page.set_default_timeout(STEP_TIMEOUT_S * 1000)
        page.goto(voila + "voila/render/" + NOTEBOOK, timeout=START_TIMEOUT_S * 1000, wait_until="domcontentloaded")
        page.wait_for_selector(".mr-lesson .mr-board img", timeout=START_TIMEOUT_S * 1000)
        lesson = page.locator(".mr-lesson:not(.mr-question)").first
        progress = lesson.locator(".mr-progress").first
        assert progress.inner_text().startswith("Question 1 of")
        board_before = lesson.locator(".mr-board img").first.get_attribute("src")
        for label in _labels(record, tried):
            lesson.get_by_role("button", name=label, exact=True).click()
            page.wait_for_timeout(200)
        feedback = lesson.locator(".mr-feedback-line").first
        page.wait_for_function("el => el.textContent.includes('Try again')", arg=feedback.element_handle())
        note = record.node(tried[-1]).comment
        assert "Try again" in feedback.inner_text() and (not note or note.split(".")[0] in feedback.inner_text())
        assert lesson.locator(".mr-board img").first.get_attribute("src") == board_before
        assert progress.inner_text().startswith("Question 1 of")
        for label in _labels(record, first.answer):
            before = progress.inner_text()
            lesson.get_by_role("button", name=label, exact=True).click()
            page.wait_for_function("([el, text]) => el.textContent !== text", arg=[progress.element_handle(), before])
        assert progress.inner_text().startswith("Question 2 of"), progress.inner_text()
        # the widgets' updates arrive one by one: wait for the feedback line's too
        page.wait_for_function("el => el.textContent.trim().startsWith('Right!')",
                               arg=lesson.locator(".mr-feedback-line").first.element_handle())
        assert lesson.locator(".mr-board img").first.get_attribute("src") != board_before
    finally:
        page.close()
