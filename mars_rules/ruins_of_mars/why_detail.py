"""The specific reasons, by action kind (the player and the kind are already known to be right)."""
from __future__ import annotations

from .data import CHARACTERS, KICKSTARTER_CHARACTERS, LANGUAGES, RESOURCES, SITE_ACTION, SITES, cost_text
from .effects import can_pay, empty_rows, level_reason

STEP_OF = {
    "place_rover": ("place_rover",), "transfer_tile": ("transfer",), "use_wrench": ("wrench",),
    "discover": ("action",), "decipher": ("action",), "discover_star": ("action",),
    "replicate": ("replicate",), "search_deck": ("replicate",), "take_from_deck": ("replicate",),
    "pass_rover": ("pass_rover",), "choose_character": ("choose_character",), "ai_replicate": ("replicate",),
    "skip": ("start_of_turn", "transfer", "wrench", "replicate"),
    "character_ability": ("start_of_turn", "place_rover", "transfer", "wrench", "action", "replicate", "pass_rover"),
    "tech_ability": ("start_of_turn", "place_rover", "transfer", "wrench", "action", "replicate", "pass_rover"),
    "use_free_ability": ("start_of_turn", "replicate"),
}
R_TRANSFER = "Step 2: Transfer 1 Action Tile"
R_REPLICATE = "Step 6: Replicate 1 Tech"
R_LEVEL = "Step 6: Tech Level and Language Requirements"
R_PLACE = "Step 6: Placing Tech"
R_PAY = "Step 6: Paying for Tech"
R_ABIL = "Using Abilities"
R_CHAR = "Character Abilities"


def _have(res):
    return ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(res)) or "nothing"


def _legal_summary(s):
    legal = s.legal_actions()
    shown = "; ".join(str(x) for x in legal[:4])
    return shown + ("; ..." if len(legal) > 4 else "")


def detail(s, a, rule):
    from . import TURN_STEPS
    title = {st.key: st.title for st in TURN_STEPS}[s.step]
    kind = a.kind
    if s.solo and s.to_move == 1:
        return (f"The AI follows its procedure: its only action now is: {s.legal_actions()[0]}.",
                "Solo Variant: AI Turn")
    if s.step not in STEP_OF.get(kind, ()):
        return _wrong_step(s, a, kind, title, rule)
    fn = CHECKS.get(kind)
    if fn is not None:
        got = fn(s, a)
        if got:
            return got
    return (f"That {kind.replace('_', ' ')} is not one of the legal choices now ({title}). Legal now: "
            f"{_legal_summary(s)}.", rule)


def _wrong_step(s, a, kind, title, rule):
    if kind in ("replicate", "search_deck", "take_from_deck") and s.search == -1:
        return "You may replicate only a single Tech each turn, and you already did.", R_REPLICATE
    if kind == "place_rover" and s.step in ("transfer", "wrench", "action", "replicate", "pass_rover"):
        return f"The Rover is already on the {SITES[s.rover]} this turn.", "Step 1: Place the Rover"
    if kind == "transfer_tile" and s.transfers and s.step in ("wrench", "action", "replicate", "pass_rover"):
        return ("Only 1 Action tile may be transferred per turn (the Savant may pay for a second).", R_TRANSFER)
    if kind == "transfer_tile" and s.step in ("wrench", "action", "replicate", "pass_rover"):
        return "The transfer happens in Step 2, right after placing the Rover; that moment has passed.", R_TRANSFER
    if kind == "use_wrench" and s.step in ("action", "replicate", "pass_rover"):
        return ("No Wrench bonus is left this turn: one use per Wrench icon, in Step 4 (the Trader can still buy "
                "one with an Hourglass).", "Step 4: Use Wrench Bonus")
    if kind == "skip" and s.step == "action":
        return ("The Site's Action is not optional: take it (" + SITE_ACTION[s.rover].capitalize() + ").",
                "Step 5: Take the Site's Action")
    if kind == "skip" and s.step == "place_rover":
        return "Placing the Rover is not optional: choose one of the 5 Sites.", "Step 1: Place the Rover"
    if kind in ("character_ability", "tech_ability"):
        return (f"Hourglass abilities are used on your own turn, not during {title}.", R_ABIL)
    if kind == "use_free_ability":
        return (f"Free Abilities are used at their stated time (start of turn, or after the Action); not during "
                f"{title}.", "Tech Rewards: Free Ability")
    return (f"You cannot do that now: this is {title}. Legal now: {_legal_summary(s)}.", rule)


