"""The invariants of an On Mars position: one list of checks for `from_json`, the scenario helpers and the
property tests alike.

`problems(state)` takes a State whose fields are well typed and in range (what the codec's reading
guarantees, and what every transition keeps) and returns every way it breaks the rules, one sentence
each. Each sentence starts with the field path it is about; where a total of the box is wrong it says
what would make it consistent. `from_json` calls it after decoding and before it returns the State; the
property tests call it after every action of random play, so the two cannot drift apart.

What is checked:

- the box: every Crystal (supply, Warehouse, map, Depots), every Colonist of a colour (Living Quarters,
  Working Area, reserve, Action slots, Miners), every Tech tile (Laboratories and the Tech Grid); every
  card and tile in one place at most (a card may be missing: a position of a game with its own, shorter
  card lists reads against the built-in ones), decks no larger than the draws made leave them and
  displays refilled while their deck can; Ships, Bots, Advanced Building markers, Progress cubes;
- the map: the starting Buildings and Shelters, Crystals only where the map starts with one, one tile per
  hex and Research tiles where they start, Miners only on Mines, Advanced Buildings matching their
  Blueprints, Scientists in an Advanced Building of their specialty;
- the Colony: the LSS markers follow the Buildings constructed, the level follows the LSS markers, each
  Mission on the board has counted every contribution made (they are dealt before the first turn), the
  Remaining Missions marker follows the Missions met and the levels reached, the end is triggered
  exactly when it should be;
- the turn: phase, step, whose decision, the Main action in progress and its counters (uses, boosts,
  movement, payments, Resources of choice, the Discovery tile, the Building chosen) fit one another;
- a next move exists: a chance draw with something to draw, a Building that can be placed, a payment
  that can be made, and at least one legal action for the player to move.

>>> from mars_rules.on_mars import new_game
>>> s = new_game(players=2, seed=7)
>>> problems(s)
[]
>>> problems(s._replace(supply=s.supply + 2))
['Crystals: 62 in play (supply 48, Warehouse 2, map 10, Depots 2), the game has 60: lower `supply` by 2']
"""
from __future__ import annotations

import json

from mars_rules.core import CHANCE
from mars_rules.core.positions import mend_total

from . import data as D
from .options import DEFAULT_RULES
from .state import STEP
from .tx import crystal_cap

PHASE_STEPS = {
    "setup": ("setup",),
    "colonization": ("turn", "final_round", "pay", "blueprint", "learn", "rnd", "resupply", "control", "construct",
                     "construct_hex", "upgrade", "welcome", "hire", "resource", "turn_end", "turn_order"),
    "shuttle": ("shuttle", "discovery", "turn_order"),
    "over": ("game_over",),
}
"""The steps each phase can be at (a Landing Pod is a trip in the Colonization Phase: its turn_order step)."""
ACTION_STEPS = ("blueprint", "learn", "rnd", "resupply", "control", "construct", "upgrade", "welcome", "hire")
"""Steps where the Main action of the same name is being used (`main` names it)."""
USE_STEPS = ACTION_STEPS + ("construct_hex", "resource")
"""Steps inside a Main action: its uses (`used`) and uses allowed (`allow`, 1 + boosts) are counted."""
SETUP_TASKS = ("order", "mission", "goal")
DISPLAYS = (("blueprint", 0, "bp_display", D.BLUEPRINT_DISPLAY, "blueprints"),
            ("scientist", 1, "sci_display", D.SCIENTIST_DISPLAY, "scientists"),
            ("contract", 2, "con_display", D.CONTRACT_DISPLAY, "contracts"))
"""(card kind, deck index, display field, display size, player field) of the three card displays."""
DECKS = ("Blueprint", "Scientist", "Earth Contract", "Discovery tile", "Private Goal", "Mission")
"""The six decks of `decks`, in order."""


def show(value) -> str:
    """A value as a student reads it: a list as its items in words (a hex or a record in it in brackets),
    others as JSON."""
    if isinstance(value, (tuple, list)):
        return ", ".join(show_hex(x) if isinstance(x, (tuple, list)) else show(x) for x in value) if value else "none"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def show_hex(h) -> str:
    """A hex (or another small record) as (q, r)."""
    return "(" + ", ".join(show(x) for x in h) + ")"


def _count(n, word) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def problems(state) -> list:
    """Every way the position breaks the rules (an empty list: a position legal play can reach)."""
    out = []
    _flow(state, out)
    _colony(state, out)
    _crystals(state, out)
    _map(state, out)
    for seat in range(len(state.pieces)):
        _player(state, seat, out)
    _tech_tiles(state, out)
    _cards(state, out)
    if not out:
        _next_move(state, out)
    return out


