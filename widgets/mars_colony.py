"""The board of Mars: every colony with its installations, colonists, energy and VP, and the shared decks.

`draw(state, ax=None)` returns the figure; `Board(state).update(state)` redraws in the same figure.
Installations are squares by type (a row per type) and level: a dotted outline = not built, an empty
square = built but inactive, a filled square with a black dot = active (staffed); a dot on a grey,
dashed square = staffed but inactive (a lower level of that type is not active). H0 shows the colonists
living in the habitats; a dark habitat is grey ("3w": its 3 colonists wait for power). The bar is the
energy used against the capacity (the black tick). The row names are drawn once, on the left, so the
figure stays light to render (text is what costs most in a PNG). Colours follow the Okabe-Ito palette
and every square also carries its letter, so the board reads without colour.
"""
from __future__ import annotations

from matplotlib.patches import FancyBboxPatch, Rectangle

from mars_rules import CHANCE
from mars_rules.mars_colony.data import CONTRACTS, DARK_WAITING, LETTERS, POWERED, SLOT_INDEX
from mars_rules.mars_colony.flow import contract_limit, science
from mars_rules.mars_colony.scoring import victory_points
from mars_rules.mars_colony.state import capacity, consumption, hand_limit, lookup, summary

from .boardkit import OKABE_ITO, LayeredBoard, board_axes, texts_of

__all__ = ["Board", "draw", "texts_of"]

_O = OKABE_ITO
COLOURS = {"plant": _O["orange"], "silo": _O["sky"], "mine": "#999999", "comm": _O["blue"], "mil": _O["vermillion"],
           "rnd": _O["purple"], "port": _O["green"], "habitat": _O["yellow"]}
ROWS = (("plant", "Power plants", "P", (0, 1, 2, 3)), ("silo", "Silos", "S", (0, 1, 2, 3)),
        ("mine", "Mines", "M", (0, 1, 2, 3)), ("comm", "Communications", "C", (1, 2, 3)),
        ("mil", "Military bases", "X", (1, 2, 3)), ("rnd", "R&D centres", "R", (1, 2)),
        ("port", "Spaceport", "SP", (1,)))
MAT_COLOURS = ("#7f7f7f", "#3b3b3b", _O["sky"], _O["blue"], _O["green"])
W_COL, H_COL, LEFT = 7.0, 11.6, 3.0     # colony width and height, the shared label column


def _built(col, track, level):
    if track == "mine":
        return level < len(col.mines)
    if track in ("plant", "silo") and level == 0:
        return True
    field = {"plant": "plants", "silo": "silos"}.get(track, track)
    return level <= getattr(col, field)


