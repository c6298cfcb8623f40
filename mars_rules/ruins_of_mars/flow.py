"""The turn's flow between decisions: starting a turn, entering each step (Step 3 radiation is
applied here, automatically), the reallocation of Step 7, the end of a turn and of the game."""
from __future__ import annotations

from mars_rules.core import CHANCE

from . import texts
from .data import CAPSTONE, COLOUR_INDEX, LANGUAGES, RESOURCES, SITES
from .effects import advance, can_advance, gain, gain_text, set_board


def has_start_abilities(s, seat):
    """Whether `seat` holds a start-of-turn Free Ability that is unused and usable now (a Wrench effect
    needs an Active Site, so never before the Rover is placed; removing Radiation needs some; a Language
    step needs a track that can move). Only then does the turn rest on the "start_of_turn" step."""
    tech = s.cards.tech
    used = s.used
    for c in s.boards[seat].techs:
        if c is not None:
            card = tech.get(c)
            if card is not None and card.kind == "free_ability" and card.trigger == "start_of_turn" \
                    and "free:" + c not in used and _usable_at_start(s, seat, card.effect):
                return True
    return False


def _usable_at_start(s, seat, effect):
    kind = effect[0] if effect else ""
    if kind == "radiation":
        return s.boards[seat].radiation > 0
    if kind == "advance":
        return can_advance(s, seat, effect[1])
    return kind in ("gain", "hourglass")


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
    n = s.options.site_radiation[site]
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
                   to_move=CHANCE, events=events + (f"Step 7: {texts.tiles_phrase(len(down), SITES[site])} "
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
        rules = s.options
        techs = sum(1 for c, d in zip(board.techs, board.face_down) if c is not None and not d)
        mastered = sum(1 for b in s.boards for x in b.languages if x == CAPSTONE)
        if techs >= rules.end_techs or mastered >= rules.end_languages:
            why = (f"completed a {_nth(rules.end_techs)} Tech" if techs >= rules.end_techs else
                   f"ends the turn with {rules.end_languages} Languages mastered on the Language board")
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


def _nth(n):
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def site_counts(s):
    c = [0, 0, 0, 0, 0]
    tiles = s.tiles
    for t in s.sites[s.rover]:
        for ch in tiles[t]:
            i = COLOUR_INDEX.get(ch)
            if i is not None:
                c[i] += 1
    return tuple(c)


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
        cap = s.options.resource_cap
        b, lost = gain(b, r, 1, cap)
        return s._replace(boards=set_board(s, seat, b),
                          events=events + (f"{label}: " + gain_text(name, r, 1, lost, cap) + ".",))
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


def _next_without_character(s):
    n = len(s.players)
    humans = 1 if s.solo else n
    for k in range(n):
        seat = (s.first + k) % n
        if seat < humans and not s.boards[seat].character:
            return seat
    return -1