# ----- whose decision, which step, the Main action in progress ----------------------------------------
def _flow(s, out):
    n = len(s.players)
    phase, step = s.phase, s.step
    if step not in PHASE_STEPS[phase]:
        out.append(f"step: {show(step)} is not a step of the {phase} phase (it has {show(PHASE_STEPS[phase])})")
        return  # the other checks read the step
    expect = None if phase == "over" else (CHANCE if s.pending else s.active)
    if s.to_move != expect:
        why = ("the game is over" if phase == "over" else f"a draw is pending ({s.pending[0]})" if s.pending
               else f"`active` is {s.active} and no draw is pending")
        out.append(f"to_move: {show(s.to_move)}, but {why}: set `to_move` to {show(expect)}")
    out.extend(order_problems(s.order))
    for i, on in enumerate(s.slots):
        room = D.slots_for(D.ACTIONS[i], n)
        if len(on) > room:
            out.append(f"slots[{i}]: {len(on)} Colonists on the {room} slots of {D.ACTION_NAME[D.ACTIONS[i]]} (full "
                       "slots are emptied before a Colonist is placed)")
    if phase == "setup":
        _setup(s, out)
    elif -1 in s.order:
        out.append(f"order: every player has a Turn Order space after the setup ({show(s.order)})")
    else:
        for i, task in enumerate(s.pending):
            if task.split(":")[0] in SETUP_TASKS:
                out.append(f"pending[{i}]: the {task} draw is made during the setup only")
    if phase != "setup" and len(s.pending) > 1:
        out.append(f"pending: {show(s.pending)}: after the setup a draw is made as soon as it is due "
                   "(one at a time)")
    travel = s.options.travel_space[s.level - 1]
    if s.shuttle_pos < 1 or s.shuttle_pos > max(D.SHUTTLE_START[1], travel):
        out.append(f"shuttle_pos: {s.shuttle_pos}, but at Colony level {s.level} the Shuttle stands at least 1 and at "
                   f"most {max(D.SHUTTLE_START[1], travel)} space(s) from the middle")
    other = "colony" if s.shuttle_side == "orbit" else "orbit"
    if s.shuttle_left not in ("", other) or (s.shuttle_left and phase != "shuttle"):
        out.append(f"shuttle_left: {show(s.shuttle_left)}: the Shuttle can only have left the {other.capitalize()} "
                   f"(it is on the {s.shuttle_side.capitalize()}), and only during a Shuttle Phase: set it to \"\"")
    # the end of the game
    to_end, limit = s.options.missions_to_end, s.options.round_limit
    ended = s.remaining >= to_end or s.round > limit
    if s.end_triggered != ended:
        out.append(f"end_triggered: {show(s.end_triggered)}, but the Remaining Missions marker is at {s.remaining} "
                   f"of {to_end} in round {s.round} (the round limit is {limit}): set it to "
                   f"{show(ended)}")
    if s.final_round and not s.end_triggered:
        out.append("final_round: true, but the end is not triggered (`end_triggered` is false)")
    if s.final_round and phase in ("setup", "shuttle"):
        out.append(f"final_round: true in the {phase} phase (the final round has no Shuttle Phase)")
    if s.round > limit and not s.final_round:
        out.append(f"final_round: false in round {s.round}, after the round limit {limit}: set it to true")
    # the phase
    if phase == "colonization":
        _colonization(s, n, out)
    elif phase == "shuttle":
        if not all(s.done):
            out.append(f"done: {show(s.done)}: every Player marker is laid down before the Shuttle Phase")
        if not s.queue or s.queue[0] != s.active:
            out.append(f"queue: {show(s.queue)}: in the Shuttle Phase the traveller deciding (`active` {s.active}) "
                       "comes first in it")
        elif list(s.queue) != sorted(s.queue, key=s.order.__getitem__):
            out.append(f"queue: {show(s.queue)}: the travellers decide in Turn Order (Turn Order spaces "
                       f"{show([s.order[x] for x in s.queue])})")
        if step == "shuttle" and s.shuttle_left != _side(s, s.active) and s.pieces[s.active].hangar < 1:
            out.append(f"step: shuttle, but pieces[{s.active}] can neither travel free (the Shuttle did not leave "
                       "their side) nor with a Ship (their Hangar is empty): they are passed over")
    elif phase == "over":
        if s.pending:
            out.append(f"pending: {show(s.pending)} after the end of the game: no draw is made any more")
        if not (s.final_round and all(s.done)):
            out.append("phase: over, but the final round is not finished (`final_round` and every `done` are set "
                       "at the end)")
        if any(s.slots):
            out.append("slots: at the end of the game every Colonist is back in the Living Quarters: empty them")
        for seat, pl in enumerate(s.pieces):
            if pl.wa:
                out.append(f"pieces[{seat}].wa: {pl.wa}, but at the end of the game every Colonist is back in the "
                           "Living Quarters: move them to `lq`")
    if phase in ("shuttle", "over") and s.main not in ("pass",) + D.ACTIONS:
        out.append(f"main: {show(s.main)} in the {phase} phase: it keeps the Main action of the last turn (or "
                   "\"pass\")")
    if len(set(s.queue)) != len(s.queue) or (s.queue and phase != "shuttle"):
        out.append(f"queue: {show(s.queue)}: it lists each traveller once, during the Shuttle Phase only")
    _counters(s, out)


