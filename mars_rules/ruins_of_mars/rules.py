"""Legality and dispatch: ``legal(state)`` (the one place legality is decided, with the step modules
it calls), ``outcomes(state)`` at chance nodes, ``play(state, action)`` dispatching to the
``apply_<kind>`` functions, and ``why`` (in ``why.py``).

Forced things (Step 3 radiation, the last tile of a reallocation, the solo AI's Hourglass spending)
happen automatically inside a transition and are narrated in ``state.events``.
"""
from __future__ import annotations

from functools import partial

from mars_rules.core import CHANCE, Action

from . import abilities, replicate, solo_ai, texts, transitions as T
from .data import CHARACTERS, KICKSTARTER_CHARACTERS, LANGUAGES, RESOURCES, SITE_ACTION, SITES
from .flow import _next_without_character, site_counts

fast = Action.fast

# ------------------------------------------------------------------------------------------------
# legal actions
# ------------------------------------------------------------------------------------------------
_cache = {}


def _act(kind, player, items, text, extra=None):
    """A shared Action object: only for texts that depend on the params and `extra` alone (`extra` holds
    whatever else the text reads, such as a rule option, so it is part of the key)."""
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
    names = CHARACTERS + (KICKSTARTER_CHARACTERS if s.options.kickstarter else ())
    return tuple(_act("choose_character", seat, (("character", c),), f"Choose the {c}: " + _char_text(c))
                 for c in names if c not in taken)


def _char_text(c):
    from .data import CHARACTER_TEXT
    return CHARACTER_TEXT[c]


def _legal_start(s, seat):
    return (skip_action(seat, "start_of_turn"),)


_PLACE = {}


def _legal_place(s, seat):
    acts = _PLACE.get(seat)
    if acts is None:
        acts = _PLACE[seat] = tuple(_act("place_rover", seat, (("site", name),), texts.place_rover) for name in SITES)
    return acts


def transfer_options(s, seat):
    """[(from_site, tile, pay)] legal now (pay is 'Hourglass' or 'Oxygen')."""
    b = s.boards[seat]
    rules = s.options
    cost = rules.transfer_cost
    second = s.transfers == 1
    extra = 1 if second else 0
    pays = []
    if b.hourglass >= cost + extra:
        pays.append("Hourglass")
    if b.resources[3] >= cost and b.hourglass >= extra:
        pays.append("Oxygen")
    if not pays:
        return []
    out = []
    for src in adjacent(s.rover, rules.transfer_wraps):
        if len(s.sites[src]) >= 2:
            for t in s.sites[src]:
                for p in pays:
                    out.append((src, t, p))
    return out


def adjacent(site, wraps):
    """The Sites adjacent to `site` for a transfer: its neighbours in the row, and across the ends (the
    Wasteland and the Infirmary) when `wraps` (the option ``transfer_wraps``)."""
    if wraps:
        return tuple(sorted({(site - 1) % 5, (site + 1) % 5}))
    return tuple(i for i in (site - 1, site + 1) if 0 <= i < 5)


def _legal_transfer(s, seat):
    if s.transfers >= 2 or (s.transfers == 1 and s.boards[seat].character != "Savant"):
        return (skip_action(seat, "transfer"),)
    second = s.transfers == 1
    acts = [fast("transfer_tile", seat, (("from", SITES[src]), ("tile", t), ("pay", p)),
                 texts.transfer_text(s.tiles[t], second, SITES[s.rover], s.options.transfer_cost))
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
    acts = _STARS.get(seat)
    if acts is None:
        acts = _STARS[seat] = tuple(_act("discover_star", seat, (("resource", r),), texts.star) for r in RESOURCES)
    return acts


_STARS = {}


def _action_text(site, counts, a):
    if a[0] == "discover":
        t = f"Discover at the {SITES[site]}: take {texts.resource_list(counts[:4]) or 'no resource'}"
        if counts[4]:
            t += f", then choose {counts[4]} resource{'s' if counts[4] > 1 else ''} for the star icon" + \
                 ("s" if counts[4] > 1 else "")
        return t
    return f"Decipher at the {SITES[site]}: {texts.language_list(counts) or 'no coloured icon'}"


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


_DIE = {}
"""The outcomes of the Wasteland die for each table of Hourglasses (the option ``wasteland_hourglass``)."""


def outcomes(s):
    kind = s.chance
    if kind == "draw_tile":
        site = SITES[s.realloc_to]
        tiles = s.tiles
        return tuple((fast("draw_tile", CHANCE, (("tile", t), ("site", site)), partial(texts.draw_tile, tiles[t])), 1)
                     for t in s.facedown)
    if kind == "wasteland_die":
        table = s.options.wasteland_hourglass
        die = _DIE.get(table)
        if die is None:
            text = partial(texts.die, table)
            die = _DIE[table] = tuple((fast("wasteland_die", CHANCE, (("face", f),), text), 1) for f in range(1, 7))
        return die
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
        names = CHARACTERS + (KICKSTARTER_CHARACTERS if s.options.kickstarter else ())
        return tuple((fast("deal_character", CHANCE, (("player", seat), ("character", c)),
                           f"{s.players[seat]} is dealt the {c}"), 1) for c in names if c not in taken)
    return ()





def play(s, a):
    s = HANDLERS[a[0]](s, a)
    if s.solo:
        s = solo_ai.spend_hourglasses(s)
    return s


HANDLERS = {
    "first_player": T.apply_first_player, "choose_character": T.apply_choose_character,
    "deal_character": T.apply_deal_character, "skip": T.apply_skip, "place_rover": T.apply_place_rover,
    "transfer_tile": T.apply_transfer_tile, "use_wrench": T.apply_use_wrench, "wasteland_die": T.apply_wasteland_die,
    "discover": T.apply_discover, "discover_star": T.apply_discover_star, "decipher": T.apply_decipher,
    "draw_tile": T.apply_draw_tile, "solo_die": T.apply_solo_die, "pass_rover": T.apply_pass_rover,
    "replicate": replicate.apply_replicate, "search_deck": replicate.apply_search_deck,
    "take_from_deck": replicate.apply_take_from_deck, "refill_display": replicate.apply_refill,
    "ai_replicate": solo_ai.apply_ai_replicate,
    "character_ability": abilities.apply_character_ability, "tech_ability": abilities.apply_tech_ability,
    "use_free_ability": abilities.apply_free_ability,
}

from .why import why  # noqa: E402,F401
