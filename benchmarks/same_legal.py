"""Does this tree list the same legal actions as an earlier commit? A check for speed work on a rules engine.

    python benchmarks/same_legal.py REV [game ...] [--games 10]

This tree plays `--games` random games per player count of each game (tests/walks.py, seeds 1001 on)
and keeps every decision position as JSON. Then the code at REV
(checked out in a temporary git worktree, as in before_after.py) and this tree each read every position
and list its legal actions (kind, player and parameters, in order), each in a fresh process, and the two
lists are compared. A position the code at REV refuses to read counts as a difference. Prints how many
positions were compared and the first differences; exits 1 if there is any. Not a test: `make test`
does not run it (the brute-force reference tests decide what is legal; this only says "nothing moved").
"""
from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

from before_after import ROOT, worktree

LIST = """
import json, sys
sys.path.insert(0, {root!r})
import mars_rules
out = []
for name, text in json.load(open({path!r})):
    try:
        s = mars_rules.load(name).from_json(text)
    except Exception as e:
        out.append("refused: " + type(e).__name__)
        continue
    out.append(repr([(a.kind, a.player, sorted(a.params.items())) for a in s.legal_actions()]))
print(json.dumps(out))
"""


def positions(games, per) -> list:
    """[(game, position JSON), ...]: every decision of `per` random games per player count of each game."""
    sys.path.insert(0, str(ROOT))
    import mars_rules
    from tests.walks import positions as walk
    out = []
    for name in games:
        game = mars_rules.load(name)
        for players in game.PLAYER_COUNTS:
            for seed in range(1001, 1001 + per):
                start = game.new_game(players=players, seed=seed)
                out += [(name, s.to_json()) for s in walk(start, seed, decisions=True)]
    return out


def listings(root, path) -> list:
    """The legal actions of every position of the file `path`, listed by the code at `root`."""
    done = subprocess.run([sys.executable, "-c", LIST.format(root=str(root), path=str(path))], capture_output=True,
                          text=True, check=True, cwd=root)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the earlier commit, tag or branch")
    ap.add_argument("games", nargs="*", help="games (default: all)")
    ap.add_argument("--games", dest="per", type=int, default=10, help="random games per player count")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import mars_rules
    found = positions(args.games or sorted(mars_rules.GAMES), args.per)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "positions.json"
        path.write_text(json.dumps(found))
        with worktree(args.rev) as old:
            before = listings(old, path)
        after = listings(ROOT, path)
    differ = [k for k in range(len(found)) if before[k] != after[k]]
    print(f"{len(found)} positions, {len(differ)} listed differently: {args.rev} -> this tree")
    for k in differ[:3]:
        print(f"\n{found[k][0]} position: {found[k][1][:300]}...\n  before: {before[k][:300]}\n  after:  {after[k][:300]}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
