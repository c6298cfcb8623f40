"""Final Scoring (and the Solo Variant's AI scoring) as a ScoreSheet; winners after tie-breakers. The
sheet names the rule options in effect when they differ from the rulebook's (``variant``); the scoring
tables are the state's options ``track_pp``, ``row_bonus`` and ``radiation_most``."""
from __future__ import annotations

from mars_rules.core import ScoreRow, ScoreSheet

from .options import DEFAULT

R_LANG = "Final Scoring: Language tracks"
R_ROWS = "Final Scoring: Tech board rows"
R_TECH = "Final Scoring: PP on Tech cards"
R_RAD = "Final Scoring: Radiation"
R_AI_ROWS = "Solo Variant: Final Scoring (Tech Rows)"


def language_pp(board, pp=None):
    """Per track the greater of the PP of the space occupied and of every space passed; `pp` is the PP by
    space, the state's option ``track_pp`` (the default table when omitted)."""
    pp = DEFAULT.track_pp if pp is None else pp
    return sum(max(pp[: p + 1]) for p in board.languages)


AI_ROW_PP = 10
"""Solo Variant: Final Scoring: a complete row of the AI's face-up Techs scores 10 PP."""


def _row(s, board, row, ai):
    """PP the complete `row` of `board` scores (Final Scoring), None while it is incomplete."""
    ids = board.techs[row * 3: row * 3 + 3]
    if None in ids:
        return None
    if ai:
        return None if any(board.face_down[row * 3: row * 3 + 3]) else AI_ROW_PP
    classes = {s.cards.tech[c].classification for c in ids}
    same, different, other = s.options.row_bonus
    return same if len(classes) == 1 else different if len(classes) == 3 else other


def row_bonus(s, seat, row):
    """PP the complete `row` of `seat`'s Tech board scores (the board and the description show it), None
    while the row is incomplete: the one place the Tech rows rule is computed."""
    return _row(s, s.boards[seat], row, s.solo and seat == 1)


def row_points(s, board):
    return sum(_row(s, board, r, False) or 0 for r in range(3))


def ai_row_points(board, s=None):
    return sum(_row(s, board, r, True) or 0 for r in range(3))


def tech_pp(s, board, ai):
    total = 0
    for c, down in zip(board.techs, board.face_down):
        if c is None or down:
            continue
        card = s.cards.ai.get(c) if ai else s.cards.tech.get(c)
        if card is not None and (ai or card.kind == "end_game"):
            total += card.pp
    return total


def score(s) -> ScoreSheet:
    rows = []
    n = len(s.players)
    most = max(b.radiation for b in s.boards)
    o = s.options
    for p, b in enumerate(s.boards):
        ai = s.solo and p == 1
        rows.append(ScoreRow(p, "Language tracks", language_pp(b, o.track_pp), R_LANG))
        if ai:
            rows.append(ScoreRow(p, "Tech rows", ai_row_points(b), R_AI_ROWS))
        else:
            rows.append(ScoreRow(p, "Tech rows", row_points(s, b), R_ROWS))
        rows.append(ScoreRow(p, "Tech PP", tech_pp(s, b, ai), R_TECH))
        per = o.radiation_most if b.radiation == most and most > 0 else 1
        rows.append(ScoreRow(p, "Radiation", -per * b.radiation, R_RAD))
    sheet = ScoreSheet(tuple(s.players), tuple(rows))
    win, tb = _ranking(s, sheet.totals)
    return sheet._replace(tiebreak=tb, final=s.to_move is None, winners=win, variant=s.variant())


def _ranking(s, totals):
    """(winners, the tie-break line): the line names the tie-breaker that decided, when one did."""
    n = len(totals)
    best = max(totals)
    tied = [p for p in range(n) if totals[p] == best]
    names = lambda seats: " and ".join(s.players[p] for p in seats)  # noqa: E731
    if s.solo:
        win = (0,) if totals[0] > totals[1] else (1,)
        if len(tied) > 1:
            return win, f"Tie on {best} PP: broken in favour of the AI (Solo Variant: the human needs more PP)."
        return win, "Solo Variant: the human wins only with more PP than the AI (a tie goes to the AI)."
    if len(tied) == 1:
        return tuple(tied), "Tie-breakers: least Radiation, then most Language PP; a tie beyond that is shared."
    head = f"Tie on {best} PP between {names(tied)}"
    rad = {p: s.boards[p].radiation for p in tied}
    low = min(rad.values())
    after_rad = [p for p in tied if rad[p] == low]
    if len(after_rad) == 1:
        detail = ", ".join(f"{s.players[p]} {rad[p]}" for p in tied)
        return tuple(after_rad), f"{head}: broken by least Radiation ({detail})."
    lp = {p: language_pp(s.boards[p], s.options.track_pp) for p in after_rad}
    hi = max(lp.values())
    win = tuple(p for p in after_rad if lp[p] == hi)
    detail = ", ".join(f"{s.players[p]} {lp[p]}" for p in after_rad)
    if len(win) == 1:
        return win, f"{head}, also tied on Radiation ({low}): broken by most Language PP ({detail})."
    return win, f"{head}, still tied on Radiation and Language PP: a shared win."


def winners(s) -> tuple:
    """The winning seats once the game is over (several = a shared win); () before."""
    if s.to_move is not None:
        return ()
    return score(s).winners
