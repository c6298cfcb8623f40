"""6) Construction: installations by level with the printed costs, habitats, mines, trade contracts."""
from __future__ import annotations

from mars_rules.core import Action

from .data import (CONTRACTS, COSTS, DARK_WAITING, HABITAT_COLONISTS, MATERIALS, MAX_LEVEL, MAX_MINES, POWERED, TILES,
                   TRACK_NAMES, a_material)
from .flow import add, add_counts, contract_limit, set_col, sub_counts
from .options import MOST_HABITATS
from .rules_research import legal_kept
from .state import Colony, capacity, consumption

RULE = "6) Construction"
SECTION = {"habitat": "a) Habitats", "mine": "b) Mines", "plant": "c) Power plants", "silo": "d) Silos",
           "comm": "e) Communications modules", "contract": "f) Trade contracts", "mil": "g) Military bases",
           "rnd": "h) Research and Development (R&D) centres", "port": "i) Spaceport"}
LEVEL_FIELD = {"plant": "plants", "silo": "silos", "comm": "comm", "mil": "mil", "rnd": "rnd", "port": "port"}
FIELD_POS = {w: Colony._fields.index(f) for w, f in LEVEL_FIELD.items()}


def rule_of(what):
    return f"{RULE}: {SECTION[what]}" if what in SECTION else RULE


def cost_words(cost):
    return " + ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(cost) if n)


def _build_text(a):
    what, level = a[2][0][1], a[2][1][1]
    if what == "habitat":
        return f"Build a habitat ({cost_words(COSTS['habitat'][0])}): +3 colonists, +1 VP when powered"
    if what == "mine":
        m = level
        return f"Build {a_material(m)} mine ({cost_words(COSTS['mine'][0])})"
    if what == "port":
        return f"Build the spaceport ({cost_words(COSTS['port'][0])})"
    return f"Build a level-{level} {TRACK_NAMES[what]} ({cost_words(COSTS[what][level - 1])})"


def _contract_text(a):
    g, t = a[2][0][1], a[2][1][1]
    return (f"Acquire the {MATERIALS[g]}-to-{MATERIALS[t]} trade contract "
            f"({cost_words(COSTS['contract'][0])})")


def _cancel_text(a):
    g, t = a[2][0][1], a[2][1][1]
    return f"Cancel your {MATERIALS[g]}-to-{MATERIALS[t]} contract (it becomes available again)"


BUILD = {(p, w, k): Action.fast("build", p, (("installation", w), ("level", k)), _build_text)
         for p in range(4) for w in ("plant", "silo", "comm", "mil", "rnd", "port") for k in range(1, 4)}
BUILD.update({(p, "mine", m): Action.fast("build", p, (("installation", "mine"), ("level", m)), _build_text)
              for p in range(4) for m in range(5)})
BUILD.update({(p, "habitat", k): Action.fast("build", p, (("installation", "habitat"), ("level", k)), _build_text)
              for p in range(4) for k in range(1, MOST_HABITATS + 1)})
ACQUIRE = {(p, c): Action.fast("acquire_contract", p, (("give", g), ("get", t)), _contract_text)
           for p in range(4) for c, (g, t) in enumerate(CONTRACTS)}
CANCEL = {(p, c): Action.fast("cancel_contract", p, (("give", g), ("get", t)), _cancel_text)
          for p in range(4) for c, (g, t) in enumerate(CONTRACTS)}
END_BUILD = tuple(Action.fast("end_construction", p, (), "Finish construction and go on to the end of the turn")
                  for p in range(4))


def tiles_used(s, what):
    if what == "habitat":
        return sum(len(c.habs) for c in s.colonies)
    f = LEVEL_FIELD[what]
    return sum(getattr(c, f) for c in s.colonies)


def can_pay(hand, cost):
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3]
            and hand[4] >= cost[4])


def held_contracts(s):
    held = set()
    for c in s.colonies:
        held.update(c.contracts)
    return held


def legal_build(s):
    p = s.to_move
    col = s.colonies[p]
    hand = col.hand
    out = []
    for w in ("plant", "silo", "comm", "mil", "rnd", "port"):
        k = col[FIELD_POS[w]] + 1
        if k <= MAX_LEVEL[w] and can_pay(hand, COSTS[w][k - 1]) and tiles_used(s, w) < TILES[w]:
            out.append(BUILD[p, w, k])
    if (len(col.habs) < s.options.max_habitats and can_pay(hand, COSTS["habitat"][0])
            and tiles_used(s, "habitat") < TILES["habitat"]):
        out.append(BUILD[p, "habitat", len(col.habs) + 1])
    if len(col.mines) < MAX_MINES and can_pay(hand, COSTS["mine"][0]):
        out += [BUILD[p, "mine", m] for m in range(5) if s.mine_tiles[m]]
    if hand[1] and hand[3]:
        limit = contract_limit(col)
        if limit is None or len(col.contracts) < limit:
            held = held_contracts(s)
            out += [ACQUIRE[p, c] for c in range(len(CONTRACTS)) if c not in held]
    out += [CANCEL[p, c] for c in col.contracts]
    out.extend(legal_kept(s))
    out.append(END_BUILD[p])
    return tuple(out)


def pay(s, p, col, cost):
    col = col._replace(hand=sub_counts(col.hand, cost))
    return set_col(s._replace(reserve=add_counts(s.reserve, cost)), p, col), col


