"""How long from an action to the updated board PNG, for every game that has a board.

For each game: a seeded random game is played through an Explorer (teacher's view). Two medians
are printed per game and scale: "board" is board.update(state) + the PNG rendering alone; "explorer" is
the whole click (apply, redraw of the board, steps, actions, history, events and score sheet). The
scale is the PNG's pixels per CSS pixel (1 = the board's intended size, 2 = HiDPI); the Explorer
renders at the board's CLICK_SCALE (marked *), the highest scale whose click stays under the target
of 80 ms. Numbers are printed, never asserted.

    .venv/bin/python benchmarks/bench_redraw.py [actions per game, default 60] [scales, default 1,1.5,2] [game ...]
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time

os.environ.setdefault("MPLBACKEND", "Agg")

import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402
from widgets.boardkit import PNG_DPI  # noqa: E402
from widgets.common import board_module, click_scale, is_playable, render_png  # noqa: E402
from widgets.explorer import Explorer  # noqa: E402

TARGET_MS = 80


def bench(game, n_actions: int, seed: int = 1, scale: float = 1):
    players = 2 if 2 in game.PLAYER_COUNTS else max(game.PLAYER_COUNTS)
    state = game.new_game(players=players, seed=seed)
    ex = Explorer(state)
    ex.board.CLICK_SCALE = scale   # this board object only
    rng = random.Random(seed)
    board_ms, click_ms, pngs = [], [], set()
    games = 0
    while len(click_ms) < n_actions:
        s = ex.state
        if s.to_move is None:  # start another game
            games += 1
            ex = Explorer(game.new_game(players=players, seed=seed + games))
            ex.board.CLICK_SCALE = scale
            continue
        t0 = time.perf_counter()
        if s.to_move == CHANCE:
            ex.draw_random()
        else:
            legal = s.legal_actions()
            ex.apply(legal[int(rng.random() * len(legal))])
        t1 = time.perf_counter()
        if ex.error_text:
            raise RuntimeError(ex.error_text)
        click_ms.append((t1 - t0) * 1000)
        pngs.add(ex.png)
        t2 = time.perf_counter()
        ex.board.update(ex.state)
        render_png(ex.board.fig, PNG_DPI * scale)
        board_ms.append((time.perf_counter() - t2) * 1000)
    return board_ms, click_ms, len(pngs), ex.png


def main(argv):
    n = int(argv[1]) if len(argv) > 1 else 60
    scales = [float(x) for x in argv[2].split(",")] if len(argv) > 2 else [1, 1.5, 2]
    only = set(argv[3:])
    print(f"Action -> updated board PNG, median over {n} actions of seeded random play (target < {TARGET_MS} ms)")
    print(f"{'game':<16}{'scale':>6}{'board ms':>10}{'p90':>8}{'explorer ms':>13}{'p90':>8}{'PNG kB':>8}  verdict")
    measured = 0
    for name, game in mars_rules.GAMES.items():
        if only and name not in only:
            continue
        if not is_playable(game) or board_module(game) is None:
            print(f"{name:<16}  (no board module widgets/{name}.py yet: skipped)")
            continue
        chosen = click_scale(board_module(game).Board)
        for scale in scales:
            board_ms, click_ms, distinct, png = bench(game, n, scale=scale)
            p90 = lambda xs: statistics.quantiles(xs, n=10)[-1]  # noqa: E731
            med_b, med_c = statistics.median(board_ms), statistics.median(click_ms)
            verdict = "ok" if med_c < TARGET_MS else "SLOW"
            mark = "*" if scale == chosen else " "
            print(f"{name:<16}{scale:>5g}{mark}{med_b:>10.1f}{p90(board_ms):>8.1f}{med_c:>13.1f}{p90(click_ms):>8.1f}"
                  f"{len(png) / 1024:>8.0f}  {verdict} ({distinct} distinct images)")
        measured += 1
    if not measured:
        print("no game has a board yet")


if __name__ == "__main__":
    main(sys.argv)
