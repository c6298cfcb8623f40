"""A Colonization turn: choosing the Main action (placement, eviction, paying per colour), the
Executive action, Private Goals, and taking a Resource of choice."""
from __future__ import annotations

from mars_rules.core import Action

from . import colony, flow, orbit
from . import data as D
from .board import advanced_count, bmap
from .options import DEFAULT_RULES
from .texts import of as texts_of
from .texts import text
from .tx import crystal_cap, plural

RULE_TURN = "Colonization Phase"
RULE_PLACE = "Main Board Action Mechanics"
RULE_EXEC = "Executive Actions"
RULE_GOALS = "Missions and Private Goals"

BEGIN = {"landing_pod": lambda s, p: None, "blueprint": orbit.begin_blueprint, "learn": orbit.begin_learn,
         "rnd": orbit.begin_rnd, "resupply": orbit.begin_resupply, "control": lambda s, p: None,
         "construct": colony.begin_construct, "upgrade": colony.begin_upgrade, "welcome": colony.begin_welcome,
         "hire": colony.begin_hire}


def evict(on: tuple, cap: int):
    """Slots full: the Colonists of the player(s) with the most there leave. -> (remaining, evicted seats)."""
    if len(on) < cap:
        return on, ()
    counts = {}
    for s in on:
        counts[s] = counts.get(s, 0) + 1
    most = max(counts.values())
    out = tuple(sorted(s for s, c in counts.items() if c == most))
    return tuple(s for s in on if s not in out), out


def colours(on: tuple, seat: int) -> int:
    """How many other colours are on the slots (only the number of colours counts)."""
    return len(set(on) - {seat})


def main_problem(state, seat, action):
    """Why the player cannot take this Main action now (None if they can), with the rule: the one source of
    the Main action rule, for `why` and, from `colonist_problem` on, for the listing (`main_actions`)."""
    if action not in D.ACTION_SIDE:
        return f"There is no Main action called {action!r}.", RULE_PLACE
    if state.main:
        return "You already took your Main action this turn: a turn has exactly one.", RULE_TURN
    side = _SIDE_OF[state.order[seat]]
    if D.ACTION_SIDE[action] != side:
        return (f"{D.ACTION_NAME[action]} is an {D.ACTION_SIDE[action].capitalize()} action and you are on the "
                f"{side.capitalize()}: only the actions of your current side are available."), RULE_PLACE
    pl = state.pieces[seat]
    return colonist_problem(pl) or slot_problem(state, seat, action, pl)


def colonist_problem(pl, quiet=False):
    """Why the player has no Colonist to place on an Action slot (None if they have one); with `quiet`, True
    instead of (reason, rule)."""
    if pl.lq < 1:
        return quiet or ("You have no Colonist in your Living Quarters to place on the Action slot.", RULE_PLACE)
    return None


def slot_problem(state, seat, action, pl, quiet=False):
    """main_problem for an action of the player's side, before their Main action, with a Colonist to place:
    the colours paid for, the action's own check (`BEGIN`). With `quiet`, True instead of (reason, rule)."""
    on = state.slots[ACTION_INDEX[action]]
    if on:
        if action == "hire" and seat in on:
            return quiet or ("You already have a Colonist on the Scientist/Contract slots: one slot per player.",
                             "Colony Main Actions")
        cap = _SLOTS[action, len(state.players)]
        k = colours(evict(on, cap)[0] if len(on) >= cap else on, seat)
        if pl.crystals + pl.lq - 1 < k:
            return quiet or (f"The slot costs {k} (1 Crystal or 1 Colonist per other colour present); you have "
                             f"{pl.crystals} Crystal(s) and {pl.lq - 1} other Colonist(s) in your Living Quarters.",
                             RULE_PLACE)
    if action == "construct":  # judged after the Colonist is placed (a Mine needs one more as its Miner)
        why = colony.begin_construct(state, seat, pl.lq - 1)
    else:
        why = BEGIN[action](state, seat)
    if why:
        return quiet or (why, "Orbital Station Main Actions" if D.ACTION_SIDE[action] == "orbit"
                         else "Colony Main Actions")
    return None


