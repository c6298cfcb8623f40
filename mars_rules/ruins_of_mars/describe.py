"""The position in short sentences: what a sighted student reads off the board (``describe_position``).

One line per group of what ``widgets.ruins_of_mars`` draws: the header (turn, step, who decides, the
Languages mastered, the end), what is pending in the turn, each Site of the planet (its Action, Wrench
bonus, printed Radiation, tiles top to bottom, what an Action there gives now, the Rover), the Language
tracks' spaces, the Tech display by Level, then for each seat its Player board (Character, resources,
Hourglasses, Radiation, Language markers, PP) and its Tech board. ``state.describe(player)`` calls it on
``state.view(player)``: the solo AI's face-down Techs are then placeholders (``hidden-L<level>-row<row>``)
and are described by their backs only (Level and cost); the teacher's view (the State itself) also
names them and their faces.

>>> from mars_rules.ruins_of_mars import new_game
>>> print(describe_position(new_game(players=2, seed=7, characters="deal")).splitlines()[0])
Ruins of Mars, turn 1, Step 1: Place the Rover. Player 1 (Trader) decides.
"""
from __future__ import annotations

from .data import CAPSTONE, ICONS, LANGUAGES, RESOURCES, SITE_ACTION, SITES, cost_text, reward_text
from .scoring import language_pp, row_bonus

HIDDEN = "hidden-"
"""How the ids of the placeholders of a player's view begin (``solo_ai.HIDDEN_ID``)."""

ACTIVE_STEPS = ("transfer", "radiation", "wrench", "action", "replicate", "reallocate", "pass_rover")
"""Steps in which the Rover marks the Active Site of this turn (before them it is last turn's)."""

WRENCH = ("roll the die", "+1 resource of your choice", "+1 on a track of your choice", "+1 Hourglass",
          "-1 Radiation")

CHANCE_WHAT = {"first_player": "who plays first", "deal_character": "the Character dealt",
               "wasteland_die": "the Wasteland die", "draw_tile": "the next face-down tile",
               "solo_die": "the solo extra-reallocation die"}


def _plural(n, word, plural=None):
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _and(items):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def step_title(step) -> str:
    """The step's title as the board writes it: "Step 4: Use Wrench bonus", "Setup: first player"."""
    from . import TURN_STEPS
    title = {st.key: st.title for st in TURN_STEPS}.get(step, step)
    number, dot, rest = title.partition(". ")
    return f"Step {number}: {rest}" if dot and number.isdigit() else title


def _who(s, p):
    b = s.boards[p]
    return f"{s.players[p]} ({'the solo AI' if s.solo and p == 1 else b.character or 'no Character yet'})"


def _header(s):
    head = f"Ruins of Mars, turn {s.turn}, {step_title(s.step)}."
    if s.to_move is None:
        win = s.winners()
        names = _and(s.players[w] for w in win)
        return head + f" The game is over: {names} {'share the win' if len(win) > 1 else 'wins'}."
    if s.to_move in range(len(s.players)):
        return head + f" {_who(s, s.to_move)} decides."
    what = CHANCE_WHAT.get(s.chance, s.chance.replace("_", " "))
    if s.chance == "refill_display":
        what = f"the Tech revealed into the Level {s.pending} column"
    return head + f" Chance decides: {what} ({s.players[s.current]}'s turn)."


def turn_pending(s) -> list:
    """What is pending in the turn, as (kind, value) pairs, for the description and the board to word:
    Wrench uses left, star icons still to choose, tiles transferred, the deck being searched, a Tech
    replicated, the abilities used (their keys in `state.used`), the solo die.

    >>> import mars_rules
    >>> turn_pending(mars_rules.load("ruins_of_mars").new_game(players=2, seed=7, characters="deal"))
    []
    """
    found = []
    if s.step == "wrench" and s.pending:
        found.append(("wrench", s.pending))
    if s.step == "action" and s.acted and s.pending:
        found.append(("stars", s.pending))
    if s.step == "transfer" and s.transfers:
        found.append(("transferred", s.transfers))
    if s.step == "replicate" and s.search > 0:
        found.append(("searching", s.search))
    if s.step == "replicate" and s.search < 0:
        found.append(("replicated", True))
    if s.used and s.to_move is not None:
        found.append(("used", s.used))
    if s.solo and s.solo_die:
        found.append(("solo_die", s.solo_die))
    return found


