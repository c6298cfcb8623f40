"""Colony Main actions: Control Center, Construct, Upgrade, Welcome a Ship, Hire a Scientist / Earth Contract."""
from __future__ import annotations

from mars_rules.core import Action

from . import data as D
from . import flow
from .board import _needs, bmap, buildable, buildable_types, complex_of, has, joined_size, zone_hexes
from .options import build_costs
from .texts import of as texts_of
from .texts import text
from .tx import can_pay

RULE = "Colony Main Actions"

_tuple_new = tuple.__new__  # Action.fast without the call


def _done(seat, action):
    return _tuple_new(Action, ("done", seat, (("action", action),), text))


# ----------------------------------------------------------------- Control Center
def legal_control(state, seat) -> list:
    pl = state.pieces[seat]
    mv = state.moves
    out = []
    if mv[0] > 0:
        out.extend(_tuple_new(Action, ("move_rover", seat, (("to", n),), text)) for n in D.NEIGHBOURS[pl.rover])
    for i, h in enumerate(pl.bots):
        if i + 1 < len(mv) and mv[i + 1] > 0:
            out.extend(_tuple_new(Action, ("move_bot", seat, (("bot", i), ("to", n)), text)) for n in D.NEIGHBOURS[h])
    if pl.crystals > 0:
        out.append(_tuple_new(Action, ("spend_crystal", seat, (("piece", -1),), text)))
        out.extend(_tuple_new(Action, ("spend_crystal", seat, (("piece", i),), text)) for i in range(len(pl.bots)))
    out.append(_done(seat, "control"))
    return out


def apply_control(t, seat, a):
    kind = a[0]
    pl = t.p(seat)
    mv = list(t.g("moves"))
    if kind == "spend_crystal":
        piece = a.get("piece")
        t.pay(seat, ("crystal",))
        mv[piece + 1] += 1
        t.say(f"{t.name(seat)} spends 1 Crystal: +1 movement for the "
              f"{'Rover' if piece < 0 else 'Bot %d' % (piece + 1)}.")
    elif kind == "move_rover":
        to = a.get("to")
        mv[0] -= 1
        t.setp(seat, rover=to)
        crystals = t.g("map_crystals")
        if to in crystals:
            pl = t.p(seat)
            if pl.crystals < t.crystal_cap(seat):
                t.setp(seat, crystals=pl.crystals + 1)
                t.s("map_crystals", tuple(h for h in crystals if h != to))
                t.say(f"{t.name(seat)}'s Rover collects the Crystal on {to}.")
    else:
        i, to = a.get("bot"), a.get("to")
        mv[i + 1] -= 1
        bots = list(pl.bots)
        bots[i] = to
        t.setp(seat, bots=tuple(bots))
    t.s("moves", tuple(mv))


def control_problem(state, seat, kind, piece, to):
    """Why a Control Center move is refused (None if it is allowed). `piece`: -1 for the Rover, else a Bot
    index; `to`: the hex moved to (None for spend_crystal)."""
    pl = state.pieces[seat]
    if not isinstance(piece, int) or isinstance(piece, bool) or not -1 <= piece < len(pl.bots):
        return f"There is no Bot {piece!r} of yours: your {len(pl.bots)} Bot(s) on Mars are numbered from 0."
    name = "Rover" if piece < 0 else f"Bot {piece + 1}"
    if kind == "spend_crystal":
        if pl.crystals < 1:
            return "You have no Crystal in your Depot to spend for 1 more movement."
        return None
    at = pl.rover if piece < 0 else pl.bots[piece]
    if state.moves[piece + 1] < 1:
        return (f"Your {name} has no movement left ({D.ROVER_MOVEMENT if piece < 0 else D.BOT_MOVEMENT}, "
                + ("+ the Rover Tech level, " if piece < 0 else "")
                + "+1 per Crystal spent): spend a Crystal for one more hex, or finish.")
    if to not in D.HEX_SET:
        return f"{to} is not a hex of the map."
    if to not in D.NEIGHBOURS[at]:
        return f"Your {name} moves one hex at a time, to a hex next to {at}."
    return None