ACTION_INDEX = {a: i for i, a in enumerate(D.ACTIONS)}
_MAIN_ITEMS = {a: (("action", a),) for a in D.ACTIONS}
_SLOTS = {(a, n): D.slots_for(a, n) for a in D.ACTIONS for n in range(1, len(D.START_SHELTERS) + 1)}
"""(action, players) -> its Action slots (a seat per starting Shelter)."""
_SIDE_OF = tuple(flow.side_of(space) for space in range(2 * D.TURN_ORDER_SPACES))
_SIDE_ACTIONS = {flow.ORBIT: D.ORBIT_ACTIONS, flow.COLONY: D.COLONY_ACTIONS}
_tuple_new = tuple.__new__


def main_actions(state, seat) -> list:
    """The Main actions main_problem allows the player before their Main action (`state.main` empty): with a
    Colonist to place, the actions of their side that slot_problem allows."""
    pl = state.pieces[seat]
    out = []
    if colonist_problem(pl, True) is None:
        for a in _SIDE_ACTIONS[_SIDE_OF[state.order[seat]]]:
            if slot_problem(state, seat, a, pl, True) is None:
                out.append(_tuple_new(Action, ("main", seat, _MAIN_ITEMS[a], text)))
    return out


def _main_reachable(state, seat, first=True) -> bool:
    """Could the player still take a Main action this turn after their Executive action and/or discarding
    Private Goals (for Crystals)? A turn has one mandatory Main action: passing is only for a player who
    can reach none (the teaching edition's reading; the rulebook has no pass)."""
    if not first and main_actions(state, seat):
        return True
    from .rules import play
    tries = list(executive_options(state, seat)) if not state.exec_used else []
    if state.pieces[seat].lq < 1:  # a Main action places a Colonist: only what gives one can help (or pays for it)
        tries = [a for a in tries if _gives_colonist(state, a)]
    goals = [g for g in state.pieces[seat].goals if g >= 0]
    if goals and not goal_crystal_lost(state, seat):  # every goal discarded is the same 1 Crystal: one is enough
        tries.append(_tuple_new(Action, ("discard_goal", seat, (("goal", goals[0]),), texts_of(state.cards))))
    return any(_main_reachable(play(state, a), seat, False) for a in tries)


def _gives_colonist(state, a) -> bool:
    """Does this Executive action put a Colonist in the Living Quarters?"""
    if a[0] == "depot_action":
        return D.DEPOT_ACTIONS[a.get("space")][0] in ("retrieve", "colonist")
    rec = bmap(state).get(a.get("hex"))
    return rec is not None and D.OUTPUT[rec[1]] == "colonist"


def legal_turn(state, seat) -> list:
    if not state.main:
        out = main_actions(state, seat)
        if not out and not _main_reachable(state, seat):
            out.append(_tuple_new(Action, ("pass_turn", seat, (), text)))
    else:
        out = [_tuple_new(Action, ("end_turn", seat, (), text))]
    if not state.exec_used:
        out.extend(executive_options(state, seat))
    if state.pieces[seat].goals:
        out.extend(goal_options(state, seat))
    return out


def apply_main(t, seat, action):
    i = ACTION_INDEX[action]
    slots = list(t.g("slots"))
    after, out = evict(slots[i], D.slots_for(action, len(t.g("players"))))
    for s in out:
        n = slots[i].count(s)
        t.setp(s, wa=t.p(s).wa + n)
        t.say(f"The slots of {D.ACTION_NAME[action]} are full: {t.name(s)}'s {n} {plural('colonist', n)} "
              f"{'go' if n != 1 else 'goes'} to their Working Area.")
    k = colours(after, seat)
    slots[i] = after + (seat,)
    t.s("slots", tuple(slots))
    t.setp(seat, lq=t.p(seat).lq - 1)
    t.s("main", action)
    t.say(f"{t.name(seat)} places a Colonist on {D.ACTION_NAME[action]}"
          + (f" and owes {k} for the other colour(s) there." if k else "."))
    t.s("pay_left", k)
    if k:
        t.s("step", "pay")
    else:
        begin(t, seat)


_PAY_KINDS = ("pay_crystal", "pay_colonist")


def legal_pay(state, seat) -> list:
    out = []
    for kind in _PAY_KINDS:
        if pay_problem(state, seat, kind) is None:
            out.append(_tuple_new(Action, (kind, seat, (), text)))
    return out


def apply_pay(t, seat, kind):
    if kind == "pay_crystal":
        t.pay(seat, ("crystal",))
        t.say(f"{t.name(seat)} pays 1 Crystal for a colour on the slots.")
    else:
        pl = t.p(seat)
        t.setp(seat, lq=pl.lq - 1, wa=pl.wa + 1)
        t.say(f"{t.name(seat)} moves 1 Colonist to the Working Area for a colour on the slots.")
    left = t.g("pay_left") - 1
    t.s("pay_left", left)
    if not left:
        begin(t, seat)


