"""The position of Mars in short sentences: what a sighted student reads off the board
(`widgets/mars_colony.py`), for a student who reads it as text (`state.describe(player=None)`).

`describe_position(state)` gives one line for the round, whose turn and the step; five lines per colony
(VP, energy and colonists; installations; habitats; hand; cards held); and the shared table (the reserve,
the decks, the mine tiles and Magna Scientia, then the card being resolved, an offer on the table or a dust
storm). On a player's view (`state.view(seat)`) it says only what that view shows: the others' hands and
kept R&D cards as counts of hidden cards, the face-down decks by their size alone.

>>> from mars_rules.mars_colony import new_game
>>> s = new_game(players=2, seed=7)
>>> print(describe_position(s))  # doctest: +NORMALIZE_WHITESPACE
Mars, round 1, target 12 VP: Setup: mine draft; Ada to move.
Ada (to move): 0 VP; energy 2 used of 5; 7 colonists, 5 in the habitats and 2 at work.
Ada's installations: power plant level 0 active; silo level 0 active; no mine, communications module, military base, R&D centre or spaceport.
Ada's habitats: habitat 0 only; 4 spaces free.
Ada's hand: empty (limit 4).
Ada's cards: contracts 0 of 1; R&D cards face up 0, science 0.
Bo: 0 VP; energy 2 used of 5; 7 colonists, 5 in the habitats and 2 at work.
Bo's installations: power plant level 0 active; silo level 0 active; no mine, communications module, military base, R&D centre or spaceport.
Bo's habitats: habitat 0 only; 4 spaces free.
Bo's hand: empty (limit 4).
Bo's cards: contracts 0 of 1; R&D cards face up 0, science 0.
Reserve: iron 7, carbon 7, silicon 7, water 7, oxygen 7.
Decks: supply 25 cards, events 30 (0 used), R&D1 15, R&D2 15.
Mine tiles left: 4 iron, 3 carbon, 3 silicon, 3 water, 3 oxygen. Magna Scientia: nobody.
"""
from __future__ import annotations

from mars_rules.core import CHANCE

from .data import CONTRACTS, DARK_WAITING, MATERIALS, POWERED, SLOT_INDEX, TRACK_NAMES
from .flow import contract_limit, science
from .scoring import victory_points
from .state import capacity, consumption, hand_limit, lookup, summary

__all__ = ["describe_position"]

TRACKS = (("plant", (0, 1, 2, 3)), ("silo", (0, 1, 2, 3)), ("mine", (0, 1, 2, 3)), ("comm", (1, 2, 3)),
          ("mil", (1, 2, 3)), ("rnd", (1, 2)), ("port", (1,)))
PLURAL = {"plant": "power plants", "silo": "silos", "mine": "mines", "comm": "communications modules",
          "mil": "military bases", "rnd": "R&D centres", "port": "spaceport"}
CHANCE_WORDS = {"deal": "dealing the starting hands", "event": "drawing the event card",
                "event_take": "a random card from the loser's hand",
                "attack_take": "a random card from the loser's hand",
                "supply_draw": "a card from the supply deck", "research_die": "rolling the R&D die",
                "research_draw": "drawing an R&D card", "resupply": "Earth's resupply card"}
