"""The pure part of a lesson: a game record played as questions for the student's seats, without widgets.

A record (mars_rules.core.record) is read as a teacher's script. Its main line is the game the lesson
follows; the student plays the seats the record names (`student_seats`; every seat when it names none).

The rule for a *decision* (one question), the same for all four games:

- The lesson walks the main line. A node of another seat, a chance node, or a node whose position
  leaves only one legal action (a forced move: nothing to ask) plays by itself.
- At a node of a student seat p that is not forced, a question starts at its parent n. The *recorded
  answer* is the run of main-line nodes from there by seat p, up to and including the first node N that
  carries a comment or a mark, or after which the main line goes to another seat or chance, or that ends
  the line. So a teacher splits a long turn by one player (Ruins of Mars: rover, transfer, wrench,
  action) into one question per step by commenting each step's node, and leaves a whole decision made in
  sub-steps (Ruins: pick, pick, done, claim, discover, play) as one question by commenting only its end.
- Each variation recorded beside a node of the run (a non-first child of its parent, by seat p) is a
  *recorded wrong try*: the run's nodes before it, then the variation's own run, cut the same way.
- The student plays actions from the position at n. After each one the answer so far is compared with
  the recorded answer, then with each recorded try; it is *the same answer* when the actions are the
  same multiset of actions (Action.key(): the same ruins picked in another order) or the positions are
  equal (to_json without "events"). The main line's answer: its last comment is shown and the lesson
  plays on to the student's next decision. A recorded try: its note is shown and the move is taken back.
- The answer is *another one* (a generic reply, the move taken back) when it matches nothing and the
  position has left seat p (another seat, chance, the end) or its actions can no longer be part of any
  recorded answer (not a sub-multiset of one). Otherwise the decision goes on: the student picks the next
  sub-step.

Everything goes through the game contract (legal_actions, apply, to_move, step, TURN_STEPS, to_json).
"""
from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction
from typing import NamedTuple

from mars_rules import CHANCE, IllegalAction
from mars_rules.core.record import ROOT

from .common import find_step, player_name, short_error

GENERIC_REPLY = "That is legal, but not the move this lesson is about. Try again."


class Decision(NamedTuple):
    """One question: the node it starts after, the seat that answers, the recorded answer (node ids) and
    the recorded wrong tries (each a tuple of node ids from the start)."""
    start: int
    seat: int
    answer: tuple
    tries: tuple


class Judged(NamedTuple):
    """A verdict: "right", "try" (a recorded try), "other", "go on", "illegal" or "over"; the run it matched."""
    verdict: str
    run: tuple = ()


# ----- reading a record as decisions ----------------------------------------------------------------
def student_seats(record) -> tuple:
    """The seats the student plays: the record's `student_seats`, or every seat when it names none."""
    if record.student_seats:
        return tuple(record.student_seats)
    return tuple(range(len(record.state(ROOT).players)))


def run_from(record, first: int, seat) -> tuple:
    """The run of main-line nodes from `first` by `seat`, up to the first with a comment or a mark, or
    after which the line goes to another seat (or chance), or that ends the line."""
    out = [first]
    while True:
        node = record.node(out[-1])
        kids = record.children(node.id)
        if node.comment or node.mark or not kids or record.node(kids[0]).player != seat:
            return tuple(out)
        out.append(kids[0])


def recorded_tries(record, answer: tuple, seat) -> tuple:
    """The recorded wrong tries beside the run `answer`: for each node of it, its later siblings by `seat`."""
    tries = []
    for k, node_id in enumerate(answer):
        siblings = record.children(record.node(node_id).parent)
        for alt in siblings[1:]:
            if record.node(alt).player == seat:
                tries.append(answer[:k] + run_from(record, alt, seat))
    return tuple(tries)


def is_forced(record, parent: int) -> bool:
    """Does the position after `parent` leave exactly one legal action (nothing to ask)?"""
    return len(record.state(parent).legal_actions()) == 1


def plan(record) -> tuple:
    """The lesson's questions, in order along the main line (see the module doc)."""
    seats = student_seats(record)
    decisions = []
    node = ROOT
    kids = record.children(node)
    while kids:
        first = record.node(kids[0])
        if first.player == CHANCE or first.player not in seats or is_forced(record, node):
            node = first.id
        else:
            answer = run_from(record, first.id, first.player)
            decisions.append(Decision(node, first.player, answer, recorded_tries(record, answer, first.player)))
            node = answer[-1]
        kids = record.children(node)
    return tuple(decisions)


# ----- comparing answers -------------------------------------------------------------------------------
def position_key(state) -> str:
    """A position as comparable text: its JSON without the "events" (how it was reached)."""
    data = json.loads(state.to_json())
    if isinstance(data, dict):
        data.pop("events", None)
    return json.dumps(data, sort_keys=True)


def action_keys(actions) -> Counter:
    """The multiset of the actions' identities (order does not count)."""
    return Counter(a.key() for a in actions)


class Run(NamedTuple):
    """A recorded run ready to compare: its node ids, the multiset of its actions, its end position."""
    nodes: tuple
    keys: Counter
    end: str


