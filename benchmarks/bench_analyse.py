"""How long the analysis board takes: a default `analyse` of one mid-game 2-player position per game.

    python benchmarks/bench_analyse.py [--repeat 3] [--budget 200] [--executor]

The position: a seeded 2-player game played by the greedy player for about 40% of a typical game's
decisions, then on to the next decision with a real choice (at least 3 legal actions). Prints, per game,
the step and the number of legal actions, the median seconds of `analyse(state, budget)` over the repeats
(different search seeds), iterations per second, the CPU time of one `game.determinize` of that position
(each iteration samples one; about 10 us is the aim), and the ranking's top three with their intervals. The
target (issue 19): a default analysis in 5 s or less on 2 cores. With `--executor` the trees of a budget
above TREE_SIZE are grown in a process pool of 2. A benchmark: nothing is asserted.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402
from mars_rules.core import BUDGET, analyse, greedy_policy  # noqa: E402

GAMES = ("ruins_of_mars", "mars_colony", "ruins", "on_mars")
PLIES = {"ruins_of_mars": 100, "mars_colony": 70, "ruins": 60, "on_mars": 55}
"""Greedy decisions before the position: about 40% of a greedy 2-player game of each."""


def mid_game(name: str, seed: int = 5):
    """The benchmark's position for one game (see the module docstring)."""
    state = mars_rules.load(name).new_game(players=2, seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        if state.to_move == CHANCE:
            state = state.resolve_chance()
            continue
        if n >= PLIES[name] and len(state.legal_actions()) >= 3:
            return state
        state = state.advance(greedy_policy(state, rng))
        n += 1


def sample_us(state, calls: int = 500) -> float:
    """CPU microseconds of one `game.determinize(state, player to move, rng)`."""
    rng = random.Random(1)
    determinize = state.game.determinize
    t0 = time.process_time()
    for _ in range(calls):
        determinize(state, state.to_move, rng)
    return 1e6 * (time.process_time() - t0) / calls


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="analyses per game (default 3)")
    ap.add_argument("--budget", type=int, default=BUDGET, help=f"iterations (default {BUDGET})")
    ap.add_argument("--executor", action="store_true", help="grow the trees in a process pool of 2")
    ap.add_argument("games", nargs="*", default=GAMES)
    args = ap.parse_args(argv)
    pool = ProcessPoolExecutor(max_workers=2) if args.executor else None
    print(f"analyse(budget={args.budget}) of a mid-game 2-player position, median of {args.repeat}"
          f"{' (process pool of 2)' if pool else ''}")
    try:
        for name in args.games:
            state = mid_game(name)
            times, last = [], None
            for r in range(args.repeat):
                t0 = time.perf_counter()
                last = analyse(state, budget=args.budget, seed=r, executor=pool)
                times.append(time.perf_counter() - t0)
            med = statistics.median(times)
            print(f"{state.game.TITLE:14} step {state.step:14} {len(state.legal_actions()):3} actions   "
                  f"{med:6.2f} s  ({args.budget / med:6.0f} iterations/s; min {min(times):.2f}, max {max(times):.2f}); "
                  f"determinize {sample_us(state):.0f} us")
            for c in last.candidates[:3]:
                lo, hi = c.interval
                print(f"    {str(c.action)[:64]:64} {c.win_rate:6.1%} [{lo:.0%}, {hi:.0%}]  visits {c.visits}")
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
