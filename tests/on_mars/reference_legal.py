"""A slow, obviously correct list of the legal actions of an On Mars position, by brute force (issue 17).

For the step in progress, every action kind the step could take is built with every combination of its
parameter values from their full domains (every Main action, every hex of the map, every Building type,
Blueprint, Tech type and Lab row, Scientist, Earth Contract, Private Goal, Resource, Depot space ...), and
kept when the rules allow it. The rules are written here from the rulebook's summary (on_mars.txt) and, where
it prints no number or leaves a choice, from this project's readings (/work/shared/rules/on_mars.md, the
engine's rules reference `RULES`) and the ASSUMED tables of data.py; the engine's legality, rules and
transition functions are never called. No memo; the one bound is the Private Goal discard in `_reachable`
(argued there).

- `reference_legal(state)`: the reference's legal Actions (a tuple).
- `compare(state)`: the differences from `state.legal_actions()`, and every refused candidate whose `apply`
  does not raise the IllegalAction `_why` gives, with a specific reason; each message holds the JSON.
- `sample_positions(count, seed=0)`: rare-case positions (`EDITS`, made with the position builder), then
  positions of random and greedy play, 2, 3 and 4 players.

Readings taken from the engine's rules reference where the summary is silent: a Main action is offered only if
it can be used at least once; `pass_turn` only when no Main action is reachable, even through the Executive
action and Private Goals discarded for Crystals; Executive actions and Private Goals only before or after the
Main action (rules.md A12 reads "at any moment" of the turn; the engine's `RULES` says outside a Main action).

>>> from mars_rules.on_mars import new_game
>>> s = new_game(players=2, seed=7)
>>> sorted({a.kind for a in reference_legal(s)})[:2]
['depot_action', 'discard_goal']
>>> compare(s)
[]
"""
from __future__ import annotations

import random
from collections import Counter

from mars_rules.core import CHANCE, Action
from mars_rules.on_mars import data as D
from mars_rules.on_mars import greedy, new_game

from ..refusals import refusal_problem

HEXES = D.HEXES
EXEC_STEPS = ("turn", "final_round", "turn_end")
TURN_KINDS = ("main", "pass_turn", "end_turn", "depot_action", "advanced_action", "scientist_action",
              "send_scientist", "discard_goal", "complete_goal")
ACTION_KINDS = {
    "pay": ("pay_crystal", "pay_colonist"),
    "blueprint": ("take_blueprint", "boost", "done"), "learn": ("learn_tech", "boost", "done"),
    "rnd": ("develop", "boost", "done"), "resupply": ("take_item", "boost", "done"),
    "control": ("move_rover", "move_bot", "spend_crystal", "done"),
    "construct": ("choose_building", "done"), "construct_hex": ("construct",),
    "upgrade": ("upgrade", "boost", "done"), "welcome": ("welcome_ship", "boost", "done"),
    "hire": ("hire_scientist", "take_contract", "done"),
    "resource": ("take_resource", "skip_resource"),
}
STEP_KINDS = {
    "turn": TURN_KINDS, "final_round": TURN_KINDS, "turn_end": TURN_KINDS,
    **{step: kinds + TURN_KINDS for step, kinds in ACTION_KINDS.items()},
    "shuttle": ("travel", "stay"), "discovery": ("place_discovery", "discard_discovery"),
    "turn_order": ("take_space",),
}
"""The kinds each decision step could take (package docstring): inside a Main action, its own kinds and those of
the turn (an Executive action or a Private Goal is then refused); a chance draw takes `reveal`."""
GIVES = {"blueprint": "take one more Blueprint", "learn": "take a second Tech tile",
         "rnd": "develop one more tile", "resupply": "take one more item", "welcome": "welcome one more Ship"}
"""The `gives` parameter of `boost` in the steps whose action a Colonist boosts (Main Board Action Mechanics)."""
DECK = {"blueprint": "blueprints", "scientist": "scientists", "contract": "contracts",
        "discovery": "discovery_tiles", "goal": "goals", "mission": "missions"}
DECK_ORDER = tuple(DECK)
"""The chance draws: deck name -> its card list in `state.cards`, in the order of `state.decks`."""


def side(space) -> str:
    """Turn Order spaces 0-3 are in Orbit, 4-7 at the Colony."""
    return "orbit" if space < D.TURN_ORDER_SPACES else "colony"


def near(a, b) -> bool:
    return D.hex_distance(a, b) == 1


