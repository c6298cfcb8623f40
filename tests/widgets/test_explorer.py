"""The Explorer, driven from Python as a student's clicks would drive it, on every game with a board."""
from __future__ import annotations

import html

import pytest

import mars_rules
from mars_rules import CHANCE, Action, History

from widgets.common import PNG_DPI, click_scale, render_png

from .cases import find, is_chance, is_decision


def at_decision(case, seed=7):
    state = find(case.new(seed=seed), is_decision)
    assert state is not None, "random play found no decision"
    return state


def test_first_render_shows_board_steps_actions_and_score(case):
    state = at_decision(case)
    ex = case.explorer(state)
    png = ex.shown_png
    assert png and png.startswith(b"\x89PNG") and png == ex.png
    assert case.game.TITLE in ex.title.value
    current = [s for s in case.game.TURN_STEPS if s.key == state.step][0]
    assert f'class="mr-current" title="{_html(current.summary)}" data-key="{_html(current.key)}"' in ex.steps.value
    assert ex.steps.value.count("mr-current") == 1
    assert _html(current.rule) in ex.step_help.value and _html(current.title) in ex.step_help.value
    legal = state.legal_actions()
    assert [b._mr_action for b in ex.action_buttons] == list(legal)
    assert [b.description for b in ex.action_buttons] == [str(a) for a in legal]
    # grouped by kind: one group per kind, in order of first appearance
    kinds = list(dict.fromkeys(a.kind for a in legal))
    assert len(ex.actions_box.children) == len(kinds)
    for group, kind in zip(ex.actions_box.children, kinds):
        assert f'data-kind="{kind}"' in group.children[0].value
        assert all(b._mr_action.kind == kind for b in group.children[1].children)
    for name in state.players:
        assert _html(name) in ex.score.value
    assert ex.error_text == ""


def test_apply_by_click_changes_state_history_and_image(case):
    state = at_decision(case)
    ex = case.explorer(state)
    images = [ex.shown_png]
    for _ in range(3):  # click the first action a few times: every click is recorded and redrawn
        while ex.state.to_move == CHANCE:
            assert ex.draw_random()
        if not is_decision(ex.state):
            break
        before = ex.state
        button = ex.action_buttons[0]
        expected = before.apply(button._mr_action)
        n = len(ex.history)
        button.click()
        assert ex.error_text == ""
        assert ex.state == expected and ex.history.states[-2] is before and len(ex.history) == n + 1
        assert ex.shown_png == render_png(ex.board.fig, PNG_DPI * click_scale(ex.board)) == ex.png
        images.append(ex.shown_png)
        assert str(button._mr_action) in ex.events.value or ex.state is not before
    assert len(set(images)) >= 2, "the board image never changed"


def test_undo_redo_and_jump(case):
    state = at_decision(case)
    ex = case.explorer(state)
    seen = [ex.state]
    pngs = [ex.shown_png]
    for _ in range(4):
        s = ex.state
        if s.to_move is None:
            break
        ok = ex.draw_random() if s.to_move == CHANCE else ex.apply(s.legal_actions()[-1])
        assert ok and ex.error_text == ""
        seen.append(ex.state)
        pngs.append(ex.shown_png)
    last = len(seen) - 1
    assert ex.history.index == last and ex.redo_button.disabled and not ex.undo_button.disabled
    ex.undo_button.click()
    assert ex.state is seen[last - 1] and ex.history.index == last - 1
    assert ex.jump_slider.value == last - 1 and not ex.redo_button.disabled
    assert ex.shown_png == pngs[last - 1]  # the same position, the same picture
    ex.redo_button.click()
    assert ex.state is seen[last]
    ex.jump_slider.value = 0  # what dragging the slider does
    assert ex.state is seen[0] and ex.undo_button.disabled
    labels = [label for label, _k in ex.history_select.options]
    assert labels[0] == "0. the starting position (now)" and len(labels) == len(seen)
    assert labels[1].startswith("1. ") and ex.history_select.value == 0
    ex.history_select.value = last  # what choosing in the "Go to" list does
    assert ex.state is seen[last] and ex.history_select.options[-1][0].endswith("(now)")
    ex.jump(0)
    assert ex.jump(-1) and ex.state is seen[last]
    # undo past the start is harmless
    for _ in range(len(seen) + 3):
        ex.undo_button.click()
    assert ex.state is seen[0] and len(ex.history) == len(seen) and ex.error_text == ""
    assert "Nothing to undo" in ex.message.value
    # an action after an undo starts a variation beside the line there (the same action is the same move)
    ex.jump(1)
    s = ex.state
    if s.to_move is not None:
        action = s.drawn_outcome() if s.to_move == CHANCE else s.legal_actions()[0]
        same = action == ex.history.actions[1]
        ex.draw_random() if s.to_move == CHANCE else ex.apply(action)
        assert len(ex.history) == (len(seen) if same else 3) and ex.history.can_redo == (same and len(seen) > 3)
        assert len(ex.history.variations()) == (1 if same else 2) and ex.error_text == ""


