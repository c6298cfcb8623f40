"""Write the golden transcript of a seeded game: `python -m tests.mars_colony.make_golden`.

Regenerate it only when a rule changes on purpose, and read the diff before committing it.
"""
import pathlib
import random

from mars_rules.core import CHANCE
from mars_rules.mars_colony import new_game

PATH = pathlib.Path(__file__).with_name("golden_2p.txt")
PATH_BUILDERS = pathlib.Path(__file__).with_name("golden_2p_builders.txt")


def transcript(players=2, seed=7, rounds=4, policy=None) -> str:
    """Random decisions for `rounds` rounds, or `policy` (e.g. the builder) to the end of the game."""
    s = new_game(players=players, seed=seed, turn_limit=rounds)
    rng = random.Random(seed)
    who_decides = "random decisions" if policy is None else f"decisions by the {policy.__name__} policy"
    lines = [f"Mars, {players} players, seed {seed}, round limit {rounds} (ASSUMED safeguard), {who_decides}",
             s.summary(), ""]
    while not s.is_over:
        who = "chance" if s.to_move == CHANCE else s.players[s.to_move]
        if s.to_move == CHANCE:
            legal = s.legal_actions()
            nxt = s.resolve_chance()
            action = next(a for a in legal if a == _outcome(s, nxt, legal))
        else:
            legal = s.legal_actions()
            action = legal[int(rng.random() * len(legal))] if policy is None else policy(s, rng)
            nxt = s.apply(action)
        lines.append(f"[{s.step}] {who}: {action}")
        lines.extend(f"    {e}" for e in nxt.events)
        if nxt.active != s.active or nxt.is_over:
            lines.append(nxt.summary())
            lines.append("")
        s = nxt
    lines.append(f"Winners: {', '.join(s.players[w] for w in s.winners())}")
    lines.append(str(s.score()))
    return "\n".join(lines) + "\n"


def _outcome(s, nxt, legal):
    from mars_rules.core import pick
    return pick(s._outcomes(), s.seed, s.draws)


def builders_transcript() -> str:
    from mars_rules.mars_colony.policies import builder
    return transcript(seed=9, rounds=60, policy=builder)


if __name__ == "__main__":
    PATH.write_text(transcript(), encoding="utf-8")
    PATH_BUILDERS.write_text(builders_transcript(), encoding="utf-8")
    print(f"wrote {PATH} and {PATH_BUILDERS}")
