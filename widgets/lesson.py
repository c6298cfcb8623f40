"""Lessons and questions: a teacher's record played as an interactive lesson, and questions about a position
whose answer the engine computes. Both work on the game contract only, in JupyterLab and in Voila.

    lesson = Lesson.from_json(text, game)      # or Lesson(record): the student plays record.student_seats
    lesson.choose(action); lesson.hint(); lesson.take_back(); lesson.restart()
    lesson.state, lesson.feedback, lesson.progress, lesson.finished, lesson.summary

How a decision is cut out of the record and how an answer is judged (the same answer in another order,
a recorded try with the teacher's note, any other legal move): see widgets/lesson_logic.py.

    q = score_question(state, seat=1, rule="Radiation")          # "How many points does Bo score ...?"
    q = legal_choice_question(state, actions)                     # "Which of these actions is legal?"
    q = number_question(state, "How much Oxygen ...?", fn)        # any number the engine computes
    q.answer("3"); q.correct; q.feedback; q.attempts; q.reveal()
    question_json(state, "score", seat=1, rule="Radiation")      # kept as JSON; question_from_json(text, game)

A callback never shows a traceback: an illegal action, junk typed into a box, or an error of a game
becomes one line of feedback, and the lesson keeps its place (its counts and the position).
"""
from __future__ import annotations

import inspect
import json

import ipywidgets as W

from mars_rules.core import Action
from mars_rules.core.record import Record

from .common import (PNG_DPI, esc, group_by_kind, kind_title, make_board, player_name, render_png,
                     short_error, show_png, shown_png)
from . import lesson_logic as logic
from .lesson_logic import LessonPlay

CSS = """<style>
.mr-lesson .jupyter-button.mr-action {white-space: normal; height: auto; min-height: 28px; text-align: left;
  line-height: 1.3; padding: 3px 10px; margin: 2px 4px 2px 0;}
.mr-lesson .mr-progress {font-weight: bold; color: #285e8e;}
.mr-lesson .mr-prompt p {margin: 2px 0;}
.mr-lesson .mr-feedback {border-left: 4px solid #1f77b4; padding: 2px 8px; line-height: 1.4;}
.mr-lesson .mr-feedback.mr-right {border-color: #2ca02c;}
.mr-lesson .mr-feedback.mr-wrong {border-color: #b00020;}
.mr-lesson .mr-kind {font-weight: bold; margin-top: 4px;}
</style>"""


def _paragraphs(text: str) -> str:
    return "".join(f"<p>{esc(line)}</p>" for line in str(text).splitlines() if line.strip())


def _feedback_html(text: str, verdict: str) -> str:
    """The feedback line: green for a right answer, red for a wrong one ("" when there is nothing to say)."""
    cls = f" mr-{verdict}" if verdict else ""
    return f'<div class="mr-feedback{cls}" role="status">{_paragraphs(text)}</div>' if text else ""


class _Board:
    """The game's own board (widgets.<game>.Board, as the Explorer shows it), redrawn only when the
    position shown changes."""

    def __init__(self, state, board=None, figsize=None):
        self.out = W.Output().add_class("mr-board")
        self.board = make_board(state, board, figsize)
        self.shown = None

    def show(self, state) -> None:
        if state is self.shown:
            return
        try:
            self.board.update(state)
            width = int(round(self.board.fig.get_figwidth() * PNG_DPI))
            show_png(self.out, render_png(self.board.fig), width, alt=_board_words(state))
        except Exception as e:  # a drawing bug must not stop the lesson: say it instead
            self.out.outputs = ({"output_type": "display_data", "metadata": {},
                                 "data": {"text/plain": f"The board cannot be drawn: {short_error(e)}"}},)
        self.shown = state

    @property
    def png(self):
        return shown_png(self.out)


def _board_words(state) -> str:
    try:
        return state.game.describe_position(state)
    except Exception:
        return f"The board of {state.game.TITLE}"


