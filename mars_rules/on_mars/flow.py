"""The round: Colonization turns in Turn Order, the Shuttle Phase, round end, the end of the game.

Also the colony-wide effects shared by several actions: Mission contributions, LSS tracks and the
Colony level, and travelling (used by the Shuttle Phase and the Landing Pod).
"""
from __future__ import annotations

from . import data as D
from .options import mission_target
from .state import State
from .tx import plural

ORBIT, COLONY = "orbit", "colony"
WHERE = {ORBIT: "in Orbit", COLONY: "at the Colony"}
TO = {ORBIT: "to Orbit", COLONY: "to the Colony"}


def side_of(space: int) -> str:
    return ORBIT if space < D.TURN_ORDER_SPACES else COLONY


_orders = {}


def turn_order(order) -> tuple:
    """Seats in Turn Order: Orbit spaces left to right, then Colony spaces left to right."""
    out = _orders.get(order)
    if out is None:
        if len(_orders) > 10_000:
            _orders.clear()
        out = _orders[order] = tuple(sorted(range(len(order)), key=order.__getitem__))
    return out


# The State's field indices: the hot transitions below write the Tx's values directly (what t.s does).
_F = {name: i for i, name in enumerate(State._fields)}
_ACTIVE, _STEP, _MAIN, _EXEC_USED = _F["active"], _F["step"], _F["main"], _F["exec_used"]
_USED, _ALLOW, _MOVES, _BUILD = _F["used"], _F["allow"], _F["moves"], _F["build"]
_DONE, _ORDER, _FINAL_ROUND = _F["done"], _F["order"], _F["final_round"]
_SIDE_WORD = {ORBIT: "Orbit", COLONY: "Colony"}


# ----------------------------------------------------------------- Colonization Phase
def start_round(t):
    n = len(t.g("players"))
    t.s("done", (False,) * n)
    t.s("phase", "colonization")
    t.s("shuttle_left", "")
    next_turn(t)


def next_turn(t):
    v = t.v
    done = v[_DONE]
    order = v[_ORDER]
    for seat in turn_order(order):
        if not done[seat]:
            v[_ACTIVE] = seat
            v[_STEP] = "final_round" if v[_FINAL_ROUND] else "turn"
            v[_MAIN] = ""
            v[_EXEC_USED] = False
            v[_USED] = 0
            v[_ALLOW] = 0
            v[_MOVES] = ()
            v[_BUILD] = ""
            t.ev.append(f"{t.state.players[seat]}'s turn ({_SIDE_WORD[side_of(order[seat])]}).")
            return
    if v[_FINAL_ROUND]:
        game_over(t)
    else:
        start_shuttle(t)


def end_turn(t):
    v = t.v
    seat = v[_ACTIVE]
    done = list(v[_DONE])
    done[seat] = True
    v[_DONE] = tuple(done)
    t.ev.append(f"{t.state.players[seat]} lays the Player marker down.")
    next_turn(t)


def finish_main(t):
    v = t.v
    v[_STEP] = "turn_end"
    v[_USED] = 0
    v[_ALLOW] = 0
    v[_MOVES] = ()
    v[_BUILD] = ""


# ----------------------------------------------------------------- Shuttle Phase
def start_shuttle(t):
    t.s("phase", "shuttle")
    side, pos = t.g("shuttle_side"), t.g("shuttle_pos") - 1
    if pos <= 0:
        other = COLONY if side == ORBIT else ORBIT
        dist = t.state.options.travel_space[t.g("level") - 1]
        t.s("shuttle_left", side)
        t.s("shuttle_side", other)
        t.s("shuttle_pos", dist)
        t.say(f"Shuttle Phase: the Shuttle reaches the middle and travels from the {side.capitalize()} to the "
              f"{other.capitalize()} (Travel space {dist}).")
    else:
        t.s("shuttle_left", "")
        t.s("shuttle_pos", pos)
        t.say(f"Shuttle Phase: the Shuttle moves to space {pos} on the {side.capitalize()} side; it does not travel.")
    t.s("queue", turn_order(t.g("order")))
    next_traveller(t)


def travel_options(t, seat) -> tuple:
    """('free' | 'ship', ...) the ways this player may travel now."""
    side = side_of(t.g("order")[seat])
    if t.g("shuttle_left") == side:
        return ("free",)
    if t.p(seat).hangar > 0:
        return ("ship",)
    return ()


def next_traveller(t):
    queue = t.g("queue")
    while queue:
        seat = queue[0]
        if travel_options(t, seat):
            t.s("active", seat)
            t.s("step", "shuttle")
            return
        t.say(f"{t.name(seat)} stays: the Shuttle did not leave their side and their Hangar has no Ship.")
        queue = queue[1:]
        t.s("queue", queue)
    end_round(t)


def end_round(t):
    t.s("queue", ())
    n = len(t.g("players"))
    full = t.state.options.warehouse_stock[n - 2]
    have = t.g("warehouse")
    need = max(0, full[0] - have[0])
    add = min(need, t.g("supply"))
    t.s("supply", t.g("supply") - add)
    t.s("warehouse", (have[0] + add,) + full[1:])
    t.say(f"End of round {t.g('round')}: the Warehouse is restocked.")
    limit = t.state.options.round_limit
    if not t.g("end_triggered") and t.g("round") >= limit:
        t.s("end_triggered", True)
        t.say(f"Round limit (teaching edition safeguard): the end is triggered after round {limit}.")
    if t.g("end_triggered"):
        t.s("final_round", True)
        t.say("The next round is the final round (no Shuttle Phase after it).")
    t.s("round", t.g("round") + 1)
    start_round(t)


