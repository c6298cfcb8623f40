"""7) End of Turn: moving colonists, powering habitats, the recount, the hand and contract limits."""
from __future__ import annotations


from mars_rules.core import Action

from .data import CONTRACTS, HABITAT_COLONISTS, MATERIALS, POWERED, SLOTS, a_material
from .flow import add, check_limits, contract_limit, end_of_turn, over_limits, set_col, slot_label
from .options import DEFAULT_RULES, MOST_HABITATS
from .state import capacity, card_bonus, consumption, energy_parts, hand_limit

RULE = "7) End of Turn"
R_ACTIVE = "6) Construction: Active or inactive installations"
R_ENERGY = "6) Construction: c) Power plants"
R_HAB = "6) Construction: a) Habitats"


def _staff_text(a):
    return f"Move a colonist from the habitats to the {slot_label(a[2][0][1])}"


def _unstaff_text(a):
    return f"Move the colonist on the {slot_label(a[2][0][1])} back to the habitats"


def _power_text(a):
    return f"Power habitat {a[2][0][1] + 1} (1 energy){': its 3 colonists move in' if a[2][1][1] else ''}"


STAFF = {(p, i): Action.fast("staff", p, (("slot", i),), _staff_text) for p in range(4) for i in range(len(SLOTS))}
UNSTAFF = {(p, i): Action.fast("unstaff", p, (("slot", i),), _unstaff_text)
           for p in range(4) for i in range(len(SLOTS))}
POWER = {(p, k, w): Action.fast("power_habitat", p, (("habitat", k), ("waiting", w)), _power_text)
         for p in range(4) for k in range(MOST_HABITATS) for w in (0, 1)}
END_MOVES = tuple(Action.fast("end_moves", p, (), "Finish moving colonists: recount energy and VP")
                  for p in range(4))


def energy_ok(col, staff, cards, extra=0, rules=DEFAULT_RULES):
    trial = col._replace(staff=staff)
    return consumption(trial) + extra <= capacity(trial, cards, rules)


def _movable(staff, free, keep, base, bonus, per_plant):
    """Slots a colonist may enter (from `free`) or leave (from `keep`) without exceeding the energy.

    Staffing a plant or taking a colonist off anything but a plant never raises the consumption above
    the capacity; one staffing activates at most 3 installations (a level-1 module whose levels 2 and
    3 are already staffed), so with 3 spare energy nothing needs checking. `per_plant`: the energy of an
    active plant (the option `plant_energy`).
    """
    def ok(mask):
        used, plants = energy_parts(mask)
        return used + base <= per_plant * plants + bonus
    used, plants = energy_parts(staff)
    spare = per_plant * plants + bonus - used - base
    enter, leave = [], []
    while free:
        low = free & -free
        free ^= low
        i = low.bit_length() - 1
        if i < 4 or spare >= 3 or ok(staff | low):
            enter.append(i)
    while keep:
        low = keep & -keep
        keep ^= low
        i = low.bit_length() - 1
        if i >= 4 or ok(staff & ~low):
            leave.append(i)
    return tuple(enter), tuple(leave)


def legal_moves(s):
    p = s.to_move
    col = s.colonies[p]
    staff = col.staff
    moved = s.task[0] if s.task else 0
    free = (col.built_mask() & ~moved & ~staff) if col.housed else 0
    bonus = card_bonus(col, "energy", s.cards)
    rules = s.options
    enter, leave = _movable(staff, free, staff & ~moved, 1 + col.habs.count(POWERED), bonus, rules.plant_energy)
    out = [STAFF[p, i] for i in enter]
    out += [UNSTAFF[p, i] for i in leave]
    if col.habs and col.habs.count(POWERED) < len(col.habs):
        if capacity(col, s.cards, rules) - consumption(col) >= 1:
            for k, h in enumerate(col.habs):
                if h != POWERED:
                    out.append(POWER[p, k, h])
    out.append(END_MOVES[p])
    return tuple(out)


def play_staff(s, a, log):
    i = a[2][0][1]
    col = s.colonies[s.active]
    moved = (s.task[0] if s.task else 0) | (1 << i)
    return set_col(s, s.active, col._replace(staff=col.staff | (1 << i), housed=col.housed - 1),
        task=(moved,))


def play_unstaff(s, a, log):
    i = a[2][0][1]
    col = s.colonies[s.active]
    moved = (s.task[0] if s.task else 0) | (1 << i)
    return set_col(s, s.active, col._replace(staff=col.staff & ~(1 << i), housed=col.housed + 1),
        task=(moved,))


def play_power(s, a, log):
    k, w = a[2][0][1], a[2][1][1]
    col = s.colonies[s.active]
    col = col._replace(habs=col.habs[:k] + (POWERED,) + col.habs[k + 1:],
                       housed=col.housed + (HABITAT_COLONISTS if w else 0))
    log.append(f"{s.players[s.active]} powers habitat {k + 1}" + (": 3 colonists move in." if w else "."))
    return set_col(s, s.active, col)


