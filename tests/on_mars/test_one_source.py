"""One source per rule: what `legal_actions()` lists is what the rule's reason function allows, and what it
refuses gets that function's reason from `why` (issue 17, part 3).

Each rule of the rulebook's "Colonization Phase" (Main Board Action Mechanics, Orbital Station and Colony Main
Actions, Executive Actions) and "Shuttle Phase" is one function returning None (allowed) or the reason; the
listing calls it, with `quiet=True` where building the sentence would cost (then it answers True, never a
sentence), or walks a set the function itself checks against (`discovery_hexes`, `free_spaces`, the hexes next
to a Rover or Bot: those listings are the ones these tests prove equal, not derive). These tests enumerate
every choice of those kinds on positions from random, greedy and rich play, and on the rare cases (empty
displays and Warehouse, full Storage, a Hangar at its limit, an Advanced Building with a Scientist).
"""
import functools
import random

import pytest

from mars_rules.core import CHANCE, Action
from mars_rules.on_mars import colony, orbit, shuttle, turn
from mars_rules.on_mars import data as D
from mars_rules.on_mars.board import bmap, zone_hexes
from mars_rules.on_mars.policies import greedy

from .helpers import action, colony as at_colony, game, orbit as in_orbit, setp
from .test_fast_paths import _all_positions


def _greedy_positions(players, seed, n=60):
    s = game(players, seed)
    rng = random.Random(seed)
    for _ in range(n):
        while s.to_move == CHANCE:
            s = s.resolve_chance()
        if s.is_over:
            return
        yield s
        s = s.advance(greedy(s, rng))


def _rare(s):
    """The rare cases of a position: nothing on display or in the Warehouse or the Tech Grid; the active
    player rich, with a full Storage and a full Hangar; every Building Advanced, owned in turn by each seat,
    the active player's Scientists hired, one at work in another player's Building; Buildings on every hex
    3 from the Rover (the Discovery tile is discarded)."""
    seat = s.active
    yield s._replace(bp_display=(), con_display=(), sci_display=(), warehouse=(0,) * len(s.warehouse),
                     tech_grid=(0,) * len(s.tech_grid))
    yield setp(s, seat, res=(s.options.resource_cap,) * len(D.RESOURCES), crystals=9, depot_ships=0,
               hangar=s.options.ship_limit[s.level - 1])
    n = len(s.players)
    advanced = tuple((x, b, k % n, 0, m) for k, (x, b, _a, _c, m) in enumerate(s.buildings))
    other = next(((x, b) for x, b, adv, _c, _m in advanced if adv != seat), None)
    at_work = next((c for c, (_name, kind) in enumerate(s.cards.scientists) if other and kind == other[1]), None)
    scientists = tuple((c, other[0] if c == at_work else ()) for c in range(len(s.cards.scientists)))
    yield setp(s._replace(buildings=advanced), seat, scientists=scientists, crystals=3)
    m = bmap(s)
    ring = tuple((h, "shelter", -1, -1, -1) for h in D.RING[s.pieces[seat].rover] if h not in m)
    yield s._replace(buildings=tuple(sorted(s.buildings + ring)))


@functools.lru_cache(maxsize=1)
def _positions():
    out = list(_all_positions())
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        out.extend(_greedy_positions(players, seed))
    out.extend(r for s in out[::5] if s.to_move not in (None, CHANCE) for r in _rare(s))
    return tuple(s for s in out if s.to_move not in (None, CHANCE))


