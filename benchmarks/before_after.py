"""Random-play speed of this tree against an earlier commit, run side by side on the same machine.

    python benchmarks/before_after.py REV [game ...] [--rounds 5] [--games-per-run 6]
    python benchmarks/before_after.py REV [game ...] --instructions [--games-per-run 12] [--warmup 4] [--jobs 2]

REV (a commit, tag or branch) is checked out in a temporary git worktree (removed afterwards). Each
round runs `bench_playouts.bench` once for the earlier code and once for this tree, in fresh processes,
alternating which goes first, so that load on a shared machine falls on both alike; the medians of the
rounds are printed per game and player count, with the change in per cent (microseconds per random-play
action: legal actions + a uniform choice + advance). A benchmark, not a test: nothing is asserted.

On a shared or virtual machine the clock can swing by a fifth from one minute to the next. With
`--instructions` each side instead plays the same random games under valgrind (callgrind; Debian's
`valgrind` package), after `--warmup` games, and the machine instructions per action are printed (the games
minus a run of the warm-up alone): the same figure on every run, what a change costs or saves. A few games
are a small sample of the positions a game meets (Ruins 4 players: +10.6% over 4 games, +20.7% over 40 games
for the same two commits), hence 12 by default; about 8 minutes for Ruins' four player counts.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
RUN = """
import json, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {root!r} + "/benchmarks")
import mars_rules
from bench_playouts import bench
out = {{}}
for name in {games!r}:
    game = mars_rules.load(name)
    for players in game.PLAYER_COUNTS:
        out[f"{{name}} {{players}}p"] = bench(game, players, 1, {per!r})[0]
print(json.dumps(out))
"""


def one_run(root, games, per) -> dict:
    """{"game Np": us per action} measured in a fresh process on the code at `root`."""
    code = RUN.format(root=str(root), games=games, per=per)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    return json.loads(done.stdout.strip().splitlines()[-1])


COUNT = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(1, {bench!r})
import mars_rules
from bench_playouts import play  # this tree's random game, on the code at root
game = mars_rules.load({game!r})
for seed in range(1, {warmup} + 1):
    play(game, {players}, seed)
print(sum(play(game, {players}, seed)[0] for seed in range(1001, 1001 + {measured})))
"""


def callgrind(root, code, *flags) -> tuple:
    """(machine instructions counted, standard output) of `python -c code` run at `root` under valgrind's
    callgrind with `flags`; PYTHONHASHSEED=0, so that set orders too are the same at each run."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *flags, sys.executable,
                           "-c", code], capture_output=True, text=True, check=True, cwd=root,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), done.stdout


def instructions(root, game, players, games, warmup=4) -> float:
    """Machine instructions per random-play action of `games` games of `game` at the code at `root`, after
    `warmup` games (memo tables fill as in a long simulation), by callgrind: the run of the warm-up and the
    games less the run of the warm-up alone."""
    counts = []
    actions = 0
    for measured in (games, 0):
        code = COUNT.format(root=str(root), bench=str(ROOT / "benchmarks"), game=game, players=players,
                            warmup=warmup, measured=measured)
        collected, out = callgrind(root, code)
        counts.append(collected)
        actions = actions or int(out.split()[-1])
    return (counts[0] - counts[1]) / actions


def count_rows(old, games, per, jobs, warmup=4) -> dict:
    """{row: (instructions per action before, after)} for every game and player count."""
    import mars_rules
    rows = [(g, n) for g in games for n in mars_rules.load(g).PLAYER_COUNTS]
    work = [(root, g, n) for g, n in rows for root in (old, ROOT)]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        got = list(pool.map(lambda w: instructions(w[0], w[1], w[2], per, warmup), work))
    return {f"{g} {n}p": (got[2 * i], got[2 * i + 1]) for i, (g, n) in enumerate(rows)}


@contextlib.contextmanager
def worktree(rev):
    """The code at commit `rev`, checked out in a temporary git worktree (removed afterwards): its path."""
    with tempfile.TemporaryDirectory() as tmp:
        old = pathlib.Path(tmp) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(old), rev], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            yield old
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False,
                           capture_output=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit")
    ap.add_argument("games", nargs="*", help="games (default: all four)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games-per-run", type=int, default=None, help="default 6; with --instructions 12")
    ap.add_argument("--warmup", type=int, default=4, help="with --instructions: untimed games first")
    ap.add_argument("--instructions", action="store_true", help="count instructions with valgrind, not time")
    ap.add_argument("--jobs", type=int, default=2, help="with --instructions: valgrind runs at once")
    args = ap.parse_args(argv)
    if args.instructions and not shutil.which("valgrind"):
        sys.exit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    per = args.games_per_run or (12 if args.instructions else 6)
    sys.path.insert(0, str(ROOT))
    import mars_rules
    games = args.games or sorted(mars_rules.GAMES)
    with worktree(args.rev) as old:
        if args.instructions:
            counted = count_rows(old, games, per, args.jobs, args.warmup)
        else:
            before, after = [], []
            for k in range(args.rounds):
                pair = [(before, old), (after, ROOT)]
                for runs, root in (pair if k % 2 == 0 else pair[::-1]):
                    runs.append(one_run(root, games, per))
    if args.instructions:
        print(f"thousand instructions per random-play action, {per} games after {args.warmup} warm-up games: "
              f"{args.rev} -> this tree")
        for row, (b, a) in counted.items():
            print(f"{row:18} {b / 1000:8.1f} -> {a / 1000:8.1f}  {100 * (a - b) / b:+6.1f}%")
        return
    print(f"us per random-play action, median of {args.rounds} alternating rounds: {args.rev} -> this tree")
    for row in before[0]:
        b = statistics.median(r[row] for r in before)
        a = statistics.median(r[row] for r in after)
        print(f"{row:18} {b:8.2f} -> {a:8.2f}  {100 * (a - b) / b:+6.1f}%")


if __name__ == "__main__":
    main()
