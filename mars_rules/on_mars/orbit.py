"""Orbital Station Main actions: Obtain Blueprint, Learn New Technology, R&D, Resupply.

(The Landing Pod is a trip to the Colony: see flow.travel.) Each action step lists its uses, a
`boost` (move a Colonist from the Living Quarters to the Working Area for one more use) and `done`.
"""
from __future__ import annotations

from mars_rules.core import Action

from . import data as D
from .board import _needs, has, tech_level
from .options import rnd_costs
from .tx import crystal_cap, words
from .texts import of as texts_of
from .texts import text

RULE = "Orbital Station Main Actions"

_tuple_new = tuple.__new__  # Action.fast without the call


def _boost(seat, gives):
    return _tuple_new(Action, ("boost", seat, (("gives", gives),), text))


def _done(seat, action):
    return _tuple_new(Action, ("done", seat, (("action", action),), text))


def _finish_list(state, seat, action, out, can_boost, gives):
    """Add boost (when every use is spent) and done (after the first use, or if nothing is possible)."""
    if state.used >= state.allow and can_boost and state.pieces[seat].lq > 0:
        out.append(_boost(seat, gives))
    if state.used >= 1 or not out:
        out.append(_done(seat, action))
    return out


# ----------------------------------------------------------------- Obtain Blueprint
def markers_left(pl) -> int:
    return D.ADVANCED_MARKERS - len(pl.blueprints)


def begin_blueprint(state, seat):
    if not state.bp_display:
        return "The Blueprint display is empty."
    if markers_left(state.pieces[seat]) < 1:
        return "All your Advanced Building markers are on Blueprints or Buildings: you cannot take another."
    return None


def legal_blueprint(state, seat) -> list:
    out = []
    room = markers_left(state.pieces[seat]) > 0
    if state.used < state.allow and room:
        tx = texts_of(state.cards)
        out = [_tuple_new(Action, ("take_blueprint", seat, (("card", c),), tx)) for c in sorted(set(state.bp_display))]
    return _finish_list(state, seat, "blueprint", out, room and bool(state.bp_display), "take one more Blueprint")


def apply_blueprint(t, seat, card):
    disp = list(t.g("bp_display"))
    disp.remove(card)
    t.s("bp_display", tuple(disp))
    pl = t.p(seat)
    t.setp(seat, blueprints=pl.blueprints + ((card, 0),))
    b, lvl, gain = t.state.cards.blueprints[card]
    t.say(f"{t.name(seat)} takes the {D.BUILDING_NAME[b]} Level {lvl} Blueprint and puts an Advanced Building "
          f"marker on it.")
    t.gain(seat, gain, 1, "(depicted on the Blueprint)")
    t.s("pending", t.g("pending") + ("blueprint",))
    t.s("used", t.g("used") + 1)


# ----------------------------------------------------------------- Learn New Technology
def learn_problem(state, seat, tech, row, extra):
    """Why the player cannot learn this Tech tile into this Lab row now (None if they can)."""
    if tech not in D.TECHS or row not in D.LAB_ROWS:
        return "Choose a Tech type and a Laboratory row (bottom, middle or top)."
    pl = state.pieces[seat]
    return _tile_problem(state, pl, tech) or _row_problem(pl, row, extra)


_TECH_AT = {tech: i for i, tech in enumerate(D.TECHS)}


def _tile_problem(state, pl, tech, quiet=False):
    """Why this Tech tile cannot be learned (None if it can); with `quiet`, True instead of the sentence."""
    if tech_level(pl, tech):
        return quiet or f"You already have a {D.TECH_NAME[tech]} Tech tile: only one tile of each type."
    if state.tech_grid[_TECH_AT[tech]] < 1:
        return quiet or f"The Tech Grid has no {D.TECH_NAME[tech]} tile left."
    return None


def _row_problem(pl, row, extra, quiet=False):
    """Why a tile cannot go into column 1 of this Lab row, paying `extra` as the top row's Resource (None if
    it can); with `quiet`, True instead of the sentence."""
    for _t, r, c in pl.lab:
        if r == row and c == 1:
            return quiet or f"Column 1 of your {row} Lab row is taken."
    needs = _LEARN_NEEDS.get((row, extra))
    if needs is None:
        if row == "top":
            return quiet or "The top row costs 1 Battery and 1 Resource: name that Resource."
        return quiet or f"The {row} row costs no Resource of your choice: leave `extra` empty."
    if not has(pl, needs):
        return quiet or f"The {row} row costs {words(lab_row_cost(row, extra))}; you do not have it."
    return None


