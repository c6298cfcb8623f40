"""Playing policies for experiments: `evaluate` (a cheap position value) and `greedy` (a simple player).

A policy is `policy(state, rng) -> Action` (see mars_rules.core.playout); `mars_rules.core.simulate`
uses `greedy` for "greedy" play in this game. These are teaching baselines, not strong players.

Ruins is a climbing game: the VP come from going out early, so the greedy player empties its hand as
fast as it can while keeping its strong ruins for later. It leads its lowest rank with every copy it
holds (wild ruins stay in hand), follows with the lowest ruins that beat the last play (it never
passes while it can follow), claims its highest ruin, buys no discovery and keeps every ruin day side
up.

>>> from mars_rules.core import playout
>>> from mars_rules.ruins import new_game
>>> playout(new_game(players=2, seed=1), policy=greedy, seed=1).is_over
True
"""
from __future__ import annotations


def evaluate(state, player) -> float:
    """A position value for `player`: VP (10 per point), minus the ruins left in hand, plus lit torches
    and unused claims (small), relative to the best opponent."""
    def value(p):
        return 10 * state.vp[p] - len(state.hands[p]) + 0.5 * state.torches[p] + 0.25 * state.claims_left[p]

    mine = value(player)
    others = [value(p) for p in range(len(state.players)) if p != player]
    return mine - (max(others) if others else 0)


def _ruin(a):
    return a[2][0][1]


def greedy(state, rng):
    """The greedy climbing player described in the module docstring (deterministic: `rng` unused)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    step = state.step
    rank, wild = state.rank, state.wild
    if step == "lead" or step == "follow":
        picks = [a for a in legal if a[0] == "pick"]
        if not picks:
            return legal[-1]  # "pass" (follow) or "done" (lead)
        plain = [a for a in picks if not wild[_ruin(a)]]
        if step == "lead" and state.selection:
            # add every other copy of the led rank (never a wild ruin), then stop
            led = [rank[c] for c in state.selection if not wild[c]]
            same = [a for a in plain if led and rank[_ruin(a)] == led[0]]
            return same[0] if same else legal[-1]
        pool = plain or picks
        return min(pool, key=lambda a: (rank[_ruin(a)], _ruin(a)))
    if step == "claim":
        claims = [a for a in legal if a[0] == "claim"]
        return max(claims, key=lambda a: (rank[_ruin(a)], -_ruin(a))) if claims else legal[-1]
    if step == "discover":
        for a in legal:
            if a[0] == "play":
                return a
        return legal[0]
    if step == "night_flip":
        return legal[-1]  # keep every ruin day side up
    return legal[int(rng.random() * len(legal))]
