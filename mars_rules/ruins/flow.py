"""The round: dealing (chance), night flips, tricks ending, going out, round end, showdown, game end.

Sections "Setup", "Start of Round", "Player Turns", "Going Out", "Round End", "Game End" and
"The Score Track". Chance nodes: each ruin dealt or drawn, each discovery revealed into the market.
The rule values (hand size, torches, the scoreboard, the instant-win VP, the rounds before the showdown)
are the position's own: `s.options`.
"""
from __future__ import annotations

from bisect import bisect_right

from mars_rules.core import CHANCE, Action, draw_index, setter

from . import text
from .crafting import with_record
from .data import MAX_VP
from .state import NO_FLIP, RUIN_FIELDS, UNDECIDED, State

_fast = Action.fast
_event = tuple.__new__


# ----- chance ------------------------------------------------------------------------------------
def outcomes(s) -> tuple:
    """((Action, 1), ...): every card that can come next (each card is one id, so weights are 1).

    The pairs are cached: a chance outcome's text needs only the players' names or the discovery's
    own data, so the same Action serves every position (random playouts resolve many chance nodes).
    """
    if s.step == "refill":
        slot = _refill_slot(s.market)
        cards = s.cards
        get = _REVEALS.get
        out = []
        for d in s.ddeck:
            key = (d, slot, cards.disc_pos[d], cards.disc_effect[d])
            pair = get(key)
            if pair is None:
                pair = _REVEALS[key] = (_fast("reveal", CHANCE, (("discovery", d), ("slot", slot)),
                                              text.reveal_text_of(key[2], key[3])), 1)
            out.append(pair)
        return tuple(out)
    table = _DEALS.get(s.players)
    if table is None:
        if len(_DEALS) > 1000:
            _DEALS.clear()
        table = _DEALS[s.players] = {}
    kind = "deal" if s.step == "deal" else "draw"
    to = s.to_deal[0]
    row = table.get((kind, to))
    if row is None:
        fn = (text.deal_text_of if kind == "deal" else text.draw_text_of)(s.players[to])
        row = table[(kind, to)] = tuple((_fast(kind, CHANCE, (("ruin", c), ("to", to)), fn), 1) for c in range(50))
    return tuple([row[c] for c in s.deck])


_REVEALS: dict = {}
_DEALS: dict = {}


def _refill_slot(market) -> int:
    """New discoveries enter next to the deck: the right-most empty slot left of the others."""
    slot = -1
    for i, d in enumerate(market):
        if d < 0:
            slot = i
    return slot


def _remove(tup, x):
    i = tup.index(x)
    return tup[:i] + tup[i + 1:]


def _insert(tup, x):
    i = bisect_right(tup, x)
    return tup[:i] + (x,) + tup[i:]


def play_chance(s, a):
    """A chance outcome; it also counts the draw (`draws` + 1, which the core would otherwise do apart)."""
    kind = a[0]
    if kind == "reveal":
        d, slot = a[2][0][1], a[2][1][1]
        market = s.market[:slot] + (d,) + s.market[slot + 1:]
        ddeck = _remove(s.ddeck, d)
        ev = (_event(text.Event, (text.with_period, a)),)
        if -1 in market and ddeck:
            return _revealed(s, market, ddeck, ev, s.draws + 1, s.step, s.to_move, s.resume)
        r = s.resume
        if r and r[0] == "next" and not r[2]:  # resume -> next_after_play without a skip, in one new State
            return _revealed(s, market, ddeck, ev, s.draws + 1, "follow", next_active(s, r[1]), ())
        return resume(_revealed(s, market, ddeck, ev, s.draws + 1, s.step, s.to_move, r))
    cid, to = a[2][0][1], a[2][1][1]
    deck = s.deck
    return _give(s, kind, cid, to, deck.index(cid))


# a revealed discovery's s._replace(market=..., ddeck=..., events=..., draws=..., step=..., to_move=..., resume=...)
_revealed = setter(State, "market", "ddeck", "events", "draws", "step", "to_move", "resume")


def _give(s, kind, cid, to, i):
    """Ruin `cid`, at index `i` of the deck, is dealt (kind "deal") or drawn (kind "draw") by seat `to`."""
    hands = s.hands
    hands = hands[:to] + (_insert(hands[to], cid),) + hands[to + 1:]
    # the event does not name the card: a player's view keeps the events, and hands are secret
    ev = (f"{s.players[to]} is dealt a ruin." if kind == "deal" else
          f"{s.players[to]} draws a ruin (each opponent must draw).",)
    deck = s.deck
    s = _dealt(s, hands, deck[:i] + deck[i + 1:], s.to_deal[1:], ev, s.draws + 1)
    if s.to_deal:
        return s
    if kind == "deal":
        return _after_deal(s)
    return after_turn(s)


_dealt = setter(State, "hands", "deck", "to_deal", "events", "draws")  # _give's s._replace(hands=..., ...)