def _site(name):
    return SITES.index(name) if name in SITES else -1


def check_skip(s, a):
    step = a.get("step")
    if step != s.step:
        return (f"A skip names the step it skips, the step now: skip(step={s.step!r}), not step={step!r:.30}.",
                "The game contract")
    level = a.get("level")
    if s.step == "replicate" and s.search > 0 and level != s.search:
        return (f"The Level {s.search} deck is open: closing it names its Level (skip(step='replicate', "
                f"level={s.search})).", R_REPLICATE)
    if level is not None and not (s.step == "replicate" and s.search > 0):
        return "No deck is open: the skip names only its step (no level).", R_REPLICATE
    return None


def check_ai_replicate(s, a):
    return ("Only the solo AI replicates AI Techs, on its own turn; a player replicates a Tech of the display "
            "or of a deck (replicate, search_deck).", "Solo Variant: AI Turn")


def _effect_reason(s, seat, card, choice):
    """Why `card`'s effect cannot be used now with `choice` (None if it can): the choices it offers now
    (abilities.effect_choices, the rule the listing uses) are none, or do not hold `choice`."""
    from .abilities import effect_choices
    choices = effect_choices(s, seat, card.effect)
    kind = card.effect[0] if card.effect else ""
    if not choices:
        if kind == "radiation":
            return f"You have no Radiation for {card.name} to remove.", "Tech Rewards"
        if kind == "advance":
            return (f"Your {LANGUAGES[card.effect[1]]} track cannot move further now, so {card.name} would do "
                    "nothing.", "Mastering a Language")
        if kind == "wrench":
            return (f"{card.name} uses the Active Site's Wrench bonus: place the Rover first.",
                    "Step 4: Use Wrench Bonus")
        return f"{card.name} cannot be used now.", "Tech Rewards"
    if choice not in choices:
        if choices == (None,):
            return f"{card.name} takes no choice (leave choice out), not {choice!r:.30}.", "Tech Rewards"
        return (f"{card.name} needs choice = one of {', '.join(map(str, choices))}, not {choice!r:.30}.",
                "Step 4: Use Wrench Bonus")
    return None


def check_place(s, a):
    if _site(a.get("site")) < 0:
        return (f"There is no Site called {a.get('site')!r:.40}; the Sites are {', '.join(SITES)}.",
                "Step 1: Place the Rover")
    return None


def check_transfer(s, a):
    b = s.boards[s.to_move]
    if s.transfers >= 1 and (b.character != "Savant" or s.transfers >= 2):
        return ("Only 1 Action tile may be transferred per turn (the Savant may pay for a second).", R_TRANSFER)
    from .rules import adjacent
    src = _site(a.get("from"))
    active = s.rover
    rules = s.options
    if src < 0:
        return f"There is no Site called {a.get('from')!r:.40}.", R_TRANSFER
    near = adjacent(active, rules.transfer_wraps)
    if src not in near:
        near = " and the ".join(SITES[i] for i in near)
        return (f"The {SITES[src]} is not adjacent to the Active Site ({SITES[active]}); adjacent: the {near}.",
                R_TRANSFER)
    tiles = s.sites[src]
    if a.get("tile") not in tiles:
        return (f"Tile {a.get('tile')!r:.20} is not at the {SITES[src]} (its tiles: "
                f"{', '.join(map(str, tiles))}).", R_TRANSFER)
    if len(tiles) < 2:
        return (f"The {SITES[src]} has only 1 Action tile: a transfer must leave at least 1 at every Site.",
                R_TRANSFER)
    pay = a.get("pay")
    cost = rules.transfer_cost
    if pay not in ("Hourglass", "Oxygen"):
        return (f"Pay the whole cost with {cost} Hourglass tokens OR {cost} Oxygen (pay='Hourglass' or 'Oxygen'); "
                f"a mix of both is not allowed.", R_TRANSFER)
    extra = 1 if s.transfers == 1 else 0
    if pay == "Hourglass" and b.hourglass < cost + extra:
        return (f"You have {b.hourglass} Hourglass; this transfer costs {cost + extra} Hourglass.", R_TRANSFER)
    if pay == "Oxygen" and b.resources[3] < cost:
        return f"You have {b.resources[3]} Oxygen; a transfer costs {cost} Oxygen.", R_TRANSFER
    if pay == "Oxygen" and b.hourglass < extra:
        return (f"The Savant's second transfer costs 1 Hourglass on top of the {cost} Oxygen.",
                "Kickstarter Exclusives: Savant")
    return None


