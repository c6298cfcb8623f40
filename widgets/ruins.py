"""The Ruins board as a matplotlib figure: `draw(state, ax=None)` and `Board(state).update(state)`.

Top to bottom: the round marker, the step and the player to move; the score track (0-10, the
instant-win range 9-10 tinted; a variant game's rounds, instant-win VP, torches and market costs are
its own, `state.options`); the current trick (the last play highlighted, earlier plays faded
behind it, who passed) next to the market (four slots with their torch costs, beside the discovery
deck); then one row per player: seat disc and name (the player to move marked with "▶" and an orange
frame), VP, claims left, torches (lit = filled) and notes, and the hand. A card shows its rank at the
top (* = wild), its discoveries in their three positions (top, middle, bottom), and a foot: "N" on a
night-side (dark) card, with its night effect, and the claim owner's letter on the owner's colour.
In a player's view (`state.view(p)`) the others' cards are face down (hatched). Colours are Okabe-Ito
(colour-blind safe) and always come with letters.

The layout is in inches (1 data unit = 1 inch at the intended size): the board is 10.8 in (778 px)
wide for every player count, and every text is at least 8 pt.

>>> from mars_rules.ruins import new_game
>>> board = Board(new_game(players=2, seed=1))
>>> [round(float(v), 2) for v in board.fig.get_size_inches()]
[10.8, 6.24]
>>> "Market (discovery deck: 35)" in board.texts, "empty: the next play is a lead" in board.texts
(True, True)
"""
from __future__ import annotations

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgba
from matplotlib.patches import FancyBboxPatch, Rectangle

from mars_rules.ruins.text import a_rank

from .boardkit import HIGHLIGHT, SEAT_COLOURS, LayeredBoard, board_axes, fit_text, text_width, token
from .common import step_title

__all__ = ["Board", "draw", "LEGEND"]

# seats: boardkit.SEAT_COLOURS (Okabe-Ito), and the seat letter is always printed as well
DAY_FACE, NIGHT_FACE, BACK = "#FFF4CC", "#1F3A68", "#9A9A9A"
DAY_SLOT, NIGHT_SLOT = "#FFFFFF", "#36568A"      # the background of a discovery tag on a card
ACTIVE_FILL, TINT, PANEL = "#FFF3DC", "#FBE3D6", "#FAFAFA"
GREY, DARK = "#555555", "#333333"

# ----- layout, in inches --------------------------------------------------------------------------
FIG_W = 10.8
M = 0.1                    # outer margin
W, H = 0.52, 0.92          # a card
GAP = 0.04                 # between the cards of a hand
MINI_W, MINI_H = 0.34, 0.5  # an earlier card of the trick
TITLE_H, STATUS_H, TRACK_H, BAND_H = 0.46, 0.3, 0.56, 1.58
ROW_H = 1.14               # one player's row
FOOT_H = 0.86              # events and legend
HAND_X = 2.0               # where the hands start
SPLIT = 5.75               # the trick panel's right edge; the market panel starts after it
VP_X = 0.55                # the first cell of the score track
TAGS = {"rank": "+{}", "wild": "W", "draw": "D{}", "light": "L{}"}

LEGEND = ("card: rank at the top (* = wild); discoveries top to bottom: +k rank, W wild, Dk each opponent "
          "draws k, Lk light k torches\n"
          "dark card, N = night side (and its night effect); coloured foot = claim (owner's letter); "
          "circles = torches (filled = lit); orange = last play, chosen ruins, player to move (▶)")


def figure_height(players: int) -> float:
    """The board's height in inches for this many players."""
    return 2 * M + TITLE_H + STATUS_H + TRACK_H + BAND_H + players * ROW_H + FOOT_H


def _effect_tag(effect) -> str:
    """A discovery or night effect in short form: +2 (rank), W (wild), D1 (opponents draw), L2 (light)."""
    kind, amount = effect
    return TAGS[kind].format(amount)


_CHAR_W: dict = {}


def _fit(text, size, width, weight="normal", style="normal") -> str:
    """`text`, cut with "…" when it is wider than `width` inches (boardkit.fit_text). A line whose width,
    estimated from cached character widths, is clearly below `width` is returned at once: measuring a
    new line renders it, and the events and the status line are new at almost every click."""
    est = 0.0
    for ch in text:
        key = (ch, size, weight, style)
        w = _CHAR_W.get(key)
        if w is None:
            w = _CHAR_W[key] = text_width(ch, size, weight, style)
        est += w
    if est * 1.05 + 0.05 < width:
        return text
    return fit_text(text, size, width, weight, style)


