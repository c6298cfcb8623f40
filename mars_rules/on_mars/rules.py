"""Legality (one place: `legal`), transitions (`play` dispatching to small apply functions) and `why`."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

from . import colony, flow, orbit, setup, shuttle, turn
from . import data as D
from .board import construct_problem
from .state import STEP
from .tx import Tx

LEGAL = {
    "turn": turn.legal_turn, "final_round": turn.legal_turn, "turn_end": turn.legal_turn,
    "pay": turn.legal_pay, "resource": turn.legal_resource,
    "blueprint": orbit.legal_blueprint, "learn": orbit.legal_learn, "rnd": orbit.legal_rnd,
    "resupply": orbit.legal_resupply,
    "control": colony.legal_control, "construct": colony.legal_construct,
    "construct_hex": colony.legal_construct_hex, "upgrade": colony.legal_upgrade,
    "welcome": colony.legal_welcome, "hire": colony.legal_hire,
    "shuttle": shuttle.legal_shuttle, "discovery": shuttle.legal_discovery,
    "turn_order": shuttle.legal_turn_order,
}

MAIN_STEPS = ("blueprint", "learn", "rnd", "resupply", "upgrade", "welcome")
"""Main action steps with uses (a `done` before the first use is refused)."""
EXEC_KINDS = ("depot_action", "advanced_action", "scientist_action", "send_scientist")


def legal(state) -> tuple:
    return tuple(LEGAL[state.step](state, state.active))


def _reveal(t, seat, action):
    t.s("draws", t.state.draws + 1)  # counted here, in the one new State (the core would do it apart)
    setup.play_reveal(t, action)
    if t.g("phase") == "setup" and not t.g("pending"):
        flow.start_round(t)


def _pass_turn(t, seat, action):
    t.s("main", "pass")
    t.say(f"{t.name(seat)} can take no Main action and passes.")
    flow.end_turn(t)


def _boost(t, seat, action):
    pl = t.p(seat)
    t.setp(seat, lq=pl.lq - 1, wa=pl.wa + 1)
    t.s("allow", t.g("allow") + 1)
    t.say(f"{t.name(seat)} boosts: a Colonist goes to the Working Area to {action.get('gives')}.")


def _done(t, seat, action):
    if t.state.step == "control":
        colony.end_control(t, seat)
    flow.finish_main(t)


def _choose_building(t, seat, action):
    t.s("build", action.get("building"))
    t.s("step", "construct_hex")


APPLY = {
    "reveal": _reveal,
    "main": lambda t, seat, a: turn.apply_main(t, seat, a.get("action")),
    "pass_turn": _pass_turn,
    "pay_crystal": lambda t, seat, a: turn.apply_pay(t, seat, a[0]),
    "pay_colonist": lambda t, seat, a: turn.apply_pay(t, seat, a[0]),
    "end_turn": lambda t, seat, a: flow.end_turn(t),
    "discard_goal": turn.apply_goal,
    "complete_goal": turn.apply_goal,
    "take_resource": turn.apply_resource,
    "skip_resource": turn.apply_resource,
    "boost": _boost,
    "done": _done,
    "take_blueprint": lambda t, seat, a: orbit.apply_blueprint(t, seat, a.get("card")),
    "learn_tech": orbit.apply_learn,
    "develop": lambda t, seat, a: orbit.apply_develop(t, seat, a.get("tech")),
    "take_item": lambda t, seat, a: orbit.apply_item(t, seat, a.get("item")),
    "move_rover": colony.apply_control,
    "move_bot": colony.apply_control,
    "spend_crystal": colony.apply_control,
    "choose_building": _choose_building,
    "construct": lambda t, seat, a: colony.apply_construct(t, seat, a.get("building"), a.get("hex")),
    "upgrade": lambda t, seat, a: colony.apply_upgrade(t, seat, a.get("card"), a.get("hex")),
    "welcome_ship": lambda t, seat, a: colony.apply_welcome(t, seat, a.get("gain"), a.get("hex")),
    "hire_scientist": colony.apply_hire,
    "take_contract": colony.apply_hire,
    "travel": shuttle.apply_shuttle,
    "stay": shuttle.apply_shuttle,
    "place_discovery": lambda t, seat, a: shuttle.apply_discovery(t, seat, a.get("hex")),
    "discard_discovery": lambda t, seat, a: shuttle.apply_discovery(t, seat, None),
    "take_space": lambda t, seat, a: shuttle.apply_turn_order(t, seat, a.get("space"), a.get("resource")),
}
APPLY.update({kind: turn.apply_exec for kind in EXEC_KINDS})
"""action kind -> apply function (t, seat, action); legal() never lists another kind."""


def play(state, action):
    t = Tx(state)
    APPLY[action[0]](t, action[1], action)
    setup.settle(t)
    return t.build()


# ----------------------------------------------------------------- why an action is not legal
def _specific(state, action):
    """A precise (reason, rule) for the rules the text states, or None."""
    kind, seat = action[0], action[1]
    get = action.get
    step = state.step
    if kind == "main":
        return turn.main_problem(state, seat, get("action"))
    if kind in EXEC_KINDS:
        if state.exec_used:
            return "You already took your Executive action this turn: at most one per turn.", turn.RULE_EXEC
        if step not in ("turn", "final_round", "turn_end"):
            return "An Executive action is taken before or after the Main action, not during it.", turn.RULE_EXEC
        if kind == "depot_action" and isinstance(get("space"), int):
            why = turn.depot_problem(state, seat, get("space"))
            if why:
                return why, turn.RULE_EXEC
        if kind == "advanced_action":
            h = get("hex")
            rec = next((b for b in state.buildings if b[0] == h), None)
            why = turn.own_building_problem(state, seat, rec, get("free"), turn.scientists_at(state))
            if why:
                return why, turn.RULE_EXEC
        if kind in ("scientist_action", "send_scientist"):
            why = turn.scientist_problem(state, seat, kind, get("hex"), get("card"))
            return (why or "A Scientist works only in an Advanced Building of its specialty, and only its owner "
                    "and the Building's owner use it for free."), turn.RULE_EXEC
    if kind in ("pay_crystal", "pay_colonist") and step == "pay":
        why = turn.pay_problem(state, seat, kind)
        if why:
            return why, turn.RULE_PLACE
    if kind in ("move_rover", "move_bot", "spend_crystal") and step == "control":
        piece = -1 if kind == "move_rover" else get("bot") if kind == "move_bot" else get("piece")
        why = colony.control_problem(state, seat, kind, piece, get("to"))
        if why:
            return why, colony.RULE
    if kind == "choose_building" and step == "construct":
        why = colony.building_problem(state, seat, get("building"))
        if why:
            return why, colony.RULE
    if kind in ("hire_scientist", "take_contract") and step == "hire":
        why = colony.hire_problem(state, seat, kind, get("card"))
        if why:
            return why, colony.RULE
    if kind in ("place_discovery", "discard_discovery") and step == "discovery":
        why = shuttle.discovery_problem(state, seat, get("hex") if kind == "place_discovery" else None)
        if why:
            return why, shuttle.RULE
    if kind == "take_space" and step == "turn_order":
        why = shuttle.space_problem(state, seat, get("space"), get("resource"))
        if why:
            return why, shuttle.RULE
    if kind == "pass_turn" and step in ("turn", "final_round") and not state.main:
        return ("A Main action is possible for you (now, or after your Executive action or discarding a Private "
                "Goal for a Crystal): a turn has one mandatory Main action."), turn.RULE_TURN
    if kind == "end_turn" and step in ("turn", "final_round"):
        return "You must take one Main action before ending your turn.", turn.RULE_TURN
    if kind in ("discard_goal", "complete_goal"):
        g = get("goal")
        pl = state.pieces[seat]
        if g not in pl.goals:
            return "That Private Goal is not in your hand.", turn.RULE_GOALS
        if kind == "discard_goal" and turn.goal_crystal_lost(state, seat):
            return turn.goal_crystal_lost(state, seat), turn.RULE_GOALS
        if kind == "complete_goal":
            if pl.goal_done >= 0:
                return "You already completed a Private Goal: only one can be completed.", turn.RULE_GOALS
            name, measure, at_least, _op = state.cards.goals[g]
            have = turn.goal_measure(state, seat, measure)
            return (f"{name} needs {at_least} {D.GOAL_TEXT[measure]}; you have {have}."), turn.RULE_GOALS
    if kind == "travel" and step == "shuttle":
        there = shuttle.dest_side(state, seat)
        if get("to") != there:
            return (f"The Shuttle takes you to the other side: travel(to={there!r}), not to={get('to')!r:.30}."), \
                shuttle.RULE
        why = shuttle.travel_problem(state, seat, get("pay"))
        if why:
            return why, shuttle.RULE
    if kind == "construct" and step == "construct_hex":
        if get("building") != state.build:
            return (f"You chose to construct a {state.build.capitalize()}: construct(building={state.build!r}, "
                    f"hex=...), not a {get('building')!r:.30}."), colony.RULE
        h = get("hex")
        if isinstance(h, tuple) and len(h) == 2 and get("building") in D.BUILDINGS:
            why = construct_problem(state, seat, get("building"), h)
            if why:
                return why, colony.RULE
    if kind == "upgrade" and step == "upgrade":
        why = colony.upgrade_problem(state, seat, get("card"), get("hex"))
        if why:
            return why, colony.RULE
    if kind == "welcome_ship" and step == "welcome":
        why = colony.welcome_problem(state, seat) or colony.welcome_choice_problem(state, seat, get("gain"),
                                                                                 get("hex"))
        if why:
            return why, colony.RULE
        if state.used >= state.allow:
            return "Boost with a Colonist to welcome one more Ship.", colony.RULE
    if kind == "learn_tech" and step == "learn":
        why = orbit.learn_problem(state, seat, get("tech"), get("row"), get("extra"))
        if why:
            return why, orbit.RULE
        if state.used >= state.allow:
            return "You learned your tile: boost with a Colonist for a second one.", orbit.RULE
    if kind == "develop" and step == "rnd":
        why = orbit.develop_problem(state, seat, get("tech"))
        if why:
            return why, orbit.RULE
    if kind == "take_item" and step == "resupply":
        why = orbit.item_problem(state, seat, get("item"))
        if why:
            return why, orbit.RULE
        return "Boost with a Colonist to take one more item.", orbit.RULE
    if kind == "take_blueprint" and step == "blueprint":
        if get("card") not in state.bp_display:
            return "That Blueprint is not on display.", orbit.RULE
        if orbit.markers_left(state.pieces[seat]) < 1:
            return "You have no Advanced Building marker left to put on it.", orbit.RULE
        return "Boost with a Colonist to take one more Blueprint.", orbit.RULE
    if kind == "done" and state.main and get("action") != state.main:
        return (f"Done names the Main action you are taking: done(action={state.main!r}), not "
                f"action={get('action')!r:.30}."), STEP[step].rule
    if kind == "take_resource" and step == "resource" and get("resource") in D.RESOURCES and \
            state.pieces[seat].res[D.RES_INDEX[get("resource")]] >= state.options.resource_cap:
        return (f"Your {get('resource').capitalize()} Storage is full ({state.options.resource_cap}): choose "
                "another Resource."), STEP[step].rule
    if kind in ("done", "end_turn") and step in MAIN_STEPS and state.used < 1:
        return (f"Take {D.ACTION_NAME.get(state.main, 'the action')} at least once before finishing it: a "
                "Main action is done only when it is used (Done is offered at once when no use is possible)."), \
            STEP[step].rule
    if kind == "boost":
        return ("A boost is offered once the action's uses are spent, and needs a Colonist in your Living "
                "Quarters."), turn.RULE_PLACE
    return None


def why(state, action):
    if not isinstance(action, Action):
        return f"{action!r} is not an Action; choose one of state.legal_actions().", "The game contract"
    if state.to_move is None:
        return "The game is over: no more actions can be taken.", "End of the Game"
    if state.to_move == CHANCE:
        return ("This is a chance draw: apply one of the listed outcomes or call resolve_chance()."), \
            "The game contract"
    if action[1] != state.to_move:
        return (f"It is {state.players[state.to_move]}'s decision now, not "
                f"{state.players[action[1]] if isinstance(action[1], int) and 0 <= action[1] < len(state.players) else repr(action[1])}'s."), \
            STEP[state.step].rule
    try:
        found = _specific(state, action)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        found = None
    if found:
        return found
    legal_now = state.legal_actions()
    kinds = sorted({a[0] for a in legal_now})
    title = STEP[state.step].title
    if action[0] in kinds:
        return (f"That {action[0].replace('_', ' ')} is not one of the legal choices in '{title}'."), \
            STEP[state.step].rule
    return (f"'{action[0]}' is not possible in the step '{title}'; possible now: {', '.join(kinds)}."), \
        STEP[state.step].rule