class Board(LayeredBoard):
    """One figure for the whole table; `update(state)` redraws it (the row names are the static layer)."""

    LINESPACING = 1.35
    PATCH_Z = (1, 1)

    def __init__(self, state, ax=None, figsize=None):
        n = len(state.players)
        self.fig, self.ax = board_axes(ax, figsize or (2.45 * n + 1.3, 6.0))
        self._start_layers()
        self.update(state)

    def text(self, x, y, text, fontsize=7, weight="normal", color="black", ha="left", va="center"):
        self._t(x, y, text, fontsize, weight, color, ha, va)

    def patch(self, p):
        self._patches.append(p)

    def _static(self, state):
        ax = self.ax
        ax.set_axis_off()
        ax.set_xlim(0, LEFT + len(state.players) * W_COL)
        ax.set_ylim(-3.6, H_COL + 1.1)
        ax.set_aspect("auto")
        y = H_COL - 1.45
        for _track, label, _letter, _levels in ROWS + (("habitat", "Habitats", "H", ()),):
            self.text(0.15, y, label, fontsize=7, va="center")
            y -= 0.92
        self.text(0.15, y - 0.03, "Energy used /\ncapacity", fontsize=7, va="center")

    def _dynamic(self, state):
        ax = self.ax
        n = len(state.players)
        viewer = getattr(state, "viewer", -1)
        title = f"Mars, round {state.round}: {state.players[state.active]}, {state.step} (target {state.target})"
        if viewer >= 0:
            title += f"; as {state.players[viewer]} sees it"
        if state.is_over:
            title = "Mars: game over; winner(s): " + ", ".join(state.players[w] for w in state.winners())
        self.text(0.1, H_COL + 0.65, title, fontsize=9, weight="bold", va="center")
        self._dots = []
        for p in range(n):
            self._colony(state, p, LEFT + p * W_COL)
        if self._dots:
            xs, ys = zip(*self._dots)
            self._own += ax.plot(xs, ys, ls="none", marker="o", ms=4.5, mfc="black", mec="white", mew=0.8)
        self._shared(state)

    # ----- one colony --------------------------------------------------------------------
    def _colony(self, s, p, x0):
        ax = self.ax
        col = s.colonies[p]
        viewer = getattr(s, "viewer", -1)
        active_turn = p == s.active and not s.is_over
        deciding = s.to_move == p
        self.patch(FancyBboxPatch((x0 + 0.15, 0.1), W_COL - 0.3, H_COL - 0.2, boxstyle="round,pad=0.05",
                                    fc="#fff8e7" if active_turn else "#f7f7f7",
                                    ec="#a6761d" if active_turn else "#888888", lw=3 if active_turn else 1))
        vp = victory_points(s, p)
        working = bin(col.staff).count("1")
        head = f"{s.players[p]}{' (to move)' if deciding else ''}  {vp} VP"
        self.text(x0 + 0.35, H_COL - 0.55, head, fontsize=8.5, weight="bold", va="center",
                color="#b35806" if vp >= s.target else "black")
        sm = summary(col.staff)
        y = H_COL - 1.45
        cx = x0 + 0.6
        for track, _label, letter, levels in ROWS:
            for k, level in enumerate(levels):
                self._cell(cx + k * 1.2, y, col, sm, track, level, letter)
            y -= 0.92
        # habitats: level 0 (with the colonists living in the habitats) + the new ones
        self._hab(cx, y, "H0", True, f"{col.housed}", "colonists in habitats")
        for k in range(4):
            if k < len(col.habs):
                h = col.habs[k]
                self._hab(cx + (k + 1) * 1.2, y, f"H{k + 1}", h == POWERED, "3w" if h == DARK_WAITING else "", "")
            else:
                self._cell_outline(cx + (k + 1) * 1.2, y, f"H{k + 1}")
        y -= 0.95
        # energy track
        use, cap = consumption(col), capacity(col, s.cards)
        bx, bw = x0 + 0.6, W_COL - 1.9
        self.text(bx + bw + 0.15, y, f"{use}/{cap}", fontsize=7.5, va="center", weight="bold",
                color="#b00020" if use > cap else "black")
        top = max(20, cap, use)
        self.patch(Rectangle((bx, y - 0.2), bw, 0.4, fc="white", ec="#555555", lw=0.8))
        self.patch(Rectangle((bx, y - 0.2), bw * min(use, top) / top, 0.4, fc="#E69F00",
                               ec="none"))
        self._own += ax.plot([bx + bw * cap / top] * 2, [y - 0.3, y + 0.3], color="black", lw=2)
        for t in range(5, top, 5):
            self._own += ax.plot([bx + bw * t / top] * 2, [y - 0.2, y - 0.05], color="#555555", lw=0.6)
        y -= 0.6
        # hand
        hidden = viewer >= 0 and viewer != p
        limit = hand_limit(col, s.cards)
        if hidden:
            size = s.masked[0][p]
            text = f"Hand: {size} hidden card{'' if size == 1 else 's'}, limit {limit}"
        else:
            cards = " ".join(f"{c}{LETTERS[m]}" for m, c in enumerate(col.hand) if c) or "empty"
            text = f"Hand {cards} ({sum(col.hand)}/{limit})"
        lines = [f"Colonists {col.housed + working} ({col.housed} in habitats)",
                 text + (" OVER" if not hidden and sum(col.hand) > limit else "")]
        lim = contract_limit(col)
        cons = " ".join(f"{LETTERS[CONTRACTS[c][0]]}>{LETTERS[CONTRACTS[c][1]]}" for c in col.contracts)
        lines.append(f"Contracts {len(col.contracts)}/{'any' if lim is None else lim} {cons}")
        table = lookup(s.cards)
        kept = len(col.kept) if not hidden else s.masked[1][p]
        rd = f"R&D cards {len(col.played)}, science {science(col, s.cards)}"
        if kept:
            rd += f", {kept} kept" + (" (hidden)" if hidden else "")
        lines.append(rd)
        if col.supremacies:
            lines.append("Supremacy: " + ", ".join(table[c].name.replace(" supremacy", "")
                                                   + (f" x{col.supremacies.count(c)}"
                                                      if col.supremacies.count(c) > 1 else "")
                                                   for c in sorted(set(col.supremacies))))
        if s.magna == p:
            lines.append("MAGNA SCIENTIA")
        self.text(x0 + 0.3, y + 0.25, "\n".join(lines), fontsize=6.5, va="top")

    def _cell(self, x, y, col, sm, track, level, letter):
        label = f"{letter}{level if track != 'mine' else level + 1}" if track != "port" else "SP"
        if not _built(col, track, level):
            self._cell_outline(x, y, label)
            return
        bit = SLOT_INDEX[(track, level)]
        staffed = (col.staff >> bit) & 1
        active = (sm.active >> bit) & 1
        fc = COLOURS[track] if active else "white"
        if track == "mine":
            label = f"M{LETTERS[col.mines[level]]}"
            fc = MAT_COLOURS[col.mines[level]] if active else "white"
        self.patch(Rectangle((x, y - 0.4), 0.9, 0.8, fc=fc if active or not staffed else "#eeeeee",
                               ec="black", lw=1.2 if not (staffed and not active) else 1.2,
                               ls="-" if active or not staffed else "--"))
        txt_colour = "white" if active and fc in ("#0072B2", "#3b3b3b", "#7f7f7f", "#D55E00", "#009E73") else "black"
        self.text(x + 0.45, y + 0.12, label, fontsize=6.5, ha="center", va="center", color=txt_colour, weight="bold")
        if staffed:
            self._dots.append((x + 0.45, y - 0.2))

    def _cell_outline(self, x, y, label):
        # not built: a dotted outline only (no text: the row names the type, the column the level)
        self.patch(Rectangle((x, y - 0.4), 0.9, 0.8, fc="none", ec="#bbbbbb", lw=0.8, ls=":"))

    def _hab(self, x, y, label, powered, inside, note):
        self.patch(Rectangle((x, y - 0.4), 0.9, 0.8, fc=COLOURS["habitat"] if powered else "#d9d9d9",
                               ec="black", lw=1.2, hatch=None))
        self.text(x + 0.45, y + 0.15, label, fontsize=6.5, ha="center", va="center", weight="bold")
        if inside:
            self.text(x + 0.45, y - 0.2, inside, fontsize=6.5, ha="center", va="center")

    # ----- the shared components -----------------------------------------------------------
    def _shared(self, s):
        viewer = getattr(s, "viewer", -1)
        y = -0.5
        self.text(0.15, y, "Reserve", fontsize=7.5, va="center", weight="bold")
        for m in range(5):
            x = LEFT + m * 1.9
            self.patch(Rectangle((x, y - 0.35), 1.6, 0.7, fc=MAT_COLOURS[m], ec="black", lw=0.8))
            self.text(x + 0.8, y, f"{LETTERS[m]} {s.reserve[m]}", fontsize=7.5, ha="center", va="center",
                    color="white" if m in (0, 1, 3, 4) else "black", weight="bold")
        supply = s.masked[2] if viewer >= 0 else sum(s.supply)
        rd1, rd2 = (s.masked[3], s.masked[4]) if viewer >= 0 else (sum(s.rd1_deck), sum(s.rd2_deck))
        table = lookup(s.cards)
        magna = s.players[s.magna] if s.magna >= 0 else "nobody"
        lines = [f"Supply {supply}  Events {sum(s.event_deck)} (used {sum(s.event_discard)})  "
                 f"R&D1 {rd1}  R&D2 {rd2}  Magna Scientia: {magna}"]
        if s.card:
            lines.append(f"Card being resolved: {table[s.card].name}")
        if s.offer:
            q, give, ask = s.offer
            words = lambda c: " ".join(f"{n}{LETTERS[m]}" for m, n in enumerate(c) if n) or "-"  # noqa: E731
            lines.append(f"Offer to {s.players[q]}: gives {words(give)}, asks {words(ask)}")
        if s.to_move == CHANCE:
            lines.append("Chance: " + {"deal": "dealing the starting hands", "event": "drawing the event card",
                                       "event_take": "a random card from the loser's hand",
                                       "attack_take": "a random card from the loser's hand",
                                       "supply_draw": "a card from the supply deck",
                                       "research_die": "rolling the R&D die", "research_draw": "drawing an R&D card",
                                       "resupply": "Earth's resupply card"}.get(s.step, s.step))
        self.text(0.15, -1.0, "\n".join(line[:110] for line in lines[:4]), fontsize=7.5, va="top")


def draw(state, ax=None):
    """The board as a matplotlib figure (a pure function of the state)."""
    return Board(state, ax=ax).fig