def play_end_moves(s, a, log):
    return end_of_turn(s._replace(task=()), log)


def _discard_text(a):
    m = a[2][0][1]
    return f"Discard {a_material(m)} card to the reserve"


def _return_text(a):
    g, t = a[2][0][1], a[2][1][1]
    return f"Give back your {MATERIALS[g]}-to-{MATERIALS[t]} contract (over your contract limit)"


DISCARD = {(p, m): Action.fast("discard", p, (("material", m),), _discard_text) for p in range(4) for m in range(5)}
RETURN = {(p, c): Action.fast("return_contract", p, (("give", g), ("get", t)), _return_text)
          for p in range(4) for c, (g, t) in enumerate(CONTRACTS)}


def legal_discard(s):
    p = s.to_move
    col = s.colonies[p]
    out = []
    if sum(col.hand) > hand_limit(col, s.cards, s.options):
        out += [DISCARD[p, m] for m in range(5) if col.hand[m]]
    limit = contract_limit(col)
    if limit is not None and len(col.contracts) > limit:
        out += [RETURN[p, c] for c in col.contracts]
    return tuple(out)


def play_discard(s, a, log):
    m = a[2][0][1]
    col = s.colonies[s.active]
    s = set_col(s, s.active, col._replace(hand=add(col.hand, m, -1)), reserve=add(s.reserve, m))
    if not over_limits(s):
        log.append(f"{s.players[s.active]} discards down to the hand limit of {hand_limit(col, s.cards, s.options)}.")
    return check_limits(s, log)


def play_return(s, a, log):
    from .rules_build import remove_contract
    c = CONTRACTS.index((a[2][0][1], a[2][1][1]))
    log.append(f"{s.players[s.active]} gives back a contract (contract limit).")
    return check_limits(remove_contract(s, s.active, c), log)


def why_end(s, a):
    k = a.kind
    p = s.to_move
    col = s.colonies[p] if isinstance(p, int) else None
    if k in ("staff", "unstaff", "power_habitat", "end_moves"):
        if s.step != "move_colonists":
            return "Colonists move only at the end of your own turn (phase 7).", RULE
        if k == "power_habitat":
            h = a.get("habitat")
            if not isinstance(h, int) or not 0 <= h < len(col.habs):
                return f"You have {len(col.habs)} habitat(s) besides level 0.", R_HAB
            if col.habs[h] == POWERED:
                return f"Habitat {h + 1} is already powered.", R_HAB
            return (f"Powering habitat {h + 1} needs 1 spare energy: you use {consumption(col)} of "
                    f"{capacity(col, s.cards, s.options)}.", R_HAB)
        i = a.get("slot")
        if not isinstance(i, int) or not 0 <= i < len(SLOTS):
            return f"{i!r} is not an installation slot (0..{len(SLOTS) - 1}).", RULE
        name = slot_label(i)
        if s.task and (s.task[0] >> i) & 1:
            return (f"A colonist already moved to or from the {name} this turn; moving it back would undo "
                    "that move.", RULE)
        if k == "staff":
            if not (col.built_mask() >> i) & 1:
                return f"You have not built the {name}.", R_ACTIVE
            if (col.staff >> i) & 1:
                return f"The {name} already has its colonist.", R_ACTIVE
            if not col.housed:
                return "No colonist is waiting in the habitats; move one off another installation first.", RULE
            trial = col._replace(staff=col.staff | (1 << i))
            return (f"Activating the {name} would use {consumption(trial)} energy, above your capacity "
                    f"{capacity(trial, s.cards, s.options)}: you may not activate more than your plants produce.",
                    R_ENERGY)
        if not (col.staff >> i) & 1:
            return f"No colonist works on the {name}.", RULE
        trial = col._replace(staff=col.staff & ~(1 << i))
        return (f"Without this colonist your capacity would be {capacity(trial, s.cards, s.options)} for a "
                f"consumption of "
                f"{consumption(trial)}: switch other installations off first.", R_ENERGY)
    if k in ("discard", "return_contract"):
        if s.step != "discard":
            return "Cards are discarded to the hand limit only at the end of your turn.", RULE
        if k == "discard":
            limit = hand_limit(col, s.cards, s.options)
            if sum(col.hand) <= limit:
                return (f"Your hand is within the limit of {limit} cards.",
                        "6) Construction: d) Silos")
            m = a.get("material")
            return f"You hold no {MATERIALS[m] if m in range(5) else repr(m)} card.", "6) Construction: d) Silos"
        return ("You are within your contract limit, or do not hold that contract.",
                "6) Construction: f) Trade contracts")
    return "That is not possible now.", RULE

