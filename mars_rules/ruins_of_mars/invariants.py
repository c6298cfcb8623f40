"""The invariants of a Ruins of Mars position: one list of checks for `from_json` and the property tests.

`problems(state)` takes a State whose fields have the right types (what the codec's reading guarantees,
and what every transition keeps) and returns every way it breaks the rules, one sentence each. Each
sentence starts with the field path it is about and, where it can, says what would make the position
consistent. `from_json` calls it after decoding and before returning the State; the property tests call
it after every action of random play, so the codec and the tests cannot drift apart.

>>> from mars_rules.ruins_of_mars import new_game
>>> s = new_game(players=2, seed=7, characters="deal")
>>> problems(s)
[]
>>> s.sites[0]
(7, 10, 9)
>>> for line in problems(s._replace(sites=((),) + s.sites[1:])):
...     print(line)
sites: the Sites and the face-down tiles must hold each of the 11 Action tiles exactly once; found 8 tiles: tiles 7, 9 and 10 are missing (put them back on a Site)
sites: every Site must have at least 1 Action tile (outside a reallocation)
>>> for line in problems(s._replace(step="transfer", rover=2, acted=True, search=2)):
...     print(line)
acted: true in step transfer, but the Site's Action comes in Step 5: set it to false
search: 2 in step transfer, but a deck is searched only in Step 6: set it to 0
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Checker, name_problems

from .data import CAPSTONE, CHARACTERS, ICONS, KICKSTARTER_CHARACTERS, N_TILES, SITE_ACTION, SITES
from .effects import empty_rows, level3_count, level_ok
from .options import DEFAULT, OPTIONS

STEP_KEYS = ("first_player", "choose_character", "start_of_turn", "solo_reallocation", "place_rover", "transfer",
             "radiation", "wrench", "action", "replicate", "reallocate", "pass_rover", "game_over")
"""Every value `step` takes in a position ("radiation" is applied at once, so no position rests on it)."""

CHANCES = {
    "first_player": ("first_player",), "choose_character": ("", "deal_character"), "start_of_turn": ("",),
    "solo_reallocation": ("solo_die", "draw_tile"), "place_rover": ("",), "transfer": ("", "wasteland_die"),
    "radiation": (), "wrench": ("", "wasteland_die"), "action": ("", "wasteland_die"),
    "replicate": ("", "wasteland_die", "refill_display"), "reallocate": ("draw_tile",),
    "pass_rover": ("", "wasteland_die"), "game_over": ("",),
}
"""The chance node (`chance`) each step can wait on ("" = none)."""

SETUP_STEPS = ("first_player", "choose_character")
FRESH_STEPS = ("first_player", "choose_character", "start_of_turn", "solo_reallocation", "place_rover")
"""Steps before anything of the turn happened: no transfer, no Action, no Tech, nothing pending."""
ACTIVE = ("transfer", "wrench", "action", "replicate", "reallocate", "pass_rover")
"""Steps with an Active Site (the Rover was placed this turn)."""
AFTER_ACTION = ("replicate", "reallocate", "pass_rover")

SEAT_FIELDS = ("current", "first")
FIELD_RANGES = (("draws", 0, None), ("rover", -1, 4), ("turn", 0, None), ("pending", 0, 60), ("transfers", 0, 2),
                ("search", -1, 3), ("realloc_to", 0, 4), ("solo_die", 0, 6))
"""The integer fields of a position and their ranges (`end_turns` is -1..players-1; seats 0..players-1).
The upper bound of `pending` is a sanity limit (ASSUMED: the Wrench or star icons of one Site)."""
BOARD_RANGES = (("hourglass", 0, 200), ("radiation", 0, 500))
"""Sanity limits on a player's tokens (ASSUMED: the supplies are unlimited, Components)."""
SETUP_CHOICES = {"characters": ("choose", "deal")}
"""The values of the setup choices that are words (``state.setup``)."""