# ----------------------------------------------------------------- the position, read once
class Facts:
    """What every rule asks of the position: the Buildings by hex, the mover's Building Zones, the hexes where
    a Scientist works. Derived from the State, never from the engine."""

    def __init__(self, state):
        self.m = {rec[0]: rec for rec in state.buildings}
        pl = state.pieces[state.to_move] if isinstance(state.to_move, int) else None
        self.zone = [h for h in HEXES if pl and any(D.hex_distance(h, b) <= 1 for b in pl.bots)]
        self.working = {h: s for s, p in enumerate(state.pieces) for _c, h in p.scientists if h}

    def complex_of(self, h) -> set:
        """The connected Buildings of the type of the one on h (Construct a Building: a Complex)."""
        kind, seen, todo = self.m[h][1], {h}, [h]
        while todo:
            x = todo.pop()
            for y, rec in self.m.items():
                if y not in seen and rec[1] == kind and near(x, y):
                    seen.add(y)
                    todo.append(y)
        return seen


def crystal_room(state, pl) -> int:
    """Room in the Depot: 2 + 1 per uncovered Depot space (ASSUMED `crystal_cap_base`), less what it holds."""
    return state.options.crystal_cap_base + D.DEPOT_SPACES - pl.depot_ships - pl.crystals


def has(pl, counts) -> bool:
    return all(have >= need for have, need in zip(pl.res, counts))


def tech(pl, kind) -> int:
    """The level (Lab column) of the player's Tech tile of a type, 0 without one."""
    return next((col for t, _row, col in pl.lab if t == kind), 0)


def item_fits(state, pl, item) -> bool:
    """Resupply: the Warehouse has it and the Storage/Depot has room (limited capacity)."""
    if state.warehouse[D.ITEMS.index(item)] < 1:
        return False
    if item == "crystal":
        return crystal_room(state, pl) > 0
    return pl.res[D.RES_INDEX[item]] < state.options.resource_cap


def learnable(state, pl, kind, row, extra) -> bool:
    """Learn New Technology: one tile of each type, from the Grid, into column 1 of a row; bottom free, middle
    1 Battery, top 1 Battery + 1 Resource (named by `extra`)."""
    if kind in (t for t, _r, _c in pl.lab) or state.tech_grid[D.TECHS.index(kind)] < 1:
        return False
    if any(r == row and c == 1 for _t, r, c in pl.lab):
        return False
    need = [0] * len(D.RESOURCES)
    if row == "top":
        if extra not in D.RESOURCES:
            return False
        need[D.RES_INDEX["battery"]] += 1
        need[D.RES_INDEX[extra]] += 1
    elif extra != "":
        return False
    elif row == "middle":
        need[D.RES_INDEX["battery"]] += 1
    return has(pl, need)


def developable(state, pl, kind, moves, allow) -> bool:
    """R&D: one tile twice or two tiles once (boosts: one more tile each, a tile not moved yet); the next column
    is free in its row, allowed at this Colony level, and its printed cost paid."""
    spot = [(r, c) for t, r, c in pl.lab if t == kind]
    if not spot or len(moves) >= allow or (len(moves) >= D.RND_USES and kind in moves):
        return False
    row, col = spot[0]
    if col + 1 > state.options.lab_column_limit[state.level - 1]:
        return False
    if any(r == row and c == col + 1 for _t, r, c in pl.lab):
        return False
    return has(pl, state.options.lab_column_cost[col + 1 - 2])


def may_stand(f, pl, kind, h) -> bool:
    """Construct a Building: a free hex of a Building Zone, exactly 2 from a Building of the type, or next to one
    (a Complex: the Tech of the type at a level of at least the new Complex's size)."""
    if h in f.m or h not in f.zone:
        return False
    touching = [x for x, rec in f.m.items() if rec[1] == kind and near(x, h)]
    if touching:
        joined = set().union(*(f.complex_of(x) for x in touching))
        return tech(pl, kind) >= len(joined) + 1
    return any(rec[1] == kind and D.hex_distance(x, h) == 2 for x, rec in f.m.items())


def affordable(state, pl, kind, lq) -> bool:
    """The Building's cost (ASSUMED `building_cost`); a Mine needs a Colonist from the Living Quarters as Miner."""
    return (kind != "mine" or lq >= 1) and has(pl, state.options.building_cost[D.BUILDINGS.index(kind)])


def upgradable(state, f, pl, card, h) -> bool:
    """Upgrade a Building: an unused Blueprint of yours on a matching, not yet Advanced Building in a Building
    Zone, 1 Mineral; a Level 3 Blueprint needs a Complex of 3 or more."""
    if (card, 0) not in pl.blueprints or h not in f.zone or h not in f.m:
        return False
    kind, level, _gain = state.cards.blueprints[card]
    rec = f.m[h]
    if rec[1] != kind or rec[2] >= 0 or pl.res[D.RES_INDEX["mineral"]] < 1:
        return False
    return level != 3 or len(f.complex_of(h)) >= 3


