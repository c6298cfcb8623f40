"""Positions as JSON: ``to_dict(state)`` and ``from_json(text)`` (every problem listed).

The JSON object has the State's fields under the same names (see ``State``), with ``boards`` as a
list of objects (the ``Player`` fields), ``options`` as an object, tuples as lists, and a ``cards``
key only when the game uses a card set other than the default one (so it reloads the same).
"""
from __future__ import annotations

import json

from mars_rules.core import CHANCE, Checker, PositionError, parse_position

from .data import (CAPSTONE, CARDS, CHARACTERS, ICONS, KICKSTARTER_CHARACTERS, N_TILES, RESOURCE_CAP, CardSet,
                   check_card_source)
from .effects import level3_count
from .flow import _next_without_character

STEP_KEYS = ("first_player", "choose_character", "start_of_turn", "solo_reallocation", "place_rover", "transfer",
             "radiation", "wrench", "action", "replicate", "reallocate", "pass_rover", "game_over")
CHANCES = {
    "first_player": ("first_player",), "choose_character": ("", "deal_character"), "start_of_turn": ("",),
    "solo_reallocation": ("solo_die", "draw_tile"), "place_rover": ("",), "transfer": ("", "wasteland_die"),
    "radiation": (), "wrench": ("", "wasteland_die"), "action": ("", "wasteland_die"),
    "replicate": ("", "wasteland_die", "refill_display"), "reallocate": ("draw_tile",),
    "pass_rover": ("", "wasteland_die"), "game_over": ("",),
}
ACTIVE = ("transfer", "wrench", "action", "replicate", "reallocate", "pass_rover")
OPTION_KEYS = ("characters", "first_player", "hourglass", "kickstarter", "solo")


def _board(b):
    return {"character": b.character, "resources": list(b.resources), "hourglass": b.hourglass,
            "radiation": b.radiation, "languages": list(b.languages), "techs": list(b.techs),
            "face_down": list(b.face_down)}


def to_dict(s) -> dict:
    d = {
        "format": 1, "game": "ruins_of_mars", "players": list(s.players), "seed": s.seed, "draws": s.draws,
        "step": s.step, "to_move": s.to_move, "events": list(s.events), "chance": s.chance,
        "options": dict(s.options), "tiles": list(s.tiles), "sites": [list(c) for c in s.sites],
        "rover": s.rover, "display": [list(c) for c in s.display], "decks": [list(c) for c in s.decks],
        "removed": list(s.removed), "boards": [_board(b) for b in s.boards], "current": s.current,
        "first": s.first, "turn": s.turn, "pending": s.pending, "acted": s.acted, "transfers": s.transfers,
        "used": list(s.used), "search": s.search, "facedown": list(s.facedown), "realloc_to": s.realloc_to,
        "solo_die": s.solo_die, "end_turns": s.end_turns,
    }
    if not s.cards.default:
        d["cards"] = s.cards.source
    return d


SCHEMA = {"format": int, "game": str, "players": list, "seed": int, "draws": int, "step": str, "to_move": None,
          "events": list, "chance": str, "options": dict, "tiles": list, "sites": list, "rover": int,
          "display": list, "decks": list, "removed": list, "boards": list, "current": int, "first": int,
          "turn": int, "pending": int, "acted": bool, "transfers": int, "used": list, "search": int,
          "facedown": list, "realloc_to": int, "solo_die": int, "end_turns": int}
BOARD = {"character": str, "resources": list, "hourglass": int, "radiation": int, "languages": list,
         "techs": list, "face_down": list}


def from_json(text):
    """A State from JSON text; PositionError listing every problem otherwise (never another exception)."""
    data = parse_position(text, "ruins_of_mars")
    try:
        return _read(data)
    except PositionError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError) as e:  # a safety net
        raise PositionError([f"the position could not be read: {type(e).__name__}"]) from None