def order_problems(order) -> list:
    """Two Player markers on one Turn Order space (-1: not drawn yet). The codec asks it while reading too, so
    the problem is listed beside the type problems of other fields."""
    taken = [o for o in order if o >= 0]
    if len(set(taken)) != len(taken):
        return [f"order: two Player markers share a Turn Order space ({show(order)})"]
    return []


def _side(s, seat) -> str:
    return "orbit" if s.order[seat] < D.TURN_ORDER_SPACES else "colony"


def _setup(s, out):
    if not s.pending:
        out.append("pending: empty in the setup phase (the setup ends with its last draw)")
    waiting = s.pending.count("order")
    given = sorted(o for o in s.order if o >= 0)
    if s.order.count(-1) != waiting or given != list(range(len(given))):
        out.append(f"order: {show(s.order)}, with {waiting} Turn Order draw(s) pending: the draws give the Orbit "
                   "spaces from the left, one per player (-1 until drawn)")
    if any(s.done) or s.round != 1 or s.main:
        out.append("phase: setup, but a round has begun (`done`, `round` or `main` changed)")


def _colonization(s, n, out):
    step, seat, main = s.step, s.active, s.main
    if s.done[seat]:
        out.append(f"done[{seat}]: true, but it is the turn of seat {seat} (`active`): their marker is laid down "
                   "when the turn ends")
    if step == "turn" and s.final_round:
        out.append("step: turn in the final round: set it to final_round")
    if step == "final_round" and not s.final_round:
        out.append("step: final_round, but `final_round` is false: set the step to turn")
    if not (main == "landing_pod" and step == "turn_end"):  # (a Landing Pod moves its traveller in Turn Order)
        first = next((x for x in _turn_order(s.order) if not s.done[x]), None)
        if first != seat:
            out.append(f"active: {seat}, but seat {first} comes first in Turn Order among the players still to play "
                       "this round")
    if step in ("turn", "final_round"):
        if main:
            out.append(f"main: {show(main)} at the start of a turn: set it to \"\"")
        return
    if main not in D.ACTIONS:
        out.append(f"main: {show(main)} at step {step}, which comes after a Main action is chosen: name it")
        return
    if seat not in s.slots[D.ACTIONS.index(main)]:
        out.append(f"slots[{D.ACTIONS.index(main)}]: no Colonist of seat {seat} on {D.ACTION_NAME[main]}, the Main "
                   "action they are taking")
    side = D.ACTION_SIDE[main]
    if main == "landing_pod":
        side = "colony" if step == "turn_end" else "orbit"
    if _side(s, seat) != side:
        out.append(f"order[{seat}]: {s.order[seat]} is on the {_side(s, seat).capitalize()}, but "
                   f"{D.ACTION_NAME[main]} is taken from the {side.capitalize()} at step {step}")
    if step in ACTION_STEPS and main != step:
        out.append(f"main: {show(main)} at step {step}: the step belongs to the Main action {step}")
    elif step == "construct_hex" and main != "construct":
        out.append(f"main: {show(main)} at step construct_hex: the step belongs to the Main action construct")
    elif step == "resource" and main not in ("learn", "rnd"):
        out.append(f"main: {show(main)} at step resource: a Resource of choice is a Lab row benefit, taken during "
                   "learn or rnd")
    elif step == "turn_order" and main != "landing_pod":
        out.append(f"main: {show(main)} at step turn_order: in the Colonization Phase only the Landing Pod travels")
    if step == "pay":
        on = s.slots[D.ACTIONS.index(main)]
        others = len(set(on) - {seat})
        pl = s.pieces[seat]
        if not 1 <= s.pay_left <= others:
            out.append(f"pay_left: {s.pay_left} at step pay, with {others} other colour(s) on the slots of "
                       f"{D.ACTION_NAME[main]}: it is 1 to {others}")
        elif pl.crystals + pl.lq < s.pay_left:
            out.append(f"pay_left: {s.pay_left} to pay, but pieces[{seat}] has {pl.crystals} Crystal(s) and "
                       f"{pl.lq} Colonist(s) in the Living Quarters (the slot was affordable when taken)")
    action = s.resume if step == "resource" else "construct" if step == "construct_hex" else step
    if action in ("construct", "control", "hire", "turn_order") and (s.used, s.allow) != (0, 1):
        out.append(f"used, allow: {s.used} and {s.allow} at step {step}: this use of {D.ACTION_NAME[main]} is its "
                   "only one (no boost): set them to 0 and 1")
    elif action in BOOSTED:
        base, most = BOOSTED[action]
        boosts = s.allow - base
        if boosts < 0 or boosts > min(most, s.pieces[seat].wa):
            out.append(f"allow: {s.allow} at step {step}: {base} use(s) of {D.ACTION_NAME[main]} + 1 per boost, and "
                       f"each boost moved a Colonist to the Working Area of seat {seat} (it holds "
                       f"{s.pieces[seat].wa})" + (f"; at most {most} boost(s)" if most < 99 else ""))
    if step == "upgrade":
        from .board import tech_level
        allow = 1 + tech_level(s.pieces[seat], "upgrade")
        if s.allow != allow:
            out.append(f"allow: {s.allow} at step upgrade: 1 + the level of the Upgrade Tech of seat {seat}, {allow}")
        elif s.used >= s.allow:
            out.append(f"used: {s.used} of {s.allow} upgrades: the action ends with its last upgrade")


