"""A slow, obviously correct list of the legal actions of a Ruins of Mars position (issue 17).

`reference_actions(state)` enumerates every action the position could take: every kind of the game
contract (the package docstring lists them) with every combination of its parameters over their whole
domains (the 5 Sites, the 11 Action tiles, every Tech and AI Tech id of the card set, the 3 Levels, 4
display spaces and 3 rows, every resource, track, Character and seat), and keeps those the rulebook
allows, each decided by one predicate written from the rulebook text (and this project's readings of its
silent passages, docs/rules/ruins_of_mars.md). It reads the State's fields and the data tables only; it
shares nothing with the engine's legality, flow or transition code.

The one bound: only the seat to move (or the chance player at a chance node) is enumerated as the actor,
because the rulebook gives every decision to the player whose turn it is (Gameplay: players take turns in
clockwise order); `compare` still checks that the engine refuses a sample of other seats' actions.

`compare(state)` lists the differences with `state.legal_actions()` and checks that a sample of the
refused actions raises IllegalAction with the specific reason `why` gives; `sample_positions(count, seed)` yields
positions from random and greedy play of every player count and from the rare cases (`rare_position`).

>>> import mars_rules
>>> s = mars_rules.load("ruins_of_mars").new_game(players=2, seed=7, characters="deal")
>>> sorted(a.get("site") for a in reference_actions(s))
['Dormitory', 'Infirmary', 'Laboratory', 'Wasteland', 'Workshop']
>>> compare(s)
[]
"""
from __future__ import annotations

import random
from itertools import compress, groupby, product
from operator import itemgetter

import mars_rules
from mars_rules import CHANCE, Action, PositionError
from mars_rules.ruins_of_mars.data import (CAPSTONE, CHARACTERS, KICKSTARTER_CHARACTERS, LANGUAGES, RESOURCES,
                                           SITE_ACTION, SITES)

from ..refusals import refusal_problem

game = mars_rules.load("ruins_of_mars")

LEVELS, SPACES, ROWS, FACES = (1, 2, 3), (1, 2, 3, 4), (1, 2, 3), (1, 2, 3, 4, 5, 6)
PAYS = ("Hourglass", "Oxygen")
VIAS = ("hourglass", "stowaway", "engineer")
CHOICES = (None,) + RESOURCES + LANGUAGES
"""A Wrench choice: absent (Wasteland, Dormitory, Infirmary), a resource (Laboratory) or a track (Workshop)."""
CHOICE_ITEMS = tuple(() if c is None else (("choice", c),) for c in CHOICES)
LEVEL_ITEMS = ((),) + tuple((("level", lv),) for lv in LEVELS)
"""A skip names its step; closing an open deck also names its Level."""
ALL_CHARACTERS = CHARACTERS + KICKSTARTER_CHARACTERS
TURN_STEPS = ("start_of_turn", "place_rover", "transfer", "wrench", "action", "replicate", "pass_rover")
"""The decisions of a player's own turn: Hourglass abilities may be used at any of them (Using Abilities)."""
ROVER_PLACED = ("transfer", "wrench", "action", "replicate", "pass_rover")
"""Steps after Step 1: the Rover marks the Active Site (Step 1: Place the Rover)."""
STEP_KEYS = tuple(st.key for st in game.TURN_STEPS)


