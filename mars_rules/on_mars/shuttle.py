"""Shuttle Phase decisions: travel or stay, place a Discovery tile, take a Turn Order space."""
from __future__ import annotations

from mars_rules.core import Action

from . import data as D
from . import flow
from .board import bmap
from .texts import text

RULE = "Shuttle Phase"

_tuple_new = tuple.__new__  # Action.fast without the call


def legal_shuttle(state, seat) -> list:
    out = []
    for pay in ("free", "ship"):
        if travel_problem(state, seat, pay) is None:
            out.append(_tuple_new(Action, ("travel", seat, (("to", dest_side(state, seat)), ("pay", pay)), text)))
    out.append(_tuple_new(Action, ("stay", seat, (), text)))
    return out


def travel_problem(state, seat, pay):
    """Why the player cannot travel paying `pay` ("free" or "ship") now (None if they can): "If the Shuttle
    traveled from your side, you travel free; otherwise you may travel by discarding a ship from your Hangar"."""
    side = flow.side_of(state.order[seat])
    if pay == "free" and state.shuttle_left != side:
        if state.shuttle_left:
            return (f"The Shuttle left the {state.shuttle_left.capitalize()}, not your side: travelling costs a "
                    f"Ship from your Hangar.")
        return "The Shuttle did not travel this phase: travelling costs a Ship from your Hangar."
    if pay == "ship":
        if state.shuttle_left == side:
            return "The Shuttle left your side: you travel free (pay 'free'), no Ship is discarded."
        if state.pieces[seat].hangar < 1:
            return "Your Hangar has no Ship to discard."
    return None


def apply_shuttle(t, seat, a):
    if a[0] == "stay":
        t.say(f"{t.name(seat)} stays {flow.WHERE[flow.side_of(t.g('order')[seat])]}.")
        t.s("queue", t.g("queue")[1:])
        flow.next_traveller(t)
        return
    if a.get("pay") == "ship":
        pl = t.p(seat)
        t.setp(seat, hangar=pl.hangar - 1)
        t.say(f"{t.name(seat)} discards a Ship from the Hangar to travel.")
    flow.travel(t, seat, a.get("to"), discovery=True)


def discovery_hexes(state, seat) -> list:
    m = bmap(state)
    return [h for h in D.RING[state.pieces[seat].rover] if h not in m]


def discovery_problem(state, seat, h, hexes=None):
    """Why the Discovery tile may not go on h (None if it may); h None = discard it. `hexes`:
    discovery_hexes(state, seat), when the caller has it."""
    if hexes is None:
        hexes = discovery_hexes(state, seat)
    rover = state.pieces[seat].rover
    if h is None:
        return None if not hexes else \
            "A free hex lies 3 hexes from your Rover: the Discovery tile must be placed there."
    if h not in D.HEX_SET:
        return f"{h} is not a hex of the map."
    if D.hex_distance(h, rover) != D.DISCOVERY_DISTANCE:
        return (f"A Discovery tile goes exactly {D.DISCOVERY_DISTANCE} hexes from your Rover on {rover}; "
                f"{h} is {D.hex_distance(h, rover)} away.")
    if h not in hexes:
        return f"{h} holds a Building: the tile goes on a hex without one (it may replace a tile)."
    return None


def legal_discovery(state, seat) -> list:
    """The hexes of discovery_hexes (discovery_problem's last check: they pass its others, being the free
    hexes of the ring 3 from the Rover), or the discard when there is none."""
    hexes = discovery_hexes(state, seat)
    out = [_tuple_new(Action, ("place_discovery", seat, (("hex", h),), text)) for h in hexes]
    if discovery_problem(state, seat, None, hexes) is None:
        out.append(_tuple_new(Action, ("discard_discovery", seat, (), text)))
    return out


def apply_discovery(t, seat, h):
    tile = t.g("tile")
    if h is None:
        t.say(f"No free hex lies 3 hexes from {t.name(seat)}'s Rover: the Discovery tile is discarded.")
        t.s("tile", -1)
        t.s("step", t.g("resume"))
        t.s("resume", "")
        return
    tiles = tuple(x for x in t.g("tiles") if x[0] != h)
    if len(tiles) != len(t.g("tiles")):
        t.say(f"The tile on {h} is replaced.")
    t.s("tiles", tuple(sorted(tiles + ((h, "discovery", tile),))))
    t.s("tile", -1)
    t.say(f"{t.name(seat)} places the Discovery tile {t.state.cards.discovery_tiles[tile][0]} on {h}.")
    t.s("step", t.g("resume"))
    t.s("resume", "")


def dest_side(state, seat) -> str:
    """The side the traveller is going to."""
    here = flow.side_of(state.order[seat])
    return flow.COLONY if here == flow.ORBIT else flow.ORBIT


def free_spaces(state, seat) -> list:
    base = 0 if dest_side(state, seat) == flow.ORBIT else D.TURN_ORDER_SPACES
    taken = set(o for s, o in enumerate(state.order) if s != seat)
    return [base + i for i in range(D.TURN_ORDER_SPACES) if base + i not in taken]


def space_problem(state, seat, sp, resource):
    """Why the traveller may not take this Turn Order space (None if they may)."""
    dest = dest_side(state, seat)
    if not isinstance(sp, int) or isinstance(sp, bool) or not 0 <= sp < 2 * D.TURN_ORDER_SPACES:
        return f"Turn Order spaces are 0-{D.TURN_ORDER_SPACES - 1} (Orbit) and {D.TURN_ORDER_SPACES}-" \
               f"{2 * D.TURN_ORDER_SPACES - 1} (Colony)."
    if flow.side_of(sp) != dest:
        return f"You are travelling to the {dest.capitalize()}: take a Turn Order space of that side."
    if sp not in free_spaces(state, seat):
        return "That Turn Order space is taken: take an empty one."
    choice = D.TURN_ORDER_BONUS[sp % D.TURN_ORDER_SPACES] == "choice"
    if choice and resource not in D.RESOURCES:
        return f"This space's bonus is 1 Resource of your choice: name one of {', '.join(D.RESOURCES)}."
    if not choice and resource:
        return "This space's bonus is not a Resource of your choice: leave the resource empty."
    return None


def legal_turn_order(state, seat) -> list:
    out = []
    for sp in free_spaces(state, seat):
        if D.TURN_ORDER_BONUS[sp % D.TURN_ORDER_SPACES] == "choice":
            out.extend(_tuple_new(Action, ("take_space", seat, (("space", sp), ("resource", r)), text))
                       for r in D.RESOURCES)
        else:
            out.append(_tuple_new(Action, ("take_space", seat, (("space", sp), ("resource", "")), text)))
    return out


def apply_turn_order(t, seat, sp, resource):
    order = list(t.g("order"))
    order[seat] = sp
    t.s("order", tuple(order))
    side, n = ("Orbit" if sp < D.TURN_ORDER_SPACES else "Colony"), sp % D.TURN_ORDER_SPACES + 1
    t.say(f"{t.name(seat)} moves to {side} Turn Order space {n}.")
    bonus = D.TURN_ORDER_BONUS[sp % D.TURN_ORDER_SPACES]
    if bonus == "crystal":
        t.gain(seat, "crystal", D.TURN_ORDER_BONUS_AMOUNT, "(Turn Order bonus)")
    elif bonus == "choice":
        t.gain(seat, resource, D.TURN_ORDER_BONUS_AMOUNT, "(Turn Order bonus)")
    flow.after_travel(t)
