"""Soak test: many random games per game, every position checked; failures print a replayable record.

    python benchmarks/soak.py                 # 10,000 games per game (long)
    python benchmarks/soak.py --games 200 --game ruins

Checked after every action: the contract (a legal action exists, outcomes sum to 1, the step is a
TURN_STEPS key) and that the position reloads equal from its JSON (so every rule-level check in
from_json, such as tile counts and resource caps, holds for every reachable position). A failure
prints the game, player count, seed and the list of action indices, which `--replay` plays back.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from fractions import Fraction

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402


def check(state, keys):
    game = state.game
    assert state.step in keys, f"step {state.step!r} not in TURN_STEPS"
    if state.to_move is None:
        assert state.winners(), "a finished game without winners"
        return
    legal = state.legal_actions()
    assert legal, "no legal action"
    if state.to_move == CHANCE:
        assert sum(p for _, p in state.chance_outcomes()) == Fraction(1)
    again = game.from_json(state.to_json())
    assert again == state, "the position did not reload equal"


def play(game, players, seed, choices=None, every=1):
    """Play one random game; returns (ok, record)."""
    keys = {s.key for s in game.TURN_STEPS}
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    trail = []
    i = 0
    try:
        while not state.is_over:
            if i % every == 0:
                check(state, keys)
            legal = state.legal_actions()
            k = choices[len(trail)] if choices is not None else None
            if state.to_move == CHANCE and k in (None, "chance"):
                nxt = state.resolve_chance()       # the game's own seeded stream: replays exactly
                trail.append("chance")
            else:
                if k is None:
                    k = rng.randrange(len(legal))
                nxt = state.apply(legal[k])
                trail.append(k)
            state = nxt
            i += 1
        check(state, keys)
        return True, None
    except Exception:
        return False, {"game": game.__name__.rsplit(".", 1)[-1], "players": players, "seed": seed,
                       "actions": trail, "error": traceback.format_exc(limit=3)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per game and player count")
    ap.add_argument("--game", choices=sorted(mars_rules.GAMES), help="only this game")
    ap.add_argument("--every", type=int, default=1, help="check every k-th position (1 = all)")
    ap.add_argument("--replay", help="a failure record (JSON) printed by an earlier run")
    args = ap.parse_args(argv)
    if args.replay:
        rec = json.loads(args.replay)
        ok, again = play(mars_rules.load(rec["game"]), rec["players"], rec["seed"], choices=rec["actions"])
        print("replayed: no failure" if ok else again["error"])
        return 0 if ok else 1
    failures = 0
    for name in sorted(mars_rules.GAMES):
        if args.game and name != args.game:
            continue
        game = mars_rules.load(name)
        for players in game.PLAYER_COUNTS:
            t0 = time.perf_counter()
            for seed in range(args.games):
                ok, record = play(game, players, seed, every=args.every)
                if not ok:
                    failures += 1
                    print(json.dumps(record), flush=True)
            dt = time.perf_counter() - t0
            print(f"{name:14} {players}p  {args.games} games  {dt:7.1f} s", flush=True)
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