BOOSTED = {"blueprint": (1, 99), "learn": (1, 1), "rnd": (D.RND_USES, 99), "resupply": (1, 99), "welcome": (1, 99)}
"""Main actions a boost adds uses to: (uses before boosts, most boosts)."""


def _turn_order(order) -> list:
    return sorted(range(len(order)), key=order.__getitem__)


def _counters(s, out):
    """The counters of the Main action in progress: zero (or empty) outside it."""
    step, phase = s.step, s.phase
    pod_trip = phase == "colonization" and step == "turn_order"
    if step in USE_STEPS or pod_trip:
        if s.allow < 1 or s.used > s.allow:
            out.append(f"used: {s.used} of {s.allow} allowed at step {step}: a Main action allows 1 use or more "
                       "(boosts add one each), and uses never exceed it")
    elif s.used or s.allow:
        out.append(f"used, allow: {s.used} and {s.allow} at step {step}, outside a Main action: set both to 0")
    if step != "pay" and s.pay_left:
        out.append(f"pay_left: {s.pay_left} at step {step}: payments are made at step pay only: set it to 0")
    resource = step == "resource"
    if resource != (s.choices > 0) or s.choices > D.LAB_BENEFIT_AMOUNT:
        out.append(f"choices: {s.choices} at step {step}: Resources of choice wait at step resource (1 to "
                   f"{D.LAB_BENEFIT_AMOUNT} of them), and only there")
    if (step == "construct_hex") != bool(s.build):
        out.append(f"build: {show(s.build)} at step {step}: the Building type is chosen for step construct_hex only")
    # the step resumed after a Resource of choice or a Discovery tile (after a Discovery draw that could not
    # be made, "turn_order" stays in `resume` until the next one)
    want = ((s.main if s.main in ("learn", "rnd") else "learn",) if resource
            else ("turn_order",) if step == "discovery" else ("", "turn_order"))
    if s.resume not in want:
        out.append(f"resume: {show(s.resume)} at step {step}: set it to {show(want[0])}")
    elif s.resume == "turn_order" and step != "discovery" and s.decks[3]:
        out.append("resume: \"turn_order\" stays there only after a Discovery draw that could not be made (an "
                   "empty Discovery stack, `decks[3]`): set it to \"\"")
    # the Discovery tile
    drawing = "discovery" in s.pending
    if step == "discovery":
        if (s.tile >= 0) == drawing:
            out.append(f"tile: {s.tile} at step discovery, with {'a' if drawing else 'no'} Discovery draw pending: "
                       "the tile is drawn (pending), then placed (`tile`)")
    elif s.tile >= 0 or drawing:
        out.append(f"tile: a Discovery tile is drawn or waiting at step {step}: only at step discovery")
    # movement (Control Center) and the tiles developed (R&D)
    rnd = step == "rnd" or (resource and s.resume == "rnd")
    pl = s.pieces[s.active]
    if step == "control":
        if len(s.moves) != 1 + len(pl.bots) or not all(type(x) is int and x >= 0 for x in s.moves):
            out.append(f"moves: {show(s.moves)} at step control: the movement left of the Rover and of each of the "
                       f"{len(pl.bots)} Bot(s) of seat {s.active}, {1 + len(pl.bots)} numbers 0 or more")
    elif rnd:
        techs = {t for t, _r, _c in pl.lab}
        if len(s.moves) != s.used or not all(x in techs for x in s.moves):
            out.append(f"moves: {show(s.moves)} during R&D: the Tech tiles of seat {s.active} developed so far, one "
                       f"per use ({s.used})")
    elif s.moves:
        out.append(f"moves: {show(s.moves)} at step {step}: only Control Center and R&D keep moves: set it to none")


# ----- the Colony: level, Missions, the end ---------------------------------------------------------
def level_of(lss, rules=DEFAULT_RULES) -> int:
    """The Colony level the four LSS markers give (it rises as soon as they all reach a step)."""
    level = 1
    up = rules.level_up_at
    while level < D.MAX_LEVEL and min(lss) >= up[level - 1]:
        level += 1
    return level


def remaining_of(met, level, rules=DEFAULT_RULES) -> int:
    """Where the Remaining Missions marker stands: one step per Mission met, plus the Colony level bonuses."""
    steps = met + sum(rules.level_up_missions[:max(0, level - 1)])
    if level >= rules.end_level:
        steps += rules.missions_to_end
    return min(rules.missions_to_end, steps)


def constructed(state, btype) -> int:
    """Buildings of a type constructed during the game (those on the map beyond the starting ones)."""
    start = sum(1 for _h, b in D.START_BUILDINGS if b == btype) + (len(state.players) if btype == "shelter" else 0)
    return sum(1 for b in state.buildings if b[1] == btype) - start


