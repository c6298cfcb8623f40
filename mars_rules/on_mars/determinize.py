"""Hidden-information sampling for a search (determinization): a full position `player` cannot tell apart
from the real one, for analysis boards that must not peek at what the view hides."""
from __future__ import annotations

from mars_rules.core.state import check_seat


def determinize(state, player, rng):
    """A full position that `player` cannot tell apart from `state`: what `state.view(player)` hides is
    dealt again at random with `rng` (a `random.Random`), everything it shows is kept.

    Hidden from `player`: the other players' Private Goals, the Private Goal deck (only its size shows)
    and the seed of the chance stream. The Private Goals `player` cannot see -- every goal card but
    `player`'s own and the completed ones (`goal_done`, public) -- are sorted, shuffled with `rng` and
    dealt back: to each other player as many as they hold (seat order), then as many to the deck (kept
    sorted); the rest are the goals discarded unseen, which leave the game. The seed becomes
    `rng.getrandbits(48)`. The other decks are public sorted multisets (their order is the seed's), so
    nothing else changes. The result depends only on the view and on `rng`: two positions with the
    same view give the same result for the same `rng` state.

    >>> import random
    >>> from mars_rules.on_mars import new_game
    >>> s = new_game(players=3, seed=7)
    >>> d = determinize(s, 0, random.Random(1))
    >>> d.view(0) == s.view(0), d.pieces[0].goals == s.pieces[0].goals
    (True, True)
    >>> [len(p.goals) for p in d.pieces] == [len(p.goals) for p in s.pieces], d.seed != s.seed
    (True, True)
    """
    check_seat(state, player)
    pieces = state.pieces
    me = pieces[player]
    n_goals = len(state.cards.goals)
    deck = state.decks[4]
    # The goal cards `player` cannot see, in canonical (sorted) order.
    seen = set(me.goals)
    seen.update(pl.goal_done for pl in pieces)
    pool = [g for g in range(n_goals) if g not in seen]
    rng.shuffle(pool)
    new_pieces = list(pieces)
    k = 0
    for seat, pl in enumerate(pieces):
        if seat == player or not pl.goals:
            continue
        m = len(pl.goals)
        new_pieces[seat] = pl._replace(goals=tuple(pool[k:k + m]))
        k += m
    new_deck = tuple(sorted(pool[k:k + len(deck)]))
    decks = state.decks
    return state._replace(pieces=tuple(new_pieces), decks=decks[:4] + (new_deck,) + decks[5:],
                          seed=rng.getrandbits(48))
