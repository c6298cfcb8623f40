"""Format 2 of a Mars position, the one a person reads: the names it writes and its translation back.

`codec.to_dict` writes format 2 with the helpers here. `codec.from_json` reads it by translating it into
format 1 (`translate`, which reports every bad name with its format-2 path), checking the result with the
format-1 reader and `invariants.problems`, and rewriting their problem lines in format-2 terms (`paths`,
`problem`). One reader of the rules' checks, two formats. The format: docs/positions/mars_colony.md and
position.schema.json.

Names (data.py's words): the raw materials ("iron" .. "oxygen"); installation slots as `state.edit().staff`
takes them (builder.SLOT_NAMES: "plant0".."plant3", "silo0".."silo3", "mine1".."mine4", "comm1".."comm3",
"mil1".."mil3", "rnd1", "rnd2", "port"); contracts as "give-get" ("silicon-iron": silicon for iron);
habitat states (data.HABITAT_STATES); cards as "Name (id)" (a custom card set may repeat a name, never an id).

>>> names = card_names(DEFAULT_CARDS)
>>> names.label["sci1"], names.card["Quiet sol (calm)"]
('Soil analysis (sci1)', 'calm')
>>> staff_names(0b10001), CONTRACT_NAMES[0]
(['plant0', 'silo0'], 'iron-carbon')
>>> write_task("move_colonists", (1 << 12,)), write_task("trade", ())
({'moved': ['comm1']}, None)
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import NamedTuple

from mars_rules.core import PositionError, slot_names

from .builder import SLOT_NAMES as _SLOT_INDEX
from .data import (CARDS_PER_MATERIAL, CONTRACTS, DEFAULT_CARDS, HABITAT_STATES, MATERIALS, MAX_MINES, SLOTS,
                   cards_from_dict)
from .invariants import show
from .invariants_turn import RESUME
from .options import MOST_HABITATS, OPTIONS
from .state import Colony

SLOT_NAMES = tuple(_SLOT_INDEX)
"""The 21 installation slots, in data.SLOTS order (bit i of the State's `staff` mask is SLOT_NAMES[i])."""
CONTRACT_NAMES = tuple(f"{MATERIALS[a]}-{MATERIALS[b]}" for a, b in CONTRACTS)
"""The 20 contracts in data.CONTRACTS order, "give-get"."""
CHOICES = ("rival", "contest", "deposit")     # event_choice: a rival, a supremacy to contest, reserve cards
MODES = ("take", "discard")                   # event_take: the winner takes the cards / the loser discards them
RD_DECKS = ("rd1", "rd2")
MAX_DRAWS = 19                                # supply_draw: the draws to come (format 1: at most 20 task values)
MISFIT = "?"                                  # format 1's task for a format-2 task that fits no step
MAX_HELD = 60                                 # cards in `played`, `kept` or `supremacies` (format 1's limit)
DECKS = {"event_deck": "events", "event_discard": "events", "rd1_deck": "rd1", "rd1_discard": "rd1",
         "rd2_deck": "rd2", "rd2_discard": "rd2"}
DECK_WORDS = {"events": "an event card of this set", "rd1": "an R&D1 card of this set",
              "rd2": "an R&D2 card of this set"}
TOP = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str, "to_move": None,
       "events": list, "options": dict, "round": int, "active": int, "colonies": list,
       "supply": dict, "reserve": dict, "mine_tiles": dict, **{k: dict for k in DECKS}, "magna": None,
       "card": None, "task": None, "dust": bool, "offers": int, "offer": None, "result": list}
"""The keys of a format-2 position (and "cards" with a custom card set) and their JSON types."""
PASSED = ("players", "seed", "draws", "step", "to_move", "events", "round", "active", "offers", "result")
"""The keys written alike in both formats."""
COLONY = {"hand": dict, "mines": list, "plants": int, "silos": int, "comm": int, "mil": int, "rnd": int,
          "port": int, "habs": list, "staff": list, "housed": int, "contracts": list, "played": list,
          "kept": list, "supremacies": list, "vp": int, "energy": int}
TASK_KEYS = {"mine_draft": {"pick": int}, "deal": {"dealt": int},
             "event_take": {"winner": int, "loser": int, "cards": int, "mode": str},
             "attack_take": {"winner": int, "loser": int, "cards": int, "mode": str},
             "supply_draw": {"resume": str, "draws": list}, "research_draw": {"deck": str},
             "move_colonists": {"moved": list}}
