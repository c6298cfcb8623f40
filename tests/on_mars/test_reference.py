"""On Mars's rules reference (`RULES`) states the numbers the engine uses and names what teaches each
section; the board in words (`describe_position`) names every element widgets/on_mars.py draws, and a
player's description hides what that player's view hides.

The shared tests/test_rules_reference.py checks that every section the engine names has an entry (and
every entry is named), that entries are in the project's words and teach real coverage items, and that
docs/rules/on_mars.md is current.
"""
import random
import re

import pytest

import mars_rules
from mars_rules.core import CHANCE, Action, slug
from mars_rules.on_mars import COVERAGE, OPTIONS, RULES, TURN_STEPS, describe_position, new_game
from mars_rules.on_mars import data as D
from mars_rules.on_mars.board import complex_of
from mars_rules.on_mars.options import mission_target, table_words

from ..refusals import refusal

game = mars_rules.load("on_mars")
DEFAULT = OPTIONS.default


def number(section, what):
    entry = RULES.entry(section)
    assert entry is not None and entry.section == section, section
    found = [n for n in entry.numbers if n.what == what]
    assert found, f"{section}: no number {what!r} (has {[n.what for n in entry.numbers]})"
    return found[0]


def _words(value, name=""):
    if isinstance(value, tuple) and isinstance(value[0], tuple):   # a cost table, in words
        return table_words(name, value)
    return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)


# ----- the reference ---------------------------------------------------------------------------------------
def test_the_package_exports_rules_and_describe_position():
    assert game.RULES is RULES and game.describe_position is describe_position
    assert "RULES" in game.__all__ and "describe_position" in game.__all__


def test_a_number_naming_an_option_states_its_default_and_whether_the_rulebook_prints_it():
    named = set()
    for e in RULES:
        for n in e.numbers:
            for name in re.findall(r"option `(\w+)`", n.value):
                assert name in OPTIONS.options, (e.section, name)
                named.add(name)
                assert n.printed == OPTIONS[name].printed, (e.section, n.what)
                assert n.value.startswith(_words(getattr(DEFAULT, name), name) + " "), (e.section, n.value)
    assert named == set(OPTIONS.options), "every rule option is stated in the reference"