def lab_row_cost(row, extra):
    if row == "top":
        return ("battery", extra) if extra in D.RESOURCES else None
    return D.LEARN_ROW_COST[row]


_LEARN_NEEDS = {(row, extra): _needs(lab_row_cost(row, extra)) for row in D.LAB_ROWS
                for extra in (D.RESOURCES if row == "top" else ("",))}
"""(Lab row, the top row's Resource or "") -> what Learn New Technology costs there, as `has` reads it."""
_LEARN_ITEMS = {(tech, row, extra): (("tech", tech), ("row", row), ("extra", extra))
                for tech in D.TECHS for row, extra in _LEARN_NEEDS}


def learn_options(state, seat) -> list:
    """The choices learn_problem allows, tile by row by extra, each tile and each row judged once."""
    pl = state.pieces[seat]
    rows = [key for key in _LEARN_NEEDS if _row_problem(pl, *key, True) is None]
    if not rows:
        return []
    return [_tuple_new(Action, ("learn_tech", seat, _LEARN_ITEMS[tech, row, extra], text))
            for tech in D.TECHS if _tile_problem(state, pl, tech, True) is None for row, extra in rows]


def begin_learn(state, seat):
    pl = state.pieces[seat]
    for tech in D.TECHS:
        if _tile_problem(state, pl, tech, True) is None:  # a tile to learn: is there a row for it (any tile's)?
            for row, extra in _LEARN_NEEDS:
                if _row_problem(pl, row, extra, True) is None:
                    return None
            break
    return "No Tech tile can be learned: one tile per type, a free column 1 and the row's cost are needed."


def legal_learn(state, seat) -> list:
    if state.used < state.allow:
        return _finish_list(state, seat, "learn", learn_options(state, seat), False, "")
    useful = state.allow < 2 and state.pieces[seat].lq > 0 and begin_learn(state, seat) is None
    return _finish_list(state, seat, "learn", [], useful, "take a second Tech tile")


def benefit(t, seat, row):
    b = D.LAB_BENEFIT[row]
    if b == "crystal":
        t.gain(seat, "crystal", D.LAB_BENEFIT_AMOUNT, f"(benefit of the {row} Lab row)")
    elif b == "choice":
        t.s("choices", t.g("choices") + D.LAB_BENEFIT_AMOUNT)
        if t.g("step") != "resource":
            t.s("resume", t.g("step"))
            t.s("step", "resource")


def apply_learn(t, seat, a):
    tech, row, extra = a.get("tech"), a.get("row"), a.get("extra")
    t.pay(seat, lab_row_cost(row, extra))
    grid = list(t.g("tech_grid"))
    grid[D.TECHS.index(tech)] -= 1
    t.s("tech_grid", tuple(grid))
    pl = t.p(seat)
    t.setp(seat, lab=tuple(sorted(pl.lab + ((tech, row, 1),))))
    t.say(f"{t.name(seat)} learns the {D.TECH_NAME[tech]} Tech (Lab {row} row, column 1).")
    t.s("used", t.g("used") + 1)
    from .flow import contribute
    contribute(t, seat, "tech")
    benefit(t, seat, row)


# ----------------------------------------------------------------- Research and Development
def develop_refusal(state, pl, tech, row, col, quiet=False):
    """Why the player's tile (tech, row, col) cannot move one column right now (None if it can): the one
    source of the R&D rule, for the listing and for `why`. With `quiet`, True instead of the sentence (the
    listing needs only the answer, the sentence is never built).

    >>> from mars_rules.on_mars import new_game
    >>> s = new_game(players=2, seed=1)
    >>> pl = s.pieces[0]  # a Shelter tile in column 2 of the middle row, Colony level 1
    >>> develop_refusal(s, pl, "shelter", "middle", 2), develop_refusal(s, pl, "shelter", "middle", 2, True)
    ('At Colony level 1 Tech tiles can reach column 2 at most; this one is in column 2.', True)
    """
    limit = state.options.lab_column_limit[state.level - 1]
    if col + 1 > limit:
        return quiet or (f"At Colony level {state.level} Tech tiles can reach column {limit} at most; "
                         f"this one is in column {col}.")
    for _t, r, c in pl.lab:
        if r == row and c == col + 1:
            return quiet or f"Column {col + 1} of your {row} row is taken."
    moved = state.moves
    if len(moved) >= D.RND_USES:
        if len(moved) >= state.allow:
            return quiet or \
                "You have developed as many tiles as allowed: boost with a Colonist for one more tile."
        if tech in moved:
            return quiet or "A boost develops a tile you have not developed in this action."
    cost, needs = rnd_costs(state.options)[col + 1]
    if not has(pl, needs):
        return quiet or f"Column {col + 1} costs {words(cost)}; you do not have it."
    return None