"""The task of each step that has one (event_choice: {"choice"} or {"choice": "deposit", "cards"})."""
TASK_WORDS = {
    "mine_draft": '{"pick": the draft picks made so far}',
    "deal": '{"dealt": the cards dealt so far}',
    "event_choice": '{"choice": "rival"}, {"choice": "contest"} or {"choice": "deposit", "cards": the reserve '
                    'cards still to take}',
    "event_take": '{"winner": a seat, "loser": a seat, "cards": the cards still to take, "mode": "take" or '
                  '"discard"}',
    "attack_take": '{"winner": a seat, "loser": a seat, "cards": 1, "mode": "take"}',
    "supply_draw": '{"resume": "event", "research", "trade" or "build", "draws": the seat of each draw to come}',
    "research_draw": '{"deck": "rd1"} or {"deck": "rd2"}',
    "move_colonists": '{"moved": the slots whose colonist moved this turn}',
}
_MATERIAL = {m: i for i, m in enumerate(MATERIALS)}
_HABITAT = {h: i for i, h in enumerate(HABITAT_STATES)}
_FIVE = {m: None for m in MATERIALS}
_START = dict(zip(Colony._fields, (list(v) if isinstance(v, tuple) else v for v in Colony.start())))


# ----- cards by name ---------------------------------------------------------------------------------
class CardNames(NamedTuple):
    label: dict         # card id -> the card's name in format 2, "Name (id)"
    card: dict          # that name -> the card id
    decks: dict         # "events", "rd1", "rd2" -> the names in the card set's order
    index: dict         # "events", "rd1", "rd2" -> {name: index in that part of the set}


_NAMES: dict = {}


def card_names(cards) -> CardNames:
    """The format-2 names of a card set's cards, cached per CardSet. Should two names come out alike (only
    ids holding "(" can do that), the set's cards are written by id alone."""
    hit = _NAMES.get(id(cards))
    if hit is not None and hit[0] is cards:
        return hit[1]
    groups = {"events": cards.events, "rd1": cards.rd1, "rd2": cards.rd2}
    label = {c.id: f"{c.name} ({c.id})" for group in groups.values() for c in group}
    if len(set(label.values())) < len(label):
        label = {cid: cid for cid in label}
    decks = {k: tuple(label[c.id] for c in group) for k, group in groups.items()}
    names = CardNames(label, {v: k for k, v in label.items()}, decks,
                      {k: {x: i for i, x in enumerate(v)} for k, v in decks.items()})
    if len(_NAMES) >= 32:   # each position with custom cards brings its own CardSet: keep the cache small
        _NAMES.clear()
    _NAMES[id(cards)] = (cards, names)
    return names


# ----- writing (a State built by hand may hold what no name says: it is written as it is) ------------------
@lru_cache(maxsize=4096)
def _slots(mask: int) -> tuple:
    return tuple(slot_names(mask, SLOT_NAMES))


def staff_names(mask):
    """The names of the slots set in a staff mask."""
    if type(mask) is not int or not 0 <= mask < 1 << len(SLOTS):
        return mask
    return list(_slots(mask))


def _named(table, values) -> list:
    return [table[v] if type(v) is int and 0 <= v < len(table) else v for v in values]


def colony_dict(col, label) -> dict:
    """One colony in format 2 (`label`: card id -> name)."""
    return {"hand": dict(zip(MATERIALS, col.hand)), "mines": _named(MATERIALS, col.mines), "plants": col.plants,
            "silos": col.silos, "comm": col.comm, "mil": col.mil, "rnd": col.rnd, "port": col.port,
            "habs": _named(HABITAT_STATES, col.habs), "staff": staff_names(col.staff), "housed": col.housed,
            "contracts": _named(CONTRACT_NAMES, col.contracts), "played": [label.get(x, x) for x in col.played],
            "kept": [label.get(x, x) for x in col.kept], "supremacies": [label.get(x, x) for x in col.supremacies],
            "vp": col.vp, "energy": col.energy}


def deck_dict(counts, labels) -> dict:
    """Copies per card, the cards with none left out."""
    return {name: k for name, k in zip(labels, counts) if k}