# ----- the domains ------------------------------------------------------------------------------------
def candidates(s):
    """(kind, params) for every kind and every combination of parameter values."""
    seats = range(len(s.players))
    techs, ais, tiles = sorted(s.cards.tech), sorted(s.cards.ai), range(len(s.tiles))
    out = [("choose_character", (("character", c),)) for c in ALL_CHARACTERS]
    out += [("skip", (("step", st),) + x) for st in STEP_KEYS for x in LEVEL_ITEMS]
    out += [("place_rover", (("site", x),)) for x in SITES]
    out += [("transfer_tile", (("from", x), ("tile", t), ("pay", p))) for x in SITES for t in tiles for p in PAYS]
    out += [("use_wrench", x) for x in CHOICE_ITEMS]
    out += [(kind, ()) for kind in ("discover", "decipher", "pass_rover")]
    out += [("discover_star", (("resource", r),)) for r in RESOURCES]
    out += [("replicate", (("level", lv), ("space", k), ("row", r))) for lv, k, r in product(LEVELS, SPACES, ROWS)]
    out += [("search_deck", (("level", lv),)) for lv in LEVELS]
    out += [("take_from_deck", (("card", c), ("row", r))) for c in techs for r in ROWS]
    out += [("ai_replicate", (("card", c), ("row", r))) for c in ais for r in ROWS]
    out += [("use_free_ability", (("card", c),)) for c in techs]
    # A Character ability takes the parameters of its Character (Character Abilities).
    ch = [(("character", "Doctor"),)]
    ch += [(("character", "Miner"), ("resources", pair)) for pair in product(RESOURCES, repeat=2)]
    ch += [(("character", "Trader"),) + x for x in CHOICE_ITEMS]
    ch += [(("character", "Professor"), ("track", t), ("resource", r)) for t in LANGUAGES for r in RESOURCES]
    ch += [(("character", c),) for c in ("Stowaway", "Engineer", "Savant")]
    out += [("character_ability", items) for items in ch]
    heads = [(("card", c), ("owner", o), ("via", v)) for c in techs for o in seats for v in VIAS]
    out += [("tech_ability", head + x) for head in heads for x in CHOICE_ITEMS]
    # Chance outcomes.
    out += [("first_player", (("player", p),)) for p in seats]
    out += [("deal_character", (("player", p), ("character", c))) for p in seats for c in ALL_CHARACTERS]
    out += [(kind, (("face", f),)) for kind in ("wasteland_die", "solo_die") for f in FACES]
    out += [("draw_tile", (("tile", t), ("site", x))) for t in tiles for x in SITES]
    out += [("refill_display", (("level", lv), ("card", c))) for lv in LEVELS for c in techs]
    return out


# ----- facts of a position, from the rulebook ---------------------------------------------------------
def completed_level3(board):
    """Level 3 Techs completed: the third column (a solo AI's face-down cards are not completed)."""
    return sum(1 for slot in (2, 5, 8) if board.techs[slot] is not None and not board.face_down[slot])


def may_master(s, seat, track):
    """Mastering a Language: nobody else has mastered it, and one more mastered Language would not
    exceed the Level 3 Techs completed."""
    if any(b.languages[track] == CAPSTONE for i, b in enumerate(s.boards) if i != seat):
        return False
    board = s.boards[seat]
    return sum(1 for x in board.languages if x == CAPSTONE) + 1 <= completed_level3(board)


def can_move(s, seat, track):
    """One more space is possible: below the second-to-last space always; onto the Capstone if allowed."""
    pos = s.boards[seat].languages[track]
    return pos < CAPSTONE - 1 or (pos == CAPSTONE - 1 and may_master(s, seat, track))


def level_met(s, board, level):
    """Tech Level and Language Requirements: A on 2 tracks (Level 2); and B on 1 (Level 3)."""
    a = sum(1 for x in board.languages if x >= s.options.space_a)
    b = sum(1 for x in board.languages if x >= s.options.space_b)
    return level == 1 or (a >= 2 and (level == 2 or b >= 1))


def can_pay(board, cost, oxygen):
    return all(board.resources[i] >= cost[i] + (oxygen if i == 3 else 0) for i in range(4))


def free_slot(board, level, row):
    """Placing Tech: the card goes into an empty slot of its Level's column, in the chosen row."""
    return row in ROWS and board.techs[(row - 1) * 3 + level - 1] is None


def adjacent(s, a, b):
    """Step 2: neighbours in the row of Sites (the ends touch only with the option transfer_wraps)."""
    return abs(a - b) == 1 or (s.options.transfer_wraps and abs(a - b) == 4)