def _fan_step(count: int, width: float, card_w: float, gap: float) -> float:
    """Distance between the left edges of `count` cards laid out in `width`: a gap apart when they fit,
    overlapping (a fan) when they do not."""
    if count <= 1:
        return card_w + gap
    return min(card_w + gap, (width - card_w) / (count - 1))


class Board(LayeredBoard):
    """Builds the figure once; `update(state)` redraws it for a new state. The frames, headings, score
    track, market slots and legend are the static layer (the same for every position with as many
    players and the same market costs)."""

    CLICK_SCALE = 2
    """Measured with benchmarks/bench_redraw.py: a click's median is about 50 ms at scale 2 (target < 80 ms)."""

    def __init__(self, state, ax=None, figsize=None):
        n = len(state.players)
        self.fig, self.ax = board_axes(ax, figsize or (FIG_W, figure_height(n)), rect=(0, 0, 1, 1))
        self._start_layers()
        self.update(state)

    def layout(self, state):
        rules = state.options
        return len(state.players), rules.market_costs, rules.rounds, rules.instant_win_vp

    # ----- the rectangles: one PolyCollection a layer (much faster to build than Rectangle patches) -------
    def _begin(self):
        super()._begin()
        self._rects: list = []

    def _rect(self, x, y, w, h, face, edge="black", lw=0.7, ls="solid", alpha=None):
        """Queue a rectangle (cards, slots, cells): drawn in order, above the frames and below the texts."""
        self._rects.append(((x, y, w, h), to_rgba(face, alpha), edge, lw, ls))

    def _flush_extra(self, static, out):
        if not self._rects:
            return
        boxes, faces, edges, widths, styles = zip(*self._rects)
        b = np.array(boxes, dtype=float)
        x0, y0, x1, y1 = b[:, 0], b[:, 1], b[:, 0] + b[:, 2], b[:, 1] + b[:, 3]
        verts = np.stack([np.stack([x0, y0], 1), np.stack([x1, y0], 1), np.stack([x1, y1], 1),
                          np.stack([x0, y1], 1)], 1)
        coll = PolyCollection(verts, closed=True, facecolors=faces, edgecolors=edges, linewidths=widths,
                              linestyles=styles, zorder=1 if static else 2.2)
        out.append(self.ax.add_collection(coll, autolim=False))

    # ----- geometry -----------------------------------------------------------------------------------
    def _rows(self, n):
        """y of the top of each section, from the top of the board."""
        top = figure_height(n) - M
        status = top - TITLE_H
        track = status - STATUS_H
        band = track - TRACK_H
        players = band - BAND_H
        return top, status, track, band, players

    @staticmethod
    def _round_x(rules, k):
        """x of round cell `k` (0-based; the last cell, `rules.rounds`, is the showdown)."""
        return FIG_W - M - (rules.rounds + 1) * 0.42 + 0.06 + k * 0.42

    def _vp_cell(self, v):
        cw = (FIG_W - M - VP_X + 0.05) / 11
        return VP_X + v * cw, cw - 0.05

    def _market_x(self):
        """(deck x, slot xs, slot width) of the market."""
        x0 = SPLIT + 0.1 + 0.08
        deck_w = 0.55
        sx = x0 + deck_w + 0.1
        sw = (FIG_W - M - 0.08 - sx - 3 * 0.08) / 4
        return x0, [sx + k * (sw + 0.08) for k in range(4)], sw

    # ----- the static layer ---------------------------------------------------------------------------
    def _static(self, state):
        ax = self.ax
        n = len(state.players)
        ax.set_axis_off()
        fh = figure_height(n)
        ax.set_xlim(0, FIG_W)
        ax.set_ylim(0, fh)
        box = ax.get_position()
        fw_in, fh_in = self.fig.get_size_inches()
        # circles stay round when the board is drawn into other axes: y data units per x data unit
        self._squash = (fh / (box.height * fh_in)) / (FIG_W / (box.width * fw_in))
        top, status, track, band, _players = self._rows(n)

        # round marker (the current round is highlighted in the dynamic layer)
        rules = state.options
        rx = self._round_x(rules, 0)
        ry = top - TITLE_H / 2
        self._t(rx - 0.08, ry, "round", 9, ha="right", box=(SPLIT, top - TITLE_H, rx, top))
        for k in range(rules.rounds + 1):
            x = rx + k * 0.42
            cell = (x, ry - 0.16, x + 0.36, ry + 0.16)
            self._rect(x, ry - 0.16, 0.36, 0.32, "white", "#777", 0.8)
            self._t(x + 0.18, ry, "S" if k == rules.rounds else str(k + 1), 9, ha="center", box=cell)

        # score track 0-10
        yc = track - TRACK_H / 2
        self._t(M + 0.05, yc, "VP", 10, "bold", box=(M, yc - 0.25, VP_X, yc + 0.25))
        for v in range(11):
            x, cw = self._vp_cell(v)
            cell = (x, yc - 0.24, x + cw, yc + 0.24)
            self._rect(x, yc - 0.24, cw, 0.48, "#F3F3F3" if v < rules.instant_win_vp else TINT, "#888", 0.6)
            self._t(x + 0.05, yc + 0.13, str(v), 8, color=GREY, box=cell)
        x9, _ = self._vp_cell(max(rules.instant_win_vp, 9))  # the label keeps clear of the status line
        x10, cw = self._vp_cell(10)
        self._t((x9 + x10 + cw) / 2, status - STATUS_H / 2, "instant-win range", 8, style="italic", color=GREY,
                ha="center", box=(x9, track, x10 + cw, status))

        # the trick and market panels
        for x0, x1 in ((M, SPLIT), (SPLIT + 0.08, FIG_W - M)):
            self._under.append(FancyBboxPatch((x0, band - BAND_H + 0.06), x1 - x0, BAND_H - 0.1,
                                              boxstyle="round,pad=0,rounding_size=0.06", facecolor=PANEL,
                                              edgecolor="#C8C8C8", lw=0.8))
        self._t(M + 0.1, band - 0.17, "Trick", 9, "bold", box=(M, band - 0.32, M + 0.6, band))
        _deck_x, slots, sw = self._market_x()
        costs = rules.market_costs
        for k, x in enumerate(slots):
            cost = costs[k]
            self._t(x + sw / 2, band - 1.33, f"slot {k + 1}: {cost} torch{'es' if cost != 1 else ''}", 8,
                    ha="center", box=(x, band - BAND_H + 0.06, x + sw, band - 1.16))

        # legend
        self._t(M + 0.05, M + 0.04, LEGEND, 8, color=GREY, va="bottom", box=(M, M, FIG_W - M, M + 0.42))

    # ----- the dynamic layer --------------------------------------------------------------------------
    def _dynamic(self, state):
        n = len(state.players)
        top, status, track, band, players = self._rows(n)
        self._header(state, top, status, track)
        self._market(state, band)
        self._trick(state, band)
        for p in range(n):
            self._player(state, p, players - 0.04 - p * ROW_H)
        self._events(state)

    def _circle(self, x, y, d, facecolor, edgecolor="black", lw=0.6):
        return token("disc", x, y, d, facecolor, edgecolor=edgecolor, lw=lw, squash=self._squash)

    def _disc(self, x, y, d, seat, size=8):
        """A seat's disc with its letter."""
        self._patches.append(self._circle(x, y, d, SEAT_COLOURS[seat]))
        self._t(x, y, chr(65 + seat), size, "bold", ha="center",
                box=(x - d / 2, y - d / 2 * self._squash, x + d / 2, y + d / 2 * self._squash))

    def _header(self, s, top, status, track):
        from mars_rules.core import CHANCE
        rounds = s.options.rounds
        showdown = s.round > rounds
        title = "Ruins: " + (f"showdown (round {s.round})" if showdown else f"round {s.round} of {rounds}")
        self._t(M + 0.05, top - TITLE_H / 2, title, 13, "bold", box=(M, top - TITLE_H, SPLIT, top))
        # the current round on the marker
        rx = self._round_x(s.options, min(s.round, rounds + 1) - 1)
        ry = top - TITLE_H / 2
        self._rect(rx, ry - 0.16, 0.36, 0.32, "#FDE9A9", HIGHLIGHT, 2.2)
        self._t(rx + 0.18, ry, "S" if showdown else str(s.round), 9, "bold", ha="center",
                box=(rx, ry - 0.16, rx + 0.36, ry + 0.16))
        # step and who moves
        if s.to_move is None:
            who = "game over: " + " and ".join(s.players[p] for p in s.winners()) + " won"
        else:
            who = "to move: " + ("chance" if s.to_move == CHANCE else s.players[s.to_move])
        seen = f"   |   {s.players[s.viewer]}'s view (other hands face down)" if s.viewer >= 0 else ""
        x9, _ = self._vp_cell(9)
        variant = f"   |   Variant rules: {s.variant()}" if s.variant() else ""
        line = _fit(f"step: {step_title(s)}   |   {who}{seen}{variant}", 9, x9 - 0.2 - M)
        self._t(M + 0.05, status - STATUS_H / 2, line, 9, box=(M, track, x9 - 0.1, status))
        # score markers
        yc = track - TRACK_H / 2
        by_vp: dict = {}
        for p, v in enumerate(s.vp):
            by_vp.setdefault(min(max(v, 0), 10), []).append(p)
        d = 0.18
        for v, seats in by_vp.items():   # right of the number, up to 3 a row
            x, cw = self._vp_cell(v)
            rows = [seats] if len(seats) <= 3 else [seats[:3], seats[3:]]
            for r, row in enumerate(rows):
                y = yc if len(rows) == 1 else yc + 0.1 - 0.21 * r
                for k, p in enumerate(row):
                    self._disc(x + 0.22 + d / 2 + k * 0.2, y, d, p)

    def _market(self, s, band):
        cards = s.cards
        deck_x, slots, sw = self._market_x()
        panel = (SPLIT + 0.08, band - BAND_H + 0.06, FIG_W - M, band)
        self._t(deck_x, band - 0.17, f"Market (discovery deck: {len(s.ddeck)})", 9, "bold", box=panel)
        y0, y1 = band - 1.14, band - 0.3
        self._rect(deck_x, y0, 0.55, y1 - y0, BACK, "black", 0.8)
        deck_box = (deck_x, y0, deck_x + 0.55, y1)
        self._t(deck_x + 0.275, (y0 + y1) / 2, "deck", 8, color="white", ha="center", box=deck_box)
        for k, x in enumerate(slots):
            d = s.market[k]
            slot = (x, y0, x + sw, y1)
            self._rect(x, y0, sw, y1 - y0, "white" if d >= 0 else "#EEEEEE", "black", 0.8,
                       "solid" if d >= 0 else "dashed")
            if d < 0:
                self._t(x + sw / 2, (y0 + y1) / 2, "empty", 8, style="italic", color=GREY, ha="center", box=slot)
                continue
            pos = ("top", "middle", "bottom")[cards.disc_pos[d]]
            kind, amount = cards.disc_effect[d]
            words = {"rank": f"+{amount} rank", "wild": "wild rank", "draw": f"opponents\ndraw {amount}",
                     "light": f"light {amount}\ntorches"}[kind]
            self._t(x + sw / 2, y1 - 0.15, f"{pos} #{d}", 8, color="#444", ha="center", box=slot)
            self._t(x + sw / 2, (y0 + y1) / 2 - 0.08, words, 9, "bold", ha="center", box=slot)

    def _trick(self, s, band):
        panel = (M, band - BAND_H + 0.06, SPLIT, band)
        x_left, x_right = M + 0.1, SPLIT - 0.1
        y_cards = band - 0.3 - H
        last = set(s.last_play)
        earlier = sorted((c for c in s.trick if c not in last), key=lambda c: (s.rank[c], c))
        m = len(s.last_play)
        if s.last_play:
            who = s.players[s.last_player] if s.last_player >= 0 else "?"
            what = a_rank(s.last_rank) if m == 1 else f"{m} x {s.last_rank}"
            self._t(M + 0.7, band - 0.17, _fit(f"last play: {who}, {what}", 9, SPLIT - M - 0.8, "bold"), 9,
                    "bold", color=HIGHLIGHT, box=panel)
        # room: the last play at full width if it can, the earlier plays fanned in what is left
        width = x_right - x_left
        last_step = W + GAP
        last_w = W + (m - 1) * last_step if m else 0.0
        room = width - last_w - (0.15 if m else 0.0)
        if earlier and room < MINI_W + 0.26 * (len(earlier) - 1):
            last_step = max(0.43, (width - 0.15 - MINI_W - 0.26 * (len(earlier) - 1) - W) / max(1, m - 1))
            last_w = W + (m - 1) * last_step if m else 0.0
            room = width - last_w - (0.15 if m else 0.0)
        shown = earlier
        if earlier and room < MINI_W + 0.26 * (len(earlier) - 1):   # too many: the rest are counted
            fit = max(1, int((room - 0.4 - MINI_W) / 0.26) + 1)
            shown, more = earlier[:fit], len(earlier) - fit
        else:
            more = 0
        x = x_left
        if shown:
            step = _fan_step(len(shown), room - (0.4 if more else 0.0), MINI_W, 0.04)
            for c in shown:
                self._mini(s, c, x, y_cards, min(step, MINI_W))
                x += step
            x += MINI_W - step
            if more:
                self._t(x + 0.05, y_cards + MINI_H / 2, f"+{more}", 8, color=GREY,
                        box=(x, y_cards, x + 0.4, y_cards + MINI_H))
                x += 0.4
            x += 0.15
        if s.last_play:
            for c in s.last_play:
                self._card(s, c, x, y_cards, min(last_step, W), highlight=True)
                x += last_step
        elif not s.trick:
            self._t(x_left, y_cards + H / 2, "empty: the next play is a lead", 9, color=GREY, box=panel)
        passed = ", ".join(s.players[p] for p in s.passed)
        line = _fit(f"passed in a row: {passed or 'nobody'}    ruin deck: {len(s.deck)}", 8, width)
        self._t(x_left, band - BAND_H + 0.2, line, 8, box=panel)

    def _player(self, s, p, yt):
        yb = yt - ROW_H + 0.06
        active = s.to_move == p or p in s.winners_  # the player to move, or the winner at the end
        to_move = s.to_move == p
        out = p in s.out
        self._patches.append(FancyBboxPatch((M, yb), FIG_W - 2 * M, yt - yb, boxstyle="round,pad=0,rounding_size=0.06",
                                            facecolor=ACTIVE_FILL if active else "white",
                                            edgecolor=HIGHLIGHT if active else "#BBB", lw=2.2 if active else 0.8))
        info = (M, yb, HAND_X - 0.05, yt)
        x0 = M + 0.08
        self._disc(x0 + 0.13, yt - 0.22, 0.26, p, size=9)
        mark = "▶ " if to_move else ""
        name_x = x0 + 0.33
        name = _fit(s.players[p], 10, HAND_X - 0.1 - name_x - text_width(mark, 10, "bold"),
                    "bold" if active else "normal")
        self._t(name_x, yt - 0.22, mark + name, 10, "bold" if active else "normal",
                color=HIGHLIGHT if to_move else "black", box=info)
        claims = s.claims_left[p]
        self._t(x0, yt - 0.48, f"VP {s.vp[p]} · {claims} claim{'s' if claims != 1 else ''} left", 8, box=info)
        most = s.options.torches
        step = 0.22 if most <= 3 else 0.66 / most   # the torches keep to the width of 3
        for k in range(most):   # torches: filled = lit
            lit = k < s.torches[p]
            self._patches.append(self._circle(x0 + 0.08 + k * step, yt - 0.71, min(0.16, step - 0.03),
                                              "#E69F00" if lit else "white", lw=0.7))
        if p == s.first_player:
            self._t(x0 + 0.72, yt - 0.71, "1st player", 8, box=info)
        note = []
        if out:
            place = s.out.index(p) + 1
            note.append(f"out ({place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'})")
        if not s.seated[p]:
            note.append("not in the showdown")
        if s.step == "night_flip":
            flip = {-2: "choosing", -1: "none", -3: "chosen (secret)"}.get(s.flips[p], f"#{s.flips[p]}")
            note.append("flip: " + flip)
        if p in s.winners_:
            note.append("WINNER")
        elif to_move:
            note.append("to move")
        if note:
            self._t(x0, yt - 0.95, _fit(", ".join(note), 8, HAND_X - 0.1 - x0, "bold" if active else "normal"),
                    8, "bold" if active else "normal", color=HIGHLIGHT if active else DARK, box=info)

        hand = s.hands[p]
        sel = set(s.selection) if to_move else set()
        right = FIG_W - M - 0.08
        step = _fan_step(len(hand), right - HAND_X, W, GAP)
        y = yb + 0.05
        for i, c in enumerate(hand):
            chosen = c in sel
            self._card(s, c, HAND_X + i * step, y + (0.07 if chosen else 0.0), min(step, W), highlight=chosen)
        if not hand:
            self._t(HAND_X, y + H / 2, "no cards" + (" (out)" if out else ""), 9, color="#666",
                    box=(HAND_X, yb, right, yt))

    def _card(self, s, c, x, y, strip, highlight=False):
        """A ruin card at (x, y); `strip` is the width left visible by the next card of a fan: every label
        is drawn in it."""
        if c < 0:  # face down (a player's view)
            self._own.append(self.ax.add_patch(Rectangle((x, y), W, H, facecolor=BACK, edgecolor="black", lw=0.7,
                                                         hatch="//", zorder=2.5)))
            return
        rec = s.ruins[c]
        night = rec[0]
        ink = "white" if night else "black"
        self._rect(x, y, W, H, NIGHT_FACE if night else DAY_FACE, HIGHLIGHT if highlight else "black",
                   2.4 if highlight else 0.7)
        box = (x, y, x + strip, y + H)
        cx = x + strip / 2
        self._t(cx, y + H - 0.14, f"{s.rank[c]}{'*' if s.wild[c] else ''}", 11, "bold", color=ink, ha="center",
                box=box)
        for k in range(3):   # discovery positions: top, middle, bottom (a faint outline when empty)
            d = rec[2 + k]
            yy = y + 0.58 - 0.15 * k
            if d >= 0:
                self._rect(x + 0.05, yy - 0.07, strip - 0.1, 0.14, NIGHT_SLOT if night else DAY_SLOT,
                           "#8FA6CC" if night else "#888", 0.5)
                self._t(cx, yy, _effect_tag(s.cards.disc_effect[d]), 8, "bold", color=ink, ha="center", box=box)
            else:
                self._rect(x + 0.05, yy - 0.07, strip - 0.1, 0.14, "none", "#3B5C92" if night else "#E8DCA8", 0.5)
        # the foot: N (night side, with its night effect) on the left, the claim owner's letter on the right
        foot = (x, y, x + strip, y + 0.2)
        owner = rec[1]
        room = strip - 0.1
        if owner >= 0:
            self._rect(x + 0.02, y + 0.02, strip - 0.04, 0.17, SEAT_COLOURS[owner], "black", 0.5)
            letter = chr(65 + owner)
            self._t(x + strip - 0.05, y + 0.105, letter, 8, "bold", ha="right", box=foot)
            room -= text_width(letter, 8, "bold") + 0.03
        if night:
            effect = s.cards.night_effect[c]
            label = "N"
            if effect is not None:   # "N D1"; in a crowded fan, with a thinner space or none
                tag = _effect_tag(effect)
                label = next((t for t in (f"N {tag}", f"N\u2009{tag}") if text_width(t, 8) <= room), "N" + tag)
            self._t(x + 0.05, y + 0.105, label, 8, color="black" if owner >= 0 else ink, box=foot)

    def _mini(self, s, c, x, y, strip):
        """An earlier card of the trick, small and faded: its rank only."""
        night = s.ruins[c][0]
        self._rect(x, y, MINI_W, MINI_H, NIGHT_FACE if night else DAY_FACE, "#666", 0.6, alpha=0.6)
        self._t(x + strip / 2, y + MINI_H - 0.13, f"{s.rank[c]}{'*' if s.wild[c] else ''}", 8, "bold",
                color="white" if night else "#333", ha="center", box=(x, y, x + strip, y + MINI_H))

    def _events(self, s):
        width = FIG_W - 2 * M - 0.1
        lines = [_fit(e, 8, width) for e in tuple(s.events)[-2:]]
        if lines:
            self._t(M + 0.05, M + 0.46, "\n".join(lines), 8, color=DARK, va="bottom",
                    box=(M, M + 0.42, FIG_W - M, M + FOOT_H))


def draw(state, ax=None):
    """The board of `state` as a matplotlib Figure (a pure function of the state)."""
    return Board(state, ax=ax).fig