def write_task(step, task):
    """The step's context as an object of named values (None for a step without one)."""
    n = len(task)
    if step in ("mine_draft", "deal") and n == 1:
        return {"pick" if step == "mine_draft" else "dealt": task[0]}
    if step == "event_choice" and task in (("rival",), ("contest",)):
        return {"choice": task[0]}
    if step == "event_choice" and n == 2 and task[0] == "deposit":
        return {"choice": "deposit", "cards": task[1]}
    if step in ("event_take", "attack_take") and n == 4:
        return dict(zip(("winner", "loser", "cards", "mode"), task))
    if step == "supply_draw" and n:
        return {"resume": task[0], "draws": list(task[1:])}
    if step == "research_draw" and n == 1:
        return {"deck": task[0]}
    if step == "move_colonists" and n == 1 and type(staff_names(task[0])) is list:
        return {"moved": staff_names(task[0])}
    if not task and step not in TASK_WORDS:
        return None
    return list(task)     # fits no shape: from_json refuses it


def offer_dict(offer):
    if not offer:
        return None
    if len(offer) != 3:
        return list(offer)
    return {"partner": offer[0], "give": dict(zip(MATERIALS, offer[1])), "ask": dict(zip(MATERIALS, offer[2]))}


def masked_dict(masked) -> dict:
    """What a player's view still tells about the hidden cards."""
    hands, kept, supply, rd1, rd2 = masked
    return {"hand_sizes": list(hands), "kept_sizes": list(kept), "supply_size": supply, "rd1_size": rd1,
            "rd2_size": rd2}


# ----- reading: format 2 -> format 1 -------------------------------------------------------------------
def translate(data: dict, c) -> tuple:
    """(format-1 dict, card set, CardNames) for a format-2 position, the problems of its names and shapes in
    the Checker `c` (a bad value is replaced by one the format-1 reader passes, so nothing is reported twice).
    Raises PositionError at once for wrong keys or types at the top level or a bad card set. The rule options
    ("options", the changed ones) become format 1's "target" and "turn_limit" and, for the others, an
    "options" object (left out when none differs)."""
    if "viewer" in data or "masked" in data:
        raise PositionError(["position: this is one player's view (`state.view(p)`, hidden cards blanked), for "
                             "looking only: load the full position (`state.to_json()`)"])
    d = c.obj(data, "position", dict(TOP, cards=dict) if "cards" in data else TOP)
    c.problems = [p[len("position."):] if p.startswith("position.") else p for p in c.problems]
    c.done()
    cards = cards_from_dict(d["cards"], "cards") if "cards" in d else DEFAULT_CARDS
    names = card_names(cards)
    n = len(d["players"])
    out = {k: d[k] for k in PASSED}
    out["format"], out["game"] = 1, d["game"]
    rules = OPTIONS.read(c, d["options"], "options")
    out["target"], out["turn_limit"] = rules.target, rules.turn_limit
    others = {k: v for k, v in OPTIONS.changed(rules).items() if k not in ("target", "turn_limit")}
    if others:
        out["options"] = others
    cols = d["colonies"]
    out["colonies"] = cols if len(cols) != n else [
        _colony(c, raw, f"colonies[{q}]", names) if isinstance(raw, dict) else raw for q, raw in enumerate(cols)]
    for k in ("supply", "reserve", "mine_tiles"):
        out[k] = _materials(c, d[k], k)
    for k, group in DECKS.items():
        out[k] = _deck(c, d[k], k, names, group)
    magna = d["magna"]
    out["magna"] = magna if magna is not None and c.int_in(magna, "magna", 0, max(0, n - 1)) else -1
    out["card"] = "" if d["card"] is None else c.named(d["card"], "card", names.card, "a card of this set") or ""
    out["dust"] = int(d["dust"])
    out["offer"] = _offer(c, d["offer"], n)
    out["task"] = _task(c, d["task"], d["step"])
    if "cards" in d:
        out["cards"] = d["cards"]
    return out, cards, names


def _materials(c, value, path) -> list:
    """Counts by material in data order (a missing one, reported, counts 0)."""
    got = c.obj(value, path, _FIVE)
    return [got.get(m, 0) for m in MATERIALS]


def _deck(c, value, path, names, group) -> list:
    """Copies per card in the set's order (a card left out has none); the first 10 bad names are reported."""
    index = names.index[group]
    bad = [name for name in value if name not in index]
    for name in bad[:10]:
        c.named(name, path, index, DECK_WORDS[group])
    if len(bad) > 10:
        c.fail(path, f"{len(bad) - 10} more names that are not {DECK_WORDS[group]}")
    counts = [0] * len(index)
    for name, k in value.items():
        if name in index:
            counts[index[name]] = k
    return counts


