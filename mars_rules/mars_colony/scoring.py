"""Victory points: recounted from what is active (never accumulated), and the score sheet."""
from __future__ import annotations

from mars_rules.core import ScoreRow, ScoreSheet

from .data import MATERIALS, POWERED
from .state import capacity, card_bonus, consumption, hand_limit, lookup, summary

R_VP = "7) End of Turn"


def vp_rows(s, p):
    """(category, points, rule) for one colony, from its active installations and cards."""
    col = s.colonies[p]
    sm = summary(col.staff)
    rows = [("Habitats (powered)", col.habs.count(POWERED), "6) Construction: a) Habitats"),
            ("Silos", sm.new_silos, "6) Construction: d) Silos"),
            ("Communications", sm.comm, "6) Construction: e) Communications modules"),
            ("Military bases", sm.mil, "6) Construction: g) Military bases"),
            ("R&D centres", sm.rnd, "6) Construction: h) Research and Development (R&D) centres"),
            ("Spaceport", sm.port, "6) Construction: i) Spaceport"),
            ("Supremacies", len(col.supremacies), "1) Event: b) Supremacies"),
            ("Magna Scientia", 1 if s.magna == p else 0, "6) Construction: h) Magna Scientia"),
            ("R&D cards", card_bonus(col, "vp", s.cards), "2) R&D")]
    return rows


def victory_points(s, p) -> int:
    return sum(r[1] for r in vp_rows(s, p))


def score(s) -> ScoreSheet:
    rows = []
    for p in range(len(s.players)):
        for cat, pts, rule in vp_rows(s, p):
            rows.append(ScoreRow(p, cat, pts, rule))
    over = s.step == "game_over"
    target = s.options.target
    if over and len(s.result) == 1 and s.colonies[s.result[0]].vp >= target:
        tb = f"{s.players[s.result[0]]} reached {target} VP at the end of their own turn."
    elif over:
        tb = f"Round limit {s.options.turn_limit} (ASSUMED safeguard): the highest VP wins."
    else:
        tb = f"The first player with {target} VP at the end of their own turn wins."
    return ScoreSheet(tuple(s.players), tuple(rows), tb, over, s.result if over else (), variant=s.variant())


def describe(s) -> str:
    """A one-line-per-player summary (hands shown: this is the teacher's view)."""
    out = [f"round {s.round}, {s.players[s.active]}'s turn, step {s.step}; supply {sum(s.supply)}, "
           f"reserve {'/'.join(str(n) for n in s.reserve)}, events left {sum(s.event_deck)}"]
    table = lookup(s.cards)
    for p, col in enumerate(s.colonies):
        hand = "".join(f"{n}{MATERIALS[m][0].upper()}" for m, n in enumerate(col.hand) if n) or "-"
        out.append(f"  {s.players[p]}: hand {hand}, VP {victory_points(s, p)}, energy {consumption(col)}/"
                   f"{capacity(col, s.cards, s.options)}, limit {hand_limit(col, s.cards, s.options)}, "
                   f"colonists {col.housed} housed + "
                   f"{bin(col.staff).count('1')} working, mines {''.join(MATERIALS[m][0].upper() for m in col.mines)}"
                   f", built P{col.plants} S{col.silos} C{col.comm} X{col.mil} R{col.rnd} SP{col.port} "
                   f"H{len(col.habs)}, active {active_codes(col)}"
                   + (f", contracts {len(col.contracts)}" if col.contracts else "")
                   + (f", cards {','.join(table[c].name for c in col.played)}" if col.played else "")
                   + (f", supremacies {len(col.supremacies)}" if col.supremacies else ""))
    return "\n".join(out)


CODES = {"plant": "P", "silo": "S", "mine": "M", "comm": "C", "mil": "X", "rnd": "R", "port": "SP"}


def active_codes(col) -> str:
    """Active installations in short: P0 plant level 0, S1 silo 1, M1 mine 1, C comm, X military, R R&D, SP."""
    from .data import SLOTS
    act = summary(col.staff).active
    out = []
    for i, (track, level) in enumerate(SLOTS):
        if (act >> i) & 1:
            out.append(CODES[track] + ("" if track == "port" else str(level + 1 if track == "mine" else level)))
    return " ".join(out) or "none"
