"""The turn's flow: entering each phase, the automatic phases, colonist losses, end of turn.

Functions take a State and a `log` list (the events of this transition) and return the next State.
Phases without a decision (mining, a skipped R&D roll, a dust storm's resupply) are run through here
and only leave a line in the log.
"""
from __future__ import annotations

from mars_rules.core import CHANCE

from .data import (CONTRACT_LIMITS, DARK_EMPTY, HABITAT_COLONISTS, LOSS_ORDER, MATERIALS, POWERED, SLOTS,
                   SUPPLY_PER_MATERIAL)
from .options import DEFAULT_RULES
from .state import State, capacity, card_bonus, consumption, hand_limit, summary

ZERO5 = (0, 0, 0, 0, 0)
FIELD_INDEX = {k: i for i, k in enumerate(State._fields)}
COLONIES = FIELD_INDEX["colonies"]
PLANT_SLOTS = (0, 1, 2, 3)


_new = tuple.__new__


def set_col(s, seat, col, **more):
    """The state with colony `seat` replaced (and any other fields in `more`), in one copy."""
    t = list(s)
    cols = list(t[COLONIES])
    cols[seat] = col
    t[COLONIES] = tuple(cols)
    if more:
        idx = FIELD_INDEX
        for k, v in more.items():
            t[idx[k]] = v
    return _new(type(s), t)


def add(t, i, n=1):
    return t[:i] + (t[i] + n,) + t[i + 1:]


def sub_counts(a, b):
    return tuple(x - y for x, y in zip(a, b))


def add_counts(a, b):
    return tuple(x + y for x, y in zip(a, b))


def contract_limit(col):
    return CONTRACT_LIMITS[summary(col.staff).comm]


# ----- turn start and the automatic phases ------------------------------------------------
def begin_turn(s, log):
    s = s._replace(dust=0, offers=0, offer=(), card="", task=())
    log.append(f"{s.players[s.active]}'s turn begins (round {s.round}).")
    return enter_event(s, log)


def enter_event(s, log):
    if not any(s.event_deck):
        if any(s.event_discard):
            s = s._replace(event_deck=s.event_discard, event_discard=(0,) * len(s.event_discard))
            log.append("The event deck is empty: its discard pile is shuffled into a new deck.")
        else:
            log.append("No event card is left to draw (all are held as supremacies).")
            return enter_attack(s, log)
    return s._replace(step="event", to_move=CHANCE, card="", task=())


def _clear(s):
    return s._replace(card="", task=()) if s.card or s.task else s


def enter_attack(s, log):
    s = _clear(s)
    if len(s.players) > 1 and summary(s.colonies[s.active].staff).mil >= 1:
        return s._replace(step="attack", to_move=s.active)
    return enter_research(s, log)


def enter_research(s, log):
    s = _clear(s)
    if summary(s.colonies[s.active].staff).rnd >= 1:
        return s._replace(step="research", to_move=s.active)
    return enter_resupply(s, log)


def refill_supply(s, log):
    """3) Resupply: an empty supply deck is rebuilt from 5 cards of each type (as far as the reserve has them)."""
    if any(s.supply):
        return s
    take = tuple(min(SUPPLY_PER_MATERIAL, r) for r in s.reserve)
    if any(take):
        log.append(f"The supply deck is empty: a new one is shuffled from {sum(take)} reserve cards.")
        s = s._replace(supply=take, reserve=sub_counts(s.reserve, take))
    return s


def enter_resupply(s, log):
    s = _clear(s)
    if s.dust:
        log.append("Dust storm: no resupply this turn.")
        return enter_mining(s, log)
    s = refill_supply(s, log)
    if not any(s.supply):
        log.append("Resupply: no card is left anywhere to draw.")
        return enter_mining(s, log)
    return s._replace(step="resupply", to_move=CHANCE)


def enter_mining(s, log):
    """4) Mining Production: each active mine yields one card of its type from the reserve."""
    p = s.active
    col = s.colonies[p]
    mines = summary(col.staff).mines
    reserve = list(s.reserve)
    hand = list(col.hand)
    got = []
    first = -1
    for i, m in enumerate(col.mines):
        if (mines >> i) & 1:
            if first < 0:
                first = m
            if reserve[m]:
                reserve[m] -= 1
                hand[m] += 1
                got.append(MATERIALS[m])
    extra = card_bonus(col, "mining", s.cards)
    for _ in range(extra):
        if first >= 0 and reserve[first]:
            reserve[first] -= 1
            hand[first] += 1
            got.append(MATERIALS[first])
    log.append(f"Mining: {', '.join(got) if got else 'nothing'}.")
    return set_col(s, p, col._replace(hand=tuple(hand)), reserve=tuple(reserve), step="trade", to_move=p, card="",
                   task=())


