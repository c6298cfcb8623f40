"""Where random play spends its time: cProfile of random playouts of one game.

Plays `games` random games (legal actions + a uniform choice + advance; chance from resolve_chance,
as in bench_playouts.py), prints the CPU time per action measured without the profiler (new_game not
timed), then profiles the same games and prints the functions with the most time of their own (tottime,
or cumulative time with `--sort cumulative`). A tool for finding hot spots, not a test.

    python benchmarks/profile_game.py GAME [players] [games] [top] [--sort cumulative]

e.g. `python benchmarks/profile_game.py on_mars 4 20 25`.
"""
from __future__ import annotations

import cProfile
import io
import pstats
import sys

import mars_rules
from bench_playouts import play  # one timed random game, shared by the benchmarks


def random_games(game, players, games, seed=1000):
    """Play `games` random games; returns (actions taken, chance draws included; CPU seconds of play)."""
    n = seconds = 0
    for g in range(games):
        actions, dt, _ = play(game, players, seed + g)
        n += actions
        seconds += dt
    return n, seconds


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    sort = "cumulative" if "--sort" in argv and argv[argv.index("--sort") + 1] == "cumulative" else "tottime"
    if sort == "cumulative":
        args = [a for a in args if a != "cumulative"]
    if not args:
        print(__doc__)
        print("games:", ", ".join(mars_rules.GAMES))
        return 2
    game = mars_rules.load(args[0])
    players = int(args[1]) if len(args) > 1 else game.PLAYER_COUNTS[0]
    games = int(args[2]) if len(args) > 2 else 10
    top = int(args[3]) if len(args) > 3 else 25

    n, dt = random_games(game, players, games)
    print(f"{args[0]}, {players} players, {games} games, {n} actions: {dt / n * 1e6:.1f} us per action "
          f"(CPU time, no profiler)")

    prof = cProfile.Profile()
    prof.enable()
    random_games(game, players, games)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).strip_dirs().sort_stats(sort).print_stats(top)
    print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