def mission_events(state, kind) -> int:
    """How many contributions of a Mission kind the game has made so far: the Missions are dealt before the
    first turn and never replaced, so a Mission on the board has counted every one of them."""
    if kind.startswith("construct:"):
        return constructed(state, kind[10:])
    if kind == "upgrade":  # each upgrade makes one Advanced Building, which stays
        return sum(1 for b in state.buildings if b[2] >= 0)
    if kind == "ship":  # each welcomed Ship left the Depot for good
        return sum(D.SHIPS - pl.depot_ships for pl in state.pieces)
    if kind == "tech":  # a tile learned in column 1 and developed to column c counts c times
        start = sum(c for _t, _r, c in D.START_TECH) * len(state.players)
        return sum(c for pl in state.pieces for _t, _r, c in pl.lab) - start
    return sum(pl.claimed for pl in state.pieces)  # "claim"


def _colony(s, out):
    for i, btype in enumerate(D.LSS_TRACKS):
        want = min(D.LSS_MAX, D.LSS_START + constructed(s, btype))
        if s.lss[i] != want:
            out.append(f"lss[{i}]: {s.lss[i]}, but {constructed(s, btype)} {D.BUILDING_NAME[btype]}(s) constructed "
                       f"move the {D.BUILDING_NAME[btype]} LSS marker to {want}: set `lss[{i}]` to {want}")
    table = s.cards.missions
    for i, (card, n) in enumerate(s.missions):
        name, kind, _target = table[card]
        want = mission_events(s, kind)
        if n != want:
            out.append(f"missions[{i}]: Mission {name} counts {n} contribution(s), but the game has made {want} "
                       f"({_MISSION_WORDS.get(kind.split(':')[0], kind)}): set `missions[{i}][1]` to {want}")
    level = level_of(s.lss, s.options)
    if s.level != level:
        out.append(f"level: {s.level}, but the LSS markers ({show(s.lss)}) make the Colony level {level}: "
                   f"set `level` to {level}")
    waiting = s.pending.count("mission")
    met = D.MISSIONS_IN_PLAY - len(s.missions) - waiting
    if met < 0:
        out.append(f"missions: {len(s.missions)} on the board and {waiting} to draw, but {D.MISSIONS_IN_PLAY} are "
                   f"put in play: remove {-met}")
        return
    want = remaining_of(met, s.level, s.options)
    if s.remaining != want:
        out.append(f"remaining: {s.remaining}, but {met} Mission(s) met and Colony level {s.level} move the "
                   f"Remaining Missions marker to {want}: set `remaining` to {want}")


_MISSION_WORDS = {"construct": "Buildings of its type constructed", "upgrade": "Advanced Buildings on Mars",
                  "ship": "Ships welcomed", "tech": "Lab columns learned or developed", "claim": "tiles claimed"}


# ----- Crystals: supply, Warehouse, map, Depots -----------------------------------------------------
def _crystals(s, out):
    on_map = len(s.map_crystals)
    held = sum(pl.crystals for pl in s.pieces)
    total = s.supply + s.warehouse[0] + on_map + held
    if total != D.CRYSTAL_TOTAL:
        out.append(f"Crystals: {total} in play (supply {s.supply}, Warehouse {s.warehouse[0]}, map {on_map}, Depots "
                   f"{held}), the game has {D.CRYSTAL_TOTAL}: "
                   + mend_total(total - D.CRYSTAL_TOTAL, [("supply", s.supply)], "Crystal(s) from the Warehouse, map or Depots"))
    full = s.options.warehouse_stock[len(s.players) - 2]
    for i, (have, most) in enumerate(zip(s.warehouse, full)):
        if have > most:
            out.append(f"warehouse[{i}]: {have} {D.ITEMS[i]}, but the Warehouse is restocked to {most} with "
                       f"{len(s.players)} players: lower it by {have - most}")


