"""Mars's rules reference (`RULES`) states the engine's numbers and names what teaches each section; the board
in words (`describe_position`) names every element the board draws, and a player's description hides what
that player's view hides."""
import random

import pytest

from mars_rules.core import CHANCE, Action, slug
from mars_rules.mars_colony import COVERAGE, RULES, TURN_STEPS, describe_position, new_game
from mars_rules.mars_colony import data as D
from mars_rules.mars_colony.flow import contract_limit, science
from mars_rules.mars_colony.options import OPTIONS
from mars_rules.mars_colony.policies import builder
from mars_rules.mars_colony.rules_trade import earth_rate, port_rate
from mars_rules.mars_colony.scoring import victory_points
from mars_rules.mars_colony.state import Colony, capacity, consumption, hand_limit, lookup, summary

from ..refusals import refusal
from .helpers import start


def number(section, what):
    entry = RULES.entry(section)
    assert entry is not None and entry.section == section, section
    found = [n for n in entry.numbers if n.what == what]
    assert found, f"{section}: no number {what!r} (has {[n.what for n in entry.numbers]})"
    return found[0]


def first_int(n):
    return int(n.value.split()[0])


# ----- the reference ---------------------------------------------------------------------------
def test_the_numbers_of_the_reference_are_the_engines():
    col = Colony.start((D.IRON, D.WATER))
    s = start(2, seed=1)
    assert first_int(number("Setup", "starting hand")) == OPTIONS["start_hand"].default == sum(s.colonies[0].hand)
    assert first_int(number("Setup", "target VP")) == OPTIONS["target"].default == s.target
    assert number("Setup", "mine tiles").value == "4 iron, 3 carbon, 3 silicon, 3 water, 3 oxygen"
    assert first_int(number("Setup", "energy cube / VP cube at the start")) == s.colonies[0].energy == consumption(col)
    assert first_int(number("5) Trade: a) Trade with Earth", "identical cards for 1")) == earth_rate(s, col)
    assert first_int(number("5) Trade: a) Trade with Earth", "with a spaceport")) == port_rate(s.options) == 2
    assert first_int(number("6) Construction: i) Spaceport", "Earth trade with it (cards for 1)")) == 2
    assert first_int(number("6) Construction: c) Power plants", "capacity per active plant")) == capacity(col)
    assert first_int(number("6) Construction: d) Silos", "hand limit with silo 0 active")) == hand_limit(col)
    assert first_int(number("6) Construction: a) Habitats", "habitat spaces besides habitat 0")) == D.MAX_HABITATS
    assert number("6) Construction: e) Communications modules", "contracts held, by active level").value == \
        "level 0: 1, level 1: 2, level 2: 4, level 3: any number"
    assert number("2) R&D", "die faces (weights)").value == "R&D1 3, R&D2 2, blank 1"
    assert number("6) Construction: i) Spaceport", "cost").value == "3 iron + 1 silicon"
    assert number("6) Construction: e) Communications modules", "cost").value.endswith("level 3: 3 carbon + 3 oxygen")
    assert number("6) Construction: d) Silos", "cost").value == "1 iron + 1 silicon (every level)"
    assert not number("End of the Game", "round limit").printed       # the safeguard is no rule of the game
    # every number that is a rule option gives its default first, and is printed or ASSUMED as the option is
    names = [o.name for o in OPTIONS]
    options = [(n, name) for e in RULES for n in e.numbers for name in names if f"option `{name}`" in n.value]
    assert len(options) >= 10
    for n, name in options:
        assert first_int(n) == OPTIONS[name].default and n.printed == OPTIONS[name].printed, n


def test_every_step_and_score_row_names_an_entry_that_teaches_it():
    for step in TURN_STEPS:
        assert f"step:{step.key}" in RULES.entry(step.rule).teaches, step
    for row in start(3, seed=2).score().rows:
        assert f"score:{slug(row.category)}" in RULES.entry(row.rule).teaches, row
    taught = {item for e in RULES for item in e.teaches}
    assert set(COVERAGE.items()) <= taught, sorted(set(COVERAGE.items()) - taught)
    parts = [e.part for e in RULES]
    assert parts[0] == "Setup" and {"The turn", "Installations and their VP", "The end"} <= set(parts)


def test_refusals_name_sections_of_the_reference():
    s = new_game(players=2, seed=1)
    assert refusal(s, Action("resupply", 0, {"material": 0})).rule == "The game contract"   # chance at a decision
    assert refusal(s, Action("fly", 0, {})).rule == "The game contract"
    assert refusal(s, Action("choose_mine", 1, {"material": 0})).rule == "Setup"
    t = start(2, seed=1)
    assert refusal(t, Action("end_trade", 0, {})).rule == "1) Event"                # at the event's chance node
    assert RULES.entry(t._end_rule()).section == "End of the Game"


