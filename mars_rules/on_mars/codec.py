"""Positions as JSON: `to_dict(state)` and `from_json(text)` (every problem listed).

Format 2 (written): the State's fields under their format-1 names, in words a person reads: cards,
Building types and Tech tiles by name, counts keyed by Resource, item, Tech or LSS track, rows as objects,
null for "none" (`readable` writes and reads it; docs/positions/on_mars.md and position.schema.json
describe it). Format 1 (still read): the fields with their internal codes (card ids, -1 for none, rows as
lists). `from_json(t).to_json() == t` to the byte for format-2 text. A game played with its own card lists
ends with "cards": {<list name>: [card, ...], ...} holding the lists that differ from the built-in ones
(the JSON card-file shape of `data.load_cards`); without it the position uses the built-in lists.
"options" holds the rule options that differ from the default (`options.OPTIONS`; {} for the rulebook's
game, and in format 1 the key is there only for a variant game): the position is read against them (the
round against its `round_limit`, Storage against its `resource_cap`, ...), so a variant position reloads,
and refuses to load under other options only where it could not happen under them.

`from_json` reads the types and ranges of every field first (format 2 is turned into format 1, every bad
name reported with its format-2 path, then one reader checks the rest: the player names as `new_game` takes
them, every integer a JSON integer, never true/false or 1.0), then lists every rule the position breaks with
`invariants.problems`, the same list the property tests check after every action; a format-2 position's
problems name format-2 paths (`readable.translate`). It raises only PositionError
(`core.reads_positions`). One player's view (`state.view(p)`, hidden cards as null) is for looking and does
not load.
"""
from __future__ import annotations

from mars_rules.core import CHANCE, FORMATS, Checker, PositionError, parse_position, reads_positions
from mars_rules.core.positions import json_words

from . import data as D
from . import readable
from .invariants import DECKS, order_problems, problems, show, show_hex
from .options import DEFAULT_RULES, OPTIONS
from .options import read as read_options
from .state import STEP, Player, State

PLAYERS = (2, 3, 4)
PHASES = ("setup", "colonization", "shuttle", "over")
TASKS = ("order", "mission", "blueprint", "scientist", "contract", "discovery")
_PLAYER_SCHEMA = {"res": list, "crystals": int, "lq": int, "wa": int, "reserve": int, "bots": list, "rover": list,
                  "depot_ships": int, "hangar": int, "progress": int, "progress_types": list, "lab": list,
                  "blueprints": list, "scientists": list, "contracts": list, "goals": list, "goal_done": int,
                  "claimed": int, "op": int}
_SCHEMA = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str, "to_move": None,
           "events": list, "active": int, "round": int, "phase": str, "end_triggered": bool,
           "final_round": bool, "order": list, "done": list, "queue": list, "shuttle_side": str,
           "shuttle_pos": int, "shuttle_left": str, "slots": list, "buildings": list, "map_crystals": list,
           "tiles": list, "lss": list, "level": int, "remaining": int, "missions": list, "decks": list,
           "bp_display": list, "sci_display": list, "con_display": list, "tech_grid": list, "warehouse": list,
           "supply": int, "pending": list, "main": str, "exec_used": bool, "pay_left": int, "used": int,
           "allow": int, "moves": list, "choices": int, "tile": int, "build": str, "resume": str, "pieces": list}


def _j(v):
    if isinstance(v, tuple):
        return [_j(x) for x in v]
    return v


def to_dict(state, fmt: int = readable.FORMAT) -> dict:
    """The position as a dict of JSON values: format 2 (`readable.write`), or format 1 with `fmt=1`."""
    if fmt == readable.FORMAT:
        return readable.write(state)
    d = {"format": 1, "game": "on_mars"}
    for name in State._fields:
        v = getattr(state, name)
        if name == "pieces":
            d[name] = [{k: _j(x) for k, x in zip(Player._fields, pl)} for pl in v]
        elif name == "cards":
            if v.custom:
                d[name] = {k: _j(x) for k, x in v.lists().items()}
        elif name == "options":
            if OPTIONS.changed(v):
                d[name] = OPTIONS.changed(v)
        else:
            d[name] = _j(v)
    return d


def _t(v):
    if isinstance(v, list):
        return tuple(_t(x) for x in v)
    return v


def _hex(c, v, path):
    if (isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
            and tuple(v) in D.HEX_SET):
        return True
    what = show_hex(v) if isinstance(v, list) and len(v) < 5 else show(v)
    c.fail(path, f"{what} is not a hex of the map (a hex is [q, r], at most {D.MAP_RADIUS} from the centre)")
    return False


