"""A long classroom session: 10,000 actions in one Explorer, with variations tried every ~100 actions,
keep its history (a tree of actions) and memory bounded."""
import gc
import tracemalloc

import mars_rules
from mars_rules import CHANCE
from widgets.common import TextBoard
from widgets.explorer import Explorer


def _try_another_action(ex) -> bool:
    """Go a few positions back to a decision with a choice, and play another action there (the history
    moves without a redraw; the Explorer's click then redraws once)."""
    h = ex.history
    for back in range(1, 7):
        s = h.states[h.index - back] if h.index >= back else None
        if s is not None and s.to_move not in (None, CHANCE) and len(s.legal_actions()) > 1:
            h.jump(h.index - back)
            played = h.actions[h.index]
            assert ex.apply(next(a for a in s.legal_actions() if a != played)) and ex.error_text == ""
            assert len(h.variations()) >= 2 and h.node in h.variations()
            return True
    return False


def test_history_memory_stays_bounded_over_10000_actions_with_variations():
    game = mars_rules.load("mars_colony")
    ex = Explorer(game.new_game(players=4, seed=1), seat_policies={p: "random" for p in range(4)},
                  board=TextBoard, history_limit=300)
    h = ex.history
    pushed, traced, branches = 0, [], 0
    try:
        while pushed < 10_000:
            if pushed >= 7_000 and not tracemalloc.is_tracing():
                tracemalloc.start()  # the history is long full by now: watch the last 3,000 actions
            dropped, index = h.dropped, h.index
            assert ex.autoplay(max_actions=100) and ex.error_text == ""
            pushed += (h.dropped - dropped) + (h.index - index)
            assert len(h) <= 300 and len(h.record.nodes) < 600  # the line, and as much again of variations
            if ex.state.is_over:  # explore another branch: go back 200 positions and play on
                assert ex.jump(max(0, h.index - 200))
            else:
                branches += _try_another_action(ex)
            if tracemalloc.is_tracing():
                gc.collect()  # what is still alive, not the cycles the collector has not reached yet
                traced.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    assert pushed >= 10_000 and h.dropped > 3_000 and branches >= 50
    assert h.pruned > 0 and any(len(h.siblings(n)) > 1 for n in h.record.main_line() + h.line)  # variations kept
    assert len(traced) >= 20 and max(traced) - traced[0] < 3_000_000, traced  # no growth with more actions