def _colony(c, raw, path, names) -> dict:
    d = c.obj(raw, path, COLONY)
    if len(d) != len(COLONY):
        return _START
    out = dict(d)
    out["hand"] = _materials(c, d["hand"], path + ".hand")
    out["mines"] = _values(c, d["mines"], path + ".mines", _MATERIAL, "a raw material", MAX_MINES)
    out["habs"] = _values(c, d["habs"], path + ".habs", _HABITAT, "a habitat state", MOST_HABITATS)
    out["staff"] = _mask(c, d["staff"], path + ".staff", SLOT_NAMES, "slot")
    mask = _mask(c, d["contracts"], path + ".contracts", CONTRACT_NAMES, "contract")
    out["contracts"] = [i for i in range(len(CONTRACTS)) if mask >> i & 1]
    for k in ("played", "kept", "supremacies"):   # in any order; the State holds them by id
        out[k] = sorted(_values(c, d[k], f"{path}.{k}", names.card, "a card of this set", MAX_HELD, None))
    return out


def _values(c, value, path, table, what, most, bad=0) -> list:
    """The values of a list of names; a bad name is reported and `bad` takes its place (None: left out)."""
    if len(value) > most:
        c.fail(path, f"has {len(value)} entries, more than {most}")
        return []
    out = []
    for k, name in enumerate(value):
        v = c.named(name, f"{path}[{k}]", table, what)
        if v is not None or bad is not None:
            out.append(bad if v is None else v)
    return out


def _mask(c, value, path, names, what) -> int:
    if len(value) > len(names):
        c.fail(path, f"has {len(value)} entries, more than the {len(names)} {what}s")
        return 0
    mask = c.slots(value, path, names, what)
    return 0 if mask is None else mask


def _offer(c, value, n) -> list:
    if value is None:
        return []
    d = c.obj(value, "offer", {"partner": int, "give": dict, "ask": dict})
    if len(d) != 3:
        return []
    ok = c.int_in(d["partner"], "offer.partner", 0, max(0, n - 1))
    sides = []
    for side in ("give", "ask"):
        counts = _materials(c, d[side], f"offer.{side}")
        for m, k in zip(MATERIALS, counts):
            ok = c.int_in(k, f"offer.{side}.{m}", 0, CARDS_PER_MATERIAL) and ok
        sides.append(counts)
    return [d["partner"], *sides] if ok else []


def _task(c, value, step) -> list:
    """The step's task as format 1's list, read by the shape of `step`. A task of another shape becomes
    MISFIT, which fits no step: `invariants.problems` reports it with the other rules (an unknown step is
    reported by the format-1 reader)."""
    if step == "event_choice":
        deposit = isinstance(value, dict) and value.get("choice") == "deposit"
        keys = {"choice": str, "cards": int} if deposit else {"choice": str}
    else:
        keys = TASK_KEYS.get(step)
    if keys is None:
        return [MISFIT] if value is not None and step in _steps() else []
    if not isinstance(value, dict) or set(value) != set(keys):
        return [MISFIT]
    if not all([c.is_type(value[k], f"task.{k}", kind) for k, kind in keys.items()]):
        return []
    if step == "move_colonists":
        return [_mask(c, value["moved"], "task.moved", SLOT_NAMES, "slot")]
    if step == "supply_draw":
        c.one_of(value["resume"], "task.resume", RESUME)
        return [value["resume"], *c.list_of(value["draws"], "task.draws", int, max_length=MAX_DRAWS)]
    for k, choices in (("choice", CHOICES), ("mode", MODES), ("deck", RD_DECKS)):
        if k in keys:
            c.one_of(value[k], f"task.{k}", choices)
    return [value[k] for k in keys]


def _steps():
    from . import TURN_STEPS
    return {st.key for st in TURN_STEPS}


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 80 else text[:79] + "…"


