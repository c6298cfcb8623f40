"""The rules reference (RULES) states the numbers the engine uses, and describe_position names what the
board draws and hides what a player's view hides.

The shared tests/test_rules_reference.py checks that every section the engine names has an entry (and
every entry is named), that entries are in the project's words and teach real coverage items, and that
docs/rules/ruins_of_mars.md is current.
"""
import random
import re

import pytest

import mars_rules
from mars_rules import CHANCE
from mars_rules.ruins_of_mars import (COVERAGE, OPTIONS, RULES, TURN_STEPS, data, describe_position, scoring)

game = mars_rules.load("ruins_of_mars")
DEFAULT = OPTIONS.default


def _numbers():
    return [(e, n) for e in RULES for n in e.numbers]


def test_the_package_exports_rules_and_describe_position():
    assert game.RULES is RULES and game.describe_position is describe_position
    assert "RULES" in game.__all__ and "describe_position" in game.__all__


def test_a_number_naming_an_option_states_its_default_and_whether_the_rulebook_prints_it():
    d = DEFAULT
    assert all(x == 0 for x in d.site_radiation[1:])
    expected = {  # how each option's default reads at the start of the Number's value
        "hourglass": f"{d.hourglass} ", "kickstarter": "off by default " if not d.kickstarter else "on ",
        "resource_cap": f"{d.resource_cap} ", "transfer_cost": f"{d.transfer_cost} ",
        "transfer_wraps": "no " if not d.transfer_wraps else "yes ",
        "site_radiation": f"Wasteland {d.site_radiation[0]}, others 0 ",
        "wasteland_hourglass": ", ".join(map(str, d.wasteland_hourglass)) + " ",
        "space_a": f"space {d.space_a} ", "space_b": f"space {d.space_b} ",
        "display_oxygen": ", ".join(f"+{x}" for x in d.display_oxygen) + " ",
        "deck_oxygen": f"{d.deck_oxygen} ", "end_techs": f"{d.end_techs}, ", "end_languages": f"{d.end_languages}, ",
        "track_pp": ", ".join(map(str, d.track_pp)) + " ", "row_bonus": ", ".join(map(str, d.row_bonus)) + " PP ",
        "radiation_most": f"-1; -{d.radiation_most} for the most ",
    }
    named = set()
    for e, n in _numbers():
        for name in re.findall(r"option `(\w+)`", n.value):
            assert name in OPTIONS, (e.section, name)
            named.add(name)
            assert n.printed == OPTIONS[name].printed, (e.section, n.what)
        for name in re.findall(r"\(option `(\w+)`\)", n.value):
            assert n.value.startswith(expected[name]), (e.section, n.value, expected[name])
    assert named == set(expected), "every rule option is stated in the reference"


def test_numbers_from_the_data_tables():
    def value(section, what):
        return next(n for n in RULES.entry(section).numbers if n.what == what)
    pp = value("Final Scoring: Language tracks", "PP on spaces 0-9")
    assert pp.value == ", ".join(map(str, data.TRACK_PP)) + " (option `track_pp`)" and not pp.printed
    assert value("Step 5: Take the Site's Action", "Language track").value.endswith(f"{data.CAPSTONE} (the Capstone)")
    assert value("Setup", "Action tiles").value.startswith(f"{data.N_TILES}: ")
    assert value("Setup", "icons of each Action tile").value.startswith(", ".join(data.TILES) + " ")
    assert value("Setup", "Tech cards").value == (f"{len(data.CARDS.tech)}, {len(data.CARDS.levels[0])} per Level, "
                                                   f"{data.DISPLAY_SIZE} face up per Level")
    assert value("Setup", "AI Techs").value.startswith(f"{len(data.CARDS.ai)}, ")
    assert value("Setup: Choose Characters", "Characters").value.startswith(
        f"{len(data.CHARACTERS)}, or {len(data.CHARACTERS) + len(data.KICKSTARTER_CHARACTERS)} ")
    assert value("End of the Game", "mastered Languages that trigger the end").value == \
        f"{data.END_LANGUAGES}, counting every player (option `end_languages`)"
    sites = value("Step 5: Take the Site's Action", "Site Actions").value
    for name in ("Workshop", "Dormitory"):
        assert f"{name} {data.SITE_ACTION[data.SITES.index(name)].capitalize()}" in sites


def test_every_step_option_and_coverage_item_has_its_entry():
    for step in TURN_STEPS:
        assert f"step:{step.key}" in RULES.entry(step.rule).teaches, step.key
    for name in OPTIONS.options:
        assert RULES.entry(OPTIONS[name].rule) is not None, OPTIONS[name].rule
    taught = {item for e in RULES for item in e.teaches}
    assert taught == set(COVERAGE.items())
    assert RULES.entry("The game contract").section.startswith("Gameplay")
    assert RULES.entry("Kickstarter Exclusives: Savant").section == "Character Abilities"


# ----- describe_position ------------------------------------------------------------------------------------
def _positions():
    """Positions of random play, every 11th, for 1 to 4 players (chance nodes and the end included)."""
    out = []
    for players in game.PLAYER_COUNTS:
        s, rng = game.new_game(players=players, seed=11, characters="deal"), random.Random(players)
        n = 0
        while True:
            if n % 11 == 0 or s.is_over:
                out.append(s)
            if s.is_over:
                break
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
            n += 1
    return out


