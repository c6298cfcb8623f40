"""The turn, step by step: legal actions (`legal`, decided only here and in the step modules),
chance outcomes (`outcomes`), transitions (`play`, dispatching to `apply_<kind>`), and `why`.

Forced things (Step 3 radiation, the last tile of a reallocation, the solo AI's Hourglass spending)
happen automatically inside a transition and are narrated in ``state.events``.
"""
from __future__ import annotations

from functools import partial

from mars_rules.core import CHANCE, Action

from . import abilities, replicate, solo_ai, texts
from .data import (CHARACTERS, COLOUR_INDEX, KICKSTARTER_CHARACTERS, LANGUAGES, RESOURCES, SITE_ACTION,
                   SITE_RADIATION, SITES, TRANSFER_COST, WASTELAND_HOURGLASS)
from .effects import advance, gain, gain_text, set_board

fast = Action.fast

# ------------------------------------------------------------------------------------------------
# turn flow
# ------------------------------------------------------------------------------------------------


def has_start_abilities(s, seat):
    tech = s.cards.tech
    used = s.used
    for c in s.boards[seat].techs:
        if c is not None:
            card = tech.get(c)
            if card is not None and card.kind == "free_ability" and card.trigger == "start_of_turn" \
                    and "free:" + c not in used:
                return True
    return False


def begin_turn(s, seat, events):
    s = s._replace(current=seat, turn=s.turn + 1, pending=0, acted=False, transfers=0, used=(), search=0,
                   facedown=(), chance="")
    events = events + (f"Turn {s.turn}: {s.players[seat]} has the Rover.",)
    if s.solo and seat == 1:
        return s._replace(step="solo_reallocation", chance="solo_die", to_move=CHANCE, events=events)
    if has_start_abilities(s, seat):
        return s._replace(step="start_of_turn", to_move=seat, events=events)
    return s._replace(step="place_rover", to_move=seat, events=events)


def enter_radiation(s, events):
    site = s.rover
    n = SITE_RADIATION[site]
    tiles = s.tiles
    for t in s.sites[site]:
        n += tiles[t].count("X")
    seat = s.current
    if n:
        b = s.boards[seat]
        s = s._replace(boards=set_board(s, seat, b._replace(radiation=b.radiation + n)))
        events += (f"Step 3: {s.players[seat]} takes {n} Radiation at the {SITES[site]}.",)
    else:
        events += (f"Step 3: no Radiation icon at the {SITES[site]}.",)
    return enter_wrench(s, events)


def enter_wrench(s, events):
    w = 0
    tiles = s.tiles
    for t in s.sites[s.rover]:
        w += tiles[t].count("W")
    if w:
        return s._replace(step="wrench", pending=w, to_move=s.current, events=events)
    return enter_action(s, events + (f"Step 4: no Wrench icon at the {SITES[s.rover]}.",))


def enter_action(s, events):
    return s._replace(step="action", pending=0, acted=False, to_move=s.current, events=events)


def enter_replicate(s, events):
    return s._replace(step="replicate", pending=0, search=0, to_move=s.current, events=events)


def enter_reallocate(s, events):
    site = s.rover
    down = tuple(sorted(s.sites[site]))
    sites = s.sites[:site] + ((),) + s.sites[site + 1:]
    s = s._replace(step="reallocate", sites=sites, facedown=down, realloc_to=site, chance="draw_tile",
                   to_move=CHANCE, events=events + (f"Step 7: the {len(down)} tiles of the {SITES[site]} are "
                                                      f"turned face down and shuffled.",))
    return _maybe_last_tile(s)


def _maybe_last_tile(s):
    """Place the last face-down tile without a chance node (there is nothing left to choose)."""
    if len(s.facedown) == 1:
        s = _place_tile(s, s.facedown[0])
    if not s.facedown:
        return finish_reallocation(s)
    return s


def _place_tile(s, tile, events=None, draws=None):
    site = s.realloc_to
    sites = s.sites[:site] + (s.sites[site] + (tile,),) + s.sites[site + 1:]
    down = tuple(t for t in s.facedown if t != tile)
    line = f"Tile {tile} ({texts.tile_words(s.tiles[tile])}) goes to the {SITES[site]}."
    return s._replace(sites=sites, facedown=down, realloc_to=(site + 1) % 5,
                      events=(s.events if events is None else events) + (line,),
                      draws=s.draws if draws is None else draws)