def wrench_choice_ok(s, choice):
    """A use of the Active Site's Wrench bonus (Site Bonuses): the Laboratory names a resource, the
    Workshop a track (a gain or a move the limits forbid is lost, not refused), the others nothing."""
    if s.step not in ROVER_PLACED:
        return False
    need = {1: RESOURCES, 2: LANGUAGES}.get(s.rover, (None,))
    return choice in need


def effect_ok(s, seat, effect, choice):
    """An ability's effect can be used now. Removing Radiation needs some; a move needs its track to be
    able to move (as the Professor ignores such tracks); a gain or Hourglasses always can (the project's
    reading, docs/rules: Step 1 note); a Wrench is the Active Site's bonus."""
    kind = effect[0] if effect else ""
    if kind == "wrench":
        return wrench_choice_ok(s, choice)
    if choice is not None:
        return False
    if kind == "radiation":
        return s.boards[seat].radiation > 0
    if kind == "advance":
        return can_move(s, seat, effect[1])
    return kind in ("gain", "hourglass")


def professor_tracks(s, seat):
    """Character Abilities, Professor: the most advanced tracks, ignoring those that cannot move."""
    langs = s.boards[seat].languages
    movable = [t for t in range(5) if can_move(s, seat, t)]
    top = max((langs[t] for t in movable), default=None)
    return [LANGUAGES[t] for t in movable if langs[t] == top]


# ----- one predicate per kind ------------------------------------------------------------------------
def ok_choose_character(s, seat, p):
    offered = ALL_CHARACTERS if s.options.kickstarter else CHARACTERS
    return s.step == "choose_character" and p["character"] in offered and \
        all(b.character != p["character"] for b in s.boards)


def ok_skip(s, seat, p):
    """Steps 2, 4 and 6 are optional; start-of-turn abilities too; an open deck is closed with its Level."""
    if p["step"] != s.step or s.step not in ("start_of_turn", "transfer", "wrench", "replicate"):
        return False
    return p.get("level") == (s.search if s.step == "replicate" and s.search > 0 else None)


def ok_place_rover(s, seat, p):
    return s.step == "place_rover"


def ok_transfer_tile(s, seat, p):
    board = s.boards[seat]
    second = s.transfers == 1
    if s.step != "transfer" or s.transfers > 1 or (second and board.character != "Savant"):
        return False
    src = SITES.index(p["from"])
    column = s.sites[src]
    if not adjacent(s, src, s.rover) or p["tile"] not in column or len(column) < 2:
        return False
    cost, extra = s.options.transfer_cost, 1 if second else 0  # Savant: 1 Hourglass more
    if p["pay"] == "Hourglass":
        return board.hourglass >= cost + extra
    return board.resources[3] >= cost and board.hourglass >= extra


def ok_use_wrench(s, seat, p):
    return s.step == "wrench" and s.pending > 0 and wrench_choice_ok(s, p.get("choice"))


def ok_site_action(s, seat, p, kind):
    return s.step == "action" and not s.acted and SITE_ACTION[s.rover] == kind


def ok_discover_star(s, seat, p):
    return s.step == "action" and s.acted and s.pending > 0


def ok_pass_rover(s, seat, p):
    return s.step == "pass_rover"


def ok_replicate(s, seat, p):
    board = s.boards[seat]
    level, space = p["level"], p["space"]
    card_id = s.display[level - 1][space - 1]
    if s.step != "replicate" or s.search != 0 or card_id is None:
        return False
    card = s.cards.tech[card_id]
    return level_met(s, board, level) and free_slot(board, level, p["row"]) and \
        can_pay(board, card.cost, s.options.display_oxygen[space - 1])


def ok_search_deck(s, seat, p):
    """Paying for Tech: 4 Oxygen first, then a card of the deck paid for (opening a deck no card of which
    can be paid for would leave a half-paid action: the project's reading A9)."""
    board, level = s.boards[seat], p["level"]
    if s.step != "replicate" or s.search != 0 or not level_met(s, board, level):
        return False
    if not any(free_slot(board, level, r) for r in ROWS):
        return False
    oxygen = s.options.deck_oxygen
    return any(can_pay(board, s.cards.tech[c].cost, oxygen) for c in s.decks[level - 1])


