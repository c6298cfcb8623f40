"""Write the golden playthrough: `python -m tests.on_mars.make_golden` (only when a rule changes on purpose)."""
import pathlib
import random

from mars_rules.core import CHANCE
from mars_rules.on_mars import new_game

HERE = pathlib.Path(__file__).parent


def transcript(players=2, seed=7) -> str:
    """A readable record of a seeded game: chance from the game's stream, decisions from Random(seed)."""
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    lines = [f"On Mars, teaching edition: golden game, {players} players, seed {seed}"]
    lines += [f"    {e}" for e in s.events]
    while not s.is_over:
        if s.to_move == CHANCE:
            outcome = [a for a in s.legal_actions() if s.advance(a) == s.resolve_chance()][0]
            lines.append(f"R{s.round} {s.step}: {outcome}")
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            a = legal[int(rng.random() * len(legal))]
            lines.append(f"R{s.round} {s.step}: {s.players[a.player]} -- {a}  [{len(legal)} choices]")
            s = s.apply(a)
        lines += [f"    {e}" for e in s.events]
    lines.append(str(s.score()))
    lines.append(f"winners: {', '.join(s.players[w] for w in s.winners())}")
    return "\n".join(lines) + "\n"


def main():
    for n in (2, 4):
        (HERE / f"golden_{n}p.txt").write_text(transcript(n, 7), encoding="utf-8")


if __name__ == "__main__":
    main()