def ship_ok(state, pl) -> bool:
    """Welcome a Ship: a Ship in the Depot, room in the Hangar at this Colony level, 1 Plant + 1 Water."""
    return (pl.depot_ships >= 1 and pl.hangar < state.options.ship_limit[state.level - 1]
            and pl.res[D.RES_INDEX["plant"]] >= 1 and pl.res[D.RES_INDEX["water"]] >= 1)


def empty_shelters(state, f) -> list:
    bots = {b for p in state.pieces for b in p.bots}
    return [h for h, rec in f.m.items() if rec[1] == "shelter" and h not in bots]


# ----------------------------------------------------------------- choosing a Main action
def usable(state, f, seat, action, pl) -> bool:
    """The action could be used at least once (this project's reading: an action with no possible use is not
    offered). `pl` is the player before the Colonist goes on the slot."""
    if action in ("landing_pod", "control"):
        return True
    if action == "blueprint":
        return bool(state.bp_display) and len(pl.blueprints) < D.ADVANCED_MARKERS
    if action == "learn":
        return any(learnable(state, pl, t, row, x) for t in D.TECHS for row in D.LAB_ROWS
                   for x in ("",) + D.RESOURCES)
    if action == "rnd":
        return any(developable(state, pl, t, (), D.RND_USES) for t in D.TECHS)
    if action == "resupply":
        return any(item_fits(state, pl, i) for i in D.ITEMS)
    if action == "construct":  # judged with the Colonist already on the slot (a Mine needs one more)
        return any(affordable(state, pl, k, pl.lq - 1) and any(may_stand(f, pl, k, h) for h in HEXES)
                   for k in D.BUILDINGS)
    if action == "upgrade":
        return any(upgradable(state, f, pl, c, h) for c, _b in pl.blueprints for h in HEXES)
    if action == "welcome":
        return ship_ok(state, pl)
    return bool(state.con_display) or (bool(state.sci_display) and state.level <= state.options.hire_scientists_until)


def main_open(state, f, seat, action, pl) -> bool:
    """Main Board Action Mechanics: an action of your side, a Colonist to place, full slots first evict the
    player(s) with the most there, then 1 Crystal or 1 more Colonist per other colour left; one Colonist of
    yours at most on the Scientist/Contract slots."""
    if D.ACTION_SIDE[action] != side(state.order[seat]) or pl.lq < 1:
        return False
    on = list(state.slots[D.ACTIONS.index(action)])
    if action == "hire" and seat in on:
        return False
    if len(on) >= D.slots_for(action, len(state.players)):
        counts = Counter(on)
        on = [s for s in on if counts[s] < max(counts.values())]
    if pl.crystals + pl.lq - 1 < len(set(on) - {seat}):
        return False
    return usable(state, f, seat, action, pl)


def gain(state, pl, supply, item, n):
    """(player, supply) after gaining n of an item: what does not fit is lost (Crystals come from the supply)."""
    if item == "crystal":
        got = max(0, min(n, crystal_room(state, pl), supply))
        return pl._replace(crystals=pl.crystals + got), supply - got
    if item == "colonist":
        got = min(n, pl.reserve)
        return pl._replace(lq=pl.lq + got, reserve=pl.reserve - got), supply
    res = list(pl.res)
    i = D.RES_INDEX[item]
    res[i] = min(state.options.resource_cap, res[i] + n)
    return pl._replace(res=tuple(res)), supply


def depot_open(state, pl, space) -> bool:
    """A Depot Executive action: an uncovered space (the bottom ones; Ships cover the rest), its Crystal cost,
    and something to take (a Colonist in the Working Area, or in the reserve, for those two spaces)."""
    if not 0 <= space < D.DEPOT_SPACES - pl.depot_ships or pl.crystals < state.options.depot_action_cost:
        return False
    what = D.DEPOT_ACTIONS[space][0]
    return (what != "retrieve" or pl.wa >= 1) and (what != "colonist" or pl.reserve >= 1)


