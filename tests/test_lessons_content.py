"""Every shipped lesson and question (notebooks/<game>/lessons/*.json) is played as a student would: each
lesson along its main line (every answer right) and along each recorded wrong try (the teacher's note,
the position unchanged); each question answered wrong (the worked reason), then right."""
import json
import pathlib

import pytest

import mars_rules
from widgets.common import TextBoard
from widgets.lesson import Lesson, question_from_json
from widgets.lesson_logic import plan

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*/lessons/*.json") if p.name != "questions.json")
QUESTIONS = [(path, k, q) for path in sorted(NOTEBOOKS.glob("*/lessons/questions.json"))
             for k, q in enumerate(json.loads(path.read_text(encoding="utf-8")))]


def _game(path):
    return mars_rules.load(path.relative_to(NOTEBOOKS).parts[0])


def _choose_run(lesson, record, nodes):
    """The verdicts of choosing the recorded actions of `nodes` one after the other."""
    return [lesson.choose(record.state(record.node(n).parent).legal_twin(record.node(n).action())) for n in nodes]


def test_every_game_ships_lessons_and_questions():
    for name in mars_rules.GAMES:
        assert len([p for p in LESSONS if p.parts[-3] == name]) >= 2, f"{name}: fewer than 2 lessons"
        assert len([q for q in QUESTIONS if q[0].parts[-3] == name]) >= 3, f"{name}: fewer than 3 questions"


@pytest.mark.parametrize("path", LESSONS, ids=[str(p.relative_to(NOTEBOOKS)) for p in LESSONS])
def test_a_lesson_plays_along_its_main_line_and_every_recorded_try(path):
    lesson = Lesson.from_json(path.read_text(encoding="utf-8"), _game(path), board=TextBoard)
    record = lesson.record
    decisions = plan(record)
    assert decisions and record.title and any(d.tries for d in decisions), "a lesson asks, and has a wrong try"
    for number, decision in enumerate(decisions):
        assert lesson.progress.startswith(f"Question {number + 1} of {len(decisions)}")
        start = lesson.state
        for tried in decision.tries:
            verdicts = _choose_run(lesson, record, tried)
            note = record.node(tried[-1]).comment
            assert verdicts[-1] == "try" and set(verdicts[:-1]) <= {"go on"}, (tried, verdicts)
            assert lesson.state == start and (not note or note in lesson.feedback), lesson.feedback
        verdicts = _choose_run(lesson, record, decision.answer)
        assert verdicts[-1] == "right" and set(verdicts[:-1]) <= {"go on"}, verdicts
    assert lesson.finished and lesson.summary["answered"] == len(decisions)


@pytest.mark.parametrize("path, k, data", QUESTIONS, ids=[f"{p.parts[-3]}-{k}" for p, k, _ in QUESTIONS])
def test_a_question_answered_wrong_then_right(path, k, data):
    q = question_from_json(json.dumps(data), _game(path), board=TextBoard)
    if q.kind == "number":
        assert q.answer(str(q.right + 1)) is False and "Not quite" in q.feedback
        assert q.answer(str(q.right)) is True and q.feedback.startswith("Right!")
    else:
        wrong = [i for i in range(len(q.choices)) if i not in q.right]
        assert wrong, "a choice question offers at least one wrong choice"
        assert q.answer(wrong[0]) is False and "not legal here" in q.feedback
        assert q.answer(q.right[0]) is True
    assert q.answer("a cat") is None and q.attempts == 2