def test_numbers_from_the_data_tables():
    assert number("Setup (ASSUMED, not in the rulebook)", "Colonists per player").value == (
        f"{D.COLONISTS}: {D.START_COLONISTS} in the Living Quarters, {D.COLONISTS - D.START_COLONISTS} in reserve")
    assert number("Setup (ASSUMED, not in the rulebook)", "Bots, Ships, Progress cubes, Advanced Building "
                  "markers").value.startswith(f"{D.BOTS}, {D.SHIPS}, {D.PROGRESS_CUBES}, {D.ADVANCED_MARKERS} ")
    assert number("Setup (ASSUMED, not in the rulebook)", "Tech Grid").value == (
        f"{D.TECH_COPIES} tiles of each of {len(D.TECHS)} types")
    assert number("Setup (ASSUMED, not in the rulebook)", "Crystals in the game").value == str(D.CRYSTAL_TOTAL)
    assert number("Setup (ASSUMED, not in the rulebook)", "face-up Blueprints / Scientists / Earth Contracts"
                  ).value == f"{D.BLUEPRINT_DISPLAY} / {D.SCIENTIST_DISPLAY} / {D.CONTRACT_DISPLAY}"
    assert number("Setup (ASSUMED, not in the rulebook)", "Crystals on the map / Research tiles").value == (
        f"{len(D.START_CRYSTALS)} / {len(D.RESEARCH_TILES)}")
    assert number("Main Board Action Mechanics", "slots per action").value == (
        f"{D.slots_for('blueprint', 2)} with 2 players, {D.slots_for('blueprint', 3)} with 3-4")
    depot = number("Executive Actions", "Depot actions, bottom to top").value.split(", ")
    assert len(depot) == D.DEPOT_SPACES
    for words, (what, n) in zip(depot, D.DEPOT_ACTIONS):
        assert words.startswith(str(n)) or what in ("retrieve", "colonist") and words.endswith("Colonist")
    assert number("Executive Actions", "using your own Advanced Building").value == (
        f"{D.OWN_ADVANCED_COST} Crystals (option `own_advanced_cost`)")
    assert number("Executive Actions", "an Advanced Building's Executive action gives").value.startswith(
        f"{D.ADVANCED_ACTION_GAIN} ")
    assert number("Colony Main Actions", "movement").value.startswith(
        f"Bots {D.BOT_MOVEMENT} each, Rover {D.ROVER_MOVEMENT} + ")
    assert number("Colony Main Actions", "Scientists can be hired").value == \
        f"{D.SCIENTISTS_UNTIL} (up to that Colony level; option `hire_scientists_until`)"
    reward = ", ".join(f"{n} {'Crystals' if i == 'crystal' else 'Mineral'}" for i, n in D.RESEARCH_REWARD)
    assert number("Colony Main Actions", "Research tile reward").value == reward.replace(", ", " + ")
    costs = number("Colony Main Actions", "Building costs (one step down the Overview's chain)").value
    for b, cost in D.BUILD_COST.items():
        assert (f"{D.BUILDING_NAME[b]} 1 {cost[0].capitalize()}" if cost else "Mine a Colonist") in costs
    assert number("Orbital Station Main Actions", "R&D prices, columns 2 / 3 / 4").value == \
        "1 Battery / 1 Battery + 1 Mineral / 2 Batteries + 1 Mineral (option `lab_column_cost`)"
    assert D.RND_COST == {2: ("battery",), 3: ("battery", "mineral"), 4: ("battery", "battery", "mineral")}
    assert number("Orbital Station Main Actions", "furthest Lab column by Colony level").value == (
        ", ".join(str(D.MAX_LAB_COLUMN[level]) for level in range(1, 6))
        + " at levels 1 to 5 (option `lab_column_limit`)")
    assert number("Life Support System (LSS) and Colony Level", "LSS Reward").value == (
        f"{D.LSS_REWARD_CRYSTALS} Crystal at steps " + ", ".join(map(str, D.LSS_REWARD_STEPS)))
    lss = "Life Support System (LSS) and Colony Level"
    assert number(lss, "LSS tracks").value == f"{len(D.LSS_TRACKS)}, from {D.LSS_START} to {D.LSS_MAX}"
    travel = D.TRAVEL_DISTANCE
    assert number("Shuttle Phase", "Travel space by Colony level").value == (
        ", ".join(str(travel[level]) for level in range(1, 6)) + " at levels 1 to 5 (option `travel_space`)")
    assert travel[1] == travel[2] and travel[3] == travel[4]
    targets = [m[2] for m in D.MISSIONS]
    assert number("Missions and Private Goals", "Mission targets").value == f"{min(targets)} to {max(targets)} by card"
    ops = [g[3] for g in D.GOALS]
    assert number("Missions and Private Goals", "a Private Goal's OP").value == f"{min(ops)} to {max(ops)} by card"
    assert number("End of the Game", "Blueprint OP, Level 1 / Level 3").value.startswith(
        f"+{D.BLUEPRINT_OP[1]} / +{D.BLUEPRINT_OP[3]} used")
    assert number("End of the Game", "Scientist OP").value.startswith(f"{D.SCIENTIST_OP} ")
    plus_minus = {(c[1], c[3], c[4]) for c in D.CONTRACTS}
    assert plus_minus == {("delivery", 9, 4), ("upgrade", 12, 6)}
    assert not number("End of the Game", "round of the safeguard").printed   # no rule of the game


def test_every_step_score_row_option_and_coverage_item_has_its_entry():
    for step in TURN_STEPS:
        assert f"step:{step.key}" in RULES.entry(step.rule).teaches, step.key
    for row in new_game(players=3, seed=2).score().rows:
        assert f"score:{slug(row.category)}" in RULES.entry(row.rule).teaches, row
    for name in OPTIONS.options:
        assert RULES.entry(OPTIONS[name].rule) is not None, OPTIONS[name].rule
    taught = {item for e in RULES for item in e.teaches}
    assert taught == set(COVERAGE.items())
    parts = list(dict.fromkeys(e.part for e in RULES))
    assert parts[0] == "Setup" and {"The round", "Actions", "The end and scoring"} <= set(parts)
    assert len(parts) == len({e.part for e in RULES}), "each part's entries stand together"


def test_refusals_name_sections_of_the_reference():
    s = new_game(players=2, seed=1, deal=False)
    assert refusal(s, "travel").rule == "The game contract"
    assert refusal(s, Action("end_turn", 0, {})).rule == "The game contract"      # a chance draw is waiting
    t = new_game(players=2, seed=1)
    assert refusal(t, Action("end_turn", t.to_move, {})).rule == "Colonization Phase"
    assert refusal(t, Action("main", t.to_move, {"action": "control"})).rule == "Main Board Action Mechanics"
    assert RULES.entry(t._end_rule()).section == "End of the Game"


