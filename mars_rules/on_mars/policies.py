"""Playing policies for experiments: `evaluate` (a cheap position value), `greedy` (a simple player) and
`mission_seeker` (a player that plays for the Missions).

A policy is `policy(state, rng) -> Action` (see mars_rules.core.playout); `mars_rules.core.simulate`
uses `greedy` for "greedy" play in this game. These are teaching baselines, not strong players.

- `evaluate(state, player)`: the provisional OP (`scoring.player_rows`: Living Quarters, Progress
  cubes, level-ups, Ships, Tech tiles, Blueprints, Scientists, Contracts, Private Goal) plus what the
  score does not see yet: each Resource counts 0.4 and each Crystal 0.6. The value is relative to the
  best opponent. Values are cached per player position (a small dict, cleared when full).
- `greedy(state, rng)`: a Main action is several decisions in a row (choose it, pay, choose a card or a
  hex, boost, done), so one action ahead sees nothing of it. In the steps that open such a flow
  (`LOOKAHEAD_STEPS`: choosing the Main action, paying, Learn, Resupply, Blueprint, Hire, Welcome) the
  greedy player looks ahead through its own decisions, up to `DEPTH` of them or until another player
  or chance is to move; elsewhere (moving the Rover and Bots, the Shuttle Phase, ...) one action
  ahead. It takes the first action of the best line (ties at random). Looking ahead everywhere wins
  a little more often against random (about 96% against 94%) at twice the cost per decision.

- `mission_seeker(state, rng)`: plays for the Missions, so that the game ends by its own rule (End of
  the Game) rather than by the round-limit safeguard. Its value is greedy's plus the Missions' progress
  (`mission_progress`: the Remaining Missions marker and the share met of each Mission on the board,
  worth `MISSION_WEIGHT` OP a Mission; shared progress, so not relative to the others) and what sets it
  up to contribute (Bots near free hexes where a Building a Mission asks for may stand, Blueprints and
  Minerals for an upgrade Mission, a Rover near a tile for a claim Mission, Private Goals kept). It looks
  ahead through a whole Main action (`SEEK_DEPTH` of its own decisions), and in the Shuttle Phase travels
  for free to the side where the Missions are done (the Colony while a Mission counts Buildings, Ships,
  claims or upgrades it can make), never paying a Ship. About 9 games in 10 of it end by the Missions
  (benchmarks/bench_policies.py).

>>> from mars_rules.core import playout
>>> from mars_rules.on_mars import new_game
>>> playout(new_game(players=2, seed=1), policy=greedy, seed=1).is_over
True
>>> from mars_rules.on_mars import end_reason
>>> end_reason(playout(new_game(players=2, seed=1), policy=mission_seeker, seed=1))
'missions'
"""
from __future__ import annotations

from .board import near_types
from .data import RES_INDEX, hex_distance
from .options import mission_target
from .scoring import player_rows

RESOURCE_VALUE = 0.4
CRYSTAL_VALUE = 0.6
DEPTH = 2
LOOKAHEAD_STEPS = frozenset(("turn", "final_round", "pay", "learn", "resupply", "blueprint", "hire", "welcome"))


_CACHE = {}
_CACHE_SIZE = 4096


def _value(state, p):
    pl = state.pieces[p]
    # the OP of a player depend on their pieces, the Colonists on the slots, the Buildings, the phase,
    # the card lists the game is played with (state.cards) and its rule options (the scoring tables)
    key = (p, pl, state.slots, state.buildings, state.phase, state.cards, state.options)
    v = _CACHE.get(key)
    if v is None:
        v = 0.0
        for row in player_rows(state, p):
            v += row.points
        v += RESOURCE_VALUE * sum(pl.res) + CRYSTAL_VALUE * pl.crystals
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        _CACHE[key] = v
    return v


def evaluate(state, player) -> float:
    """`player`'s provisional OP and a little for Resources and Crystals, minus the best opponent's."""
    mine = _value(state, player)
    others = [_value(state, p) for p in range(len(state.players)) if p != player]
    return mine - (max(others) if others else 0)


def _best(state, me, depth):
    if depth == 0 or state.to_move != me:
        return evaluate(state, me)
    return max(_best(state.advance(a), me, depth - 1) for a in state.legal_actions())


def _argmax(legal, value_of, rng):
    """The legal action of highest value; ties drawn with `rng` (the same draw greedy always made)."""
    best, best_value = [], None
    for action in legal:
        value = value_of(action)
        if best_value is None or value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


