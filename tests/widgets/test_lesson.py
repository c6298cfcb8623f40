"""Lessons and questions (widgets/lesson.py): a small lesson record for each of the four games, played as a
student would play it; questions answered right, wrong and with junk. The lessons use the plain TextBoard
(some boards take most of a second per picture); one test shows a game's own board."""
from __future__ import annotations

import random

import pytest

import mars_rules
from mars_rules import CHANCE, Action
from mars_rules.core.record import ROOT, Record
from widgets.common import TextBoard
from widgets.lesson import Lesson, Question, legal_choice_question, number_question, score_question
from widgets.lesson_logic import GENERIC_REPLY, plan

GAMES = list(mars_rules.GAME_NAMES)
NOTE = "Not this one: look again at what it leaves you."
HINT = "Compare what each option gives you now."


def _step(state, rng):
    """(action, next position) of seeded random play (chance: the game's own draw)."""
    if state.to_move == CHANCE:
        action = state.drawn_outcome()
    else:
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
    return action, state.apply(action)


def _is_question(state, seat=0, options=3):
    return state.to_move == seat and len(state.legal_actions()) >= options


def _start(name, seed):
    """A seeded game played at random up to a decision of seat 0 with at least 3 options."""
    state = mars_rules.load(name).new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not _is_question(state):
        _action, state = _step(state, rng)
    return state, rng