def end_control(t, seat):
    """Movement over: the Rover claims the tile it ends on, then Bots clean what they end on."""
    pl = t.p(seat)
    tiles = t.g("tiles")
    for rec in tiles:
        if rec[0] == pl.rover:
            h, kind, tid = rec
            tiles = tuple(x for x in tiles if x != rec)
            t.s("tiles", tiles)
            reward = D.RESEARCH_REWARD if kind == "research" else t.state.cards.discovery_tiles[tid][1]
            t.say(f"{t.name(seat)}'s Rover claims the {kind.capitalize()} tile on {h}.")
            for item, n in reward:
                t.gain(seat, item, n, f"(the {kind.capitalize()} tile)")
            t.setp(seat, claimed=t.p(seat).claimed + 1)
            flow.contribute(t, seat, "claim")
            break
    for b in sorted(set(pl.bots)):
        crystals = t.g("map_crystals")
        if b in crystals:
            t.s("map_crystals", tuple(h for h in crystals if h != b))
            t.s("supply", t.g("supply") + 1)
            t.say(f"A Bot of {t.name(seat)} cleans the Crystal on {b} (back to the supply).")
        tiles = t.g("tiles")
        for rec in tiles:
            if rec[0] == b:
                t.s("tiles", tuple(x for x in tiles if x != rec))
                t.say(f"A Bot of {t.name(seat)} destroys the {rec[1].capitalize()} tile on {b}.")
                break


# ----------------------------------------------------------------- Construct
def construct_hexes(state, seat, btype) -> list:
    return buildable(state, seat, btype)


def begin_construct(state, seat, lq=None):
    """`lq`: the player's Colonists in the Living Quarters to judge with (a Main action check passes the
    number left once the Colonist is placed)."""
    if buildable_types(state, seat, first=True, lq=lq):
        return None
    return ("No Building can be constructed in your Building Zones (each needs a free hex exactly 2 from one of "
            "its type, or a Tech for a Complex, and its cost).")


def building_problem(state, seat, btype):
    """Why this Building type cannot be chosen now (None if it can be built somewhere)."""
    if btype not in D.BUILDINGS:
        return f"There is no Building called {btype!r} ({', '.join(D.BUILDINGS)})."
    if btype in buildable_types(state, seat):
        return None
    pl = state.pieces[seat]
    name = D.BUILDING_NAME[btype]
    cost = build_costs(state.options)[btype][0]
    if btype == "mine" and pl.lq < 1:
        return "A Mine needs a Miner: you have no Colonist in your Living Quarters."
    if not can_pay(pl, cost):
        from .tx import words
        return f"A {name} costs {words(cost)}; you do not have it."
    return (f"No hex of your Building Zones fits a {name}: it must stand exactly 2 hexes from a {name}, or next "
            f"to one forming a Complex, with a {name} Tech tile of level at least the Complex size.")


def legal_construct(state, seat) -> list:
    out = [_tuple_new(Action, ("choose_building", seat, (("building", b),), text))
           for b in buildable_types(state, seat)]
    return out or [_done(seat, "construct")]  # the payment used what a Building needed


def legal_construct_hex(state, seat) -> list:
    b = state.build
    return [_tuple_new(Action, ("construct", seat, (("building", b), ("hex", h)), text))
            for h in construct_hexes(state, seat, b)]


def apply_construct(t, seat, btype, h):
    state = t.state
    m = bmap(state)
    size = joined_size(m, btype, h)
    pl = t.p(seat)
    miner = -1
    if btype == "mine":
        t.setp(seat, lq=pl.lq - 1)
        miner = seat
    cost = build_costs(state.options)[btype][0]
    if cost:
        t.pay(seat, cost)
    t.s("buildings", tuple(sorted(state.buildings + ((h, btype, -1, -1, miner),))))
    name = D.BUILDING_NAME[btype]
    t.say(f"{t.name(seat)} constructs {'an' if name[0] in 'AEIOU' else 'a'} {name} on {h}" + (" with a Miner on it." if miner >= 0 else ".")
          + (f" It forms a Complex of {size}." if size else ""))
    out = D.OUTPUT[btype]
    t.gain(seat, out, max(size, 1), f"(Complex size {max(size, 1)})")
    if size:
        pl = t.p(seat)
        if btype not in pl.progress_types:
            types = pl.progress_types + (btype,)
            if pl.progress < D.PROGRESS_CUBES:
                t.setp(seat, progress=pl.progress + 1, progress_types=types)
                t.say(f"{t.name(seat)}'s first {name} Complex: a Progress cube advances.")
            else:
                t.setp(seat, progress_types=types)
    if btype in D.LSS_TRACKS:
        flow.advance_lss(t, seat, btype)
    flow.contribute(t, seat, f"construct:{btype}")
    flow.finish_main(t)


