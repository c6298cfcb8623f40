"""Final scoring of On Mars, teaching edition (provisional mid-game) and the tie-breaks.

Categories (End of the Game): Living Quarters, Progress cubes (1/2/4/7/11), Colony level-ups (the
Progress scoring done during the game), Ships (3 each), Tech tiles (by Lab column), Blueprints
(+3/+5 built, -3/-5 unbuilt), Scientists (3 per Advanced Building of their type on Mars), Earth
Contracts, Private Goal. Ties: most Crystals, then most Advanced Buildings, then most Progress
cubes, then a shared win.
"""
from __future__ import annotations

from mars_rules.core import ScoreRow, ScoreSheet

from . import data as D
from .board import advanced_count

R_END = "End of the Game"


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
    pl = state.pieces[seat]
    rows = []

    def add(cat, pts):
        rows.append(ScoreRow(seat, cat, pts, R_END))

    add("Living Quarters", D.LQ_OP[min(colonists_home(state, seat), len(D.LQ_OP) - 1)])
    add("Progress cubes", D.PROGRESS_OP[pl.progress])
    rows.append(ScoreRow(seat, "Colony level-ups", pl.op, "Life Support System (LSS) and Colony Level"))
    add("Ships", D.SHIP_OP * pl.hangar)
    add("Tech tiles", sum(D.LAB_COLUMN_OP[c - 1] for _t, _r, c in pl.lab))
    bp = 0
    for card, built in pl.blueprints:
        v = D.BLUEPRINT_OP[state.cards.blueprints[card][1]]
        bp += v if built else -v
    add("Advanced Buildings / Blueprints", bp)
    scientists = state.cards.scientists
    add("Scientists", sum(D.SCIENTIST_OP * advanced_count(state, scientists[c][1]) for c, _h in pl.scientists))
    con = 0
    for card in pl.contracts:
        plus, minus = state.cards.contracts[card][3], state.cards.contracts[card][4]
        con += plus if contract_done(state, seat, card) else -minus
    add("Earth Contracts", con)
    rows.append(ScoreRow(seat, "Private Goal", state.cards.goals[pl.goal_done][3] if pl.goal_done >= 0 else 0,
                         "Missions and Private Goals"))
    return rows


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
    sheet = ScoreSheet(state.players, tuple(rows), "", state.phase == "over", ())
    win, line = _rank(state, sheet.totals)
    return sheet._replace(tiebreak=line, winners=win if state.phase == "over" else ())


def winners(state) -> tuple:
    if state.phase != "over":
        return ()
    return score(state).winners