def test_chance_draw_and_choose(case):
    state = find(case.new(), is_chance)
    if state is None:
        pytest.skip(f"{case.name}: no chance node with two outcomes within 600 random actions")
    ex = case.explorer(state)
    outcomes = state.chance_outcomes()
    assert ex.chance_box.layout.display == "" and not ex.action_buttons
    assert len(ex.outcome_select.options) == len(outcomes)
    for (label, i), (action, p) in zip(ex.outcome_select.options, outcomes):
        assert str(action) in label and f"p = {p}" in label
    png = ex.shown_png
    # choose the last outcome ("force the die")
    ex.outcome_select.value = len(outcomes) - 1
    ex.choose_button.click()
    assert ex.error_text == "" and ex.state == state.apply(outcomes[-1][0])
    assert ex.history.actions[-1] == outcomes[-1][0]
    assert ex.chance_box.layout.display == "none" or ex.state.to_move == CHANCE
    ex.undo()
    assert ex.state is state and ex.shown_png == png
    button = ex.draw_button
    for _ in range(3):  # a double (triple) click draws once
        button.click()
    assert ex.state == state.resolve_chance() and ex.history.actions[-1] == state.drawn_outcome() and len(ex.history) == 2
    assert str(state.drawn_outcome()) in ex.history_label.value


def test_illegal_action_shows_reason_and_keeps_position(case):
    state = at_decision(case)
    ex = case.explorer(state)
    png, n = ex.shown_png, len(ex.history)
    ok = ex.apply(Action("made_up_kind", state.to_move, {"x": 1}))
    assert not ok
    try:
        state.apply(Action("made_up_kind", state.to_move, {"x": 1}))
    except Exception as e:
        reason, rule = e.reason, e.rule
    assert ex.error_text == f"Not allowed: {reason} (rulebook: {rule})"
    assert "mr-error" in ex.message.value and "Traceback" not in ex.message.value
    assert ex.state is state and len(ex.history) == n and ex.shown_png == png
    assert not ex.apply("not an action") and "Not allowed" in ex.error_text and ex.state is state
    # a legal action afterwards clears the error line
    assert ex.apply(state.legal_actions()[0]) and ex.error_text == "" and "mr-error" not in ex.message.value
    # at a chance node, choosing with nothing to choose is refused the same way
    s = ex.state
    if s.to_move != CHANCE:
        assert not ex.choose_outcome() and "not a chance node" in ex.error_text and ex.state is s


