"""Soak test: many random games per game, positions checked; failures are written as replayable records.

    python benchmarks/soak.py                            # 10,000 games per game (about half an hour on 2 cores)
    python benchmarks/soak.py --games 200 --game ruins   # a quick look at one game
    python benchmarks/soak.py --replay soak_failures.jsonl

The games of each game are shared evenly among its player counts (seeds 0, 1, ...) and run on every
core. Checked after every action: the contract (a legal action exists and the one taken is accepted by
the checked `apply`, a chance node's outcomes have positive weights, the step is a TURN_STEPS key, a
finished game has winners). Every `--every`-th position, and each kind of step the first time a game
reaches it, must also reload equal from its JSON (so every rule-level check of from_json, such as tile
counts and resource caps, holds there) and its chance outcomes must sum to 1 exactly.
Then `--mutants` mutated positions per game (the seeded fuzz of tests/test_fuzz_positions.py, longer:
a value nudged, swapped, nulled or deleted; from every mutant `from_json` accepts, `--mutant-play`
random actions, each position reloading from its JSON) run on every core as well.
Last, `--legality` positions per game (default 2000) from the sample of tests/<game>/reference_legal.py are
compared with that brute-force reference of the rulebook (legal actions, or Ruins' complete plays, and
every refusal's reason), as tests/<game>/test_reference_legal.py does with a few in `make test`.
A failure is one JSON line in `--out` (game, player count, seed, the action indices taken and the
error), which `--replay` plays back; stdout gets one line per failure and a summary per player count.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

sys.path.insert(0, __file__.rsplit("/", 2)[0])
import mars_rules  # noqa: E402
from mars_rules import CHANCE  # noqa: E402


def check(state, keys, deep):
    assert state.step in keys, f"step {state.step!r} not in TURN_STEPS"
    if state.to_move is None:
        assert state.winners(), "a finished game without winners"
    elif state.to_move == CHANCE:
        weights = [w for _, w in state._outcomes()]
        assert weights and all(isinstance(w, int) and w > 0 for w in weights), "bad chance weights"
        if deep:
            assert sum(p for _, p in state.chance_outcomes()) == Fraction(1)
    else:
        assert state.legal_actions(), "no legal action"
    if deep:
        again = state.game.from_json(state.to_json())
        assert again == state, "the position did not reload equal"


def play(game, players, seed, choices=None, every=10):
    """Play one random game (or replay `choices`); returns (actions taken, failure record or None)."""
    keys = {s.key for s in game.TURN_STEPS}
    state = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    trail = []
    seen = set()
    try:
        while not state.is_over:
            deep = len(trail) % every == 0 or state.step not in seen
            seen.add(state.step)
            check(state, keys, deep)
            k = choices[len(trail)] if choices is not None else None
            if state.to_move == CHANCE and k in (None, "chance"):
                state = state.resolve_chance()  # the game's own seeded stream: replays exactly
                trail.append("chance")
            else:
                legal = state.legal_actions()
                if k is None:
                    k = rng.randrange(len(legal))
                state = state.apply(legal[k])  # checked: the action must be accepted
                trail.append(k)
        check(state, keys, True)
        return len(trail), None
    except Exception:
        return len(trail), {"game": game.__name__.rsplit(".", 1)[-1], "players": players, "seed": seed,
                            "actions": trail, "error": traceback.format_exc(limit=4)}


def run_chunk(name, players, seeds, every):
    game = mars_rules.load(name)
    actions, failures = 0, []
    for seed in seeds:
        n, record = play(game, players, seed, every=every)
        actions += n
        if record:
            failures.append(record)
    return actions, failures


def fuzz_chunk(name, ks, play_actions):
    """Mutants number `ks` of game `name` (as the fuzz test makes them); returns (accepted, failure lines)."""
    from tests.test_fuzz_positions import POSITIONS, _nudged, continue_randomly
    game = mars_rules.load(name)
    accepted, failed = 0, []
    for k in ks:
        rng = random.Random(f"soak-fuzz-{name}-{k}")
        base = POSITIONS[name][k % len(POSITIONS[name])]
        data, what = _nudged(rng, base)
        try:
            state = game.from_json(json.dumps(data))
        except mars_rules.PositionError:
            continue
        accepted += 1
        try:
            continue_randomly(game, state, random.Random(k), play_actions)
        except Exception as e:  # noqa: BLE001 - a mutant that loads must play on
            failed.append(f"FAILED fuzz {name} mutant {k} ({what}): {type(e).__name__}: {str(e)[:300]}")
    return accepted, failed


def replay(path_or_json) -> int:
    text = open(path_or_json).read() if os.path.exists(path_or_json) else path_or_json
    bad = 0
    for line in text.splitlines():
        if line.strip():
            rec = json.loads(line)
            _, again = play(mars_rules.load(rec["game"]), rec["players"], rec["seed"], choices=rec["actions"])
            print(f"{rec['game']} {rec['players']}p seed {rec['seed']}: "
                  + ("no failure now" if again is None else again["error"]))
            bad += again is not None
    return 1 if bad else 0


def pooled(pool, fn, calls, summary) -> int:
    """Run `fn(*call)` for every call on the pool; each returns (count, failure lines). Prints the lines,
    then `summary` (with the total count) and the failures; returns how many failed."""
    t0 = time.perf_counter()
    total = bad = 0
    for got, lines in pool.map(fn, *zip(*calls)):
        total += got
        bad += len(lines)
        for line in lines:
            print(line)
    print(summary.format(f"{total:6}") + f"  {bad} failures  {time.perf_counter() - t0:7.1f} s", flush=True)
    return bad


def legality_chunk(name, count, seed):
    """(positions compared, differences) for `count` positions of tests/<name>/reference_legal.py's sample
    from `seed`: its brute-force reference against the engine's legal actions (issue 17)."""
    import importlib
    reference = importlib.import_module(f"tests.{name}.reference_legal")
    checked = 0
    lines = []
    for state in reference.sample_positions(count, seed=seed):
        checked += 1
        lines += [f"LEGALITY {name} (sample seed {seed}): {diff}" for diff in reference.compare(state)]
    return checked, lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per game, shared among its player counts")
    ap.add_argument("--game", choices=sorted(mars_rules.GAMES), help="only this game")
    ap.add_argument("--every", type=int, default=10, help="JSON round trip every k-th position (1 = all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    ap.add_argument("--out", default="soak_failures.jsonl", help="where failure records go")
    ap.add_argument("--replay", help="a failure record (JSON) or a file of them, played back")
    ap.add_argument("--mutants", type=int, default=2000, help="fuzzed positions per game (0: none)")
    ap.add_argument("--mutant-play", type=int, default=300, help="random actions from each accepted mutant")
    ap.add_argument("--legality", type=int, default=2000,
                    help="positions per game compared with the brute-force reference of tests/<game>/reference_legal.py")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    failures = 0
    start = time.perf_counter()
    out = None  # the failures file, made at the first failure
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in sorted(mars_rules.GAMES):
            if args.game and name != args.game:
                continue
            counts = mars_rules.load(name).PLAYER_COUNTS
            for i, players in enumerate(counts):
                n = args.games // len(counts) + (i < args.games % len(counts))
                t0 = time.perf_counter()
                chunks = [range(k, n, 4 * args.jobs) for k in range(min(n, 4 * args.jobs))]
                actions = bad = 0
                for got, records in pool.map(run_chunk, [name] * len(chunks), [players] * len(chunks), chunks,
                                             [args.every] * len(chunks)):
                    actions += got
                    for rec in records:
                        bad += 1
                        out = out or open(args.out, "w")
                        out.write(json.dumps(rec) + "\n")
                        print(f"FAILED {name} {players}p seed {rec['seed']}: {rec['error'].strip().splitlines()[-1]}")
                if out:
                    out.flush()
                failures += bad
                print(f"{name:14} {players}p  {n:6} games  {actions:9} actions  {bad} failures  "
                      f"{time.perf_counter() - t0:7.1f} s", flush=True)
        for name in sorted(mars_rules.GAMES):
            if args.game and name != args.game:
                continue
            if args.mutants > 0:
                chunks = [range(k, args.mutants, 4 * args.jobs) for k in range(min(args.mutants, 4 * args.jobs))]
                failures += pooled(pool, fuzz_chunk, [(name, c, args.mutant_play) for c in chunks],
                                   f"{name:14} fuzz {args.mutants:6} mutants  {{}} loaded and played on")
            if args.legality > 0:
                per = -(-args.legality // (4 * args.jobs))
                seeds = range(1000, 1000 + -(-args.legality // per))
                failures += pooled(pool, legality_chunk, [(name, per, seed) for seed in seeds],
                                   f"{name:14} legality {{}} positions compared with the reference")
    if out:
        out.close()
    where = f"; records in {args.out}" if failures else ""
    print(f"{failures} failures in {time.perf_counter() - start:.0f} s{where}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