def ok_take_from_deck(s, seat, p):
    board = s.boards[seat]
    if s.step != "replicate" or s.search <= 0 or p["card"] not in s.decks[s.search - 1]:
        return False
    card = s.cards.tech[p["card"]]
    return level_met(s, board, card.level) and free_slot(board, card.level, p["row"]) and \
        can_pay(board, card.cost, s.options.deck_oxygen)


def ok_use_free_ability(s, seat, p):
    """Tech Rewards, Free Ability: once per turn at its time: the start of the turn, or after the Action
    (in Step 6, before a deck is opened)."""
    card_id = p["card"]
    if card_id not in s.boards[seat].techs or "free:" + card_id in s.used:
        return False
    card = s.cards.tech[card_id]
    when = "start_of_turn" if s.step == "start_of_turn" else "after_action" if s.step == "replicate" else ""
    return card.kind == "free_ability" and card.trigger == when and s.search == 0 and \
        effect_ok(s, seat, card.effect, None)


def _hourglass_ability_time(s, seat):
    """Using Abilities: 1 Hourglass, at any time on your own turn."""
    return s.step in TURN_STEPS and s.current == seat and s.boards[seat].hourglass >= 1


def ok_character_ability(s, seat, p):
    board, used = s.boards[seat], s.used
    ch = p["character"]
    if ch != board.character or not _hourglass_ability_time(s, seat):
        return False
    if ch == "Trader":  # up to twice per turn, the Active Site's bonus
        return "char2" not in used and wrench_choice_ok(s, p.get("choice"))
    if "char" in used:
        return False
    if ch == "Doctor":
        return board.radiation > 0
    if ch == "Miner":  # any 2 of Fuel, Parts, Plans; the pair is spelt in Player board order
        i, j = (RESOURCES.index(x) for x in p["resources"])
        return i <= j < 3
    if ch == "Professor":
        return p["track"] in professor_tracks(s, seat) and board.resources[RESOURCES.index(p["resource"])] > 0
    return False  # the Stowaway and the Engineer act through tech_ability, the Savant through a transfer


def ok_tech_ability(s, seat, p):
    board, used = s.boards[seat], s.used
    card_id, owner, via = p["card"], p["owner"], p["via"]
    if not _hourglass_ability_time(s, seat):
        return False
    holder = s.boards[owner]
    if card_id not in holder.techs or holder.face_down[holder.techs.index(card_id)]:
        return False
    card = s.cards.tech[card_id]
    if via == "hourglass":
        fresh = owner == seat and card.kind == "ability" and "tech:" + card_id not in used
    elif via == "stowaway":  # another player's Tech ability; one Hourglass ability: once per turn
        fresh = board.character == "Stowaway" and owner != seat and card.kind == "ability" and "stow" not in used
    else:  # Engineer: again an ability of yours already used, twice a turn, never the same one twice
        again = "tech:" + card_id in used or "free:" + card_id in used
        fresh = board.character == "Engineer" and owner == seat and again and "eng:" + card_id not in used \
            and sum(1 for k in used if k.startswith("eng:")) < 2
    return fresh and effect_ok(s, seat, card.effect, p.get("choice"))


