"""Transitions: one small ``apply_<kind>`` function per action kind of the turn's steps (abilities
are in ``abilities``, Step 6 in ``replicate``, the solo AI's Tech in ``solo_ai``)."""
from __future__ import annotations

from mars_rules.core import CHANCE

from . import texts
from .data import COLOUR_INDEX, RESOURCES, SITES
from .effects import advance, gain, gain_text, set_board, wasteland_hourglass
from .flow import (_maybe_last_tile, _next_without_character, _place_tile, begin_turn, end_turn, enter_action,
                   enter_radiation, enter_reallocate, enter_replicate, site_counts, site_wrench)


def after_setup_choice(s, events):
    """After a character was chosen or dealt: the next player, or the first turn."""
    seat = _next_without_character(s)
    if seat < 0:
        return begin_turn(s._replace(turn=0), s.first, events)
    if s.setup.characters == "deal":
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
    cost = s.options.transfer_cost
    hg = b.hourglass - (1 if second else 0)
    res = b.resources
    if pay == "Hourglass":
        hg -= cost
    else:
        res = res[:3] + (res[3] - cost,)
    b = b._replace(hourglass=hg, resources=res)
    active = s.rover
    sites = list(s.sites)
    sites[src] = tuple(t for t in sites[src] if t != tile)
    sites[active] = sites[active] + (tile,)
    s = s._replace(boards=set_board(s, seat, b), sites=tuple(sites), transfers=s.transfers + 1,
                   events=(f"Step 2: {s.players[seat]} pays {cost} {pay}{' and 1 Hourglass' if second else ''} and "
                           f"moves tile {tile} ({texts.tile_words(s.tiles[tile])}) from the {SITES[src]} to "
                           f"the bottom of the {SITES[active]}.",))
    if s.transfers == 1 and b.character == "Savant":
        return s  # the Savant may transfer a second tile (or skip)
    return enter_radiation(s, s.events)


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
    n = wasteland_hourglass(s.options, face)
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
    cap = s.options.resource_cap
    events = []
    for r in range(4):
        if counts[r]:
            b, lost = gain(b, r, counts[r], cap)
            events.append(gain_text(name, r, counts[r], lost, cap))
    s = s._replace(boards=set_board(s, seat, b), acted=True)
    head = f"Step 5: Discover at the {SITES[s.rover]}: " + ("; ".join(events) if events else "no coloured icon")
    if counts[4]:
        return s._replace(pending=counts[4], events=(head + f"; {counts[4]} star icon{'s' if counts[4] > 1 else ''}"
                                                            f" to choose.",))
    return enter_replicate(s, (head + ".",))


def apply_discover_star(s, a):
    seat = s.current
    r = RESOURCES.index(a.get("resource"))
    cap = s.options.resource_cap
    b, lost = gain(s.boards[seat], r, 1, cap)
    s = s._replace(boards=set_board(s, seat, b), pending=s.pending - 1,
                   events=("Discover (star icon): " + gain_text(s.players[seat], r, 1, lost, cap) + ".",))
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
                   events=(f"Solo extra reallocation: the die shows {face}, {texts.tiles_phrase(len(down), SITES[site])}"
                           f" turned face down.",))
    return _maybe_last_tile(s)


def apply_pass_rover(s, a):
    return end_turn(s, (f"Step 8: {s.players[s.current]} passes the Rover.",))