def greedy(state, rng):
    """Look ahead through my own next decisions (see the module docstring)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_move
    depth = DEPTH - 1 if state.step in LOOKAHEAD_STEPS else 0
    return _argmax(legal, lambda action: _best(state.advance(action), me, depth), rng)


# ----------------------------------------------------------------- a Mission-seeking player
MISSION_WEIGHT = 20.0
"""OP a whole Mission's worth of progress is worth to `mission_seeker` (shared progress: not relative)."""
GOAL_VALUE = 1.0
"""What a Private Goal still in hand is worth to `mission_seeker` (so it does not discard them all at once)."""
ZONE_VALUE = 1.0
STEP_VALUE = 0.8
BLUEPRINT_VALUE = 4.0
MINERAL_VALUE = 1.0
_MINERAL = RES_INDEX["mineral"]
SEEK_DEPTH = 4
SEEK_STEPS = frozenset(("turn", "final_round", "pay", "construct", "construct_hex", "upgrade", "learn", "rnd",
                        "welcome", "blueprint", "resupply", "hire", "resource"))


def mission_progress(state) -> float:
    """The Remaining Missions marker plus the fraction met of each Mission on the board."""
    p = float(state.remaining)
    for card, k in state.missions:
        p += k / mission_target(state, card)
    return p


def _reach(bots, hexes) -> int:
    """Steps a Bot needs before one of `hexes` is in its Building Zone (0: it is already; 9: none)."""
    best = 9
    for b in bots:
        for h in hexes:
            d = hex_distance(b, h)
            if d < best:
                best = d
    return max(0, best - 1)


def _potential(state, me) -> float:
    """What sets `me` up to contribute at the Colony: Bots near free hexes where a Building a Mission asks for
    may stand, Blueprints (and Minerals) for an upgrade Mission with Bots near a Building they upgrade, and a
    Rover near a tile when a Mission counts claims."""
    pl = state.pieces[me]
    table = state.cards.missions
    v = GOAL_VALUE * len(pl.goals)
    if not pl.bots:
        return v
    for card, k in state.missions:
        kind = table[card][1]
        if kind.startswith("construct:"):
            alone = near_types(state).get(kind[10:], (frozenset(), frozenset()))[1]
            v += ZONE_VALUE - STEP_VALUE * _reach(pl.bots, alone)
        elif kind == "upgrade":
            unbuilt = [state.cards.blueprints[c][0] for c, built in pl.blueprints if not built]
            useful = min(len(unbuilt), mission_target(state, card) - k)
            v += BLUEPRINT_VALUE * useful + MINERAL_VALUE * min(useful, pl.res[_MINERAL])
            if unbuilt:
                targets = [rec[0] for rec in state.buildings if rec[2] < 0 and rec[1] in unbuilt]
                v += ZONE_VALUE - STEP_VALUE * _reach(pl.bots, targets)
        elif kind == "claim" and state.tiles:
            v -= STEP_VALUE * min(hex_distance(pl.rover, t[0]) for t in state.tiles)
    return v


def _seek_value(state, me):
    return evaluate(state, me) + MISSION_WEIGHT * mission_progress(state) + _potential(state, me)


def _seek_best(state, me, depth):
    if depth == 0 or state.to_move != me or state.step not in SEEK_STEPS:
        return _seek_value(state, me)
    return max(_seek_best(state.advance(a), me, depth - 1) for a in state.legal_actions())


def _wants_colony(state, me) -> bool:
    """Does a Mission on the board count something `me` can do at the Colony (an upgrade: with a Blueprint
    in hand, taken in Orbit)?"""
    table = state.cards.missions
    for c, _k in state.missions:
        kind = table[c][1]
        if kind.startswith("construct:") or kind in ("ship", "claim"):
            return True
        if kind == "upgrade" and any(not built for _c, built in state.pieces[me].blueprints):
            return True
    return False


def mission_seeker(state, rng):
    """Play for the Missions: greedy play whose value adds the Missions' progress (shared, so not relative
    to the others), looks further ahead through a Main action, and travels where the Missions are."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.step == "shuttle":
        travel = [a for a in legal if a[0] == "travel" and a.get("pay") == "free"]
        if travel:
            to_colony = travel[0].get("to") == "colony"
            if to_colony == _wants_colony(state, state.to_move) or not (to_colony or state.pieces[state.to_move].lq):
                return travel[0]  # to the Missions, or back to Orbit to retrieve Colonists when none is left
        return next(a for a in legal if a[0] == "stay")
    me = state.to_move
    depth = SEEK_DEPTH - 1 if state.step in SEEK_STEPS else 0
    return _argmax(legal, lambda action: _seek_best(state.advance(action), me, depth), rng)