# ----------------------------------------------------------------- Upgrade
def upgrade_problem(state, seat, card, h):
    """Why this Blueprint cannot upgrade the Building on h now (None if it can)."""
    pl = state.pieces[seat]
    mine = dict(pl.blueprints)
    if card not in mine:
        return "That Blueprint is not yours."
    if mine[card]:
        return "That Blueprint was already used: each Blueprint is used once."
    if h not in zone_hexes(pl):
        return f"{h} is not in a Building Zone of yours."
    m = bmap(state)
    return _fit_problem(m, state.cards.blueprints[card], m.get(h), h) or _payment_problem(state, pl)


def _fit_problem(m, blueprint, rec, h, quiet=False):
    """Why the Blueprint does not fit the Building record `rec` on h (None if it does); with `quiet`, True
    instead of the sentence."""
    btype, lvl, _gain = blueprint
    if rec is None or rec[1] != btype:
        return quiet or f"The Blueprint upgrades a {D.BUILDING_NAME[btype]}; there is none on {h}."
    if rec[2] >= 0:
        return quiet or "That Building is already upgraded: each Building is upgraded once."
    if lvl == 3 and len(complex_of(m, h)) < 3:
        return quiet or "A Level 3 Blueprint needs a Building in a Complex of 3 or more."
    return None


_MINERAL = D.RES_INDEX["mineral"]


def _payment_problem(state, pl):
    """Why the player can make no upgrade now, whatever the Blueprint (None if they can pay for one)."""
    if pl.res[_MINERAL] < 1:
        return "An upgrade costs 1 Mineral; you have none."
    if state.step == "upgrade" and state.used >= state.allow:
        return "You have made every upgrade allowed (1 + the level of your Upgrade Tech)."
    return None


def upgrade_options(state, seat) -> list:
    """The (card, hex) pairs upgrade_problem allows: its checks, with the Blueprint-independent ones made once."""
    pl = state.pieces[seat]
    unused = [card for card, built in pl.blueprints if not built]
    if not unused or _payment_problem(state, pl):
        return []
    m = bmap(state)
    recs = [m[h] for h in zone_hexes(pl) if h in m]
    table = state.cards.blueprints
    text = texts_of(state.cards)
    return [_tuple_new(Action, ("upgrade", seat, (("card", card), ("hex", rec[0])), text))
            for card in unused for rec in recs if _fit_problem(m, table[card], rec, rec[0], True) is None]


def begin_upgrade(state, seat):
    return None if upgrade_options(state, seat) else \
        "No upgrade is possible: an unused Blueprint, a matching Building in a Building Zone and 1 Mineral are needed."


def legal_upgrade(state, seat) -> list:
    out = upgrade_options(state, seat)
    if state.used >= 1 or not out:
        out.append(_done(seat, "upgrade"))
    return out


def apply_upgrade(t, seat, card, h):
    t.pay(seat, ("mineral",))
    pl = t.p(seat)
    t.setp(seat, blueprints=tuple((c, 1 if c == card else b) for c, b in pl.blueprints))
    t.s("buildings", tuple((x, b, seat, card, mn) if x == h else (x, b, adv, c, mn)
                           for x, b, adv, c, mn in t.g("buildings")))
    btype = t.state.cards.blueprints[card][0]
    t.say(f"{t.name(seat)} upgrades the {D.BUILDING_NAME[btype]} on {h}: the Advanced Building marker moves onto it.")
    t.s("used", t.g("used") + 1)
    flow.contribute(t, seat, "upgrade")
    if t.g("used") >= t.g("allow"):
        flow.finish_main(t)


# ----------------------------------------------------------------- Welcome a Ship
_SHIP_COST = _needs(("plant", "water"))


def welcome_problem(state, seat):
    pl = state.pieces[seat]
    if pl.depot_ships < 1:
        return "Your Depot has no Ship left."
    limit = state.options.ship_limit[state.level - 1]
    if pl.hangar >= limit:
        return f"At Colony level {state.level} a Hangar holds at most {limit} Ships."
    if not has(pl, _SHIP_COST):
        return "A Ship costs 1 Plant and 1 Water; you do not have them."
    return None


def empty_shelters(state) -> list:
    bots = set()
    for pl in state.pieces:
        bots.update(pl.bots)
    return [h for h, b, _a, _c, _m in state.buildings if b == "shelter" and h not in bots]


