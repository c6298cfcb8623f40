"""The invariants of a Mars position: one list of checks for `from_json` and the property tests alike.

`problems(state)` takes a State whose fields are well typed and in range (what the codec's reading
guarantees, and what every transition keeps) and returns every inconsistency with the rules, one
sentence each. Each sentence names the field path it is about; where a total of the box is wrong it
says what would make it consistent. `from_json` calls it after decoding and before it returns the
State; the property tests call it after every action of random play, so the two cannot drift apart.
The checks of the box, the colonies and the setup are here; those of the turn (step, player to move,
task, card, offer, counters, result, dead ends) in `invariants_turn.py`.

>>> from mars_rules.mars_colony import quick_start
>>> s = quick_start(2, seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])
>>> problems(s)
[]
>>> problems(s._replace(reserve=(8, 7, 7, 7, 7)))
['iron cards: 13 in play (supply 3, reserve 8, hands 2), the game has 12: lower `reserve[0]` by 1']
"""
from __future__ import annotations

import json
from collections import Counter

from mars_rules.core.positions import mend_total

from .data import (CARDS_PER_MATERIAL, CONTRACTS, DARK_WAITING, HABITAT_COLONISTS, KEEPABLE, MATERIALS, MINE_TILES,
                   MINES_IN_DRAFT, POWERED, SLOTS, START_COLONISTS, SUPPLY_PER_MATERIAL, TILES)
from .options import max_consumption
from .state import Colony, capacity, colonists, consumption

COLONIST_TOKENS = 80               # Components: 80 colonists in the box

CHANCE_STEPS = ("deal", "event", "event_take", "attack_take", "supply_draw", "research_die", "research_draw",
                "resupply")
SETUP_STEPS = ("mine_draft", "deal")
LEVEL_FIELDS = (("plant", "plants"), ("silo", "silos"), ("comm", "comm"), ("mil", "mil"), ("rnd", "rnd"),
                ("port", "port"))
TILE_NAMES = {"plant": "power plant", "silo": "silo", "comm": "communications module", "mil": "military base",
              "rnd": "R&D centre", "port": "spaceport", "habitat": "habitat"}


def show(value) -> str:
    """A value as a student reads it: JSON for single values, a list as its items in words."""
    if isinstance(value, (tuple, list)):
        return ", ".join(show(x) for x in value) if value else "none"
    return as_json(value)