def resolve_chance(s):
    """`play_chance(s, chance_outcome(s))` in one step (random play resolves a chance node at about every
    third action): a dealt or drawn ruin is taken from the deck at the drawn index."""
    if s.step == "refill":
        return play_chance(s, chance_outcome(s))
    deck = s.deck
    i = draw_index(s.seed, s.draws, len(deck))
    return _give(s, "deal" if s.step == "deal" else "draw", deck[i], s.to_deal[0], i)


# ----- after a turn: forced draws, market refill, then the next decision -------------------------
def after_turn(s):
    """Run the pending chance nodes of a turn's end, then continue with `s.resume`."""
    if s.to_deal:
        return s._replace(step="draw", to_move=CHANCE)
    if -1 in s.market and s.ddeck:
        return s._replace(step="refill", to_move=CHANCE)
    return resume(s)


def resume(s):
    r = s.resume  # each continuation clears `resume` in its own _replace
    if r[0] == "deal":
        return start_deal(s)
    return next_after_play(s, r[1], r[2])


def next_active(s, seat: int) -> int:
    n = len(s.players)
    seated, out = s.seated, s.out
    for k in range(1, n + 1):
        q = (seat + k) % n
        if seated[q] and q not in out:
            return q
    return -1


def active_count(s) -> int:
    """Seated players who have not gone out (`out` lists a seat at most once, as positions are checked)."""
    seated = s.seated
    n = sum(seated)
    for q in s.out:
        if seated[q]:
            n -= 1
    return n


def next_after_play(s, p: int, skip: int):
    """After `p` played (and the play's chance nodes): the next player follows, or is skipped."""
    q = next_active(s, p)
    if skip:
        ev = s._events + (f"{s.players[q]} is skipped: {s.players[p]} matched the rank exactly, "
                          "so they must pass.",)
        s = s._replace(events=ev, passed=(q,), resume=())
        if trick_over(s):
            return end_trick(s)
        q = next_active(s, q)
    return s._replace(step="follow", to_move=q, resume=())


def trick_over(s, passed=None) -> bool:
    """Have all the others passed in a row? (`passed` replaces `s.passed`.)"""
    last = s.last_player
    need = active_count(s) - (0 if last in s.out else 1)
    return len(s.passed if passed is None else passed) >= need


def end_trick(s):
    """All but one passed in a row: the trick's ruins go back into the deck; the lead passes on."""
    last = s.last_player
    leader = last if last not in s.out else next_active(s, last)
    deck = tuple(sorted(s.deck + s.trick))
    why = (f"{s.players[leader]} leads next (closest to {s.players[last]} clockwise with cards)."
           if leader != last else f"{s.players[leader]} leads next.")
    ev = s._events + (f"Everyone else passed: the trick ends and its {len(s.trick)} ruins are shuffled "
                      f"back into the deck. {why}",)
    return _trick_ended(s, deck, leader, ev)


# end_trick's s._replace(deck=..., trick=(), last_play=(), ..., step="lead", to_move=..., events=...)
_trick_ended = setter(State, "deck", "to_move", "events", trick=(), last_play=(), last_rank=-1, last_player=-1,
                      passed=(), step="lead")


# ----- rounds ------------------------------------------------------------------------------------
def start_deal(s):
    """Round end / setup: relight torches, gather every ruin, deal `hand_size` (9) to each seated player."""
    rules = s.options
    order = seats_from(s, s.first_player)
    n = len(s.players)
    deal = order * rules.hand_size
    ev = s._events + (f"Round {s.round}{' (showdown)' if s.round > rules.rounds else ''}: "
                      f"all ruins are shuffled and {rules.hand_size} are dealt to each player.",)
    return s._replace(resume=(), hands=((),) * n, deck=tuple(sorted(s.used)), trick=(), last_play=(), last_rank=-1,
                      last_player=-1, passed=(), selection=(), torches=(rules.torches,) * n, out=(),
                      to_deal=deal, step="deal", to_move=CHANCE, events=ev, start_vp=s.vp)


def seats_from(s, first: int) -> tuple:
    n = len(s.players)
    return tuple(q for q in ((first + k) % n for k in range(n)) if s.seated[q])


def _after_deal(s):
    """Claimed ruins go to their owners (no replacement), then the secret night flips."""
    hands = [list(h) for h in s.hands]
    ev = list(s._events)
    for p in range(len(hands)):
        for cid in list(hands[p]):
            owner = s.ruins[cid][1]
            if owner >= 0 and owner != p and s.seated[owner]:
                hands[p].remove(cid)
                hands[owner].append(cid)
                ev.append(f"{s.players[p]} was dealt ruin #{cid}, claimed by {s.players[owner]}, "
                          f"and gives it to them (no replacement).")
    hands = tuple(tuple(sorted(h)) for h in hands)
    flips = tuple(UNDECIDED if x else NO_FLIP for x in s.seated)
    return s._replace(hands=hands, flips=flips, step="night_flip", to_move=s.first_player,
                      events=tuple(ev))


def next_flipper(s) -> int:
    for q in seats_from(s, s.first_player):
        if s.flips[q] == UNDECIDED:
            return q
    return -1