# ----- the board in words ----------------------------------------------------------------------
def _positions():
    """Positions from play (half the builder, half random) of every player count, every 23rd step, the
    end, and one edited so that kept R&D cards and a dark habitat are on the table."""
    out = []
    for n in (2, 3, 4):
        s = new_game(players=n, seed=n)
        rng = random.Random(n)
        k = 0
        while not s.is_over:
            if k % 23 == 0:
                out.append(s)
            if s.to_move == CHANCE:
                s = s.resolve_chance()
            else:
                s = s.apply(builder(s, rng) if rng.random() < 0.5 else rng.choice(s.legal_actions()))
            k += 1
        out.append(s)
    base = next(s for s in out if s.round >= 3 and not s.colonies[1].habs)
    b = base.edit().kept(0, "emergency").kept(1, "drone").habitats(1, "waiting")
    out.append(b.done())
    return out


POSITIONS = []


@pytest.fixture(scope="module")
def positions():
    if not POSITIONS:
        POSITIONS.extend(_positions())
    return POSITIONS


def lines_of(text, name):
    """A colony's lines: its head line and its five "Name's ..." lines, by what they are about."""
    out = {}
    for line in text.splitlines():
        if line.startswith((f"{name}: ", f"{name} (")):
            out["head"] = line
        elif line.startswith(f"{name}'s "):
            out[line[len(name) + 3:].split(":")[0]] = line
    assert set(out) == {"head", "installations", "habitats", "hand", "cards"}, (name, out)
    return out


def _slot_words(col, track, level, act):
    bit = 1 << D.SLOT_INDEX[(track, level)]
    state = "active" if act & bit else "staffed but inactive" if col.staff & bit else "idle"
    if track == "mine":
        return f"{D.MATERIALS[col.mines[level]]} {state}"
    return f"spaceport {state}" if track == "port" else f"level {level} {state}"


def check_board_elements(s, text):
    """Everything widgets/mars_colony.py draws for this state (teacher's or a player's view) is named."""
    hidden_view = s.viewer >= 0
    lines = text.splitlines()
    assert len(lines) <= 40
    title = lines[0]
    assert f"round {s.round}" in title and f"target {s.target} VP" in title
    if s.is_over:
        assert all(s.players[w] in title for w in s.winners()) and "game over" in title
    else:
        assert next(st.title for st in TURN_STEPS if st.key == s.step) in title
        assert (f"{s.players[s.to_move]} to move" if s.to_move != CHANCE else "chance") in title
    if hidden_view:
        assert f"As {s.players[s.viewer]} sees it" in title
    table = lookup(s.cards)
    for p, col in enumerate(s.colonies):
        mine = lines_of(text, s.players[p])
        working = bin(col.staff).count("1")
        assert f"{victory_points(s, p)} VP" in mine["head"]
        assert f"energy {consumption(col)} used of {capacity(col, s.cards, s.options)}" in mine["head"]
        assert f"{col.housed} in the habitats and {working} at work" in mine["head"]
        act = summary(col.staff).active
        listed = mine["installations"].split(": ", 1)[1].split("; ")
        parts = {part.split(" ")[0].rstrip("s"): part for part in listed}
        for track, level in D.SLOTS:
            if col.built(track, level):
                word = {"plant": "power", "silo": "silo", "mine": "mine", "comm": "communication",
                        "mil": "military", "rnd": "R&D", "port": "spaceport"}[track]
                assert _slot_words(col, track, level, act) in parts[word], (track, level, parts)
        for k, h in enumerate(col.habs):
            assert f"habitat {k + 1} {'powered' if h == D.POWERED else 'dark'}" in mine["habitats"]
        limit = hand_limit(col, s.cards, s.options)
        assert f"limit {limit}" in mine["hand"]
        if hidden_view and p != s.viewer:
            size = s.masked[0][p]
            assert f"{size} hidden card" in mine["hand"]
        else:
            for m, n in enumerate(col.hand):
                assert (f"{n} {D.MATERIALS[m]}" in mine["hand"]) == bool(n)
        most = contract_limit(col)
        assert f"contracts {len(col.contracts)} of {'any number' if most is None else most}" in mine["cards"]
        for c in col.contracts:
            assert f"{D.MATERIALS[D.CONTRACTS[c][0]]} for {D.MATERIALS[D.CONTRACTS[c][1]]}" in mine["cards"]
        assert f"R&D cards face up {len(col.played)}" in mine["cards"]
        assert f"science {science(col, s.cards)}" in mine["cards"]
        assert all(table[c].name in mine["cards"] for c in col.played + col.kept + col.supremacies)
        if hidden_view and p != s.viewer and s.masked[1][p]:
            assert f"{s.masked[1][p]} R&D card" in mine["cards"] and "hidden" in mine["cards"]
        assert ("holds Magna Scientia" in mine["cards"]) == (s.magna == p)
    shared = "\n".join(lines[1 + 5 * len(s.players):])
    assert "Reserve: " + ", ".join(f"{m} {n}" for m, n in zip(D.MATERIALS, s.reserve)) in shared
    supply, rd1, rd2 = s.masked[2:5] if hidden_view else (sum(s.supply), sum(s.rd1_deck), sum(s.rd2_deck))
    assert (f"supply {supply} card" in shared and f"events {sum(s.event_deck)} ({sum(s.event_discard)} used)" in shared
            and f"R&D1 {rd1}, R&D2 {rd2}" in shared)
    for m, n in enumerate(s.mine_tiles):
        assert (f"{n} {D.MATERIALS[m]}" in shared.split("Mine tiles left: ")[1]) == bool(n)
    assert f"Magna Scientia: {s.players[s.magna] if s.magna >= 0 else 'nobody'}" in shared
    if s.card:
        assert f"Card being resolved: {table[s.card].name}" in shared
    if s.offer:
        assert f"Offer on the table to {s.players[s.offer[0]]}" in shared