def finish_reallocation(s):
    if s.step == "solo_reallocation":
        return s._replace(step="place_rover", chance="", to_move=s.current)
    return s._replace(step="pass_rover", chance="", to_move=s.current)


def end_turn(s, events):
    seat = s.current
    n = len(s.players)
    board = s.boards[seat]
    end_turns = s.end_turns
    if end_turns < 0:
        techs = sum(1 for c, d in zip(board.techs, board.face_down) if c is not None and not d)
        mastered = sum(1 for b in s.boards for x in b.languages if x == 9)
        if techs == 9 or mastered >= 4:
            why = "completed a 9th Tech" if techs == 9 else "4 Languages are now mastered"
            end_turns = n - 1
            events += (f"End of the game triggered: {s.players[seat]} {why}; every other player gets one "
                       f"final turn.",)
    else:
        end_turns -= 1
    s = s._replace(end_turns=end_turns)
    if end_turns == 0:
        return s._replace(step="game_over", to_move=None, chance="", pending=0,
                          events=events + ("The game is over: final scoring.",))
    return begin_turn(s, (seat + 1) % n, events)


# ------------------------------------------------------------------------------------------------
# legal actions
# ------------------------------------------------------------------------------------------------
_cache = {}


def _act(kind, player, items, text, extra=None):
    """A shared Action object: only for texts that depend on the params (and `extra`) alone."""
    key = (kind, player, items, extra)
    a = _cache.get(key)
    if a is None:
        a = _cache[key] = fast(kind, player, items, text)
    return a


def skip_action(seat, step, extra=()):
    return _act("skip", seat, (("step", step),) + extra, texts.skip)


def legal(s):
    seat = s.to_move
    if s.solo and seat == 1:
        return solo_ai.legal(s)
    step = s.step
    if step == "choose_character":
        return character_choices(s, seat)
    main = STEP_LEGAL[step](s, seat)
    if s.boards[seat].hourglass or step in ("start_of_turn", "replicate"):
        return main + abilities.actions(s, seat)
    return main


def character_choices(s, seat):
    taken = {b.character for b in s.boards}
    names = CHARACTERS + (KICKSTARTER_CHARACTERS if s.option("kickstarter") else ())
    return tuple(_act("choose_character", seat, (("character", c),), f"Choose the {c}: " + _char_text(c))
                 for c in names if c not in taken)


def _char_text(c):
    from .data import CHARACTER_TEXT
    return CHARACTER_TEXT[c]


def _legal_start(s, seat):
    return (skip_action(seat, "start_of_turn"),)


def _legal_place(s, seat):
    return tuple(_act("place_rover", seat, (("site", name),), texts.place_rover) for name in SITES)


def transfer_options(s, seat):
    """[(from_site, tile, pay)] legal now (pay is 'Hourglass' or 'Oxygen')."""
    b = s.boards[seat]
    second = s.transfers == 1
    extra = 1 if second else 0
    pays = []
    if b.hourglass >= TRANSFER_COST + extra:
        pays.append("Hourglass")
    if b.resources[3] >= TRANSFER_COST and b.hourglass >= extra:
        pays.append("Oxygen")
    if not pays:
        return []
    out = []
    active = s.rover
    for src in (active - 1, active + 1):
        if 0 <= src < 5 and len(s.sites[src]) >= 2:
            for t in s.sites[src]:
                for p in pays:
                    out.append((src, t, p))
    return out


def _legal_transfer(s, seat):
    if s.transfers >= 2 or (s.transfers == 1 and s.boards[seat].character != "Savant"):
        return (skip_action(seat, "transfer"),)
    second = s.transfers == 1
    acts = [fast("transfer_tile", seat, (("from", SITES[src]), ("tile", t), ("pay", p)),
                 texts.transfer_text(s.tiles[t], second, SITES[s.rover]))
            for src, t, p in transfer_options(s, seat)]
    acts.append(skip_action(seat, "transfer"))
    return tuple(acts)


def wrench_choices(s):
    site = s.rover
    if site == 1:
        return tuple((("choice", r),) for r in RESOURCES)
    if site == 2:
        return tuple((("choice", t),) for t in LANGUAGES)
    return ((),)


