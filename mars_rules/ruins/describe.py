"""The Ruins board in short sentences: `describe_position(state)` (what `state.describe(player=None)` gives).

One line per group of what the board (widgets/ruins.py) draws: the round, the step and who moves; the
trick and the ruin deck; the market and the discovery deck; then, for each player, a line of their
pieces (VP on the score track, claim cards, torches, first player, out, night flip) and a line of their
hand; last, the latest events. A ruin reads "7 (#12)": its rank now (a "*" when it is wild) and its id,
then what it carries ("7* (#31: night side, middle wild rank, claimed by Bo)"). On a player's view
(`state.view(p)`) the description says only what that view shows: the other hands as counts of hidden
ruins, the other players' night flips as "chosen (secret)", the ruins another player is choosing as a
count.

>>> import mars_rules.ruins as ruins
>>> s = ruins.new_game(players=2, seed=7)
>>> print(describe_position(s).splitlines()[0])
Ruins, round 1 of 4. Step: Start of round: night flip. Ada to move.
>>> [line for line in describe_position(s.view(1)).splitlines() if line.startswith("Ada's hand")]
["Ada's hand: 9 hidden ruins."]
"""
from __future__ import annotations

from .coverage import end_reason
from .data import MAX_VP, POSITIONS
from .state import HIDDEN, NO_FLIP, SECRET, UNDECIDED
from .text import effect_words

_ENDS = {"instant_win": "an instant win", "showdown": "the showdown",
         "showdown_unopposed": "alone in the showdown, which was not played"}


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def ruin_text(s, c: int) -> str:
    """'7 (#12)', '9* (#31: night side, middle wild rank, claimed by Bo)': a face-up ruin as the board shows it."""
    cards = s.cards
    rec = s.ruins[c]
    extra = []
    if rec[0]:
        effect = cards.night_effect[c]
        extra.append("night side" + (f" ({effect_words(effect)})" if effect is not None else ""))
    for k in range(3):
        d = rec[2 + k]
        if d >= 0:
            extra.append(f"{POSITIONS[k]} {effect_words(cards.disc_effect[d])}")
    if rec[1] >= 0:
        extra.append(f"claimed by {s.players[rec[1]]}")
    return f"{s.rank[c]}{'*' if s.wild[c] else ''} (#{c}{': ' + ', '.join(extra) if extra else ''})"


def _ruins(s, ids) -> str:
    return ", ".join(ruin_text(s, c) for c in ids)


def _header(s) -> str:
    rules = s.options
    where = (f"showdown (round {s.round})" if s.round > rules.rounds else f"round {s.round} of {rules.rounds}")
    variant = s.variant()
    line = f"Ruins, {where}{f' (variant: {variant})' if variant else ''}. "
    if s.to_move is None:
        names = " and ".join(s.players[p] for p in s.winners())
        how = _ENDS.get(end_reason(s))
        return line + f"Game over: {names} won{f' ({how})' if how else ''}."
    step = next((t.title for t in s.game.TURN_STEPS if t.key == s.step), s.step)
    line += f"Step: {step}. "
    if s.to_move == "chance":
        if s.step == "refill":
            return line + "Chance: a discovery is revealed into the market."
        to = s.players[s.to_deal[0]] if s.to_deal else "a player"
        return line + (f"Chance: a ruin is dealt to {to}." if s.step == "deal" else f"Chance: {to} draws a ruin.")
    return line + f"{s.players[s.to_move]} to move."


def _trick(s) -> str:
    deck = f"Ruin deck: {_plural(len(s.deck), 'ruin')} face down."
    if not s.trick:
        return f"Trick: empty, the next play is a lead. {deck}"
    last = set(s.last_play)
    earlier = sorted((c for c in s.trick if c not in last), key=lambda c: (s.rank[c], c))
    line = "Trick:"
    if s.last_play:
        who = s.players[s.last_player] if s.last_player >= 0 else "?"
        m = len(s.last_play)
        what = f"rank {s.last_rank}" if m == 1 else f"{m} x {s.last_rank}"
        line += f" last play by {who}, {what}: {_ruins(s, s.last_play)}."
    if earlier:
        line += f" Earlier in this trick: {_ruins(s, earlier)}."
    passed = ", ".join(s.players[p] for p in s.passed)
    return f"{line} Passed in a row: {passed or 'nobody'}. {deck}"


