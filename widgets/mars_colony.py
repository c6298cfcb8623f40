"""The board of Mars: every colony with its installations, colonists, energy and VP, and the shared decks.

`draw(state, ax=None)` returns the figure; `Board(state).update(state)` redraws in the same figure.
Installations are squares by type (a row per type) and level: a dotted outline = not built, a white
square = built but idle, a filled square with a black dot = active (staffed); a dot on a grey, dashed
square = staffed but inactive (a lower level of that type is not active). H0 shows the colonists living
in the habitats, then one space per habitat the rules allow (the option `max_habitats`, 4 by default);
a dark habitat is grey ("3w": its 3 colonists wait for power). The bar is the energy
used against the capacity (the black tick). The row names and a key to the squares are drawn once, on
the left (the static layer). The colony whose turn it is (at the end, each winner's) has an orange-red
frame, and the player to move is named in the same colour; the title gives the step as TURN_STEPS
names it. Colours follow the Okabe-Ito palette and every square also carries its letter, so the board
reads without colour.

The layout is in inches (1 data unit = 1 inch at the intended size): a 1.35 in column of row names,
then 2.75 in per colony, so four colonies fit a 12.5 in (900 px) notebook column.

>>> from mars_rules.mars_colony import new_game
>>> board = Board(new_game(players=4, seed=1))
>>> [round(float(v), 2) for v in board.fig.get_size_inches()], bool(board.fig.get_figwidth() * 72 <= 900)
([12.35, 7.01], True)
>>> board.texts[0], [t for t in board.texts if t.startswith("Setup")]
('Power plants', ['Setup: mine draft; to move: Ada'])
"""
from __future__ import annotations

from matplotlib.collections import LineCollection
from matplotlib.patches import FancyBboxPatch, Rectangle

from mars_rules import CHANCE
from mars_rules.mars_colony.data import CONTRACTS, DARK_WAITING, LETTERS, MATERIALS, POWERED, SLOT_INDEX
from mars_rules.mars_colony.flow import contract_limit, science
from mars_rules.mars_colony.scoring import victory_points
from mars_rules.mars_colony.state import capacity, consumption, hand_limit, lookup, summary

from .boardkit import HIGHLIGHT, OKABE_ITO, LayeredBoard, board_axes, fit_text, text_width, texts_of, token
from .common import step_title

__all__ = ["Board", "draw", "texts_of"]

_O = OKABE_ITO
COLOURS = {"plant": _O["orange"], "silo": _O["sky"], "mine": "#999999", "comm": _O["blue"], "mil": _O["vermillion"],
           "rnd": _O["purple"], "port": _O["green"], "habitat": _O["yellow"]}
ROWS = (("plant", "Power plants", "P", (0, 1, 2, 3)), ("silo", "Silos", "S", (0, 1, 2, 3)),
        ("mine", "Mines", "M", (0, 1, 2, 3)), ("comm", "Communications", "C", (1, 2, 3)),
        ("mil", "Military bases", "X", (1, 2, 3)), ("rnd", "R&D centres", "R", (1, 2)),
        ("port", "Spaceport", "SP", (1,)))
MAT_COLOURS = ("#7f7f7f", "#3b3b3b", _O["sky"], _O["blue"], _O["green"])
DARK_FILLS = ("#0072B2", "#3b3b3b", "#7f7f7f", "#D55E00", "#009E73")   # fills that take a white label
VP_REACHED = "#b35806"     # a colony at or above the target

# The layout, in inches (data units).
LEFT = 1.35                # the column of row names and the key
COL_W = 2.75               # one colony
PAD = 0.05                 # gap between a colony's panel and its neighbours
CELL_W, CELL_H = 0.42, 0.34
PITCH_X, PITCH_Y = 0.5, 0.4
TITLE_H = 0.62             # the two title lines
HEAD_H = 0.34              # a colony's name and VP
ENERGY_H = 0.4
NOTE_STEP = 0.15           # line pitch of 8 pt notes
NOTE_LINES = 7             # the most note lines a colony shows
NOTES_H = NOTE_LINES * NOTE_STEP + 0.12
PANEL_H = HEAD_H + 8 * PITCH_Y + ENERGY_H + NOTES_H + 0.06
TABLE_LINES = 4            # the most lines about the table: decks, mine tiles, card, offer (chance: the title)
SHARED_H = 0.46 + TABLE_LINES * NOTE_STEP + 0.16
HEIGHT = TITLE_H + PANEL_H + SHARED_H
SIZE, ROW_SIZE, HEAD_SIZE, TITLE_SIZE, STEP_SIZE = 8, 9, 9.5, 11, 9
END_WORDS = {"target_vp": ", who reached the target at the end of their turn",
             "round_limit": ": the most VP when the round limit (ASSUMED safeguard) ended the game"}