def _ints(c, v, path, lo, hi, length=None):
    items = c.list_of(v, path, int, length)
    ok = bool(items) or (v == [] and not length)
    for i, x in enumerate(items):
        ok &= c.int_in(x, f"{path}[{i}]", lo, hi)
    return ok


def _record(c, x, path, size, shape) -> bool:
    """A list of `size` entries (a record such as a Building), or a problem naming its shape."""
    if len(x) != size:
        c.fail(path, f"has {len(x)} entries; {shape}")
        return False
    return True


@reads_positions
def from_json(text) -> State:
    """A position from its JSON text (format 2, or format 1), or PositionError listing every problem: the
    types, names and ranges of every field first, then every rule the position breaks
    (`invariants.problems`, the list the property tests check after every action)."""
    data = parse_position(text, "on_mars", formats=FORMATS)
    cards = _cards(data)
    c = Checker()
    if data["format"] == 1:
        state = _read(data, c, cards)
        c.done()
        found = problems(state)
        if found:
            raise PositionError(found)
        return state
    words = Checker()
    d, flagged = readable.read(data, cards, words)
    state = _read(d, c, cards, view_hint=False)
    found = words.problems + [line for line in (readable.translate(x, cards) for x in c.problems)
                              if not readable.under(line, flagged)]
    if found or state is None:
        raise PositionError(found or ["position: could not be read"])
    found = problems(state)
    if found:
        raise PositionError([readable.translate(x, cards) for x in found])
    return state


def _cards(data):
    """The card lists of the position: its own ("cards") or the built-in ones."""
    if "cards" not in data:
        return D.DEFAULT_CARDS
    if not isinstance(data["cards"], dict):
        raise PositionError([f"cards: {json_words(data['cards'])} is not an object (card list name -> cards)"])
    try:
        cards = D.Cards(D.load_cards(data["cards"]))
    except (ValueError, TypeError) as e:
        raise PositionError([f"cards: {e}"]) from None
    return D.DEFAULT_CARDS if cards.default else cards