def check_wrench(s, a):
    site = s.rover
    c = a.get("choice")
    if site == 1 and c not in RESOURCES:
        return "At the Laboratory the Wrench bonus gives 1 Fuel, Parts, Plans or Oxygen (choice=...).", \
            "Step 4: Use Wrench Bonus"
    if site == 2 and c not in LANGUAGES:
        return ("At the Workshop the Wrench bonus advances 1 Language track (choice = red, orange, green, blue or "
                "star).", "Step 4: Use Wrench Bonus")
    if site not in (1, 2) and c is not None:
        return (f"The {SITES[site]}'s Wrench bonus takes no choice (leave choice out), not {c!r:.30}.",
                "Step 4: Use Wrench Bonus")
    return None


def check_site_action(s, a):
    need = SITE_ACTION[s.rover]
    if s.acted:
        return "You already took the Site's Action this turn.", "Step 5: Take the Site's Action"
    if a.kind != need:
        return (f"The {SITES[s.rover]}'s Action is {need.capitalize()}, not {a.kind.capitalize()}.",
                "Step 5: Take the Site's Action")
    return None


def check_star(s, a):
    if not s.acted:
        return "Take the Site's Action first; then choose a resource for each star icon.", "Discover Action"
    if s.pending <= 0:
        return "There is no star icon left to choose for.", "Discover Action"
    if a.get("resource") not in RESOURCES:
        return f"A star icon gives 1 of {', '.join(RESOURCES)}.", "Discover Action"
    return None


def _level_checks(s, seat, level, row=None):
    if level not in (1, 2, 3):
        return f"Tech Levels are 1, 2 and 3, not {level!r:.20}.", R_REPLICATE
    why = level_reason(s, seat, level)
    if why:
        return why + ".", R_LEVEL
    b = s.boards[seat]
    rows = empty_rows(b, level)
    if not rows:
        return (f"Your Level {level} column is full: at most 3 Techs of each Level.", R_PLACE)
    if row is not None:
        if row not in (1, 2, 3):
            return f"Rows are 1, 2 and 3, not {row!r:.20}.", R_PLACE
        if row - 1 not in rows:
            held = b.techs[(row - 1) * 3 + level - 1]
            return (f"Row {row} of your Level {level} column already holds {held}: a placed Tech never moves; free "
                    f"rows: {', '.join(str(r + 1) for r in rows)}.", R_PLACE)
    return None


def check_replicate(s, a):
    if s.search > 0:
        return f"The Level {s.search} deck is open: take a Tech from it or close it first.", R_REPLICATE
    seat = s.to_move
    level, space, row = a.get("level"), a.get("space"), a.get("row")
    got = _level_checks(s, seat, level, row)
    if got:
        return got
    display_oxygen = s.options.display_oxygen
    if space not in (1, 2, 3, 4):
        return (f"Display spaces are 1 (top, +{display_oxygen[0]} Oxygen) to 4 (bottom, +{display_oxygen[3]} "
                f"Oxygen).", R_PAY)
    cid = s.display[level - 1][space - 1]
    if cid is None:
        return f"Space {space} of the Level {level} column is empty.", R_REPLICATE
    card = s.cards.tech[cid]
    ox = display_oxygen[space - 1]
    need = card.cost[:3] + (card.cost[3] + ox,)
    res = s.boards[seat].resources
    if not can_pay(res, need):
        return (f"{card.name} costs {cost_text(card.cost)} plus {ox} Oxygen for its space; you have {_have(res)}.",
                R_PAY)
    return None