def test_other_errors_are_one_line_and_keep_position(case):
    state = at_decision(case)

    def broken_policy(s, rng):
        raise RuntimeError("policy exploded\nsecond line")
    seats = {p: broken_policy for p in range(len(state.players))}
    ex = case.explorer(state, seat_policies=seats, real_board=False)
    n = len(ex.history)
    if len(state.legal_actions()) > 1:
        assert not ex.autoplay()
        assert ex.error_text.startswith("Something went wrong") and "RuntimeError: policy exploded" in ex.error_text
        assert "\n" not in ex.error_text and ex.state is state and len(ex.history) == n

    class BadBoard(Exception):
        pass
    ex2 = case.explorer(state, real_board=False)
    calls = []
    real_update = ex2.board.update

    def update(s):
        calls.append(s)
        if len(calls) == 1:
            raise BadBoard("cannot draw this")
        return real_update(s)
    ex2.board.update = update
    assert not ex2.apply(state.legal_actions()[0])
    assert "BadBoard: cannot draw this" in ex2.error_text and ex2.state is state and len(ex2.history) == 1

    def broken_sheet(sheet):
        raise ValueError("no sheet")
    ex2.score.update = broken_sheet  # a failing score sheet is shown as such; the rest still works
    assert ex2.apply(state.legal_actions()[0]) and ex2.error_text == ""
    assert "score sheet is unavailable: ValueError: no sheet" in ex2.score.value


def test_rapid_clicks_keep_position_and_history(case):
    state = at_decision(case)
    ex = case.explorer(state, real_board=False)
    button = ex.action_buttons[0]
    action = button._mr_action
    for _ in range(5):  # the same button clicked again and again, faster than the page redraws
        button.click()
    # the first click applied the action; the later ones reached a button of an earlier position
    # and did nothing (they never apply an action the user did not see)
    assert len(ex.history) == 2 and ex.history.states[1] == state.apply(action)
    assert "earlier position" in ex.message.value and ex.error_text == ""
    assert button not in ex.action_buttons
    # after an undo the position is the first one again, and its new buttons work
    ex.undo()
    ex.action_buttons[0].click()
    assert len(ex.history) == 2 and ex.history.states[1] == state.apply(action)
    k = len(ex.history)
    # undo/redo hammering
    for _ in range(4):
        ex.undo_button.click()
        ex.redo_button.click()
    assert ex.history.index == len(ex.history) - 1 and len(ex.history) == k


def test_history_is_bounded(case):
    state = case.new()
    ex = case.explorer(state, history_limit=5, seat_policies={p: "random" for p in range(len(state.players))},
                     real_board=False)
    assert ex.autoplay(max_actions=12) and ex.error_text == ""
    assert len(ex.history) <= 5 and isinstance(ex.history, History)
    if ex.state.to_move is not None:  # 12 actions were played: the 7 oldest positions were dropped
        assert len(ex.history) == 5 and ex.history.dropped == 8
        assert "8 older dropped" in ex.history_label.value and ex.jump_slider.max == 4
    assert ex.undo() and ex.jump(0) and ex.undo_button.disabled


def test_view_as_uses_state_view(case):
    state = at_decision(case)
    ex = case.explorer(state, real_board=False)
    me = state.to_move
    other = (me + 1) % len(state.players)
    ex.view_select.value = me  # as the dropdown does
    assert ex.view_as == me and ex.shown == state.view(me)
    assert len(ex.action_buttons) == len(state.legal_actions())  # my own options are visible
    ex.set_view(other)
    assert ex.view_select.value == other and ex.action_buttons == ()
    assert "hidden in this view" in ex.actions_label.value
    assert not ex.set_view(99) and "no seat 99" in ex.error_text and ex.view_as == other
    for not_a_seat in (1.0, True):  # never taken for seat 1
        assert not ex.set_view(not_a_seat) and "no seat" in ex.error_text and ex.view_as == other
    ex.view_select.value = ex.view_select.options[0][1]
    assert ex.view_as is None and ex.view_select.label.startswith("Teacher")
    assert ex.shown is state and len(ex.action_buttons) == len(state.legal_actions())
    # the other seat does not read my decision's text: only that I decided
    ex.set_view(None)
    mine = state.legal_actions()[0]
    ex.apply(mine)
    ex.set_view(other)
    assert f"a decision of {_html(state.players[me])}" in ex.history_label.value
    assert _html(str(mine)) not in ex.history_label.value + ex.events.value.split("<ul>")[0]
    ex.set_view(me)
    assert _html(str(mine)) in ex.history_label.value
    assert ex.undo() and ex.state is state and ex.view_as == me