# ----- the solo AI's procedure (Solo Variant: AI Turn) -------------------------------------------------
def ai_decision(s):
    """(kind, params) of the one action the AI's procedure takes at this step."""
    board = s.boards[1]
    res = board.resources
    least = RESOURCES[res.index(min(res))]  # least held, topmost on a tie
    if s.step == "place_rover":
        counts = [len(c) for c in s.sites]
        tied = [i for i in range(5) if counts[i] == max(counts)]
        return "place_rover", (("site", SITES[tied[0] if s.solo_die == 6 else tied[-1]]),)
    if s.step == "transfer":
        return "skip", (("step", "transfer"),)
    if s.step == "wrench":
        if s.rover == 1:
            return "use_wrench", (("choice", least),)
        if s.rover == 2:
            return "use_wrench", (("choice", ai_track(s)),)
        return "use_wrench", ()
    if s.step == "action":
        return (SITE_ACTION[s.rover], ()) if not s.acted else ("discover_star", (("resource", least),))
    if s.step == "replicate":
        best = None
        for slot, card_id in enumerate(board.techs):
            if card_id is None or not board.face_down[slot]:
                continue
            card = s.cards.ai[card_id]
            if level_met(s, board, card.level) and can_pay(board, card.cost, 0):
                key = (sum(card.cost), card.level, -slot)  # most expensive; highest Level, then topmost
                if best is None or key > best[0]:
                    best = key, card_id, slot // 3 + 1
        if best is None:
            return "skip", (("step", "replicate"),)
        return "ai_replicate", (("card", best[1]), ("row", best[2]))
    return "pass_rover", ()


def ai_track(s):
    """The AI's track: its highest marker that can still move, leftmost on a tie; when none can move the
    step is lost whichever track is named, and the tie rule names the leftmost."""
    langs = s.boards[1].languages
    movable = [t for t in range(5) if can_move(s, 1, t)]
    if not movable:
        return LANGUAGES[0]
    return LANGUAGES[max(movable, key=lambda t: (langs[t], -t))]


# ----- chance ------------------------------------------------------------------------------------------
def ok_chance(s, kind, p):
    if kind != s.chance:
        return False
    if kind == "first_player":
        return True
    if kind == "deal_character":
        humans = 1 if s.solo else len(s.players)
        order = [(s.first + k) % len(s.players) for k in range(len(s.players))]
        nxt = next(x for x in order if x < humans and not s.boards[x].character)
        return p["player"] == nxt and ok_choose_character(s, nxt, p)  # Setup: in turn order
    if kind in ("wasteland_die", "solo_die"):
        return True
    if kind == "draw_tile":  # Step 7: the next face-down tile goes to the next Site to the right
        return p["tile"] in s.facedown and p["site"] == SITES[s.realloc_to]
    return p["level"] == s.pending and p["card"] in s.decks[s.pending - 1]  # refill_display


PREDICATES = {
    "choose_character": ok_choose_character, "skip": ok_skip, "place_rover": ok_place_rover,
    "transfer_tile": ok_transfer_tile, "use_wrench": ok_use_wrench,
    "discover": lambda s, seat, p: ok_site_action(s, seat, p, "discover"),
    "decipher": lambda s, seat, p: ok_site_action(s, seat, p, "decipher"),
    "discover_star": ok_discover_star, "pass_rover": ok_pass_rover, "replicate": ok_replicate,
    "search_deck": ok_search_deck, "take_from_deck": ok_take_from_deck, "use_free_ability": ok_use_free_ability,
    "character_ability": ok_character_ability, "tech_ability": ok_tech_ability,
}
CHANCE_KINDS = ("first_player", "deal_character", "wasteland_die", "solo_die", "draw_tile", "refill_display")


def allowed(s, kind, items):
    """Whether the rulebook allows `kind` with params `items` for the seat (or chance) to move."""
    seat = s.to_move
    if seat is None:
        return False  # End of the Game: nothing more is done
    if seat == CHANCE:
        return kind in CHANCE_KINDS and ok_chance(s, kind, dict(items))
    if kind in CHANCE_KINDS or (kind == "ai_replicate" and not (s.solo and seat == 1)):
        return False
    if s.solo and seat == 1:
        return (kind, items) == ai_decision(s)
    if s.step == "choose_character" and kind != "choose_character":
        return False  # a setup choice, not a turn
    return PREDICATES[kind](s, seat, dict(items))


