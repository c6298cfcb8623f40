"""Positions as JSON: `to_dict(state)` writes format 2, `from_json(text)` reads formats 2 and 1 (every
problem listed, then the rules' checks).

Format 2 (the one people read; docs/positions/mars_colony.md, position.schema.json) has the keys of
format 1 with names for what format 1 encodes: "players" (names, seat 0 the oldest), "seed" and "draws"
(the chance stream), "step" (a TURN_STEPS key), "to_move" (a seat, "chance" or null), "events",
"options" (the rule options that differ from the default, `options.OPTIONS`: {"target": 10}; {} for
the rulebook's game), "round", "active" (whose turn), "colonies" (one object per seat:
"hand" cards by material {"iron": 0, ...}; "mines" materials; "plants", "silos", "comm", "mil", "rnd",
"port" levels built; "habs" habitat states ("dark", "dark, 3 colonists waiting", "powered"); "staff"
the staffed slots ("plant0", "mine1", "comm1", ...); "housed" colonists in the habitats; "contracts"
("silicon-iron": silicon for iron); "played" and "kept" R&D cards and "supremacies" event cards, each
"Name (id)"; "vp" and "energy" the two cubes), "supply", "reserve", "mine_tiles" (counts by material),
"event_deck"/"event_discard" and the R&D decks ({"Name (id)": copies}, cards with none left out),
"magna" (a seat or null), "card" (the card being resolved, or null), "task" (the step's context as an
object, or null), "dust" (true: a dust storm cancels this turn's resupply), "offers", "offer" (null or
{"partner", "give", "ask"}) and "result" (winners). A position made with custom cards carries them
under "cards" (the card-file shape; absent for the default set).

Format 1 (still read) held the State's fields as they are: "target" and "turn_limit" keys of their own
(the two options of its time; a variant game translated to format 1 holds the others under "options"),
"hand" 5 counts in the order of
data.MATERIALS, "mines" and "habs" numbers, "staff" a bit mask over data.SLOTS, "contracts" indices of
data.CONTRACTS, cards by id, decks as copies per card in the set's order, "magna" -1 for nobody, "card"
"" for none, "task" a list, "dust" 0/1, "offer" [] or [partner, 5 counts given, 5 counts asked].

Format 2 is read by translating it into format 1 (`readable.translate`, every bad name reported with its
format-2 path) and reading that: one reader of the checks for both. After the types and ranges,
`invariants.problems` lists every rule the position breaks (the same list the property tests check
after every action): every card, tile and colonist of the box accounted for, colonists only on built
installations and within the habitats' room, energy within capacity, VP cubes the end-of-turn
recounts could have set, a step that fits its task, card and offer, and a next move that exists. Every
check that depends on a rule option reads the position's own (`state.options`): a round past its
`turn_limit`, a VP cube at its `target`, more habitats than its `max_habitats`, the cards dealt by its
`start_hand`, offers above its `max_offers`, Magna Scientia by its `science_for_magna`, energy within its
`plant_energy`. So a saved variant game always reloads, and a position refuses to load under other
options only where it could not happen under them. Read from format 2, every problem line names its
format-2 path (`readable.problem`).
"""
from __future__ import annotations

from mars_rules.core import CHANCE, FORMATS, Checker, PositionError, parse_position, reads_positions

from . import readable as R
from .data import CARDS_PER_MATERIAL, CONTRACTS, DEFAULT_CARDS, MATERIALS, MAX_LEVEL, MAX_MINES, SLOTS, cards_from_dict
from .invariants import as_json, problems, show
from .options import MOST_HABITATS, OPTIONS, read_format_1
from .state import Colony, State

GAME = "mars_colony"
COLONY_KEYS = ("hand", "mines", "plants", "silos", "comm", "mil", "rnd", "port", "habs", "staff", "housed",
               "contracts", "played", "kept", "supremacies", "vp", "energy")


def to_dict(s) -> dict:
    """The position in format 2 (see the module docstring)."""
    names = R.card_names(s.cards)
    label, decks = names.label, names.decks
    d = {"format": 2, "game": GAME, "players": list(s.players), "seed": None if s.seed == -1 else s.seed,
         "draws": s.draws, "step": s.step, "to_move": s.to_move, "events": list(s.events),
         "options": OPTIONS.changed(s.options), "round": s.round, "active": s.active,
         "colonies": [R.colony_dict(c, label) for c in s.colonies],
         "supply": dict(zip(MATERIALS, s.supply)), "reserve": dict(zip(MATERIALS, s.reserve)),
         "mine_tiles": dict(zip(MATERIALS, s.mine_tiles)),
         "event_deck": R.deck_dict(s.event_deck, decks["events"]),
         "event_discard": R.deck_dict(s.event_discard, decks["events"]),
         "rd1_deck": R.deck_dict(s.rd1_deck, decks["rd1"]), "rd1_discard": R.deck_dict(s.rd1_discard, decks["rd1"]),
         "rd2_deck": R.deck_dict(s.rd2_deck, decks["rd2"]), "rd2_discard": R.deck_dict(s.rd2_discard, decks["rd2"]),
         "magna": None if s.magna == -1 else s.magna, "card": label.get(s.card, s.card) if s.card else None,
         "task": R.write_task(s.step, s.task), "dust": _FLAG.get(s.dust, s.dust), "offers": s.offers,
         "offer": R.offer_dict(s.offer), "result": list(s.result)}
    if s.viewer >= 0:
        d["viewer"] = s.viewer
        d["masked"] = R.masked_dict(s.masked)
    if s.cards != DEFAULT_CARDS:
        d["cards"] = s.cards.to_dict()
    return d