# ----- the map: Buildings, Crystals, tiles ----------------------------------------------------------
def _map(s, out):
    n = len(s.players)
    where = {}
    for i, b in enumerate(s.buildings):
        if b[0] in where:
            out.append(f"buildings[{i}]: a second Building on {show_hex(b[0])} (one Building per hex)")
        where.setdefault(b[0], i)
    if list(s.buildings) != sorted(s.buildings):
        out.append("buildings: kept sorted by hex")
    for h, btype in D.START_BUILDINGS + tuple((D.START_SHELTERS[i], "shelter") for i in range(n)):
        i = where.get(h)
        if i is None or s.buildings[i][1] != btype:
            out.append(f"buildings: no {D.BUILDING_NAME[btype]} on {show_hex(h)}, where one stands from the start")
    starts = {h for h, b in D.START_BUILDINGS if b == "mine"}
    bps = s.cards.blueprints
    m = None
    for i, (h, btype, adv, card, miner) in enumerate(s.buildings):
        p = f"buildings[{i}]"
        if miner >= 0 and btype != "mine":
            out.append(f"{p}: a {D.BUILDING_NAME[btype]} on {show_hex(h)} holds a Miner; only a Mine does")
        if btype == "mine" and miner < 0 and h not in starts:
            out.append(f"{p}: the Mine on {show_hex(h)} has no Miner (a Mine is constructed with its Miner): set its "
                       "Miner's seat")
        if (adv >= 0) != (card >= 0):
            out.append(f"{p}: an Advanced Building has an owner and the Blueprint card used, a plain one neither "
                       f"(owner {adv}, card {card})")
        elif card >= 0:
            bp = bps[card]
            if bp[0] != btype:
                out.append(f"{p}: Blueprint card {card} upgrades a {D.BUILDING_NAME[bp[0]]}, not the "
                           f"{D.BUILDING_NAME[btype]} on {show_hex(h)}")
            elif bp[1] == 3:
                from .board import bmap, complex_of
                m = m or bmap(s)
                if len(complex_of(m, h)) < 3:
                    out.append(f"{p}: a Level 3 Blueprint (card {card}) upgrades a Building in a Complex of 3 or "
                               f"more; the one on {show_hex(h)} is in a Complex of {len(complex_of(m, h))}")
    working = {}
    for seat, pl in enumerate(s.pieces):
        for i, (_card, h) in enumerate(pl.scientists):
            if h:
                working.setdefault(h, []).append(f"pieces[{seat}].scientists[{i}]")
    for h, paths in working.items():
        if len(paths) > 1:
            out.append(f"{paths[-1]}: a second Scientist in the Advanced Building on {show_hex(h)} (with "
                       f"{', '.join(paths[:-1])}); one works in each")
    # Crystals and tiles
    start = set(D.START_CRYSTALS)
    seen = set()
    for i, h in enumerate(s.map_crystals):
        if h not in start:
            out.append(f"map_crystals[{i}]: {show_hex(h)} never holds a Crystal (only the hexes that start with one do)")
        if h in seen:
            out.append(f"map_crystals[{i}]: a second Crystal on {show_hex(h)} (a hex holds one)")
        seen.add(h)
    if list(s.tiles) != sorted(s.tiles):
        out.append("tiles: kept sorted by hex")
    hexes = set()
    for i, (h, kind, tid) in enumerate(s.tiles):
        if h in hexes:
            out.append(f"tiles[{i}]: a second tile on {show_hex(h)} (a new tile replaces the one there)")
        hexes.add(h)
        if kind == "research" and D.RESEARCH_TILES[tid] != h:
            out.append(f"tiles[{i}]: Research tile {tid} lies on {show_hex(D.RESEARCH_TILES[tid])}, not {show_hex(h)}")