def reference_actions(s):
    """Every Action the rulebook allows here (chance outcomes at a chance node)."""
    player = s.to_move
    return [Action(kind, player, items) for kind, items in candidates(s) if allowed(s, kind, items)]


# ----- the comparison ----------------------------------------------------------------------------------
REFUSED_PER_KIND = 2
"""Refused actions of each kind whose IllegalAction is checked, per position (a sample: every one of
several thousand per position would take seconds)."""


def compare(s, refused_per_kind=REFUSED_PER_KIND):
    """The differences between `s.legal_actions()` and the reference, and the refused actions (a sample)
    whose IllegalAction is missing, disagrees with `why`, or gives only a generic reason ([] if none).
    Every message ends with the position's JSON."""
    engine = s.legal_actions()
    keys = [_key(a.kind, a.items) for a in engine]
    out = [] if len(set(keys)) == len(keys) else ["the engine lists an action twice"]
    every = candidates(s)
    verdicts = [allowed(s, kind, items) for kind, items in every]
    allowed_keys = {_key(kind, items) for (kind, items), ok in zip(every, verdicts) if ok}
    out += [f"the engine offers {a!r}, which the reference refuses" for a, k in zip(engine, keys)
            if k not in allowed_keys]
    out += [f"the reference allows {kind} {dict(items)}, which the engine does not offer"
            for kind, items in sorted(allowed_keys - set(keys), key=repr)]
    rng = random.Random(s.draws * 7919 + s.turn * 31 + len(s.events))
    sample = []
    for kind, group in groupby(compress(every, (not ok for ok in verdicts)), key=itemgetter(0)):
        group = list(group)
        sample += [Action(kind, s.to_move, items) for _, items in rng.sample(group, min(refused_per_kind, len(group)))]
    if isinstance(s.to_move, int) and len(s.players) > 1:
        other = (s.to_move + 1) % len(s.players)
        sample += [Action(kind, other, items) for kind, items in rng.sample(every, 3)]
    out += [problem for a in sample
            for problem in [refusal_problem(s, a)] if problem]
    return [f"{line}\nposition: {s.to_json()}" for line in out]


def _key(kind, items):
    return kind, tuple(sorted(items))


# ----- positions -----------------------------------------------------------------------------------------
VARIANT = {"resource_cap": 5, "transfer_cost": 1, "space_a": 2, "space_b": 5, "deck_oxygen": 3,
           "display_oxygen": (2, 2, 1, 0), "end_techs": 6, "end_languages": 2}
"""Rule options a teacher may vary (one game in seven plays them): the reference reads them too."""


def played_positions(players, seed, policy, kickstarter=None):
    """Every position of one game (`policy` "random" or "greedy" for the human seats; variants by seed)."""
    rng = random.Random(seed)
    kickstarter = seed % 2 == 0 if kickstarter is None else kickstarter
    variant = VARIANT if seed % 7 == 3 else {}
    s = game.new_game(players=players, seed=seed, kickstarter=kickstarter, transfer_wraps=seed % 5 == 0, **variant)
    while True:
        yield s
        if s.is_over:
            return
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        elif policy == "greedy" and rng.random() < 0.9:
            s = s.apply(game.greedy(s, rng))
        else:
            s = s.apply(rng.choice(s.legal_actions()))


RARE_CASES = ("blocked_tracks", "last_tile", "resource_caps", "full_columns", "open_deck", "abilities",
              "end_of_game", "empty_deck", "language_requirements", "solo_ai")
"""Positions random play rarely reaches: blocked or mastered Language tracks, a Site down to its last tile,
resources at 0 or at the cap, Tech columns nearly full, an open deck, Characters and Tech abilities with
Hourglasses (the Stowaway, the Engineer, the Savant's second transfer), the end of the game triggered (a
ninth Tech, Languages mastered), a Level's deck running out, markers on either side of the A and B spaces,
and the solo AI deciding among tied Sites, resources and tracks (always a solo game)."""
CASE_STEP = {"last_tile": ("transfer",), "resource_caps": ("wrench", "action"), "open_deck": ("replicate",),
             "language_requirements": ("replicate",), "full_columns": ("replicate",),
             "end_of_game": ("replicate", "pass_rover"),
             "solo_ai": ("place_rover", "place_rover", "wrench", "action", "replicate")}
