"""Explicit positions for the scenario tests (they never rely on the default tiles or deal)."""
from __future__ import annotations

import pytest

import mars_rules
from mars_rules import CHANCE, Action, IllegalAction

game = mars_rules.load("ruins_of_mars")

# The tests' own Action tiles, tile id = index (icons: R O G B S = colours/star, W = wrench, X = radiation).
TILES = ("RO", "O", "BR", "RS", "S", "RW", "WW", "X", "GG", "BB", "OS")
LAYOUT = ((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))


def fixture(players=2, sites=LAYOUT, tiles=TILES, characters=None, seat=0, step="place_rover", **fields):
    """A position at the start of `seat`'s turn (Step 1) with explicit tiles and no Characters."""
    s = game.new_game(players=players, seed=1, first_player=0, characters="deal", tiles=tiles)
    boards = tuple(b._replace(character="", hourglass=0) for b in s.boards)
    if characters:
        boards = tuple(b._replace(character=c) for b, c in zip(boards, characters))
    s = s._replace(sites=tuple(tuple(c) for c in sites), boards=boards, step=step, current=seat, to_move=seat,
                   turn=1, events=(), **fields)
    return s


def player(s, seat, **changes):
    b = s.boards[seat]._replace(**{k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()})
    return s._replace(boards=s.boards[:seat] + (b,) + s.boards[seat + 1:])


def give_tech(s, seat, cid, row):
    """Put Tech `cid` on `seat`'s board (taken from its deck or the display, which is refilled)."""
    card = s.cards.tech[cid]
    lv = card.level - 1
    decks = [list(d) for d in s.decks]
    display = [list(c) for c in s.display]
    if cid in decks[lv]:
        decks[lv].remove(cid)
    else:
        k = display[lv].index(cid)
        display[lv][k] = decks[lv].pop(0)
    slot = row * 3 + lv
    b = s.boards[seat]
    s = s._replace(decks=tuple(tuple(d) for d in decks), display=tuple(tuple(c) for c in display))
    return player(s, seat, techs=b.techs[:slot] + (cid,) + b.techs[slot + 1:])


def put_in_display(s, cid, space):
    """Swap Tech `cid` into display space `space` (1..4) of its Level's column."""
    lv = s.cards.tech[cid].level - 1
    decks = [list(d) for d in s.decks]
    display = [list(c) for c in s.display]
    old = display[lv][space - 1]
    if cid in decks[lv]:
        decks[lv].remove(cid)
        decks[lv].append(old)
        decks[lv].sort()
    else:
        k = display[lv].index(cid)
        display[lv][k] = old
    display[lv][space - 1] = cid
    return s._replace(decks=tuple(tuple(d) for d in decks), display=tuple(tuple(c) for c in display))


def go(s, kind, **params):
    return s.apply(Action(kind, s.to_move, params))


def chance(s, kind, **params):
    assert s.to_move == CHANCE, s
    return s.apply(Action(kind, CHANCE, params))


def illegal(s, kind, player=None, **params):
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(Action(kind, s.to_move if player is None else player, params))
    assert s.to_json() == before
    return e.value


def to_step(s, step):
    """Skip optional things until `step` (for setting up a scenario)."""
    while s.step != step:
        kinds = {a.kind for a in s.legal_actions()}
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        elif "skip" in kinds:
            s = go(s, "skip", step=s.step)
        else:
            s = s.apply(s.legal_actions()[0])
    return s


def roundtrip(s):
    again = game.from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()
    return again