# ----- problem lines in format-2 terms -----------------------------------------------------------------
_KEY = r'(?:\[\d+\]|\.\w+|\["(?:[^"\\]|\\.)*"\])*'
_PATH_START = re.compile("(?:" + "|".join(sorted(TOP, key=len, reverse=True)) + "|cards|position)" + _KEY + ":")
_MATERIAL_PATH = re.compile(r"\b(supply|reserve|mine_tiles|hand)\[([0-4])\]")
_DECK_PATH = re.compile(r"\b(" + "|".join(DECKS) + r")\[(\d+)\]")
_QUOTED = r'"(?:[^"\\]|\\.)*"'
_ADVICE = (   # format-1 values in the invariants' advice -> format 2
    (re.compile(r"set `magna` to -1\b"), "set `magna` to null"),
    (re.compile(r"^dust: 1 at"), "dust: true at"),
    (re.compile(r"set `dust` to 0\b"), "set `dust` to false"),
    (re.compile(r'set `card` to ""'), "set `card` to null"),
    (re.compile(r"set `offer` to none"), "set `offer` to null"),
    (re.compile(r"set `result` to none"), "set `result` to []"),
    (re.compile(r"the partner's seat, 5 counts given, 5 counts asked"),
     "`offer.partner` (a seat), `offer.give` and `offer.ask` (cards by material)"),
    (re.compile(r"set every count of `(\w+)` to 0"), r"set `\1` to {}"),
    (re.compile(r": the 4 values are the winner, the loser, the count, (\w+)$"),
     r': `task.cards` is that count and `task.mode` "\1"'),
    (re.compile(r"\(slot (\d+)\)"), lambda m: f'("{SLOT_NAMES[int(m[1])]}")'),
    (re.compile(r"clear bits? ([\d, ]+) of (`[^`]+`)"),
     lambda m: f"remove {show([SLOT_NAMES[int(i)] for i in m[1].split(', ')])} from {m[2]}"),
    (re.compile(r"contract \((\d+)\)"), lambda m: f'contract ("{CONTRACT_NAMES[int(m[1])]}")'),
    (re.compile("`(" + "|".join(o.name for o in OPTIONS) + ")`"), r"`options.\1`"),   # the rule options
)
_CARD_LINE = re.compile(rf"^(card: |colonies\[\d+\]\.(?:played|kept|supremacies): )({_QUOTED}|[^\s\"]+(?= \())")
_TASK_LINE = re.compile(r"^task: .* does not fit step (\w+), where it is .*$")
_TASK_CARD = re.compile(r"^task: .* does not fit (.*?), whose winner (.*)$")
_SETUP_LINE = re.compile(r"^colonies\[(\d+)\]\.(habs|staff|contracts|played|kept|supremacies): .* during the setup, "
                         r"where a colony with (\d+) mine\(s\) has ")


def paths(lines, names) -> list:
    """Problem lines of the format-1 reader with format-2 paths (counts by material or by card)."""
    return [_start(_paths(line, names)) for line in lines]


def _paths(line, names) -> str:
    if "[" not in line:
        return line
    line = _MATERIAL_PATH.sub(lambda m: f"{m[1]}.{MATERIALS[int(m[2])]}", line)

    def deck(m):
        labels = names.decks[DECKS[m[1]]]
        i = int(m[2])
        return f"{m[1]}[{json.dumps(labels[i], ensure_ascii=False)}]" if i < len(labels) else m[0]
    return _DECK_PATH.sub(deck, line)


def _start(line) -> str:
    """Each line starts with the format-2 path it is about, or with "position:" when it is about the whole."""
    return line if _PATH_START.match(line) else "position: " + line


def problem(line, s, names, task) -> str:
    """A line of `invariants.problems(s)` in format-2 terms (`task`: the format-2 task as read)."""
    line = _paths(line, names)
    for pattern, repl in _ADVICE:
        line = pattern.sub(repl, line)
    m = _CARD_LINE.match(line)
    if m:
        cid = json.loads(m[2]) if m[2].startswith('"') else m[2]
        line = m[1] + json.dumps(names.label.get(cid, cid), ensure_ascii=False) + line[m.end():]
    m = _TASK_LINE.match(line)
    if m:
        line = (f"task: {_short(task)} does not fit step {m[1]}, where it is "
                f"{TASK_WORDS.get(m[1], 'null (no task at this step)')}")
    m = _TASK_CARD.match(line)
    if m:
        line = f"task: {_short(task)} does not fit {m[1]}, whose winner {m[2]}"
    m = _SETUP_LINE.match(line)
    if m:
        q, field = int(m[1]), m[2]
        col = s.colonies[q]
        have = colony_dict(col, names.label)[field]
        want = colony_dict(Colony.start(col.mines, col.hand), names.label)[field]
        line = (f"colonies[{q}].{field}: {_short(have)} during the setup, where a colony with {m[3]} mine(s) has "
                f"{_short(want)}: set `colonies[{q}].{field}` to {_short(want)}")
    return _start(line)