def _legal_wrench(s, seat):
    text = texts.wrench_for(s.rover)
    acts = tuple(_act("use_wrench", seat, items, text, s.rover) for items in wrench_choices(s))
    return acts + (skip_action(seat, "wrench"),)


def _legal_action(s, seat):
    if not s.acted:
        kind = SITE_ACTION[s.rover]
        return (fast(kind, seat, (), partial(_action_text, s.rover, site_counts(s))),)
    return tuple(_act("discover_star", seat, (("resource", r),), texts.star) for r in RESOURCES)


def _action_text(site, counts, a):
    if a[0] == "discover":
        t = f"Discover at the {SITES[site]}: take {texts.resource_list(counts[:4]) or 'no resource'}"
        if counts[4]:
            t += f", then choose {counts[4]} resource{'s' if counts[4] > 1 else ''} for the star icon" + \
                 ("s" if counts[4] > 1 else "")
        return t
    return f"Decipher at the {SITES[site]}: {texts.language_list(counts) or 'no coloured icon'}"


def site_counts(s):
    c = [0, 0, 0, 0, 0]
    tiles = s.tiles
    for t in s.sites[s.rover]:
        for ch in tiles[t]:
            i = COLOUR_INDEX.get(ch)
            if i is not None:
                c[i] += 1
    return tuple(c)


def _legal_pass(s, seat):
    nxt = (seat + 1) % len(s.players)
    return (fast("pass_rover", seat, (), partial(texts.pass_rover, s.players[nxt])),)


STEP_LEGAL = {
    "start_of_turn": _legal_start, "place_rover": _legal_place, "transfer": _legal_transfer,
    "wrench": _legal_wrench, "action": _legal_action, "replicate": replicate.legal,
    "pass_rover": _legal_pass,
}

# ------------------------------------------------------------------------------------------------
# chance
# ------------------------------------------------------------------------------------------------


def outcomes(s):
    kind = s.chance
    if kind == "draw_tile":
        site = SITES[s.realloc_to]
        tiles = s.tiles
        return tuple((fast("draw_tile", CHANCE, (("tile", t), ("site", site)), partial(texts.draw_tile, tiles[t])), 1)
                     for t in s.facedown)
    if kind == "wasteland_die":
        return tuple((_act("wasteland_die", CHANCE, (("face", f),), texts.die), 1) for f in range(1, 7))
    if kind == "solo_die":
        return tuple((_act("solo_die", CHANCE, (("face", f),), texts.solo_die), 1) for f in range(1, 7))
    if kind == "refill_display":
        return replicate.refill_outcomes(s)
    if kind == "first_player":
        return tuple((fast("first_player", CHANCE, (("player", p),), f"{name} takes the Rover first"), 1)
                     for p, name in enumerate(s.players))
    if kind == "deal_character":
        seat = _next_without_character(s)
        taken = {b.character for b in s.boards}
        names = CHARACTERS + (KICKSTARTER_CHARACTERS if s.option("kickstarter") else ())
        return tuple((fast("deal_character", CHANCE, (("player", seat), ("character", c)),
                           f"{s.players[seat]} is dealt the {c}"), 1) for c in names if c not in taken)
    return ()


def _next_without_character(s):
    n = len(s.players)
    humans = 1 if s.solo else n
    for k in range(n):
        seat = (s.first + k) % n
        if seat < humans and not s.boards[seat].character:
            return seat
    return -1


# ------------------------------------------------------------------------------------------------
# transitions
# ------------------------------------------------------------------------------------------------


def play(s, a):
    s = HANDLERS[a[0]](s, a)
    if s.solo:
        s = solo_ai.spend_hourglasses(s)
    return s


def after_setup_choice(s, events):
    """After a character was chosen or dealt: the next player, or the first turn."""
    seat = _next_without_character(s)
    if seat < 0:
        return begin_turn(s._replace(turn=0), s.first, events)
    if s.option("characters") == "deal":
        return s._replace(step="choose_character", chance="deal_character", to_move=CHANCE, events=events)
    return s._replace(step="choose_character", chance="", to_move=seat, events=events)


def apply_first_player(s, a):
    p = a.get("player")
    s = s._replace(first=p, current=p, events=(f"{s.players[p]} takes the Rover and will play first.",))
    return after_setup_choice(s, s.events)