def as_json(value) -> str:
    """A value as the position's JSON writes it (true, 1.0, "chance", null), cut to 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def problems(s) -> list:
    """Every way the position breaks the rules (an empty list: it is one legal play can reach)."""
    out = []
    _box(s, out)
    for q, col in enumerate(s.colonies):
        _colony(s, q, col, out)
    if s.step in SETUP_STEPS:
        _setup(s, out)
    turn_problems(s, out)
    if not out:
        dead_ends(s, out)
    return out


# ----- the box: every card, tile and colonist accounted for -----------------------------------------
def _box(s, out):
    n = len(s.players)
    cols = s.colonies
    for m in range(5):
        hands = sum(col.hand[m] for col in cols)
        total = s.supply[m] + s.reserve[m] + hands
        if total != CARDS_PER_MATERIAL:
            piles = ((f"reserve[{m}]", s.reserve[m]), (f"supply[{m}]", s.supply[m]))
            if s.step in SETUP_STEPS:   # the reserve is fixed until the first turn: mend the supply deck
                piles = piles[::-1]
            out.append(f"{MATERIALS[m]} cards: {total} in play (supply {s.supply[m]}, reserve {s.reserve[m]}, hands "
                       f"{hands}), the game has {CARDS_PER_MATERIAL}: " + mend_total(total - CARDS_PER_MATERIAL, piles))
        built = sum(col.mines.count(m) for col in cols)
        if built + s.mine_tiles[m] != MINE_TILES[m]:
            diff = built + s.mine_tiles[m] - MINE_TILES[m]
            out.append(f"{MATERIALS[m]} mine tiles: {built} built + {s.mine_tiles[m]} left, the box has "
                       f"{MINE_TILES[m]}: " + (mend_total(diff, ((f"mine_tiles[{m}]", s.mine_tiles[m]),))
                                               if s.mine_tiles[m] >= diff else
                                               f"take {diff - s.mine_tiles[m]} {MATERIALS[m]} mine(s) out of "
                                               f"the colonies' `mines` and set `mine_tiles[{m}]` to 0"))
    cards = s.cards
    resolving = _resolving(s)
    in_front = Counter()        # card id -> copies held, played or kept by the players
    for col in cols:
        in_front.update(col.supremacies)
        in_front.update(col.played)
        in_front.update(col.kept)
    for i, ev in enumerate(cards.events):
        held = in_front[ev.id]
        cur = 1 if resolving == ev.id else 0
        total = s.event_deck[i] + s.event_discard[i] + held + cur
        if total != ev.copies:
            out.append(f"event card {ev.id}: {total} copies found (deck {s.event_deck[i]}, discard "
                       f"{s.event_discard[i]}, held by players {held}{', being resolved 1' if cur else ''}), the set "
                       f"has {ev.copies}: " + mend_total(total - ev.copies, ((f"event_deck[{i}]", s.event_deck[i]),
                                                                   (f"event_discard[{i}]", s.event_discard[i]))))
    for deck in ("rd1", "rd2"):
        pile, disc = getattr(s, deck + "_deck"), getattr(s, deck + "_discard")
        for i, rc in enumerate(getattr(cards, deck)):
            placed = in_front[rc.id]
            cur = 1 if resolving == rc.id else 0
            total = pile[i] + disc[i] + placed + cur
            if total != rc.copies:
                out.append(f"R&D card {rc.id}: {total} copies found ({deck}_deck {pile[i]}, {deck}_discard "
                           f"{disc[i]}, in front of or kept by players {placed}"
                           f"{', being resolved 1' if cur else ''}), the set has {rc.copies}: "
                           + mend_total(total - rc.copies, ((f"{deck}_deck[{i}]", pile[i]), (f"{deck}_discard[{i}]",
                                                                                       disc[i]))))
    for what, field in LEVEL_FIELDS:
        used = sum(getattr(col, field) for col in cols)
        if used > TILES[what]:
            out.append(f"{TILE_NAMES[what]} tiles: {used} built (the colonies' `{field}`), the box has "
                       f"{TILES[what]}: lower a colony's `{field}` by {used - TILES[what]}")
    habs = sum(len(col.habs) for col in cols)
    if habs > TILES["habitat"]:
        out.append(f"habitat tiles: {habs} built (the colonies' `habs`), the box has {TILES['habitat']}: "
                   f"remove {habs - TILES['habitat']} from a colony's `habs`")
    tokens = sum(colonists(col) + HABITAT_COLONISTS * col.habs.count(DARK_WAITING) for col in cols)
    if tokens > COLONIST_TOKENS:
        out.append(f"colonists: {tokens} on the boards, the box has {COLONIST_TOKENS}: lower a colony's `housed` "
                   f"by {tokens - COLONIST_TOKENS}")
    held = [c for col in cols for c in col.contracts]
    for c in sorted(set(held)):
        if held.count(c) > 1:
            owners = [q for q in range(n) if c in cols[q].contracts]
            out.append(f"colonies[{owners[-1]}].contracts: the {MATERIALS[CONTRACTS[c][0]]}-to-"
                       f"{MATERIALS[CONTRACTS[c][1]]} contract ({c}) is held twice (by seats "
                       f"{show(owners)}); there is one copy of each: remove it from all but one colony")


def _resolving(s):
    """The card being resolved (out of every pile while its step lasts), or ""."""
    step = s.step
    if step in ("event_choice", "event_take", "research_keep"):
        return s.card
    if step == "supply_draw" and s.task and s.task[0] == "event":
        return s.card
    return ""


# ----- one colony --------------------------------------------------------------------------------------
def _colony(s, q, col, out):
    cards, rules = s.cards, s.options
    name = f"colonies[{q}]"
    if len(col.habs) > rules.max_habitats:
        out.append(f"{name}.habs: {len(col.habs)} habitats besides level 0, where the board has "
                   f"{rules.max_habitats} habitat space{'' if rules.max_habitats == 1 else 's'} (option "
                   f"max_habitats): remove {len(col.habs) - rules.max_habitats} from `{name}.habs` or raise "
                   "`options.max_habitats`")
    stray = col.staff & ~col.built_mask()
    if stray:
        slots = [i for i in range(len(SLOTS)) if (stray >> i) & 1]
        out.append(f"{name}.staff: a colonist works on {_slot_words(slots)}, not built: clear bit"
                   f"{'s' if len(slots) > 1 else ''} {show(slots)} of `{name}.staff` or build "
                   f"{'them' if len(slots) > 1 else 'it'}")
    room = START_COLONISTS + HABITAT_COLONISTS * col.habs.count(POWERED)
    if col.housed > room:
        out.append(f"{name}.housed: {col.housed} colonists in the habitats, room for {room} ({START_COLONISTS} in "
                   f"habitat 0 + {HABITAT_COLONISTS} per powered habitat): lower `{name}.housed` by "
                   f"{col.housed - room}")
    elif colonists(col) > room:
        # every colonist came in with habitat 0 or a powered habitat and a worker goes back there when it
        # leaves its installation: more than the room would overfill the habitats at the next move
        working = colonists(col) - col.housed
        out.append(f"{name}.housed: {col.housed} colonists in the habitats + {working} at work = {colonists(col)}, "
                   f"but the colony's habitats bring only {room} ({START_COLONISTS} with habitat 0 + "
                   f"{HABITAT_COLONISTS} per powered habitat): lower `{name}.housed` by "
                   f"{min(col.housed, colonists(col) - room)}"
                   + ("" if col.housed >= colonists(col) - room else " and take colonists off `staff`"))
    if list(col.contracts) != sorted(set(col.contracts)):
        out.append(f"{name}.contracts: {show(col.contracts)} must be in increasing order, each once: set "
                   f"`{name}.contracts` to {show(sorted(set(col.contracts)))}")
    kinds = card_kinds(cards)
    for field, allowed, what in (("played", "face_up", "an R&D card played face up (keepable cards are discarded "
                                                        "once played)"),
                                 ("kept", "keepable", "a keepable R&D card"),
                                 ("supremacies", "supremacy", "a supremacy event card")):
        ids = getattr(col, field)
        if list(ids) != sorted(ids):
            out.append(f"{name}.{field}: the card ids must be in alphabetical order: set `{name}.{field}` to "
                       f"{show(sorted(ids))}")
        for cid in sorted(set(ids)):
            if kinds.get(cid) != allowed:
                out.append(f"{name}.{field}: {show(cid)} is not {what}: remove it from `{name}.{field}`")
    if consumption(col) > capacity(col, cards, rules) and colonists(col) > 0:
        out.append(f"{name}.staff: the active installations and habitats use {consumption(col)} energy, the "
                   f"active plants give {capacity(col, cards, rules)}: take colonists off installations or staff a "
                   "plant")
    most = max_consumption(rules)
    if not 1 <= col.energy <= most:
        out.append(f"{name}.energy: the energy cube shows {col.energy}; a colony uses 1 to {most}: "
                   f"set it to {consumption(col)} (what it uses now)")
    if s.step not in SETUP_STEPS and len(col.mines) < MINES_IN_DRAFT:
        out.append(f"{name}.mines: {len(col.mines)} mine(s) after the setup, where each colony drafted "
                   f"{MINES_IN_DRAFT}: add mines to `{name}.mines`")
    _vp(s, q, col, out)


def _slot_words(slots):
    from .flow import slot_label
    return " and ".join(f"the {slot_label(i)} (slot {i})" for i in slots)


_KINDS = {}


def card_kinds(cards):
    """id -> "face_up" (an R&D card that stays in front of its player), "keepable" or "supremacy" (or
    another event type), cached per card set."""
    hit = _KINDS.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    kinds = {ev.id: ev.type for ev in cards.events}
    for rc in cards.rd1 + cards.rd2:
        kinds[rc.id] = "keepable" if rc.effect in KEEPABLE else "face_up"
    if len(_KINDS) >= 32:   # each position with custom cards brings its own CardSet: keep the cache small
        _KINDS.clear()
    _KINDS[id(cards)] = (cards, kinds)
    return kinds


def _vp(s, q, col, out):
    """The VP cube is set at the end of its owner's turn; below the target, or the game would be over."""
    from .scoring import victory_points
    name = f"colonies[{q}]"
    target = s.options.target
    recounted = s.step in ("discard", "game_over") and q == s.active
    if recounted:
        now = victory_points(s, q)
        if col.vp != now:
            out.append(f"{name}.vp: the VP cube shows {col.vp}, but it was just recounted at the end of this turn: "
                       f"set it to {now}")
        if col.energy != consumption(col):
            out.append(f"{name}.energy: the energy cube shows {col.energy}, but it was just recounted at the end "
                       f"of this turn: set it to {consumption(col)}")
    elif col.vp >= target:
        out.append(f"{name}.vp: the VP cube shows {col.vp}, at or above the target {target}, yet the game went "
                   f"on after that player's turn: lower `{name}.vp` below {target}")