def _choices(s):
    """(action, the reason its rule's function gives: None or (reason, rule)) for every choice of the kinds
    whose rule has one source, in this step."""
    seat, step = s.active, s.step
    pl = s.pieces[seat]
    a = functools.partial(Action, player=seat)
    hexes = sorted({b[0] for b in s.buildings} | set(zone_hexes(pl)))

    def why(found, rule):
        return (found, rule) if found else None
    if step in ("turn", "final_round", "turn_end"):
        if step != "turn_end":
            for m in D.ACTIONS:
                yield a("main", params={"action": m}), turn.main_problem(s, seat, m)
        if not s.exec_used:
            for sp in range(D.DEPOT_SPACES):
                yield a("depot_action", params={"space": sp}), why(turn.depot_problem(s, seat, sp), turn.RULE_EXEC)
            working = turn.scientists_at(s)
            for rec in s.buildings:
                for free in (True, False):
                    yield (a("advanced_action", params={"hex": rec[0], "free": free}),
                           why(turn.own_building_problem(s, seat, rec, free, working), turn.RULE_EXEC))
                yield (a("scientist_action", params={"hex": rec[0]}),
                       why(turn.scientist_problem(s, seat, "scientist_action", rec[0]), turn.RULE_EXEC))
                for card, _placed in pl.scientists:
                    yield (a("send_scientist", params={"card": card, "hex": rec[0]}),
                           why(turn.scientist_problem(s, seat, "send_scientist", rec[0], card), turn.RULE_EXEC))
    elif step == "pay":
        for kind in ("pay_crystal", "pay_colonist"):
            yield a(kind), why(turn.pay_problem(s, seat, kind), turn.RULE_PLACE)
    elif step == "resupply" and s.used < s.allow:
        for item in D.ITEMS:
            yield a("take_item", params={"item": item}), why(orbit.item_problem(s, seat, item), orbit.RULE)
    elif step == "rnd":
        for tech in D.TECHS:
            yield a("develop", params={"tech": tech}), why(orbit.develop_problem(s, seat, tech), orbit.RULE)
    elif step == "learn" and s.used < s.allow:
        for tech in D.TECHS:
            for row in D.LAB_ROWS:
                for extra in ("",) + D.RESOURCES:
                    yield (a("learn_tech", params={"tech": tech, "row": row, "extra": extra}),
                           why(orbit.learn_problem(s, seat, tech, row, extra), orbit.RULE))
    elif step == "upgrade":
        for card, _built in pl.blueprints:
            for h in hexes:
                yield (a("upgrade", params={"card": card, "hex": h}),
                       why(colony.upgrade_problem(s, seat, card, h), colony.RULE))
    elif step == "welcome" and s.used < s.allow:
        for gain, h in [("colonists", ())] + [("bot", h) for h in hexes]:
            yield (a("welcome_ship", params={"gain": gain, "hex": h}),
                   why(colony.welcome_problem(s, seat) or colony.welcome_choice_problem(s, seat, gain, h),
                       colony.RULE))
    elif step == "hire":
        for kind in ("hire_scientist", "take_contract"):
            for card in range(len(s.cards.scientists if kind == "hire_scientist" else s.cards.contracts)):
                yield a(kind, params={"card": card}), why(colony.hire_problem(s, seat, kind, card), colony.RULE)
    elif step == "shuttle":
        for pay in ("free", "ship"):
            yield (a("travel", params={"to": shuttle.dest_side(s, seat), "pay": pay}),
                   why(shuttle.travel_problem(s, seat, pay), shuttle.RULE))
    elif step == "discovery":
        yield a("discard_discovery"), why(shuttle.discovery_problem(s, seat, None), shuttle.RULE)
        for h in D.HEXES:
            yield a("place_discovery", params={"hex": h}), why(shuttle.discovery_problem(s, seat, h), shuttle.RULE)
    elif step == "turn_order":
        for sp in range(2 * D.TURN_ORDER_SPACES):
            for r in ("",) + D.RESOURCES:
                yield (a("take_space", params={"space": sp, "resource": r}),
                       why(shuttle.space_problem(s, seat, sp, r), shuttle.RULE))
    elif step == "control":
        for piece, at in [(-1, pl.rover)] + list(enumerate(pl.bots)):
            kind, extra = ("move_rover", {}) if piece < 0 else ("move_bot", {"bot": piece})
            for to in sorted({n for x in D.NEIGHBOURS[at] for n in D.NEIGHBOURS[x]}):
                yield (a(kind, params={**extra, "to": to}),
                       why(colony.control_problem(s, seat, kind, piece, to), colony.RULE))
            yield (a("spend_crystal", params={"piece": piece}),
                   why(colony.control_problem(s, seat, "spend_crystal", piece, None), colony.RULE))


def test_every_choice_is_listed_exactly_when_its_rule_allows_it_and_refused_with_its_reason():
    """Colonization Phase (Main Board Action Mechanics, Orbital Station and Colony Main Actions, Executive
    Actions) and Shuttle Phase: listed <=> the rule's function answers None; otherwise `why` gives its answer."""
    kinds = {}
    for s in _positions():
        listed = {a.key() for a in s.legal_actions()}
        for a, reason in _choices(s):
            assert (a.key() in listed) == (reason is None), (str(a), reason, s.to_json())
            if reason is not None:
                assert s._why(a) == reason, (str(a), s.to_json())
            kinds.setdefault(a.kind if a.kind != "main" else a.get("action"), [0, 0])[reason is None] += 1
    assert all(allowed and refused for refused, allowed in kinds.values()), kinds  # both answers, every kind


