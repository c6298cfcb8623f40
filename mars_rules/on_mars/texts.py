"""The sentence a student reads for each Action (built only when shown)."""
from __future__ import annotations

from . import data as D


def _bp(card):
    b, lvl, gain = D.BLUEPRINTS[card]
    return f"the {D.BUILDING_NAME[b]} Level {lvl} Blueprint (+1 {gain.capitalize()})"


def _hex(h):
    return f"hex ({h[0]}, {h[1]})"


def _side(space):
    return ("Orbit" if space < D.TURN_ORDER_SPACES else "Colony"), space % D.TURN_ORDER_SPACES + 1


def text(a) -> str:
    k = a[0]
    p = dict(a[2])
    f = _TEXT.get(k)
    if f is None:
        return k.replace("_", " ")
    return f(p)


def _reveal(p):
    deck, card = p["deck"], p["card"]
    if deck == "order":
        return f"Chance: seat {card + 1} takes the next Orbit Turn Order space."
    if deck == "blueprint":
        return f"Chance: reveal {_bp(card)}."
    if deck == "scientist":
        return f"Chance: reveal the {D.SCIENTISTS[card][0]} Scientist."
    if deck == "contract":
        return f"Chance: reveal the Earth Contract {D.CONTRACTS[card][0]}."
    if deck == "mission":
        return f"Chance: put Mission {D.MISSIONS[card][0]} on the board."
    if deck == "goal":
        return f"Chance: deal Private Goal {D.GOALS[card][0]} to seat {int(p['task'].split(':')[1]) + 1}."
    return f"Chance: draw the Discovery tile {D.DISCOVERY_TILES[card][0]}."


def _space(p):
    side, n = _side(p["space"])
    bonus = D.TURN_ORDER_BONUS[p["space"] % D.TURN_ORDER_SPACES]
    gain = {"crystal": " and gain 1 Crystal", "": ""}.get(bonus, f" and gain 1 {p['resource'].capitalize()}")
    return f"Move your Player marker to {side} Turn Order space {n}{gain}."


def _welcome(p):
    if p["gain"] == "bot":
        return (f"Pay 1 Plant + 1 Water: move a Ship to your Hangar, gain 1 Colonist and a Bot on the "
                f"Shelter at {_hex(p['hex'])}.")
    return "Pay 1 Plant + 1 Water: move a Ship to your Hangar and gain 2 Colonists."


def _learn(p):
    cost = {"bottom": "free", "middle": "pay 1 Battery",
            "top": f"pay 1 Battery + 1 {str(p['extra']).capitalize()}"}[p["row"]]
    return f"Learn the {D.TECH_NAME[p['tech']]} Tech: put it in the {p['row']} row, column 1 ({cost})."


def _depot(p):
    what, n = D.DEPOT_ACTIONS[p["space"]]
    gain = {"retrieve": "move 1 Colonist from your Working Area to your Living Quarters",
            "colonist": "bring 1 Colonist from your reserve to your Living Quarters"}.get(
        what, f"gain {n} {what.capitalize()}{'s' if n > 1 else ''}")
    return f"Executive action (Depot space {p['space'] + 1}): pay {D.DEPOT_ACTION_COST} Crystal to {gain}."


def _goal(p, verb):
    name, measure, at_least, op = D.GOALS[p["goal"]]
    if verb == "discard":
        return f"Discard your Private Goal {name} unseen and use it as 1 Crystal."
    return f"Complete your Private Goal {name} ({at_least}+ {D.GOAL_TEXT[measure]}): {op} OP at the end."


_TEXT = {
    "reveal": _reveal,
    "main": lambda p: f"Take the Main action {D.ACTION_NAME[p['action']]}: place a Colonist from your Living "
                      f"Quarters on its slot.",
    "pass_turn": lambda p: "Pass: no Main action is possible for you, so lay your Player marker down.",
    "pay_crystal": lambda p: "Pay 1 Crystal for one other colour on the slots.",
    "pay_colonist": lambda p: "Move 1 Colonist to your Working Area for one other colour on the slots.",
    "boost": lambda p: f"Boost: move 1 Colonist to your Working Area to {p['gives']}.",
    "done": lambda p: f"Finish the {D.ACTION_NAME.get(p['action'], p['action'])} action.",
    "take_blueprint": lambda p: f"Take {_bp(p['card'])} and put an Advanced Building marker on it.",
    "learn_tech": _learn,
    "develop": lambda p: f"Develop your {D.TECH_NAME[p['tech']]} Tech one column to the right "
                         f"(pay the column's cost, gain the space's benefit).",
    "take_item": lambda p: f"Take 1 {p['item'].capitalize()} from the Warehouse.",
    "move_rover": lambda p: f"Move your Rover one hex to {_hex(p['to'])}.",
    "move_bot": lambda p: f"Move your Bot {p['bot'] + 1} one hex to {_hex(p['to'])}.",
    "spend_crystal": lambda p: (f"Spend 1 Crystal: +1 movement for your "
                                f"{'Rover' if p['piece'] < 0 else 'Bot %d' % (p['piece'] + 1)}."),
    "choose_building": lambda p: f"Construct a {D.BUILDING_NAME[p['building']]}.",
    "construct": lambda p: f"Place the {D.BUILDING_NAME[p['building']]} on {_hex(p['hex'])}.",
    "upgrade": lambda p: f"Use {_bp(p['card'])}: pay 1 Mineral and upgrade the Building on {_hex(p['hex'])}.",
    "welcome_ship": _welcome,
    "hire_scientist": lambda p: f"Hire the {D.SCIENTISTS[p['card']][0]} "
                                f"({D.BUILDING_NAME[D.SCIENTISTS[p['card']][1]]} specialist).",
    "take_contract": lambda p: f"Take the Earth Contract {D.CONTRACTS[p['card']][0]}.",
    "take_resource": lambda p: f"Take 1 {p['resource'].capitalize()} (the Resource of your choice).",
    "skip_resource": lambda p: "Your Storage is full: take no Resource.",
    "depot_action": _depot,
    "advanced_action": lambda p: f"Executive action: use your Advanced Building on {_hex(p['hex'])} "
                                 f"({'free: a Scientist works there' if p['free'] else 'pay 2 Crystals'}).",
    "scientist_action": lambda p: f"Executive action: use the Advanced Building on {_hex(p['hex'])} where "
                                  f"your Scientist works (free).",
    "send_scientist": lambda p: f"Executive action: send your {D.SCIENTISTS[p['card']][0]} to the Advanced "
                                f"Building on {_hex(p['hex'])} and use it (free).",
    "discard_goal": lambda p: _goal(p, "discard"),
    "complete_goal": lambda p: _goal(p, "complete"),
    "end_turn": lambda p: "End your turn: lay your Player marker down.",
    "travel": lambda p: (f"Travel to the {p['to'].capitalize()} "
                         f"({'free: the Shuttle left your side' if p['pay'] == 'free' else 'discard a Ship from your Hangar'})."),
    "stay": lambda p: "Stay where you are this Shuttle Phase.",
    "place_discovery": lambda p: f"Place the Discovery tile on {_hex(p['hex'])}, 3 hexes from your Rover.",
    "take_space": _space,
    "discard_discovery": lambda p: "No free hex lies 3 hexes from your Rover: discard the Discovery tile.",
}