class _Guarded:
    """A widget whose callbacks never raise: `_guarded(fn)` turns any error into feedback."""

    def _guarded(self, fn):
        snap = self._snapshot()
        try:
            return fn()
        except Exception as e:  # one line, the place kept
            self._restore(snap)
            self._fail(f"Something went wrong, the lesson kept its place: {short_error(e)}")
            return None
        finally:
            try:
                self.refresh()
            except Exception as e:
                self._fail(f"The display could not be redrawn: {short_error(e)}")


class Lesson(_Guarded, W.VBox):
    """A record played as a lesson for its student seats: board, the comment before the move, the legal
    actions as buttons, Hint / Take back / Restart, the feedback line, the progress line, the summary."""

    def __init__(self, record, board=None, figsize=None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mr-lesson")
        self.record = record
        self.play = LessonPlay(record)
        self.view = _Board(self.play.state, board, figsize)
        self.action_buttons: tuple = ()
        self._buttons_for = None
        self._build()
        self.refresh()

    @classmethod
    def from_json(cls, text: str, game, **kwargs) -> "Lesson":
        """A lesson from a record's JSON (Record.to_json); RecordError names the node that does not load."""
        return cls(Record.from_json(text, game), **kwargs)

    # ----- what tests and notebooks read ---------------------------------------------------------
    state = property(lambda self: self.play.state, doc="The position the student sees.")
    feedback = property(lambda self: self.play.feedback, doc="The lesson's reply to the last click.")
    progress = property(lambda self: self.play.progress, doc='"Question 2 of 5" (or the end).')
    finished = property(lambda self: self.play.finished)
    summary = property(lambda self: self.play.summary, doc="questions, answered, attempts, wrong, hints ...")
    prompt = property(lambda self: self.play.prompt, doc="The comments before the move, and whose move.")
    png = property(lambda self: self.view.png, doc="The PNG bytes the board shows.")

    # ----- the student's operations (each guarded) -------------------------------------------------
    def choose(self, action):
        """Play an action (a sub-step of the decision); returns the verdict ("right", "try", "other", ...)."""
        return self._guarded(lambda: self.play.choose(action))

    def hint(self):
        return self._guarded(self.play.hint)

    def take_back(self):
        return self._guarded(self.play.take_back)

    def restart(self):
        return self._guarded(self.play.restart)

    def _snapshot(self):
        return self.play.snapshot()

    def _restore(self, snap):
        self.play.restore(snap)

    def _fail(self, text: str):
        self.play.feedback = text
        self.feedback_html.value = f'<div class="mr-feedback mr-wrong" role="alert">{esc(text)}</div>'

    # ----- layout and redraw ------------------------------------------------------------------------
    def _build(self):
        self.title = W.HTML(f"<b>{esc(self.record.title or 'Lesson')}</b>").add_class("mr-title")
        self.progress_html = W.HTML().add_class("mr-progress")
        self.prompt_html = W.HTML().add_class("mr-prompt")
        self.actions_box = W.VBox().add_class("mr-actions")
        self.hint_button = self._button("Hint", "lightbulb-o", self.hint, "mr-hint")
        self.back_button = self._button("Take back", "undo", self.take_back, "mr-take-back")
        self.restart_button = self._button("Restart", "refresh", self.restart, "mr-restart")
        self.feedback_html = W.HTML().add_class("mr-feedback-line")
        tools = W.HBox([self.hint_button, self.back_button, self.restart_button])
        self.children = [W.HTML(CSS), self.title, self.progress_html, self.view.out, self.prompt_html,
                         self.actions_box, tools, self.feedback_html]

    @staticmethod
    def _button(text, icon, run, cls):
        b = W.Button(description=text, icon=icon, layout=W.Layout(width="auto"))
        b.add_class(cls)
        b.on_click(lambda _b: run())
        return b

    def refresh(self):
        """Redraw from the lesson's place (called after every click)."""
        play = self.play
        self.view.show(play.state)
        self.progress_html.value = esc(play.progress)
        self.prompt_html.value = _paragraphs(play.prompt)
        self._render_actions()
        self.back_button.disabled = not play.pending
        self.hint_button.disabled = play.finished
        verdict = "right" if play.feedback.startswith("Right") else "wrong" if "Try again" in play.feedback else ""
        self.feedback_html.value = _feedback_html(play.feedback, verdict)

    def _render_actions(self):
        state = self.play.state
        if self._buttons_for is state:
            return
        old = self.action_buttons
        groups, buttons = [], []
        for kind, actions in group_by_kind(self.play.legal_actions()):
            row = [self._action_button(state, a) for a in actions]
            header = W.HTML(f'<span data-kind="{esc(kind)}">{esc(kind_title(kind))}</span>').add_class("mr-kind")
            groups.append(W.VBox([header, W.Box(row, layout=W.Layout(flex_flow="row wrap"))]))
            buttons += row
        self.actions_box.children = groups
        self.action_buttons = tuple(buttons)
        self._buttons_for = state
        for b in old:
            b._mr_state = None
            b.close()

    def _action_button(self, state, action):
        b = W.Button(description=str(action), tooltip=str(action), layout=W.Layout(width="auto", max_width="100%"))
        b.add_class("mr-action")
        b._mr_state, b._mr_action = state, action
        b.on_click(self._on_action_button)
        return b

    def _on_action_button(self, button):
        if button._mr_state is not self.play.state:  # a click meant for an earlier position
            return
        self.choose(button._mr_action)


# ----- questions ----------------------------------------------------------------------------------
class Question(_Guarded, W.VBox):
    """A question about a position whose answer the engine computes.

    `kind="number"`: `answer(state)` gives the number. `kind="choice"`: `choices` is [(label, value)]
    (a value may be an Action); the right ones are those `answer(state)` returns (one value, or a list,
    set or tuple of them) or, without `answer`, the choices that are legal actions here. `explain(state,
    given)` or `explain(state)` gives the worked answer (default: the right answer). `board=False` shows no board.
    `correct` is whether the last answer was right (None before any), `attempts` counts the answers judged
    (junk is not counted: a message says what is expected).
    """

    def __init__(self, state, prompt: str, answer=None, choices=None, kind=None, explain=None,
                 board=None, figsize=None, **kwargs):
        super().__init__(**kwargs)
        self.add_class("mr-lesson")
        self.add_class("mr-question")
        self.position, self.prompt = state, prompt
        self.kind = kind or ("choice" if choices else "number")
        self.choices = [(str(label), value) for label, value in (choices or ())]
        self._answer_fn, self._explain_fn = answer, explain
        self.attempts, self.correct, self.feedback, self.revealed = 0, None, "", False
        self.right = self._right_answer()
        if self.right is None or self.right == []:
            raise ValueError(f"the question {prompt!r} has no right answer here (check `answer` and `choices`)")
        self.view = _Board(state, board, figsize) if board is not False else None
        self._build()
        self.refresh()

    # ----- the logic --------------------------------------------------------------------------------
    def _right_answer(self):
        if self.kind == "number":
            return logic.number(self._answer_fn(self.position))
        if self._answer_fn is not None:
            got = self._answer_fn(self.position)
            several = isinstance(got, (list, set, tuple, frozenset)) and not logic.is_action(got)
            values = list(got) if several else [got]
            return [i for i, (label, v) in enumerate(self.choices) if v in values or label in values]
        return [i for i, (_l, v) in enumerate(self.choices) if logic.refusal(self.position, v) is None]

    def answer(self, value):
        """The student's answer: a number (or its text) for a number question; a choice's index, label or
        value for a choice. Returns True / False, or None for junk (a message says what is expected)."""
        return self._guarded(lambda: self._answer(value))

    def _answer(self, value):
        given = self._parse(value)
        if given is None:
            return None
        self.attempts += 1
        self.correct = (given == self.right) if self.kind == "number" else given in self.right
        if self.correct:
            self.feedback = f"Right! {self.worked_answer(given)}"
        else:
            why = self._why_wrong(given)
            self.feedback = " ".join(filter(None, ["Not quite.", why, "Try again, or show the answer."]))
        return self.correct

    def _parse(self, value):
        """The answer as a number or a choice's index; None (with a message) for anything else."""
        if self.kind == "number":
            number = logic.number(value)
            if number is None:
                self.feedback = f"Please answer with a number (for example 3), not {str(value)[:30]!r}."
            return number
        for i, (label, v) in enumerate(self.choices):
            by_index = type(value) is int and value == i
            if by_index or (isinstance(value, str) and value.strip() == label) or logic.same(value, v):
                return i
        self.feedback = f"Please choose one of the {len(self.choices)} answers shown."
        return None

    def _why_wrong(self, given) -> str:
        if self.kind == "choice":
            value = self.choices[given][1]
            refusal = logic.refusal(self.position, value) if logic.is_action(value) else None
            if refusal is not None:
                return f"{self.choices[given][0]} is not legal here: {refusal}."
        return ""

    def worked_answer(self, given=None) -> str:
        """The worked answer: the teacher's `explain`, else the right answer in words."""
        if self._explain_fn is not None:
            takes_given = len(inspect.signature(self._explain_fn).parameters) > 1
            return str(self._explain_fn(self.position, given) if takes_given else self._explain_fn(self.position))
        if self.kind == "number":
            return f"The answer is {logic.show_number(self.right)}."
        return "The answer: " + "; ".join(self.choices[i][0] for i in self.right) + "."

    def reveal(self) -> str:
        """Show the worked answer (the student gave up or wants to check)."""
        def run():
            self.revealed = True
            self.feedback = self.worked_answer()
            return self.feedback
        return self._guarded(run)

    def _snapshot(self):
        return self.attempts, self.correct, self.feedback, self.revealed

    def _restore(self, snap):
        self.attempts, self.correct, self.feedback, self.revealed = snap

    def _fail(self, text):
        self.feedback = text
        self.feedback_html.value = f'<div class="mr-feedback mr-wrong" role="alert">{esc(text)}</div>'

    # ----- the widget -------------------------------------------------------------------------------
    def _build(self):
        parts = [W.HTML(CSS), W.HTML(f"<b>{esc(self.prompt)}</b>").add_class("mr-prompt")]
        if self.view is not None:
            self.view.show(self.position)
            parts.insert(1, self.view.out)
        if self.kind == "number":
            self.input = W.Text(placeholder="your answer", layout=W.Layout(width="160px")).add_class("mr-answer")
            self.input.on_submit(lambda _t: self.answer(self.input.value))
        else:
            self.input = W.RadioButtons(options=[(label, i) for i, (label, _v) in enumerate(self.choices)],
                                        value=None, layout=W.Layout(width="auto")).add_class("mr-answer")
        self.answer_button = Lesson._button("Answer", "check", lambda: self.answer(self.input.value),
                                            "mr-answer-button")
        self.reveal_button = Lesson._button("Show the answer", "eye", self.reveal, "mr-reveal")
        self.feedback_html = W.HTML().add_class("mr-feedback-line")
        parts += [self.input, W.HBox([self.answer_button, self.reveal_button]), self.feedback_html]
        self.children = parts

    def refresh(self):
        verdict = "right" if self.correct else "wrong" if self.correct is False else ""
        self.feedback_html.value = _feedback_html(self.feedback, verdict)


# ----- the three kinds of questions --------------------------------------------------------------
def number_question(state, prompt: str, fn, explain=None, **kwargs) -> Question:
    """A numeric question whose answer is `fn(state)` (any number the engine computes)."""
    return Question(state, prompt, answer=fn, kind="number", explain=explain, **kwargs)


def score_question(state, seat: int, rule: str, prompt: str = "", **kwargs) -> Question:
    """How many points does `seat` score for `rule` (a score-sheet category, or its rulebook section)?
    The worked answer shows the score-sheet row(s)."""
    def rows(s):
        return [r for r in s.score().rows if r.player == seat and rule in (r.category, r.rule)]

    def explain(s, _given):
        found = rows(s)
        if not found:
            return f"{player_name(s, seat)} has no row {rule!r} on the score sheet: 0 points."
        words = "; ".join(f"{r.category}: {r.points} (rulebook: {r.rule})" for r in found)
        return f"The score sheet of {player_name(s, seat)}: {words}."
    if not rows(state) and not any(rule in (r.category, r.rule) for r in state.score().rows):
        raise ValueError(f"no score-sheet row is called {rule!r}; the rows are: {', '.join(state.score().categories)}")
    prompt = prompt or f"How many points does {player_name(state, seat)} score for {rule}?"
    return Question(state, prompt, answer=lambda s: sum(r.points for r in rows(s)), kind="number",
                    explain=explain, **kwargs)


def legal_choice_question(state, actions, prompt: str = "Which of these actions is legal?", labels=None,
                          **kwargs) -> Question:
    """Which of these actions is legal here? The worked answer gives each illegal choice's reason. The
    choices are written all alike (kind and params; or the teacher's `labels`), so that the legal one does
    not stand out by the sentence the engine writes for legal actions only."""
    actions = list(actions)
    if labels is None:
        labels = [str(Action(a.kind, a.player, a.items)) for a in actions]
    if len(labels) != len(actions):
        raise ValueError(f"{len(labels)} labels for {len(actions)} actions")
    choices = list(zip(map(str, labels), actions))

    def explain(s, _given):
        lines = []
        for label, a in choices:
            refusal = logic.refusal(s, a)
            lines.append(f"{label}: legal." if refusal is None else f"{label}: not legal: {refusal}.")
        return " ".join(lines)
    if not any(logic.refusal(state, a) is None for a in actions):
        raise ValueError("none of these actions is legal here: the question would have no right answer")
    return Question(state, prompt, choices=choices, kind="choice", explain=explain, **kwargs)


QUESTION_FORMAT = 1
QUESTION_TYPES = ("score", "legal_choice")


def question_json(state, kind: str, prompt: str = "", **fields) -> str:
    """A question kept as JSON text beside the lessons (notebooks/<game>/lessons/*.json): `kind` "score"
    (fields `seat`, `rule`) or "legal_choice" (field `actions`, a list of Actions, and optionally `labels`,
    the teacher's words for them), at position `state`.
    `question_from_json(text, game)` makes the widget again (the answer is computed by the engine then)."""
    if kind not in QUESTION_TYPES:
        raise ValueError(f"a question is one of {', '.join(QUESTION_TYPES)}, not {kind!r:.30}")
    data = {"format": QUESTION_FORMAT, "game": state.game.__name__.rsplit(".", 1)[-1], "type": kind,
            "prompt": prompt, "position": json.loads(state.to_json())}
    if kind == "score":
        data.update(seat=fields["seat"], rule=fields["rule"])
    else:
        data["actions"] = [{"kind": a.kind, "player": a.player, "params": {k: _plain(v) for k, v in a.items}}
                           for a in fields["actions"]]
        if fields.get("labels"):
            data["labels"] = [str(label) for label in fields["labels"]]
    question_from_json(json.dumps(data), state.game)  # refused here, as it would be when read
    return json.dumps(data, indent=1, ensure_ascii=False)


def question_from_json(text: str, game, **kwargs) -> Question:
    """The Question of `question_json` text; ValueError (a PositionError, say) names what is wrong."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise ValueError(f"a question is JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != QUESTION_FORMAT or data.get("type") not in QUESTION_TYPES:
        raise ValueError(f"a question is a JSON object with \"format\": {QUESTION_FORMAT} and a \"type\" of "
                         f"{', '.join(QUESTION_TYPES)}")
    name = game.__name__.rsplit(".", 1)[-1]
    if data.get("game") != name:
        raise ValueError(f"this question is of the game {data.get('game')!r}, not {name!r}")
    state = game.from_json(json.dumps(data.get("position")))
    prompt = data.get("prompt") or ""
    if data["type"] == "score":
        return score_question(state, data.get("seat"), data.get("rule"), prompt, **kwargs)
    actions = [Action(a.get("kind"), a.get("player"), {k: _tupled(v) for k, v in a.get("params", {}).items()})
               for a in data.get("actions", [])]
    return legal_choice_question(state, actions, prompt or "Which of these actions is legal?",
                                 labels=data.get("labels"), **kwargs)


def _plain(value):
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _tupled(value):
    """A param read from JSON as the engine holds it (a hex [2, -1] is the tuple (2, -1))."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def save_lessons(folder, lessons: dict, questions) -> None:
    """Write a game's lessons and questions into `folder` (notebooks/<game>/lessons/): `lessons` maps file
    names to Records (each checked to load back as it is), `questions` are `question_json` texts (or their
    JSON objects), all in questions.json. The lesson scripts (lessons/make_lessons.py) end with this."""
    import pathlib

    import mars_rules
    folder = pathlib.Path(folder)
    for name, record in lessons.items():
        text = record.to_json()
        if Record.from_json(text, mars_rules.load(record.game)).to_json() != text:
            raise ValueError(f"{name}: the record does not load back as it is")
        (folder / name).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {name}: {record.title} ({len(record.nodes)} moves)")
    data = [json.loads(q) if isinstance(q, str) else q for q in questions]
    (folder / "questions.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote questions.json: {len(data)} questions")


class LessonShelf(W.VBox):
    """Every lesson of a folder (its *.json records but questions.json) in a dropdown, and any record file a
    teacher saved from the Explorer (an upload): the chosen one is played as a Lesson below. A file that is
    not a lesson of `game` is named in one line; the lesson shown stays.

    >>> import pathlib, mars_rules
    >>> from widgets.common import TextBoard
    >>> shelf = LessonShelf(pathlib.Path("notebooks/ruins/lessons"), mars_rules.load("ruins"), board=TextBoard)
    >>> len(shelf.picker.options) >= 2, shelf.lesson.progress
    (True, 'Question 1 of 2')
    >>> shelf.open_text('{"format": 1}'), shelf.lesson.progress   # not a lesson: said, and the lesson stays
    (False, 'Question 1 of 2')
    """

    def __init__(self, folder, game, board=None, **kwargs):
        import pathlib
        super().__init__(**kwargs)
        self.add_class("mr-lesson-shelf")
        self.game, self.board = game, board
        files = sorted(p for p in pathlib.Path(folder).glob("*.json") if p.name != "questions.json")
        self.picker = W.Dropdown(options=[(p.stem.replace("_", " "), p) for p in files], description="Lesson")
        self.picker.observe(lambda change: self.open_text(change["new"].read_text(encoding="utf-8")), names="value")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Open a lesson file")
        self.upload.observe(self._on_upload, names="value")
        self.message = W.HTML().add_class("mr-feedback-line")
        self.box = W.VBox()
        self.lesson = None
        self.children = [W.HBox([self.picker, self.upload]), self.message, self.box]
        if files:
            self.open_text(files[0].read_text(encoding="utf-8"))

    def open_text(self, text) -> bool:
        """Play the record `text` (JSON) as the lesson below; False (and a message) if it is not one."""
        try:
            lesson = Lesson.from_json(text if isinstance(text, str) else bytes(text).decode("utf-8"), self.game,
                                      board=self.board)
        except Exception as e:  # a RecordError names the move; anything else is one line, never a traceback
            self.message.value = f'<div class="mr-feedback mr-wrong" role="alert">{esc(short_error(e))}</div>'
            return False
        self.lesson = lesson
        self.box.children = [lesson]
        self.message.value = ""
        return True

    def _on_upload(self, change):
        files = change["new"]
        if files:
            self.open_text(files[0]["content"])
