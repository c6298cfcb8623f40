"""Write the format-1 position fixtures the migration test reads (`python -m tests.positions.make_format1`).

Run once, with the engine of format 1 (commit bc9126b), to freeze old text: positions of the golden
games (the same decisions as each game's `make_golden`) and of soak games (`benchmarks/soak.py`'s random
play, seeds 0 and 1 for each player count), about 20 positions of each game, evenly spaced, and its last. Running it again with a
later engine would write the later format, so the files are kept as written then. One Ruins position was
taken out later (issue 17): a follow's pick that the engine of then offered as a dead end (ruin 46 against
a rank 7, which no complete play could hold), which the exact rule of a pick now refuses to load.
"""
import json
import pathlib
import random

import mars_rules
from mars_rules import CHANCE

HERE = pathlib.Path(__file__).parent / "format1"

# name: [(source, players, seed, options, how decisions are drawn)] as each make_golden draws them
GOLDEN = {
    "ruins_of_mars": [("golden_2p", 2, 7, {}, "randrange"), ("golden_1p", 1, 7, {}, "randrange")],
    "mars_colony": [("golden_2p", 2, 7, {"turn_limit": 4}, "random")],
    "ruins": [("golden_2p", 2, 7, {}, "randrange")],
    "on_mars": [("golden_2p", 2, 7, {}, "random"), ("golden_4p", 4, 7, {}, "random")],
}


def _positions(game, players, seed, options, draw, keep=20):
    """About `keep` positions of the game, evenly spaced, and its last."""
    state = game.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    seen = []
    while not state.is_over:
        seen.append(state)
        if state.to_move == CHANCE:
            state = state.resolve_chance()
        else:
            legal = state.legal_actions()
            k = rng.randrange(len(legal)) if draw == "randrange" else int(rng.random() * len(legal))
            state = state.apply(legal[k])
    every = max(1, len(seen) // keep)
    return seen[::every] + [state]


def main():
    HERE.mkdir(exist_ok=True)
    for name in sorted(mars_rules.GAMES):
        game = mars_rules.load(name)
        runs = list(GOLDEN[name])
        runs += [(f"soak_{p}p_seed{s}", p, s, {}, "randrange") for p in game.PLAYER_COUNTS for s in (0, 1)]
        with open(HERE / f"{name}.jsonl", "w", encoding="utf-8") as out:
            for source, players, seed, options, draw in runs:
                for state in _positions(game, players, seed, options, draw):
                    out.write(json.dumps({"source": source, "position": state.to_json()}) + "\n")


if __name__ == "__main__":
    main()
