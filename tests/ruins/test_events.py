"""Events put into words only when read (text.Event): `state.events` is always a tuple of strings, and a
State holding unread events equals, hashes like and writes the same JSON as the State read back."""
import random

from mars_rules import CHANCE
from mars_rules import ruins
from mars_rules.ruins.text import Event


def _states(seed, players, limit=400):
    s = ruins.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while s.to_move is not None and limit:
        yield s
        if s.to_move == CHANCE:
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.advance(legal[rng.randrange(len(legal))])
        limit -= 1
    yield s


def test_unread_events_read_as_strings_and_round_trip():
    kinds = set()
    for players in (2, 3):
        for s in _states(7 + players, players):
            stored = s._events
            kinds.update(type(e).__name__ for e in stored)
            assert isinstance(s.events, tuple) and all(type(e) is str for e in s.events)
            assert len(s.events) == len(stored)
            text = s.to_json()
            again = ruins.from_json(text)
            assert all(type(e) is str for e in again._events)
            assert again == s and s == again and hash(again) == hash(s)
            assert again.to_json() == text and again.events == s.events
    assert kinds == {"str", "Event"}  # both kinds really occur in play


def test_an_event_compares_and_hashes_as_its_text():
    e = tuple.__new__(Event, (lambda a, b: f"{a} meets {b}.", "Ada", "Bo"))
    assert str(e) == "Ada meets Bo." and e == "Ada meets Bo." and "Ada meets Bo." == e
    assert e != "Bo meets Ada." and hash(e) == hash("Ada meets Bo.")
    assert (e,) == ("Ada meets Bo.",) and repr(e) == repr("Ada meets Bo.")
    assert e.__eq__(3) is NotImplemented


def test_a_players_view_shows_the_same_words():
    for s in _states(21, 3, limit=120):
        if s.to_move is not None and s.to_move != CHANCE:
            assert s.view(s.to_move).events == s.events