def _read(data):
    from .state import Player, State
    c = Checker()
    schema = dict(SCHEMA)
    if "cards" in data:
        schema["cards"] = dict
    d = c.obj(data, "position", schema)
    cards = CARDS
    if "cards" in d:
        probs = check_card_source(d["cards"])
        if probs:
            for p in probs[:20]:
                c.fail("cards", p)
        else:
            cards = CardSet(d["cards"])
    players = c.list_of(d.get("players"), "players", str, max_length=4)
    names_ok = bool(players) and 2 <= len(players) <= 4 and all(0 < len(p) <= 40 for p in players)
    if "players" in d and not names_ok:
        c.fail("players", "needs 2 to 4 names of 1..40 characters (the solo game has 2 seats)")
    n = len(players) if names_ok else 0
    c.int_in(d.get("draws"), "draws", 0, None)
    step = d.get("step")
    c.one_of(step, "step", STEP_KEYS)
    events = c.list_of(d.get("events"), "events", str, max_length=500)
    if any(len(e) > 2000 for e in events):
        c.fail("events", "an event is longer than 2000 characters")
    chance = d.get("chance")
    if step in CHANCES and chance is not None and chance not in CHANCES[step]:
        c.fail("chance", f"{str(chance)[:40]!r} cannot be pending during step {step}")
    # options
    opts = c.obj(d.get("options"), "options", {"characters": str, "first_player": int, "hourglass": int,
                                                "kickstarter": bool, "solo": bool}) if "options" in d else {}
    c.one_of(opts.get("characters"), "options.characters", ("choose", "deal"))
    c.int_in(opts.get("first_player"), "options.first_player", -1, max(n - 1, 0))
    c.int_in(opts.get("hourglass"), "options.hourglass", 0, 20)
    solo = opts.get("solo") is True
    if solo and n != 2:
        c.fail("options.solo", "the solo game has exactly 2 seats (the human, then the AI)")
    # tiles and sites
    tiles = c.list_of(d.get("tiles"), "tiles", str, length=N_TILES)
    for i, t in enumerate(tiles):
        if not 1 <= len(t) <= 6 or any(ch not in ICONS for ch in t):
            c.fail(f"tiles[{i}]", "1 to 6 icon letters of R O G B S W X")
    sites = c.list_of(d.get("sites"), "sites", list, length=5)
    cols = [c.list_of(col, f"sites[{i}]", int, max_length=N_TILES) for i, col in enumerate(sites)]
    facedown = c.list_of(d.get("facedown"), "facedown", int, max_length=N_TILES)
    if facedown != sorted(facedown):
        c.fail("facedown", "must be sorted")
    if sites:
        every = sorted([t for col in cols for t in col] + facedown)
        if every != list(range(N_TILES)):
            c.fail("sites", f"the Sites and the face-down tiles must hold each of the {N_TILES} Action tiles exactly "
                            f"once; found {len(every)} ({every[:15]})")
        empty = [i for i, col in enumerate(cols) if not col]
        if empty and (not facedown or len(empty) > 1):
            c.fail("sites", "every Site must have at least 1 Action tile (outside a reallocation)")
    if chance == "draw_tile" and not facedown:
        c.fail("facedown", "a tile draw is pending but no tile is face down")
    if facedown and chance != "draw_tile":
        c.fail("facedown", "tiles are face down but no reallocation draw is pending")
    c.int_in(d.get("rover"), "rover", -1, 4)
    if step in ACTIVE and d.get("rover") == -1:
        c.fail("rover", f"step {step} needs the Rover on a Site")
    c.int_in(d.get("realloc_to"), "realloc_to", 0, 4)
    # techs
    display = c.list_of(d.get("display"), "display", list, length=3)
    decks = c.list_of(d.get("decks"), "decks", list, length=3)
    removed = c.list_of(d.get("removed"), "removed", str, max_length=48)
    seen = []
    for lv, col in enumerate(display):
        if not isinstance(col, list) or len(col) != 4:
            c.fail(f"display[{lv}]", "4 spaces (a card id or null)")
            continue
        for k, cid in enumerate(col):
            if cid is None:
                continue
            if cid not in cards.tech or cards.tech[cid].level != lv + 1:
                c.fail(f"display[{lv}][{k}]", f"{str(cid)[:40]!r} is not a Level {lv + 1} Tech")
            seen.append(cid)
    for lv, deck in enumerate(decks):
        deck = c.list_of(deck, f"decks[{lv}]", str, max_length=16)
        if deck != sorted(deck):
            c.fail(f"decks[{lv}]", "must be sorted (a deck's order is never stored)")
        for cid in deck:
            if cid not in cards.tech or cards.tech[cid].level != lv + 1:
                c.fail(f"decks[{lv}]", f"{str(cid)[:40]!r} is not a Level {lv + 1} Tech")
        seen.extend(deck)
    for cid in removed:
        if cid not in cards.tech:
            c.fail("removed", f"{str(cid)[:40]!r} is not a Tech")
    seen.extend(removed)
    boards_raw = c.list_of(d.get("boards"), "boards", dict, max_length=4)
    if names_ok and boards_raw and len(boards_raw) != n:
        c.fail("boards", f"has {len(boards_raw)} entries for {n} players")
    boards = []
    allowed_chars = ("",) + CHARACTERS + (KICKSTARTER_CHARACTERS if opts.get("kickstarter") else ())
    for p, raw in enumerate(boards_raw):
        path = f"boards[{p}]"
        b = c.obj(raw, path, BOARD)
        ai = solo and p == 1
        ch = b.get("character")
        c.one_of(ch, f"{path}.character", allowed_chars)
        if ai and ch:
            c.fail(f"{path}.character", "the solo AI has no Character")
        res = c.list_of(b.get("resources"), f"{path}.resources", int, length=4)
        for r, v in enumerate(res):
            c.int_in(v, f"{path}.resources[{r}]", 0, RESOURCE_CAP)
        c.int_in(b.get("hourglass"), f"{path}.hourglass", 0, 200)
        c.int_in(b.get("radiation"), f"{path}.radiation", 0, 500)
        langs = c.list_of(b.get("languages"), f"{path}.languages", int, length=5)
        for t, v in enumerate(langs):
            c.int_in(v, f"{path}.languages[{t}]", 0, CAPSTONE)
        techs = b.get("techs")
        ok_techs = isinstance(techs, list) and len(techs) == 9
        if "techs" in b and not ok_techs:
            c.fail(f"{path}.techs", "9 slots (a card id or null)")
        fd = c.list_of(b.get("face_down"), f"{path}.face_down", bool, length=9)
        if ok_techs:
            for slot, cid in enumerate(techs):
                if cid is None:
                    continue
                table = cards.ai if ai else cards.tech
                card = table.get(cid) if isinstance(cid, str) else None
                if card is None or card.level != slot % 3 + 1:
                    c.fail(f"{path}.techs[{slot}]", f"{str(cid)[:40]!r} is not a Level {slot % 3 + 1} "
                                                    f"{'AI ' if ai else ''}Tech")
                elif not ai:
                    seen.append(cid)
            if fd and not ai and any(fd):
                c.fail(f"{path}.face_down", "only the solo AI has face-down Techs")
            if fd and ai and any(f and t is None for f, t in zip(fd, techs)):
                c.fail(f"{path}.face_down", "an empty slot cannot be face down")
            if ai and None in techs:
                c.fail(f"{path}.techs", "the AI's board holds 9 AI Techs")
            if ai and len({x for x in techs if isinstance(x, str)}) != sum(1 for x in techs if isinstance(x, str)):
                c.fail(f"{path}.techs", "an AI Tech is on the board twice")
        if c.ok():
            boards.append(Player(ch, tuple(res), b["hourglass"], b["radiation"], tuple(langs),
                                 tuple(techs), tuple(fd)))
    if sorted(seen) != sorted(cards.tech):
        dup = sorted({x for x in seen if seen.count(x) > 1})
        c.fail("techs", f"every Tech must be in exactly one place (decks, display, boards, removed): "
                        f"{len(seen)} found for {len(cards.tech)}" + (f", twice: {', '.join(dup[:5])}" if dup else ""))
    for key, lo, hi in (("current", 0, n - 1), ("first", 0, n - 1), ("turn", 0, None), ("pending", 0, 60),
                        ("transfers", 0, 2), ("search", -1, 3), ("solo_die", 0, 6), ("end_turns", -1, n - 1)):
        if n or key not in ("current", "first", "end_turns"):
            c.int_in(d.get(key), key, lo, hi)
    used = c.list_of(d.get("used"), "used", str, max_length=40)
    if any(len(u) > 60 for u in used) or len(set(used)) != len(used):
        c.fail("used", "each ability key at most once per turn")
    c.done()
    # rule-level checks on the assembled position
    chars = [b.character for b in boards if b.character]
    if len(set(chars)) != len(chars):
        c.fail("boards", "two players have the same Character")
    for t in range(5):
        masters = [p for p, b in enumerate(boards) if b.languages[t] == CAPSTONE]
        if len(masters) > 1:
            c.fail(f"boards[*].languages[{t}]", "a Language can be mastered by only one player")
    for p, b in enumerate(boards):
        m = sum(1 for x in b.languages if x == CAPSTONE)
        if m > level3_count(b):
            c.fail(f"boards[{p}].languages", f"{m} Languages mastered with only {level3_count(b)} Level 3 Techs")
    if chance == "refill_display":
        lv = d["pending"]
        if not 1 <= lv <= 3 or not d["decks"][lv - 1] or d["display"][lv - 1][0] is not None:
            c.fail("pending", "a display refill needs the Level (1..3) of a column whose top space is empty "
                              "and whose deck is not empty")
    if step == "wrench" and d["pending"] < 1 and chance != "wasteland_die":
        c.fail("pending", "the Wrench step needs at least 1 Wrench use left")
    if not solo and d["solo_die"]:
        c.fail("solo_die", "only the solo game rolls the solo die")
    _turn_checks(c, d, step, chance, boards, solo)
    s = State(tuple(players), d["seed"], d["draws"], step, None, tuple(events), chance,
              tuple(sorted(opts.items())), tuple(tiles), tuple(tuple(x) for x in cols), d["rover"],
              tuple(tuple(col) for col in display), tuple(tuple(x) for x in decks), tuple(removed),
              tuple(boards), d["current"], d["first"], d["turn"], d["pending"], d["acted"], d["transfers"],
              tuple(used), d["search"], tuple(facedown), d["realloc_to"], d["solo_die"], d["end_turns"], cards)
    expected = expected_to_move(s)
    if d["to_move"] != expected or isinstance(d["to_move"], bool):
        c.fail("to_move", f"{json.dumps(d['to_move'])[:40]} does not match the step: expected {expected!r}")
    if step == "choose_character" and not chance and expected == -1:
        c.fail("step", "every player already has a Character")
    c.done()
    return s._replace(to_move=expected)