def reveal_flips(s):
    """Everyone has chosen: the flips are revealed and the first player leads."""
    fields = tuple([getattr(s, name) for name in RUIN_FIELDS])
    ev = []
    for p in seats_from(s, s.first_player):
        cid = s.flips[p]
        if cid >= 0:
            fields = with_record(s.cards, fields, cid, (1,) + fields[0][cid][1:])
            ev.append(f"{s.players[p]} flipped ruin #{cid} to night rank {fields[1][cid]}.")
        else:
            ev.append(f"{s.players[p]} flipped nothing.")
    ev.append(f"{s.players[s.first_player]} leads the first trick of round {s.round}.")
    return s._replace(**dict(zip(RUIN_FIELDS, fields)), step="lead", to_move=s.first_player,
                      events=s._events + tuple(ev),
                      flips=tuple(NO_FLIP if f == UNDECIDED else f for f in s.flips))


def go_out(s, p: int):
    """`p` played their last ruin: score the place (rounds 1-4), check instant win / showdown win."""
    out = s.out + (p,)
    place = len(out)
    s = s._replace(out=out)
    if s.round > s.options.rounds:
        return game_over(s, (p,), f"{s.players[p]} goes out first in the showdown and wins the game!")
    s = score_place(s, p, place)
    if place == 1 and s.start_vp[p] >= s.options.instant_win_vp:
        return game_over(s, (p,), f"{s.players[p]} started the round with {s.start_vp[p]} VP and went out "
                                  "first: an instant win!")
    return s


def score_place(s, p: int, place: int):
    table = s.options.scoreboard[len(s.players) - 2]  # the rows are for 2, 3, 4 and 5 players
    delta = table[place - 1]
    old = s.vp[p]
    new = min(MAX_VP, max(0, old + delta))
    note = ""
    if new != old + delta:
        note = " (the score track stops at 0)" if old + delta < 0 else f" (the score track stops at {MAX_VP})"
    vp = s.vp[:p] + (new,) + s.vp[p + 1:]
    ev = s._events + (f"{s.players[p]} finishes {_ordinal(place)} and scores {delta:+d} VP: "
                      f"{old} -> {new}{note}.",)
    return s._replace(vp=vp, events=ev, results=s.results + ((s.round, p, place, new - old),))


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def end_round(s):
    """One player is left with cards: they score last place; then the next round or the showdown."""
    last = next_active(s, s.out[-1])
    s = s._replace(out=s.out + (last,))
    s = score_place(s, last, len(s.out))
    n = len(s.players)
    seated = s.seated
    rounds = s.options.rounds
    if s.round == rounds:
        top = max(s.vp)
        group = {q for q in range(n) if s.vp[q] == top} | {s.out[0]}
        if len(group) == 1:
            (w,) = group
            return game_over(s, (w,), f"{s.players[w]} leads on VP and went out first in round {rounds}: "
                                      "the showdown has no one else, so they win.")
        seated = tuple(1 if q in group else 0 for q in range(n))
        names = ", ".join(s.players[q] for q in sorted(group))
        s = s._replace(events=s._events + (f"No one has won after round {rounds}: showdown round between {names}.",))
    first = new_first_player(s.vp, s.first_player, seated)
    ev = s._events + (f"{s.players[first]} has the fewest VP and is the new first player.",)
    return s._replace(round=s.round + 1, seated=seated, first_player=first, events=ev, resume=("deal",),
                      to_deal=())


def new_first_player(vp, previous: int, seated) -> int:
    """Fewest VP; ties go to the tied player furthest clockwise from the previous first player."""
    n = len(vp)
    cands = [q for q in range(n) if seated[q]]
    low = min(vp[q] for q in cands)
    tied = [q for q in cands if vp[q] == low]
    return max(tied, key=lambda q: (q - previous) % n)


def game_over(s, winners, why: str):
    return s._replace(winners_=tuple(winners), step="game_over", to_move=None, to_deal=(), resume=(),
                      events=s._events + (why,))


def chance_outcome(s):
    """The outcome `resolve_chance` draws: the same as core.pick over `outcomes(s)` (every weight is 1,
    so the pick is the outcome at `draw_index(seed, draws, count)`), without listing them all."""
    if s.step == "refill":
        pool = s.ddeck
    else:
        pool = s.deck
    pair = outcomes_at(s, draw_index(s.seed, s.draws, len(pool)))
    return pair[0]


def outcomes_at(s, i: int):
    """The i-th pair of `outcomes(s)`."""
    if s.step == "refill":
        d = s.ddeck[i]
        slot = _refill_slot(s.market)
        cards = s.cards
        key = (d, slot, cards.disc_pos[d], cards.disc_effect[d])
        pair = _REVEALS.get(key)
        if pair is None:
            pair = _REVEALS[key] = (_fast("reveal", CHANCE, (("discovery", d), ("slot", slot)),
                                          text.reveal_text_of(key[2], key[3])), 1)
        return pair
    table = _DEALS.get(s.players)
    kind = "deal" if s.step == "deal" else "draw"
    to = s.to_deal[0]
    row = table.get((kind, to)) if table is not None else None
    if row is None:
        return outcomes(s)[i]
    return row[s.deck[i]]