def prepare(record, nodes: tuple) -> Run:
    return Run(nodes, action_keys(record.node(n).action() for n in nodes), position_key(record.state(nodes[-1])))


def same_answer(actions, state, run: Run) -> bool:
    """The student's actions (ending at `state`) give the same answer as the recorded `run`."""
    return action_keys(actions) == run.keys or position_key(state) == run.end


def within(actions, run: Run) -> bool:
    """Can these actions still be part of the recorded run (a sub-multiset of its actions)?"""
    return not (action_keys(actions) - run.keys)


# ----- the lesson, played ----------------------------------------------------------------------------
class LessonPlay:
    """A record played as a lesson: `choose(action)`, `hint()`, `take_back()`, `restart()`; `state`,
    `feedback`, `prompt`, `progress`, `finished`, `summary`. Never raises on a student's input."""

    def __init__(self, record):
        self.record = record
        self.decisions = plan(record)
        self._runs: dict = {}
        self.restart()

    # ----- where the lesson is ----------------------------------------------------------------
    def restart(self) -> None:
        """Back to the first question, every count at zero."""
        n = len(self.decisions)
        self.tries, self.wrong, self.hinted = [0] * n, [0] * n, [False] * n
        self.feedback = ""
        self._go_to(0)

    def _go_to(self, index: int) -> None:
        """Play the record by itself from the end of question `index - 1` to the start of question `index`."""
        self.index = index
        self.pending, self.pending_states = [], []
        before = self.decisions[index - 1].answer[-1] if index else ROOT
        if index < len(self.decisions):
            target = self.decisions[index].start
        else:
            line = self.record.main_line()
            target = line[-1] if line else ROOT
        self.at = self.record.state(target)
        self.narration = self._narrate(before, target, opening=index == 0)

    def _narrate(self, before: int, target: int, opening: bool) -> tuple:
        """The comments of the nodes that played by themselves (after `before`, up to `target`)."""
        lines = [self.record.comment] if opening and self.record.comment else []
        path = self.record.path(target)
        done = len(self.record.path(before)) if before != ROOT else 0
        for node_id in path[done:]:
            node = self.record.node(node_id)
            if node.comment:
                lines.append(f"{self._who(node)}: {self.action_words(node_id).rstrip('.')}. {node.comment}")
        return tuple(lines)

    def _who(self, node) -> str:
        return "Chance" if node.player == CHANCE else player_name(self.record.state(node.parent), node.player)

    def action_words(self, node_id: int) -> str:
        """A recorded move in the game's own words."""
        node = self.record.node(node_id)
        try:
            return str(self.record.state(node.parent).legal_twin(node.action()))
        except Exception:  # a record is replayed when loaded, so this is only a safety net
            return str(node.action())

    @property
    def decision(self) -> Decision | None:
        return self.decisions[self.index] if self.index < len(self.decisions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.decisions)

    @property
    def state(self):
        """The position the student sees: the question's, with the sub-steps chosen so far."""
        return self.pending_states[-1] if self.pending_states else self.at

    @property
    def seat(self):
        d = self.decision
        return None if d is None else d.seat

    @property
    def prompt(self) -> str:
        """What is said before the move: the comments of what played by itself, then whose move it is."""
        lines = list(self.narration)
        if not self.finished:
            s = self.state
            step = find_step(s)
            lines.append(f"Your move, {player_name(s, self.seat)}: {step.title if step else s.step}.")
        return "\n".join(lines)

    @property
    def progress(self) -> str:
        n = len(self.decisions)
        if n == 0:
            return "This lesson has no question for the student's seats."
        if self.finished:
            return f"Lesson finished: {n} question{'s' if n != 1 else ''}."
        steps = f" (step {len(self.pending) + 1} of the decision)" if self.pending else ""
        return f"Question {self.index + 1} of {n}{steps}"

    def legal_actions(self) -> tuple:
        """The student's options here (none once the lesson is over)."""
        s = self.state
        if self.finished or s.to_move != self.seat:
            return ()
        return s.legal_actions()

    # ----- the student's moves ----------------------------------------------------------------
    def choose(self, action) -> str:
        """Play one action (or sub-step) of the current decision; returns the verdict (see Judged)."""
        if self.finished:
            self.feedback = "The lesson is over: restart it to play it again."
            return "over"
        state = self.state
        try:
            action = state.legal_twin(action)
            if action.player != self.seat:
                raise IllegalAction(f"this question is {player_name(state, self.seat)}'s move", "The lesson")
            after = state.apply(action)
        except IllegalAction as e:
            self.feedback = f"Not allowed: {e.reason} (rulebook: {e.rule}). The position is as it was."
            return "illegal"
        except Exception as e:  # not an action at all: say so, keep the place
            self.feedback = f"That is not an action of this game ({short_error(e, 80)}): choose one of the buttons."
            return "illegal"
        self.pending.append(action)
        self.pending_states.append(after)
        judged = self.judge()
        getattr(self, "_on_" + judged.verdict.replace(" ", "_"))(judged)
        return judged.verdict

    def judge(self) -> Judged:
        """Compare the answer so far with the recorded answer and tries (see the module doc)."""
        d = self.decision
        runs = [("right", self._run(d.answer))] + [("try", self._run(t)) for t in d.tries]
        for verdict, run in runs:
            if same_answer(self.pending, self.state, run):
                return Judged(verdict, run.nodes)
        if self.state.to_move != d.seat or not any(within(self.pending, run) for _v, run in runs):
            return Judged("other")
        return Judged("go on")

    def _run(self, nodes: tuple) -> Run:
        if nodes not in self._runs:
            self._runs[nodes] = prepare(self.record, nodes)
        return self._runs[nodes]

    def _on_right(self, judged: Judged) -> None:
        self.tries[self.index] += 1
        comment = self.record.node(judged.run[-1]).comment
        self.feedback = "Right!" + (f" {comment}" if comment else "")
        self._go_to(self.index + 1)
        if self.finished:
            self.feedback += "\n" + self.summary_text()

    def _on_try(self, judged: Judged) -> None:
        node = next((self.record.node(n) for n in reversed(judged.run) if self.record.node(n).comment), None)
        if node is not None and node.mark == "good":
            note = f"{node.comment} That works too, but this lesson follows another move: try again."
        elif node is not None:
            note = f"{node.comment} Try again."
        else:
            note = GENERIC_REPLY
        self._wrong(note)

    def _on_other(self, _judged: Judged) -> None:
        self._wrong(GENERIC_REPLY)

    def _on_go_on(self, _judged: Judged) -> None:
        k = len(self.pending)
        self.feedback = (f"Go on: the decision is not finished yet ({k} step{'s' if k != 1 else ''} chosen). "
                         "'Take back' starts it again.")

    def _wrong(self, text: str) -> None:
        self.tries[self.index] += 1
        self.wrong[self.index] += 1
        self.pending, self.pending_states = [], []
        self.feedback = text

    def take_back(self) -> None:
        """Undo the sub-steps chosen so far in this decision (not counted as an attempt)."""
        self.pending, self.pending_states = [], []
        self.feedback = "Taken back: the position is as it was at the start of the question."

    def hint(self) -> str:
        """The teacher's hint for the next move of the recorded answer, else the step's explanation."""
        if self.finished:
            self.feedback = "The lesson is over: there is nothing to hint."
            return self.feedback
        self.hinted[self.index] = True
        answer = self.decision.answer
        nodes = [self.record.node(n) for n in answer[len(self.pending):] + answer]
        text = next((n.hint for n in nodes if n.hint), "")
        if not text:
            step = find_step(self.state)
            text = f"{step.title}: {step.summary} (rulebook: {step.rule})" if step else f"Step {self.state.step}."
        self.feedback = f"Hint: {text}"
        return text

    # ----- the summary --------------------------------------------------------------------------
    @property
    def summary(self) -> dict:
        """Questions, answered, attempts (every judged answer), wrong tries, right at the first try, hints."""
        done = self.index
        return {"title": self.record.title, "questions": len(self.decisions), "answered": done,
                "attempts": sum(self.tries), "wrong": sum(self.wrong),
                "first_try": sum(1 for k in range(done) if self.wrong[k] == 0),
                "hints": sum(self.hinted), "finished": self.finished}

    def summary_text(self) -> str:
        s = self.summary
        head = "Lesson finished" if s["finished"] else f"So far: {s['answered']} of {s['questions']} answered"
        return (f"{head}: {s['questions']} question{'s' if s['questions'] != 1 else ''}, "
                f"{s['attempts']} attempt{'s' if s['attempts'] != 1 else ''} ({s['wrong']} wrong, "
                f"{s['first_try']} right at the first try), {s['hints']} hint{'s' if s['hints'] != 1 else ''} used.")

    # ----- keeping the place when something fails ----------------------------------------------
    def snapshot(self) -> tuple:
        return (self.index, list(self.tries), list(self.wrong), list(self.hinted), self.feedback,
                list(self.pending), list(self.pending_states), self.at, self.narration)

    def restore(self, snap: tuple) -> None:
        (self.index, self.tries, self.wrong, self.hinted, self.feedback, self.pending, self.pending_states,
         self.at, self.narration) = snap


# ----- the pure part of a question (widgets.lesson.Question) ---------------------------------------
def is_action(value) -> bool:
    return all(hasattr(value, n) for n in ("kind", "player", "params"))


def same(value, choice) -> bool:
    try:
        return type(value) is not int and value is not None and bool(value == choice)
    except Exception:
        return False


def refusal(state, value):
    """None when `value` is a legal action here, else the engine's reason in words."""
    if not is_action(value):
        return "not an action"
    try:
        state.legal_twin(value)
        return None
    except IllegalAction as e:
        return f"{e.reason} (rulebook: {e.rule})"


def number(value):
    """A finite number from an int, a float or text ("3", "2.5", "3/2"); None for anything else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value)) if math.isfinite(value) else None
    try:
        return Fraction(str(value).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None


def show_number(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x} ({float(x):g})"


def words(state, action):
    """An action in the game's words (the legal twin's text when it is legal)."""
    try:
        return state.legal_twin(action)
    except Exception:
        return action