def check_search(s, a):
    if s.search > 0:
        return f"The Level {s.search} deck is already open.", R_REPLICATE
    seat = s.to_move
    level = a.get("level")
    got = _level_checks(s, seat, level)
    if got:
        return got
    res = s.boards[seat].resources
    deck_oxygen = s.options.deck_oxygen
    if res[3] < deck_oxygen:
        return f"Searching a deck costs {deck_oxygen} Oxygen first; you have {res[3]}.", R_PAY
    if not s.decks[level - 1]:
        return f"The Level {level} deck is empty.", R_REPLICATE
    return (f"No Tech left in the Level {level} deck is affordable with {deck_oxygen} Oxygen on top; you have "
            f"{_have(res)}.", R_PAY)


def check_take(s, a):
    if s.search <= 0:
        return "Open a deck first (search_deck), then take a Tech from it.", R_REPLICATE
    seat = s.to_move
    cid = a.get("card")
    if cid not in s.decks[s.search - 1]:
        return f"{cid!r:.40} is not in the Level {s.search} deck.", R_REPLICATE
    card = s.cards.tech[cid]
    got = _level_checks(s, seat, card.level, a.get("row"))
    if got:
        return got
    res = s.boards[seat].resources
    return (f"{card.name} costs {s.options.deck_oxygen} Oxygen + {cost_text(card.cost)}; you have {_have(res)}.",
            R_PAY)


def check_character(s, a):
    if a.get("character") not in CHARACTERS + KICKSTARTER_CHARACTERS:
        return f"There is no Character {a.get('character')!r:.40}.", "Setup: Choose Characters"
    taken = [s.players[i] for i, b in enumerate(s.boards) if b.character == a.get("character")]
    if taken:
        return f"{taken[0]} already has the {a.get('character')}.", "Setup: Choose Characters"
    if a.get("character") in KICKSTARTER_CHARACTERS and not s.options.kickstarter:
        return (f"The {a.get('character')} is a Kickstarter Exclusive: start the game with kickstarter=True.",
                "Kickstarter Exclusives")
    return None


def check_char_ability(s, a):
    from .abilities import ACTIVE_STEPS, professor_tracks
    seat = s.to_move
    b = s.boards[seat]
    ch = a.get("character")
    if ch != b.character:
        return f"Your Character is the {b.character or 'none'}, not the {ch!r:.30}.", R_CHAR
    if b.hourglass < 1:
        return "Abilities cost 1 Hourglass and you have none.", R_ABIL
    if ch == "Trader":
        if "char2" in s.used:
            return "The Trader may use the Wrench bonus at most twice per turn.", R_CHAR + ": Trader"
        if s.step not in ACTIVE_STEPS:
            return "The Trader uses the Active Site's Wrench bonus: place the Rover first.", R_CHAR + ": Trader"
        return check_wrench(s, a)
    if ch in ("Stowaway", "Engineer", "Savant"):
        return (f"The {ch}'s ability is used through another action (tech_ability or a second transfer).", R_CHAR)
    if "char" in s.used:
        return "Each Hourglass ability may be used only once per turn.", R_ABIL
    if ch == "Doctor" and not b.radiation:
        return "You have no Radiation to remove.", R_CHAR + ": Doctor"
    if ch == "Professor":
        tracks = professor_tracks(s, seat)
        t = a.get("track")
        if not tracks:
            return "No Language track of yours can advance.", R_CHAR + ": Professor"
        if t not in LANGUAGES or LANGUAGES.index(t) not in tracks:
            names = ", ".join(LANGUAGES[x] for x in tracks)
            return (f"The Professor advances your most advanced track that can still move: {names}.",
                    R_CHAR + ": Professor")
        r = a.get("resource")
        if r not in RESOURCES or not b.resources[RESOURCES.index(r)]:
            return f"The Professor also spends 1 resource you hold; you have {_have(b.resources)}.", \
                R_CHAR + ": Professor"
    if ch == "Miner":
        pair = a.get("resources")
        if not isinstance(pair, tuple) or len(pair) != 2 or any(x not in RESOURCES[:3] for x in pair):
            return "The Miner takes any 2 of Fuel, Parts and Plans (resources=(x, y)).", R_CHAR + ": Miner"
        if RESOURCES.index(pair[0]) > RESOURCES.index(pair[1]):
            return (f"Name the Miner's pair in Player-board order (Fuel, Parts, Plans): resources=({pair[1]!r}, "
                    f"{pair[0]!r}), the same pair.", "The game contract")
    return None


