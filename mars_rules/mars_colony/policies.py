"""Simple playing policies for experiments: `builder` (a greedy colony builder, also exported as
`greedy`, the game's greedy player for `mars_rules.core.simulate`) besides the core's random, and
`evaluate(state, player)`, a cheap position value.

A policy is `policy(state, rng) -> Action` (see mars_rules.core.playout). These are teaching baselines,
not strong players.

>>> import random
>>> from mars_rules.core import playout
>>> from mars_rules.mars_colony import new_game
>>> end = playout(new_game(players=2, seed=1), policy=builder, seed=1)
>>> end.is_over
True
"""
from __future__ import annotations

from .data import SLOTS
from .scoring import victory_points
from .state import capacity, consumption, summary

BUILD_ORDER = ("plant", "habitat", "silo", "comm", "mil", "rnd", "port", "mine")
STAFF_ORDER = ("plant", "silo", "comm", "mil", "rnd", "port", "mine")


def builder(state, rng):
    """Build whatever is affordable (plants first when energy is short), staff everything, never unstaff,
    trade 3-for-1 only from a large pile, refuse offers, discard from the largest pile."""
    legal = state.legal_actions()
    step = state.step
    kinds = {}
    for a in legal:
        kinds.setdefault(a.kind, []).append(a)
    if step == "research":
        return kinds["roll_die"][0]
    if step == "research_keep":
        return kinds.get("play_card", kinds.get("keep_card"))[0]
    if step == "trade":
        col = state.colonies[state.to_move]
        trades = [a for a in kinds.get("earth_trade", ()) if col.hand[a.get("give")] >= 4]
        if trades:
            return min(trades, key=lambda a: (col.hand[a.get("get")], a.get("get")))
        return kinds["end_trade"][0]
    if step == "trade_reply":
        return kinds["refuse_offer"][0]
    if step == "build":
        col = state.colonies[state.to_move]
        spare = capacity(col, state.cards, state.options) - consumption(col)
        builds = kinds.get("build", ())
        order = BUILD_ORDER if spare <= 1 else BUILD_ORDER[1:] + ("plant",)
        for what in order:
            for a in builds:
                if a.get("installation") == what:
                    return a
        return kinds["end_construction"][0]
    if step == "move_colonists":
        if "power_habitat" in kinds:
            return kinds["power_habitat"][0]
        staff = kinds.get("staff", ())
        col = state.colonies[state.to_move]
        idle_plant = any(col.built("plant", k) and not (col.staff >> k) & 1 for k in range(4))
        if not col.housed and idle_plant and col.habs.count(2) < len(col.habs):
            # everybody works but a habitat is dark: free a miner to run the idle plant
            for a in kinds.get("unstaff", ()):
                if SLOTS[a.get("slot")][0] == "mine":
                    return a
        for track in STAFF_ORDER:
            for a in staff:
                if SLOTS[a.get("slot")][0] == track:
                    return a
        return kinds["end_moves"][0]
    if step == "discard":
        col = state.colonies[state.to_move]
        if "discard" in kinds:
            return max(kinds["discard"], key=lambda a: (col.hand[a.get("material")], -a.get("material")))
        return legal[0]
    return legal[int(rng.random() * len(legal))]


greedy = builder
"""The game's greedy player (`mars_rules.core.simulate.greedy_policy` uses it): the builder above."""


def _value(state, p):
    col = state.colonies[p]
    sm = summary(col.staff)
    production = sm.mines.bit_count() + sm.active_plants
    return 10 * victory_points(state, p) + 2 * production + sum(col.hand) * 0.5


def evaluate(state, player) -> float:
    """A position value for `player`: VP (10 each) plus production (2 per active mine or power plant)
    plus half a point per card in hand, minus the same for the best opponent."""
    mine = _value(state, player)
    others = [_value(state, p) for p in range(len(state.players)) if p != player]
    return mine - (max(others) if others else 0)
