"""Write the golden playthrough of a seeded Ruins game (run only when a rule changes on purpose).

    python -m tests.ruins.make_golden

Decisions come from random.Random(SEED) over the legal actions; chance from the game's own stream.
Each line: the move number, the round and step, who acts and the action in words; then a short summary
of the position after it (hand sizes, deck, the trick, torches, VP).
"""
from __future__ import annotations

import pathlib
import random

import mars_rules.ruins as ruins
from mars_rules.core import CHANCE

SEED = 2026
PLAYERS = 2
PATH = pathlib.Path(__file__).with_name(f"golden_{PLAYERS}p.txt")


def summary(s) -> str:
    hands = "/".join(str(len(h)) for h in s.hands)
    trick = " ".join(f"{s.rank[c]}#{c}" for c in s.last_play) or "-"
    return (f"      hands {hands}  deck {len(s.deck)}  last play {trick}  torches "
            f"{'/'.join(map(str, s.torches))}  VP {'/'.join(map(str, s.vp))}")


def transcript(seed: int = SEED, players: int = PLAYERS) -> str:
    s = ruins.new_game(players, seed=seed)
    rng = random.Random(seed)
    lines = [f"Ruins, {players} players, seed {seed}; decisions: random.Random({seed}).", summary(s)]
    k = 0
    while not s.is_over:
        k += 1
        if s.to_move == CHANCE:
            nxt = s.resolve_chance()
            who = "chance"
            action = next(a for a in s.legal_actions() if s.advance(a) == nxt)
        else:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            who = s.players[s.to_move]
            nxt = s.apply(action)
        lines.append(f"{k:04d} r{s.round} {s.step:<10} {who}: {action}")
        s = nxt
        if s.to_move != CHANCE or s.is_over:
            lines.append(summary(s))
    lines.append(f"Winner: {', '.join(s.players[p] for p in s.winners())} after round {s.round}.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    PATH.write_text(transcript(), encoding="utf-8")
    print(f"wrote {PATH}")
