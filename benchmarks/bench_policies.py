"""Playing policies per game: greedy against random, the Ruins of Mars AI, and the cost of a decision.

    python benchmarks/bench_policies.py [--games N] [--quick]

Per game, 2 players: greedy's win rate against random (N games with greedy in seat 0 and N with it in
seat 1, a shared win counting as a fraction), with a 95% Wilson interval. For Ruins of Mars also the
AI procedure (`ai_policy`) against random and against greedy, and AI against AI (the first player's share).
Then microseconds per decision of each policy (the policy call only: legal actions included, the
transition after it not), measured over whole games against random.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402
from mars_rules.core import greedy_policy, random_policy, simulate, wilson  # noqa: E402
from mars_rules.ruins_of_mars import ai_policy  # noqa: E402

GAMES = ("mars_colony", "on_mars", "ruins", "ruins_of_mars")
SEED = 2026


def duel(game, first, second, n, seed=SEED):
    """`first`'s share of wins against `second` over n games in each seat order, and its interval."""
    start = game.new_game(players=2, seed=seed)
    a = simulate(start, n, policies=[first, second], seed=seed, executor=None)
    b = simulate(start, n, policies=[second, first], seed=seed + 1, executor=None)
    share = (a.win_rates()[0] + b.win_rates()[1]) / 2
    return share, wilson(share * 2 * n, 2 * n), a.win_rates()[0], b.win_rates()[1]


def line(label, result):
    share, (lo, hi), s0, s1 = result
    return f"  {label:28} {share:6.1%}  95% CI {lo:5.1%}-{hi:5.1%}   (as seat 0 {s0:5.1%}, as seat 1 {s1:5.1%})"


def us_per_decision(game, policy, games, seed=SEED):
    """Mean microseconds of one call of `policy` (seat 0) in games against random (seat 1)."""
    spent, calls = 0.0, 0
    for g in range(games):
        state = game.new_game(players=2, seed=seed + g)
        rng = random.Random(g)
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = state.resolve_chance()
                continue
            if state.to_move == 0:
                t0 = time.perf_counter()
                action = policy(state, rng)
                spent += time.perf_counter() - t0
                calls += 1
            else:
                action = random_policy(state, rng)
            state = state.apply(action)
    return 1e6 * spent / max(1, calls), calls


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per seat order (default 100)")
    ap.add_argument("--quick", action="store_true", help="20 games per seat order, 5 timed games")
    args = ap.parse_args(argv)
    n = 20 if args.quick else args.games
    timed = 5 if args.quick else 20
    print(f"Win rates, 2 players, {n} games in each seat order (seed {SEED})")
    for name in GAMES:
        game = mars_rules.load(name)
        t0 = time.perf_counter()
        print(f"{game.TITLE}")
        print(line("greedy vs random", duel(game, greedy_policy, random_policy, n)))
        if name == "ruins_of_mars":
            print(line("AI vs random", duel(game, ai_policy, random_policy, n)))
            print(line("AI vs greedy", duel(game, ai_policy, greedy_policy, n)))
            start = game.new_game(players=2, seed=SEED)
            r = simulate(start, 2 * n, policies=[ai_policy, ai_policy], seed=SEED, executor=None)
            first = start.first  # the first player was drawn in new_game: the same in every game
            lo, hi = r.win_interval(first)
            print(f"  {'AI vs AI (first player)':28} {r.win_rates()[first]:6.1%}  95% CI {lo:5.1%}-{hi:5.1%}   "
                  f"({2 * n} games, seat {first} moves first)")
        print(f"  ({time.perf_counter() - t0:.1f} s)")
    print(f"\nMicroseconds per decision (seat 0 against random, {timed} games)")
    for name in GAMES:
        game = mars_rules.load(name)
        pols = {"random": random_policy, "greedy": greedy_policy}
        if name == "ruins_of_mars":
            pols["AI"] = ai_policy
        cells = []
        for label, pol in pols.items():
            us, calls = us_per_decision(game, pol, timed)
            cells.append(f"{label} {us:8.1f} us ({calls} calls)")
        print(f"  {game.TITLE:14} " + "   ".join(cells))


if __name__ == "__main__":
    main()