def _give_character(s, seat, name, how):
    b = s.boards[seat]
    s = s._replace(boards=set_board(s, seat, b._replace(character=name)))
    return after_setup_choice(s, (f"{s.players[seat]} {how} the {name}.",))


def apply_choose_character(s, a):
    return _give_character(s, s.to_move, a.get("character"), "chooses")


def apply_deal_character(s, a):
    return _give_character(s, a.get("player"), a.get("character"), "is dealt")


def apply_skip(s, a):
    step = s.step
    name = s.players[s.current]
    if step == "start_of_turn":
        return s._replace(step="place_rover", events=(f"{name} is done with start-of-turn abilities.",))
    if step == "transfer":
        return enter_radiation(s, (f"Step 2: {name} makes no (further) transfer.",))
    if step == "wrench":
        return enter_action(s, (f"Step 4: {name} leaves {s.pending} Wrench bonus{'es' if s.pending > 1 else ''} "
                                f"unused.",))
    if step == "replicate":
        if s.search > 0:
            return s._replace(search=0, events=(f"{name} closes the Level {s.search} deck and shuffles it.",))
        return enter_reallocate(s, (f"Step 6: {name} does not replicate a Tech.",))
    raise AssertionError(step)


def apply_place_rover(s, a):
    site = SITES.index(a.get("site"))
    seat = s.current
    s = s._replace(rover=site, step="transfer", transfers=0, to_move=seat,
                   events=(f"Step 1: {s.players[seat]} places the Rover on the {SITES[site]}.",))
    return s


def apply_transfer_tile(s, a):
    seat = s.current
    src = SITES.index(a.get("from"))
    tile = a.get("tile")
    pay = a.get("pay")
    b = s.boards[seat]
    second = s.transfers == 1
    hg = b.hourglass - (1 if second else 0)
    res = b.resources
    if pay == "Hourglass":
        hg -= TRANSFER_COST
    else:
        res = res[:3] + (res[3] - TRANSFER_COST,)
    b = b._replace(hourglass=hg, resources=res)
    active = s.rover
    sites = list(s.sites)
    sites[src] = tuple(t for t in sites[src] if t != tile)
    sites[active] = sites[active] + (tile,)
    s = s._replace(boards=set_board(s, seat, b), sites=tuple(sites), transfers=s.transfers + 1,
                   events=(f"Step 2: {s.players[seat]} pays 2 {pay}{' and 1 Hourglass' if second else ''} and "
                           f"moves tile {tile} ({texts.tile_words(s.tiles[tile])}) from the {SITES[src]} to "
                           f"the bottom of the {SITES[active]}.",))
    if s.transfers == 1 and b.character == "Savant":
        return s  # the Savant may transfer a second tile (or skip)
    return enter_radiation(s, s.events)


def site_wrench(s, seat, choice, events, label):
    """One use of the Active Site's Wrench bonus (Step 4, the Trader, a Tech with a Wrench)."""
    site = s.rover
    b = s.boards[seat]
    name = s.players[seat]
    if site == 0:
        return s._replace(chance="wasteland_die", to_move=CHANCE,
                          events=events + (f"{label}: {name} rolls the Wasteland die.",))
    if site == 1:
        r = RESOURCES.index(choice)
        b, lost = gain(b, r, 1)
        return s._replace(boards=set_board(s, seat, b), events=events + (f"{label}: " + gain_text(name, r, 1, lost) + ".",))
    if site == 2:
        s, text = advance(s, seat, LANGUAGES.index(choice), 1)
        return s._replace(events=events + (f"{label}: {text}.",))
    if site == 3:
        b = b._replace(hourglass=b.hourglass + 1)
        return s._replace(boards=set_board(s, seat, b), events=events + (f"{label}: {name} gains 1 Hourglass.",))
    if b.radiation:
        b = b._replace(radiation=b.radiation - 1)
        return s._replace(boards=set_board(s, seat, b), events=events + (f"{label}: {name} removes 1 Radiation.",))
    return s._replace(events=events + (f"{label}: {name} has no Radiation to remove.",))


def apply_use_wrench(s, a):
    seat = s.current
    s = s._replace(pending=s.pending - 1)
    s = site_wrench(s, seat, a.get("choice"), (), f"Step 4 (Wrench at the {SITES[s.rover]})")
    if s.to_move == CHANCE:
        return s
    if s.pending == 0:
        return enter_action(s, s.events)
    return s