def executive_results(state, f, seat, pl, supply):
    """(player, supply) after each Executive action open to the player (Executive Actions)."""
    o = state.options
    for space in range(D.DEPOT_SPACES):
        if not depot_open(state, pl, space):
            continue
        what, n = D.DEPOT_ACTIONS[space]
        paid = pl._replace(crystals=pl.crystals - o.depot_action_cost)
        if what == "retrieve":
            yield paid._replace(lq=pl.lq + 1, wa=pl.wa - 1), supply + o.depot_action_cost
        else:
            yield gain(state, paid, supply + o.depot_action_cost, what, n)
    hired = [state.cards.scientists[c][1] for c, h in pl.scientists if not h]
    for h, rec in f.m.items():
        out = D.OUTPUT[rec[1]]
        if rec[2] == seat and (h in f.working or pl.crystals >= o.own_advanced_cost):
            cost = 0 if h in f.working else o.own_advanced_cost
            yield gain(state, pl._replace(crystals=pl.crystals - cost), supply + cost, out, D.ADVANCED_ACTION_GAIN)
        if rec[2] >= 0 and ((rec[2] != seat and f.working.get(h) == seat)
                            or (h not in f.working and rec[1] in hired)):
            yield gain(state, pl, supply, out, D.ADVANCED_ACTION_GAIN)


def _reachable(state, f, seat, pl, supply, exec_free, goals) -> bool:
    """Could a Main action be taken now, or after the Executive action and/or discarding Private Goals?
    Bound: only the number of Goals in hand matters (each discard is the same 1 Crystal), so a discard
    is tried with `goals` - 1 left rather than once per Goal: the positions reached are the same."""
    if any(main_open(state, f, seat, a, pl) for a in D.ACTIONS):
        return True
    if exec_free and any(_reachable(state, f, seat, p, s, False, goals)
                         for p, s in executive_results(state, f, seat, pl, supply)):
        return True
    if goals and crystal_room(state, pl) > 0 and supply >= 1:
        p, s = gain(state, pl, supply, "crystal", D.GOAL_CRYSTALS)
        return _reachable(state, f, seat, p, s, exec_free, goals - 1)
    return False


def goal_measure(state, f, seat, measure) -> int:
    pl = state.pieces[seat]
    return {"advanced": sum(rec[2] == seat for rec in f.m.values()), "hangar": pl.hangar,
            "techs": len(pl.lab), "progress": pl.progress, "colonists": pl.lq, "crystals": pl.crystals,
            "tech_level": max((c for _t, _r, c in pl.lab), default=0),
            "staff": len(pl.scientists) + len(pl.contracts),
            "miners": sum(rec[4] == seat for rec in f.m.values()), "resources": sum(pl.res),
            "blueprints": len(pl.blueprints), "claimed": pl.claimed}[measure]


# ----------------------------------------------------------------- every kind: its full domain and its rule
def _exec(state):
    """Executive actions: one per turn, before or after the Main action, never inside it."""
    return state.step in EXEC_STEPS and not state.exec_used


def _uses_left(state):
    return state.used < state.allow


def _done(state, f, seat, p):
    """`done` ends the action in progress: the Control Center at any time, the others after a use or when no use
    (nor boost) is possible."""
    if p["action"] != state.step:
        return False
    if state.step == "control" or state.used >= 1:
        return True
    return not any(RULE[k](state, f, seat, q) for k in STEP_KINDS[state.step] if k != "done"
                   for q in DOMAIN[k](state))


def _boost(state, f, seat, p):
    """Boost: once the uses are spent, a Colonist from the Living Quarters to the Working Area, one more use (of an
    action that could still be used)."""
    step, pl = state.step, state.pieces[seat]
    if GIVES.get(step) != p["gives"] or pl.lq < 1:
        return False
    if step == "rnd":
        return len(state.moves) >= state.allow and any(
            developable(state, pl, t, state.moves, state.allow + 1) for t in D.TECHS)
    if _uses_left(state) or (step == "learn" and state.allow >= 2):
        return False
    return {"blueprint": lambda: bool(state.bp_display) and len(pl.blueprints) < D.ADVANCED_MARKERS,
            "learn": lambda: usable(state, f, seat, "learn", pl),
            "resupply": lambda: usable(state, f, seat, "resupply", pl),
            "welcome": lambda: ship_ok(state, pl)}[step]()


def _advanced(state, f, seat, p):
    """Your own Advanced Building: 2 Crystals, free while a Scientist works there."""
    rec = f.m.get(p["hex"])
    if not _exec(state) or rec is None or rec[2] != seat or p["free"] != (p["hex"] in f.working):
        return False
    return p["free"] or state.pieces[seat].crystals >= state.options.own_advanced_cost


def _send(state, f, seat, p):
    """A hired Scientist into an Advanced Building of its specialty (anyone's, one Scientist per Building)."""
    rec = f.m.get(p["hex"])
    return (_exec(state) and (p["card"], ()) in state.pieces[seat].scientists and rec is not None and rec[2] >= 0
            and rec[1] == state.cards.scientists[p["card"]][1] and p["hex"] not in f.working)