def pay_problem(state, seat, kind):
    pl = state.pieces[seat]
    if kind == "pay_crystal" and pl.crystals < 1:
        return "You have no Crystal: pay this colour with a Colonist from your Living Quarters instead."
    if kind == "pay_colonist" and pl.lq < 1:
        return "Your Living Quarters have no Colonist left: pay this colour with a Crystal instead."
    return None


def begin(t, seat):
    a = t.g("main")
    t.s("used", 0)
    t.s("allow", 1)
    t.s("moves", ())
    if a == "landing_pod":
        flow.travel(t, seat, flow.COLONY, discovery=False)
        return
    if a == "rnd":
        t.s("allow", D.RND_USES)
    elif a == "upgrade":
        from .board import tech_level
        t.s("allow", 1 + tech_level(t.p(seat), "upgrade"))
    elif a == "control":
        from .board import tech_level
        pl = t.p(seat)
        t.s("moves", (D.ROVER_MOVEMENT + tech_level(pl, "rover"),) + (D.BOT_MOVEMENT,) * len(pl.bots))
    t.s("step", a)


# ----------------------------------------------------------------- Executive actions
def scientists_at(state) -> dict:
    """hex -> seats whose Scientist works there."""
    out = {}
    for seat, pl in enumerate(state.pieces):
        for _card, h in pl.scientists:
            if h:
                out.setdefault(h, []).append(seat)
    return out


_DEPOT_ITEMS = tuple((("space", space),) for space in range(D.DEPOT_SPACES))


_depot_lists = {}
_adv_cache = [None, False]  # the last `state.buildings` asked (kept alive here, so `is` is safe), any Advanced?


def _depot_options(seat, spaces, wa, reserve, say=text) -> tuple:
    """The Depot Executive actions of the first `spaces` (uncovered) spaces that `_depot_use_problem` allows,
    Crystals already checked: built once per (seat, spaces, Colonists in the Working Area and in reserve,
    the text function of the game's rule options: the sentence names the cost)."""
    key = (seat, spaces, wa, reserve, say)
    out = _depot_lists.get(key)
    if out is None:
        if len(_depot_lists) >= 4096:
            _depot_lists.clear()
        out = _depot_lists[key] = tuple(_tuple_new(Action, ("depot_action", seat, _DEPOT_ITEMS[space], say))
                                        for space in range(spaces) if _depot_use_problem(space, wa, reserve) is None)
    return out


def _any_advanced(buildings) -> bool:
    if _adv_cache[0] is buildings:
        return _adv_cache[1]
    found = False
    for rec in buildings:
        if rec[2] >= 0:
            found = True
            break
    _adv_cache[0] = buildings
    _adv_cache[1] = found
    return found


def executive_options(state, seat) -> list:
    pl = state.pieces[seat]
    rules = state.options
    say = text if rules is DEFAULT_RULES else texts_of(D.DEFAULT_CARDS, rules)
    if _depot_cost_problem(state, pl, True) is None:
        out = list(_depot_options(seat, uncovered(pl), pl.wa, pl.reserve, say))
    else:
        out = []
    if not _any_advanced(state.buildings):
        return out
    working = scientists_at(state)
    for rec in state.buildings:
        if rec[2] < 0:
            continue
        h = rec[0]
        free = h in working
        if own_building_problem(state, seat, rec, free, working, True) is None:
            out.append(_tuple_new(Action, ("advanced_action", seat, (("hex", h), ("free", free)), say)))
        if building_scientist_problem(state, seat, "scientist_action", rec, None, working, True) is None:
            out.append(_tuple_new(Action, ("scientist_action", seat, (("hex", h),), text)))
    for card, placed in pl.scientists:
        if not placed:
            for rec in state.buildings:
                if rec[2] >= 0 and building_scientist_problem(state, seat, "send_scientist", rec, card, working,
                                                              True) is None:
                    out.append(_tuple_new(Action, ("send_scientist", seat, (("card", card), ("hex", rec[0])),
                                           texts_of(state.cards))))
    return out


def uncovered(pl) -> int:
    """How many Depot spaces no Ship covers (the spaces whose Executive actions the player may take)."""
    return D.DEPOT_SPACES - pl.depot_ships