# ----- the setup -----------------------------------------------------------------------------------------
def _setup(s, out):
    """Before the first turn nothing is built, held or discarded: each colony is the start board with its
    drafted mines and dealt cards, the reserve holds its 7 of each material."""
    from .rules_setup import draft_order
    for q, col in enumerate(s.colonies):
        start = Colony.start(col.mines, col.hand)
        for field, have, want in zip(Colony._fields, col, start):
            if have != want:
                out.append(f"colonies[{q}].{field}: {show(have)} during the setup, where a colony with "
                           f"{len(col.mines)} mine(s) has {show(want)}: set `colonies[{q}].{field}` to {show(want)}")
    left = CARDS_PER_MATERIAL - SUPPLY_PER_MATERIAL
    for m in range(5):
        if s.reserve[m] != left:
            out.append(f"reserve[{m}]: {s.reserve[m]} {MATERIALS[m]} cards during the setup; the reserve keeps "
                       f"{left} of each until the first turn: set `reserve[{m}]` to {left}")
    for field in ("event_discard", "rd1_discard", "rd2_discard"):
        if any(getattr(s, field)):
            out.append(f"{field}: cards are discarded only once play begins: set every count of `{field}` to 0 "
                       "(and put them back in the deck)")
    if s.round != 1:
        out.append(f"round: {s.round} during the setup, where it is 1: set `round` to 1")
    n = len(s.players)
    task = s.task
    if not (len(task) == 1 and type(task[0]) is int):
        return  # reported with the task
    k = task[0]
    if s.step == "mine_draft":
        if 0 <= k < MINES_IN_DRAFT * n:
            picks = draft_order(n)[:k]
            for q, col in enumerate(s.colonies):
                if len(col.mines) != picks.count(q):
                    out.append(f"colonies[{q}].mines: {len(col.mines)} mine(s) at draft pick {k}, where the "
                               f"draft gave this seat {picks.count(q)} so far")
        return
    for q, col in enumerate(s.colonies):
        if len(col.mines) != MINES_IN_DRAFT:
            out.append(f"colonies[{q}].mines: {len(col.mines)} mine(s) after the draft, where each colony "
                       f"drafted {MINES_IN_DRAFT}")
        each = s.options.start_hand
        dealt = min(each, max(0, k - each * q))
        if 0 <= k < each * n and sum(col.hand) != dealt:
            out.append(f"colonies[{q}].hand: {sum(col.hand)} cards after {k} dealt ({each} to each seat in turn), "
                       f"where this seat has {dealt}: move cards between `colonies[{q}].hand` and `supply`")
    if s.active != 0:
        out.append(f"active: {s.active} during the deal, where it is 0 (the oldest player starts)")


from .invariants_turn import dead_ends, turn_problems  # noqa: E402 (it reads the helpers above)