def _discard(state, f, seat, p):
    """Discard a Private Goal unseen as a Crystal; refused when the Crystal would be lost (full Depot, empty
    supply: the engine's chosen reading, tests/on_mars/test_more_rules.py)."""
    pl = state.pieces[seat]
    return (state.step in EXEC_STEPS and p["goal"] in pl.goals and crystal_room(state, pl) > 0
            and state.supply >= 1)


def _complete(state, f, seat, p):
    pl = state.pieces[seat]
    if state.step not in EXEC_STEPS or p["goal"] not in pl.goals or pl.goal_done >= 0:
        return False
    _name, measure, at_least, _op = state.cards.goals[p["goal"]]
    return goal_measure(state, f, seat, measure) >= at_least


def _scientist(state, f, seat, p):
    """Another player's Advanced Building where your Scientist works: free for you."""
    rec = f.m.get(p["hex"])
    return _exec(state) and rec is not None and rec[2] not in (seat, -1) and f.working.get(p["hex"]) == seat


def _travel(state, f, seat, p):
    """Shuttle Phase: free from the side the Shuttle left, else 1 Ship from the Hangar."""
    here = side(state.order[seat])
    if p["to"] == here:
        return False
    if p["pay"] == "free":
        return state.shuttle_left == here
    return state.shuttle_left != here and state.pieces[seat].hangar >= 1


def _discovery_hexes(state, f, seat):
    """Exactly 3 hexes from your Rover, on a hex with no Building (a tile there is replaced)."""
    rover = state.pieces[seat].rover
    return [h for h in HEXES if D.hex_distance(h, rover) == D.DISCOVERY_DISTANCE and h not in f.m]


def _space(state, f, seat, p):
    """An empty Turn Order space of the side you travel to, with its bonus (a Resource named for space 2)."""
    sp, res = p["space"], p["resource"]
    if side(sp) == side(state.order[seat]) or sp in [o for s, o in enumerate(state.order) if s != seat]:
        return False
    if D.TURN_ORDER_BONUS[sp % D.TURN_ORDER_SPACES] == "choice":
        return res in D.RESOURCES
    return res == ""


def _reveal(state, f, seat, p):
    task = state.pending[0]
    deck = task.split(":")[0]
    if p["task"] != task or p["deck"] != deck:
        return False
    if task == "order":
        return state.order[p["card"]] < 0
    if deck == "blueprint" and state.level < state.options.level_3_blueprints_from \
            and state.cards.blueprints[p["card"]][1] != 1:
        return False
    return p["card"] in state.decks[DECK_ORDER.index(deck)]


def _control(state, f, seat, p, piece):
    pl = state.pieces[seat]
    if not -1 <= piece < len(pl.bots) or state.moves[piece + 1] < 1:
        return False
    return near(pl.rover if piece < 0 else pl.bots[piece], p["to"])