# ----- colonists and energy ----------------------------------------------------------------
def lose_colonists(col, n):
    """Remove n colonists: from the habitats first, then workers in data.LOSS_ORDER. -> (col, lost)."""
    lost = min(n, col.housed)
    col = col._replace(housed=col.housed - lost)
    staff = col.staff
    for i in LOSS_ORDER:
        if lost >= n:
            break
        if (staff >> i) & 1:
            staff &= ~(1 << i)
            lost += 1
    return col._replace(staff=staff), lost


def fix_power(col, cards, log, name, rules=DEFAULT_RULES):
    """After a loss: staff idle plants from the habitats, then switch off installations (then habitats,
    newest first, losing their colonists) until consumption <= capacity (ASSUMED order; `rules`: the
    game's options)."""
    if consumption(col) <= capacity(col, cards, rules):
        return col
    col = _staff_plants(col)
    if consumption(col) <= capacity(col, cards, rules):
        log.append(f"{name}: a colonist from the habitats runs an idle power plant.")
        return col
    for i in LOSS_ORDER:
        if SLOTS[i][0] == "plant" or not (col.staff >> i) & 1:
            continue
        col = _staff_plants(col._replace(staff=col.staff & ~(1 << i), housed=col.housed + 1))
        log.append(f"{name}: not enough energy, the worker leaves the {slot_label(i)}.")
        if consumption(col) <= capacity(col, cards, rules):
            return col
    while consumption(col) > capacity(col, cards, rules) and POWERED in col.habs:
        k = len(col.habs) - 1 - col.habs[::-1].index(POWERED)
        col = col._replace(habs=col.habs[:k] + (DARK_EMPTY,) + col.habs[k + 1:])
        col, lost = lose_colonists(col, HABITAT_COLONISTS)
        log.append(f"{name}: habitat {k + 1} loses power and its {lost} colonists are lost.")
        col = _staff_plants(col)
    return _staff_plants(col) if consumption(col) > capacity(col, cards, rules) else col


def _staff_plants(col):
    for i in PLANT_SLOTS:
        if col.housed and col.built("plant", i) and not (col.staff >> i) & 1:
            col = col._replace(staff=col.staff | (1 << i), housed=col.housed - 1)
    return col


def slot_label(i):
    track, level = SLOTS[i]
    if track == "mine":
        return f"mine {level + 1}"
    if track == "port":
        return "spaceport"
    names = {"plant": "power plant", "silo": "silo", "comm": "communications module", "mil": "military base",
             "rnd": "R&D centre"}
    return f"level-{level} {names[track]}"


# ----- science -------------------------------------------------------------------------------
def science(col, cards):
    return card_bonus(col, "science", cards)


def check_magna(s, seat, log):
    """h) Magna Scientia: the first to `science_for_magna` (3) science points takes it; it passes only when
    exceeded."""
    mine = science(s.colonies[seat], s.cards)
    holder = s.magna
    if holder == seat:
        return s
    if holder < 0:
        if mine >= s.options.science_for_magna:
            log.append(f"{s.players[seat]} reaches {mine} science points and takes Magna Scientia.")
            return s._replace(magna=seat)
        return s
    theirs = science(s.colonies[holder], s.cards)
    if mine > theirs:
        log.append(f"{s.players[seat]} has {mine} science points, more than {s.players[holder]}'s {theirs}: "
                   "Magna Scientia changes hands.")
        return s._replace(magna=seat)
    return s


# ----- end of turn ---------------------------------------------------------------------------
def end_of_turn(s, log):
    """7) End of Turn, after the moves: recount the cubes, then the limits, then the victory check."""
    from .scoring import victory_points
    p = s.active
    col = s.colonies[p]
    col = col._replace(energy=consumption(col), vp=victory_points(s, p))
    s = set_col(s, p, col)
    log.append(f"{s.players[p]}: energy {col.energy}/{capacity(col, s.cards, s.options)}, {col.vp} VP.")
    return check_limits(s, log)


def over_limits(s):
    col = s.colonies[s.active]
    limit = contract_limit(col)
    return sum(col.hand) > hand_limit(col, s.cards, s.options) or (limit is not None and len(col.contracts) > limit)


def check_limits(s, log):
    if over_limits(s):
        return s._replace(step="discard", to_move=s.active)
    return finish_turn(s, log)


def finish_turn(s, log):
    p = s.active
    col = s.colonies[p]
    target, limit = s.options.target, s.options.turn_limit
    if col.vp >= target:
        log.append(f"{s.players[p]} ends the turn with {col.vp} VP (target {target}) and wins.")
        return s._replace(step="game_over", to_move=None, result=(p,), card="", task=())
    n = len(s.players)
    nxt = (p + 1) % n
    rnd = s.round + (1 if nxt == 0 else 0)
    if nxt == 0 and limit and s.round >= limit:
        vps = [c.vp for c in s.colonies]
        best = max(vps)
        win = tuple(q for q in range(n) if vps[q] == best)
        log.append(f"Round limit {limit} reached (ASSUMED safeguard): the highest VP on the track, "
                   f"{best}, wins.")
        return s._replace(step="game_over", to_move=None, result=win, card="", task=())
    return begin_turn(s._replace(active=nxt, round=rnd), log)
