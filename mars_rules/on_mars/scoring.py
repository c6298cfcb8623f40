"""Final scoring of On Mars, teaching edition (provisional mid-game) and the tie-breaks.

Categories (End of the Game): Living Quarters, Progress cubes (1/2/4/7/11), Colony level-ups (the
Progress scoring done during the game), Ships (3 each), Tech tiles (by Lab column), Blueprints
(+3/+5 built, -3/-5 unbuilt), Scientists (3 per Advanced Building of their type on Mars), Earth
Contracts, Private Goal. Ties: most Crystals, then most Advanced Buildings, then most Progress
cubes, then a shared win. The tables of the Living Quarters, Progress cubes, Ships and Tech tiles are
the game's rule options (`state.options`: lq_op, progress_op, ship_op, lab_column_op); the sheet names
a variant in play (`sheet.variant`).
"""
from __future__ import annotations

from mars_rules.core import ScoreRow, ScoreSheet

from . import data as D
from .board import advanced_count
from .options import DEFAULT_RULES

R_END = "End of the Game"
R_LSS = "Life Support System (LSS) and Colony Level"
R_GOALS = "Missions and Private Goals"
_row = tuple.__new__  # a ScoreRow built without NamedTuple's Python-level __new__ (every evaluation asks for rows)


def contract_done(state, seat, card) -> bool:
    _name, kind, what, _plus, _minus = state.cards.contracts[card]
    pl = state.pieces[seat]
    if kind == "delivery":
        return all(pl.res[D.RES_INDEX[r]] >= n for r, n in what)
    return advanced_count(state, what, seat) > 0


def colonists_home(state, seat) -> int:
    """Colonists counted for the Living Quarters: all retrieved (at the end they are)."""
    pl = state.pieces[seat]
    if state.phase == "over":
        return pl.lq
    return pl.lq + pl.wa + sum(s.count(seat) for s in state.slots)


def player_rows(state, seat) -> list:
    """One player's rows of the score sheet (the provisional ones mid-game), in the rulebook's order."""
    pl = state.pieces[seat]
    rules = state.options
    cards = state.cards
    lq_op = rules.lq_op
    column_op = rules.lab_column_op
    bp = 0
    for card, built in pl.blueprints:
        v = D.BLUEPRINT_OP[cards.blueprints[card][1]]
        bp += v if built else -v
    con = 0
    for card in pl.contracts:
        _name, _kind, _what, plus, minus = cards.contracts[card]
        con += plus if contract_done(state, seat, card) else -minus
    points = (
        ("Living Quarters", lq_op[min(colonists_home(state, seat), len(lq_op) - 1)], R_END),
        ("Progress cubes", rules.progress_op[pl.progress], R_END),
        ("Colony level-ups", pl.op, R_LSS),
        ("Ships", rules.ship_op * pl.hangar, R_END),
        ("Tech tiles", sum(column_op[c - 1] for _t, _r, c in pl.lab), R_END),
        ("Advanced Buildings / Blueprints", bp, R_END),
        ("Scientists", sum(D.SCIENTIST_OP * advanced_count(state, cards.scientists[c][1]) for c, _h in pl.scientists),
         R_END),
        ("Earth Contracts", con, R_END),
        ("Private Goal", cards.goals[pl.goal_done][3] if pl.goal_done >= 0 else 0, R_GOALS),
    )
    return [_row(ScoreRow, (seat, category, pts, rule)) for category, pts, rule in points]


def tiebreak_key(state, seat) -> tuple:
    pl = state.pieces[seat]
    return (pl.crystals, advanced_count(state, owner=seat), pl.progress)


TIEBREAKERS = ("Crystals", "Advanced Buildings", "Progress cubes")
"""The tie-breakers in order (End of the Game); `tiebreak_key` gives each player's values."""


def _rank(state, totals):
    """(winners, the tie-break line): the line names the tie-breakers that decided, in order."""
    best = max(totals)
    tied = [s for s, v in enumerate(totals) if v == best]
    if len(tied) == 1:
        return tuple(tied), ""
    names = ", ".join(state.players[s] for s in tied)
    keys = {s: tiebreak_key(state, s) for s in tied}
    left, used = tied, []
    for i, what in enumerate(TIEBREAKERS):
        top = max(keys[s][i] for s in left)
        kept = [s for s in left if keys[s][i] == top]
        if len(kept) < len(left):
            used.append(f"{what} ({', '.join(f'{state.players[s]} {keys[s][i]}' for s in left)})")
        left = kept
        if len(left) == 1:
            return tuple(left), f"Tie on {best} OP between {names}: broken by {', then '.join(used)}."
    return tuple(left), f"Tie on {best} OP between {names}, still tied after every tie-breaker: a shared win."


def score(state) -> ScoreSheet:
    rows = []
    for seat in range(len(state.players)):
        rows.extend(player_rows(state, seat))
    variant = "" if state.options == DEFAULT_RULES else state.variant()
    sheet = ScoreSheet(state.players, tuple(rows), "", state.phase == "over", (), variant)
    win, line = _rank(state, sheet.totals)
    return sheet._replace(tiebreak=line, winners=win if state.phase == "over" else ())


def winners(state) -> tuple:
    if state.phase != "over":
        return ()
    return score(state).winners