_FLAG = {0: False, 1: True}


@reads_positions
def from_json(text) -> State:
    """A position from its JSON text (format 2, or format 1), or PositionError listing every problem: the
    keys and types, then the names, values and ranges, then every rule the position breaks (see
    `invariants.problems`). Read from format 2, each problem names its format-2 path."""
    data = parse_position(text, GAME, formats=FORMATS)
    if data["format"] == 2:
        return _read_format_2(data)
    c = Checker()
    if "viewer" in data or "masked" in data:
        raise PositionError(["this is one player's view (hidden cards blanked), not a full position"])
    schema = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str,
              "to_move": None, "events": list, "target": int, "turn_limit": int, "round": int, "active": int,
              "colonies": list, "supply": list, "reserve": list, "mine_tiles": list, "event_deck": list,
              "event_discard": list, "rd1_deck": list, "rd1_discard": list, "rd2_deck": list,
              "rd2_discard": list, "magna": int, "card": str, "task": list, "dust": int, "offers": int,
              "offer": list, "result": list}
    for optional in ("cards", "options"):
        if optional in data:
            schema[optional] = dict
    d = c.obj(data, "position", schema)
    c.done()
    cards = cards_from_dict(d["cards"], "cards") if "cards" in d else DEFAULT_CARDS
    s = _decode(d, cards, c)
    c.done()
    found = problems(s)
    if found:
        raise PositionError(found)
    return s


def _read_format_2(data) -> State:
    """Format 2 translated into format 1 and read as that; every problem line in format-2 terms."""
    c = Checker()
    d, cards, names = R.translate(data, c)
    read = Checker()
    s = _decode(d, cards, read)
    found = c.problems + [p for p in R.paths(read.problems, names) if p not in c.problems]
    if found:
        raise PositionError(found)
    found = problems(s)
    if found:
        raise PositionError([R.problem(p, s, names, data["task"]) for p in found])
    return s


def _decode(d, cards, c):
    """The State of a format-1 dict whose keys and their JSON types are right, or None with the problems of
    its values in `c`. The rule options come from "target", "turn_limit" and (a variant game) "options"."""
    from . import TURN_STEPS
    players = c.names(d["players"], "players")
    n = len(players)
    if not 2 <= n <= 4:
        c.fail("players", f"{n} players; Mars is for 2, 3 or 4")
    c.int_in(d["seed"], "seed", 0, None)
    c.int_in(d["draws"], "draws", 0, None)
    c.one_of(d["step"], "step", [st.key for st in TURN_STEPS])
    rules = read_format_1(c, d)
    c.int_in(d["round"], "round", 1, 100_000)
    c.int_in(d["active"], "active", 0, max(0, n - 1))
    to_move = d["to_move"]
    if not (to_move is None or to_move == CHANCE or (type(to_move) is int and 0 <= to_move < n)):
        c.fail("to_move", f"{as_json(to_move)} is not a seat (an integer 0..{max(0, n - 1)}), \"chance\" or null")
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
        c.fail("card", f"{show(d['card'])} is not a card of this set")
    offer = d["offer"]
    if offer:
        ok = (len(offer) == 3 and type(offer[0]) is int and 0 <= offer[0] < n
              and all(isinstance(x, list) and len(x) == 5 and all(type(y) is int and 0 <= y <= CARDS_PER_MATERIAL
                                                                 for y in x) for x in offer[1:]))
        if not ok:
            c.fail("offer", "must be empty or the partner's seat, then 5 counts given, then 5 counts asked "
                            f"(each 0..{CARDS_PER_MATERIAL})")
        else:
            offer = (offer[0], tuple(offer[1]), tuple(offer[2]))
    if not c.ok():
        return None
    return State(tuple(players), d["seed"], d["draws"], d["step"], to_move, tuple(d["events"]), cards, rules,
                 d["round"], d["active"], tuple(cols), five["supply"], five["reserve"],
                 five["mine_tiles"], decks["event_deck"], decks["event_discard"], decks["rd1_deck"],
                 decks["rd1_discard"], decks["rd2_deck"], decks["rd2_discard"], d["magna"], d["card"], tuple(task),
                 d["dust"], d["offers"], tuple(offer) if offer else (), tuple(result), -1, ())


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
    habs = c.list_of(d["habs"], path + ".habs", int, max_length=MOST_HABITATS)
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
                c.fail(f"{path}.{k}", f"{show(x)} is not a card of this set")
    c.int_in(d["vp"], path + ".vp", 0, 100)
    c.int_in(d["energy"], path + ".energy", 0, 100)
    if not c.ok():
        return Colony.start()
    return Colony(tuple(hand), tuple(mines), d["plants"], d["silos"], d["comm"], d["mil"], d["rnd"], d["port"],
                  tuple(habs), d["staff"], d["housed"], tuple(contracts), tuple(lists["played"]),
                  tuple(lists["kept"]), tuple(lists["supremacies"]), d["vp"], d["energy"])
