"""The golden playthroughs of Ruins of Mars: a seeded 2-player game and a seeded solo game (against the
rulebook's AI) as readable transcripts.

Regenerate (only when a rule changes on purpose):  python -m tests.ruins_of_mars.make_golden
"""
from __future__ import annotations

import pathlib
import random

import mars_rules
from mars_rules import CHANCE
from mars_rules.ruins_of_mars.data import LANGUAGES, RESOURCES, SITES

game = mars_rules.load("ruins_of_mars")
HERE = pathlib.Path(__file__).parent
SEED = 7
PLAYERS = 2


def summary(s) -> list:
    lines = ["   Sites: " + " | ".join(f"{SITES[i]} {' '.join(s.tiles[t] for t in col)}"
                                       for i, col in enumerate(s.sites))]
    for p, b in enumerate(s.boards):
        res = " ".join(f"{RESOURCES[i]} {n}" for i, n in enumerate(b.resources))
        langs = " ".join(f"{LANGUAGES[i][0]}{n}" for i, n in enumerate(b.languages))
        techs = sum(1 for c, down in zip(b.techs, b.face_down) if c and not down)
        down = sum(b.face_down)
        who = b.character or "no Character"
        lines.append(f"   {s.players[p]} ({who}): {res}; Hourglass {b.hourglass}; Radiation {b.radiation}; "
                     f"tracks {langs}; Techs {techs}" + (f" (+{down} face down)" if down else "") +
                     f"; score {s.score().totals[p]}")
    return lines


def transcript(players=PLAYERS, seed=SEED) -> str:
    titles = {st.key: st.title for st in game.TURN_STEPS}
    s = game.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    out = [f"Ruins of Mars: golden playthrough, {players} players, new_game(seed={seed}), decisions drawn "
           f"uniformly by random.Random({seed}), chance from the game's stream.", ""]
    out += [f"   {e}" for e in s.events]
    turn = s.turn
    while not s.is_over:
        if s.turn != turn:
            turn = s.turn
            out.append("")
            out.append(f"== Turn {turn}: {s.players[s.current]} ==")
        if s.to_move == CHANCE:
            legal = s.legal_actions()
            nxt = s.resolve_chance()
            action = next(a for a in legal if s.advance(a) == nxt)
            who = "chance"
        else:
            legal = s.legal_actions()
            action = legal[rng.randrange(len(legal))]
            nxt = s.apply(action)
            who = s.players[s.to_move]
        out.append(f"[{titles[s.step]}] {who}: {action}  ({len(legal)} choice{'s' if len(legal) > 1 else ''})")
        out += [f"   {e}" for e in nxt.events]
        if action.kind == "pass_rover" or nxt.is_over:
            out += summary(nxt)
        s = nxt
    out.append("")
    out.append("== Final score ==")
    out += str(s.score()).splitlines()
    out.append(f"Winners: {', '.join(s.players[p] for p in s.winners())}")
    return "\n".join(out) + "\n"


def path(players=PLAYERS):
    return HERE / f"golden_{players}p.txt"


GOLDEN = (2, 1)


def main():
    for players in GOLDEN:
        path(players).write_text(transcript(players), encoding="utf-8")
        print(f"wrote {path(players)}")


if __name__ == "__main__":
    main()