def _read(data, c, cards, view_hint=True):
    """The State of a format-1 dict, or None with the problems of its types and ranges in `c` (the rules it
    breaks are `invariants.problems`' to find)."""
    schema = _SCHEMA
    if "cards" in data:
        schema = dict(_SCHEMA, cards=dict)
    if "options" in data or data.get("format") != 1:  # format 2 always has it; format 1 for a variant game
        schema = dict(schema, options=None)
    d = c.obj(data, "position", schema)
    if not c.ok():
        return None
    rules = read_options(c, d["options"]) if "options" in d else DEFAULT_RULES
    if not c.ok():
        return None
    names = c.names(d["players"], "players")
    n = len(names)
    if n not in PLAYERS:
        c.fail("players", f"{n} players; On Mars is for 2, 3 or 4")
        return None
    if view_hint:
        _view_hint(c, d)
    c.int_in(d["draws"], "draws", 0, None)
    c.one_of(d["step"], "step", tuple(STEP))
    c.one_of(d["phase"], "phase", PHASES)
    to_move = d["to_move"]
    if not (to_move is None or to_move == CHANCE or (type(to_move) is int and 0 <= to_move < n)):
        c.fail("to_move", f"{show(to_move)} is not a seat (an integer 0..{n - 1}), \"chance\" or null")
    c.int_in(d["active"], "active", 0, n - 1)
    c.int_in(d["round"], "round", 1, rules.round_limit + 1)
    c.list_of(d["events"], "events", str)
    if _ints(c, d["order"], "order", -1, 2 * D.TURN_ORDER_SPACES - 1, n):
        c.problems.extend(order_problems(d["order"]))
    c.list_of(d["done"], "done", bool, n)
    _ints(c, d["queue"], "queue", 0, n - 1)
    c.one_of(d["shuttle_side"], "shuttle_side", ("orbit", "colony"))
    c.int_in(d["shuttle_pos"], "shuttle_pos", 1, max(D.SHUTTLE_START[1], *rules.travel_space))
    c.one_of(d["shuttle_left"], "shuttle_left", ("", "orbit", "colony"))
    slots = c.list_of(d["slots"], "slots", list, len(D.ACTIONS))
    for i, s in enumerate(slots):
        _ints(c, s, f"slots[{i}]", 0, n - 1)
    for i, b in enumerate(c.list_of(d["buildings"], "buildings", list)):
        p = f"buildings[{i}]"
        if not _record(c, b, p, 5, "a Building is [hex, type, advanced owner or -1, blueprint card or -1, "
                                   "miner or -1]"):
            continue
        _hex(c, b[0], p + "[0]")
        c.one_of(b[1], p + "[1]", D.BUILDINGS)
        c.int_in(b[2], p + "[2]", -1, n - 1)
        c.int_in(b[3], p + "[3]", -1, len(cards.blueprints) - 1)
        c.int_in(b[4], p + "[4]", -1, n - 1)
    for i, h in enumerate(c.list_of(d["map_crystals"], "map_crystals", list)):
        _hex(c, h, f"map_crystals[{i}]")
    for i, x in enumerate(c.list_of(d["tiles"], "tiles", list)):
        if not _record(c, x, f"tiles[{i}]", 3, "a tile is [hex, \"research\" or \"discovery\", id]"):
            continue
        _hex(c, x[0], f"tiles[{i}][0]")
        if c.one_of(x[1], f"tiles[{i}][1]", ("research", "discovery")):
            top = len(D.RESEARCH_TILES if x[1] == "research" else cards.discovery_tiles) - 1
            c.int_in(x[2], f"tiles[{i}][2]", 0, top)
    _ints(c, d["lss"], "lss", D.LSS_START, D.LSS_MAX, len(D.LSS_TRACKS))
    c.int_in(d["level"], "level", 1, D.MAX_LEVEL)
    c.int_in(d["remaining"], "remaining", 0, rules.missions_to_end)
    for i, m in enumerate(c.list_of(d["missions"], "missions", list)):
        if (_record(c, m, f"missions[{i}]", 2, "a Mission is [card, contributions]")
                and c.int_in(m[0], f"missions[{i}][0]", 0, len(cards.missions) - 1)):
            target = max(1, cards.missions[m[0]][2] + rules.mission_target_change)
            c.int_in(m[1], f"missions[{i}][1]", 0, target - 1)
    sizes = (len(cards.blueprints), len(cards.scientists), len(cards.contracts), len(cards.discovery_tiles),
             len(cards.goals), len(cards.missions))
    decks = c.list_of(d["decks"], "decks", list, len(DECKS))
    for i, deck in enumerate(decks):
        _ints(c, deck, f"decks[{i}]", 0, sizes[i] - 1)
    _ints(c, d["bp_display"], "bp_display", 0, len(cards.blueprints) - 1)
    _ints(c, d["sci_display"], "sci_display", 0, len(cards.scientists) - 1)
    _ints(c, d["con_display"], "con_display", 0, len(cards.contracts) - 1)
    _ints(c, d["tech_grid"], "tech_grid", 0, D.TECH_COPIES, len(D.TECHS))
    _ints(c, d["warehouse"], "warehouse", 0, max(rules.warehouse_stock[n - 2]), len(D.ITEMS))
    c.int_in(d["supply"], "supply", 0, D.CRYSTAL_TOTAL)
    for i, task in enumerate(c.list_of(d["pending"], "pending", str)):
        if task not in TASKS and not (task.startswith("goal:") and task[5:] in [str(s) for s in range(n)]):
            c.fail(f"pending[{i}]", f"{show(task)} is not a draw ({', '.join(TASKS)} or goal:<seat>)")
    c.one_of(d["main"], "main", ("", "pass") + D.ACTIONS)
    c.int_in(d["pay_left"], "pay_left", 0, n - 1)
    c.int_in(d["used"], "used", 0, 99)
    c.int_in(d["allow"], "allow", 0, 99)
    moves = c.list_of(d["moves"], "moves", object)
    for i, x in enumerate(moves):
        if isinstance(x, bool) or not isinstance(x, (int, str)) or (isinstance(x, str) and x not in D.TECHS):
            c.fail(f"moves[{i}]", f"{show(x)} is not a movement count or a Tech type")
    c.int_in(d["choices"], "choices", 0, 9)
    c.int_in(d["tile"], "tile", -1, len(cards.discovery_tiles) - 1)
    c.one_of(d["build"], "build", ("",) + D.BUILDINGS)
    c.one_of(d["resume"], "resume", ("",) + tuple(STEP))
    pieces = []
    for i, raw in enumerate(c.list_of(d["pieces"], "pieces", dict, n)):
        pieces.append(_player(c, raw, f"pieces[{i}]", n, cards, rules))
    if not c.ok():
        return None
    return State(
        players=tuple(names), seed=d["seed"], draws=d["draws"], step=d["step"], to_move=to_move,
        events=tuple(d["events"]), active=d["active"], round=d["round"], phase=d["phase"],
        end_triggered=d["end_triggered"], final_round=d["final_round"], order=_t(d["order"]), done=_t(d["done"]),
        queue=_t(d["queue"]), shuttle_side=d["shuttle_side"], shuttle_pos=d["shuttle_pos"],
        shuttle_left=d["shuttle_left"], slots=_t(d["slots"]), buildings=_t(d["buildings"]),
        map_crystals=_t(d["map_crystals"]), tiles=_t(d["tiles"]), lss=_t(d["lss"]), level=d["level"],
        remaining=d["remaining"], missions=_t(d["missions"]), decks=_t(d["decks"]), bp_display=_t(d["bp_display"]),
        sci_display=_t(d["sci_display"]), con_display=_t(d["con_display"]), tech_grid=_t(d["tech_grid"]),
        warehouse=_t(d["warehouse"]), supply=d["supply"], pending=_t(d["pending"]), main=d["main"],
        exec_used=d["exec_used"], pay_left=d["pay_left"], used=d["used"], allow=d["allow"], moves=_t(moves),
        choices=d["choices"], tile=d["tile"], build=d["build"], resume=d["resume"], pieces=tuple(pieces),
        cards=cards, options=rules)