def develop_problem(state, seat, tech):
    """Why the player cannot develop their Tech tile of this type now (None if they can); a Lab holds one tile
    of each type (invariants), so the listing judges every tile."""
    pl = state.pieces[seat]
    for tt, row, col in pl.lab:
        if tt == tech:
            return develop_refusal(state, pl, tech, row, col)
    return f"You have no {D.TECH_NAME.get(tech, tech)} Tech tile to develop."


def develop_options(state, seat) -> list:
    pl = state.pieces[seat]
    return [_tuple_new(Action, ("develop", seat, (("tech", tech),), text)) for tech, row, col in pl.lab
            if develop_refusal(state, pl, tech, row, col, True) is None]


def _developable(state, pl) -> bool:
    for tech, row, col in pl.lab:
        if develop_refusal(state, pl, tech, row, col, True) is None:
            return True
    return False


def begin_rnd(state, seat):
    return None if _developable(state, state.pieces[seat]) else \
        "No Tech tile can be developed (the next column must be free, allowed by the Colony level and affordable)."


def legal_rnd(state, seat) -> list:
    out = develop_options(state, seat)
    useful = False
    if len(state.moves) >= state.allow and state.pieces[seat].lq > 0:
        useful = _developable(state._replace(allow=state.allow + 1), state.pieces[seat])
    return _finish_list(state, seat, "rnd", out, useful, "develop one more tile")


def apply_develop(t, seat, tech):
    pl = t.p(seat)
    lab = []
    for tt, r, c in pl.lab:
        if tt == tech:
            row, col = r, c + 1
            lab.append((tt, r, col))
        else:
            lab.append((tt, r, c))
    t.pay(seat, rnd_costs(t.state.options)[col][0])
    t.setp(seat, lab=tuple(sorted(lab)))
    t.s("moves", t.g("moves") + (tech,))
    t.s("used", t.g("used") + 1)
    t.say(f"{t.name(seat)} develops the {D.TECH_NAME[tech]} Tech to column {col}.")
    from .flow import contribute
    contribute(t, seat, "tech")
    benefit(t, seat, row)


# ----------------------------------------------------------------- Resupply
def item_problem(state, seat, item, quiet=False):
    """Why Resupply cannot take this item now (None if it can); with `quiet`, True instead of the sentence."""
    pl = state.pieces[seat]
    if item not in D.ITEMS:
        return quiet or f"The Warehouse holds no {item!r}."
    if state.warehouse[D.ITEMS.index(item)] < 1:
        return quiet or f"The Warehouse has no {item.capitalize()} left."
    if item == "crystal":
        if pl.crystals >= crystal_cap(state.options, pl):
            return quiet or "Your Depot is full of Crystals (limited storage)."
    elif pl.res[D.RES_INDEX[item]] >= state.options.resource_cap:
        return quiet or (f"Your Storage holds {state.options.resource_cap} {item.capitalize()} already "
                         "(limited storage).")
    return None


def begin_resupply(state, seat):
    for item in D.ITEMS:
        if item_problem(state, seat, item, True) is None:
            return None
    return "Nothing in the Warehouse fits your Storage/Depot."


def legal_resupply(state, seat) -> list:
    out = []
    if state.used < state.allow:
        out = [_tuple_new(Action, ("take_item", seat, (("item", i),), text)) for i in D.ITEMS
               if item_problem(state, seat, i, True) is None]
    return _finish_list(state, seat, "resupply", out, begin_resupply(state, seat) is None, "take one more item")


def apply_item(t, seat, item):
    w = list(t.g("warehouse"))
    w[D.ITEMS.index(item)] -= 1
    t.s("warehouse", tuple(w))
    if item == "crystal":  # the Warehouse Crystal goes straight to the Depot (not through the supply)
        pl = t.p(seat)
        t.setp(seat, crystals=pl.crystals + 1)
        t.say(f"{t.name(seat)} takes 1 Crystal from the Warehouse.")
    else:
        t.gain(seat, item, 1, "from the Warehouse")
    t.s("used", t.g("used") + 1)
