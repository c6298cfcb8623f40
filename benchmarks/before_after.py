"""Random-play speed of this tree against an earlier commit, run side by side on the same machine.

    python benchmarks/before_after.py REV [game ...] [--rounds 5] [--games 6]

REV (a commit, tag or branch) is checked out in a temporary git worktree (removed afterwards). Each
round runs `bench_playouts.bench` once for the earlier code and once for this tree, in fresh processes,
alternating which goes first, so that load on a shared machine falls on both alike; the medians of the
rounds are printed per game and player count, with the change in per cent (microseconds per random-play
action: legal actions + a uniform choice + advance). A benchmark, not a test: nothing is asserted.
"""
from __future__ import annotations

import argparse
import json
import pathlib
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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit")
    ap.add_argument("games", nargs="*", help="games (default: all four)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games-per-run", type=int, default=6)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import mars_rules
    games = args.games or sorted(mars_rules.GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        old = pathlib.Path(tmp) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(old), args.rev], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            before, after = [], []
            for k in range(args.rounds):
                pair = [(before, old), (after, ROOT)]
                for runs, root in (pair if k % 2 == 0 else pair[::-1]):
                    runs.append(one_run(root, games, args.games_per_run))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False,
                           capture_output=True)
    print(f"us per random-play action, median of {args.rounds} alternating rounds: {args.rev} -> this tree")
    for row in before[0]:
        b = statistics.median(r[row] for r in before)
        a = statistics.median(r[row] for r in after)
        print(f"{row:18} {b:8.2f} -> {a:8.2f}  {100 * (a - b) / b:+6.1f}%")


if __name__ == "__main__":
    main()