def test_the_description_names_every_element_the_board_draws(positions):
    seen = {"kept": 0, "offer": 0, "card": 0, "supremacy": 0, "magna": 0, "dark": 0, "over": 0}
    for s in positions:
        text = describe_position(s)
        assert s.describe() == text                   # the contract's state.describe(player=None)
        check_board_elements(s, text)
        for seat in range(len(s.players)):
            check_board_elements(s.view(seat), describe_position(s.view(seat)))
        seen["kept"] += any(c.kept for c in s.colonies)
        seen["offer"] += bool(s.offer)
        seen["card"] += bool(s.card)
        seen["supremacy"] += any(c.supremacies for c in s.colonies)
        seen["magna"] += s.magna >= 0
        seen["dark"] += any(h != D.POWERED for c in s.colonies for h in c.habs)
        seen["over"] += s.is_over
    assert all(seen.values()), seen                  # the positions show every kind of element
    mid = [s for s in positions if s.round >= 5 and len(s.players) == 4 and not s.is_over]
    assert mid and all(len(describe_position(s).splitlines()) <= 40 for s in mid)


def _other_secrets(s, seat):
    """The same position with everything hidden from `seat` changed: the others' hands (same sizes) and kept
    R&D cards (same counts), the make-up of the supply and R&D decks, a drawn card that may still be kept."""
    cols = []
    for q, c in enumerate(s.colonies):
        if q != seat:
            c = c._replace(hand=(0, 0, 0, 0, sum(c.hand)), kept=("drone",) * len(c.kept))
        cols.append(c)
    swap = lambda deck: deck[1:] + deck[:1]  # noqa: E731
    other = s._replace(colonies=tuple(cols), supply=(sum(s.supply), 0, 0, 0, 0), rd1_deck=swap(s.rd1_deck),
                       rd2_deck=swap(s.rd2_deck), seed=s.seed + 1)
    if s.step == "research_keep" and seat != s.active:
        other = other._replace(card="emergency" if s.card != "emergency" else "drone")
    return other


def test_a_players_description_hides_what_their_view_hides(positions):
    told = 0
    for s in positions:
        teacher = describe_position(s)
        for seat in range(len(s.players)):
            theirs = s.describe(seat)
            assert theirs == describe_position(s.view(seat))
            # nothing hidden from the seat changes what the seat is told ...
            assert describe_position(_other_secrets(s, seat).view(seat)) == theirs
            for q, col in enumerate(s.colonies):
                name = s.players[q]
                hand, cards = lines_of(theirs, name)["hand"], lines_of(theirs, name)["cards"]
                if q == seat:
                    assert hand == lines_of(teacher, name)["hand"] and cards == lines_of(teacher, name)["cards"]
                    continue
                # ... the others' hands and kept cards are counts, while the teacher reads them
                assert not any(m in hand for m in D.MATERIALS) and "hidden card" in hand
                for cid in col.kept:
                    kept_name = lookup(s.cards)[cid].name
                    assert kept_name not in cards and kept_name in lines_of(teacher, name)["cards"]
                    told += 1
                if sum(col.hand):
                    assert any(m in lines_of(teacher, name)["hand"] for m in D.MATERIALS)
    assert told                                      # some kept card was hidden from someone
