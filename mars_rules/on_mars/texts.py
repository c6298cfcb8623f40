"""The sentence a student reads for each Action (built only when shown).

`text(action)` reads the built-in card lists and the default rule options; `of(cards, rules)` is the same
function for a game's own Cards and rule options (the sentences name costs: a Depot Executive action's,
your own Advanced Building's).
"""
from __future__ import annotations

from functools import partial

from . import data as D
from .options import DEFAULT_RULES


def _bp(card, C):
    b, lvl, gain = C.blueprints[card]
    return f"the {D.BUILDING_NAME[b]} Level {lvl} Blueprint (+1 {gain.capitalize()})"


def _plural(item, n):
    if n == 1:
        return item.capitalize()
    return {"battery": "Batteries"}.get(item, item.capitalize() + "s")


def _a(name):
    """'a Mine', 'an Oxygen Condenser'."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name


def _hex(h):
    return f"hex ({h[0]}, {h[1]})"


def _side(space):
    return ("Orbit" if space < D.TURN_ORDER_SPACES else "Colony"), space % D.TURN_ORDER_SPACES + 1


def _text(C, a, R=DEFAULT_RULES) -> str:
    k = a[0]
    p = dict(a[2])
    f = _RULED.get(k)
    if f is not None:
        return f(p, C, R)
    f = _TEXT.get(k)
    if f is None:
        return k.replace("_", " ")
    return f(p, C)


def text(a) -> str:
    """The sentence of an Action of a game with the built-in cards and the default rule options."""
    return _text(D.DEFAULT_CARDS, a)


_of_rules = {}


def of(cards, rules=DEFAULT_RULES):
    """The text function for Actions of a game played with `cards` (a data.Cards) and `rules` (its rule
    options), one function per (cards, rules), kept."""
    if rules is DEFAULT_RULES:
        if not cards.custom:
            return text
        f = cards._text
        if f is None:
            f = cards._text = partial(_text, cards)
        return f
    key = (cards, rules)
    f = _of_rules.get(key)
    if f is None:
        if len(_of_rules) >= 256:
            _of_rules.clear()
        f = _of_rules[key] = partial(_text, cards, R=rules)
    return f


def _reveal(p, C):
    deck, card = p["deck"], p["card"]
    if deck == "order":
        return f"Chance: seat {card + 1} takes the next Orbit Turn Order space."
    if deck == "blueprint":
        return f"Chance: reveal {_bp(card, C)}."
    if deck == "scientist":
        return f"Chance: reveal the {C.scientists[card][0]} Scientist."
    if deck == "contract":
        return f"Chance: reveal the Earth Contract {C.contracts[card][0]}."
    if deck == "mission":
        return f"Chance: put Mission {C.missions[card][0]} on the board."
    if deck == "goal":
        return f"Chance: deal Private Goal {C.goals[card][0]} to seat {int(p['task'].split(':')[1]) + 1}."
    return f"Chance: draw the Discovery tile {C.discovery_tiles[card][0]}."


def _space(p, C):
    side, n = _side(p["space"])
    bonus = D.TURN_ORDER_BONUS[p["space"] % D.TURN_ORDER_SPACES]
    gain = {"crystal": " and gain 1 Crystal", "": ""}.get(bonus, f" and gain 1 {p['resource'].capitalize()}")
    return f"Move your Player marker to {side} Turn Order space {n}{gain}."


def _welcome(p, C):
    if p["gain"] == "bot":
        return (f"Pay 1 Plant + 1 Water: move a Ship to your Hangar, gain 1 Colonist and a Bot on the "
                f"Shelter at {_hex(p['hex'])}.")
    return "Pay 1 Plant + 1 Water: move a Ship to your Hangar and gain 2 Colonists."


def _learn(p, C):
    cost = {"bottom": "free", "middle": "pay 1 Battery",
            "top": f"pay 1 Battery + 1 {str(p['extra']).capitalize()}"}[p["row"]]
    return f"Learn the {D.TECH_NAME[p['tech']]} Tech: put it in the {p['row']} row, column 1 ({cost})."


def _depot(p, C, R):
    what, n = D.DEPOT_ACTIONS[p["space"]]
    gain = {"retrieve": "move 1 Colonist from your Working Area to your Living Quarters",
            "colonist": "bring 1 Colonist from your reserve to your Living Quarters"}.get(
        what, f"gain {n} {_plural(what, n)}")
    cost = R.depot_action_cost
    pay = f"pay {cost} Crystal{'s' if cost != 1 else ''} to" if cost else "free:"
    return f"Executive action (Depot space {p['space'] + 1}): {pay} {gain}."


def _advanced(p, C, R):
    cost = R.own_advanced_cost
    pay = f"pay {cost} Crystal{'s' if cost != 1 else ''}" if cost else "free"
    return (f"Executive action: use your Advanced Building on {_hex(p['hex'])} "
            f"({'free: a Scientist works there' if p['free'] else pay}).")


def _goal(p, C, verb):
    name, measure, at_least, op = C.goals[p["goal"]]
    if verb == "discard":
        return f"Discard your Private Goal {name} unseen and use it as 1 Crystal."
    return f"Complete your Private Goal {name} ({at_least}+ {D.GOAL_TEXT[measure]}): {op} OP at the end."


_TEXT = {
    "reveal": _reveal,
    "main": lambda p, C: f"Take the Main action {D.ACTION_NAME[p['action']]}: place a Colonist from your Living "
                      f"Quarters on its slot.",
    "pass_turn": lambda p, C: "Pass: no Main action is possible for you, so lay your Player marker down.",
    "pay_crystal": lambda p, C: "Pay 1 Crystal for one other colour on the slots.",
    "pay_colonist": lambda p, C: "Move 1 Colonist to your Working Area for one other colour on the slots.",
    "boost": lambda p, C: f"Boost: move 1 Colonist to your Working Area to {p['gives']}.",
    "done": lambda p, C: f"Finish the {D.ACTION_NAME.get(p['action'], p['action'])} action.",
    "take_blueprint": lambda p, C: f"Take {_bp(p['card'], C)} and put an Advanced Building marker on it.",
    "learn_tech": _learn,
    "develop": lambda p, C: f"Develop your {D.TECH_NAME[p['tech']]} Tech one column to the right "
                         f"(pay the column's cost, gain the space's benefit).",
    "take_item": lambda p, C: f"Take 1 {p['item'].capitalize()} from the Warehouse.",
    "move_rover": lambda p, C: f"Move your Rover one hex to {_hex(p['to'])}.",
    "move_bot": lambda p, C: f"Move your Bot {p['bot'] + 1} one hex to {_hex(p['to'])}.",
    "spend_crystal": lambda p, C: (f"Spend 1 Crystal: +1 movement for your "
                                f"{'Rover' if p['piece'] < 0 else 'Bot %d' % (p['piece'] + 1)}."),
    "choose_building": lambda p, C: f"Construct {_a(D.BUILDING_NAME[p['building']])}.",
    "construct": lambda p, C: f"Place the {D.BUILDING_NAME[p['building']]} on {_hex(p['hex'])}.",
    "upgrade": lambda p, C: f"Use {_bp(p['card'], C)}: pay 1 Mineral and upgrade the Building on {_hex(p['hex'])}.",
    "welcome_ship": _welcome,
    "hire_scientist": lambda p, C: f"Hire the {C.scientists[p['card']][0]} "
                                f"({D.BUILDING_NAME[C.scientists[p['card']][1]]} specialist).",
    "take_contract": lambda p, C: f"Take the Earth Contract {C.contracts[p['card']][0]}.",
    "take_resource": lambda p, C: f"Take 1 {p['resource'].capitalize()} (the Resource of your choice).",
    "skip_resource": lambda p, C: "Your Storage is full: take no Resource.",
    "scientist_action": lambda p, C: f"Executive action: use the Advanced Building on {_hex(p['hex'])} where "
                                  f"your Scientist works (free).",
    "send_scientist": lambda p, C: f"Executive action: send your {C.scientists[p['card']][0]} to the Advanced "
                                f"Building on {_hex(p['hex'])} and use it (free).",
    "discard_goal": lambda p, C: _goal(p, C, "discard"),
    "complete_goal": lambda p, C: _goal(p, C, "complete"),
    "end_turn": lambda p, C: "End your turn: lay your Player marker down.",
    "travel": lambda p, C: (f"Travel {'to Orbit' if p['to'] == 'orbit' else 'to the Colony'} "
                         f"({'free: the Shuttle left your side' if p['pay'] == 'free' else 'discard a Ship from your Hangar'})."),
    "stay": lambda p, C: "Stay where you are this Shuttle Phase.",
    "place_discovery": lambda p, C: f"Place the Discovery tile on {_hex(p['hex'])}, 3 hexes from your Rover.",
    "take_space": _space,
    "discard_discovery": lambda p, C: "No free hex lies 3 hexes from your Rover: discard the Discovery tile.",
}

_RULED = {"depot_action": _depot, "advanced_action": _advanced}
"""The sentences that name a rule option's value: f(params, cards, rules)."""