RULE = {
    "main": lambda s, f, seat, p: s.step in ("turn", "final_round") and not s.main
    and main_open(s, f, seat, p["action"], s.pieces[seat]),
    "pass_turn": lambda s, f, seat, p: s.step in ("turn", "final_round") and not s.main and not _reachable(
        s, f, seat, s.pieces[seat], s.supply, not s.exec_used, len(s.pieces[seat].goals)),
    "end_turn": lambda s, f, seat, p: s.step == "turn_end",
    "depot_action": lambda s, f, seat, p: _exec(s) and depot_open(s, s.pieces[seat], p["space"]),
    "advanced_action": _advanced,
    "scientist_action": _scientist,
    "send_scientist": _send,
    "discard_goal": _discard,
    "complete_goal": _complete,
    "pay_crystal": lambda s, f, seat, p: s.pieces[seat].crystals >= 1,
    "pay_colonist": lambda s, f, seat, p: s.pieces[seat].lq >= 1,
    "boost": _boost,
    "done": _done,
    "take_blueprint": lambda s, f, seat, p: _uses_left(s) and len(s.pieces[seat].blueprints) < D.ADVANCED_MARKERS
    and p["card"] in s.bp_display,
    "learn_tech": lambda s, f, seat, p: _uses_left(s) and learnable(s, s.pieces[seat], p["tech"], p["row"], p["extra"]),
    "develop": lambda s, f, seat, p: developable(s, s.pieces[seat], p["tech"], s.moves, s.allow),
    "take_item": lambda s, f, seat, p: _uses_left(s) and item_fits(s, s.pieces[seat], p["item"]),
    "move_rover": lambda s, f, seat, p: _control(s, f, seat, p, -1),
    "move_bot": lambda s, f, seat, p: _control(s, f, seat, p, p["bot"]),
    "spend_crystal": lambda s, f, seat, p: s.pieces[seat].crystals >= 1 and -1 <= p["piece"] < len(s.pieces[seat].bots),
    "choose_building": lambda s, f, seat, p: affordable(s, s.pieces[seat], p["building"], s.pieces[seat].lq)
    and any(may_stand(f, s.pieces[seat], p["building"], h) for h in HEXES),
    "construct": lambda s, f, seat, p: p["building"] == s.build
    and affordable(s, s.pieces[seat], s.build, s.pieces[seat].lq) and may_stand(f, s.pieces[seat], s.build, p["hex"]),
    "upgrade": lambda s, f, seat, p: _uses_left(s) and upgradable(s, f, s.pieces[seat], p["card"], p["hex"]),
    "welcome_ship": lambda s, f, seat, p: _uses_left(s) and ship_ok(s, s.pieces[seat]) and (
        p["hex"] == () if p["gain"] == "colonists" else
        len(s.pieces[seat].bots) < D.BOTS and p["hex"] in empty_shelters(s, f)),
    "hire_scientist": lambda s, f, seat, p: s.level <= s.options.hire_scientists_until and p["card"] in s.sci_display,
    "take_contract": lambda s, f, seat, p: p["card"] in s.con_display,
    "take_resource": lambda s, f, seat, p: s.pieces[seat].res[D.RES_INDEX[p["resource"]]] < s.options.resource_cap,
    "skip_resource": lambda s, f, seat, p: all(r >= s.options.resource_cap for r in s.pieces[seat].res),
    "travel": _travel,
    "stay": lambda s, f, seat, p: True,
    "place_discovery": lambda s, f, seat, p: p["hex"] in _discovery_hexes(s, f, seat),
    "discard_discovery": lambda s, f, seat, p: not _discovery_hexes(s, f, seat),
    "take_space": _space,
    "reveal": _reveal,
}
"""kind -> rule(state, facts, seat, params): is this action allowed now (its kind belonging to the step)?"""


def _grid(**domains):
    """Every combination of the named domains, as param dicts."""
    out = [{}]
    for name, values in domains.items():
        out = [dict(p, **{name: v}) for p in out for v in values]
    return out


DOMAIN = {
    "main": lambda s: _grid(action=D.ACTIONS),
    "pass_turn": lambda s: [{}], "end_turn": lambda s: [{}],
    "depot_action": lambda s: _grid(space=range(D.DEPOT_SPACES)),
    "advanced_action": lambda s: _grid(hex=HEXES, free=(False, True)),
    "scientist_action": lambda s: _grid(hex=HEXES),
    "send_scientist": lambda s: _grid(card=range(len(s.cards.scientists)), hex=HEXES),
    "discard_goal": lambda s: _grid(goal=range(len(s.cards.goals))),
    "complete_goal": lambda s: _grid(goal=range(len(s.cards.goals))),
    "pay_crystal": lambda s: [{}], "pay_colonist": lambda s: [{}],
    "boost": lambda s: _grid(gives=tuple(GIVES.values())),
    "done": lambda s: _grid(action=D.ACTIONS),
    "take_blueprint": lambda s: _grid(card=range(len(s.cards.blueprints))),
    "learn_tech": lambda s: _grid(tech=D.TECHS, row=D.LAB_ROWS, extra=("",) + D.RESOURCES),
    "develop": lambda s: _grid(tech=D.TECHS),
    "take_item": lambda s: _grid(item=D.ITEMS),
    "move_rover": lambda s: _grid(to=HEXES),
    "move_bot": lambda s: _grid(bot=range(D.BOTS), to=HEXES),
    "spend_crystal": lambda s: _grid(piece=range(-1, D.BOTS)),
    "choose_building": lambda s: _grid(building=D.BUILDINGS),
    "construct": lambda s: _grid(building=D.BUILDINGS, hex=HEXES),
    "upgrade": lambda s: _grid(card=range(len(s.cards.blueprints)), hex=HEXES),
    "welcome_ship": lambda s: _grid(gain=("colonists", "bot"), hex=((),) + HEXES),
    "hire_scientist": lambda s: _grid(card=range(len(s.cards.scientists))),
    "take_contract": lambda s: _grid(card=range(len(s.cards.contracts))),
    "take_resource": lambda s: _grid(resource=D.RESOURCES), "skip_resource": lambda s: [{}],
    "travel": lambda s: _grid(to=("orbit", "colony"), pay=("free", "ship")), "stay": lambda s: [{}],
    "place_discovery": lambda s: _grid(hex=HEXES), "discard_discovery": lambda s: [{}],
    "take_space": lambda s: _grid(space=range(2 * D.TURN_ORDER_SPACES), resource=("",) + D.RESOURCES),
    "reveal": lambda s: _grid(deck=DECK_ORDER + ("order",), card=range(max(
        len(s.players), *(len(getattr(s.cards, lst)) for lst in DECK.values()))), task=s.pending[:1]),
}
"""kind -> the full domain of its params (every value the contract allows, not only the plausible ones)."""