def _status(s):
    """The Languages mastered, the end, and what is pending in the turn (the board's second line)."""
    masters = [f"{LANGUAGES[t]} by {s.players[p]}" for t in range(5) for p, b in enumerate(s.boards)
               if b.languages[t] == CAPSTONE]
    line = f"Languages mastered: {len(masters)}" + (f" ({', '.join(masters)})" if masters else "") + \
        f" of the {s.options.end_languages} that end the game."
    if s.end_turns >= 0 and s.to_move is not None:
        line += f" END TRIGGERED: {_plural(s.end_turns, 'final turn')} left."
    words = {
        "wrench": lambda n: _plural(n, "Wrench use") + " left",
        "stars": lambda n: _plural(n, "star icon") + " to choose a resource for",
        "transferred": lambda n: _plural(n, "tile") + " transferred",
        "searching": lambda level: f"searching the Level {level} deck",
        "replicated": lambda _: "a Tech was replicated this turn",
        "used": lambda keys: "abilities used: " + ", ".join(_used(s, u) for u in keys),
        "solo_die": lambda face: f"last solo die: {face} ({'no Site' if face == 6 else 'the ' + SITES[face - 1]})",
    }
    pending = [words[kind](value) for kind, value in turn_pending(s)]
    if pending:
        line += " This turn: " + "; ".join(pending) + "."
    return line


def _used(s, key):
    if key in ("char", "char2"):
        return s.boards[s.current].character or "the Character"
    kind, _, cid = key.partition(":")
    if kind == "stow":
        return "the Stowaway"
    card = s.cards.tech.get(cid)
    name = f"{card.name} ({cid})" if card else cid
    return {"tech": name, "free": f"{name}, free", "eng": f"the Engineer on {name}"}.get(kind, key)


def _site_gives(s, site):
    """What an Action at `site` gives with its tiles now, then its Wrenches and Radiation."""
    counts = {}
    for t in s.sites[site]:
        for ch in s.tiles[t]:
            counts[ch] = counts.get(ch, 0) + 1
    parts = []
    if SITE_ACTION[site] == "discover":
        parts += [f"{counts[k]} {RESOURCES[i]}" for i, k in enumerate("ROGB") if counts.get(k)]
        if counts.get("S"):
            parts.append(f"{counts['S']} of your choice")
    else:
        parts += [f"{LANGUAGES[i]} +{counts[k]}" for i, k in enumerate("ROGBS") if counts.get(k)]
    gives = ", ".join(parts) or "nothing"
    extra = []
    if counts.get("W"):
        extra.append(_plural(counts["W"], "Wrench", "Wrenches"))
    radiation = counts.get("X", 0) + s.options.site_radiation[site]
    if radiation:
        extra.append(f"{radiation} Radiation")
    return gives + "".join("; " + e for e in extra)


def _planet(s):
    lines = []
    active = s.rover >= 0 and s.step in ACTIVE_STEPS
    die = ", ".join(map(str, s.options.wasteland_hourglass))
    for i, name in enumerate(SITES):
        printed = s.options.site_radiation[i]
        wrench = WRENCH[i] + (f" for {die} Hourglasses (faces 1-6)" if i == 0 else "")
        tiles = ", ".join(f"#{t} {' + '.join(ICONS[c] for c in s.tiles[t])}" for t in s.sites[i]) or "none"
        line = (f"Site {i + 1}, {name}: {SITE_ACTION[i].capitalize()}"
                + (f", {printed} Radiation printed" if printed else "")
                + f"; Wrench: {wrench}. Tiles: {tiles}. "
                + f"{SITE_ACTION[i].capitalize()} here now: {_site_gives(s, i)}.")
        if s.rover == i:
            line += " The Rover is here" + (" (the Active Site)." if active else " (placed last turn).")
        lines.append(line)
    if s.rover < 0:
        lines.append("The Rover is not on the planet yet.")
    if s.facedown:
        n = len(s.facedown)
        lines.append(f"Reallocating: {_plural(n, 'face-down tile')} still to deal "
                     f"(#{', #'.join(map(str, s.facedown))}); the next goes to the {SITES[s.realloc_to]}.")
    return lines


def _tracks_line(s):
    o = s.options
    return (f"Language tracks (red, orange, green, blue, star): spaces 0 to {CAPSTONE}, A = space {o.space_a}, "
            f"B = space {o.space_b}, Capstone = space {CAPSTONE}; PP by space: {', '.join(map(str, o.track_pp))}.")


