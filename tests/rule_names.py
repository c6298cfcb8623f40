"""Every rulebook section name an engine produces, collected from play (for the rules reference test).

Names come from: every step's `Step.rule`; every score row's `rule` of positions met in random games of
every player count (and their final score sheets); the refusal of actions taken from other positions of
the same game (`state._refusal(action)`: the rule an `IllegalAction` would name), including at the end
of the game (the end's section). Run `python -m tests.rule_names <game>` to print them with counts.
"""
from __future__ import annotations

import random
import sys
from collections import Counter

import mars_rules
from mars_rules import CHANCE

_CACHE: dict = {}
SEEN: set = set()  # (game module, section) of every refusal the test session met (the root conftest.py)


def missing_entries(seen) -> list:
    """The (game module, section) pairs of `seen` whose section has no entry in that game's RULES."""
    return sorted((module, rule) for module, rule in seen if module.startswith("mars_rules.")
                  and mars_rules.load(module.split(".")[1]).RULES.entry(rule) is None)


def rule_names(name: str, seeds=(1, 2), every: int = 7, pool: int = 40) -> Counter:
    """Counter of section names -> how often the engine gave them, over random games of `name`."""
    key = (name, tuple(seeds), every, pool)
    if key in _CACHE:
        return _CACHE[key]
    game = mars_rules.load(name)
    found: Counter = Counter(step.rule for step in game.TURN_STEPS)
    seen: dict = {}  # (kind, player) -> a few actions of that kind met somewhere in the game
    for players in game.PLAYER_COUNTS:
        for seed in seeds:
            state = game.new_game(players=players, seed=seed)
            found[state._refusal("not an action")[1]] += 1  # what a legal action is: the game contract
            rng = random.Random(seed)
            n = 0
            while True:
                if n % every == 0 or state.is_over:
                    found.update(row.rule for row in state.score().rows)
                    if state.to_move != CHANCE:
                        legal = set(state.legal_actions())
                        for actions in list(seen.values())[-pool:]:
                            for action in actions:
                                if action not in legal:
                                    found[state._refusal(action)[1]] += 1
                if state.is_over:
                    break
                legal = state.legal_actions()
                if state.to_move == CHANCE:
                    state = state.resolve_chance()
                else:
                    action = legal[rng.randrange(len(legal))]
                    bucket = seen.setdefault((action.kind, action.player), [])
                    if len(bucket) < 3:
                        bucket.append(action)
                    seen[(action.kind, action.player)] = seen.pop((action.kind, action.player))  # most recent last
                    state = state.apply(action)
                n += 1
    found.pop("", None)
    _CACHE[key] = found
    return found


if __name__ == "__main__":
    for rule, count in sorted(rule_names(sys.argv[1]).items()):
        print(f"{count:6}  {rule}")