def candidates(state):
    """(Action, allowed) for every action the step could take."""
    if state.to_move is None:
        return []
    f = Facts(state)
    seat, kinds = (CHANCE, ("reveal",)) if state.to_move == CHANCE else (state.to_move, STEP_KINDS[state.step])
    return [(Action(kind, seat, p), bool(RULE[kind](state, f, seat, p)))
            for kind in kinds for p in DOMAIN[kind](state)]


def reference_legal(state) -> tuple:
    return tuple(a for a, ok in candidates(state) if ok)


def compare(state, refusals=True) -> list:
    """The differences between `state.legal_actions()` and the reference; when there are none and with
    `refusals`, every refused candidate that `apply` does not refuse with `_why`'s own, specific reason. Each
    message holds the position's JSON."""
    cands = candidates(state)
    ref = {a.key(): a for a, ok in cands if ok}
    eng = {a.key(): a for a in state.legal_actions()}
    where = f"step {state.step!r}, to move {state.to_move!r}; position: {state.to_json()}"
    out = [f"the engine offers {eng[k]!r} ({eng[k]}), the reference refuses it; {where}" for k in eng if k not in ref]
    out += [f"the engine misses {ref[k]!r}, the reference allows it; {where}" for k in ref if k not in eng]
    for a, ok in cands if refusals and not out else ():
        if ok:
            continue
        problem = refusal_problem(state, a)
        if problem:
            out.append(f"{problem}; {where}")
    return out


# ----------------------------------------------------------------- positions: play, and the rare cases
def _cap(s, w):
    return s.options.crystal_cap_base + D.DEPOT_SPACES - s.pieces[w].depot_ships


def _empty_supply(b, s):
    """The general supply emptied into the Depots, made roomy by the rule option `crystal_cap_base` (10: it takes
    4 players to hold every Crystal)."""
    b.rules(crystal_cap_base=10)
    left = s.supply
    for seat, pl in enumerate(s.pieces):
        give = min(10 + D.DEPOT_SPACES - pl.depot_ships - pl.crystals, left)
        left -= give
        b.crystals(seat, pl.crystals + give)
    return b


def _inside(b, s, w, action):
    """`w` inside the Main action `action`: a Colonist of theirs (from wherever they have one) on its slots."""
    pl = s.pieces[w]
    home = "living quarters" if pl.lq else "working area" if pl.wa else "reserve"
    return b.move_colonists(w, 1, home, action).set(main=action).set_turn(w, action)


def _upgrade_ready(b, s, w):
    """Upgrading at the Colony, with Minerals and a Level 1 Blueprint for each type of Building in the Building
    Zones."""
    zone = {h for h in HEXES if any(D.hex_distance(h, x) <= 1 for x in s.pieces[w].bots)}
    kinds = {rec[1] for rec in s.buildings if rec[0] in zone and rec[2] < 0}
    for card in s.decks[0] + s.bp_display:
        if s.cards.blueprints[card][0] in kinds and s.cards.blueprints[card][1] == 1:
            kinds.discard(s.cards.blueprints[card][0])
            b.blueprint(w, card)
    return _inside(b.storage(w, mineral=2).turn_order("colony", w), s, w, "upgrade")


def _tech_grid_emptied(b, s, w):
    """The other players learn Tech tiles from the Grid into their free Lab spaces (the columns the Colony level
    allows), one of each type each, until the Grid or their Labs run out: the last tiles of their kinds."""
    grid = list(s.tech_grid)
    limit = s.options.lab_column_limit[s.level - 1]
    table = s.cards.missions
    others = [c for c in s.decks[5] if table[c][1] != "tech"]
    b.missions(*(table[others.pop(0) if table[c][1] == "tech" else c][0] for c, _n in s.missions))
    for seat, pl in enumerate(s.pieces):
        free = [(row, col) for col in range(1, limit + 1) for row in D.LAB_ROWS
                if seat != w and not any(r == row and c == col for _t, r, c in pl.lab)]
        for i, kind in enumerate(D.TECHS):
            if free and grid[i] and kind not in (t for t, _r, _c in pl.lab):
                grid[i] -= 1
                b.learn(seat, D.TECH_NAME[kind], *free.pop(0))
    return b