# ----- the board in words -------------------------------------------------------------------------------
def _positions():
    """Positions of uniformly random play, every 9th, for 2 to 4 players (chance nodes and the end included),
    the set-up before its draws, and one edited so that an Advanced Building, a working Scientist and a
    Miner stand on Mars."""
    out = [new_game(players=2, seed=5, deal=False)]
    for players in game.PLAYER_COUNTS:
        s, rng = new_game(players=players, seed=players), random.Random(players)
        n = 0
        while True:
            if n % 9 == 0 or s.is_over or s.tile >= 0:
                out.append(s)
            if s.is_over:
                break
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
            n += 1
    base = next(s for s in out if len(s.players) == 3 and s.round >= 4 and s.step == "turn")
    out.append(_staffed(base))
    return out


def _staffed(s):
    """`s` with one of the starting Buildings made Advanced by seat 0, seat 1's Scientist working there and a
    Mine with seat 2's Miner (cards nobody holds, a free hex)."""
    held_sci = {c for pl in s.pieces for c, _h in pl.scientists}
    held_bp = {c for pl in s.pieces for c, _u in pl.blueprints}
    for h, btype in D.START_BUILDINGS:
        sci = [c for c, (_name, t) in enumerate(s.cards.scientists) if t == btype and c not in held_sci]
        bps = [c for c, (b, lvl, _g) in enumerate(s.cards.blueprints) if b == btype and lvl == 1 and c not in held_bp]
        if sci and bps:
            break
    taken = {rec[0] for rec in s.buildings}
    mine = next(x for x in D.RING2[(0, 0)] if x not in taken)
    return (s.edit().upgrade(h, 0, bps[0]).hire(1, s.cards.scientists[sci[0]][0], hex=h)
            .construct(mine, "Mine", miner=2).done())


POSITIONS = []


@pytest.fixture(scope="module")
def positions():
    if not POSITIONS:
        POSITIONS.extend(_positions())
    return POSITIONS


def _hex(h):
    return f"({h[0]}, {h[1]})"


def _line(lines, start):
    found = [x for x in lines if x.startswith(start)]
    assert len(found) == 1, (start, found)
    return found[0]


def _segment(line, start):
    """The '; '-separated part of `line` (after its heading) that begins with `start`."""
    found = [part for part in line.split(": ", 1)[1].split("; ") if part.startswith(start)]
    assert len(found) == 1, (start, line)
    return found[0]


def _goals_part(line):
    return line.split("Private Goals: ", 1)[1]