def apply_wasteland_die(s, a):
    face = a.get("face")
    seat = s.current
    n = WASTELAND_HOURGLASS[face]
    b = s.boards[seat]
    s = s._replace(boards=set_board(s, seat, b._replace(hourglass=b.hourglass + n)), chance="", to_move=seat,
                   events=(f"The Wasteland die shows {face}: {s.players[seat]} gains {n} Hourglass"
                           f"{'es' if n > 1 else ''}.",))
    if s.step == "wrench" and s.pending == 0:
        return enter_action(s, s.events)
    return s


def apply_discover(s, a):
    seat = s.current
    counts = site_counts(s)
    b = s.boards[seat]
    name = s.players[seat]
    events = []
    for r in range(4):
        if counts[r]:
            b, lost = gain(b, r, counts[r])
            events.append(gain_text(name, r, counts[r], lost))
    s = s._replace(boards=set_board(s, seat, b), acted=True)
    head = f"Step 5: Discover at the {SITES[s.rover]}: " + ("; ".join(events) if events else "no coloured icon")
    if counts[4]:
        return s._replace(pending=counts[4], events=(head + f"; {counts[4]} star icon{'s' if counts[4] > 1 else ''}"
                                                            f" to choose.",))
    return enter_replicate(s, (head + ".",))


def apply_discover_star(s, a):
    seat = s.current
    r = RESOURCES.index(a.get("resource"))
    b, lost = gain(s.boards[seat], r, 1)
    s = s._replace(boards=set_board(s, seat, b), pending=s.pending - 1,
                   events=("Discover (star icon): " + gain_text(s.players[seat], r, 1, lost) + ".",))
    if s.pending == 0:
        return enter_replicate(s, s.events)
    return s


def apply_decipher(s, a):
    seat = s.current
    tiles = s.tiles
    events = [f"Step 5: Decipher at the {SITES[s.rover]}."]
    order = []
    for t in s.sites[s.rover]:
        for ch in tiles[t]:
            i = COLOUR_INDEX.get(ch)
            if i is not None:
                order.append(i)
    for track in order:
        s, text = advance(s, seat, track, 1)
        events.append(text + ".")
    return enter_replicate(s._replace(acted=True), tuple(events))


def apply_draw_tile(s, a):
    s = _place_tile(s, a.get("tile"), (), s.draws + 1)   # counts the draw itself (one copy fewer)
    return _maybe_last_tile(s)


def apply_solo_die(s, a):
    face = a.get("face")
    s = s._replace(solo_die=face)
    if face == 6:
        return s._replace(step="place_rover", chance="", to_move=1,
                          events=("Solo extra reallocation: the die shows 6, no Site is reallocated.",))
    site = face - 1
    down = tuple(sorted(s.sites[site]))
    sites = s.sites[:site] + ((),) + s.sites[site + 1:]
    s = s._replace(sites=sites, facedown=down, realloc_to=site, chance="draw_tile",
                   events=(f"Solo extra reallocation: the die shows {face}, the {len(down)} tile"
                           f"{'s' if len(down) > 1 else ''} of the {SITES[site]} are turned face down.",))
    return _maybe_last_tile(s)


def apply_pass_rover(s, a):
    return end_turn(s, (f"Step 8: {s.players[s.current]} passes the Rover.",))


HANDLERS = {
    "first_player": apply_first_player, "choose_character": apply_choose_character,
    "deal_character": apply_deal_character, "skip": apply_skip, "place_rover": apply_place_rover,
    "transfer_tile": apply_transfer_tile, "use_wrench": apply_use_wrench, "wasteland_die": apply_wasteland_die,
    "discover": apply_discover, "discover_star": apply_discover_star, "decipher": apply_decipher,
    "draw_tile": apply_draw_tile, "solo_die": apply_solo_die, "pass_rover": apply_pass_rover,
    "replicate": replicate.apply_replicate, "search_deck": replicate.apply_search_deck,
    "take_from_deck": replicate.apply_take_from_deck, "refill_display": replicate.apply_refill,
    "ai_replicate": solo_ai.apply_ai_replicate,
    "character_ability": abilities.apply_character_ability, "tech_ability": abilities.apply_tech_ability,
    "use_free_ability": abilities.apply_free_ability,
}

from .why import why  # noqa: E402,F401
