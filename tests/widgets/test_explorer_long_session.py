"""A long classroom session: 10,000 actions in one Explorer keep its history (and memory) bounded."""
import tracemalloc

import mars_rules
from widgets.common import TextBoard
from widgets.explorer import Explorer


def test_history_memory_stays_bounded_over_10000_actions():
    game = mars_rules.load("mars_colony")
    ex = Explorer(game.new_game(players=4, seed=1), seat_policies={p: "random" for p in range(4)},
                  board=TextBoard, history_limit=300)
    pushed, traced = 0, []
    try:
        while pushed < 10_000:
            if pushed >= 7_000 and not tracemalloc.is_tracing():
                tracemalloc.start()  # the history is long full by now: watch the last 3,000 actions
            dropped, index = ex.history.dropped, ex.history.index
            assert ex.autoplay(max_actions=250) and ex.error_text == ""
            pushed += (ex.history.dropped - dropped) + (ex.history.index - index)
            assert len(ex.history) <= 300
            if ex.state.is_over:  # explore another branch: go back 200 positions and play on
                assert ex.jump(max(0, ex.history.index - 200))
            if tracemalloc.is_tracing():
                traced.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    assert pushed >= 10_000 and ex.history.dropped > 3_000
    assert len(traced) >= 8 and max(traced) - traced[0] < 3_000_000, traced  # no growth with more actions
