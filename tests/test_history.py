"""The history (mars_rules.core.history): a tree of actions with a cursor, saved as a game record.
An action after an undo starts a variation; redo follows the line last visited; memory stays bounded."""
import random

import pytest

import mars_rules
from mars_rules.core import CHANCE, IllegalAction
from mars_rules.core.history import STATES_KEPT, History
from mars_rules.core.record import ROOT, Record, RecordError

GAME = mars_rules.load("ruins_of_mars")


def _new():
    return History(GAME.new_game(players=2, seed=7, characters="deal"))


def _two_lines():
    """A history with the first move a (then a2) on the main line and b a variation; the cursor on b."""
    h = _new()
    first, second = h.current.legal_actions()[:2]
    h.apply(first)
    a = h.node
    h.apply(h.current.legal_actions()[0])
    a2 = h.node
    h.undo(), h.undo()
    h.apply(second)
    return h, a, a2, h.node


def test_an_action_after_an_undo_starts_a_variation_and_keeps_the_line():
    h, a, a2, b = _two_lines()
    assert h.variations() == (a, b) and h.record.children(ROOT) == (a, b)
    assert h.record.main_line() == (a, a2) and not h.record.is_main(b)
    assert len(h) == 2 and h.index == 1 and not h.can_redo
    h.undo()
    h.apply(h.record.node(a).action())  # the same action again is the same node, its line still there
    assert h.node == a and len(h.record.nodes) == 3 and h.line == (a, a2) and h.can_redo


def test_redo_follows_the_line_last_visited():
    h, a, a2, b = _two_lines()
    start = h.undo()
    assert h.line == (b,) and h.redo() == h.record.state(b) and h.node == b  # not the main line
    h.switch(a2)
    h.jump(0)
    assert h.current is start and h.redo() and h.node == a and h.redo() and h.node == a2 and not h.can_redo


def test_switch_main_line_promote_and_delete():
    h, a, a2, b = _two_lines()
    assert h.switch(a2) == h.record.state(a2) and h.line == (a, a2) and h.index == 2
    h.switch(b)
    assert h.to_main_line() is h.states[0] and h.node == ROOT and h.line == (a, a2)  # where b left it
    h.switch(b)
    h.promote()
    assert h.record.children(ROOT) == (b, a) and h.record.is_main(b) and h.variations() == (b, a)
    h.delete()
    assert h.node == ROOT and h.record.children(ROOT) == (a,) and h.line == (a, a2)
    with pytest.raises(RecordError, match="no node"):
        h.switch(b)
    with pytest.raises(RecordError, match="start"):
        h.delete()


def test_jump_moves_along_the_current_line():
    h, a, a2, b = _two_lines()
    h.switch(a2)
    assert h.jump(1) == h.record.state(a) and h.index == 1 and h.line == (a, a2)
    assert h.jump(-1) == h.record.state(a2) and [s for s in h.states] == [h.record.state(n) for n in (ROOT, a, a2)]
    assert h.actions == (h.record.node(a).action(), h.record.node(a2).action())
    with pytest.raises(IndexError):
        h.jump(3)
    with pytest.raises(IllegalAction):
        h.apply("not an action")
    assert h.node == a2 and len(h.record.nodes) == 3


def test_comment_and_mark_are_saved_in_the_record():
    h, a, a2, b = _two_lines()
    h.comment("Taking the other character first")
    h.mark("mistake")
    h.comment("Before the first move", node=ROOT)
    r = h.record
    assert r.node(b).comment == "Taking the other character first" and r.node(b).mark == "mistake"
    assert r.comment == "Before the first move" and h.words() == ("Taking the other character first", "mistake", "")
    with pytest.raises(RecordError, match="a mark is one of"):
        h.mark("brilliant")
    assert h.record.node(b).mark == "mistake"
    again = Record.from_json(r.to_json(), GAME)
    assert again == r.canonical()


def test_a_record_loads_with_its_main_line_ahead():
    h, a, a2, b = _two_lines()
    h.comment("the variation")
    r = Record.from_json(h.record.to_json(), GAME)
    h2 = History.from_record(r)
    assert h2.record == r and h2.node == ROOT and len(h2) == 3 and h2.variations() == ()
    assert h2.redo() == r.state(r.main_line()[0]) and len(h2.variations()) == 2
    assert str(h2.action_at(0)) == str(h.record.state(ROOT).legal_actions()[0])  # the engine's words


def test_snapshot_and_restore_undo_anything():
    h, a, a2, b = _two_lines()
    snap = h.snapshot()
    h.undo()
    h.apply(h.current.legal_actions()[2])
    h.comment("gone after restore")
    h.restore(snap)
    assert h.node == b and len(h.record.nodes) == 3 and h.words() == ("", "", "")


class Counter(tuple):
    """A tiny position that counts how often any Counter is applied."""
    applied = 0

    def apply(self, action):
        Counter.applied += 1
        return Counter((self[0] + action,))


def test_a_step_back_or_forward_costs_a_few_actions_on_a_10000_move_line():
    h = History(Counter((0,)), limit=20_000)
    for _ in range(10_000):
        h.apply(1)
    Counter.applied = 0
    assert h.jump(0) == (0,) and h.jump(-1) == (10_000,) and Counter.applied == 0  # the start and the latest are kept
    h._cache.clear(), h._milestones.clear()
    h.jump(0)
    assert h.jump(-1) == (10_000,) and Counter.applied == 10_000  # nothing kept: replayed from the start
    Counter.applied = 0
    for _ in range(50):
        h.undo()
    for _ in range(50):
        h.redo()
    assert Counter.applied < 500 and h.current == (10_000,)  # a few actions a step, not 10,000


def test_memory_stays_bounded_with_variations():
    game = mars_rules.load("ruins")
    h = History(game.new_game(players=3, seed=2), limit=60)
    rng = random.Random(1)
    for k in range(1500):
        s = h.current
        if s.to_move is None:
            h.jump(max(0, h.index - 30))
            continue
        if k % 20 == 0 and h.index >= 3:  # try something else a few moves back
            h.jump(h.index - 3)
            s = h.current
            if s.to_move is None:
                continue
        h.apply(s.resolve_chance() and s.drawn_outcome() if s.to_move == CHANCE else rng.choice(s.legal_actions()))
        assert len(h) <= 60 and len(h.record.nodes) < 120 and len(h._cache) <= STATES_KEPT
    assert h.dropped > 100 and h.pruned > 0
    r = h.record  # the start moved forward with the oldest moves: the record still replays
    assert Record.from_json(r.to_json(), game) == r.canonical()
    assert r.state(h.node) == h.current