# ----- one player's pieces ----------------------------------------------------------------------------
def _player(s, seat, out):
    pl = s.pieces[seat]
    p = f"pieces[{seat}]"
    on_slots = sum(x.count(seat) for x in s.slots)
    miners = sum(1 for b in s.buildings if b[4] == seat)
    col = pl.lq + pl.wa + pl.reserve + on_slots + miners
    if col != D.COLONISTS:
        out.append(f"{p}: {col} Colonists counted (Living Quarters {pl.lq}, Working Area {pl.wa}, reserve "
                   f"{pl.reserve}, Action slots {on_slots}, Miners {miners}), a colour has {D.COLONISTS}: "
                   + mend_total(col - D.COLONISTS, [(f"{p}.reserve", pl.reserve)], "Colonist(s)"))
    hire = D.ACTIONS.index("hire")
    if s.slots[hire].count(seat) > 1:
        out.append(f"slots[{hire}]: {s.slots[hire].count(seat)} Colonists of seat {seat} on the Scientist/Contract "
                   "slots, which have one slot per player")
    if pl.depot_ships + pl.hangar > D.SHIPS:
        out.append(f"{p}: {pl.depot_ships + pl.hangar} Ships (Depot {pl.depot_ships}, Hangar {pl.hangar}), a colour "
                   f"has {D.SHIPS}: " + mend_total(pl.depot_ships + pl.hangar - D.SHIPS, [(f"{p}.depot_ships", pl.depot_ships)],
                                         "from the Hangar"))
    limit = s.options.ship_limit[s.level - 1]
    if pl.hangar > limit:
        out.append(f"{p}.hangar: {pl.hangar} Ships, but a Hangar holds {limit} at Colony level {s.level}")
    cap = crystal_cap(s.options, pl)
    if pl.crystals > cap:
        out.append(f"{p}.crystals: {pl.crystals}, but the Depot holds {cap} with {pl.depot_ships} Ship(s) covering "
                   f"it: lower it by {pl.crystals - cap} (and raise `supply` as much)")
    welcomed = D.SHIPS - pl.depot_ships
    if not 1 <= len(pl.bots) <= 1 + welcomed:
        out.append(f"{p}.bots: {_count(len(pl.bots), 'Bot')}, but a player starts with 1 and a new one lands with a "
                   f"welcomed Ship ({welcomed} welcomed)")
    if pl.progress != min(D.PROGRESS_CUBES, len(pl.progress_types)):
        out.append(f"{p}.progress: {pl.progress}, but {len(pl.progress_types)} first Complex(es) "
                   f"({show(pl.progress_types)}) gave "
                   f"{min(D.PROGRESS_CUBES, len(pl.progress_types))} Progress cube(s)")
    if len(set(pl.progress_types)) != len(pl.progress_types):
        out.append(f"{p}.progress_types: {show(pl.progress_types)}: each Building type gives one cube, once")
    most_op = (s.level - 1) * pl.progress * s.options.level_up_op_per_cube
    if pl.op > most_op:
        out.append(f"{p}.op: {pl.op}, but {s.level - 1} level-up(s) with at most {pl.progress} Progress cube(s) "
                   f"score {most_op} at most")
    # the Laboratory
    if list(pl.lab) != sorted(pl.lab):
        out.append(f"{p}.lab: kept sorted by Tech type")
    types = [t for t, _r, _c in pl.lab]
    if len(set(types)) != len(types):
        out.append(f"{p}.lab: two Tech tiles of one type (only one of each type)")
    if len({(r, c) for _t, r, c in pl.lab}) != len(pl.lab):
        out.append(f"{p}.lab: two Tech tiles on one space of the Laboratory")
    top = s.options.lab_column_limit[s.level - 1]
    for i, (t, r, c) in enumerate(pl.lab):
        if c > top:
            out.append(f"{p}.lab[{i}]: the {D.TECH_NAME[t]} tile in column {c}, but at Colony level {s.level} tiles "
                       f"reach column {top}")
    for t, r, c in D.START_TECH:
        if not any(t == t2 and r == r2 and c2 >= c for t2, r2, c2 in pl.lab):
            out.append(f"{p}.lab: the starting {D.TECH_NAME[t]} tile ({r} row, column {c} or further right) is missing")
    # Blueprints and Advanced Buildings
    if len(pl.blueprints) > D.ADVANCED_MARKERS:
        out.append(f"{p}.blueprints: {len(pl.blueprints)}, but a player has {D.ADVANCED_MARKERS} Advanced Building "
                   "markers, one per Blueprint")
    built = sorted(c for c, b in pl.blueprints if b)
    on_mars = sorted(b[3] for b in s.buildings if b[2] == seat)
    if built != on_mars:
        out.append(f"{p}.blueprints: the used Blueprints ({show(built)}) are not the cards of the Advanced "
                   f"Buildings of seat {seat} on Mars ({show(on_mars)})")
    # Scientists
    adv = {b[0]: b for b in s.buildings if b[2] >= 0}
    kinds = s.cards.scientists
    for i, (card, h) in enumerate(pl.scientists):
        if h and (h not in adv or adv[h][1] != kinds[card][1]):
            out.append(f"{p}.scientists[{i}]: the {kinds[card][0]} works only in an Advanced "
                       f"{D.BUILDING_NAME[kinds[card][1]]}; {show_hex(h)} holds none")
    # Private Goals
    dealt = D.GOALS_DEALT - s.pending.count(f"goal:{seat}")
    kept = len(pl.goals) + (pl.goal_done >= 0)
    if kept > dealt:
        out.append(f"{p}.goals: {kept} Private Goals kept or completed, but {dealt} were dealt")
    if pl.goal_done in pl.goals:
        out.append(f"{p}.goal_done: the completed Private Goal {pl.goal_done} is also still in `goals`")


# ----- Tech tiles -------------------------------------------------------------------------------------
def _tech_tiles(s, out):
    n = len(s.players)
    held = {}
    for pl in s.pieces:
        for t, _r, _c in pl.lab:
            held[t] = held.get(t, 0) + 1
    for t, _r, _c in D.START_TECH:
        held[t] = held.get(t, 0) - n  # the starting tiles are not from the Tech Grid (a missing one: reported apart)
    for i, tech in enumerate(D.TECHS):
        learned = held.get(tech, 0)
        total = learned + s.tech_grid[i]
        if total != D.TECH_COPIES:
            out.append(f"tech_grid[{i}]: {total} {D.TECH_NAME[tech]} Tech tile(s) counted ({learned} learned, "
                       f"{s.tech_grid[i]} in the Tech Grid), the game has {D.TECH_COPIES}: "
                       + mend_total(total - D.TECH_COPIES, [(f"tech_grid[{i}]", s.tech_grid[i])],
                                  "from the Laboratories"))


# ----- cards: decks, displays, players' hands ---------------------------------------------------------
def _at_most_once(out, kind, places):
    count = 0
    every = set()
    for _path, cards in places:
        count += len(cards)
        every.update(cards)
    if len(every) == count:  # the usual case: nothing twice
        return
    seen = {}
    for path, cards in places:
        for c in cards:
            seen.setdefault(c, []).append(path)
    for c, paths in sorted(seen.items()):
        if len(set(paths)) == 1 and len(paths) > 1:
            out.append(f"{paths[0]}: {kind} {c} is there {len(paths)} times: keep it once")
        elif len(paths) > 1:
            out.append(f"{paths[-1]}: {kind} {c} is also in {', '.join(dict.fromkeys(paths[:-1]))}: keep it in one "
                       "place")