def _display(s):
    lines = []
    o = s.options
    tech = s.cards.tech
    for lv in range(3):
        deck = len(s.decks[lv])
        state = ""
        if s.step == "replicate" and s.search == lv + 1:
            state = ", being searched"
        elif s.chance == "refill_display" and s.pending == lv + 1:
            state = ", revealing a card"
        cards = []
        for k, cid in enumerate(s.display[lv]):
            if cid is None:
                cards.append(f"+{o.display_oxygen[k]} Oxygen: empty")
                continue
            c = tech[cid]
            cards.append(f"+{o.display_oxygen[k]} Oxygen: {c.name} ({cid}, {c.classification}; costs "
                         f"{cost_text(c.cost)}; {reward_text(c)})")
        lines.append(f"Tech display, Level {lv + 1} (deck: {_plural(deck, 'card')}{state}; +{o.deck_oxygen} Oxygen "
                     f"to take from it): " + "; ".join(cards) + ".")
    return lines


def _player(s, p, total, most):
    b = s.boards[p]
    tags = []
    if s.to_move == p:
        tags.append("to move")
    elif s.current == p and s.to_move is not None:
        tags.append("has the Rover")
    if s.to_move is None and p in s.winners():
        tags.append("WINNER")
    cap = s.options.resource_cap
    resources = ", ".join(f"{RESOURCES[r]} {b.resources[r]}" for r in range(4))
    radiation = f"Radiation {b.radiation}" + (f" (the most: -{s.options.radiation_most} PP each)"
                                              if b.radiation == most and most else "")
    tracks = ", ".join(f"{LANGUAGES[t]} {b.languages[t]}" for t in range(5))
    lang = language_pp(b, s.options.track_pp)
    score = f"{'final' if s.to_move is None else 'score now'}: {total} PP"
    first = (f"{_who(s, p)}{' [' + ', '.join(tags) + ']' if tags else ''}: {resources} (at most {cap} each); "
             f"Hourglasses {b.hourglass}; {radiation}; Language markers {tracks} ({lang} Language PP); "
             f"{score}.")
    return [first, _tech_board(s, p)]


def _ai_face(card):
    if card.pp:
        return f"{card.pp} PP"
    if card.hourglass:
        return f"+{card.hourglass} Hourglass" + ("es" if card.hourglass > 1 else "")
    if card.language >= 0:
        return f"+{card.steps} on {LANGUAGES[card.language]}"
    return "no reward"


def _slot(s, p, slot):
    b = s.boards[p]
    cid = b.techs[slot]
    level = slot % 3 + 1
    if s.solo and p == 1:
        card = s.cards.ai[cid]
        back = f"cost {sum(card.cost)}"
        if not b.face_down[slot]:
            return f"L{level} {cid} face up ({_ai_face(card)}; {back})"
        if cid.startswith(HIDDEN):
            return f"L{level} face down ({back})"
        return f"L{level} face down {cid} ({back}; its face: {_ai_face(card)})"
    c = s.cards.tech[cid]
    return f"L{level} {c.name} ({cid}, {c.classification}; {reward_text(c)})"


def _tech_board(s, p):
    b = s.boards[p]
    rows = []
    for row in range(3):
        filled = [_slot(s, p, row * 3 + k) for k in range(3) if b.techs[row * 3 + k] is not None]
        bonus = row_bonus(s, p, row)
        rows.append(f"row {row + 1}" + (f" (complete: +{bonus} PP)" if bonus is not None else "") + ": "
                    + (", ".join(filled) if filled else "empty"))
    line = f"{s.players[p]}'s Tech board: " + "; ".join(rows) + "."
    if s.solo and p == 1:
        down = sum(1 for c, d in zip(b.techs, b.face_down) if c is not None and d)
        if down:
            hidden = any(c is not None and c.startswith(HIDDEN) for c in b.techs)
            line += f" {_plural(down, 'AI Tech')} face down" + (
                ": their faces are hidden." if hidden else " (the teacher's view shows their faces).")
    return line


def describe_position(state) -> str:
    """The position in short sentences, one line per element group of the board (see the module)."""
    s = state
    lines = [_header(s), _status(s)]
    lines += _planet(s)
    lines.append(_tracks_line(s))
    lines += _display(s)
    totals = s.score().totals
    most = max(b.radiation for b in s.boards)
    for p in range(len(s.players)):
        lines += _player(s, p, totals[p], most)
    return "\n".join(lines)


__all__ = ["describe_position", "step_title"]