def check_board_elements(s, text):
    """Everything widgets/on_mars.py draws for this state (the teacher's or a player's view) is named."""
    lines = text.splitlines()
    assert len(lines) <= 40
    head = lines[0]
    step = next(st for st in TURN_STEPS if st.key == s.step)
    assert f"On Mars, round {s.round}" in head and step.title in head
    assert ("(the final round)" in head) == (s.final_round and not s.is_over)
    if s.is_over:
        assert "game is over" in head and all(s.players[w] in head for w in s.winners())
    elif s.to_move == CHANCE:
        assert "Chance draws" in head
    else:
        assert f"{s.players[s.to_move]} decides" in head
    # the Colony tracks, the Shuttle and the Missions
    colony = _line(lines, "Colony level")
    assert f"Colony level {s.level} of " in colony
    assert f"Remaining Missions {s.remaining} of {s.options.missions_to_end}" in colony
    assert ("END TRIGGERED" in colony) == (s.end_triggered and not s.is_over)
    for track, v in zip(D.LSS_TRACKS, s.lss):
        assert f"{D.BUILDING_NAME[track]} {v}" in colony
    shuttle = _line(lines, "Shuttle: ")
    assert f"on the {s.shuttle_side.capitalize()} side, {s.shuttle_pos} space" in shuttle
    assert ("it left the" in shuttle) == bool(s.shuttle_left)
    missions = _line(lines, "Missions on the board")
    for card, n in s.missions:
        assert f"{s.cards.missions[card][0]} (" in missions and f"{n} of {mission_target(s, card)}" in missions
    # the action spaces and the Turn Order
    for side, acts in (("Orbit", D.ORBIT_ACTIONS), ("Colony", D.COLONY_ACTIONS)):
        line = _line(lines, f"{side} actions")
        for a in acts:
            on = s.slots[D.ACTIONS.index(a)]
            part = _segment(line, D.ACTION_NAME[a])
            assert f"{len(on)}/{D.slots_for(a, len(s.players))}: " + (", ".join(s.players[p] for p in on) or "empty") \
                in part, part
    order = _line(lines, "Turn Order")
    for p, sp in enumerate(s.order):
        if sp >= 0:
            side = "Orbit" if sp < D.TURN_ORDER_SPACES else "Colony"
            assert f"{s.players[p]} on {side} {sp % D.TURN_ORDER_SPACES + 1}" \
                + (" (marker down)" if s.done[p] else "") in order
    # the map: Buildings (type, Complex, Advanced owner, Miner), Crystals, tiles
    built = _line(lines, "Buildings on Mars").split("in the middle): ", 1)[1]
    m = {rec[0]: rec for rec in s.buildings}
    said = {(int(q), int(r)): tags or "" for q, r, tags in re.findall(r"\((-?\d), (-?\d)\)(?: \[([^\]]*)\])?", built)}
    types = r"\b(?:" + "|".join(sorted(set(D.BUILDING_NAME.values()) | {w + "s" for w in D.BUILDING_NAME.values()},
                                       key=len, reverse=True)) + r")\b"
    for h, btype, adv, _card, miner in s.buildings:
        tags = said[h]
        before = built[:built.index(_hex(h) + (" [" if tags else ""))]
        assert re.findall(types, before)[-1].startswith(D.BUILDING_NAME[btype]), (h, btype)
        size = len(complex_of(m, h))
        assert (f"Complex of {size}" in tags) == (size > 1)
        assert (f"Advanced by {s.players[adv]}" in tags) == (adv >= 0) and ("Advanced" in tags) == (adv >= 0)
        assert (f"Miner: {s.players[miner]}" in tags) == (miner >= 0) and ("Miner" in tags) == (miner >= 0)
    ground = _line(lines, "On the ground")
    assert f"{len(s.map_crystals)} Crystal" in ground and all(_hex(h) in ground for h in s.map_crystals)
    for h, kind, tid in s.tiles:
        if kind == "research":
            assert _hex(h) in ground.split("Research tiles")[1].split("Discovery tiles")[0]
        else:
            assert f"{s.cards.discovery_tiles[tid][0]} (" in ground and f"on {_hex(h)}" in ground
    if s.tile >= 0:
        assert s.cards.discovery_tiles[s.tile][0] in _line(lines, f"{s.players[s.active]} is travelling")
    # the displays and the supply
    bps = _line(lines, "Blueprint display")
    for c in s.bp_display:
        b, lvl, _gain = s.cards.blueprints[c]
        assert f"{D.BUILDING_NAME[b]} Level {lvl}" in bps
    assert f"deck: {len(s.decks[0])} card" in bps
    cards = _line(lines, "Scientists on display")
    assert all(s.cards.scientists[c][0] in cards.split("Earth Contracts")[0] for c in s.sci_display)
    assert all(s.cards.contracts[c][0] in cards.split("Earth Contracts")[1] for c in s.con_display)
    supply = _line(lines, "Tech Grid")
    assert all(f"{D.TECH_NAME[t]} {k}" in supply for t, k in zip(D.TECHS, s.tech_grid))
    assert "Warehouse: " + ", ".join(f"{i.capitalize()} {k}" for i, k in zip(D.ITEMS, s.warehouse)) in supply
    assert f"Crystal supply: {s.supply}." in supply and f"Private Goal deck: {len(s.decks[4])} card" in supply
    # the players' rows
    sheet = s.score()
    for p, pl in enumerate(s.pieces):
        name = s.players[p]
        head = _line(lines, f"{name} (")
        assert f"{sheet.totals[p]} OP {'final' if s.is_over else 'so far'}" in head
        assert ("[to move" in head) == (s.to_move == p) and ("WINNER" in head) == (s.is_over and p in s.winners())
        assert ("in Orbit" in head) == (0 <= s.order[p] < D.TURN_ORDER_SPACES)
        for row in sheet.rows:
            if row.player == p and row.points:
                assert f"{row.category} {row.points:+d}" in head
        col = _line(lines, f"{name}'s Colonists")
        on_slots = sum(on.count(p) for on in s.slots)
        assert (f"Living Quarters {pl.lq}, Working Area {pl.wa}, on action slots {on_slots}" in col
                and f"reserve {pl.reserve}" in col and f"Rover on {_hex(pl.rover)}" in col)
        assert f"Bots {len(pl.bots)} of {D.BOTS} on " + ", ".join(_hex(h) for h in pl.bots) in col
        assert f"Progress cubes {pl.progress} of {D.PROGRESS_CUBES}" in col
        assert f"Miners {sum(1 for b in s.buildings if b[4] == p)}" in col
        store = _line(lines, f"{name}'s Storage")
        assert "Storage: " + ", ".join(f"{r.capitalize()} {v}" for r, v in zip(D.RESOURCES, pl.res)) in store
        assert f"at most {s.options.resource_cap} each" in store
        room = s.options.crystal_cap_base + D.DEPOT_SPACES - pl.depot_ships
        assert re.search(rf"Depot: {pl.crystals} Crystals? \(room for {room}\); {pl.depot_ships} Ships? on it", store)
        assert re.search(rf"Hangar: {pl.hangar} Ships? ", store)
        for tech, row, column in pl.lab:
            assert f"{D.TECH_NAME[tech]} ({row} row, column {column})" in store
        held = _line(lines, f"{name}'s cards")
        for c, used in pl.blueprints:
            b, lvl, _gain = s.cards.blueprints[c]
            assert f"{D.BUILDING_NAME[b]} Level {lvl}" in held
        assert held.count(" used") == sum(u for _c, u in pl.blueprints)
        for c, h in pl.scientists:
            assert s.cards.scientists[c][0] in held and (not h or f"working on {_hex(h)}" in held)
        assert all(s.cards.contracts[c][0] in held for c in pl.contracts)
        goals = _goals_part(held)
        if pl.goal_done >= 0:
            assert f"completed: {s.cards.goals[pl.goal_done][0]}" in goals
        hidden = sum(1 for g in pl.goals if g < 0)
        assert (f"{hidden} hidden" in goals) == bool(hidden)
        assert all(s.cards.goals[g][0] in goals for g in pl.goals if g >= 0)


