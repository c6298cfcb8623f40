"""Setting up teaching positions (for notebooks and what-if questions): edit a State, then play on.

The edits build new States with `_replace`; `take` applies the one legal action that matches, so
every rule is still checked.

>>> from mars_rules.on_mars import new_game
>>> s = at_colony(new_game(players=2, seed=7), seat=0)
>>> s = edit_player(s, 0, bots=((1, -2),))
>>> s = take(take(take(s, "main", action="construct"), "choose_building", building="generator"),
...          "construct", building="generator", hex=(2, -3))
>>> s.lss[0], s.step
(2, 'turn_end')
"""
from __future__ import annotations


def edit_player(state, seat, **changes):
    """The same State with some fields of one player's record changed (e.g. res=(4, 4, 4, 4, 4))."""
    pieces = list(state.pieces)
    pieces[seat] = pieces[seat]._replace(**changes)
    return state._replace(pieces=tuple(pieces))


def add_building(state, hex, btype, advanced=-1, card=-1, miner=-1):
    """The same State with one more Building on the map (a hex that is free)."""
    return state._replace(buildings=tuple(sorted(state.buildings + ((hex, btype, advanced, card, miner),))))


def _turn(state, seat, base):
    n = len(state.players)
    order = tuple(base + ((s - seat) % n) for s in range(n))
    return state._replace(order=order, active=seat, to_move=seat, step="turn", main="", exec_used=False,
                          done=(False,) * n)


def at_colony(state, seat=0):
    """Everyone at the Colony, `seat` first in Turn Order and at the start of its turn."""
    return _turn(state, seat, 4)


def at_orbit(state, seat=0):
    """Everyone in Orbit, `seat` first in Turn Order and at the start of its turn."""
    return _turn(state, seat, 0)


def take(state, kind, **params):
    """Apply the legal action of this kind whose params match `params` (the first one if several)."""
    for a in state.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
            return state.apply(a)
    legal = "; ".join(str(a) for a in state.legal_actions())
    raise ValueError(f"no legal {kind} {params} here; legal: {legal}")


def resolve(state):
    """Resolve every pending chance draw from the game's seeded stream."""
    while state.to_move == "chance":
        state = state.resolve_chance()
    return state
