"""Setting up teaching positions (for notebooks and what-if questions): thin wrappers over the position
builder (`state.edit()`, mars_rules/on_mars/builder.py), kept for the notebooks and tests that use them.

Every position they build goes through the builder's `done()`: `from_json` (the types and ranges of
every field, then `invariants.problems`, the same rules the property tests check after every action), so
an edit that makes an impossible position raises PositionError listing everything it broke. The box
stays whole by itself: Crystals given to or taken from a player come from or go back to the general
supply, Tech tiles from or to the Tech Grid, Colonists from or to the player's reserve (unless you set
`reserve` too), and Blueprint, Scientist or Earth Contract cards from the deck or the display (a display
card's place is taken by the lowest card of the deck that could be drawn there); the LSS markers and the
Missions on the board count what the edit adds (a Building, an upgrade, a Ship welcomed, a Tech column)
as if it had been played. Nothing else follows: a Colony level or a Mission met that the edit would bring
is refused (play the action instead). `take` applies the one legal action that matches, so every rule is
still checked. New code: write the builder's verbs directly (`s.edit().crystals("Blue", 3).done()`).

>>> from mars_rules.on_mars import new_game
>>> s = at_colony(new_game(players=2, seed=7), seat=0)
>>> s = edit_player(s, 0, bots=((1, -2),))
>>> s = take(take(take(s, "main", action="construct"), "choose_building", building="generator"),
...          "construct", building="generator", hex=(2, -3))
>>> s.lss[0], s.step
(2, 'turn_end')
>>> try:
...     edit_player(s, 0, hangar=3)
... except PositionError as e:
...     print(e.problems[0])
pieces[0]: 8 Ships (Depot 5, Hangar 3), a colour has 5: lower `pieces[0].depot_ships` by 3
"""
from __future__ import annotations

from mars_rules.core import PositionError

from . import data as D


def edit_player(state, seat, **changes):
    """The same State with some fields of one player's record changed (e.g. res=(4, 4, 4, 4, 4)), the box
    kept whole (see the module docstring), through the builder; PositionError if the result breaks a rule."""
    b = state.edit()
    pl = state.pieces[seat]
    if "crystals" in changes:
        n = changes.pop("crystals")
        if type(n) is int:
            b.crystals(seat, n)
        else:
            b.player(seat).crystals = n  # a wrong type: done() names the field
    if "lab" in changes:
        lab = changes.pop("lab")
        try:
            want = {t: (r, c) for t, r, c in lab}
            ok = len(want) == len(lab)
        except (TypeError, ValueError):
            ok = False
        if not ok:  # not one tile per type: no tile can be moved, the field is set as given
            b.player(seat).lab = lab
        else:
            for t, *_ in pl.lab:
                if t not in want:
                    _drop_tech(b, seat, t)
            for t, (r, c) in want.items():
                b.learn(seat, t, r, c)
    for field, verb in (("blueprints", "blueprint"), ("scientists", "hire"), ("contracts", "contract")):
        if field not in changes:
            continue
        new = changes.pop(field)
        old = [x if field == "contracts" else x[0] for x in getattr(pl, field)]
        for entry in new:
            card = entry if field == "contracts" else entry[0]
            if card not in old:
                getattr(b, verb)(seat, card)
        setattr(b.player(seat), field, new)  # the order, the used flags and the hexes as given
    if "reserve" not in changes and ("lq" in changes or "wa" in changes):
        moved = changes.get("lq", pl.lq) + changes.get("wa", pl.wa) - pl.lq - pl.wa
        changes["reserve"] = pl.reserve - moved
    for field, value in changes.items():
        setattr(b.player(seat), field, value)
    if "depot_ships" in changes or "hangar" in changes or "claimed" in changes:
        b._follow(state)  # the Ships welcomed and the tiles claimed count for the Missions
    return b.done()


def _drop_tech(b, seat, tech):
    """`seat`'s Tech tile of this type back to the Tech Grid."""
    pl = b.state.pieces[seat]
    b.player(seat).lab = tuple(x for x in pl.lab if x[0] != tech)
    i = D.TECHS.index(tech)
    grid = b.state.tech_grid
    b.state = b.state._replace(tech_grid=grid[:i] + (grid[i] + 1,) + grid[i + 1:])


def add_building(state, hex, btype, advanced=-1, card=-1, miner=-1):
    """The same State with one more Building on the map (a hex that is free), as if constructed: its LSS
    marker and the Missions follow (the builder's `construct`). A Mine takes its `miner`'s seat (their
    Colonist comes from their reserve); an Advanced Building (`advanced` the owner's seat, `card` the
    Blueprint used) gives its owner that Blueprint, used (`upgrade`: from their hand, the deck or the
    display). PositionError if the result breaks a rule."""
    b = state.edit().construct(hex, btype, miner=None if miner == -1 else miner)
    if advanced != -1 or card != -1:
        b.upgrade(hex, advanced, card)
    return b.done()


def at_colony(state, seat=0):
    """Everyone at the Colony, `seat` first in Turn Order and at the start of its turn."""
    return _turn(state, seat, "colony")


def at_orbit(state, seat=0):
    """Everyone in Orbit, `seat` first in Turn Order and at the start of its turn."""
    return _turn(state, seat, "orbit")


def _turn(state, seat, side):
    step = "final_round" if state.final_round else "turn"
    return state.edit().turn_order(side, seat).set_turn(seat, step).done()


def take(state, kind, **params):
    """Apply the legal action of this kind whose params match `params` (the first one if several)."""
    for a in state.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
            return state.apply(a)
    legal = "; ".join(str(a) for a in state.legal_actions())
    raise ValueError(f"no legal {kind} {params} here; legal: {legal}")


def resolve(state):
    """Resolve every pending chance draw from the game's own seeded stream."""
    while state.to_move == "chance":
        state = state.resolve_chance()
    return state