def depot_problem(state, seat, space):
    """Why the player cannot take the Executive action of this Depot space (None if they can)."""
    pl = state.pieces[seat]
    if not 0 <= space < D.DEPOT_SPACES:
        return f"There is no Depot space {space + 1}."
    if space >= uncovered(pl):
        return (f"Depot space {space + 1} is covered by a Ship: only the {uncovered(pl)} "
                f"uncovered spaces give Executive actions.")
    return _depot_cost_problem(state, pl) or _depot_use_problem(space, pl.wa, pl.reserve)


def _depot_cost_problem(state, pl, quiet=False):
    """Why the player cannot pay for a Depot Executive action (None if they can); with `quiet`, True instead
    of the sentence."""
    cost = state.options.depot_action_cost
    if pl.crystals < cost:
        return quiet or (f"A Depot Executive action costs {cost} Crystal{'s' if cost != 1 else ''}; "
                         f"you have {pl.crystals}.")
    return None


def _depot_use_problem(space, wa, reserve):
    """Why an uncovered Depot space's action has nothing to act on (None if it has), given the Colonists in
    the player's Working Area and reserve."""
    what = D.DEPOT_ACTIONS[space][0]
    if what == "retrieve" and wa < 1:
        return "Your Working Area has no Colonist to retrieve."
    if what == "colonist" and reserve < 1:
        return "You have no Colonist left in your reserve."
    return None


def own_building_problem(state, seat, rec, free, working, quiet=False):
    """Why the player cannot take the Executive action of the Building record `rec` as their own Advanced
    Building, `free` or paying (None if they can); `working` is scientists_at(state). With `quiet`, True
    instead of the sentence."""
    if rec is None or rec[2] != seat:
        return quiet or "That is not an Advanced Building of yours."
    here = rec[0] in working
    cost = state.options.own_advanced_cost
    if free is not here:
        if here:
            return quiet or "A Scientist works in that Advanced Building: its action is free now (free=True)."
        return quiet or ("Your own Advanced Building is free only while a Scientist works there; none does: it "
                         f"costs {cost} Crystal{'s' if cost != 1 else ''}.")
    if not here and state.pieces[seat].crystals < cost:
        return quiet or (f"Using your own Advanced Building costs {cost} Crystal{'s' if cost != 1 else ''} (free "
                         "only while a Scientist works there).")
    return None


def scientist_problem(state, seat, kind, h, card=None):
    """Why this Scientist Executive action is refused (None if it is allowed)."""
    rec = bmap(state).get(h) if isinstance(h, tuple) else None
    if rec is None or rec[2] < 0:
        return f"{h} holds no Advanced Building: Scientists work only in Advanced Buildings."
    return building_scientist_problem(state, seat, kind, rec, card, scientists_at(state))


def building_scientist_problem(state, seat, kind, rec, card, working, quiet=False):
    """scientist_problem for the Advanced Building record `rec`, `working` being scientists_at(state); with
    `quiet`, True instead of the sentence."""
    h = rec[0]
    if kind == "scientist_action":
        if rec[2] == seat:
            return quiet or ("That Advanced Building is yours: take its own Executive action (free while a "
                             "Scientist works there).")
        if seat not in working.get(h, ()):
            return quiet or "No Scientist of yours works there: send one first (or use your own Advanced Building)."
        return None
    hired = dict(state.pieces[seat].scientists)
    if card not in hired:
        return quiet or "You have not hired that Scientist."
    if hired[card]:
        return quiet or f"That Scientist already works in the Advanced Building on {hired[card]}."
    name, kind_of = state.cards.scientists[card]
    if rec[1] != kind_of:
        return quiet or (f"The {name} works only in an Advanced {D.BUILDING_NAME[kind_of]} (its specialty); "
                         f"{h} holds an Advanced {D.BUILDING_NAME[rec[1]]}.")
    if h in working:
        return quiet or "Another Scientist already works in that Advanced Building (one per Building)."
    return None