def play_build(s, a, log):
    what, level = a[2][0][1], a[2][1][1]
    p = s.active
    col = s.colonies[p]
    name = s.players[p]
    if what == "habitat":
        cost = COSTS["habitat"][0]
        s, col = pay(s, p, col, cost)
        if consumption(col) + 1 <= capacity(col, s.cards, s.options):
            col = col._replace(habs=col.habs + (POWERED,), housed=col.housed + HABITAT_COLONISTS)
            log.append(f"{name} builds habitat {len(col.habs)}: powered, 3 new colonists move in.")
        else:
            col = col._replace(habs=col.habs + (DARK_WAITING,))
            log.append(f"{name} builds habitat {len(col.habs)}, but there is no spare energy: it stays dark and "
                       "its 3 colonists wait until it is powered.")
        return set_col(s, p, col)
    if what == "mine":
        cost = COSTS["mine"][0]
        s, col = pay(s, p, col, cost)
        col = col._replace(mines=col.mines + (level,))
        log.append(f"{name} builds {a_material(level)} mine "
                   "(inactive until a colonist works it).")
        return set_col(s._replace(mine_tiles=add(s.mine_tiles, level, -1)), p, col)
    cost = COSTS[what][level - 1]
    s, col = pay(s, p, col, cost)
    col = col._replace(**{LEVEL_FIELD[what]: level})
    log.append(f"{name} builds a level-{level} {TRACK_NAMES[what]} for {cost_words(cost)} "
               "(inactive until a colonist works it).")
    return set_col(s, p, col)


def play_acquire(s, a, log):
    c = CONTRACTS.index((a[2][0][1], a[2][1][1]))
    p = s.active
    s, col = pay(s, p, s.colonies[p], COSTS["contract"][0])
    s = set_col(s, p, col._replace(contracts=tuple(sorted(col.contracts + (c,)))))
    log.append(f"{s.players[p]} acquires the {MATERIALS[CONTRACTS[c][0]]}-to-{MATERIALS[CONTRACTS[c][1]]} contract.")
    return s


def remove_contract(s, p, c):
    col = s.colonies[p]
    return set_col(s, p, col._replace(contracts=tuple(x for x in col.contracts if x != c)))


def play_cancel(s, a, log):
    c = CONTRACTS.index((a[2][0][1], a[2][1][1]))
    log.append(f"{s.players[s.active]} cancels the {MATERIALS[CONTRACTS[c][0]]}-to-{MATERIALS[CONTRACTS[c][1]]} "
               "contract; it is available again.")
    return remove_contract(s, s.active, c)


def play_end_build(s, a, log):
    return s._replace(step="move_colonists", task=(0,))


def why_build(s, a):
    k = a.kind
    p = s.to_move
    if s.step != "build":
        return "Building happens only in phase 6 (construction) of your own turn.", RULE
    col = s.colonies[p]
    if k == "build":
        what, level = a.get("installation"), a.get("level")
        if what not in SECTION or what == "contract":
            return (f"{what!r} is not an installation; build one of: habitat, mine, plant, silo, comm, mil, rnd, port.",
                    RULE)
        if what == "mine":
            if level not in range(5):
                return f"A mine's level names its material (0-4), not {level!r}.", rule_of(what)
            if len(col.mines) >= MAX_MINES:
                return f"A colony holds at most {MAX_MINES} mines.", rule_of(what)
            if not s.mine_tiles[level]:
                return f"No {MATERIALS[level]} mine tile is left.", rule_of(what)
            return f"A mine costs {cost_words(COSTS['mine'][0])}; your hand is short.", rule_of(what)
        if what == "habitat":
            most = s.options.max_habitats
            if len(col.habs) >= most:
                return (f"A colony has {most} habitat space{'' if most == 1 else 's'} besides level 0 (option "
                        "max_habitats, ASSUMED).", rule_of(what))
            if level != len(col.habs) + 1:
                return f"Your next habitat is number {len(col.habs) + 1}.", rule_of(what)
            if tiles_used(s, what) >= TILES[what]:
                return "No habitat tile is left in the box.", rule_of(what)
            return f"A habitat costs {cost_words(COSTS['habitat'][0])}; your hand is short.", rule_of(what)
        have = getattr(col, LEVEL_FIELD[what])
        if not isinstance(level, int) or level < 1 or level > MAX_LEVEL[what]:
            return f"A {TRACK_NAMES[what]} has levels 1..{MAX_LEVEL[what]}.", rule_of(what)
        if level <= have:
            return f"You already have a level-{level} {TRACK_NAMES[what]}.", rule_of(what)
        if level > have + 1:
            return (f"You must have a level-{level - 1} {TRACK_NAMES[what]} before building level {level}.",
                    rule_of(what))
        if tiles_used(s, what) >= TILES[what]:
            return f"All {TILES[what]} {TRACK_NAMES[what]} tiles are in use.", rule_of(what)
        cost = COSTS[what][level - 1]
        return (f"A level-{level} {TRACK_NAMES[what]} costs {cost_words(cost)}; you hold "
                f"{cost_words(col.hand) or 'no cards'}.", rule_of(what))
    if k in ("acquire_contract", "cancel_contract"):
        pair = (a.get("give"), a.get("get"))
        if pair not in CONTRACTS:
            return "A contract exchanges one raw material for a different one (0-4).", rule_of("contract")
        c = CONTRACTS.index(pair)
        if k == "cancel_contract":
            return "You can only cancel a contract you hold.", rule_of("contract")
        if c in col.contracts:
            return "You already hold that contract.", rule_of("contract")
        if c in held_contracts(s):
            return "There is one copy of each contract and another colony holds it.", rule_of("contract")
        limit = contract_limit(col)
        if limit is not None and len(col.contracts) >= limit:
            return (f"With your active communications you may hold {limit} contract{'s' if limit > 1 else ''}; "
                    "cancel one to replace it, or activate a higher communications module.", rule_of("contract"))
        return f"A contract costs {cost_words(COSTS['contract'][0])}; your hand is short.", rule_of("contract")
    return "That is not possible now.", RULE

