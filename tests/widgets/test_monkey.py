"""Random clicking (seeded): whatever the order of clicks, the Explorer's history matches a simple
model of it (a tree of action paths: an action after an undo starts a variation, the same action is
the same move, the line follows the move last visited), the position shown is the current one, and
nothing raises."""
import random

import pytest

from mars_rules import CHANCE, Action

LIMIT = 12  # a small history limit, so dropping old positions is exercised too


class Model:
    """The history as a tree keyed by action paths from the start; the line follows the child last visited,
    else the first; at most LIMIT positions on the line (the start moves forward) and 2 * LIMIT in the tree."""

    def __init__(self, start):
        self.states, self.kids, self.visited, self.made = {(): start}, {(): []}, {}, []
        self.path = self.line = ()

    def act(self, action, state):
        p = self.path
        if action not in self.kids[p]:
            self.kids[p].append(action)
            self.kids[p + (action,)], self.states[p + (action,)] = [], state
            self.made.append(p + (action,))
        self.visited[p] = action
        self.path = p + (action,)
        self.extend()
        while len(self.line) >= LIMIT:
            self.drop_first()
        while len(self.states) - 1 >= 2 * LIMIT:
            self.prune()

    def extend(self):
        line = self.path
        while self.kids[line]:
            line += (self.visited[line] if self.visited.get(line) in self.kids[line] else self.kids[line][0],)
        self.line = line

    def drop_first(self):
        first = self.line[:1]
        keep = lambda table: {k[1:]: v for k, v in table.items() if k[:1] == first}  # noqa: E731
        self.states, self.kids, self.visited = keep(self.states), keep(self.kids), keep(self.visited)
        self.made = [k[1:] for k in self.made if k[:1] == first]
        self.path, self.line = self.path[1:], self.line[1:]

    def prune(self):
        off = next(k for k in self.made if self.line[:len(k)] != k)  # the oldest move off the line
        self.kids[off[:-1]].remove(off[-1])
        for table in (self.states, self.kids, self.visited):
            for k in [k for k in table if k[:len(off)] == off]:
                del table[k]
        self.made = [k for k in self.made if k[:len(off)] != off]

    @property
    def index(self):
        return len(self.path)

    def positions(self):
        return [self.states[self.line[:k]] for k in range(len(self.line) + 1)]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_keep_history_consistent(case, seed):
    rng = random.Random(seed)
    start = case.new(seed=seed)
    ex = case.explorer(start, real_board=False, history_limit=LIMIT)
    model = Model(start)
    stale = []  # buttons of earlier positions
    for _ in range(40):
        s = ex.state
        op = rng.choice(["act", "act", "act", "undo", "redo", "jump", "illegal", "stale", "view"])
        if op == "act" and s.to_move is not None:
            if s.to_move == CHANCE:
                if rng.random() < 0.5:
                    action, nxt_expected = s.drawn_outcome(), s.resolve_chance()
                    ex.draw_button.click()
                else:
                    i = rng.randrange(len(ex.outcome_select.options))
                    action = s.chance_outcomes()[i][0]
                    nxt_expected = s.apply(action)
                    ex.outcome_select.value = i
                    ex.choose_button.click()
            elif ex.action_buttons:
                b = rng.choice(ex.action_buttons)
                action, nxt_expected = b._mr_action, s.apply(b._mr_action)
                stale.append(b)
                b.click()
            else:  # another seat's hidden turn in a player's view
                continue
            model.act(action, nxt_expected)
        elif op == "undo":
            ex.undo_button.click()
            model.path = model.path[:-1]
        elif op == "redo":
            ex.redo_button.click()
            model.path = model.line[:model.index + 1]
        elif op == "jump":
            index = rng.randrange(len(model.line) + 1)
            ex.jump_slider.value = index
            model.path = model.line[:index]
        elif op == "illegal":
            assert not ex.apply(Action("no_such_kind", 0)) and ex.error_text.startswith("Not allowed")
        elif op == "stale" and stale:
            b = rng.choice(stale)
            if b not in ex.action_buttons:  # a click that arrives after the page moved on: no effect
                b.click()
                assert "earlier position" in ex.message.value
        elif op == "view":
            ex.set_view(rng.choice([None, *range(len(start.players))]))
        assert "Something went wrong" not in ex.error_text, ex.error_text
        index = model.index
        assert ex.history.index == index and len(ex.history) == len(model.line) + 1
        assert all(a == b for a, b in zip(ex.history.states, model.positions()))
        assert ex.state is ex.history.states[index] and ex.jump_slider.value == index
        assert ex.shown_png == ex.png and ex.png.startswith(b"\x89PNG")