def expected_to_move(s):
    if s.step == "game_over":
        return None
    if s.chance:
        return CHANCE
    if s.step == "choose_character":
        return _next_without_character(s)
    return s.current


SETUP_STEPS = ("first_player", "choose_character")


def _turn_checks(c, d, step, chance, boards, solo):
    """What the turn's bookkeeping fields must look like in each step (the impossible is refused)."""
    pending, acted, search, transfers = d["pending"], d["acted"], d["search"], d["transfers"]
    if (step in SETUP_STEPS) != (d["turn"] == 0):
        c.fail("turn", "turn 0 is the setup; the setup steps happen only in turn 0")
    if step == "action":
        if not acted and pending:
            c.fail("pending", "star icons are chosen only after the Discover action")
        if acted and pending < 1 and chance != "wasteland_die":
            c.fail("pending", "after the Site's Action the step goes on to Step 6 unless a star is left")
    elif step == "wrench":
        if acted:
            c.fail("acted", "the Site's Action comes after the Wrench step")
    elif step in ("replicate", "reallocate", "pass_rover"):
        if not acted:
            c.fail("acted", f"step {step} comes after the Site's Action")
    elif pending and chance != "refill_display":
        c.fail("pending", f"nothing is pending in step {step}")
    if step in ("wrench", "action") and search:
        c.fail("search", "a deck is searched only in Step 6")
    if chance == "refill_display" and search != -1:
        c.fail("search", "a display refill follows a replicated Tech (search -1)")
    if step == "replicate" and search == -1 and chance != "refill_display":
        c.fail("search", "after replicating, Step 6 ends unless the display is being refilled")
    if step == "transfer" and transfers > 1:
        c.fail("transfers", "at most 2 transfers (the Savant's second)")
    if step == "transfer" and transfers == 1 and boards and boards[d["current"]].character != "Savant":
        c.fail("transfers", "only the Savant stays in Step 2 after a transfer")
    if step in ("place_rover", "start_of_turn", "solo_reallocation") and (transfers or acted or search):
        c.fail("step", f"nothing of the turn has happened yet in step {step}")
    if step == "game_over" and d["end_turns"] != 0:
        c.fail("end_turns", "a finished game has no final turn left: end_turns must be 0 at game_over "
                            "(ruins_of_mars.finish(state) ends a built position properly)")
    if step != "game_over" and d["end_turns"] == 0:
        c.fail("end_turns", "0 final turns left means the game is over")
    if solo and d["current"] == 1 and step in ("start_of_turn", "choose_character"):
        c.fail("step", "the solo AI has no Character and no start-of-turn abilities")
    if not solo and step == "solo_reallocation":
        c.fail("step", "the extra reallocation belongs to the solo game")
    if solo and step == "solo_reallocation" and d["current"] != 1:
        c.fail("step", "the extra reallocation happens at the start of the AI's turn")