CHANCE_WORDS = {"deal": "dealing the starting hands", "event": "drawing the event card",
                "event_take": "a random card from the loser's hand",
                "attack_take": "a random card from the loser's hand",
                "supply_draw": "a card from the supply deck", "research_die": "rolling the R&D die",
                "research_draw": "drawing an R&D card", "resupply": "Earth's resupply card"}


def _built(col, track, level):
    if track == "mine":
        return level < len(col.mines)
    if track in ("plant", "silo") and level == 0:
        return True
    field = {"plant": "plants", "silo": "silos"}.get(track, track)
    return level <= getattr(col, field)


def wrap(text, size, width, weight="normal") -> list:
    """`text` broken at spaces into lines at most `width` inches wide at this font size (a word longer
    than the width is cut with "…")."""
    if text_width(text, size, weight) <= width:   # the usual case: one sprite, the one that is drawn
        return [text]
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if not line or text_width(trial, size, weight) <= width:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [fit_text(x, size, width, weight) for x in lines]


def _cards(counts) -> str:
    """Card counts per material in short form: "2I 1C" (or "none")."""
    return " ".join(f"{n}{LETTERS[m]}" for m, n in enumerate(counts) if n) or "none"


class Board(LayeredBoard):
    """One figure for the whole table; `update(state)` redraws it (the row names and the key are the
    static layer)."""

    LINESPACING = 1.35
    PATCH_Z = (1, 1)
    CLICK_SCALE = 2

    def __init__(self, state, ax=None, figsize=None):
        n = len(state.players)
        self.fig, self.ax = board_axes(ax, figsize or (LEFT + n * COL_W, HEIGHT), rect=(0, 0, 1, 1))
        self._start_layers()
        self.update(state)

    def _flush_extra(self, static, out):
        # the energy bars' ticks: one collection (each segment keeps its colour and width)
        if self._ticks:
            segs, colours, widths = zip(*self._ticks)
            out.append(self.ax.add_collection(LineCollection(segs, colors=colours, linewidths=widths, zorder=2),
                                              autolim=False))

    def _begin(self):
        super()._begin()
        self._ticks = []

    # ----- the static layer: row names and the key -------------------------------------------
    def _static(self, state):
        ax = self.ax
        ax.set_axis_off()
        ax.set_xlim(0, LEFT + len(state.players) * COL_W)
        ax.set_ylim(0, HEIGHT)
        ax.set_aspect("auto")
        top = HEIGHT - TITLE_H - HEAD_H
        label_box = lambda y0, y1: (0.05, y0, LEFT - 0.03, y1)  # noqa: E731
        y = top - PITCH_Y / 2
        for track, label, _letter, _levels in ROWS + (("habitat", "Habitats", "H", ()),):
            # a swatch of the colour an active installation of this type takes (a mine takes its material's)
            colours = MAT_COLOURS if track == "mine" else (COLOURS[track],)
            for k, colour in enumerate(colours):
                self._patches.append(Rectangle((0.06, y + 0.11 - 0.22 * (k + 1) / len(colours)), 0.07,
                                               0.22 / len(colours), fc=colour, ec="none"))
            self._t(0.19, y, label, ROW_SIZE, box=label_box(y - PITCH_Y / 2, y + PITCH_Y / 2))
            y -= PITCH_Y
        ye = y + PITCH_Y / 2 - ENERGY_H / 2
        self._t(0.19, ye, "Energy used /\ncapacity", ROW_SIZE, box=label_box(ye - ENERGY_H / 2, ye + ENERGY_H / 2))
        # the key to the squares, beside the colonies' notes
        y = ye - ENERGY_H / 2 - 0.14
        self._t(0.06, y, "Key", SIZE, weight="bold", box=label_box(y - NOTE_STEP / 2, y + NOTE_STEP / 2))
        s = 0.17
        for face, edge, style, dot, words in ((COLOURS["plant"], "black", "-", True, "active, staffed"),
                                              ("white", "black", "-", False, "built, idle"),
                                              ("#eeeeee", "black", "--", True, "staffed, inactive"),
                                              ("none", "#999999", ":", False, "not built"),
                                              ("#d9d9d9", "black", "-", False, "dark (3w: 3 wait)")):
            y -= NOTE_STEP + 0.02
            self._patches.append(Rectangle((0.06, y - s / 2), s, s, fc=face, ec=edge, lw=0.9, ls=style))
            if dot:
                self._front.append(token("disc", 0.06 + s / 2, y, 0.07, "black", edgecolor="white", lw=0.5))
            self._t(0.06 + s + 0.07, y, words, SIZE, box=label_box(y - NOTE_STEP / 2 - 0.01, y + NOTE_STEP / 2 + 0.01))
        yr = SHARED_H - 0.28
        self._t(0.06, yr, "Reserve", ROW_SIZE, weight="bold", box=label_box(yr - 0.2, yr + 0.2))
        yd = yr - 0.36
        self._t(0.06, yd, "Table", ROW_SIZE, weight="bold", box=label_box(yd - NOTE_STEP / 2 - 0.02,
                                                                         yd + NOTE_STEP / 2 + 0.02))

    # ----- the dynamic layer -----------------------------------------------------------------
    def _dynamic(self, state):
        n = len(state.players)
        width = LEFT + n * COL_W
        self._title(state, width)
        for p in range(n):
            self._colony(state, p, LEFT + p * COL_W)
        self._shared(state, width)

    def _title(self, s, width):
        viewer = getattr(s, "viewer", -1)
        seen = f"; as {s.players[viewer]} sees it" if viewer >= 0 else ""
        if s.is_over:
            first = f"Mars: game over after round {s.round} (target {s.target} VP){seen}"
            second = "Won by " + " and ".join(s.players[w] for w in s.winners())
            reason = getattr(s.game, "end_reason", lambda _s: None)(s)
            if reason in END_WORDS:
                second += END_WORDS[reason]
        else:
            first = f"Mars, round {s.round} (target {s.target} VP){seen}"
            step = step_title(s)
            if s.step in ("mine_draft", "deal"):
                second = step
            else:
                second = f"{s.players[s.active]}'s turn: {step}"
            if s.to_move != s.active or s.step in ("mine_draft", "deal"):
                who = "chance, " + CHANCE_WORDS.get(s.step, "a draw") if s.to_move == CHANCE else s.players[s.to_move]
                second += f"; to move: {who}"
        if s.variant():  # the rule options that differ from the rulebook (the score sheet says it too)
            first += f"  ·  Variant rules: {s.variant()}"
        room = width - 0.16
        box = (0.05, HEIGHT - TITLE_H, width - 0.05, HEIGHT)
        self._t(0.06, HEIGHT - 0.19, fit_text(first, TITLE_SIZE, room, "bold"), TITLE_SIZE, weight="bold", box=box)
        self._t(0.06, HEIGHT - 0.45, fit_text(second, STEP_SIZE, room), STEP_SIZE, color=HIGHLIGHT, box=box)

    # ----- one colony ------------------------------------------------------------------------
    def _colony(self, s, p, x0):
        col = s.colonies[p]
        viewer = getattr(s, "viewer", -1)
        active_turn = p in s.winners() if s.is_over else p == s.active
        left, right = x0 + PAD, x0 + COL_W - PAD
        top, bottom = HEIGHT - TITLE_H, HEIGHT - TITLE_H - PANEL_H
        panel = (left, bottom, right, top)
        self._under.append(FancyBboxPatch((left, bottom), right - left, top - bottom,
                                          boxstyle="round,pad=0,rounding_size=0.06",
                                          fc="#fff8e7" if active_turn else "#f7f7f7",
                                          ec=HIGHLIGHT if active_turn else "#888888", lw=2.4 if active_turn else 0.9))
        # the name (and "to move") on the left, the VP on the right
        vp = victory_points(s, p)
        yh = top - HEAD_H / 2 - 0.02
        vp_text = f"{vp} VP"
        vp_w = text_width(vp_text, HEAD_SIZE, "bold")
        head_box = (left, top - HEAD_H, right, top)
        marked = s.to_move == p or (s.is_over and active_turn)
        name = s.players[p] + (" (to move)" if s.to_move == p else " (winner)" if marked else "")
        self._t(left + 0.1, yh, fit_text(name, HEAD_SIZE, right - left - vp_w - 0.35, "bold"), HEAD_SIZE,
                weight="bold", color=HIGHLIGHT if marked else "black", box=head_box)
        self._t(right - 0.1, yh, vp_text, HEAD_SIZE, weight="bold", ha="right",
                color=VP_REACHED if vp >= s.target else "black", box=head_box)
        # the installations, a row per type
        sm = summary(col.staff)
        cx = left + (right - left - 4 * PITCH_X - CELL_W) / 2
        y = top - HEAD_H - PITCH_Y / 2
        for track, _label, letter, levels in ROWS:
            for k, level in enumerate(levels):
                self._cell(cx + k * PITCH_X, y, col, sm, track, level, letter)
            y -= PITCH_Y
        # habitats: level 0 (with the colonists living in the habitats) + the spaces the rules allow, narrower
        # when there are more than four (option max_habitats)
        spaces = max(s.options.max_habitats, len(col.habs))
        pitch = PITCH_X * min(1.0, 4 / max(1, spaces))
        width = CELL_W * pitch / PITCH_X
        self._hab(cx, y, "H0", True, f"{col.housed}")
        for k in range(spaces):
            x = cx + PITCH_X + k * pitch
            if k < len(col.habs):
                h = col.habs[k]
                self._hab(x, y, f"H{k + 1}", h == POWERED, "3w" if h == DARK_WAITING else "", width)
            else:
                self._outline(x, y, width)
        # the energy bar: used (orange) against the capacity (black tick), a grey tick every 5
        ye = y - PITCH_Y / 2 - ENERGY_H / 2
        use, cap = consumption(col), capacity(col, s.cards, s.options)
        bw = right - cx - 0.55
        self._t(right - 0.1, ye, f"{use}/{cap}", SIZE, weight="bold", ha="right",
                color="#b00020" if use > cap else "black", box=(cx + bw, ye - ENERGY_H / 2, right, ye + ENERGY_H / 2))
        full = max(20, cap, use)
        self._patches.append(Rectangle((cx, ye - 0.08), bw, 0.16, fc="white", ec="#555555", lw=0.8))
        if use:
            self._patches.append(Rectangle((cx, ye - 0.08), bw * min(use, full) / full, 0.16, fc=COLOURS["plant"],
                                           ec="none"))
        for t in range(5, full, 5):
            self._ticks.append((((cx + bw * t / full, ye - 0.08), (cx + bw * t / full, ye - 0.02)), "#555555", 0.6))
        xc = cx + bw * cap / full
        self._ticks.append((((xc, ye - 0.13), (xc, ye + 0.13)), "black", 2))
        # the notes: colonists, hand, contracts, R&D, supremacies, Magna Scientia
        room = right - left - 0.2
        notes = self._notes(s, p, col, viewer)
        wrapped = [wrap(text, SIZE, room) for text, _ in notes]
        while sum(map(len, wrapped)) > NOTE_LINES:   # too long: the longest note ends with "…" (contracts first)
            longest = max(wrapped, key=lambda part: (len(part), part[0].startswith("Contracts")))
            longest[-2:] = [fit_text(longest[-2] + " " + longest[-1] + "…", SIZE, room)]
        lines = [(line, colour) for part, (_, colour) in zip(wrapped, notes) for line in part]
        y = ye - ENERGY_H / 2 - 0.14
        for line, colour in lines:
            self._t(left + 0.1, y, line, SIZE, color=colour, weight="bold" if colour == HIGHLIGHT else "normal",
                    box=panel)
            y -= NOTE_STEP

    def _notes(self, s, p, col, viewer):
        """(sentence, colour) about a colony, in the order the board prints them."""
        hidden = viewer >= 0 and viewer != p
        working = bin(col.staff).count("1")
        notes = [(f"Colonists {col.housed + working}: {col.housed} in habitats, {working} at work", "black")]
        limit = hand_limit(col, s.cards, s.options)
        if hidden:
            size = s.masked[0][p]
            notes.append((f"Hand: {size} hidden card{'' if size == 1 else 's'}, limit {limit}", "black"))
        else:
            held = sum(col.hand)
            over = held > limit
            cards = f"{_cards(col.hand)} ({held}, limit {limit})" if held else f"empty (limit {limit})"
            notes.append((f"Hand {cards}" + (": over the limit" if over else ""), "#b00020" if over else "black"))
        lim = contract_limit(col)
        cons = " ".join(f"{LETTERS[CONTRACTS[c][0]]}→{LETTERS[CONTRACTS[c][1]]}" for c in col.contracts)
        notes.append((f"Contracts {len(col.contracts)} of {'any' if lim is None else lim}"
                      + (f": {cons}" if cons else ""), "black"))
        kept = len(col.kept) if not hidden else s.masked[1][p]
        rd = f"R&D cards {len(col.played)}, science {science(col, s.cards)}"
        if kept:
            rd += f", {kept} kept" + (" (hidden)" if hidden else "")
        notes.append((rd, "black"))
        if col.supremacies:
            table = lookup(s.cards)
            notes.append(("Supremacy: " + ", ".join(table[c].name.replace(" supremacy", "")
                                                    + (f"\u00a0×{col.supremacies.count(c)}"
                                                       if col.supremacies.count(c) > 1 else "")
                                                    for c in sorted(set(col.supremacies))), "black"))
        if s.magna == p:
            notes.append(("Holds Magna Scientia", HIGHLIGHT))
        return notes

    def _cell(self, x, y, col, sm, track, level, letter):
        label = f"{letter}{level}" if track != "port" else "SP"     # a mine is named by its material below
        if not _built(col, track, level):
            self._outline(x, y)
            return
        bit = SLOT_INDEX[(track, level)]
        staffed = (col.staff >> bit) & 1
        active = (sm.active >> bit) & 1
        fc = COLOURS[track] if active else "white"
        if track == "mine":
            label = f"M{LETTERS[col.mines[level]]}"
            fc = MAT_COLOURS[col.mines[level]] if active else "white"
        stalled = staffed and not active      # staffed, but a lower level of its type is not active
        self._patches.append(Rectangle((x, y - CELL_H / 2), CELL_W, CELL_H, fc="#eeeeee" if stalled else fc,
                                       ec="black", lw=1.1, ls="--" if stalled else "-"))
        colour = "white" if active and fc in DARK_FILLS else "black"
        box = (x, y - CELL_H / 2, x + CELL_W, y + CELL_H / 2)
        self._t(x + CELL_W / 2, y + 0.065, label, SIZE, weight="bold", color=colour, ha="center", box=box)
        if staffed:
            self._front.append(token("disc", x + CELL_W / 2, y - 0.085, 0.095, "black", edgecolor="white", lw=0.8))

    def _outline(self, x, y, w=CELL_W):
        # not built: a dotted outline only (no text: the row names the type, the column the level)
        self._patches.append(Rectangle((x, y - CELL_H / 2), w, CELL_H, fc="none", ec="#aaaaaa", lw=0.8, ls=":"))

    def _hab(self, x, y, label, powered, inside, w=CELL_W):
        self._patches.append(Rectangle((x, y - CELL_H / 2), w, CELL_H,
                                       fc=COLOURS["habitat"] if powered else "#d9d9d9", ec="black", lw=1.1))
        box = (x, y - CELL_H / 2, x + w, y + CELL_H / 2)
        self._t(x + w / 2, y + 0.065, label, SIZE, weight="bold", ha="center", box=box)
        if inside:
            self._t(x + w / 2, y - 0.08, inside, SIZE, ha="center", box=box)

    # ----- the shared components -------------------------------------------------------------
    def _shared(self, s, width):
        viewer = getattr(s, "viewer", -1)
        yr = SHARED_H - 0.28
        for m in range(5):
            x = LEFT + PAD + m * 1.04
            self._patches.append(Rectangle((x, yr - 0.17), 0.95, 0.34, fc=MAT_COLOURS[m], ec="black", lw=0.8))
            self._t(x + 0.475, yr, f"{MATERIALS[m].capitalize()} {s.reserve[m]}", SIZE, weight="bold", ha="center",
                    color="white" if m in (0, 1, 3, 4) else "black", box=(x, yr - 0.17, x + 0.95, yr + 0.17))
        supply = s.masked[2] if viewer >= 0 else sum(s.supply)
        rd1, rd2 = (s.masked[3], s.masked[4]) if viewer >= 0 else (sum(s.rd1_deck), sum(s.rd2_deck))
        magna = s.players[s.magna] if s.magna >= 0 else "nobody"
        notes = [(f"Decks: supply {supply} · events {sum(s.event_deck)} ({sum(s.event_discard)} used) · "
                  f"R&D1 {rd1} · R&D2 {rd2}", "black"),
                 (f"Mine tiles left: {_cards(s.mine_tiles)} · Magna Scientia: {magna}", "black")]
        if s.card:
            notes.append((f"Card being resolved: {lookup(s.cards)[s.card].name}", HIGHLIGHT))
        if s.offer:
            q, give, ask = s.offer
            notes.append((f"Offer to {s.players[q]}: gives {_cards(give)}, asks {_cards(ask)}", HIGHLIGHT))
        x, room = LEFT + PAD + 0.02, width - LEFT - PAD - 0.14
        lines = [(line, colour) for text, colour in notes for line in wrap(text, SIZE, room)][:TABLE_LINES]
        y = SHARED_H - 0.64
        box = (LEFT, 0.02, width - 0.05, SHARED_H - 0.46)
        for line, colour in lines:
            self._t(x, y, line, SIZE, color=colour, box=box)
            y -= NOTE_STEP


def draw(state, ax=None):
    """The board as a matplotlib figure (a pure function of the state)."""
    return Board(state, ax=ax).fig