# ----- words ------------------------------------------------------------------------------------------
def words(items) -> str:
    """Items as a phrase: "0, 2 and 3" (the first 8, then how many more)."""
    items = [str(x) for x in items]
    if len(items) > 8:
        items = items[:8] + [f"{len(items) - 8} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(n, word, many=None):
    return f"{n} {word if n == 1 else many or word + 's'}"


def show(value) -> str:
    """A single JSON value as a message shows it: null, true, "text" or 3."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value[:40]}"'
    return str(value)[:40]


def expected_to_move(s):
    """The seat that decides in `s` (or CHANCE, or None when the game is over), from the step alone."""
    if s.step == "game_over":
        return None
    if s.chance:
        return CHANCE
    if s.step == "choose_character":
        from .flow import _next_without_character
        return _next_without_character(s)
    return s.current


# ----- the checks -------------------------------------------------------------------------------------
def problems(s) -> list:
    """Every way the position `s` breaks the rules; [] when legal play could have reached it."""
    c = Checker()
    seats_ok = _ranges(s, c)
    _tiles(s, c, seats_ok)
    _techs(s, c)
    if len(s.boards) == len(s.players):
        _boards(s, c)
    if seats_ok and s.step in CHANCES:
        _turn(s, c)
        _chance(s, c)
        _end(s, c)
        _used(s, c)
        _to_move(s, c)
    return c.problems


def _ranges(s, c) -> bool:
    """Names, counts and the range of every number; False if a seat or a Site index is out of range (the
    turn's checks, which index by them, are then left out)."""
    n = len(s.players)
    c.problems.extend(name_problems(s.players))
    if not 2 <= n <= 4:
        c.fail("players", f"{_plural(n, 'seat')}; a game has 2 to 4 (the solo game has 2: you and the AI)")
    if len(s.boards) != n:
        c.fail("boards", f"{_plural(len(s.boards), 'board')} for {_plural(n, 'player')}: one per player")
    ok = 2 <= n <= 4 and len(s.boards) == n
    for key in SEAT_FIELDS:
        ok &= c.int_in(getattr(s, key), key, 0, n - 1)
    ok &= c.int_in(s.end_turns, "end_turns", -1, n - 1)
    for key, lo, hi in FIELD_RANGES:
        ok &= c.int_in(getattr(s, key), key, lo, hi)
    if not c.one_of(s.step, "step", STEP_KEYS):
        ok = False
    if s.step == "radiation":
        c.fail("step", "Step 3 (radiation) is applied as the transfer step ends: no position rests on it; "
                       "use step wrench, or action when the Site has no Wrench icon")
        ok = False
    setup = s.setup
    c.one_of(setup.characters, "setup.characters", SETUP_CHOICES["characters"])
    c.int_in(setup.first_player, "setup.first_player", -1, max(n - 1, 0))
    if s.solo and n != 2:
        c.fail("setup.solo", "the solo game has exactly 2 seats (the human, then the AI)")
    rules = s.options
    if rules is not DEFAULT and rules != DEFAULT:
        c.problems.extend(OPTIONS.problems(OPTIONS.changed(rules), "options"))
    cap = rules.resource_cap
    for p, b in enumerate(s.boards):
        # the common case quickly; a value out of range (or of another type) is then reported with its path
        for r, v in enumerate(b.resources):
            if type(v) is not int or not 0 <= v <= cap:
                c.int_in(v, f"boards[{p}].resources[{r}]", 0, cap)
        for key, lo, hi in BOARD_RANGES:
            v = getattr(b, key)
            if type(v) is not int or not lo <= v <= hi:
                c.int_in(v, f"boards[{p}].{key}", lo, hi)
        for r, v in enumerate(b.languages):
            if type(v) is not int or not 0 <= v <= CAPSTONE:
                c.int_in(v, f"boards[{p}].languages[{r}]", 0, CAPSTONE)
    return ok


def _tiles(s, c, seats_ok):
    for i, t in enumerate(s.tiles):
        if not 1 <= len(t) <= 6 or any(ch not in ICONS for ch in t):
            c.fail(f"tiles[{i}]", f"{show(t)} is not 1 to 6 icon letters of R O G B S W X")
    counts = [0] * N_TILES
    strange = []
    for col in s.sites:
        for t in col:
            if 0 <= t < N_TILES:
                counts[t] += 1
            else:
                strange.append(t)
    for t in s.facedown:
        if 0 <= t < N_TILES:
            counts[t] += 1
        else:
            strange.append(t)
    if strange or any(k != 1 for k in counts):
        found = sum(counts) + len(strange)
        parts = []
        missing = [t for t in range(N_TILES) if not counts[t]]
        twice = [t for t in range(N_TILES) if counts[t] > 1]
        if missing:
            parts.append(f"{'tile' if len(missing) == 1 else 'tiles'} {words(missing)} "
                         f"{'is' if len(missing) == 1 else 'are'} missing (put {'it' if len(missing) == 1 else 'them'}"
                         f" back on a Site)")
        if twice:
            parts.append(f"{'tile' if len(twice) == 1 else 'tiles'} {words(twice)} "
                         f"{'is' if len(twice) == 1 else 'are'} in more than one place (keep one)")
        if strange:
            parts.append(f"{words(strange)} {'is not a tile id' if len(strange) == 1 else 'are not tile ids'} "
                         f"(the ids are 0 to {N_TILES - 1}: remove {'it' if len(strange) == 1 else 'them'})")
        c.fail("sites", f"the Sites and the face-down tiles must hold each of the {N_TILES} Action tiles exactly "
                        f"once; found {_plural(found, 'tile')}: " + "; ".join(parts))
    if list(s.facedown) != sorted(s.facedown):
        c.fail("facedown", "must be sorted (the face-down tiles are shuffled: their order is never stored)")
    empty = [i for i, col in enumerate(s.sites) if not col]
    if empty and not s.facedown:
        c.fail("sites", "every Site must have at least 1 Action tile (outside a reallocation)")
    elif empty and seats_ok:
        for i in empty:
            if i != s.realloc_to:
                c.fail(f"sites[{i}]", f"the {SITES[i]} is empty, but the next face-down tile goes to the "
                                      f"{SITES[s.realloc_to]} (realloc_to {s.realloc_to}): only the Site a "
                                      f"reallocation deals to next can be empty")
    if s.chance == "draw_tile" and not s.facedown:
        c.fail("facedown", "a tile draw is pending but no tile is face down")
    if s.facedown and s.chance != "draw_tile":
        c.fail("facedown", "tiles are face down but no reallocation draw is pending")
    if len(s.facedown) == 1 and s.chance == "draw_tile":
        c.fail("facedown", "1 tile is face down: the last tile of a reallocation is placed at once, without a "
                           "draw (place it at the bottom of the Site realloc_to names)")


def _techs_fine(s) -> bool:
    """True when every Tech is in exactly one place, each in a space or slot of its Level (the common case,
    quickly; `_techs` says what is wrong otherwise)."""
    tech = s.cards.tech
    placed = 0
    seen = set()
    for places in (s.display, s.decks):
        for lv, col in enumerate(places, 1):
            for cid in col:
                if cid is not None:
                    card = tech.get(cid)
                    if card is None or card.level != lv:
                        return False
                    seen.add(cid)
                    placed += 1
    for p, b in enumerate(s.boards):
        if p == 1 and s.solo:
            continue
        for slot, cid in enumerate(b.techs):
            if cid is not None:
                card = tech.get(cid)
                if card is None or card.level != slot % 3 + 1:
                    return False
                seen.add(cid)
                placed += 1
    for cid in s.removed:
        if cid not in tech:
            return False
        seen.add(cid)
        placed += 1
    return placed == len(seen) == len(tech)


def _techs(s, c):
    """Every Tech card in exactly one place; cards in spaces and slots of their Level; the AI's board."""
    for lv, col in enumerate(s.display):
        tops = 0
        while tops < len(col) and col[tops] is None:
            tops += 1
        if tops == 0 and None not in col:
            continue
        if None in col[tops:]:
            c.fail(f"display[{lv}]", "an empty space lies below a Tech: the Techs slide down, so only the top "
                                     "spaces are ever empty")
        refilling = s.chance == "refill_display" and s.pending == lv + 1
        if tops and lv < len(s.decks) and s.decks[lv] and not (refilling and tops == 1):
            c.fail(f"display[{lv}][0]", f"empty while the Level {lv + 1} deck still holds "
                                        f"{_plural(len(s.decks[lv]), 'Tech')}: an empty top space is refilled "
                                        f"from the deck at once (fill it, or set chance \"refill_display\" and "
                                        f"pending {lv + 1})")
    for lv, deck in enumerate(s.decks):
        if list(deck) != sorted(deck):
            c.fail(f"decks[{lv}]", "must be sorted (a deck's order is never stored)")
    if not _techs_fine(s):
        _tech_places(s, c)


def _tech_places(s, c):
    """What `_techs_fine` found wrong, each with its path and the way to mend it."""
    tech = s.cards.tech
    where = {}
    bad = []

    def put(cid, path, level):
        card = tech.get(cid) if isinstance(cid, str) else None
        if card is None or (level and card.level != level):
            bad.append(path)
            c.fail(path, f"{show(cid)} is not a{' Level %d' % level if level else ''} Tech")
            return
        where.setdefault(cid, []).append(path)

    for lv, col in enumerate(s.display):
        for k, cid in enumerate(col):
            if cid is not None:
                put(cid, f"display[{lv}][{k}]", lv + 1)
    for lv, deck in enumerate(s.decks):
        for k, cid in enumerate(deck):
            put(cid, f"decks[{lv}][{k}]", lv + 1)
    for k, cid in enumerate(s.removed):
        put(cid, f"removed[{k}]", 0)
    for p, b in enumerate(s.boards):
        if s.solo and p == 1:
            continue
        for slot, cid in enumerate(b.techs):
            if cid is not None:
                put(cid, f"boards[{p}].techs[{slot}]", slot % 3 + 1)
    twice = sorted(cid for cid, places in where.items() if len(places) > 1)
    missing = sorted(cid for cid in tech if cid not in where)
    if twice or missing:
        parts = [f"{cid} is in {len(where[cid])} places ({words(where[cid])}): keep one" for cid in twice[:5]]
        if missing:
            parts.append(f"{words(missing)} {'is' if len(missing) == 1 else 'are'} in no place "
                         f"(put {'it' if len(missing) == 1 else 'them'} back in {'its' if len(missing) == 1 else 'their'}"
                         f" Level's deck)")
        found = sum(len(v) for v in where.values())
        c.fail("techs", f"every Tech must be in exactly one place (decks, display, boards, removed): "
                        f"{found} found for {len(tech)}; " + "; ".join(parts))


def _boards(s, c):
    solo = s.solo
    kick = s.options.kickstarter is True
    allowed = CHARACTERS + (KICKSTARTER_CHARACTERS if kick else ())
    chars = {}
    for p, b in enumerate(s.boards):
        path = f"boards[{p}]"
        ai = solo and p == 1
        if b.character:
            if ai:
                c.fail(f"{path}.character", "the solo AI has no Character: set it to \"\"")
            elif b.character not in allowed:
                c.fail(f"{path}.character", f"{show(b.character)} is not one of {', '.join(allowed)}"
                       + (" (the Engineer and the Savant need the kickstarter option)"
                          if b.character in KICKSTARTER_CHARACTERS else ""))
            elif b.character in chars:
                c.fail(f"{path}.character", f"the {b.character} is already the Character of "
                                            f"{s.players[chars[b.character]]} (each player has a different one)")
            else:
                chars[b.character] = p
        if any(b.face_down) and not ai:
            c.fail(f"{path}.face_down", "only the solo AI has face-down Techs: set every entry to false")
        if ai:
            _ai_board(s, c, b, path)
        m = sum(1 for x in b.languages if x == CAPSTONE)
        if m > level3_count(b):
            c.fail(f"{path}.languages", f"{m} Languages mastered with only {level3_count(b)} Level 3 Techs: each "
                                        f"mastered Language needs a Level 3 Tech of its own (move a marker off "
                                        f"the Capstone, space {CAPSTONE}, or add a Level 3 Tech)")
    for t in range(5):
        masters = [p for p, b in enumerate(s.boards) if b.languages[t] == CAPSTONE]
        if len(masters) > 1:
            c.fail(f"boards[*].languages[{t}]", f"a Language can be mastered by only one player (seats "
                                                f"{words(masters)} are on the Capstone)")


def _ai_board(s, c, b, path):
    ai_cards = s.cards.ai
    seen = set()
    revealed = [0, 0, 0]
    for slot, cid in enumerate(b.techs):
        if cid is None:
            c.fail(f"{path}.techs[{slot}]", "empty, but the AI's board holds 9 AI Techs from the setup")
            continue
        card = ai_cards.get(cid) if isinstance(cid, str) else None
        if card is None or card.level != slot % 3 + 1:
            c.fail(f"{path}.techs[{slot}]", f"{show(cid)} is not a Level {slot % 3 + 1} AI Tech")
            continue
        if cid in seen:
            c.fail(f"{path}.techs[{slot}]", f"{cid} is on the AI's board twice")
        seen.add(cid)
        if not b.face_down[slot]:
            revealed[card.level - 1] += 1
    tech = s.cards.tech
    for level in (1, 2, 3):
        gone = sum(1 for cid in s.removed if cid in tech and tech[cid].level == level)
        if gone > revealed[level - 1]:
            c.fail("removed", f"{_plural(gone, 'Level %d Tech' % level)} removed, but the AI has revealed only "
                              f"{revealed[level - 1]} Level {level} AI Tech{'' if revealed[level - 1] == 1 else 's'}"
                              f" (each reveal removes at most one)")
    if b.hourglass and b.radiation:
        c.fail(f"{path}.hourglass", f"the AI holds {b.hourglass} Hourglass and {b.radiation} Radiation, but it "
                                    f"spends an Hourglass on each Radiation at once (Solo Variant)")


def _turn(s, c):
    """The turn's bookkeeping fields against the step in progress."""
    step, acted, search, transfers, pending = s.step, s.acted, s.search, s.transfers, s.pending
    chance = s.chance
    solo_ai = s.solo and s.current == 1
    if (step in SETUP_STEPS) != (s.turn == 0):
        c.fail("turn", "turn 0 is the setup; the setup steps happen only in turn 0")
    if step in SETUP_STEPS:
        if s.current != s.first:
            c.fail("current", f"during the setup the first player holds the Rover: set it to {s.first}")
        if s.end_turns != -1:
            c.fail("end_turns", "the end cannot be triggered during the setup: set it to -1")
    if s.rover == -1 and step in ACTIVE:
        c.fail("rover", f"step {step} needs the Rover on a Site")
    if s.rover == -1 and s.turn > 1 and step != "game_over":
        c.fail("rover", f"turn {s.turn}: the Rover was placed in turn 1 and stays on a Site (set it to a Site "
                        f"0..4)")
    if s.rover >= 0 and s.turn == 0:
        c.fail("rover", "the Rover is placed in turn 1: set it to -1 during the setup")
    if step in FRESH_STEPS:
        if transfers:
            c.fail("transfers", f"{transfers} in step {step}, before the transfer step (Step 2): set it to 0")
        if acted:
            c.fail("acted", f"true in step {step}, but the Site's Action comes in Step 5: set it to false")
        if search:
            c.fail("search", f"{search} in step {step}, but a deck is searched only in Step 6: set it to 0")
        if pending:
            c.fail("pending", f"nothing is pending in step {step}: set it to 0")
    elif step == "transfer":
        if acted:
            c.fail("acted", "true in step transfer, but the Site's Action comes in Step 5: set it to false")
        if search:
            c.fail("search", f"{search} in step transfer, but a deck is searched only in Step 6: set it to 0")
        if pending:
            c.fail("pending", "nothing is pending in step transfer: set it to 0")
        if transfers > 1:
            c.fail("transfers", "at most 2 transfers (the Savant's second)")
        elif transfers == 1 and s.boards[s.current].character != "Savant":
            c.fail("transfers", "only the Savant stays in Step 2 after a transfer")
    elif step == "wrench":
        if acted:
            c.fail("acted", "true in step wrench, but the Site's Action comes in Step 5, after the Wrench step: "
                            "set it to false")
        if search:
            c.fail("search", f"{search} in step wrench, but a deck is searched only in Step 6: set it to 0")
        w = sum(s.tiles[t].count("W") for t in s.sites[s.rover])
        if pending < 1 and chance != "wasteland_die":
            c.fail("pending", "the Wrench step needs at least 1 Wrench use left")
        elif pending > w:
            c.fail("pending", f"{pending} Wrench uses left, but the {SITES[s.rover]} shows {_plural(w, 'Wrench icon')}"
                              f": set it to {w} or less")
    elif step == "action":
        if search:
            c.fail("search", f"{search} in step action, but a deck is searched only in Step 6: set it to 0")
        if not acted and pending:
            c.fail("pending", "star icons are chosen only after the Discover action")
        if acted:
            stars = sum(s.tiles[t].count("S") for t in s.sites[s.rover])
            if pending < 1:
                c.fail("pending", "after the Site's Action the step goes on to Step 6 unless a star is left")
            elif SITE_ACTION[s.rover] != "discover":
                c.fail("pending", f"star icons are chosen after Discover; the {SITES[s.rover]}'s Action is "
                                  f"{SITE_ACTION[s.rover].capitalize()}")
            elif pending > stars:
                c.fail("pending", f"{pending} star icons left, but the {SITES[s.rover]} shows "
                                  f"{_plural(stars, 'star icon')}: set it to {stars} or less")
    else:
        if step in AFTER_ACTION and not acted:
            c.fail("acted", f"step {step} comes after the Site's Action")
        if pending and chance != "refill_display":
            c.fail("pending", f"nothing is pending in step {step}")
    if step == "replicate":
        if chance == "refill_display" and search != -1:
            c.fail("search", "a display refill follows a replicated Tech: set it to -1")
        if search == -1 and chance != "refill_display":
            c.fail("search", "after replicating, Step 6 ends unless the display is being refilled (set it to 0, "
                             "or go on to step reallocate)")
        if search > 0:
            b = s.boards[s.current]
            if solo_ai:
                c.fail("search", "the solo AI never searches a deck (it reveals its own AI Techs): set it to 0")
            elif not s.decks[search - 1]:
                c.fail("search", f"the Level {search} deck is empty: there is nothing to search (set it to 0)")
            elif not level_ok(b, search, s.options):
                c.fail("search", f"{s.players[s.current]} does not meet the Level {search} Language requirement, "
                                 f"so cannot search that deck (set it to 0)")
            elif not empty_rows(b, search):
                c.fail("search", f"{s.players[s.current]} has no empty Level {search} slot, so cannot search that "
                                 f"deck (set it to 0)")
    elif step in ("reallocate", "pass_rover") and search > 0:
        c.fail("search", "a deck is open only during Step 6: set it to 0 (or -1 after a replicated Tech)")
    elif step == "game_over" and search > 0:
        c.fail("search", "no deck is open once the game is over: set it to 0")
    if step not in SETUP_STEPS and step != "game_over":
        if transfers == 2 and s.boards[s.current].character != "Savant":
            c.fail("transfers", "only the Savant transfers a second tile: at most 1")
        if solo_ai and transfers:
            c.fail("transfers", "the solo AI never transfers a tile: set it to 0")
    if solo_ai and step in ("start_of_turn", "choose_character"):
        c.fail("step", "the solo AI has no Character and no start-of-turn abilities")
    if not s.solo and step == "solo_reallocation":
        c.fail("step", "the extra reallocation belongs to the solo game")
    if s.solo and step == "solo_reallocation" and s.current != 1:
        c.fail("step", "the extra reallocation happens at the start of the AI's turn")


def _chance(s, c):
    step, chance = s.step, s.chance
    if chance not in CHANCES[step]:
        allowed = " or ".join(show(x) for x in CHANCES[step]) or "nothing"
        c.fail("chance", f"{show(chance)} cannot be pending during step {step} (it can be {allowed})")
        return
    setup = s.setup
    if chance == "wasteland_die" and s.rover != 0:
        c.fail("chance", f"the Wasteland die is rolled only with the Rover on the Wasteland (rover is {s.rover})")
    if step == "first_player" and setup.first_player != -1:
        c.fail("step", f"the first player was chosen (setup.first_player {setup.first_player}), so the game "
                       f"never waits for the draw of the first player")
    if step == "choose_character":
        want = "deal_character" if setup.characters == "deal" else ""
        if chance != want:
            how = 'dealt (chance "deal_character")' if want else 'chosen (chance "")'
            c.fail("chance", f"with setup.characters {show(setup.characters)} the Characters are {how}")
        from .flow import _next_without_character
        if _next_without_character(s) == -1:
            c.fail("step", "every player already has a Character")
    if chance == "refill_display":
        lv = s.pending
        if not 1 <= lv <= 3 or not s.decks[lv - 1] or s.display[lv - 1][0] is not None:
            c.fail("pending", "a display refill needs the Level (1..3) of a column whose top space is empty "
                              "and whose deck is not empty")
    if not s.solo and s.solo_die:
        c.fail("solo_die", "only the solo game rolls the solo die")
    if s.solo:
        if s.first != 0 or setup.first_player != 0:
            c.fail("first", "in the solo game the human (seat 0) plays first: set first and "
                            "setup.first_player to 0")
        if step == "solo_reallocation" and chance == "draw_tile" and not 1 <= s.solo_die <= 5:
            c.fail("solo_die", f"a Site is reallocated only when the solo die shows 1 to 5 (it shows {s.solo_die})")


def _end(s, c):
    step, end = s.step, s.end_turns
    if step == "game_over" and end != 0:
        c.fail("end_turns", "a finished game has no final turn left: end_turns must be 0 at game_over "
                            "(ruins_of_mars.finish(state) ends a built position properly)")
    if step != "game_over" and end == 0:
        c.fail("end_turns", "0 final turns left means the game is over")
    if step == "game_over" or step in SETUP_STEPS:
        return
    rules = s.options
    need_techs, need_languages = rules.end_techs, rules.end_languages
    full = [p for p, b in enumerate(s.boards)
            if sum(1 for t, d in zip(b.techs, b.face_down) if t is not None and not d) >= need_techs]
    mastered = sum(1 for b in s.boards for x in b.languages if x == CAPSTONE)
    if end > 0 and not full and mastered < need_languages:
        c.fail("end_turns", f"{_plural(end, 'final turn')} left, but the end was not triggered (nobody has "
                            f"{need_techs} Techs, and {_plural(mastered, 'Language')} mastered where the end needs "
                            f"{need_languages}): set it to -1")
    if end == -1:
        # The Tech that makes `end_techs` (a 9th) is placed during its owner's turn and ends the game when that
        # turn ends, so a player other than the one whose turn it is cannot hold that many while the end is
        # untriggered.
        late = [p for p in full if p != s.current]
        if late:
            c.fail("end_turns", f"-1, but {words(s.players[p] for p in late)} completed a "
                                f"{_nth(need_techs)} Tech on an earlier turn, which triggered the end: set it to "
                                f"the final turns still to play")


def _nth(n):
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _used(s, c):
    used = s.used
    if not used:
        return
    if len(set(used)) != len(used):
        c.fail("used", "each ability key at most once per turn")
    if s.step in SETUP_STEPS or (s.solo and s.current == 1):
        c.fail("used", f"{'nobody uses abilities during the setup' if s.step in SETUP_STEPS else 'the solo AI uses no abilities'}"
                       f": set it to an empty list")
        return
    b = s.boards[s.current]
    ch = b.character
    tech = s.cards.tech
    own = {x for x in b.techs if x is not None}
    eng = 0
    for k, key in enumerate(used):
        path = f"used[{k}]"
        kind, _, cid = key.partition(":")
        if key == "char":
            if ch not in ("Doctor", "Miner", "Trader", "Professor"):
                c.fail(path, f"\"char\" is a Character's Hourglass ability; {s.players[s.current]}'s Character "
                             f"({ch or 'none'}) has none")
        elif key == "char2":
            if ch != "Trader" or "char" not in used:
                c.fail(path, "\"char2\" is the Trader's second use of the ability, after \"char\"")
        elif key == "stow":
            if ch != "Stowaway":
                c.fail(path, "\"stow\" is the Stowaway's ability")
        elif kind in ("tech", "free", "eng") and cid:
            card = tech.get(cid)
            want = "free_ability" if kind == "free" else "ability"
            if cid not in own or card is None:
                c.fail(path, f"{show(key)}: {cid} is not on {s.players[s.current]}'s Tech board")
            elif kind == "eng":
                eng += 1
                if ch != "Engineer":
                    c.fail(path, f"{show(key)}: using a Tech again is the Engineer's ability")
                elif "tech:" + cid not in used and "free:" + cid not in used:
                    c.fail(path, f"{show(key)}: the Engineer uses a Tech again only after using it once this turn")
            elif card.kind != want:
                c.fail(path, f"{show(key)}: {cid} has no {'Free Ability' if kind == 'free' else 'Hourglass ability'}")
        else:
            c.fail(path, f"{show(key)} is not an ability key (char, char2, stow, tech:<card>, free:<card>, "
                         f"eng:<card>)")
    if eng > 2:
        c.fail("used", "the Engineer uses at most 2 Techs again per turn")


def _to_move(s, c):
    expected = expected_to_move(s)
    got = s.to_move
    if expected == -1:
        return  # reported by _chance: every player already has a Character
    if type(got) is not type(expected) or got != expected:
        if expected is None:
            why = "the game is over (null)"
        elif expected == CHANCE:
            why = f"\"chance\" (a {s.chance.replace('_', ' ')} is pending)"
        else:
            why = f"{expected} ({s.players[expected]} decides)"
        c.fail("to_move", f"{show(got)} does not match the step: expected {why}")
