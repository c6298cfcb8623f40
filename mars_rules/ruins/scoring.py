"""The score sheet (VP won or lost each round) and the winners.

Sections "Going Out", "The Score Track" and "Game End". The VP total is not what wins: the game is
won by an instant win (start a round on 9 or 10 VP and go out first) or by going out first in the
showdown round; the total decides who plays the showdown. One row a player per round played (4 rounds,
or the `rounds` option); a variant game's sheet names its options (`variant`).
"""
from __future__ import annotations

from mars_rules.core import ScoreRow, ScoreSheet

from .data import MAX_VP


def score(s) -> ScoreSheet:
    n = len(s.players)
    rows = []
    for rnd in range(1, s.options.rounds + 1):
        got = {p: (place, vp) for r, p, place, vp in s.results if r == rnd}
        if not got:
            continue
        for p in range(n):
            rows.append(ScoreRow(p, f"Round {rnd}", got.get(p, (0, 0))[1], "Going Out"))
    if not rows:
        rows = [ScoreRow(p, "Round 1", 0, "Going Out") for p in range(n)]
    over = s.to_move is None
    note = ("Wins come from an instant win or the showdown, not from the VP total; the score track "
            f"runs from 0 to {MAX_VP} (The Score Track).")
    return ScoreSheet(tuple(s.players), tuple(rows), tiebreak=note, final=over, winners=s.winners_,
                      variant=s.variant())


def winners(s) -> tuple:
    return s.winners_
