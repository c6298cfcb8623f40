"""What-if lab figures for every game: random play against python-chess, memory, and parallel simulate.

    python benchmarks/bench_lab.py [--quick]

Prints, per game and player count: microseconds per random-play action (legal actions + choice +
advance, chance resolved from the game's stream; timed after a few untimed games), games per second, `from_json` of a mid-game
position, and memory per State (a fully unshared copy, and the increment along a game where States
share unchanged parts). Then python-chess's random play per move, measured in the same run, and
`simulate` throughput on one process against a process pool on every core.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
import tracemalloc

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402
from mars_rules.core import simulate  # noqa: E402
from bench_playouts import WARMUP, play  # noqa: E402  (one timed random game, shared by the benchmarks)


def mid_game(game, players, seed=1):
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while state.to_move is not None:
        state = state.resolve_chance() if state.to_move == CHANCE else \
            state.advance(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def chess_us_per_move(games):
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(0)
    moves, t0 = 0, time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 400:
            legal = list(board.legal_moves)
            board.push(legal[int(rng.random() * len(legal))])
            moves += 1
    return (time.perf_counter() - t0) / moves * 1e6


def main():
    quick = "--quick" in sys.argv
    n_games = 20 if quick else 100
    print(f"{'game':14} {'p':>2} {'us/action':>10} {'games/s':>8} {'actions/game':>12} "
          f"{'from_json ms':>12} {'state kB':>9} {'shared kB':>9}")
    worst = 0.0
    for name in sorted(mars_rules.GAMES):
        game = mars_rules.load(name)
        for players in game.PLAYER_COUNTS:
            for seed in range(1, WARMUP + 1):  # untimed, as in bench_playouts (memo tables fill first)
                play(game, players, 10 ** 6 + seed)
            runs = []
            for rep in range(3):
                total_t, total_n = 0.0, 0
                for seed in range(n_games // 3 + 1):
                    n, dt, _ = play(game, players, 1000 * rep + seed)
                    total_t += dt
                    total_n += n
                runs.append((total_t, total_n, n_games // 3 + 1))
            us = statistics.median(t / n * 1e6 for t, n, _ in runs)
            gps = statistics.median(g / t for t, _, g in runs)
            length = statistics.median(n / g for _, n, g in runs)
            worst = max(worst, us)
            states = mid_game(game, players)
            mid = states[len(states) // 2]
            text = mid.to_json()
            reps = 200
            t0 = time.perf_counter()
            for _ in range(reps):
                game.from_json(text)
            json_ms = (time.perf_counter() - t0) / reps * 1e3
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            copy = game.from_json(text)
            unshared = (tracemalloc.get_traced_memory()[0] - base) / 1024
            tracemalloc.stop()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            again = mid_game(game, players)
            shared = (tracemalloc.get_traced_memory()[0] - base) / 1024 / max(1, len(again))
            tracemalloc.stop()
            del copy, again
            print(f"{name:14} {players:>2} {us:10.1f} {gps:8.1f} {length:12.0f} {json_ms:12.3f} "
                  f"{unshared:9.1f} {shared:9.2f}")
    chess_us = chess_us_per_move(5 if quick else 30)
    if chess_us is None:
        print("python-chess is not installed: no comparison")
    else:
        print(f"python-chess random play: {chess_us:.1f} us per move; slowest game here: {worst:.1f} us "
              f"per action ({'faster' if worst <= chess_us else 'SLOWER'} than chess)")
    name = sorted(mars_rules.GAMES)[0]
    game = mars_rules.load(name)
    start = game.new_game(players=game.PLAYER_COUNTS[-1], seed=2)
    n = 40 if quick else 200
    t0 = time.perf_counter()
    simulate(start, n, seed=5, executor=None)
    one = time.perf_counter() - t0
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(os.cpu_count()) as pool:
        t0 = time.perf_counter()
        simulate(start, n, seed=5, executor=pool)
        many = time.perf_counter() - t0
    print(f"simulate {name}, {n} games: one process {n / one:.1f} games/s, {os.cpu_count()} processes "
          f"{n / many:.1f} games/s (x{one / many:.2f})")
    # The machine's own ceiling for this workload: the same in-process run in independent processes at once.
    import subprocess
    code = ("import time,mars_rules;from mars_rules.core import simulate;"
            f"g=mars_rules.load({name!r});s=g.new_game(players={game.PLAYER_COUNTS[-1]},seed=2);"
            f"t=time.perf_counter();simulate(s,{n},seed=5,executor=None);print(time.perf_counter()-t)")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
             for _ in range(os.cpu_count() or 1)]
    alone = [float(p.communicate()[0]) for p in procs]
    print(f"ceiling: {len(procs)} independent processes each running the one-process benchmark at once: "
          f"x{len(procs) * one / max(alone):.2f} the throughput of one (the most a pool can reach here)")


if __name__ == "__main__":
    main()