END_WORDS = {"target_vp": ", who reached the target at the end of their own turn",
             "round_limit": ", with the most VP when the round limit (an ASSUMED safeguard) ended the game"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cards(counts) -> str:
    """Cards per material in words: "2 iron, 1 water" ("" for none)."""
    return ", ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(counts) if n)


def _step_title(s) -> str:
    for step in s.game.TURN_STEPS:
        if step.key == s.step:
            return step.title
    return str(s.step)


def _title(s) -> str:
    seen = f" As {s.players[s.viewer]} sees it." if s.viewer >= 0 else ""
    variant = s.variant()
    rules = f" (variant: {variant})" if variant else ""
    if s.is_over:
        reason = s.game.end_reason(s)
        won = " and ".join(s.players[w] for w in s.winners())
        return (f"Mars: game over after round {s.round}, target {s.target} VP{rules}. Won by {won}"
                f"{END_WORDS.get(reason, '')}.{seen}")
    step = _step_title(s)
    where = step if s.step in ("mine_draft", "deal") else f"{s.players[s.active]}'s turn, {step}"
    if s.to_move == CHANCE:
        who = f"chance to draw ({CHANCE_WORDS.get(s.step, 'a draw')})"
    else:
        who = f"{s.players[s.to_move]} to move"
    return f"Mars, round {s.round}, target {s.target} VP{rules}: {where}; {who}.{seen}"


def _installations(col) -> str:
    """Each built installation by type and level (a mine by its material): active, idle or staffed but
    inactive; then the types with nothing built."""
    act = summary(col.staff).active
    parts, missing = [], []
    for track, levels in TRACKS:
        said = []
        for level in levels:
            if track == "mine":
                if level >= len(col.mines):
                    continue
                name = MATERIALS[col.mines[level]]
            elif not col.built(track, level):
                continue
            else:
                name = "" if track == "port" else f"level {level}"
            bit = 1 << SLOT_INDEX[(track, level)]
            state = ("active" if act & bit else "staffed but inactive"
                     if col.staff & bit else "idle")
            said.append(f"{name} {state}".strip())
        if said:
            label = PLURAL[track] if len(said) > 1 else TRACK_NAMES[track]
            parts.append(f"{label} {', '.join(said)}")
        else:
            missing.append(TRACK_NAMES[track])
    if missing:
        names = ", ".join(missing[:-1]) + (" or " if len(missing) > 1 else "") + missing[-1]
        parts.append(f"no {names}")
    return "; ".join(parts)


def _habitats(s, col) -> str:
    spaces = max(s.options.max_habitats, len(col.habs))
    built = [f"habitat {k + 1} " + ("powered" if h == POWERED else "dark, 3 colonists waiting for power"
                                    if h == DARK_WAITING else "dark")
             for k, h in enumerate(col.habs)]
    free = spaces - len(col.habs)
    return ("habitat 0" + ("; " + "; ".join(built) if built else " only")
            + (f"; {_count(free, 'space')} free" if free else "; no space free"))


def _colony(s, p) -> list:
    col = s.colonies[p]
    name = s.players[p]
    hidden = s.viewer >= 0 and s.viewer != p
    mark = ""
    if s.to_move == p:
        mark = " (to move)"
    elif s.is_over and p in s.winners():
        mark = " (winner)"
    vp = victory_points(s, p)
    track = f" (the VP track shows {col.vp} until the end-of-turn recount)" if col.vp != vp and not s.is_over else ""
    use, cap = consumption(col), capacity(col, s.cards, s.options)
    over = ", over the capacity" if use > cap else ""
    working = bin(col.staff).count("1")
    lines = [f"{name}{mark}: {vp} VP{track}; energy {use} used of {cap}{over}; "
             f"{_count(col.housed + working, 'colonist')}, {col.housed} in the habitats and {working} at work.",
             f"{name}'s installations: {_installations(col)}.",
             f"{name}'s habitats: {_habitats(s, col)}."]
    limit = hand_limit(col, s.cards, s.options)
    if hidden:
        over = "; over the limit" if s.masked[0][p] > limit else ""
        lines.append(f"{name}'s hand: {_count(s.masked[0][p], 'hidden card')} (limit {limit}{over}).")
    elif sum(col.hand):
        over = "; over the limit" if sum(col.hand) > limit else ""
        lines.append(f"{name}'s hand: {_cards(col.hand)} ({_count(sum(col.hand), 'card')}, limit {limit}{over}).")
    else:
        lines.append(f"{name}'s hand: empty (limit {limit}).")
    most = contract_limit(col)
    held = ", ".join(f"{MATERIALS[CONTRACTS[c][0]]} for {MATERIALS[CONTRACTS[c][1]]}" for c in col.contracts)
    table = lookup(s.cards)
    cards = [f"contracts {len(col.contracts)} of {'any number' if most is None else most}"
             + (f" ({held})" if held else "")]
    played = ", ".join(table[c].name for c in col.played)
    cards.append(f"R&D cards face up {len(col.played)}" + (f" ({played})" if played else "")
                 + f", science {science(col, s.cards)}")
    if hidden:
        if s.masked[1][p]:
            cards.append(f"{_count(s.masked[1][p], 'R&D card')} kept in hand, hidden")
    elif col.kept:
        cards.append("kept in hand: " + ", ".join(table[c].name for c in col.kept))
    if col.supremacies:
        sups = sorted(set(col.supremacies))
        cards.append("supremacies held: " + ", ".join(
            table[c].name + (f" ({col.supremacies.count(c)} cards)" if col.supremacies.count(c) > 1 else "")
            for c in sups))
    if s.magna == p:
        cards.append("holds Magna Scientia")
    lines.append(f"{name}'s cards: {'; '.join(cards)}.")
    return lines


def _table(s) -> list:
    viewer = s.viewer
    supply = s.masked[2] if viewer >= 0 else sum(s.supply)
    rd1, rd2 = (s.masked[3], s.masked[4]) if viewer >= 0 else (sum(s.rd1_deck), sum(s.rd2_deck))
    magna = s.players[s.magna] if s.magna >= 0 else "nobody"
    lines = ["Reserve: " + ", ".join(f"{m} {n}" for m, n in zip(MATERIALS, s.reserve)) + ".",
             f"Decks: supply {_count(supply, 'card')}, events {sum(s.event_deck)} ({sum(s.event_discard)} used), "
             f"R&D1 {rd1}, R&D2 {rd2}.",
             f"Mine tiles left: {_cards(s.mine_tiles) or 'none'}. Magna Scientia: {magna}."]
    if s.card:
        lines.append(f"Card being resolved: {lookup(s.cards)[s.card].name}.")
    if s.offer:
        q, give, ask = s.offer
        lines.append(f"Offer on the table to {s.players[q]}: gives {_cards(give) or 'nothing yet'}, asks "
                     f"{_cards(ask) or 'nothing yet'}.")
    if s.dust and not s.is_over:
        lines.append("Dust storm: no resupply this turn.")
    return lines


def describe_position(state) -> str:
    """The position in short sentences, one line per group of board elements (see the module docstring);
    on a player's view, only what that player may see."""
    lines = [_title(state)]
    for p in range(len(state.players)):
        lines += _colony(state, p)
    lines += _table(state)
    return "\n".join(lines)