CASE_TECHS = {"full_columns": 7, "end_of_game": 8, "abilities": 4, "blocked_tracks": 3}


def rare_position(seed, players, case):
    """A position of `case` (one of RARE_CASES) made with the position builder (`state.edit()`) from a
    random-play position at the start of a turn; None if the builder refuses the result."""
    rng = random.Random(seed)
    ai = case == "solo_ai"
    base = next(s for s in played_positions(1 if ai else players, seed, "random", kickstarter=True)
                if s.step == "place_rover" and (s.solo and s.current == 1) == ai
                and (s.turn > 2 * players or rng.random() < 0.2))
    b, seat, cap = base.edit(), base.current, base.options.resource_cap
    b.set_player(seat, hourglass=rng.choice((0, 1, 2, 3, 6)) * (not ai), radiation=rng.choice((0, 0, 1, 4)) * (not ai),
                 **{r.lower(): rng.choice((0, 1, cap - 1, cap)) for r in RESOURCES})
    if not ai:
        _edit_player(b, rng, seat, case)
    if ai or case in ("blocked_tracks", "full_columns", "open_deck", "end_of_game") or rng.random() < 0.3:
        for p in {seat, rng.randrange(len(base.players))}:
            _set_tracks(b, rng, p)
    if case == "language_requirements":  # rich, with markers just short of or on the A and B spaces
        a, marks = base.options.space_a, {t: rng.choice((0, 1, 2, 3)) for t in LANGUAGES}
        marks.update({t: rng.choice((a - 1, a)) for t in rng.sample(LANGUAGES, 2)})
        marks[rng.choice(LANGUAGES)] = base.options.space_b - rng.randint(0, 1)
        b.set_player(seat, **{r.lower(): cap for r in RESOURCES}, **marks)
    if case == "empty_deck":
        lv = rng.choice(LEVELS)
        for c in b.state.decks[lv - 1][rng.choice((0, 1)):] + b.state.display[lv - 1][:rng.choice((0, 2))]:
            b.remove_tech(c)
    _edit_turn(b, rng, seat, case)
    try:
        return b.done()
    except PositionError:
        return None


def _edit_player(b, rng, seat, case):
    """A human seat's Character, Techs and abilities used this turn for `case`."""
    s = b.state
    if case == "abilities" or rng.random() < 0.3:
        taken = {x.character for i, x in enumerate(s.boards) if i != seat}
        b.give_character(seat, rng.choice([c for c in ("Stowaway", "Engineer", "Savant") * 2 + CHARACTERS
                                           if c not in taken]))
    _give_techs(b, rng, seat, CASE_TECHS.get(case, rng.choice((0, 2))))
    if case in ("abilities", "open_deck") and not s.solo:
        _give_techs(b, rng, rng.choice([p for p in range(len(s.players)) if p != seat]), 2, kind="ability")


