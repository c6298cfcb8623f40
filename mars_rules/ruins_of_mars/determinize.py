"""Hidden-information sampling for a search (determinization): a full position `player` cannot tell apart
from the real one, for analysis boards that must not peek at what the view hides."""
from __future__ import annotations

from mars_rules.core.state import check_seat

AI = 1
_classes = [None, None]  # one-entry cache: the CardSet, and its AI Techs by (level, cost) -> sorted ids


def _by_back(cards):
    """{(level, cost): sorted AI Tech ids} (the cards whose backs look alike: Level and cost are public),
    or None when every AI Tech has a back of its own (the back then tells the face)."""
    if _classes[0] is not cards:
        out = {}
        for cid, card in cards.ai.items():
            out.setdefault((card.level, card.cost), []).append(cid)
        shared = any(len(v) > 1 for v in out.values())
        _classes[1] = {k: tuple(sorted(v)) for k, v in out.items()} if shared else None
        _classes[0] = cards
    return _classes[1]


def determinize(state, player, rng):
    """A full position that `player` cannot tell apart from `state`: what `state.view(player)` hides is
    dealt again at random with `rng` (a `random.Random`), everything it shows is kept.

    Hidden in every game: the seed of the chance stream (it foretells every die and draw), which becomes
    `rng.getrandbits(48)`; the Tech decks are public sorted multisets and every other thing is open.
    Hidden in the solo game: the faces of the AI's face-down Techs, of which every seat sees the Level,
    the row and the cost (the back). For each back (Level and cost), in the order the face-down slots
    first show it, the AI Techs with that back that are not face up on the AI's board (the face-down
    ones and those returned to the box unseen) are sorted, shuffled with `rng` and dealt to the
    face-down slots with that back, top to bottom; the rest go back to the box. So the result depends
    only on the view and on `rng`. (With the default cards every AI Tech has a back of its own, so
    the faces are in fact determined by the view.)

    >>> import random
    >>> from mars_rules.ruins_of_mars import new_game
    >>> s = new_game(players=1, seed=7)
    >>> d = determinize(s, 0, random.Random(1))
    >>> d.view(0) == s.view(0), d.seed != s.seed
    (True, True)
    """
    check_seat(state, player)
    b = state.boards[AI] if state.setup.solo else None
    backs = None if b is None or True not in b.face_down else _by_back(state.cards)
    if backs is None:  # nothing hidden but the seed (a shuffle of one card would draw nothing from rng)
        return state._replace(seed=rng.getrandbits(48))
    ai = state.cards.ai
    techs = list(b.techs)
    face_up = {cid for cid, down in zip(techs, b.face_down) if cid is not None and not down}
    slots = {}  # back -> face-down slots, in the order they first show it
    for slot, down in enumerate(b.face_down):
        if down:
            card = ai[techs[slot]]
            slots.setdefault((card.level, card.cost), []).append(slot)
    for back, where in slots.items():
        pool = [cid for cid in backs[back] if cid not in face_up]
        rng.shuffle(pool)
        for slot, cid in zip(where, pool):
            techs[slot] = cid
    board = b._replace(techs=tuple(techs))
    boards = state.boards
    return state._replace(boards=boards[:AI] + (board,) + boards[AI + 1:], seed=rng.getrandbits(48))
