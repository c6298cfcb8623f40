"""Where random play spends its machine instructions: per kind of decision, in real games (valgrind).

    python benchmarks/by_step.py GAME [REV] [--players 2] [--games 15] [--jobs 2]

Plays `--games` random games of GAME (seeds 1001 on, after 10 untimed warm-up games, as
bench_playouts.py plays them) and prints, for each kind of decision, how many `legal_actions()` calls
there were and the machine instructions each cost on average, and the same for `advance` (an action
applied) and `resolve_chance` (a chance node). A kind is the position's step; for Ruins, a lead or a
follow is split by the ruins already chosen ("lead+" once one is chosen, "followM" while more than one
is still missing, "follow1" for a single ruin, "followLast" for the last one). With REV, the code at that
commit (a temporary git worktree, as in before_after.py) is measured too, side by side. When the two commits
list different actions somewhere, their random games part there, and a kind's average is over other positions.

Each call measured runs inside a C library call (qsort of two items, whose comparison calls back into
Python) and callgrind counts only inside it (`--toggle-collect`), so the figure is the call's own cost in
a real game: its memo tables as warm as play leaves them (positions read back from JSON would miss every
table keyed by object identity). The cost of the wrapper alone is measured apart and taken off. One
valgrind run per kind; needs Debian's `valgrind`. A benchmark, not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from before_after import callgrind, worktree  # noqa: E402 - the benchmarks folder is not a package

CHILD = r'''
import ctypes, random, sys
sys.path.insert(0, {root!r})
import mars_rules
from mars_rules import CHANCE
GAME = {game!r}
game = mars_rules.load(GAME)
kind_wanted = {kind!r}

def kind(s):
    step = s.step
    if GAME == "ruins" and step in ("lead", "follow"):
        sel = s.selection
        if step == "lead":
            return "lead0" if not sel else "lead+"
        need = len(s.last_play)
        return "follow1" if need == 1 else "followM" if len(sel) + 1 < need else "followLast"
    return str(step)

libc = ctypes.CDLL(None)
two = (ctypes.c_int * 2)(1, 2)
box = [None, None]
def compare(a, b):
    box[1] = box[0]()
    return 0
compare = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(compare)
def inside(f):  # f() inside qsort, where callgrind counts
    box[0] = f
    libc.qsort(two, 2, 4, compare)
    return box[1]
nothing = lambda: None

def run(seeds, measure):
    n = 0
    for seed in seeds:
        s = game.new_game(players={players}, seed=seed)
        rng = random.Random(seed)
        while s.to_move is not None:
            if s.to_move == CHANCE:
                if measure and kind_wanted == "resolve_chance":
                    n += 1
                    s = inside(s.resolve_chance)
                else:
                    s = s.resolve_chance()
                continue
            if measure and kind_wanted == kind(s):
                n += 1
                legal = inside(s.legal_actions)
            else:
                if measure and kind_wanted == "(wrapper)":
                    n += 1
                    inside(nothing)
                legal = s.legal_actions()
            a = legal[int(rng.random() * len(legal))]
            if measure and kind_wanted == "advance":
                n += 1
                s = inside(lambda: s.advance(a))
            else:
                s = s.advance(a)
    return n

run(range(1, 11), False)
print(run(range(1001, 1001 + {games}), True))
'''

KINDS = r'''
import random, sys, collections
sys.path.insert(0, {root!r})
import mars_rules
from mars_rules import CHANCE
GAME = {game!r}
game = mars_rules.load(GAME)
{kind_fn}
seen = collections.Counter()
for seed in range(1001, 1001 + {games}):
    s = game.new_game(players={players}, seed=seed)
    rng = random.Random(seed)
    while s.to_move is not None:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        seen[kind(s)] += 1
        legal = s.legal_actions()
        s = s.advance(legal[int(rng.random() * len(legal))])
print(" ".join(k for k, _ in seen.most_common()))
'''


def _kind_source() -> str:
    """The `kind` function of CHILD, for KINDS (the same text: one definition of a kind)."""
    start = CHILD.index("def kind(s):")
    return CHILD[start:CHILD.index("libc =")].strip()


def count(root, game, players, games, kind) -> tuple:
    """(instructions counted, calls measured) for `kind` at the code at `root`."""
    code = CHILD.format(root=str(root), game=game, players=players, games=games, kind=kind)
    collected, out = callgrind(root, code, "--toggle-collect=*qsort*")
    return collected, int(out.split()[-1])


def kinds(root, game, players, games) -> list:
    """The kinds of decision met in those games at the code at `root`, most frequent first."""
    code = KINDS.format(root=str(root), game=game, players=players, games=games, kind_fn=_kind_source())
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    return done.stdout.split()


def table(root, game, players, games, jobs) -> dict:
    """{kind: (calls, instructions per call)} for every kind, advance and resolve_chance."""
    names = kinds(root, game, players, games) + ["advance", "resolve_chance"]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        got = list(pool.map(lambda k: count(root, game, players, games, k), ["(wrapper)"] + names))
    wrapper = got[0][0] / max(1, got[0][1])
    return {k: (n, (c - n * wrapper) / max(1, n)) for k, (c, n) in zip(names, got[1:])}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("rev", nargs="?", help="an earlier commit, measured side by side")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--jobs", type=int, default=2, help="valgrind runs at once")
    args = ap.parse_args(argv)
    if not shutil.which("valgrind"):
        sys.exit("needs valgrind (Debian: apt-get install valgrind)")
    now = table(ROOT, args.game, args.players, args.games, args.jobs)
    before = {}
    if args.rev:
        with worktree(args.rev) as old:
            before = table(old, args.game, args.players, args.games, args.jobs)
    print(f"{args.game}, {args.players} players, {args.games} random games: thousand instructions per call "
          f"(calls), and each kind's part of all")
    rows = list(now) + [k for k in before if k not in now]
    total_now = sum(n * x for n, x in now.values())
    total_before = sum(n * x for n, x in before.values())
    if before:
        print(f"{'':16}{args.rev:>30}  {'this tree':>30}")
    for k in rows:
        cells = []
        for got, total in ((before, total_before), (now, total_now)) if before else ((now, total_now),):
            n, x = got.get(k, (0, 0.0))
            cells.append(f"{x / 1000:9.1f}k ({n:6d}) {100 * n * x / total:5.1f}%")
        print(f"{k:16}" + "  ".join(f"{c:>30}" for c in cells))
    actions = now["advance"][0] + now["resolve_chance"][0]
    line = f"{'all, per action':16}"
    if before:
        b_actions = before["advance"][0] + before["resolve_chance"][0]
        line += f"{total_before / b_actions / 1000:>29.1f}k  "
    print(line + f"{total_now / actions / 1000:>29.1f}k")


if __name__ == "__main__":
    main()