def _cards(s, out):
    n = len(s.players)
    cards = s.cards
    for kind, di, field, size, pfield in DISPLAYS:
        deck, display = s.decks[di], getattr(s, field)
        if kind == "blueprint":
            held = [(f"pieces[{seat}].blueprints", [c for c, _b in pl.blueprints]) for seat, pl in enumerate(s.pieces)]
        elif kind == "scientist":
            held = [(f"pieces[{seat}].scientists", [c for c, _h in pl.scientists]) for seat, pl in enumerate(s.pieces)]
        else:
            held = [(f"pieces[{seat}].contracts", list(pl.contracts)) for seat, pl in enumerate(s.pieces)]
        _at_most_once(out, f"{kind} card", [(f"decks[{di}]", deck), (field, display)] + held)
        waiting = s.pending.count(kind)
        shown = len(display) + waiting
        if shown > size:
            out.append(f"{field}: {len(display)} cards shown and {waiting} to draw, but the display holds {size}")
        elif shown < size and s.phase != "setup":
            drawable = deck if kind != "blueprint" else [c for c in deck if cards.blueprints[c][1] == 1]
            if drawable:
                out.append(f"{field}: {len(display)} cards shown, but the display is refilled to {size} while the deck "
                           f"(`decks[{di}]`) has cards to draw: add {size - shown}")
    for i, (deck, name) in enumerate(zip(s.decks, DECKS)):
        if list(deck) != sorted(deck):
            out.append(f"decks[{i}]: the {name} deck is kept sorted by card number (the order of a draw comes from the "
                       "seeded stream)")
    # Discovery tiles: the stack, the map, the one being placed
    on_map = [tid for _h, k, tid in s.tiles if k == "discovery"]
    _at_most_once(out, "Discovery tile", [("decks[3]", s.decks[3]), ("tiles", on_map),
                                          ("tile", [s.tile] if s.tile >= 0 else [])])
    _at_most_once(out, "Research tile", [("tiles", [tid for _h, k, tid in s.tiles if k == "research"])])
    gone = (len(D.RESEARCH_TILES) - sum(1 for _h, k, _t in s.tiles if k == "research")
            + len(cards.discovery_tiles) - len(s.decks[3]) - len(on_map) - (s.tile >= 0))
    claimed = sum(pl.claimed for pl in s.pieces)
    if claimed > gone:
        top = max(range(n), key=lambda seat: s.pieces[seat].claimed)
        out.append(f"pieces[{top}].claimed: {claimed} tiles claimed by the players in all, but only {gone} Research "
                   "and Discovery tiles have left the map")
    # Missions: the deck and the board (a Mission met leaves the game)
    waiting = s.pending.count("mission")
    _at_most_once(out, "Mission card", [("decks[5]", s.decks[5]), ("missions", [c for c, _n in s.missions])])
    drawn = D.MISSIONS_IN_PLAY - waiting
    if len(s.decks[5]) > len(cards.missions) - drawn:
        out.append(f"decks[5]: {len(s.decks[5])} Mission cards, but {drawn} of the {len(cards.missions)} were drawn: "
                   f"it holds {len(cards.missions) - drawn} at most")
    # Private Goals: the deck, the hands, the completed ones (a discarded one leaves the game)
    waiting = sum(1 for t in s.pending if t.startswith("goal:"))
    _at_most_once(out, "Private Goal", [("decks[4]", s.decks[4])]
                  + [(f"pieces[{seat}].goals", pl.goals) for seat, pl in enumerate(s.pieces)]
                  + [(f"pieces[{seat}].goal_done", [pl.goal_done]) for seat, pl in enumerate(s.pieces)
                     if pl.goal_done >= 0])
    dealt = D.GOALS_DEALT * n - waiting
    if len(s.decks[4]) > len(cards.goals) - dealt:
        out.append(f"decks[4]: {len(s.decks[4])} Private Goal cards, but {dealt} of the {len(cards.goals)} were dealt: "
                   f"it holds {len(cards.goals) - dealt} at most")


# ----- a next move exists ------------------------------------------------------------------------------
def _next_move(s, out):
    """Dead ends: a draw with nothing to draw, a chosen Building with nowhere to go, a player with nothing to do."""
    if s.pending and s.phase != "over":
        from .setup import task_outcomes
        if not task_outcomes(s, s.pending[0]):
            out.append(f"pending[0]: the {s.pending[0]} draw has nothing to draw (drawable cards are gone): remove it")
            return
    if s.step == "construct_hex":
        from .board import buildable
        if not buildable(s, s.active, s.build):
            out.append(f"build: no hex of the Building Zones of seat {s.active} takes a "
                       f"{D.BUILDING_NAME[s.build]} now (it was chosen where one fits)")
            return
    if s.to_move is not None and not s.legal_actions():
        out.append(f"step: at {s.step} ({STEP[s.step].title}) the player to move would have nothing to do "
                   "(no legal action)")