def _view_hint(c, d):
    """One player's view hides Private Goals as -1 (and the seed): say so once, beside the range problems."""
    goals = [g for raw in d["pieces"] if isinstance(raw, dict) and isinstance(raw.get("goals"), list)
             for g in raw["goals"]]
    deck = d["decks"][4] if isinstance(d["decks"], list) and len(d["decks"]) > 4 else None
    if -1 in goals or (isinstance(deck, list) and -1 in deck):
        c.fail("pieces", "hidden Private Goals (-1): this is one player's view (`state.view(p)`), which is for "
                         "looking only; load the full position (`state.to_json()`)")


def _player(c, raw, p, n, cards, rules) -> Player:
    d = c.obj(raw, p, _PLAYER_SCHEMA)
    if len(d) != len(_PLAYER_SCHEMA):
        return None
    _ints(c, d["res"], p + ".res", 0, rules.resource_cap, len(D.RESOURCES))
    c.int_in(d["crystals"], p + ".crystals", 0, rules.crystal_cap_base + D.DEPOT_SPACES)
    for k in ("lq", "wa", "reserve"):
        c.int_in(d[k], f"{p}.{k}", 0, D.COLONISTS)
    bots = c.list_of(d["bots"], p + ".bots", list, max_length=D.BOTS)
    for i, h in enumerate(bots):
        _hex(c, h, f"{p}.bots[{i}]")
    _hex(c, d["rover"], p + ".rover")
    c.int_in(d["depot_ships"], p + ".depot_ships", 0, D.SHIPS)
    c.int_in(d["hangar"], p + ".hangar", 0, D.SHIPS)
    c.int_in(d["progress"], p + ".progress", 0, D.PROGRESS_CUBES)
    for i, b in enumerate(c.list_of(d["progress_types"], p + ".progress_types", str)):
        c.one_of(b, f"{p}.progress_types[{i}]", D.BUILDINGS)
    for i, x in enumerate(c.list_of(d["lab"], p + ".lab", list)):
        if _record(c, x, f"{p}.lab[{i}]", 3, "a Tech tile is [tech, row, column]"):
            c.one_of(x[0], f"{p}.lab[{i}][0]", D.TECHS)
            c.one_of(x[1], f"{p}.lab[{i}][1]", D.LAB_ROWS)
            c.int_in(x[2], f"{p}.lab[{i}][2]", 1, D.LAB_COLUMNS)
    for i, x in enumerate(c.list_of(d["blueprints"], p + ".blueprints", list)):
        if _record(c, x, f"{p}.blueprints[{i}]", 2, "a Blueprint is [card, used 0 or 1]"):
            c.int_in(x[0], f"{p}.blueprints[{i}][0]", 0, len(cards.blueprints) - 1)
            c.int_in(x[1], f"{p}.blueprints[{i}][1]", 0, 1)
    for i, x in enumerate(c.list_of(d["scientists"], p + ".scientists", list)):
        if _record(c, x, f"{p}.scientists[{i}]", 2, "a Scientist is [card, hex or [] while not working]"):
            c.int_in(x[0], f"{p}.scientists[{i}][0]", 0, len(cards.scientists) - 1)
            if x[1] != []:
                _hex(c, x[1], f"{p}.scientists[{i}][1]")
    _ints(c, d["contracts"], p + ".contracts", 0, len(cards.contracts) - 1)
    _ints(c, d["goals"], p + ".goals", 0, len(cards.goals) - 1)
    c.int_in(d["goal_done"], p + ".goal_done", -1, len(cards.goals) - 1)
    c.int_in(d["claimed"], p + ".claimed", 0, None)
    c.int_in(d["op"], p + ".op", 0, None)
    if not c.ok():
        return None
    return Player(**{k: _t(v) for k, v in d.items()})