def _edit_turn(b, rng, seat, case):
    """The Action tiles (Sites with 1 tile, ties for the AI), the Active Site and the step of `case`."""
    rover, tiles = rng.randrange(5), b.state.tiles
    if case == "last_tile":
        for site in (rover - 1, rover + 1):
            for t in b.state.sites[site % 5][rng.choice((1, 2)):]:
                b.move_tile(t, rover)
    if case == "solo_ai":  # a fresh deal: 1 tile per Site and the other 6 anywhere, so Sites often tie
        order = rng.sample(range(len(tiles)), len(tiles))
        for k, t in enumerate(order):
            b.move_tile(t, k if k < 5 else rng.randrange(5))
        b.set(solo_die=rng.choice((5, 6)))
    savant = b.state.boards[seat].character == "Savant"
    step = "transfer" if savant and rng.random() < 0.5 else rng.choice(CASE_STEP.get(case, TURN_STEPS[1:]))
    if step == "wrench" and not any("W" in tiles[t] for t in b.state.sites[rover]):
        b.move_tile(next(t for t in range(len(tiles)) if "W" in tiles[t]), rover)
    b.place_rover(rover).set_turn(seat, step)
    stars = sum(tiles[t].count("S") for t in b.state.sites[rover])
    if step == "action" and SITE_ACTION[rover] == "discover" and stars and rng.random() < 0.6:
        b.set(acted=True, pending=rng.randint(1, stars))
    if step == "transfer" and savant and rng.random() < 0.7:
        b.set(transfers=1)
    if case == "open_deck":
        b.set(search=rng.choice(LEVELS))
    if case == "abilities":
        b.set(used=_used(b.state.boards[seat], b.state.cards.tech, rng))


def _give_techs(b, rng, seat, count, kind=None):
    """`count` Techs from the decks onto empty slots of `seat`'s board (of that reward `kind`, if given)."""
    s = b.state
    empty = [(lv, r) for r in ROWS for lv in LEVELS if s.boards[seat].techs[(r - 1) * 3 + lv - 1] is None]
    for lv, r in rng.sample(empty, min(count, len(empty))):
        deck = [c for c in b.state.decks[lv - 1] if kind in (None, s.cards.tech[c].kind)]
        if deck:
            b.give(seat, rng.choice(deck), r)


def _set_tracks(b, rng, seat):
    """Markers near the Capstone; a Capstone only where the rules allow it (one per Level 3 Tech, one master)."""
    s = b.state
    level3 = completed_level3(s.boards[seat])
    others = {t for p, x in enumerate(s.boards) if p != seat for t in range(5) if x.languages[t] == CAPSTONE}
    marks = [rng.choice((0, 3, 6, 7, 8, 8, 9)) for _ in LANGUAGES]
    for t in range(5):
        if marks[t] == CAPSTONE and (t in others or level3 == 0):
            marks[t] = CAPSTONE - 1
        level3 -= marks[t] == CAPSTONE
    b.set_player(seat, **dict(zip(LANGUAGES, marks)))


def _used(board, cards, rng):
    """Some abilities already used this turn, as the State records them."""
    ch = board.character
    keys = ["char"] * (ch in ("Doctor", "Miner", "Trader", "Professor") and rng.random() < 0.7)
    keys += ["stow"] * (ch == "Stowaway" and rng.random() < 0.3) + ["char2"] * (ch == "Trader" and rng.random() < 0.5)
    keys += [("tech:" if cards[c].kind == "ability" else "free:") + c for c in board.techs
             if c and cards[c].kind in ("ability", "free_ability") and rng.random() < 0.6]
    again = [k[5:] for k in keys if ch == "Engineer" and k[:5] in ("tech:", "free:") and rng.random() < 0.4]
    keys += ["eng:" + c for c in again[:2]]
    return tuple(k for k in keys if k != "char2" or "char" in keys)


def sample_positions(count, seed=0):
    """`count` positions: from each game of random or greedy play (1 to 4 players in turn) 6 positions at
    random and its last one, then 3 rare positions of the same player count (the cases in turn)."""
    rng = random.Random(seed)
    made = 0
    for game_no in range(count):
        players = game.PLAYER_COUNTS[game_no % 4]
        played = list(played_positions(players, rng.randrange(1 << 30), ("random", "greedy")[game_no // 4 % 2]))
        batch = [played[i] for i in sorted(rng.sample(range(len(played) - 1), 6))] + [played[-1]]
        for j in range(3):
            case = RARE_CASES[(3 * game_no + j) % len(RARE_CASES)]
            tries = (rare_position(rng.randrange(1 << 30), players, case) for _ in range(5))
            batch += [s for s in [next(filter(None, tries), None)] if s]
        for s in batch[:count - made]:
            yield s
        made += len(batch)
        if made >= count:
            return