def lesson_record(name, seed=7):
    """Two questions for seat 0: the first with a comment, a hint and a recorded wrong try with a note; the
    record then plays the others (and seat 0's forced moves) up to the second question, answered last.
    Returns (record, right, wrong try, another legal action, second answer)."""
    state, rng = _start(name, seed)
    r = Record.new(state, title=f"A {name} lesson", comment=f"{state.players[0]} is to move.",
                   student_seats=(0,))
    legal = state.legal_actions()
    right, tried, other = legal[0], legal[-1], legal[len(legal) // 2]
    r, node = r.add(ROOT, right, comment="Good: that is the move.", mark="good", hint=HINT)
    r, _alt = r.add(ROOT, tried, comment=NOTE, mark="mistake")
    s = r.state(node)
    while not _is_question(s, options=2):
        action, s = _step(s, rng)
        r, node = r.add(node, action, comment="The game goes on." if action.player != 0 else "")
    second = s.legal_actions()[0]
    r, _last = r.add(node, second, comment="Well played: the end of the lesson.")
    return r, right, tried, other, second


@pytest.fixture(scope="module", params=GAMES)
def made(request):
    return (request.param, *lesson_record(request.param))


def test_the_record_makes_two_questions(made):
    _name, r, *_ = made
    decisions = plan(r)
    assert len(decisions) == 2 and decisions[0].start == ROOT and len(decisions[0].tries) == 1
    assert all(d.seat == 0 for d in decisions)


def test_the_right_answer_shows_the_comment_and_plays_on(made):
    _name, r, right, _tried, _other, second = made
    lesson = Lesson(r, board=TextBoard)
    assert lesson.progress == "Question 1 of 2" and "is to move." in lesson.prompt
    assert lesson.choose(right) == "right"
    assert lesson.feedback.startswith("Right! Good: that is the move.")
    assert lesson.progress == "Question 2 of 2"
    assert lesson.state == r.state(plan(r)[1].start) and lesson.state.to_move == 0
    assert lesson.choose(second) == "right" and lesson.finished
    assert "Well played" in lesson.feedback and "Lesson finished" in lesson.feedback
    assert lesson.summary == {"title": r.title, "questions": 2, "answered": 2, "attempts": 2, "wrong": 0,
                              "first_try": 2, "hints": 0, "finished": True}
    assert lesson.action_buttons == () and lesson.choose(second) == "over"


def test_a_recorded_try_shows_the_note_and_takes_the_move_back(made):
    _name, r, _right, tried, _other, _second = made
    lesson = Lesson(r, board=TextBoard)
    start = lesson.state
    assert lesson.choose(tried) == "try"
    assert lesson.feedback == f"{NOTE} Try again." and lesson.state is start
    assert lesson.progress == "Question 1 of 2" and lesson.summary["wrong"] == 1


def test_another_legal_action_gets_the_generic_reply(made):
    _name, r, _right, _tried, other, _second = made
    lesson = Lesson(r, board=TextBoard)
    start = lesson.state
    assert lesson.choose(other) == "other"
    assert lesson.feedback == GENERIC_REPLY and lesson.state is start


def test_many_wrong_answers_in_a_row_keep_the_place(made):
    _name, r, right, tried, other, _second = made
    lesson = Lesson(r, board=TextBoard)
    start = lesson.state
    junk = ["junk", None, 42, Action("teleport", 0, {}), Action(right.kind, 1, right.items)]
    for k in range(12):
        assert lesson.choose((tried, other)[k % 2]) in ("try", "other")
        assert lesson.choose(junk[k % len(junk)]) == "illegal" and "Traceback" not in lesson.feedback
        assert lesson.state is start and lesson.progress == "Question 1 of 2"
    assert lesson.summary["attempts"] == 12 and lesson.summary["wrong"] == 12
    assert lesson.choose(right) == "right" and lesson.summary["first_try"] == 0


def test_hint_shows_the_teachers_hint_then_the_steps_explanation(made):
    _name, r, right, _tried, _other, _second = made
    lesson = Lesson(r, board=TextBoard)
    assert lesson.hint() == HINT and lesson.feedback == f"Hint: {HINT}"
    lesson.choose(right)
    step = [s for s in lesson.state.game.TURN_STEPS if s.key == lesson.state.step][0]
    assert lesson.hint().startswith(f"{step.title}: {step.summary}")
    assert lesson.summary["hints"] == 2


def test_restart_and_a_click_on_a_button(made):
    _name, r, right, _tried, _other, _second = made
    lesson = Lesson(r, board=TextBoard)
    lesson.choose(right)
    lesson.restart()
    assert lesson.progress == "Question 1 of 2" and lesson.summary["attempts"] == 0
    assert [b._mr_action for b in lesson.action_buttons] == list(lesson.state.legal_actions())
    button = next(b for b in lesson.action_buttons if b._mr_action == right)
    button.click()
    assert lesson.progress == "Question 2 of 2" and button._mr_state is None
    button.click()  # a stale button does nothing
    assert lesson.progress == "Question 2 of 2"


def test_a_lesson_saved_as_json_loads_and_plays():
    r, right, *_ = lesson_record("ruins_of_mars", seed=3)
    lesson = Lesson.from_json(r.to_json(), mars_rules.load("ruins_of_mars"))
    png = lesson.png
    assert png and png.startswith(b"\x89PNG")  # the game's own board
    assert lesson.choose(right) == "right" and lesson.png != png


def test_ruins_of_mars_a_whole_turn_is_one_question_judged_at_its_end():
    """No comment inside the turn: the decision runs from the Rover to the chance node after it; a wrong
    first step is judged at once (it can no longer be part of a recorded answer)."""
    state, rng = _start("ruins_of_mars", 11)
    while not (state.step == "place_rover" and state.to_move == 0 and len(state.legal_actions()) >= 3):
        _a, state = _step(state, rng)
    r = Record.new(state, title="One turn", student_seats=(0,))
    node, s, turn = ROOT, state, []
    while s.to_move == 0:
        turn.append(s.legal_actions()[0])
        r, node = r.add(node, turn[-1])
        s = r.state(node)
    r = r.edit(node, comment="That is the whole turn.")
    tried = next(a for a in r.state(r.main_line()[0]).legal_actions() if a != turn[1]) if len(turn) > 2 else None
    if tried is not None:
        r, _alt = r.add(r.main_line()[0], tried, comment=NOTE)
    lesson = Lesson(r, board=TextBoard)
    assert lesson.progress == "Question 1 of 1"
    assert lesson.choose(state.legal_actions()[-1]) == "other" and lesson.state is lesson.play.at
    if tried is not None:
        assert lesson.choose(turn[0]) == "go on" and lesson.choose(tried) == "try"
        assert lesson.feedback == f"{NOTE} Try again." and lesson.state == state
    for k, action in enumerate(turn):
        assert lesson.choose(action) == ("right" if k == len(turn) - 1 else "go on")
    assert lesson.finished and "That is the whole turn." in lesson.feedback


def test_a_lesson_without_a_question_for_its_seats_and_a_broken_record():
    state, _rng = _start("ruins", 5)
    r, _node = Record.new(state, student_seats=(1,)).add(ROOT, state.legal_actions()[0], comment="Seat 0 moves.")
    lesson = Lesson(r, board=TextBoard)
    assert lesson.finished and "no question" in lesson.progress and lesson.hint() == lesson.feedback
    from mars_rules.core.record import RecordError
    with pytest.raises(RecordError, match="not JSON"):
        Lesson.from_json(r.to_json()[:-5], mars_rules.load("ruins"))


def _commuting_picks(seed=0):
    """A Ruins lead of seat 0 where two ruins can be picked in either order."""
    state = mars_rules.load("ruins").new_game(players=2, seed=seed)
    while not (state.step == "lead" and state.to_move == 0):
        state = state.resolve_chance() if state.to_move == CHANCE else state.apply(state.legal_actions()[-1])
    picks = [a for a in state.legal_actions() if a.kind == "pick"]
    for a in picks:
        for b in picks:
            if a != b and b in state.apply(a).legal_actions() and a in state.apply(b).legal_actions():
                return state, a, b
    pytest.skip("no two picks that commute in this deal")


def test_ruins_the_same_ruins_picked_in_another_order_are_the_same_answer():
    state, a, b = _commuting_picks()
    r = Record.new(state, title="Lead a pair", student_seats=(0,))
    r, n1 = r.add(ROOT, a)
    r, n2 = r.add(n1, r.state(n1).legal_twin(b))
    done = next(x for x in r.state(n2).legal_actions() if x.kind == "done")
    r, _n3 = r.add(n2, done, comment="A pair leads well here.")
    lesson = Lesson(r, board=TextBoard)
    assert lesson.choose(b) == "go on" and lesson.progress.startswith("Question 1 of 1 (step 2")
    assert lesson.choose(a) == "go on"
    assert lesson.choose(done) == "right" and lesson.finished
    assert "A pair leads well here." in lesson.feedback
    lesson.restart()
    assert lesson.choose(b) == "go on"
    lesson.take_back()
    assert lesson.state == state and lesson.summary["attempts"] == 0


# ----- questions ------------------------------------------------------------------------------------
def test_score_question_right_wrong_junk_and_the_worked_answer():
    state = mars_rules.load("on_mars").new_game(players=2, seed=7)
    row = next(r for r in state.score().rows if r.points)
    q = score_question(state, row.player, row.category, board=False)
    assert state.players[row.player] in q.prompt and row.category in q.prompt
    for junk in ("lots", None, "", float("nan"), True, [1]):
        assert q.answer(junk) is None and "Please answer with a number" in q.feedback
    assert q.attempts == 0 and q.correct is None
    assert q.answer(row.points + 1) is False and q.correct is False and q.attempts == 1
    assert q.answer(f" {row.points} ") is True and q.correct
    assert f"{row.category}: {row.points} (rulebook: {row.rule})" in q.feedback
    assert row.rule in q.reveal()
    with pytest.raises(ValueError, match="no score-sheet row"):
        score_question(state, 0, "Juggling", board=False)


def test_legal_choice_question_names_the_reason_of_a_wrong_choice():
    state, _rng = _start("ruins_of_mars", 7)
    legal = state.legal_actions()[0]
    later = state.apply(legal)
    illegal = [a for a in later.legal_actions() if a not in state.legal_actions()][:2]
    q = legal_choice_question(state, [illegal[0], legal, illegal[1]], board=False)
    assert q.answer(0) is False and "is not legal here:" in q.feedback and "rulebook:" in q.feedback
    for junk in (99, "nonsense", None, 1.5):
        assert q.answer(junk) is None and "Please choose one of the 3 answers" in q.feedback
    assert q.answer(legal) is True and q.attempts == 2
    label = q.choices[1][0]  # every choice written alike (kind and params): the legal one does not stand out
    assert label == str(Action(legal.kind, legal.player, legal.items)) != str(legal)
    assert q.answer(label) is True and q.answer(1) is True
    worked = q.reveal()
    assert worked.count("not legal") == 2 and f"{label}: legal." in worked
    assert [label for label, _v in q.choices] == [q.input.options[i][0] for i in range(3)]


def test_number_question_from_any_function_and_an_explanation_that_fails():
    state, _rng = _start("mars_colony", 7)
    count = len(state.legal_actions())
    q = number_question(state, "How many legal actions has Ada here?", lambda s: len(s.legal_actions()),
                        explain=lambda s, given: f"Count the buttons: {len(s.legal_actions())}.", board=False)
    assert q.answer(count - 1) is False and q.answer("x7") is None and q.attempts == 1
    assert q.answer(str(count)) is True and f"Count the buttons: {count}." in q.feedback
    broken = number_question(state, "?", lambda s: 3, explain=lambda s, given: 1 / 0, board=False)
    assert broken.answer(3) is None
    assert "Something went wrong" in broken.feedback and "ZeroDivisionError" in broken.feedback


def test_a_question_shows_the_board_and_its_widgets_answer():
    state = mars_rules.load("ruins").new_game(players=2, seed=7)
    q = Question(state, "How many players?", answer=lambda s: len(s.players), board=TextBoard)
    assert q.view.png.startswith(b"\x89PNG")
    q.input.value = "2"
    q.answer_button.click()
    assert q.correct and "The answer is 2." in q.feedback_html.value
    with pytest.raises(ValueError, match="no right answer"):
        Question(state, "Pick one", choices=[("a", 1), ("b", 2)], answer=lambda s: 3, board=False)


def test_questions_kept_as_json_come_back_and_bad_ones_are_refused():
    """A question saved beside the lessons (question_json) is made again by question_from_json, its answer
    computed by the engine; a broken or foreign one is refused with a message naming the problem."""
    import json as _json

    from widgets.lesson import question_from_json, question_json
    game = mars_rules.load("ruins_of_mars")
    s = game.new_game(players=2, seed=3, characters="deal")
    row = s.score().rows[0]
    q = question_from_json(question_json(s, "score", seat=row.player, rule=row.category), game)
    assert q.answer(str(row.points)) is True and q.correct
    legal, illegal = s.legal_actions()[0], Action("place_rover", s.to_move, {"site": "Nowhere"})
    q = question_from_json(question_json(s, "legal_choice", actions=[illegal, legal]), game)
    assert q.answer(0) is False and "Nowhere" in q.feedback and q.answer(1) is True
    text = question_json(s, "score", seat=0, rule=row.category)
    for broken, words in ((text[:-2], "JSON"), (text.replace('"score"', '"essay"'), "type"),
                          (_json.dumps(dict(_json.loads(text), game="chess")), "chess")):
        with pytest.raises(ValueError, match=words):
            question_from_json(broken, game)