def game_over(t):
    """Retrieve every Colonist from slots and Working Areas, then the game is over."""
    slots = t.g("slots")
    for seat in range(len(t.g("players"))):
        on_slots = sum(s.count(seat) for s in slots)
        pl = t.p(seat)
        if on_slots or pl.wa:
            t.setp(seat, lq=pl.lq + pl.wa + on_slots, wa=0)
    t.s("slots", tuple(() for _ in slots))
    t.s("phase", "over")
    t.s("step", "game_over")
    t.say("The final round is over: all Colonists return to the Living Quarters and the game is scored.")
    from .scoring import player_rows
    final = t.peek()
    totals = (sum(row.points for row in player_rows(final, seat)) for seat in range(len(final.players)))
    t.say("Final scores: " + ", ".join(f"{t.name(seat)} {op} OP" for seat, op in enumerate(totals)) + ".")


# ----------------------------------------------------------------- travelling
def retrieve(t, seat, side):
    """Colonists of `seat` on the slots of `side` and in the Working Area go back to the Living Quarters."""
    slots = list(t.g("slots"))
    back = 0
    for i, a in enumerate(D.ACTIONS):
        if D.ACTION_SIDE[a] == side and seat in slots[i]:
            back += slots[i].count(seat)
            slots[i] = tuple(s for s in slots[i] if s != seat)
    pl = t.p(seat)
    if back:
        t.s("slots", tuple(slots))
    if back or pl.wa:
        t.setp(seat, lq=pl.lq + back + pl.wa, wa=0)
        t.say(f"{t.name(seat)} retrieves {back + pl.wa} {plural('colonist', back + pl.wa)} to the Living Quarters.")


def production(t, seat):
    """Travel to Orbit: Advanced Buildings produce; Shelters give a Crystal; Mines give Minerals."""
    for _h, btype, adv, _card, miner in t.g("buildings"):
        if adv == seat:
            item = "crystal" if btype == "shelter" else D.OUTPUT[btype]
            t.gain(seat, item, D.PRODUCTION, f"from the Advanced {D.BUILDING_NAME[btype]} (production)")
        if btype == "mine" and miner == seat:
            t.gain(seat, "mineral", D.PRODUCTION, "from a Miner (production)")


def travel(t, seat, dest, discovery):
    """Start `seat`'s trip to `dest`; the trip ends when a Turn Order space is taken (take_space)."""
    t.say(f"{t.name(seat)} travels {TO[dest]}.")
    if dest == ORBIT:
        production(t, seat)
    retrieve(t, seat, dest)
    t.s("step", "turn_order")
    if dest == COLONY and discovery:
        t.s("resume", "turn_order")
        t.s("step", "discovery")
        t.s("pending", t.g("pending") + ("discovery",))


def after_travel(t):
    """The Turn Order space is taken: continue the Shuttle Phase or the Landing Pod turn."""
    if t.g("phase") == "shuttle":
        t.s("queue", t.g("queue")[1:])
        next_traveller(t)
    else:
        finish_main(t)


# ----------------------------------------------------------------- colony-wide effects
def contribute(t, seat, kind):
    """A contribution to every Mission of this kind: Crystals and the tracker; a met Mission is removed."""
    missions = t.g("missions")
    state = t.state
    table = state.cards.missions
    new = []
    for card, n in missions:
        name, k, _target = table[card]
        if k == kind:
            n += 1
            t.gain(seat, "crystal", state.options.mission_crystals, f"for contributing to Mission {name}")
            if n >= mission_target(state, card):
                t.say(f"Mission {name} is met and removed; the Remaining Missions marker advances.")
                advance_remaining(t, 1)
                continue
        new.append((card, n))
    if len(new) != len(missions) or new != list(missions):
        t.s("missions", tuple(new))


def advance_remaining(t, n):
    to_end = t.state.options.missions_to_end
    r = min(to_end, t.g("remaining") + n)
    t.s("remaining", r)
    if r >= to_end and not t.g("end_triggered"):
        t.s("end_triggered", True)
        t.say("The Remaining Missions marker reaches the end: the end of the game is triggered "
              "(finish this round, then one more without its Shuttle Phase).")


def advance_lss(t, seat, btype):
    i = D.LSS_TRACKS.index(btype)
    lss = list(t.g("lss"))
    if lss[i] >= D.LSS_MAX:
        return
    lss[i] += 1
    t.s("lss", tuple(lss))
    level = t.g("level")
    up = t.state.options.level_up_at
    rise = (f" (the Colony rises to level {level + 1} when all four markers reach {up[level - 1]})"
            if level < D.MAX_LEVEL else "")
    t.say(f"The {D.BUILDING_NAME[btype]} LSS marker advances to {lss[i]}{rise}.")
    if lss[i] in D.LSS_REWARD_STEPS:
        t.gain(seat, "crystal", D.LSS_REWARD_CRYSTALS, "(LSS Reward)")
    while level < D.MAX_LEVEL and min(lss) >= up[level - 1]:
        level += 1
        t.s("level", level)
        per_cube = t.state.options.level_up_op_per_cube
        t.say(f"The Colony reaches level {level}: each player scores {per_cube} OP per Progress cube.")
        for s in range(len(t.g("players"))):
            pl = t.p(s)
            if pl.progress and per_cube:
                t.setp(s, op=pl.op + per_cube * pl.progress)
        bonus = t.state.options.level_up_missions[level - 2]
        if bonus:
            advance_remaining(t, bonus)
        if level >= t.state.options.end_level:
            advance_remaining(t, t.state.options.missions_to_end)