def test_computer_plays_until_a_human_decides(case):
    state = case.new(seed=11)
    ex = case.explorer(state, seat_policies={p: "random" for p in range(1, len(state.players))},
                     real_board=False)
    assert [label for label, _ in ex.view_select.options][1:3] == [
        f"{state.players[0]} (seat 0)", f"{state.players[1]} (seat 1, computer)"]
    for _ in range(2):
        if ex.state.to_move is None:
            break
        if ex.state.to_move == 0 and len(ex.state.legal_actions()) >= 1:
            ex.apply(ex.state.legal_actions()[0])
        ex.auto_button.click()
        assert ex.error_text == ""
        assert ex.state.to_move in (0, None), "the computer stopped before the human's turn"
    # the same seed and the same clicks give the same game
    ex2 = case.explorer(state, seat_policies={p: "random" for p in range(1, len(state.players))},
                        real_board=False)
    mine = [a for a in ex.history.actions if a is not None and a.player == 0]
    for a in mine:
        ex2.autoplay()
        assert ex2.apply(a)
    ex2.autoplay()
    assert ex2.state == ex.state
    # teacher's view without seat policies: only what is forced
    ex3 = case.explorer(state, real_board=False)
    ex3.autoplay()
    s = ex3.state
    assert s.to_move is None or (s.to_move != CHANCE and len(s.legal_actions()) > 1)


def test_solo_seat_with_single_action(case):
    if 1 not in case.game.PLAYER_COUNTS:
        pytest.skip(f"{case.name} has no solo game")
    ex = case.explorer(case.new(players=1, seed=3), seat_policies={1: "random"}, real_board=False)
    for _ in range(300):
        s = ex.state
        if s.to_move is None or any(a is not None and a.player == 1 for a in ex.history.actions):
            break
        if s.to_move == 0:
            assert ex.apply(s.legal_actions()[-1])
        else:
            assert ex.autoplay()
            assert ex.error_text == "" and ex.state.to_move in (0, None)
    ai = [i for i, a in enumerate(ex.history.actions) if a is not None and a.player == 1]
    assert ai or ex.state.to_move is None, "the AI never played"
    for i in ai:  # each AI decision had exactly one legal action: the one its procedure picked
        assert ex.history.states[i].legal_actions() == (ex.history.actions[i],)
    if ai:  # the AI's single action is shown as its only button, its text giving the reason
        ex.jump(ai[0])
        assert [b.description for b in ex.action_buttons] == [str(ex.history.actions[ai[0]])]


def test_game_over_is_shown(case):
    from mars_rules import playout
    end = playout(case.new(seed=5), seed=5)
    ex = case.explorer(end)
    assert "game is over" in ex.title.value and ex.action_buttons == ()
    assert "Final" in ex.score.value and ex.auto_button.disabled
    assert not ex.apply(Action("anything", 0)) and "over" in ex.error_text.lower()


def _html(text):
    import html
    return html.escape(str(text), quote=True)


@pytest.mark.parametrize("name", sorted(mars_rules.GAMES))
def test_the_board_carries_its_words_and_the_rules_are_one_click_away(name):
    from widgets.common import shown_alt
    from widgets.explorer import Explorer
    game = mars_rules.load(name)
    state = game.new_game(players=game.PLAYER_COUNTS[-1], seed=3)
    ex = Explorer(state)
    assert shown_alt(ex.board_out) == state.describe() != ""   # the image's alt text is the board in words
    ex.read_toggle.value = True
    assert "mr-board-text" in ex.reading.value and state.describe().splitlines()[0][:30] in html.unescape(ex.reading.value)
    step = next(s for s in game.TURN_STEPS if s.key == state.step)
    ex.rule_button.click()
    entry = game.RULES.entry(step.rule)
    assert entry is not None and html.escape(step.rule) in ex.rule_panel.value
    assert "not written yet" not in ex.rule_panel.value and "No entry" not in ex.rule_panel.value
    assert ex.error_rule_button.layout.display == "none"
    ex.apply(Action("no_such_kind", state.to_move if isinstance(state.to_move, int) else 0, {}))
    assert ex.error_rule and ex.error_rule_button.layout.display == ""
    ex.error_rule_button.click()
    assert html.escape(ex.error_rule) in ex.rule_panel.value