def check_tech_ability(s, a):
    seat = s.to_move
    b = s.boards[seat]
    cid, owner, via = a.get("card"), a.get("owner"), a.get("via")
    if via not in ("hourglass", "stowaway", "engineer"):
        return "via is 'hourglass' (your Tech), 'stowaway' or 'engineer'.", R_ABIL
    if not isinstance(owner, int) or not 0 <= owner < len(s.players) or cid not in s.boards[owner].techs:
        return f"{cid!r:.30} is not on that player's Tech board.", R_ABIL
    card = s.cards.tech.get(cid)
    if b.hourglass < 1:
        return "Abilities cost 1 Hourglass and you have none.", R_ABIL
    if via == "stowaway":
        if b.character != "Stowaway":
            return "Only the Stowaway may use another player's Tech.", R_CHAR + ": Stowaway"
        if owner == seat:
            return "The Stowaway's ability is for another player's Tech.", R_CHAR + ": Stowaway"
        if card is None or card.kind != "ability" or s.boards[owner].face_down[s.boards[owner].techs.index(cid)]:
            return (f"{cid} has no Hourglass ability: the Stowaway activates a Tech with an ability (one "
                    f"used by spending 1 Hourglass).", R_CHAR + ": Stowaway")
        if "stow" in s.used:
            return "Each Hourglass ability may be used only once per turn.", R_ABIL
    elif via == "engineer":
        if b.character != "Engineer":
            return "Only the Engineer may reuse an ability.", "Kickstarter Exclusives: Engineer"
        if "eng:" + cid in s.used:
            return "The Engineer must choose a different ability each time.", "Kickstarter Exclusives: Engineer"
        if "tech:" + cid not in s.used and "free:" + cid not in s.used:
            return "The Engineer reuses an ability you have already used this turn.", "Kickstarter Exclusives: Engineer"
    else:
        if owner != seat:
            return "Use another player's Tech only as the Stowaway.", R_ABIL
        if card is None or card.kind != "ability":
            return f"{cid} has no Hourglass ability.", "Tech Rewards"
        if "tech:" + cid in s.used:
            return "Each Hourglass ability may be used only once per turn.", R_ABIL
    return _effect_reason(s, seat, card, a.get("choice")) if card is not None else None


def check_free(s, a):
    cid = a.get("card")
    seat = s.to_move
    card = s.cards.tech.get(cid) if isinstance(cid, str) else None
    if card is None or cid not in s.boards[seat].techs or card.kind != "free_ability":
        return f"{cid!r:.30} is not a Free Ability on your Tech board.", "Tech Rewards: Free Ability"
    if "free:" + cid in s.used:
        return "A Free Ability may be used once per turn.", "Tech Rewards: Free Ability"
    want = "start_of_turn" if s.step == "start_of_turn" else "after_action"
    if card.trigger != want:
        return (f"{card.name} is used {'at the start of the turn' if card.trigger == 'start_of_turn' else 'after the Action'}.",
                "Tech Rewards: Free Ability")
    if s.step == "replicate" and s.search > 0:
        return (f"The Level {s.search} deck is open: an after-Action Free Ability is used before a deck is "
                "opened; take a Tech from the deck or close it.", "Tech Rewards: Free Ability")
    return _effect_reason(s, seat, card, a.get("choice"))


CHECKS = {
    "skip": check_skip, "ai_replicate": check_ai_replicate, "place_rover": check_place, "transfer_tile": check_transfer, "use_wrench": check_wrench,
    "discover": check_site_action, "decipher": check_site_action, "discover_star": check_star,
    "replicate": check_replicate, "search_deck": check_search, "take_from_deck": check_take,
    "choose_character": check_character, "character_ability": check_char_ability,
    "tech_ability": check_tech_ability, "use_free_ability": check_free,
}
