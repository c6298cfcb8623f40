"""Helpers to build Mars positions for scenario tests (the rules engine does the work)."""
from mars_rules.core import CHANCE, Action, IllegalAction
from mars_rules.mars_colony import data, new_game
from mars_rules.mars_colony.data import SLOT_INDEX

import pytest


def bits(*slots):
    """Staff mask from ("plant", 0), ("comm", 1), ... pairs."""
    out = 0
    for s in slots:
        out |= 1 << SLOT_INDEX[s]
    return out


START = bits(("plant", 0), ("silo", 0), ("mine", 0), ("mine", 1))


def start(n=2, seed=1, mines=None, **options):
    """A game after the draft (each seat takes `mines[seat]` or the first tile offered) and the deal, under
    the rule `options` (new_game's)."""
    s = new_game(players=n, seed=seed, **options)
    picks = {q: list(mines[q]) for q in range(n)} if mines else {}
    while s.step == "mine_draft":
        want = picks.get(s.to_move)
        if want:
            s = act(s, "choose_mine", material=want.pop(0))
        else:
            s = s.apply(s.legal_actions()[0])
    while s.step == "deal":
        s = s.resolve_chance()
    return s


def act(s, kind, **params):
    """Apply the legal action of this kind with these params (fails listing what is legal)."""
    for a in s.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
            return s.apply(a)
    raise AssertionError(f"no legal {kind} {params}; legal: {[str(a) for a in s.legal_actions()]}")


def has(s, kind, **params):
    return any(a.kind == kind and all(a.get(k) == v for k, v in params.items()) for a in s.legal_actions())


def refused(s, kind, player=None, **params):
    """The IllegalAction raised by this action (and the state is untouched)."""
    before = s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(Action(kind, s.to_move if player is None else player, params))
    assert s.to_json() == before
    return e.value


def hands(s, *hand_per_seat):
    """Set the hands; the reserve makes up the rest of the 12 cards of each material."""
    cols = list(s.colonies)
    for q, h in enumerate(hand_per_seat):
        cols[q] = cols[q]._replace(hand=tuple(h))
    reserve = tuple(12 - s.supply[m] - sum(c.hand[m] for c in cols) for m in range(5))
    assert min(reserve) >= 0
    return s._replace(colonies=tuple(cols), reserve=reserve)


def colony(s, seat, **kw):
    cols = list(s.colonies)
    cols[seat] = cols[seat]._replace(**kw)
    return s._replace(colonies=tuple(cols))


def at(s, step, seat=0, **kw):
    """The same position at another step of `seat`'s turn (to_move follows)."""
    to_move = CHANCE if step in ("event", "resupply", "research_die", "research_draw") else seat
    return s._replace(step=step, active=seat, to_move=to_move, **kw)


def event_deck_only(s, card_id):
    """Put every copy of every event in the discard except one copy of `card_id` left in the deck."""
    ev = s.cards.events
    deck = tuple(1 if c.id == card_id else 0 for c in ev)
    disc = tuple(c.copies - d for c, d in zip(ev, deck))
    return s._replace(event_deck=deck, event_discard=disc)


def draw_event(s, card_id, seat=0):
    """From `seat`'s event step, reveal this event card."""
    s = at(s, "event", seat)
    return act(s, "reveal_event", card=card_id)


__all__ = ["CHANCE", "data", "bits", "START", "start", "act", "has", "refused", "hands", "colony", "at",
           "draw_event"]
