"""The rules reference of Ruins (RULES) holds the engine's numbers, and describe_position reads the board.

The shared tests/test_rules_reference.py checks that every section the engine names has an entry; here:
the numbers of a few entries are the engine's own (options, card data, what a new game deals), the new
section names resolve, and `describe_position` names every element widgets/ruins.py draws (players, VP,
claims, torches, first player, out, night flips, every face-up card with its rank, discoveries, night
side and claim, the trick, who passed, both decks, the market slots and their costs, the step and who
moves) for positions of random play at every player count, while a player's view says nothing of the
cards that view hides (other hands, decks, the others' secret flips and the ruins being chosen).
"""
import random
import re

import pytest

import mars_rules.ruins as ruins
from mars_rules import IllegalAction
from mars_rules.core import Action
from mars_rules.ruins.data import DEFAULT_CARDS, MARKET_SIZE, POSITIONS, RUIN_COUNT, RUINS_USED
from mars_rules.ruins.describe import describe_position
from mars_rules.ruins.options import OPTIONS
from mars_rules.ruins.text import effect_words

from .helpers import BOT_PLUS1, PLUS1, position, rid

RULES = ruins.RULES


def _number(section, what):
    (hit,) = [n for n in RULES.entry(section).numbers if n.what == what]
    return hit


def test_every_option_is_stated_with_its_default_and_marked_as_the_option_says():
    for option in OPTIONS:
        numbers = [n for e in RULES for n in e.numbers if f"(option `{option.name}`)" in n.value]
        assert numbers, f"no entry states the option {option.name}"
        value = option.default
        words = ", ".join(map(str, value)) if isinstance(value, tuple) and not isinstance(value[0], tuple) else None
        for n in numbers:
            assert n.printed == option.printed, (option.name, n)
            if words is not None:
                assert n.value.startswith(words), (option.name, n.value)
            elif not isinstance(value, tuple):
                assert n.value.startswith(f"{value} "), (option.name, n.value)
    board = _number("Going Out", "VP for 1st, 2nd, ... out").value
    for players, row in zip((2, 3, 4, 5), OPTIONS.default.scoreboard):
        assert f"{players} players: " + ", ".join(f"{v:+d}" if v else "0" for v in row) in board


def test_setup_numbers_are_what_a_new_game_deals():
    in_play = _number("Setup", "ruins in play").value
    left = _number("Setup", "ruin deck after a deal").value
    for players in ruins.PLAYER_COUNTS:
        s = ruins.new_game(players=players, seed=3)
        assert f"{players} players: {len(s.used)}" in in_play and len(s.used) == RUINS_USED[players]
        assert {len(h) for h in s.hands} == {s.options.hand_size}
        assert f"{players} players: {len(s.deck)}" in left
        assert set(s.torches) == {s.options.torches} and set(s.claims_left) == {s.options.claims}
    assert len(s.market) == int(_number("Upgrading Ruins: B. Add Discoveries", "market slots").value) == MARKET_SIZE
    assert _number("Upgrading Ruins: B. Add Discoveries", "discovery deck after set-up").value.startswith(
        f"{len(s.ddeck)} ")


def test_night_sides_and_discoveries_are_the_card_data():
    cards = DEFAULT_CARDS
    for copy, what in ((0, "night side of copies 0, 1, 2"), (1, "night side of copies 0, 1, 2"),
                       (2, "night side of copies 0, 1, 2"), (3, "night side of copy 3"), (4, "night side of copy 4")):
        words = _number("Start of Round", what).value
        for cid in range(copy, RUIN_COUNT, 5):
            assert words.startswith(f"rank d + {cards.night[cid] - cards.day[cid]}, ")
            effect = cards.night_effect[cid]
            assert words.endswith(effect_words(effect) if effect else "no effect")
    for pos, name in enumerate(POSITIONS):
        words = _number("Crafting Cards", f"{name} discoveries (13)").value
        effects = [cards.disc_effect[d] for d in range(len(cards.disc_pos)) if cards.disc_pos[d] == pos]
        assert len(effects) == 13
        for e in set(effects):
            assert f"{effect_words(e)} x{effects.count(e)}" in words


def test_the_new_section_names_resolve():
    deal = next(step for step in ruins.TURN_STEPS if step.key == "deal")
    assert deal.rule == "Setup; Round End" and RULES.entry(deal.rule).section == "Setup"
    assert RULES.entry("Round End").section == "Setup" and RULES.entry("Discovery Effects").section == "Crafting Cards"
    for option in OPTIONS:   # the options name sections too
        assert RULES.entry(option.rule) is not None, option.rule
    s = ruins.new_game(players=3, seed=7)   # Ada chooses her night flip first; Bo may not go before her
    with pytest.raises(IllegalAction) as e:
        s.apply(Action("no_flip", 1, {}))
    assert e.value.rule == "The game contract" and "one player at a time" in e.value.reason
    assert RULES.entry(e.value.rule).section == "The game contract"


# ----- the board in words ----------------------------------------------------------------------------
def _positions(players, seed=11, every=23):
    """Positions met in a random game (and its end), a night flip chosen, and a showdown."""
    s = ruins.new_game(players=players, seed=seed)
    yield s.apply(s.legal_actions()[0])       # the first player has chosen a ruin to flip: a secret
    yield position(players, hands=[[rid(7), rid(3)], [rid(8)]], torches=(0,) * players,
                   vp=(8, 8) + (1,) * (players - 2), round=5, seated=(1, 1) + (0,) * (players - 2),
                   upgrades={rid(3): (1, 1, PLUS1, -1, BOT_PLUS1)})   # night side, claimed by Bo
    rng = random.Random(seed)
    k = 0
    while not s.is_over:
        if k % every == 0:
            yield s
        if s.to_move == "chance":
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])
        k += 1
    yield s