def _quiet_pairs(s, seat):
    """(answer with the sentence, answer with quiet=True) of each function that has both, on this position."""
    pl = s.pieces[seat]
    working = turn.scientists_at(s)
    yield turn.colonist_problem(pl), turn.colonist_problem(pl, True)
    if not s.main and s.order[seat] is not None:
        side = D.ORBIT_ACTIONS if s.order[seat] < D.TURN_ORDER_SPACES else D.COLONY_ACTIONS
        for m in side:
            yield turn.slot_problem(s, seat, m, pl), turn.slot_problem(s, seat, m, pl, True)
    yield turn._depot_cost_problem(s, pl), turn._depot_cost_problem(s, pl, True)
    for rec in s.buildings:
        yield (turn.own_building_problem(s, seat, rec, rec[0] in working, working),
               turn.own_building_problem(s, seat, rec, rec[0] in working, working, True))
        if rec[2] >= 0:
            for kind, card in [("scientist_action", None)] + [("send_scientist", c) for c, _h in pl.scientists]:
                yield (turn.building_scientist_problem(s, seat, kind, rec, card, working),
                       turn.building_scientist_problem(s, seat, kind, rec, card, working, True))
        for card, _built in pl.blueprints:
            bp = s.cards.blueprints[card]
            yield colony._fit_problem(bmap(s), bp, rec, rec[0]), colony._fit_problem(bmap(s), bp, rec, rec[0], True)
    for tech, row, col in pl.lab:
        yield orbit.develop_refusal(s, pl, tech, row, col), orbit.develop_refusal(s, pl, tech, row, col, True)
    for item in D.ITEMS:
        yield orbit.item_problem(s, seat, item), orbit.item_problem(s, seat, item, True)
    for tech in D.TECHS:
        yield orbit._tile_problem(s, pl, tech), orbit._tile_problem(s, pl, tech, True)
    for row in D.LAB_ROWS:
        for extra in ("",) + D.RESOURCES:
            yield orbit._row_problem(pl, row, extra), orbit._row_problem(pl, row, extra, True)
    for kind, display in (("hire_scientist", s.sci_display), ("take_contract", s.con_display)):
        for card in display + (-1,):
            yield colony.hire_problem(s, seat, kind, card), colony.hire_problem(s, seat, kind, card, True)


def test_quiet_answers_are_the_answers_of_the_sentences():
    """The listing's quiet answers (True or None) are the explaining answers without their sentence: a
    reason is a non-empty sentence (or (sentence, rule)) exactly when quiet says True."""
    seen = set()
    for s in _positions()[::3]:
        for seat in range(len(s.players)):
            for said, quiet in _quiet_pairs(s, seat):
                assert quiet is (True if said else None), (said, quiet, s.to_json())
                assert said is None or (said if isinstance(said, str) else said[0]).strip()
                seen.add(quiet)
    assert seen == {True, None}


def test_paying_a_ship_when_the_shuttle_left_your_side_is_refused():
    """Shuttle Phase: "If the Shuttle traveled from your side, you travel free; otherwise you may travel by
    discarding a ship from your Hangar"."""
    s = setp(game(), 0, hangar=2)._replace(step="shuttle", shuttle_left="orbit", active=0, to_move=0)
    assert [a.get("pay") for a in s.legal_actions() if a.kind == "travel"] == ["free"]
    ship = action(s, "travel", to="colony", pay="ship")
    assert s._why(ship) == ("The Shuttle left your side: you travel free (pay 'free'), no Ship is discarded.",
                            shuttle.RULE)


def test_a_resource_of_choice_is_named_only_for_the_top_lab_row():
    """Orbital Station Main Actions, Learn New Technology: the top row costs 1 Battery and 1 Resource of
    choice; the other rows name none."""
    s = in_orbit(setp(game(), 0, res=(3,) * 5))._replace(step="learn", main="learn", used=0, allow=1)
    assert orbit.learn_problem(s, 0, "rover", "bottom", "") is None
    reason, rule = s._why(action(s, "learn_tech", tech="rover", row="bottom", extra="water"))
    assert (reason, rule) == ("The bottom row costs no Resource of your choice: leave `extra` empty.", orbit.RULE)


@pytest.mark.parametrize("free", [True, False])
def test_the_free_flag_of_an_own_advanced_building_says_whether_a_scientist_works_there(free):
    """Executive Actions: an own Advanced Building is free while a Scientist works there, else it costs."""
    s = at_colony(game())
    h = next(b[0] for b in s.buildings if b[1] == "generator")
    buildings = tuple((x, b, 0 if x == h else adv, 0 if x == h else c, m) for x, b, adv, c, m in s.buildings)
    sci = next(i for i, (_n, k) in enumerate(s.cards.scientists) if k == "generator")
    s = setp(s._replace(buildings=buildings), 0, crystals=5, scientists=((sci, h if free else ()),))
    listed = [a.get("free") for a in s.legal_actions() if a.kind == "advanced_action"]
    assert listed == [free]
    reason, _rule = s._why(action(s, "advanced_action", hex=h, free=not free))
    assert ("free now" in reason) if free else ("free only while a Scientist works there" in reason)
