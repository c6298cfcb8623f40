"""Perft counts: how many distinct action sequences lead from stored positions to depth 1..d.

Chess engines prove their move generators by counting the positions a fixed depth away from known
positions (perft); tests/test_perft.py does the same for every game here. A change of any count fails the
test until it is explained (a rule fix) and the table is written again by this script:

    .venv/bin/python tools/make_perft.py [--new-positions] [game ...]

tests/perft/<game>.json holds the positions: a list of {"name", "step", "why", "position"} (the position is
`state.to_json()` text). They are written the first time (or with --new-positions): positions from random
and greedy play with fixed seeds, every player count, one for each kind of step (a step as a decision and,
where it has them, as a chance node), mid-game, plus hand-built positions (the issue's examples).
Otherwise they are kept and only the counts are computed again. tests/perft/counts.json holds the table:
{game: {position name: [count at depth 1, ..., count at depth d]}}, d chosen from the counts alone
(`choose_depth`: thousands at the deepest), so a regenerated table differs only where a count changed.
The time of every count is printed, and the counts that changed.

Not covered, because no position is ever at them as a decision or a chance node (NOT_COVERED): the
steps the engine passes through in one transition, and the end of the game.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mars_rules  # noqa: E402
from mars_rules import CHANCE, playout  # noqa: E402

HERE = ROOT / "tests" / "perft"
TABLE = HERE / "counts.json"
TARGET = 1000        # a position's depth: the first whose count reaches this (the test then takes seconds)
MAX_DEPTH = 20       # a chain of forced moves (the solo AI's turns) deepens cheaply: stop somewhere
RUNS = (("random", 1), ("greedy", 2), ("random", 3))  # (policy, seed) played with every player count

NOT_COVERED = {
    "ruins_of_mars": {
        "first_player": "a set-up draw that new_game resolves before it returns",
        "radiation": "automatic: taken within the transition that ends the Transfer",
        "game_over": "the end: nobody moves; perft counts it 1 at any depth",
    },
    "mars_colony": {
        "mining": "automatic: every active mine produces within one transition",
        "game_over": "the end: nobody moves; perft counts it 1 at any depth",
    },
    "ruins": {"game_over": "the end: nobody moves; perft counts it 1 at any depth"},
    "on_mars": {"game_over": "the end: nobody moves; perft counts it 1 at any depth"},
}
"""{game: {step: why no stored position is at it}}: the TURN_STEPS a position is never at, to move."""


def perft(state, depth: int) -> int:
    """The number of distinct action sequences of `depth` actions from `state`: decisions and chance
    outcomes alike are one branch each (at a chance node `legal_actions()` lists the outcomes); a finished
    game counts 1 at any depth. `advance` plays them unchecked: they come from `legal_actions()`.

    >>> s = mars_rules.load("ruins").new_game(players=2, seed=1)
    >>> perft(s, 0), perft(s, 1) == len(s.legal_actions())
    (1, True)
    """
    if depth == 0 or state.to_move is None:
        return 1
    branches = state.legal_actions()
    if depth == 1:
        return len(branches)
    return sum(perft(state.advance(a), depth - 1) for a in branches)


def timed_counts(state, depth: int) -> list:
    """[(count, seconds)] for depths 1..depth."""
    out = []
    for d in range(1, depth + 1):
        start = time.perf_counter()
        count = perft(state, d)
        out.append((count, time.perf_counter() - start))
    return out


def choose_depth(state) -> int:
    """The depth of a position: the first whose count reaches TARGET (MAX_DEPTH at most). Counts decide,
    not times, so the same engine always chooses the same depth; and the last count costs about TARGET
    expansions at most (the positions one level above it, each asked its legal actions and advanced:
    the leaves are counted, not made), however many leaves it counts."""
    depth, count = 1, perft(state, 1)
    while count < TARGET and depth < MAX_DEPTH:
        depth += 1
        count = perft(state, depth)
    return depth


def kind_of(state) -> str:
    return "chance" if state.to_move == CHANCE else "decision"


def _play(game, players, policy, seed) -> list:
    """Every position of one game, to its end (chance from the game's stream, decisions from the policy)."""
    seen = []
    playout(game.new_game(players=players, seed=seed), policy=game.greedy if policy == "greedy" else None,
            seed=seed, on_step=lambda state, _: seen.append(state))
    return seen


def played_positions(name: str) -> list:
    """[(name, step, why, state)]: for each kind of step (step, decision or chance) met in random and greedy
    play with every player count, the occurrence nearest the middle of the game of one run (the runs taken
    in turn, kind by kind, so every player count and policy contributes), and the middle position of any
    run that contributed nothing else."""
    game = mars_rules.load(name)
    titles = {s.key: s.title for s in game.TURN_STEPS}
    runs = [(p, policy, seed) for p in game.PLAYER_COUNTS for policy, seed in RUNS]
    games = {run: _play(game, *run) for run in runs}
    kinds = {}
    for run, seen in games.items():
        for ply, s in enumerate(seen):
            kinds.setdefault((s.step, kind_of(s)), {}).setdefault(run, []).append(ply)
    chosen = set()
    order = [s.key for s in game.TURN_STEPS]
    for i, kind in enumerate(sorted(kinds, key=lambda k: (order.index(k[0]), k[1]))):
        having = [run for run in runs if run in kinds[kind]]
        run = having[i % len(having)]
        middle = len(games[run]) // 2
        chosen.add((run, min(kinds[kind][run], key=lambda ply: (abs(ply - middle), ply))))
    chosen |= {(run, len(games[run]) // 2) for run in runs if not any(r == run for r, _ in chosen)}
    out = []
    for run, ply in sorted(chosen, key=lambda c: (runs.index(c[0]), c[1])):
        s = games[run][ply]
        p, policy, seed = run
        seats = "solo, against the AI" if name == "ruins_of_mars" and p == 1 else f"{p} players"
        node = "chance outcomes" if s.to_move == CHANCE else "a decision"
        why = f"{titles[s.step]} ({node}): ply {ply} of {policy} play, seed {seed}, {seats}"
        out.append((f"{s.step}-{kind_of(s)}-{p}p-{policy}{seed}-ply{ply}", s.step, why, s))
    return out


def _ruins_examples() -> list:
    from mars_rules.ruins.scenario import DRAW1, LIGHT2, PLUS3, WILD, position, rid
    nine = position(2, hands=[[rid(2)], [rid(6)]], step="follow", to_move=1, trick=[rid(9)], last_play=[rid(9)],
                    last_rank=9, last_player=0, torches=(3, 2), market=(PLUS3, WILD, DRAW1, LIGHT2))
    eights = position(2, hands=[[rid(2)], [rid(3), rid(3, 1)]], step="follow", to_move=1, torches=(3, 2),
                      trick=[rid(8), rid(8, 1)], last_play=[rid(8), rid(8, 1)], last_rank=8, last_player=0)
    return [("issue-light-funds-plus3", "follow",
             "Discovery Effects: 2 lit torches, a single 9 to follow, a 6 in hand, market [+3 (cost 3), wild, "
             "draw, light 2 (cost 1)]: buying the light funds the +3 that makes the 6 a 9", nine),
            ("issue-pair-of-8s-with-3s", "follow",
             "Player Turns: following a pair of 8s with 2 lit torches and a pair of 3s (default market): no "
             "upgrade lifts both 3s to 8, so only pass is legal (picking a 3 must not lead to a dead end)", eights)]


def _on_mars_examples() -> list:
    game = mars_rules.load("on_mars")
    s = game.new_game(players=2, seed=3)
    while s.to_move == CHANCE or not any(a.kind == "discard_goal" for a in s.legal_actions()):
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(s.legal_actions()[0])
    seat = s.to_move
    from mars_rules.on_mars import data
    cap = s.options.crystal_cap_base + data.DEPOT_SPACES - s.pieces[seat].depot_ships
    full = s.edit().crystals(s.players[seat], cap).done()
    setup = game.new_game(players=3, seed=4, deal=False)
    return [("issue-goal-with-full-depot", full.step,
             f"Missions and Private Goals: a player with a Private Goal and a full Depot ({cap}/{cap} Crystals) "
             "where the discard would come up: it is not offered", full),
            ("setup-draws-3p", setup.step, "Setup: the seeded set-up draws left pending (new_game(deal=False))",
             setup)]


HAND_BUILT = {"ruins": _ruins_examples, "on_mars": _on_mars_examples}
"""{game: () -> [(name, step, why, state)]}: positions built by hand (the issue's examples)."""


def build_positions(name: str) -> list:
    """The stored-position records of a game, built from play and by hand."""
    found = played_positions(name) + HAND_BUILT.get(name, lambda: [])()
    return [{"name": n, "step": step, "why": why, "position": s.to_json()} for n, step, why, s in found]


def load_positions(name: str) -> list:
    return json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))


def count_game(name: str, records: list, old: dict) -> dict:
    """{position name: counts} for the records, printing the time of each count and what changed."""
    game = mars_rules.load(name)
    counts, total = {}, 0.0
    for rec in records:
        state = game.from_json(rec["position"])
        found = timed_counts(state, choose_depth(state))
        counts[rec["name"]] = [c for c, _ in found]
        total += sum(t for _, t in found)
        was = old.get(rec["name"], [])
        changed = f"  CHANGED, was {was}" if any(a != b for a, b in zip(was, counts[rec["name"]])) else ""
        print(f"{name} {rec['name']}: " + ", ".join(f"d{d} {c} ({t:.3f} s)" for d, (c, t) in enumerate(found, 1))
              + changed)
    print(f"{name}: {len(records)} positions, {total:.2f} s of counting; steps not covered: "
          + "; ".join(f"{step} ({why})" for step, why in NOT_COVERED[name].items()))
    return counts


def table_text(table: dict) -> str:
    """The table as JSON text, a position's counts on one line (a regenerated table diffs line by line)."""
    games = []
    for name in sorted(table):
        rows = ",\n".join(f"  {json.dumps(pos)}: {json.dumps(counts)}" for pos, counts in sorted(table[name].items()))
        games.append(f" {json.dumps(name)}: {{\n{rows}\n }}")
    return "{\n" + ",\n".join(games) + "\n}\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--new-positions", action="store_true", help="build the positions again from play")
    parser.add_argument("games", nargs="*", default=list(mars_rules.GAMES))
    args = parser.parse_args(argv)
    HERE.mkdir(exist_ok=True)
    table = json.loads(TABLE.read_text(encoding="utf-8")) if TABLE.exists() else {}
    for name in args.games:
        path = HERE / f"{name}.json"
        if args.new_positions or not path.exists():
            path.write_text(json.dumps(build_positions(name), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        table[name] = count_game(name, load_positions(name), table.get(name, {}))
    TABLE.write_text(table_text(table), encoding="utf-8")


if __name__ == "__main__":
    main()