def apply_exec(t, seat, a):
    kind = a[0]
    t.s("exec_used", True)
    if kind == "depot_action":
        space = a.get("space")
        what, n = D.DEPOT_ACTIONS[space]
        t.pay(seat, ("crystal",) * t.state.options.depot_action_cost)
        t.say(f"{t.name(seat)} takes the Executive action of Depot space {space + 1}.")
        if what == "retrieve":
            pl = t.p(seat)
            t.setp(seat, lq=pl.lq + 1, wa=pl.wa - 1)
            t.say(f"{t.name(seat)} retrieves 1 Colonist from the Working Area.")
        else:
            t.gain(seat, what, n, "(Executive action)")
        return
    h = a.get("hex")
    rec = bmap(t.state)[h]
    if kind == "send_scientist":
        card = a.get("card")
        sci = tuple((c, h if c == card and not placed else placed) for c, placed in t.p(seat).scientists)
        t.setp(seat, scientists=sci)
        t.say(f"{t.name(seat)} sends the {t.state.cards.scientists[card][0]} to the Advanced "
              f"{D.BUILDING_NAME[rec[1]]} on {h}.")
    elif kind == "advanced_action" and not a.get("free"):
        t.pay(seat, ("crystal",) * t.state.options.own_advanced_cost)
    t.gain(seat, D.OUTPUT[rec[1]], D.ADVANCED_ACTION_GAIN,
           f"(Executive action of the Advanced {D.BUILDING_NAME[rec[1]]} on {h})")


# ----------------------------------------------------------------- Private Goals
def goal_measure(state, seat, measure) -> int:
    pl = state.pieces[seat]
    if measure == "advanced":
        return advanced_count(state, owner=seat)
    if measure == "hangar":
        return pl.hangar
    if measure == "techs":
        return len(pl.lab)
    if measure == "progress":
        return pl.progress
    if measure == "colonists":
        return pl.lq
    if measure == "crystals":
        return pl.crystals
    if measure == "tech_level":
        return max((col for _t, _r, col in pl.lab), default=0)
    if measure == "staff":
        return len(pl.scientists) + len(pl.contracts)
    if measure == "miners":
        return sum(1 for b in state.buildings if b[4] == seat)
    if measure == "resources":
        return sum(pl.res)
    if measure == "blueprints":
        return len(pl.blueprints)
    return pl.claimed


def goal_crystal_lost(state, seat) -> str:
    """Why a Private Goal discarded now would give no Crystal ("" when it gives one). The rulebook's
    discard is "to use it as a Crystal": with a full Depot (or an empty general supply) the Crystal would
    be lost, so the discard is not offered then (this edition's reading)."""
    pl = state.pieces[seat]
    cap = crystal_cap(state.options, pl)
    if pl.crystals >= cap:
        return f"Your Depot is full ({pl.crystals} of {cap} Crystals): the Crystal of a discarded Private Goal would be lost."
    if state.supply < 1:
        return "The general supply has no Crystal left: a discarded Private Goal would give nothing."
    return ""


def goal_options(state, seat) -> list:
    pl = state.pieces[seat]
    if not pl.goals:
        return []
    can_discard = not goal_crystal_lost(state, seat)
    goals = state.cards.goals
    text = texts_of(state.cards)
    out = []
    for g in pl.goals:
        if g < 0:
            continue
        if can_discard:
            out.append(_tuple_new(Action, ("discard_goal", seat, (("goal", g),), text)))
        _name, measure, at_least, _op = goals[g]
        if pl.goal_done < 0 and goal_measure(state, seat, measure) >= at_least:
            out.append(_tuple_new(Action, ("complete_goal", seat, (("goal", g),), text)))
    return out


def apply_goal(t, seat, a):
    g = a.get("goal")
    pl = t.p(seat)
    goals = tuple(x for x in pl.goals if x != g)
    if a[0] == "discard_goal":
        t.setp(seat, goals=goals)
        t.say(f"{t.name(seat)} discards a Private Goal unseen to use it as a Crystal.")
        t.gain(seat, "crystal", D.GOAL_CRYSTALS, "(a discarded Private Goal)")
    else:
        t.setp(seat, goals=goals, goal_done=g)
        goal = t.state.cards.goals[g]
        t.say(f"{t.name(seat)} completes the Private Goal {goal[0]} ({goal[3]} OP at the end).")


# ----------------------------------------------------------------- a Resource of choice
def legal_resource(state, seat) -> list:
    pl = state.pieces[seat]
    cap = state.options.resource_cap
    out = [_tuple_new(Action, ("take_resource", seat, (("resource", r),), text))
           for i, r in enumerate(D.RESOURCES) if pl.res[i] < cap]
    return out or [_tuple_new(Action, ("skip_resource", seat, (), text))]


def apply_resource(t, seat, a):
    if a[0] == "take_resource":
        t.gain(seat, a.get("resource"), 1, "(Resource of choice)")
    left = t.g("choices") - 1
    t.s("choices", left)
    if left <= 0:
        t.s("step", t.g("resume"))
        t.s("resume", "")