POSITIONS = _positions()


def _has(text, phrase):
    return re.search(r"(?<![\w+#-])" + re.escape(phrase) + r"(?![\w-])", text) is not None


def _line(lines, start):
    found = [x for x in lines if x.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def _board_elements(s, text):
    """Every element widgets/ruins_of_mars.py draws, looked up in the description `text`."""
    lines = text.splitlines()
    assert len(lines) <= 40
    head, status = lines[0], lines[1]
    title = {st.key: st.title for st in TURN_STEPS}[s.step]
    title = "Step " + title.replace(". ", ": ", 1) if title[0].isdigit() else title
    assert f"turn {s.turn}, {title}." in head
    if s.is_over:
        assert all(s.players[w] in head for w in s.winners())
    elif s.to_move != CHANCE:
        assert f"{s.players[s.to_move]} (" in head
    mastered = sum(1 for t in range(5) if any(b.languages[t] == data.CAPSTONE for b in s.boards))
    assert f"Languages mastered: {mastered}" in status
    if s.end_turns >= 0 and not s.is_over:
        assert f"{s.end_turns} final turn" in status
    if s.step == "wrench" and s.pending:
        assert f"{s.pending} Wrench use" in status
    for i, name in enumerate(data.SITES):
        line = _line(lines, f"Site {i + 1}, {name}: {data.SITE_ACTION[i].capitalize()}")
        at = [line.index(f"#{t} ") for t in s.sites[i]]
        assert at == sorted(at), "the tiles top to bottom"
        for t in s.sites[i]:
            assert f"#{t} " + " + ".join(data.ICONS[c] for c in s.tiles[t]) in line
        assert ("The Rover is here" in line) == (s.rover == i)
        if s.options.site_radiation[i]:
            assert f"{s.options.site_radiation[i]} Radiation printed" in line
    if s.facedown:
        line = _line(lines, "Reallocating:")
        assert all(_has(line, f"#{t}") for t in s.facedown) and data.SITES[s.realloc_to] in line
    assert f"A = space {s.options.space_a}, B = space {s.options.space_b}" in text
    for lv in range(3):
        line = _line(lines, f"Tech display, Level {lv + 1} ")
        assert f"deck: {len(s.decks[lv])} card" in line
        for k, cid in enumerate(s.display[lv]):
            if cid is not None:
                assert f"+{s.options.display_oxygen[k]} Oxygen: {s.cards.tech[cid].name} ({cid}, " in line
    totals = s.score().totals
    for p, b in enumerate(s.boards):
        ai = s.solo and p == 1
        line = _line(lines, f"{s.players[p]} (")
        assert (b.character or ("the solo AI" if ai else "no Character yet")) in line
        for r, name in enumerate(data.RESOURCES):
            assert _has(line, f"{name} {b.resources[r]}")
        for t, name in enumerate(data.LANGUAGES):
            assert _has(line, f"{name} {b.languages[t]}")
        assert _has(line, f"Hourglasses {b.hourglass}") and _has(line, f"Radiation {b.radiation}")
        assert _has(line, f"{scoring.language_pp(b)} Language PP") and _has(line, f"{totals[p]} PP.")
        board = _line(lines, f"{s.players[p]}'s Tech board:")
        for slot, cid in enumerate(b.techs):
            if cid is None:
                continue
            assert cid in board
            if ai:
                assert f"cost {sum(s.cards.ai[cid].cost)}" in board
            else:
                assert s.cards.tech[cid].name in board
        for row in range(3):
            ids = b.techs[row * 3: row * 3 + 3]
            if None not in ids and not (ai and any(b.face_down[row * 3: row * 3 + 3])):
                assert f"row {row + 1} (complete: +" in board


def test_the_description_names_every_element_the_board_draws():
    assert {len(s.players) for s in POSITIONS} == {2, 3, 4}  # the solo game has 2 seats
    assert any(s.solo for s in POSITIONS) and any(s.is_over for s in POSITIONS)
    for s in POSITIONS:
        _board_elements(s, describe_position(s))


def test_a_players_description_hides_what_their_view_hides():
    solo = [s for s in POSITIONS if s.solo and any(s.boards[1].face_down)]
    assert solo
    for s in solo:
        teacher = s.describe()
        assert teacher == describe_position(s)
        hidden = s.hidden(0)
        assert hidden and all(cid in teacher for cid in hidden) and "its face:" in teacher
        for seat in (0, 1):
            seen = s.describe(seat)
            assert seen == describe_position(s.view(seat))
            assert not any(cid in seen for cid in hidden) and "its face:" not in seen
            assert "faces are hidden" in seen
            assert seen.count("face down (cost ") == len(hidden)
    for s in POSITIONS[::5]:
        if not s.solo:
            assert all(s.describe(seat) == describe_position(s) for seat in range(len(s.players)))


@pytest.mark.parametrize("players", [1, 4])
def test_a_mid_game_description_is_short(players):
    s = next(x for x in POSITIONS if len(x.players) == (2 if players == 1 else 4) and x.solo == (players == 1)
             and x.turn >= 10)
    assert len(describe_position(s).splitlines()) <= 2 + 5 + 1 + 1 + 3 + 2 * len(s.players)
