"""A hidden-information sampler for the analysis board: positions a player cannot tell apart from the real one.

The search behind the analysis board (`mars_rules.core.analyse`) must not peek: it plays on positions
sampled from what the player to move sees (`state.view(player)`), never on the real hidden position.
"""
from __future__ import annotations

from mars_rules.core.state import check_seat

from .invariants import card_kinds

__all__ = ["determinize"]

_new = tuple.__new__


def _draw(pool, k, rng):
    """Take `k` cards at random (without replacement) from `pool` (a list of counts per kind, changed in
    place); returns the counts taken per kind."""
    got = [0] * len(pool)
    total = sum(pool)
    randrange = rng.randrange
    for _ in range(k):
        r = randrange(total)
        i = 0
        while r >= pool[i]:
            r -= pool[i]
            i += 1
        pool[i] -= 1
        got[i] += 1
        total -= 1
    return got


def _draw_ids(pool, ids, k, rng):
    """As `_draw`, over the card `ids` (pool[i] copies of ids[i]); returns the ids taken, in draw order."""
    out = []
    total = sum(pool)
    for _ in range(k):
        r = rng.randrange(total)
        i = 0
        while r >= pool[i]:
            r -= pool[i]
            i += 1
        pool[i] -= 1
        total -= 1
        out.append(ids[i])
    return out


def determinize(state, player, rng):
    """A full position that `player` cannot tell apart from `state`: what `state.view(player)` shows is kept,
    and what it hides is dealt again at random with `rng` (a `random.Random`), uniformly among the deals the
    view allows.

    Dealt again: the raw material cards of the other players' hands and of the supply deck (each hand keeps
    its size, the supply its size; an open offer's cards stay in the offering hand), the R&D cards the others
    keep hidden and the make-up of the R&D1 and R&D2 decks (each keeps its size; kept cards are keepable
    ones), the R&D card another player has just drawn and may keep (step research_keep), and the seed of the
    chance stream (a fresh one, `rng.getrandbits(48)`: it would tell every future draw). The hidden cards are
    pooled as counts per kind, which the view alone decides, so the result depends only on the view and `rng`.

    >>> import random
    >>> from mars_rules.mars_colony import new_game
    >>> s = new_game(players=3, seed=5)
    >>> while s.step != "event":
    ...     s = s.resolve_chance() if s.to_move == "chance" else s.apply(s.legal_actions()[0])
    >>> d = determinize(s, 0, random.Random(1))
    >>> d.view(0) == s.view(0), d.colonies[0].hand == s.colonies[0].hand, d.seed != s.seed
    (True, True, True)
    >>> [sum(c.hand) for c in d.colonies] == [sum(c.hand) for c in s.colonies]
    True
    """
    if state.viewer >= 0:
        raise ValueError("determinize needs the full position, not a player's view")
    check_seat(state, player)
    n = len(state.players)
    cols = list(state.colonies)
    others = [q for q in range(n) if q != player]

    # ----- raw material cards: the others' hands and the supply deck ---------------------------------------
    pool = list(state.supply)
    for q in others:
        h = cols[q].hand
        for m in range(5):
            pool[m] += h[m]
    hands = {}
    order = others
    offer = state.offer
    if offer and state.active != player and any(offer[1]):
        # the offering hand holds what it gives (the view shows the offer): deal it first, drawing again until
        # it does (exactly the deals the view allows); after many misses, the given cards are put in it
        a = state.active
        size = sum(cols[a].hand)
        give = offer[1]
        for _ in range(64):
            trial = list(pool)
            got = _draw(trial, size, rng)
            if all(got[m] >= give[m] for m in range(5)):
                break
        else:
            trial = [pool[m] - give[m] for m in range(5)]
            got = _draw(trial, size - sum(give), rng)
            got = [got[m] + give[m] for m in range(5)]
        pool = trial
        hands[a] = tuple(got)
        order = [q for q in others if q != a]
    for q in order:
        hands[q] = tuple(_draw(pool, sum(cols[q].hand), rng))

    # ----- R&D cards: the others' kept cards, the card being decided on, the two decks -------------------
    cards = state.cards
    resolving = state.step == "research_keep" and player != state.active and state.card
    slots = sum(len(cols[q].kept) for q in others) + (1 if resolving else 0)
    decks = {}
    chosen = []
    if slots:
        kinds = card_kinds(cards)
        hidden_kept = {}
        for q in others:
            for cid in cols[q].kept:
                hidden_kept[cid] = hidden_kept.get(cid, 0) + 1
        if resolving:
            hidden_kept[state.card] = hidden_kept.get(state.card, 0) + 1
        for name, deck, group in (("rd1_deck", state.rd1_deck, cards.rd1), ("rd2_deck", state.rd2_deck, cards.rd2)):
            ids = [c.id for c in group]
            whole = [deck[i] + hidden_kept.get(ids[i], 0) for i in range(len(ids))]
            out_of_deck = sum(whole) - sum(deck)   # how many of this deck's cards the hidden slots hold
            if not out_of_deck:
                continue
            keep_pool = [whole[i] if kinds.get(ids[i]) == "keepable" else 0 for i in range(len(ids))]
            taken = _draw_ids(keep_pool, ids, out_of_deck, rng)
            count = {}
            for cid in taken:
                count[cid] = count.get(cid, 0) + 1
            decks[name] = tuple(whole[i] - count.get(ids[i], 0) for i in range(len(ids)))
            chosen += taken
        rng.shuffle(chosen)
    at = 0
    for q in others:
        col = cols[q]
        k = len(col.kept)
        kept = tuple(sorted(chosen[at:at + k])) if k else ()
        at += k
        cols[q] = col._replace(hand=hands[q], kept=kept)
    changes = dict(colonies=tuple(cols), supply=tuple(pool), seed=rng.getrandbits(48), **decks)
    if resolving:
        changes["card"] = chosen[at]
        # the full position's log names the card: keep the words the view shows instead
        changes["events"] = (f"{state.players[state.active]} draws an R&D card that may be kept in hand.",)
    return state._replace(**changes)