EDITS = {
    "full depot": lambda b, s, w: b.crystals(w, _cap(s, w)),
    "full storage": lambda b, s, w: b.storage(w, **{r: s.options.resource_cap for r in D.RESOURCES}),
    "empty storage": lambda b, s, w: b.storage(w, **{r: 0 for r in D.RESOURCES}).crystals(w, 0),
    "no colonist home": lambda b, s, w: b.move_colonists(w, s.pieces[w].lq, "living quarters", "working area"),
    "empty reserve": lambda b, s, w: b.move_colonists(w, s.pieces[w].reserve, "reserve", "living quarters"),
    "empty warehouse": lambda b, s, w: b.set(warehouse=(0,) * len(D.ITEMS), supply=s.supply + s.warehouse[0]),
    "empty supply": lambda b, s, w: _empty_supply(b, s),
    "last marker": lambda b, s, w: [b.blueprint(w, c) for c in s.decks[0][:D.ADVANCED_MARKERS - 1
                                                                          - len(s.pieces[w].blueprints)]][-1],
    "ships welcomed": lambda b, s, w: b.welcome_ships(w, min(s.pieces[w].depot_ships,
                                                             s.options.ship_limit[s.level - 1] - s.pieces[w].hangar)),
    "at the colony": lambda b, s, w: b.turn_order("colony", w).set_turn(w, "turn"),
    "in orbit": lambda b, s, w: b.turn_order("orbit", w).set_turn(w, "turn"),
    "upgrade ready": _upgrade_ready,
    "Tech Grid emptied": _tech_grid_emptied,
    "a Resource of choice": lambda b, s, w: _inside(b.turn_order("orbit", w), s, w, "learn").set_turn(w, "resource"),
    "shuttle on the other side": lambda b, s, w: b.set(shuttle_side={"orbit": "colony", "colony": "orbit"}[
        s.shuttle_side]),
}
"""The rare cases, each an edit of a position through the position builder (`state.edit()`)."""
VARIANTS = ({}, {"missions_to_end": 1, "mission_target_change": -3}, {"round_limit": 1},
            {"resource_cap": 1, "crystal_cap_base": 0}, {"depot_action_cost": 0, "own_advanced_cost": 0},
            {"ship_limit": [0, 0, 0, 0, 0]})
"""Rule options that make rare cases common: an end triggered by the first Mission contribution, a final round
at once, Storage and Depot full at once, free Executive actions, no Ship allowed in a Hangar."""


def edited(state, names):
    """The position with each named rare case applied that it admits (an edit the rules refuse is skipped)."""
    for name in names:
        w = state.to_move if isinstance(state.to_move, int) else state.active
        try:
            state = EDITS[name](state.edit(), state, w).done()
        except (ValueError, IndexError):  # PositionError is a ValueError: the position does not admit it
            continue
    return state


def play(state, rng, plies, policy=None):
    """The positions of `plies` moves from `state` (uniformly random ones, or `policy`'s), `state` first."""
    for _ in range(plies):
        yield state
        if state.to_move is None:
            return
        if state.to_move == CHANCE:
            state = state.resolve_chance()
        else:
            state = state.apply(policy(state, rng) if policy else rng.choice(state.legal_actions()))


def rare_positions(seed=0, after=3):
    """Every rare case on a mid-game position of 2, 3 and 4 players, and `after` random moves from each."""
    rng = random.Random(seed)
    for i, name in enumerate(EDITS):
        players = 4 if name == "empty supply" else 2 + i % 3
        start = list(play(new_game(players=players, seed=seed + i, **VARIANTS[i % len(VARIANTS)]), rng,
                          rng.randrange(1, 120)))[-1]
        yield from play(edited(start, [name]), rng, after)


def sample_positions(count, seed=0):
    """`count` positions: a quarter rare cases (rare_positions), the rest from games of random and greedy play
    (2, 3, 4 players in turn, the rule variants in turn), about one position in five of each game."""
    rng = random.Random(seed)
    made = 0
    for state in rare_positions(seed):
        if made >= count // 4:
            break
        made += 1
        yield state
    game = 0
    while made < count:
        options = VARIANTS[game % len(VARIANTS)] if game % 4 == 3 else {}
        start = new_game(players=2 + game % 3, seed=seed * 1000 + game, **options)
        for state in play(start, rng, 10_000, greedy if game % 2 else None):
            if made < count and rng.random() < 0.2:
                made += 1
                yield state
        game += 1