def _market(s) -> str:
    cards, costs = s.cards, s.options.market_costs
    slots = []
    for k, d in enumerate(s.market):
        cost = f"{costs[k]} torch{'' if costs[k] == 1 else 'es'}"
        if d < 0:
            slots.append(f"slot {k + 1} ({cost}) empty")
        else:
            slots.append(f"slot {k + 1} ({cost}) {POSITIONS[cards.disc_pos[d]]} discovery #{d}, "
                         f"{effect_words(cards.disc_effect[d])}")
    return f"Market, beside the discovery deck ({_plural(len(s.ddeck), 'card')} face down): {'; '.join(slots)}."


def _flip(s, p) -> str:
    f = s.flips[p]
    if f == UNDECIDED:
        return "night flip: still choosing"
    if f == NO_FLIP:
        return "night flip: none"
    if f == SECRET:
        return "night flip: chosen (secret)"
    return f"night flip: {ruin_text(s, f)}, secret until everyone has chosen"


def _player(s, p) -> str:
    rules = s.options
    bits = [f"{s.vp[p]} VP", f"{_plural(s.claims_left[p], 'claim card')} left",
            f"{s.torches[p]} of {rules.torches} torches lit"]
    if p == s.first_player:
        bits.append("first player")
    if p in s.out:
        bits.append(f"out ({_ordinal(s.out.index(p) + 1)})")
    if not s.seated[p]:
        bits.append("not in the showdown")
    if s.step == "night_flip" and s.seated[p]:
        bits.append(_flip(s, p))
    if p in s.winners_:
        bits.append("WINNER")
    elif s.to_move == p:
        bits.append("to move")
    return f"{s.players[p]} (seat {chr(65 + p)}): {', '.join(bits)}."


def _hand(s, p) -> str:
    hand = s.hands[p]
    name = s.players[p]
    if not hand:
        return f"{name}'s hand: no ruins{' (out)' if p in s.out else ''}."
    shown = [c for c in hand if c != HIDDEN]
    line = f"{name}'s hand: "
    if shown:
        line += f"{_plural(len(hand), 'ruin')}: {_ruins(s, shown)}"
    hidden = len(hand) - len(shown)
    if hidden:
        line += ("; and " if shown else "") + _plural(hidden, "hidden ruin")
    if s.to_move == p and s.selection and s.step in ("lead", "follow", "claim", "discover"):
        chosen = [c for c in s.selection if c != HIDDEN]
        if chosen:
            line += f". Chosen for this play: {', '.join(f'#{c}' for c in chosen)}"
        else:
            line += f". {_plural(len(s.selection), 'ruin')} chosen for this play (hidden)"
    return line + "."


def describe_position(s) -> str:
    """The position in short sentences, one line per group of board elements (see the module docstring);
    on `state.view(p)` only what that player may see."""
    lines = [_header(s)]
    if s.viewer >= 0:
        lines.append(f"{s.players[s.viewer]}'s view: the other hands, both decks and the others' secret "
                     "choices are face down.")
    rules = s.options
    wins = ("the first player out in the showdown wins" if s.round > rules.rounds else
            f"starting a round on {rules.instant_win_vp}+ VP and going out first wins")
    lines.append(f"Score track 0-{MAX_VP} ({wins}): "
                 + ", ".join(f"{s.players[p]} {s.vp[p]}" for p in range(len(s.players))) + ".")
    lines.append(_trick(s))
    lines.append(_market(s))
    for p in range(len(s.players)):
        lines.append(_player(s, p))
        lines.append(_hand(s, p))
    events = [str(e) for e in tuple(s.events)[-2:]]
    if events:
        lines.append("Last: " + " ".join(e if e.endswith((".", "!")) else e + "." for e in events))
    return "\n".join(lines)
