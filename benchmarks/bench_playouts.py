"""Random-play speed of every game in mars_rules.GAMES, for each of its player counts.

Prints, per game and player count: microseconds per random-play action (legal actions + a uniform
choice + advance; a chance node's resolve_chance counts as one action), the same with the checked
`apply` instead of `advance` (and its extra cost in per cent; the target is at most 10%), games per
second, actions per game, and the time of `from_json` on a mid-game position. Each figure is the median of several runs,
timed after a few untimed games (Ruins keeps memo tables of its legality search that fill during the
first games of a process, as in any long simulation); the last column is the cost of those first games.
Times are this process's CPU time (time.process_time), so other work on a shared machine does not
inflate them; on an idle machine they match the wall-clock time.
Targets: about 10 us per action, `from_json` well under 1 ms. A benchmark, not a test: nothing is asserted.

    python benchmarks/bench_playouts.py [runs] [games_per_run]   (default: 5 runs of 6 games)
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import mars_rules
from mars_rules import CHANCE

MAX_ACTIONS = 200_000


def play(game, players, seed, keep_middle=False, checked=False):
    """(actions, seconds, a mid-game state or None) for one random game (new_game is not timed); with
    `checked`, each decision goes through the checked `apply` instead of `advance`."""
    s = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    history = [] if keep_middle else None
    n = 0
    clock = time.process_time
    t0 = clock()
    while s.to_move is not None and n < MAX_ACTIONS:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            s = s.apply(action) if checked else s.advance(action)
        n += 1
        if keep_middle and n % 50 == 0:
            history.append(s)
    dt = clock() - t0
    middle = history[len(history) // 2] if history else None
    return n, dt, middle


WARMUP = 10  # untimed games per row before the timed runs


def bench(game, players, runs, games_per_run):
    """Per game and player count: (us per action, games per second, actions per game, from_json us, JSON
    characters, us per action of the first games in a fresh process). The timed runs come after WARMUP
    untimed games (other seeds): some games keep memo tables that fill during the first games of a
    process, as in any long simulation; the first games are reported apart."""
    per_action, per_second, lengths, per_checked = [], [], [], []
    middle = None
    first_n = first_t = 0
    for seed in range(1, WARMUP + 1):
        n, dt, _ = play(game, players, seed)
        if seed <= games_per_run:
            first_n += n
            first_t += dt
    seed = 1000
    for _ in range(runs):
        total_n, total_t = 0, 0.0
        for _ in range(games_per_run):
            seed += 1
            n, dt, mid = play(game, players, seed, keep_middle=middle is None)
            middle = middle or mid
            total_n += n
            total_t += dt
            lengths.append(n)
        per_action.append(total_t / total_n * 1e6)
        per_second.append(games_per_run / total_t)
        check_n, check_t = 0, 0.0
        for k in range(games_per_run):  # the same games through the checked apply
            n, dt, _ = play(game, players, seed - games_per_run + 1 + k, checked=True)
            check_n += n
            check_t += dt
        per_checked.append(check_t / check_n * 1e6)
    load = []
    if middle is not None:
        text = middle.to_json()
        reps = 200
        for _ in range(runs):
            t0 = time.process_time()
            for _ in range(reps):
                game.from_json(text)
            load.append((time.process_time() - t0) / reps * 1e6)
    return (statistics.median(per_action), statistics.median(per_second), statistics.median(lengths),
            statistics.median(load) if load else float("nan"), len(text) if middle is not None else 0,
            first_t / first_n * 1e6, statistics.median(per_checked))


def main(argv):
    runs = int(argv[1]) if len(argv) > 1 else 5
    games_per_run = int(argv[2]) if len(argv) > 2 else 6
    print(f"Random play, median of {runs} runs of {games_per_run} games after {WARMUP} untimed games (CPU time;"
          f" new_game not timed); 'first' is us/action over the first {games_per_run} games of the process")
    print(f"{'game':<16}{'players':>8}{'us/action':>11}{'checked':>9}{'+%':>6}{'games/s':>10}{'actions/game':>14}"
          f"{'from_json us':>14}{'json chars':>12}{'first':>8}")
    for name, game in mars_rules.GAMES.items():
        for players in getattr(game, "PLAYER_COUNTS", ()):
            try:
                us, gps, length, load, chars, first, checked = bench(game, players, runs, games_per_run)
            except Exception as e:  # another game may be unfinished: report it, go on
                print(f"{name:<16}{players:>8}  error: {type(e).__name__}: {e}"[:160])
                continue
            print(f"{name:<16}{players:>8}{us:>11.1f}{checked:>9.1f}{(checked / us - 1) * 100:>6.0f}{gps:>10.1f}"
                  f"{length:>14.0f}{load:>14.0f}{chars:>12}{first:>8.1f}")


if __name__ == "__main__":
    main(sys.argv)
