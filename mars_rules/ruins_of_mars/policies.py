"""Playing policies for experiments: `evaluate` (a cheap position value), `greedy` (one-ply greedy on
it) and `ai_policy` (the solo AI's procedure playing any seat).

A policy is `policy(state, rng) -> Action` (see mars_rules.core.playout); `mars_rules.core.simulate`
uses `greedy` for "greedy" play in this game. These are teaching baselines, not strong players.

- `evaluate(state, player)`: the provisional PP (Language tracks, Tech rows, Tech PP, Radiation), plus
  what the score does not see yet: resources and Hourglasses, every Tech on the board (toward a row),
  the Language requirements of Level 2 and 3 Techs, and the Action still to come at the Active Site.
  The value is relative to the best opponent.
- `greedy(state, rng)`: the action after which `evaluate` is highest (ties at random).
- `ai_policy(state, rng)`: the Solo Variant's AI procedure (see `solo_ai`) for any seat of any game:
  the Rover on the Site with the most tiles (rightmost of the tied), never a transfer, every Wrench
  used, resources and Language steps of its choice by the AI's rules (least resource, topmost on a
  tie; highest track that can advance, leftmost on a tie), the most expensive Tech of the display it
  can afford (printed cost; the highest Level, then the topmost space on a tie; the topmost empty row),
  no deck search and no Tech or Character ability, except one: an Hourglass is spent on Radiation
  whenever the rules let the seat do it one for one (the Doctor's ability). The Character is the first
  one still available. In the solo game the AI's own seat has one legal action each time: it is taken.

>>> from mars_rules.core import playout
>>> from mars_rules.ruins_of_mars import new_game
>>> playout(new_game(players=2, seed=1), policy=[greedy, ai_policy], seed=1).is_over
True
"""
from __future__ import annotations

from mars_rules.core.simulate import one_ply_policy

from .data import CAPSTONE, LANGUAGES, RESOURCES, SITE_ACTION, SITES
from .effects import level_ok
from .flow import site_counts
from .scoring import ai_row_points, language_pp, row_points, tech_pp
from .solo_ai import best_track, least_resource, rover_site

# ------------------------------------------------------------------------------------------------
# evaluate
# ------------------------------------------------------------------------------------------------
RESOURCE_VALUE = 0.5   # PP a resource is worth before it buys a Tech
HOURGLASS_VALUE = 0.4
TECH_VALUE = 2.5       # a Tech on the board, toward a scoring row (beyond its own PP)
LEVEL_VALUE = 2.0      # Level 2 (A on 2 tracks) and Level 3 (and B on 1) requirements met
STEP_VALUE = 0.3       # a Language step beyond the PP it scores now (toward A, B and higher PP)
_WRENCH = {0: 2 * HOURGLASS_VALUE, 1: RESOURCE_VALUE, 2: 1.0, 3: HOURGLASS_VALUE}


def _step_gain(pp, pos, n):
    new = min(CAPSTONE - 1, pos + n)
    return pp[new] - pp[pos] + STEP_VALUE * (new - pos)


def _pending(s, p, b):
    """The value of what the Active Site still gives `p` this turn (Wrenches and the Action)."""
    if s.current != p or s.rover < 0:
        return 0.0
    step = s.step
    v = 0.0
    if step == "wrench" or step == "transfer":
        if step == "wrench":
            n = s.pending
        else:
            tiles = s.tiles
            n = sum(tiles[t].count("W") for t in s.sites[s.rover])
        site = s.rover
        v += n * (_WRENCH[site] if site != 4 else (1.0 if b.radiation else 0.0))
    if (step in ("transfer", "wrench") or (step == "action" and not s.acted)):
        counts = site_counts(s)
        if SITE_ACTION[s.rover] == "discover":
            res = b.resources
            cap = s.options.resource_cap
            v += RESOURCE_VALUE * (sum(min(n, cap - res[r]) for r, n in enumerate(counts[:4])) + counts[4])
        else:
            langs = b.languages
            pp = s.options.track_pp
            v += sum(_step_gain(pp, langs[t], n) for t, n in enumerate(counts) if n)
    elif step == "action":  # star icons left to take
        v += RESOURCE_VALUE * s.pending
    return v


_BOARD_VALUES = {}   # id(board) -> (board, options, cards, ai, value): the part of _value a board alone decides
_BOARD_VALUES_SIZE = 4096


