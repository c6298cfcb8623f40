"""Positions as JSON: `to_dict(state)` and `from_json(text)` (every problem listed, then rule checks).

The keys (format 1): "players" (names, seat 0 the oldest), "seed" and "draws" (the chance stream),
"step" (a TURN_STEPS key), "to_move" (a seat, "chance" or null), "events", "target" (10/12/15),
"turn_limit", "round", "active" (whose turn), "colonies" (one object per seat: "hand" 5 counts in the
order iron, carbon, silicon, water, oxygen; "mines" materials; "plants", "silos", "comm", "mil", "rnd",
"port" levels built; "habs" 0 dark / 1 dark with 3 colonists waiting / 2 powered; "staff" a bit mask
over data.SLOTS; "housed" colonists in habitats; "contracts" indices of data.CONTRACTS; "played" and
"kept" R&D card ids; "supremacies" event ids held; "vp" and "energy" the two cubes), "supply" and
"reserve" (5 counts each), "mine_tiles" (5 counts), "event_deck"/"event_discard" and the R&D decks
(copies per card, in the card set's order), "magna" (seat or -1), "card" (the card being resolved),
"task" (the step's context), "dust", "offers", "offer" ([partner, give, ask] while an offer is open),
"result" (winners). A position made with custom cards carries them under "cards" (absent for the
default set). Rule checks: 12 cards of each material in supply + reserve + hands, every event, R&D card
and mine tile accounted for, one copy of each contract, colonists only on built installations, energy
within capacity, a step that fits its task, and a next move that exists.
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Checker, PositionError, parse_position

from .data import (CARDS_PER_MATERIAL, CONTRACTS, DEFAULT_CARDS, KEEPABLE, MAX_HABITATS, MAX_LEVEL, MAX_MINES,
                   MINE_TILES, SLOTS, TILES, cards_from_dict)
from .state import Colony, State, capacity, colonists, consumption

GAME = "mars_colony"
COLONY_KEYS = ("hand", "mines", "plants", "silos", "comm", "mil", "rnd", "port", "habs", "staff", "housed",
               "contracts", "played", "kept", "supremacies", "vp", "energy")
CHANCE_STEPS = ("deal", "event", "event_take", "attack_take", "supply_draw", "research_die", "research_draw",
                "resupply")


def _j(v):
    if isinstance(v, tuple):
        return [_j(x) for x in v]
    return v


def to_dict(s) -> dict:
    d = {"format": 1, "game": GAME, "players": list(s.players), "seed": s.seed, "draws": s.draws,
         "step": s.step, "to_move": s.to_move, "events": list(s.events), "target": s.target,
         "turn_limit": s.turn_limit, "round": s.round, "active": s.active,
         "colonies": [{k: _j(v) for k, v in zip(COLONY_KEYS, c)} for c in s.colonies]}
    for k in ("supply", "reserve", "mine_tiles", "event_deck", "event_discard", "rd1_deck", "rd1_discard",
              "rd2_deck", "rd2_discard", "magna", "card", "task", "dust", "offers", "offer", "result"):
        d[k] = _j(getattr(s, k))
    if s.viewer >= 0:
        d["viewer"] = s.viewer
        d["masked"] = _j(s.masked)
    if s.cards != DEFAULT_CARDS:
        d["cards"] = s.cards.to_dict()
    return d


def from_json(text) -> State:
    from . import TURN_STEPS
    data = parse_position(text, GAME)
    c = Checker()
    schema = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str,
              "to_move": None, "events": list, "target": int, "turn_limit": int, "round": int, "active": int,
              "colonies": list, "supply": list, "reserve": list, "mine_tiles": list, "event_deck": list,
              "event_discard": list, "rd1_deck": list, "rd1_discard": list, "rd2_deck": list,
              "rd2_discard": list, "magna": int, "card": str, "task": list, "dust": int, "offers": int,
              "offer": list, "result": list}
    if "cards" in data:
        schema["cards"] = dict
    if "viewer" in data or "masked" in data:
        raise PositionError(["this is one player's view (hidden cards blanked), not a full position"])
    d = c.obj(data, "position", schema)
    c.done()
    cards = DEFAULT_CARDS
    if "cards" in d:
        cards = cards_from_dict(d["cards"], "cards")
    players = c.list_of(d["players"], "players", str)
    n = len(players)
    if not 2 <= n <= 4:
        c.fail("players", f"{n} players; Mars is for 2, 3 or 4")
    if len(set(players)) != n:
        c.fail("players", "two players have the same name")
    c.int_in(d["seed"], "seed", 0, None)
    c.int_in(d["draws"], "draws", 0, None)
    c.one_of(d["step"], "step", [st.key for st in TURN_STEPS])
    c.one_of(d["target"], "target", (10, 12, 15))
    c.int_in(d["turn_limit"], "turn_limit", 0, 10_000)
    c.int_in(d["round"], "round", 1, 100_000)
    c.int_in(d["active"], "active", 0, max(0, n - 1))
    c.list_of(d["events"], "events", str, max_length=200)
    five = {}
    for k in ("supply", "reserve", "mine_tiles"):
        v = c.list_of(d[k], k, int, length=5)
        if v and all(c.int_in(x, f"{k}[{i}]", 0, CARDS_PER_MATERIAL) for i, x in enumerate(v)):
            five[k] = tuple(v)
    decks = {}
    for k, size in (("event_deck", len(cards.events)), ("event_discard", len(cards.events)),
                    ("rd1_deck", len(cards.rd1)), ("rd1_discard", len(cards.rd1)),
                    ("rd2_deck", len(cards.rd2)), ("rd2_discard", len(cards.rd2))):
        v = c.list_of(d[k], k, int, length=size)
        if v and all(c.int_in(x, f"{k}[{i}]", 0, 30) for i, x in enumerate(v)):
            decks[k] = tuple(v)
    ids = {x.id for x in cards.events + cards.rd1 + cards.rd2}
    cols = []
    for i, raw in enumerate(c.list_of(d["colonies"], "colonies", dict, length=n)):
        cols.append(_colony(c, raw, f"colonies[{i}]", ids, cards))
    c.int_in(d["magna"], "magna", -1, max(0, n - 1))
    c.int_in(d["dust"], "dust", 0, 1)
    c.int_in(d["offers"], "offers", 0, 100)
    task = d["task"]
    if len(task) > 20 or not all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in task):
        c.fail("task", "must be a short list of integers and strings")
        task = []
    result = c.list_of(d["result"], "result", int, max_length=4)
    if d["card"] and d["card"] not in ids:
        c.fail("card", f"{d['card'][:40]!r} is not a card of this set")
    c.done()
    offer = d["offer"]
    if offer:
        ok = (len(offer) == 3 and isinstance(offer[0], int) and not isinstance(offer[0], bool)
              and 0 <= offer[0] < n and all(isinstance(x, list) and len(x) == 5 and all(
                  isinstance(y, int) and not isinstance(y, bool) and 0 <= y <= 60 for y in x) for x in offer[1:]))
        if not ok:
            c.fail("offer", "must be [] or [partner seat, 5 counts given, 5 counts asked]")
        else:
            offer = (offer[0], tuple(offer[1]), tuple(offer[2]))
    c.done()
    to_move = d["to_move"]
    step = d["step"]
    s = State(tuple(players), d["seed"], d["draws"], step, to_move, tuple(d["events"]), cards, d["target"],
              d["turn_limit"], d["round"], d["active"], tuple(cols), five["supply"], five["reserve"],
              five["mine_tiles"], decks["event_deck"], decks["event_discard"], decks["rd1_deck"],
              decks["rd1_discard"], decks["rd2_deck"], decks["rd2_discard"], d["magna"], d["card"], tuple(task),
              d["dust"], d["offers"], tuple(offer) if offer else (), tuple(result), -1, ())
    check_rules(s)
    return s


def _colony(c, raw, path, ids, cards):
    schema = {k: (list if k in ("hand", "mines", "habs", "contracts", "played", "kept", "supremacies") else int)
              for k in COLONY_KEYS}
    d = c.obj(raw, path, schema)
    if len(d) != len(schema):
        return Colony.start()
    hand = c.list_of(d["hand"], path + ".hand", int, length=5)
    for i, x in enumerate(hand):
        c.int_in(x, f"{path}.hand[{i}]", 0, CARDS_PER_MATERIAL)
    mines = c.list_of(d["mines"], path + ".mines", int, max_length=MAX_MINES)
    for i, x in enumerate(mines):
        c.int_in(x, f"{path}.mines[{i}]", 0, 4)
    for k in ("plants", "silos", "comm", "mil", "rnd", "port"):
        c.int_in(d[k], f"{path}.{k}", 0, MAX_LEVEL[{"plants": "plant", "silos": "silo"}.get(k, k)])
    habs = c.list_of(d["habs"], path + ".habs", int, max_length=MAX_HABITATS)
    for i, x in enumerate(habs):
        c.int_in(x, f"{path}.habs[{i}]", 0, 2)
    c.int_in(d["staff"], path + ".staff", 0, (1 << len(SLOTS)) - 1)
    c.int_in(d["housed"], path + ".housed", 0, 80)
    contracts = c.list_of(d["contracts"], path + ".contracts", int, max_length=20)
    for i, x in enumerate(contracts):
        c.int_in(x, f"{path}.contracts[{i}]", 0, len(CONTRACTS) - 1)
    lists = {}
    for k in ("played", "kept", "supremacies"):
        lists[k] = c.list_of(d[k], f"{path}.{k}", str, max_length=60)
        for x in lists[k]:
            if x not in ids:
                c.fail(f"{path}.{k}", f"{x[:40]!r} is not a card of this set")
    c.int_in(d["vp"], path + ".vp", 0, 100)
    c.int_in(d["energy"], path + ".energy", 0, 100)
    if not c.ok():
        return Colony.start()
    return Colony(tuple(hand), tuple(mines), d["plants"], d["silos"], d["comm"], d["mil"], d["rnd"], d["port"],
                  tuple(habs), d["staff"], d["housed"], tuple(contracts), tuple(lists["played"]),
                  tuple(lists["kept"]), tuple(lists["supremacies"]), d["vp"], d["energy"])


def check_rules(s):
    """Rule-level checks on a well-typed position: every card and tile accounted for, no impossible colony."""
    from .rules_setup import draft_order
    p = []
    n = len(s.players)
    cards = s.cards
    for m in range(5):
        total = s.supply[m] + s.reserve[m] + sum(col.hand[m] for col in s.colonies)
        if total != CARDS_PER_MATERIAL:
            p.append(f"material {m}: {total} cards in supply, reserve and hands; there are {CARDS_PER_MATERIAL}")
        built = sum(col.mines.count(m) for col in s.colonies)
        if built + s.mine_tiles[m] != MINE_TILES[m]:
            p.append(f"mine tiles of material {m}: {built} built + {s.mine_tiles[m]} left, the box has {MINE_TILES[m]}")
    for i, ev in enumerate(cards.events):
        held = sum(col.supremacies.count(ev.id) for col in s.colonies)
        cur = 1 if s.card == ev.id and s.step in ("event_choice", "event_take", "supply_draw") else 0
        total = s.event_deck[i] + s.event_discard[i] + held + cur
        if total != ev.copies:
            p.append(f"event {ev.id}: {total} copies found, the set has {ev.copies}")
        if held and ev.type != "supremacy":
            p.append(f"event {ev.id} is not a supremacy and cannot be held")
    for deck in ("rd1", "rd2"):
        for i, rc in enumerate(getattr(cards, deck)):
            pl = sum(col.played.count(rc.id) + col.kept.count(rc.id) for col in s.colonies)
            cur = 1 if s.card == rc.id and s.step == "research_keep" else 0
            total = getattr(s, deck + "_deck")[i] + getattr(s, deck + "_discard")[i] + pl + cur
            if total != rc.copies:
                p.append(f"R&D card {rc.id}: {total} copies found, the set has {rc.copies}")
            if rc.effect in KEEPABLE and any(rc.id in col.played for col in s.colonies):
                p.append(f"R&D card {rc.id} is discarded once played; it cannot lie face up")
    seen = []
    for q, col in enumerate(s.colonies):
        name = f"colonies[{q}]"
        if col.staff & ~col.built_mask():
            p.append(f"{name}: a colonist works on an installation that is not built")
        seen += list(col.contracts)
        if list(col.contracts) != sorted(set(col.contracts)):
            p.append(f"{name}: contracts must be sorted and distinct")
        for k in ("played", "kept", "supremacies"):
            if list(getattr(col, k)) != sorted(getattr(col, k)):
                p.append(f"{name}.{k} must be sorted")
        if consumption(col) > capacity(col, cards) and colonists(col) > 0:
            p.append(f"{name}: energy consumption {consumption(col)} is above the capacity {capacity(col, cards)}")
    if len(seen) != len(set(seen)):
        p.append("a trade contract is held twice (there is one copy of each)")
    for what, field in (("plant", "plants"), ("silo", "silos"), ("comm", "comm"), ("mil", "mil"), ("rnd", "rnd"),
                        ("port", "port")):
        used = sum(getattr(col, field) for col in s.colonies)
        if used > TILES[what]:
            p.append(f"{used} {what} tiles are built; the box has {TILES[what]}")
    if sum(len(col.habs) for col in s.colonies) > TILES["habitat"]:
        p.append(f"more than {TILES['habitat']} habitat tiles are built")
    step, tm, task = s.step, s.to_move, s.task
    if step == "game_over":
        if tm is not None or not s.result:
            p.append("a finished game has to_move null and at least one winner")
    elif step in CHANCE_STEPS:
        if tm != CHANCE:
            p.append(f'at step {step} to_move must be "chance"')
    elif step == "trade_reply":
        if not s.offer or tm != s.offer[0]:
            p.append("at trade_reply the player to move is the offer's partner")
    elif tm != s.active:
        p.append(f"at step {step} to_move must be the active seat {s.active}")
    if s.result and step != "game_over":
        p.append("winners are set but the game is not over")
    if any(not 0 <= w < n for w in s.result):
        p.append("a winner is not a seat")

    def seat(x):
        return isinstance(x, int) and 0 <= x < n
    want = {"mine_draft": lambda t: len(t) == 1 and isinstance(t[0], int) and 0 <= t[0] < 2 * n
            and draft_order(n)[t[0]] == s.active,
            "deal": lambda t: len(t) == 1 and isinstance(t[0], int) and 0 <= t[0] < 4 * n,
            "event_choice": lambda t: (t in (("rival",), ("contest",)) or (len(t) == 2 and t[0] == "deposit"
                                                                            and isinstance(t[1], int) and t[1] > 0)),
            "event_take": lambda t: len(t) == 4 and seat(t[0]) and seat(t[1]) and t[0] != t[1]
            and isinstance(t[2], int) and t[2] > 0 and t[3] in ("take", "discard"),
            "supply_draw": lambda t: len(t) >= 2 and t[0] in ("event", "research", "trade", "build")
            and all(seat(x) for x in t[1:]),
            "research_draw": lambda t: t in (("rd1",), ("rd2",)),
            "move_colonists": lambda t: len(t) == 1 and isinstance(t[0], int) and 0 <= t[0] < (1 << len(SLOTS))}
    want["attack_take"] = want["event_take"]
    if not want.get(step, lambda t: t == ())(task):
        p.append(f"task {list(task)!r:.80} does not fit step {step}")
    if step == "mine_draft" and not p:
        k = task[0]
        picks = draft_order(n)[:k]
        for q, col in enumerate(s.colonies):
            if len(col.mines) != picks.count(q):
                p.append(f"colonies[{q}] has {len(col.mines)} mines; the draft gave it {picks.count(q)} so far")
    if not p:
        p += _dead_ends(s)
    if step in ("event_choice", "event_take") and s.card not in {e.id for e in cards.events}:
        p.append(f"step {step} needs the event card being resolved")
    keepable = {r.id for r in cards.rd1 + cards.rd2 if r.effect in KEEPABLE}
    if step == "research_keep" and s.card not in keepable:
        p.append("step research_keep needs a keepable R&D card being resolved")
    if step in ("trade_offer", "trade_reply"):
        if not s.offer or s.offer[0] == s.active:
            p.append(f"step {step} needs an offer to another player")
        else:
            q, give, ask = s.offer
            if any(g > h for g, h in zip(give, s.colonies[s.active].hand)):
                p.append("the offer gives cards the active player does not hold")
    elif s.offer:
        p.append("an offer exists outside the trade steps")
    if p:
        raise PositionError(p)


def _dead_ends(s):
    """Positions that no play reaches because nothing could happen next (an empty list of choices)."""
    from .flow import over_limits
    step, task = s.step, s.task
    out = []
    if step in ("deal", "resupply", "supply_draw") and not any(s.supply):
        out.append(f"at step {step} the supply deck cannot be empty")
    if step == "event" and not any(s.event_deck):
        out.append("at step event the event deck cannot be empty")
    if step in ("event_take", "attack_take") and not any(s.colonies[task[1]].hand):
        out.append(f"at step {step} the loser must hold a card to take")
    if step == "research_draw" and not any(getattr(s, task[0] + "_deck")):
        out.append(f"at step research_draw the {task[0].upper()} deck cannot be empty")
    if step == "discard" and not over_limits(s):
        out.append("at step discard the active player must be over the hand or contract limit")
    if step == "event_choice" and task == ("contest",) and not any(c.supremacies for c in s.colonies):
        out.append("Contested Supremacy needs a supremacy that someone holds")
    if step == "event_choice" and task[0] == "deposit" and not any(s.reserve):
        out.append("a Deposit needs a card in the reserve")
    return out