def _card_shown(text, s, c):
    """Ruin `c` is in `text` as the board draws it: its rank (* = wild), discoveries, night side, claim."""
    m = re.search(rf"\(#{c}\b", text)
    assert m, f"ruin #{c} is not described"
    i = m.start()
    assert text[:i].endswith(f"{s.rank[c]}{'*' if s.wild[c] else ''} "), (c, text[i - 8:i + 20])
    j = text.find("(#", i + 2)
    segment = text[i:j if j > 0 else len(text)]
    segment = segment.split("\n")[0]
    rec = s.ruins[c]
    if rec[0]:
        assert "night side" in segment
        if s.cards.night_effect[c] is not None:
            assert effect_words(s.cards.night_effect[c]) in segment
    for k in range(3):
        if rec[2 + k] >= 0:
            assert f"{POSITIONS[k]} {effect_words(s.cards.disc_effect[rec[2 + k]])}" in segment
    if rec[1] >= 0:
        assert f"claimed by {s.players[rec[1]]}" in segment


def _names(text, c) -> bool:
    """Does `text` show ruin `c` ("7 (#12...")?"""
    return re.search(rf"\(#{c}\b", text) is not None


def _line(text, start):
    (hit,) = [line for line in text.splitlines() if line.startswith(start)]
    return hit


def _check_board(s, text):
    """Every element the board (widgets/ruins.py) draws for `s`, as far as `s` (a view or not) shows it."""
    rules = s.options
    lines = text.splitlines()
    assert len(lines) <= 40
    head = lines[0]
    where = f"round {s.round} of {rules.rounds}" if s.round <= rules.rounds else f"showdown (round {s.round})"
    assert where in head
    if s.is_over:
        assert "Game over: " + " and ".join(s.players[p] for p in s.winners()) + " won" in head
    else:
        step = next(t.title for t in ruins.TURN_STEPS if t.key == s.step)
        assert f"Step: {step}." in head
        assert ("Chance" in head) if s.to_move == "chance" else f"{s.players[s.to_move]} to move" in head
    trick = _line(text, "Trick:")
    assert f"Ruin deck: {len(s.deck)} ruin" in trick
    if s.last_play:
        assert f"last play by {s.players[s.last_player]}" in trick
    for c in s.trick:
        _card_shown(trick, s, c)
    if s.trick or s.passed:
        assert "Passed in a row: " + (", ".join(s.players[p] for p in s.passed) or "nobody") in trick
    market = _line(text, "Market")
    assert f"({len(s.ddeck)} card" in market
    for k, d in enumerate(s.market):
        cost = rules.market_costs[k]
        slot = f"slot {k + 1} ({cost} torch{'' if cost == 1 else 'es'}) "
        assert slot + ("empty" if d < 0 else f"{POSITIONS[s.cards.disc_pos[d]]} discovery #{d}, "
                       f"{effect_words(s.cards.disc_effect[d])}") in market
    for p, name in enumerate(s.players):
        me = _line(text, f"{name} (seat {chr(65 + p)}):")
        assert f" {s.vp[p]} VP, {s.claims_left[p]} claim card" in me
        assert f"{s.torches[p]} of {rules.torches} torches lit" in me
        assert ("first player" in me) == (p == s.first_player)
        assert ("not in the showdown" in me) == (not s.seated[p])
        if p in s.out:
            assert f"out ({s.out.index(p) + 1}" in me
        if p in s.winners():
            assert "WINNER" in me
        if s.step == "night_flip" and s.seated[p]:
            assert "night flip: " in me
        hand = _line(text, f"{name}'s hand:")
        shown = [c for c in s.hands[p] if c >= 0]
        for c in shown:
            _card_shown(hand, s, c)
        hidden = len(s.hands[p]) - len(shown)
        if hidden:
            assert f"{hidden} hidden ruin" in hand
        if not s.hands[p]:
            assert "no ruins" in hand


@pytest.mark.parametrize("players", ruins.PLAYER_COUNTS)
def test_the_description_names_what_the_board_draws_and_a_view_hides_what_it_hides(players):
    for s in _positions(players):
        full = describe_position(s)
        assert s.describe() == full
        _check_board(s, full)
        for seat in range(players):
            view = s.view(seat)
            text = describe_position(view)
            _check_board(view, text)
            assert f"{s.players[seat]}'s view" in text.splitlines()[1]
            played = s.selection if s.step in ("claim", "discover") else ()  # face up once chosen
            secret = [c for q, h in enumerate(s.hands) if q != seat for c in h if c not in played] + list(s.deck)
            for c in secret:
                assert not _names(text, c), f"seat {seat} reads the hidden ruin #{c}"
            for c in s.hands[seat]:
                assert _names(text, c)
            for c in secret:   # the teacher's description shows the hands the view hides
                if c not in s.deck:
                    assert _names(full, c)
            for d in s.ddeck:
                assert f"discovery #{d}," not in text
            if s.step == "night_flip":
                for q, f in enumerate(s.flips):
                    if q != seat and f >= 0:
                        assert "night flip: chosen (secret)" in _line(text, f"{s.players[q]} (seat")
                        assert _names(_line(full, f"{s.players[q]} (seat"), f)
            if s.selection and s.to_move != seat and not played:
                assert "Chosen for this play" not in text and "chosen for this play (hidden)" in text
            elif s.selection and s.step in ("lead", "follow", "claim", "discover"):
                assert "Chosen for this play: " + ", ".join(f"#{c}" for c in s.selection) in text