def _board_value(s, b, ai):
    """The value of a player's board apart from Radiation and what the turn still gives: PP, Techs, resources,
    Language steps and Level requirements. A board is immutable and most actions leave most boards as they
    were, so the value is kept per board object (checked by identity, with the rules and cards it was
    computed under)."""
    hit = _BOARD_VALUES.get(id(b))
    options, cards = s.options, s.cards
    if hit is not None and hit[0] is b and hit[1] is options and hit[2] is cards and hit[3] == ai:
        return hit[4]
    techs = 0
    for c, down in zip(b.techs, b.face_down):
        if c is not None and not down:
            techs += 1
    v = language_pp(b, options.track_pp) + (ai_row_points(b) if ai else row_points(s, b)) + tech_pp(s, b, ai)
    v += TECH_VALUE * techs + RESOURCE_VALUE * sum(b.resources) + HOURGLASS_VALUE * b.hourglass
    v += STEP_VALUE * sum(x for x in b.languages if x < CAPSTONE)
    if level_ok(b, 2, options):
        v += LEVEL_VALUE
        if level_ok(b, 3, options):
            v += LEVEL_VALUE
    if len(_BOARD_VALUES) >= _BOARD_VALUES_SIZE:
        _BOARD_VALUES.clear()
    _BOARD_VALUES[id(b)] = (b, options, cards, ai, v)
    return v


def _value(s, p, most):
    b = s.boards[p]
    v = _board_value(s, b, s.solo and p == 1)
    v -= (s.options.radiation_most if b.radiation == most else 1) * b.radiation
    return v + _pending(s, p, b)


def evaluate(state, player) -> float:
    """`player`'s position value (see the module docstring) minus the best opponent's."""
    boards = state.boards
    most = max(b.radiation for b in boards) or -1
    mine = _value(state, player, most)
    others = [_value(state, p, most) for p in range(len(boards)) if p != player]
    return mine - (max(others) if others else 0)


def greedy(state, rng):
    """One-ply greedy play on `evaluate` (ties broken with `rng`): the core's one-ply search."""
    return one_ply_policy(state, rng)


# ------------------------------------------------------------------------------------------------
# the solo AI's procedure for any seat
# ------------------------------------------------------------------------------------------------
def _find(legal, kind, key=None, value=None):
    for a in legal:
        if a[0] == kind and (key is None or a.get(key) == value):
            return a
    return None


def _display_choice(s, legal):
    """The AI's Replicate rule on the display: the most expensive Tech (printed cost) it can afford,
    the highest Level then the topmost space on a tie, in the topmost empty row."""
    tech = s.cards.tech
    best, key = None, None
    for a in legal:
        if a[0] != "replicate":
            continue
        level, space, row = a.get("level"), a.get("space"), a.get("row")
        card = tech[s.display[level - 1][space - 1]]
        k = (sum(card.cost), level, -space, -row)
        if key is None or k > key:
            best, key = a, k
    return best


def ai_policy(state, rng):
    """The solo AI's procedure applied to the seat to move (see the module docstring); `rng` unused."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    s = state
    seat = s.to_move
    b = s.boards[seat]
    step = s.step
    if b.radiation and b.hourglass:
        doctor = _find(legal, "character_ability", "character", "Doctor")
        if doctor is not None:
            return doctor
    a = None
    if step == "choose_character":
        a = _find(legal, "choose_character")
    elif step == "place_rover":
        site, _why = rover_site(s, six=False)  # the solo die's 6 rule belongs to the AI's own turns
        a = _find(legal, "place_rover", "site", SITES[site])
    elif step == "wrench":
        if s.rover == 1:
            a = _find(legal, "use_wrench", "choice", RESOURCES[least_resource(b)])
        elif s.rover == 2:
            a = _find(legal, "use_wrench", "choice", LANGUAGES[best_track(s, seat)[0]])
        else:
            a = _find(legal, "use_wrench")
    elif step == "action":
        if not s.acted:
            a = _find(legal, SITE_ACTION[s.rover])
        else:
            a = _find(legal, "discover_star", "resource", RESOURCES[least_resource(b)])
    elif step == "replicate" and s.search == 0:
        a = _display_choice(s, legal)
    elif step == "pass_rover":
        a = _find(legal, "pass_rover")
    if a is None:  # start of turn, transfer, replicate without an affordable Tech, an open deck
        a = _find(legal, "skip")
    return a if a is not None else legal[0]