def test_the_description_names_every_element_the_board_draws(positions):
    seen = dict.fromkeys(("chance", "over", "advanced", "miner", "working", "tile", "triggered", "goals", "pay",
                          "shuttle", "setup"), 0)
    for s in positions:
        text = describe_position(s)
        assert s.describe() == text                   # the contract's state.describe(player=None)
        check_board_elements(s, text)
        for seat in range(len(s.players)):
            check_board_elements(s.view(seat), describe_position(s.view(seat)))
        seen["chance"] += s.to_move == CHANCE
        seen["over"] += s.is_over
        seen["advanced"] += any(b[2] >= 0 for b in s.buildings)
        seen["miner"] += any(b[4] >= 0 for b in s.buildings)
        seen["working"] += any(h for pl in s.pieces for _c, h in pl.scientists)
        seen["tile"] += s.tile >= 0
        seen["triggered"] += s.end_triggered and not s.is_over
        seen["goals"] += sum(1 for pl in s.pieces if pl.goals) >= 2
        seen["pay"] += s.step == "pay"
        seen["shuttle"] += s.phase == "shuttle"
        seen["setup"] += s.step == "setup"
    assert all(seen.values()), seen                   # the positions show every kind of element
    mid = [s for s in positions if s.round >= 5 and len(s.players) == 4 and not s.is_over]
    assert mid and all(len(describe_position(s).splitlines()) <= 40 for s in mid)


def _other_secrets(s, seat):
    """The same position with what `seat` may not see changed: the others' Private Goals (as many), the
    Goal deck (as many cards) and the seed."""
    free = [g for g in range(len(s.cards.goals)) if not any(g in pl.goals for pl in s.pieces)]
    pieces = []
    for q, pl in enumerate(s.pieces):
        if q != seat and pl.goals and free:
            pl = pl._replace(goals=(free[0],) + pl.goals[1:])
        pieces.append(pl)
    return s._replace(pieces=tuple(pieces), decks=s.decks[:4] + (s.decks[4][::-1],) + s.decks[5:], seed=s.seed + 1)


def test_a_players_description_hides_what_their_view_hides(positions):
    told = 0
    for s in positions:
        teacher = describe_position(s).splitlines()
        assert "sees it" not in teacher[0]
        for seat in range(len(s.players)):
            theirs = s.describe(seat)
            assert theirs == describe_position(s.view(seat))
            assert describe_position(_other_secrets(s, seat).view(seat)) == theirs
            lines = theirs.splitlines()
            assert "the other players' Private Goals are hidden" in lines[0]
            if s.pieces[seat].goals:
                assert f"As {s.players[seat]} sees it" in lines[0]
            for q, pl in enumerate(s.pieces):
                name = s.players[q]
                mine, known = _line(lines, f"{name}'s cards"), _line(teacher, f"{name}'s cards")
                if q == seat:
                    assert mine == known
                    continue
                assert _goals_part(mine).startswith(f"{len(pl.goals)} hidden" if pl.goals else "none in hand")
                for g in pl.goals:
                    assert s.cards.goals[g][0] not in _goals_part(mine)
                    assert s.cards.goals[g][0] in _goals_part(known)
                    told += 1
    assert told                                      # some Private Goal was hidden from someone
