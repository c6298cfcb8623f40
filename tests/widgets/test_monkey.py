"""Random clicking (seeded): whatever the order of clicks, the Explorer's history matches a simple
model of it, the position shown is the current one, and nothing raises."""
import random

import pytest

from mars_rules import CHANCE, Action

LIMIT = 12  # a small history limit, so dropping old positions is exercised too


@pytest.mark.parametrize("seed", [1, 2])
def test_random_clicks_keep_history_consistent(case, seed):
    rng = random.Random(seed)
    start = case.new(seed=seed)
    ex = case.explorer(start, real_board=False, history_limit=LIMIT)
    model, index = [start], 0
    stale = []  # buttons of earlier positions
    for _ in range(40):
        s = ex.state
        op = rng.choice(["act", "act", "act", "undo", "redo", "jump", "illegal", "stale", "view"])
        if op == "act" and s.to_move is not None:
            if s.to_move == CHANCE:
                if rng.random() < 0.5:
                    nxt_expected = s.resolve_chance()
                    ex.draw_button.click()
                else:
                    i = rng.randrange(len(ex.outcome_select.options))
                    nxt_expected = s.apply(s.chance_outcomes()[i][0])
                    ex.outcome_select.value = i
                    ex.choose_button.click()
            elif ex.action_buttons:
                b = rng.choice(ex.action_buttons)
                nxt_expected = s.apply(b._mr_action)
                stale.append(b)
                b.click()
            else:  # another seat's hidden turn in a player's view
                continue
            del model[index + 1:]
            model.append(nxt_expected)
            index += 1
            if len(model) > LIMIT:
                del model[0]
                index -= 1
        elif op == "undo":
            ex.undo_button.click()
            index = max(0, index - 1)
        elif op == "redo":
            ex.redo_button.click()
            index = min(len(model) - 1, index + 1)
        elif op == "jump":
            index = rng.randrange(len(model))
            ex.jump_slider.value = index
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
        assert ex.history.index == index and len(ex.history) == len(model)
        assert all(a == b for a, b in zip(ex.history.states, model))
        assert ex.state is ex.history.states[index] and ex.jump_slider.value == index
        assert ex.shown_png == ex.png and ex.png.startswith(b"\x89PNG")
