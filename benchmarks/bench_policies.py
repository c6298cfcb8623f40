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

With `--search`, the analysis board's search as a player (`SearchPolicy`, budget `--budget` iterations per
decision, rollouts cut at `--horizon` decisions and judged by the game's evaluation) against greedy: per game,
`--search-games` games in each seat order (a process pool of 2), its win share with a Wilson 95% interval, how
the games ended (by the rules, by a game's round-limit safeguard, or at this benchmark's own cap of
`CAP` decisions, judged by the score), and seconds per search decision; then its Ruins of Mars solo score
against the AI beside greedy's. `--search-only` prints only that.
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402
from mars_rules.core import greedy_policy, random_policy, simulate, wilson  # noqa: E402
from mars_rules.core import SearchPolicy, game_seed, playout  # noqa: E402
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


def timed_game(state, seat, policy, others, rng, cap=None):
    """Play `state` on, seat `seat` by `policy` (timed) and every other seat by `others`, to the end or for
    `cap` decisions: (the last state, seconds spent in `policy`, its calls)."""
    decisions, spent, calls = 0, 0.0, 0
    while state.to_move is not None and (cap is None or decisions < cap):
        if state.to_move == CHANCE:
            state = state.resolve_chance()
            continue
        decisions += 1
        if state.to_move == seat:
            t0 = time.perf_counter()
            action = policy(state, rng)
            spent += time.perf_counter() - t0
            calls += 1
        else:
            action = others(state, rng)
        state = state.advance(action)
    return state, spent, calls


def us_per_decision(game, policy, games, seed=SEED):
    """Mean microseconds of one call of `policy` (seat 0) in games against random (seat 1)."""
    spent, calls = 0.0, 0
    for g in range(games):
        _end, s, c = timed_game(game.new_game(players=2, seed=seed + g), 0, policy, random_policy, random.Random(g))
        spent += s
        calls += c
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


SEARCH_BUDGET = 30
SEARCH_HORIZON = {"ruins": None, "mars_colony": None, "on_mars": 20, "ruins_of_mars": 20}
"""The search player's rollouts: to the end of the game where it is cheap, else cut after 20 decisions."""
CAP = 3000
"""Decisions after which a strength game is stopped and judged by the score (greedy play can loop)."""


def ending(state, cut: bool) -> str:
    """How a game ended: "rules", "safeguard" (a round-limit option, not a rule) or "cap" (this benchmark)."""
    if cut:
        return "cap"
    reason = getattr(importlib.import_module(state.game.__name__ + ".coverage"), "end_reason", None)
    return "safeguard" if reason is not None and reason(state) == "round_limit" else "rules"


def strength_game(name, players, search_seat, index, budget, horizon):
    """One game of the search (seat `search_seat`) against greedy (the other seats; in the solo game the AI
    plays its own seat): (search's win share, ending, search's total, seconds per search decision)."""
    game = mars_rules.load(name)
    state = game.new_game(players=players, seed=game_seed(SEED, index))
    search = SearchPolicy(budget=budget, horizon=horizon)
    rng = random.Random(game_seed(SEED + 1, index))
    state, spent, calls = timed_game(state, search_seat, search, greedy_policy, rng, CAP)
    cut = state.to_move is not None
    totals = state.score().totals
    if cut:
        top = max(totals)
        winners = [p for p, v in enumerate(totals) if v == top]
    else:
        winners = state.winners()
    share = 1 / len(winners) if search_seat in winners else 0.0
    return share, ending(state, cut), totals[search_seat], spent / max(1, calls)


def greedy_solo_score(index):
    """(greedy's total, whether it beat the AI) in one Ruins of Mars solo game (strength_game's deal)."""
    game = mars_rules.load("ruins_of_mars")
    state = game.new_game(players=1, seed=game_seed(SEED, index))
    end = playout(state, greedy_policy, seed=game_seed(SEED + 1, index), max_actions=CAP * 4)
    return end.score().totals[0], 0 in end.winners()


