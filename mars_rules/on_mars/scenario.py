"""Setting up teaching positions (for notebooks and what-if questions): edit a State, then play on.

Every edit is checked: the position it builds goes through `from_json` (the types and ranges of every
field, then `invariants.problems`, the same rules the property tests check after every action), and an
edit that makes an impossible position raises PositionError listing what it broke. The box stays whole
by itself: Crystals given to or taken from a player come from or go back to the general supply, Tech
tiles from or to the Tech Grid, Colonists from or to the player's reserve (unless you set `reserve`
too), and Blueprint, Scientist or Earth Contract cards from the deck or the display (a display card's
place is taken by the lowest card of the deck that could be drawn there); the LSS markers and the
Missions on the board count what the edit adds (a Building, an upgrade, a Ship welcomed, a Tech column,
a tile claimed) as if it had been played. Nothing else follows: a Colony level or a Mission met that the
edit would bring is refused (play the action instead). `take` applies the one legal action that matches,
so every rule is still checked.

A position already built around the checks (with `_replace`) is judged on what the edit changes: only
the problems the edit adds are raised.

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
from .invariants import constructed, mission_events
from .setup import DECK_INDEX


def checked(state, before=None):
    """`state` read back through `from_json` (types, ranges and every invariant), or PositionError. With
    `before` (the position the edit started from), only the problems the edit added are raised."""
    from .codec import from_json
    try:
        text = state.to_json()
    except (TypeError, ValueError) as e:
        raise PositionError([f"the edited position cannot be written as JSON ({type(e).__name__}: {e})"]) from None
    try:
        return from_json(text)
    except PositionError as e:
        found = e.problems
    if before is not None:
        old = _problems_of(before)
        found = [p for p in found if p not in old]
        if not found:  # the edit added nothing to what was already wrong
            return state
    raise PositionError(found)


def _problems_of(state) -> list:
    from .codec import from_json
    try:
        from_json(state.to_json())
    except PositionError as e:
        return e.problems
    except (TypeError, ValueError):
        return []
    return []


def edit_player(state, seat, **changes):
    """The same State with some fields of one player's record changed (e.g. res=(4, 4, 4, 4, 4)), the box
    kept whole (see the module docstring); PositionError if the result breaks a rule."""
    pl = state.pieces[seat]
    new = pl._replace(**changes)
    extra = {}
    if "crystals" in changes and isinstance(new.crystals, int):
        extra["supply"] = state.supply - (new.crystals - pl.crystals)
    if "reserve" not in changes and ("lq" in changes or "wa" in changes):
        new = new._replace(reserve=pl.reserve - (new.lq + new.wa - pl.lq - pl.wa))
    if "lab" in changes:
        grid = list(state.tech_grid)
        for i, tech in enumerate(D.TECHS):
            grid[i] -= sum(1 for t, *_ in new.lab if t == tech) - sum(1 for t, *_ in pl.lab if t == tech)
        extra["tech_grid"] = tuple(grid)
    pieces = list(state.pieces)
    pieces[seat] = new
    out = _follow(state, state._replace(pieces=tuple(pieces), **extra))
    for kind, field, display in (("blueprint", "blueprints", "bp_display"),
                                 ("scientist", "scientists", "sci_display"),
                                 ("contract", "contracts", None)):
        if field in changes:
            def cards(p, field=field):
                return [x if field == "contracts" else x[0] for x in getattr(p, field)]
            out = _take_cards(out, kind, display or "con_display", set(cards(new)) - set(cards(pl)))
    return checked(out, state)


def _take_cards(state, kind, display, cards):
    """The cards given to a player leave the deck or the display (refilled from the deck, lowest card first)."""
    di = DECK_INDEX[kind]
    decks = list(state.decks)
    deck = list(decks[di])
    shown = list(getattr(state, display))
    for card in sorted(c for c in cards if isinstance(c, int)):
        if card in deck:
            deck.remove(card)
        elif card in shown:
            at = shown.index(card)
            drawable = [c for c in deck if kind != "blueprint" or state.level >= D.LEVEL3_BLUEPRINTS_FROM
                        or state.cards.blueprints[c][1] == 1]
            if drawable:
                shown[at] = drawable[0]
                deck.remove(drawable[0])
            else:
                del shown[at]
    decks[di] = tuple(deck)
    return state._replace(decks=tuple(decks), **{display: tuple(shown)})


def add_building(state, hex, btype, advanced=-1, card=-1, miner=-1):
    """The same State with one more Building on the map (a hex that is free), as if constructed: its LSS
    marker and the Missions follow. A Mine takes its `miner`'s seat (their Colonist comes from their
    reserve); an Advanced Building (`advanced` the owner's seat, `card` the Blueprint used) gives its
    owner that Blueprint, used (from their hand, the deck or the display). PositionError if the result
    breaks a rule."""
    out = state._replace(buildings=tuple(sorted(state.buildings + ((hex, btype, advanced, card, miner),))))
    seats = range(len(state.pieces))
    if miner in seats and not isinstance(miner, bool):
        pieces = list(out.pieces)
        pieces[miner] = pieces[miner]._replace(reserve=pieces[miner].reserve - 1)
        out = out._replace(pieces=tuple(pieces))
    if advanced in seats and not isinstance(advanced, bool) and isinstance(card, int) and card >= 0:
        owner = out.pieces[advanced]
        held = [c for c, _b in owner.blueprints]
        blueprints = (tuple((c, 1 if c == card else b) for c, b in owner.blueprints) if card in held
                      else owner.blueprints + ((card, 1),))
        pieces = list(out.pieces)
        pieces[advanced] = owner._replace(blueprints=blueprints)
        out = out._replace(pieces=tuple(pieces))
        if card not in held:
            out = _take_cards(out, "blueprint", "bp_display", {card})
    return checked(_follow(state, out), state)


def _follow(before, after):
    """The counters that follow the pieces: LSS markers (Buildings constructed) and the contributions of the
    Missions on the board (Buildings, upgrades, Ships, Tech columns, tiles claimed) move with the edit."""
    try:
        lss = tuple(min(D.LSS_MAX, x + constructed(after, b) - constructed(before, b))
                    for x, b in zip(before.lss, D.LSS_TRACKS))
        table = before.cards.missions
        missions = tuple((card, n + mission_events(after, table[card][1]) - mission_events(before, table[card][1]))
                         for card, n in before.missions)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        return after  # a malformed edit: `checked` lists its problems
    return after._replace(lss=lss, missions=missions)


def _turn(state, seat, base):
    """`seat` first in Turn Order on one side (everyone there) and at the start of its turn."""
    n = len(state.players)
    order = tuple(base + ((s - seat) % n) for s in range(n))
    out = state._replace(order=order, active=seat, to_move=seat, phase="colonization",
                         step="final_round" if state.final_round else "turn", main="", exec_used=False,
                         done=(False,) * n, queue=(), shuttle_left="", used=0, allow=0, moves=(), pay_left=0,
                         choices=0, tile=-1, build="", resume="")
    return checked(out, state)


def at_colony(state, seat=0):
    """Everyone at the Colony, `seat` first in Turn Order and at the start of its turn."""
    return _turn(state, seat, D.TURN_ORDER_SPACES)


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
    """Resolve every pending chance draw from the game's own seeded stream."""
    while state.to_move == "chance":
        state = state.resolve_chance()
    return state
