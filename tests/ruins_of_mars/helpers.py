"""Explicit positions for the scenario tests (they never rely on the default tiles or deal)."""
from __future__ import annotations

import pytest

import mars_rules
from mars_rules import CHANCE, Action, IllegalAction, PositionError

game = mars_rules.load("ruins_of_mars")

# The tests' own Action tiles, tile id = index (icons: R O G B S = colours/star, W = wrench, X = radiation).
TILES = ("RO", "O", "BR", "RS", "S", "RW", "WW", "X", "GG", "BB", "OS")
LAYOUT = ((8, 9, 10), (5, 7), (0, 1), (2, 3), (4, 6))


def draft(players=2, sites=LAYOUT, tiles=TILES, characters=None, seat=0, step="place_rover", options=None,
          **fields):
    """The position builder (`state.edit()`) holding a position at the start of `seat`'s turn (Step 1) with
    explicit tiles, no Hourglass and no Characters (or `characters`, one per seat, "" for none), under the
    rule `options` (a dict, default none: the rulebook's rules); `fields` set any State field last (e.g.
    `rover=2`)."""
    options = dict(options or {})
    options.setdefault("kickstarter", any(c in ("Engineer", "Savant") for c in characters or ()))
    b = game.new_game(players=players, seed=1, first_player=0, characters="deal", tiles=tiles, **options).edit()
    for site, col in enumerate(sites):
        b.set_site_tiles(site, col)
    for p in range(len(b.state.players)):
        b.set_player(p, character=characters[p] if characters else "", hourglass=0)
    return b.set_turn(seat, step).set(turn=1, events=(), **fields)


def position(**kw):
    """The position of `draft(**kw)`, checked (`done()`): what a scenario test plays from."""
    return draft(**kw).done()


def with_player(s, seat, **changes):
    """`s` with fields of one player changed (names as in `player(who).<name>`), checked."""
    return s.edit().set_player(seat, **changes).done()


def with_tech(s, seat, cid, row):
    """`s` with Tech `cid` on `seat`'s board in row `row` (0..2), taken from its deck or the display (which
    is refilled), checked."""
    return s.edit().give(seat, cid, row + 1).done()


def at_step(s, step, rover, seat=None):
    """`s` with the Rover on `rover` (a Site's name) and `seat` (default: the player whose turn it is)
    deciding at `step`, the turn's bookkeeping done by the builder's `set_turn`, checked."""
    return s.edit().place_rover(rover).set_turn(s.current if seat is None else seat, step).done()


def put_in_display(s, cid, space):
    """`s` with Tech `cid` in display space `space` (1..4) of its Level's column (the card there goes back
    where `cid` came from), checked."""
    return s.edit().put_in_display(cid, space).done()


# Drafts: the same positions, NOT checked, for the tests of the checks themselves (test_positions builds
# positions the rules refuse, on purpose). They still move cards and tiles with the builder's verbs, so
# the totals stay right; a misused verb (an unknown name) raises at once.
def _draft_state(b):
    if b.problems:
        raise PositionError(b.problems)
    return b.state


def fixture(**kw):
    """`draft(**kw)`'s position, unchecked (see above): scenario tests use `position`."""
    return _draft_state(draft(**kw))


def player(s, seat, **changes):
    """`with_player`, unchecked (see above)."""
    return _draft_state(s.edit().set_player(seat, **changes))


def give_tech(s, seat, cid, row):
    """`with_tech`, unchecked (see above)."""
    return _draft_state(s.edit().give(seat, cid, row + 1))


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