def search_strength(games, budget, horizon=None, names=None):
    print(f"\nThe search (SearchPolicy, budget {budget} iterations per decision; rollouts "
          f"{'cut after %d decisions' % horizon if horizon else 'as SEARCH_HORIZON says per game'}) "
          f"against greedy, 2 players, {games} games in each seat order")
    from concurrent.futures import ProcessPoolExecutor
    names = names or ("ruins", "mars_colony", "on_mars", "ruins_of_mars")
    with ProcessPoolExecutor(max_workers=2) as pool:
        for name in names:
            cut = horizon or SEARCH_HORIZON[name]
            t0 = time.perf_counter()
            futures = [pool.submit(strength_game, name, 2, seat, i, budget, cut)
                       for seat in (0, 1) for i in range(games)]
            rows = [f.result() for f in futures]
            share = sum(r[0] for r in rows) / len(rows)
            lo, hi = wilson(share * len(rows), len(rows))
            ends = [r[1] for r in rows]
            how = ", ".join(f"{k} {ends.count(k) / len(ends):.0%}" for k in ("rules", "safeguard", "cap") if k in ends)
            per = statistics.mean(r[3] for r in rows)
            print(f"  {mars_rules.load(name).TITLE:14} search wins {share:6.1%}  95% CI {lo:5.1%}-{hi:5.1%}  "
                  f"({len(rows)} games; horizon {cut or 'none'}; ended: {how}; {per:.2f} s per search decision; "
                  f"{time.perf_counter() - t0:.0f} s)", flush=True)
        if "ruins_of_mars" in names:
            solo_scores(pool, max(10, games // 2), budget, horizon)


def solo_scores(pool, solo, budget, horizon=None):
    """The search's and greedy's Ruins of Mars solo scores against the AI, on the same deals."""
    cut = horizon or SEARCH_HORIZON["ruins_of_mars"]
    futures = [pool.submit(strength_game, "ruins_of_mars", 1, 0, i, budget, cut) for i in range(solo)]
    searched = [f.result() for f in futures]
    greedy = list(pool.map(greedy_solo_score, range(solo)))
    search_scores, greedy_scores = [r[2] for r in searched], [r[0] for r in greedy]
    print(f"  Ruins of Mars solo, {solo} deals against the AI: mean PP search {statistics.mean(search_scores):.1f}, "
          f"greedy {statistics.mean(greedy_scores):.1f} (median {statistics.median(search_scores)} and "
          f"{statistics.median(greedy_scores)}); beat the AI: search {sum(r[0] > 0 for r in searched)}, "
          f"greedy {sum(r[1] for r in greedy)} of {solo}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per seat order (default 100)")
    ap.add_argument("--quick", action="store_true", help="20 games per seat order, 5 timed games, 8 On Mars ends")
    ap.add_argument("--ends-only", action="store_true", help="only how On Mars games end")
    ap.add_argument("--ends", type=int, default=30, help="On Mars games per player count and policy (default 30)")
    ap.add_argument("--search", action="store_true", help="also the search against greedy (slow: minutes)")
    ap.add_argument("--search-only", action="store_true", help="only the search against greedy")
    ap.add_argument("--solo-only", action="store_true",
                    help="only the search's and greedy's Ruins of Mars solo scores (--search-games deals)")
    ap.add_argument("--search-games", type=int, default=20, help="search games per seat order (default 20)")
    ap.add_argument("--budget", type=int, default=SEARCH_BUDGET, help="search iterations per decision")
    ap.add_argument("--horizon", type=int, default=None,
                    help="search rollout horizon in decisions (default: per game, SEARCH_HORIZON)")
    ap.add_argument("--search-games-list", nargs="*", default=None, help="games for the search (default all)")
    args = ap.parse_args(argv)
    if args.search_only:
        search_strength(args.search_games, args.budget, args.horizon, args.search_games_list)
        return
    if args.solo_only:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=2) as pool:
            solo_scores(pool, args.search_games, args.budget, args.horizon)
        return
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
    if args.search:
        search_strength(args.search_games, args.budget, args.horizon)


if __name__ == "__main__":
    main()
