"""Playing policies per game: greedy against random, the Ruins of Mars AI, and the cost of a decision.

    python benchmarks/bench_policies.py [--games N] [--quick]

Per game, 2 players: greedy's win rate against random (N games with greedy in seat 0 and N with it in
seat 1, a shared win counting as a fraction), with a 95% Wilson interval. For Ruins of Mars also the
AI procedure (`ai_policy`) against random and against greedy, and AI against AI (the first player's share).
Then microseconds per decision of each policy (the policy call only: legal actions included, the
transition after it not), measured over whole games against random.

Then how On Mars games end, per player count and policy (every seat playing it): the share of games whose
end the Missions triggered (the rule's end: the Remaining Missions marker reached the end of its track)
and the share the round-limit safeguard (ASSUMED, not a rule of the game) triggered, with Wilson 95%
intervals. The goal is at least 80% by the Missions for the best policy (`mission_seeker`).
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
from mars_rules.core import playout  # noqa: E402
from mars_rules.on_mars import mission_seeker  # noqa: E402
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


SAFEGUARD_EVENT = "safeguard"
"""A word of the event the On Mars round-limit safeguard says when it triggers the end (flow.end_round)."""


def on_mars_end(players, policy, seed):
    """How one On Mars game with every seat playing `policy` ended: "missions" or "safeguard" (the
    safeguard triggered the end, even if the marker reached its end in the final round after it)."""
    game = mars_rules.load("on_mars")
    saw = []

    def watch(state, _action):
        if not saw and any(SAFEGUARD_EVENT in e for e in state.events):
            saw.append(state.round)

    end = playout(game.new_game(players=players, seed=seed), policy=policy, seed=seed, on_step=watch)
    if not saw and any(SAFEGUARD_EVENT in e for e in end.events):
        saw.append(end.round)
    return "safeguard" if saw else "missions"


def on_mars_ends(games):
    game = mars_rules.load("on_mars")
    print(f"\nHow On Mars games end ({games} games per row, every seat playing the policy)")
    print(f"  {'players':>7}  {'policy':16} {'by the Missions':>30} {'by the safeguard':>30}  {'s/game':>7}")
    for players in game.PLAYER_COUNTS:
        for label, pol in (("random", random_policy), ("greedy", greedy_policy), ("mission_seeker", mission_seeker)):
            t0 = time.perf_counter()
            ends = [on_mars_end(players, pol, SEED + g) for g in range(games)]
            cells = []
            for how in ("missions", "safeguard"):
                k = ends.count(how)
                lo, hi = wilson(k, games)
                cells.append(f"{k / games:6.1%} (95% CI {lo:5.1%}-{hi:5.1%})")
            print(f"  {players:>7}  {label:16} {cells[0]:>30} {cells[1]:>30}  {(time.perf_counter() - t0) / games:7.2f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per seat order (default 100)")
    ap.add_argument("--quick", action="store_true", help="20 games per seat order, 5 timed games, 8 On Mars ends")
    ap.add_argument("--ends-only", action="store_true", help="only how On Mars games end")
    ap.add_argument("--ends", type=int, default=30, help="On Mars games per player count and policy (default 30)")
    args = ap.parse_args(argv)
    n = 20 if args.quick else args.games
    timed = 5 if args.quick else 20
    ends = 8 if args.quick else args.ends
    if args.ends_only:
        on_mars_ends(ends)
        return
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
    on_mars_ends(ends)


if __name__ == "__main__":
    main()