def welcome_options(state, seat) -> list:
    """The Welcome a Ship choices welcome_problem and welcome_choice_problem allow."""
    if welcome_problem(state, seat):
        return []
    return [_tuple_new(Action, ("welcome_ship", seat, (("gain", gain), ("hex", h)), text))
            for gain, h in [("colonists", ())] + [("bot", h) for h in empty_shelters(state)]
            if welcome_choice_problem(state, seat, gain, h) is None]


def begin_welcome(state, seat):
    return welcome_problem(state, seat)


def legal_welcome(state, seat) -> list:
    out = welcome_options(state, seat) if state.used < state.allow else []
    if state.used >= state.allow and state.pieces[seat].lq > 0 and welcome_problem(state, seat) is None:
        out.append(_tuple_new(Action, ("boost", seat, (("gives", "welcome one more Ship"),), text)))
    if state.used >= 1 or not out:
        out.append(_done(seat, "welcome"))
    return out


def apply_welcome(t, seat, gain, h):
    t.pay(seat, ("plant", "water"))
    pl = t.p(seat)
    t.setp(seat, depot_ships=pl.depot_ships - 1, hangar=pl.hangar + 1)
    t.say(f"{t.name(seat)} welcomes a Ship: it moves from the Depot to the Hangar.")
    if gain == "bot":
        t.gain(seat, "colonist", 1, "(a new Colonist)")
        t.setp(seat, bots=t.p(seat).bots + (h,))
        t.say(f"A new Bot of {t.name(seat)} lands on the Shelter on {h}.")
    else:
        t.gain(seat, "colonist", 2, "(new Colonists)")
    t.s("used", t.g("used") + 1)
    flow.contribute(t, seat, "ship")


# ----------------------------------------------------------------- Scientists and Earth Contracts
def welcome_choice_problem(state, seat, gain, h):
    """Why this Welcome a Ship choice is refused (the Ship itself is judged by welcome_problem)."""
    if gain == "colonists":
        return None if h in ((), None) else "Two Colonists need no hex: choose hex () for them."
    if gain != "bot":
        return "A welcomed Ship gives 1 Colonist and 1 Bot ('bot') or 2 Colonists ('colonists')."
    if len(state.pieces[seat].bots) >= D.BOTS:
        return f"All your {D.BOTS} Bots are on Mars already: take 2 Colonists instead."
    if h not in empty_shelters(state):
        return f"The new Bot lands on an empty Shelter (a Shelter with no Bot); {h} is not one."
    return None


def hire_problem(state, seat, kind, card, quiet=False):
    """Why this Scientist or Earth Contract cannot be taken (None if it can); with `quiet`, True instead of
    the sentence."""
    if kind == "hire_scientist":
        if state.level > state.options.hire_scientists_until:
            return quiet or (f"Scientists are hired early only: up to Colony level "
                             f"{state.options.hire_scientists_until} (the Colony is at level {state.level}).")
        if card not in state.sci_display:
            return quiet or "That Scientist is not on the display."
        return None
    if card not in state.con_display:
        return quiet or "That Earth Contract is not on the display."
    return None


def _hire_choices(state, seat):
    """The (kind, card) choices on display that hire_problem allows."""
    for kind, display in (("hire_scientist", state.sci_display), ("take_contract", state.con_display)):
        for card in display:
            if hire_problem(state, seat, kind, card, True) is None:
                yield kind, card


def begin_hire(state, seat):
    if next(_hire_choices(state, seat), None):
        return None
    return "There is no Scientist you may hire and no Earth Contract on display."


def legal_hire(state, seat) -> list:
    text = texts_of(state.cards)
    return [_tuple_new(Action, (kind, seat, (("card", card),), text)) for kind, card in _hire_choices(state, seat)] \
        or [_done(seat, "hire")]


def apply_hire(t, seat, a):
    card = a.get("card")
    pl = t.p(seat)
    if a[0] == "hire_scientist":
        t.s("sci_display", tuple(c for c in t.g("sci_display") if c != card))
        t.setp(seat, scientists=pl.scientists + ((card, ()),))
        t.say(f"{t.name(seat)} hires the {t.state.cards.scientists[card][0]}.")
        t.s("pending", t.g("pending") + ("scientist",))
    else:
        t.s("con_display", tuple(c for c in t.g("con_display") if c != card))
        t.setp(seat, contracts=pl.contracts + (card,))
        t.say(f"{t.name(seat)} takes the Earth Contract {t.state.cards.contracts[card][0]}.")
        t.s("pending", t.g("pending") + ("contract",))
    flow.finish_main(t)
