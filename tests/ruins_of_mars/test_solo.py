"""Solo Variant: setup, the extra reallocation, the AI's turn procedure and its scoring."""
import pytest

from mars_rules import CHANCE, Action

from .helpers import at_step, chance, game, go, illegal, position, roundtrip, with_player


def test_solo_setup_ai_techs_face_down_no_character_no_hourglass_human_first():
    s = game.new_game(players=1, seed=4)
    assert s.players == ("Player 1", "AI") and s.solo
    ai = s.boards[1]
    assert ai.character == "" and ai.hourglass == 0 and all(ai.face_down)
    assert [s.cards.ai[c].level for c in ai.techs] == [1, 2, 3] * 3
    assert s.to_move == 0 and s.current == 0 and s.step == "choose_character"
    s = go(s, "choose_character", character="Doctor")
    assert s.step == "place_rover" and s.to_move == 0
    named = game.new_game(players=["Ada"], seed=4)
    assert named.players == ("Ada", "AI")


def test_solo_extra_reallocation_at_the_start_of_each_ai_turn_only():
    s = position(players=1, seat=0, step="pass_rover", rover=2)
    s = go(s, "pass_rover")
    assert s.step == "solo_reallocation" and s.chance == "solo_die" and s.current == 1
    assert len(s.chance_outcomes()) == 6
    six = chance(s, "solo_die", face=6)
    assert six.step == "place_rover" and six.sites == s.sites and six.solo_die == 6
    two = chance(s, "solo_die", face=2)                   # the Laboratory (Site 2), tiles 5 and 7
    assert two.facedown == (5, 7) and two.sites[1] == ()
    two = chance(two, "draw_tile", tile=7, site="Laboratory")
    assert two.sites[1] == (7,) and two.sites[2] == (0, 1, 5)
    assert two.step == "place_rover" and two.to_move == 1
    roundtrip(two)


def _ai_turn(s, **board):
    return s.edit().set_turn("AI", "place_rover").set(solo_die=1).set_player("AI", **board).done()


def test_solo_ai_turn_every_decision_has_exactly_one_legal_action():
    s = _ai_turn(position(players=1, sites=((8,), (5, 6, 9), (0, 1), (2, 3), (4, 7, 10))))
    seen = []
    while s.current == 1 and not s.is_over:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        assert len(legal) == 1
        seen.append(str(legal[0]))
        s = s.apply(legal[0])
    assert seen[0].startswith("Place the Rover on the Infirmary: most tiles (3)")
    assert seen[1] == "Skip the transfer: the AI never makes the optional transfer"
    e = illegal(_ai_turn(position(players=1)), "place_rover", player=1, site="Workshop")
    assert e.reason.startswith("The AI follows its procedure: its only action now is: Place the Rover on the")


def test_solo_ai_spends_all_hourglasses_on_radiation_one_for_one():
    s = _ai_turn(position(players=1, sites=((7, 8, 9), (5, 6), (0, 1), (2, 3), (4, 10))), hourglass=1)
    s = go(s, "place_rover", site="Wasteland")            # 3 tiles: the most
    s = go(s, "skip", step="transfer")                    # 1 (Site) + 1 (tile "X") Radiation
    assert s.boards[1].radiation == 1 and s.boards[1].hourglass == 0
    assert any("The AI spends 1 Hourglass to remove 1 Radiation" in e for e in s.events)


def test_solo_ai_resource_and_language_choices():
    s = _ai_turn(position(players=1, sites=((8, 9), (5, 6, 10), (0, 1), (2, 3), (4, 7))),
                 resources=(2, 1, 1, 3))
    (a,) = s.legal_actions()
    assert a == Action("place_rover", 1, {"site": "Laboratory"})
    s = go(go(s, "place_rover", site="Laboratory"), "skip", step="transfer")
    (a,) = s.legal_actions()
    assert a == Action("use_wrench", 1, {"choice": "Parts"})            # least, topmost of the tied
    assert str(a) == "Wrench bonus at the Laboratory: gain 1 Parts (the AI's least resource, topmost on a tie)"
    e = illegal(s, "use_wrench", player=1, choice="Oxygen")
    assert e.reason == f"The AI follows its procedure: its only action now is: {a}." and e.rule == "Solo Variant: AI Turn"
    s = s.apply(a)
    (a,) = s.legal_actions()
    assert a == Action("use_wrench", 1, {"choice": "Plans"})
    t = _ai_turn(position(players=1, sites=((8, 9), (2, 3), (0, 5, 6), (10,), (4, 7, 1))),
                 languages=(2, 5, 0, 5, 8))
    t = at_step(t, "wrench", rover="Workshop")     # its tiles show 3 Wrenches
    (a,) = t.legal_actions()
    # star is at 8 but cannot be mastered (no Level 3 Tech): orange and blue tie at 5 -> leftmost
    assert a == Action("use_wrench", 1, {"choice": "orange"})


def test_solo_ai_replicates_the_most_expensive_affordable_and_discards_the_bottom_display_card():
    s = position(players=1)
    s = with_player(s, 1, resources=(7, 7, 7, 7), languages=(3, 3, 0, 0, 0))   # Level 2 allowed, not Level 3
    s = at_step(s, "replicate", rover="Workshop", seat=1)
    (a,) = s.legal_actions()
    slot = (a.get("row") - 1) * 3 + 1
    assert s.cards.ai[a.get("card")].level == 2 and a.get("row") == 1      # topmost of the highest Level
    assert s.boards[1].techs[slot] == a.get("card")
    bottom = s.display[1][3]
    e = illegal(s, "skip", player=1, step="replicate")
    assert e.reason == f"The AI follows its procedure: its only action now is: {a}." and e.rule == "Solo Variant: AI Turn"
    s = s.apply(a)
    assert not s.boards[1].face_down[slot]
    assert bottom in s.removed and s.chance == "refill_display"
    s = s.resolve_chance()
    assert bottom not in s.display[1] and s.display[1][0] is not None
    roundtrip(s)


def test_solo_ai_cannot_replicate_then_skips_with_the_reason():
    s = position(players=1)
    s = at_step(s, "replicate", rover="Workshop", seat=1)
    (a,) = s.legal_actions()
    assert a.kind == "skip" and "no face-down AI Tech is affordable" in str(a)


def test_solo_ai_scoring_10_per_completed_row_and_the_human_needs_more_pp():
    s = position(players=1)
    ai = s.boards[1]
    s = with_player(s, 1, face_down=(False, False, False) + ai.face_down[3:], languages=(4, 0, 0, 0, 0))
    sheet = s.score()
    assert sheet.points(1, "Tech rows") == 10
    ai_pp = sum(s.cards.ai[c].pp for c in ai.techs[:3])
    assert sheet.points(1, "Tech PP") == ai_pp
    total_ai = sheet.totals[1]
    assert [r.rule for r in sheet.rows if r.player == 1 and r.category == "Tech rows"] == \
        ["Solo Variant: Final Scoring (Tech Rows)"]
    over = game.finish(s)
    tie = with_player(over, 0, languages=(0,) * 5, radiation=0)
    tie = with_player(tie, 1, languages=(0,) * 5, face_down=(True,) * 9)
    assert tie.score().totals == (0, 0) and tie.winners() == (1,)     # a tie is not "more PP"
    win = with_player(tie, 0, languages=(2, 0, 0, 0, 0))
    assert win.winners() == (0,)
    assert total_ai == 10 + ai_pp + 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solo_random_play_reaches_the_end_with_one_action_ai_decisions(seed):
    import random
    s = game.new_game(players=1, seed=seed, characters="deal")
    rng = random.Random(seed)
    while not s.is_over:
        if s.to_move == CHANCE:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        if s.to_move == 1:
            assert len(legal) == 1
        s = s.apply(legal[rng.randrange(len(legal))])
    assert s.winners() in ((0,), (1,))


def test_solo_ai_tech_one_time_language_reward_and_mastery_limits():
    s = position(players=1)
    techs = list(s.boards[1].techs)
    if "AI1-4" in techs:                   # reward: +1 red; put it in row 1 (swap, never duplicate)
        techs[techs.index("AI1-4")] = techs[0]
    techs[0] = "AI1-4"
    s = with_player(s, 1, techs=tuple(techs), resources=(7, 7, 7, 7), languages=(8, 0, 0, 0, 0),
               face_down=(True,) + (False,) * 8)
    s = at_step(s, "replicate", rover="Workshop", seat=1)
    # every other AI Tech is already face up: only AI1-4 can be replicated
    (a,) = s.legal_actions()
    assert a == Action("ai_replicate", 1, {"card": "AI1-4", "row": 1})
    s = s.apply(a)
    n_l3 = sum(1 for slot in (2, 5, 8) if not s.boards[1].face_down[slot])
    assert n_l3 == 3 and s.boards[1].languages[0] == 9       # 3 face-up Level 3 AI Techs: it may master
    roundtrip(s)


def test_solo_end_of_the_game_triggered_by_the_ai_gives_the_human_one_final_turn():
    s = position(players=1)
    s = with_player(s, 1, face_down=(True,) + (False,) * 8, resources=(7, 7, 7, 7))
    s = at_step(s, "replicate", rover="Workshop", seat=1)
    while s.current == 1:
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(s.legal_actions()[0])
    assert s.end_turns == 1 and s.current == 0
    assert any("completed a 9th Tech" in e for e in s.events)


def test_solo_view_and_hidden_faces_of_the_ai_techs():
    import json
    s = game.new_game(players=1, seed=4, characters="deal")
    assert set(s.hidden(0)) == set(s.boards[1].techs) and len(s.hidden(0)) == 9
    two = game.new_game(players=2, seed=4, characters="deal")
    assert two.hidden(0) == ()                          # no secret card; only the seed (future draws) is hidden
    assert two.view(0) == two.view(1) == two._replace(seed=-1)
    for seat in (0, 1):                   # nobody looks at a face before it is revealed (Solo Variant: Setup)
        v = s.view(seat)
        text = v.to_json()
        assert not any(json.dumps(cid) in text for cid in s.cards.ai)          # no real AI Tech id, not even boxed ones
        assert v.boards[1].techs[:3] == ("hidden-L1-row1", "hidden-L2-row1", "hidden-L3-row1")
        for real, shown in zip(s.boards[1].techs, v.boards[1].techs):          # the backs: Level and cost
            assert (s.cards.ai[real].level, s.cards.ai[real].cost) == (v.cards.ai[shown].level, v.cards.ai[shown].cost)
            assert v.cards.ai[shown].pp == 0 and v.cards.ai[shown].hourglass == 0
        assert game.from_json(text) == v and v.boards[0] == s.boards[0] and v.sites == s.sites
        assert v.score().totals == s.score().totals
    # once the AI replicates a Tech, its face is public and keeps its id in every view
    t = with_player(s, 1, face_down=(False,) + (True,) * 8)
    v = t.view(0)
    assert v.boards[1].techs[0] == t.boards[1].techs[0] and v.cards.ai[t.boards[1].techs[0]] == t.cards.ai[t.boards[1].techs[0]]
    assert v.boards[1].techs[1] == "hidden-L2-row1"
    done = s.edit().set_player("AI", face_down=(False,) * 9).set(end_turns=1).done()   # 9 Techs: the end
    assert done.view(0) == done._replace(seed=-1)


def test_solo_ai_saves_leftover_hourglasses_until_it_gains_radiation():
    s = _ai_turn(position(players=1, sites=((7, 8, 9), (5, 6), (0, 1), (2, 3), (4, 10))), hourglass=3)
    s = go(s, "place_rover", site="Wasteland")
    s = go(s, "skip", step="transfer")                    # 2 Radiation (the Site's icon and tile 7): 2 spent
    assert s.boards[1].radiation == 0 and s.boards[1].hourglass == 1
    assert any("The AI spends 2 Hourglasses to remove 2 Radiation" in e for e in s.events)


def test_solo_ai_star_icons_one_resource_at_a_time_the_least_topmost_on_a_tie():
    # the Infirmary (Discover, the most tiles) with tiles "S", "RS" and "OS": 1 Fuel, 1 Parts, then 3 star icons
    s = _ai_turn(position(players=1, sites=((8, 9), (5, 7), (0, 1), (2, 6), (4, 3, 10))), resources=(0, 1, 1, 0))
    s = go(s, "place_rover", site="Infirmary")
    s = go(s, "skip", step="transfer")
    s = go(s, "discover")
    assert s.boards[1].resources == (1, 2, 1, 0) and s.pending == 3
    (a,) = s.legal_actions()
    assert a == Action("discover_star", 1, {"resource": "Oxygen"})                       # the least
    s = s.apply(a)
    (a,) = s.legal_actions()
    assert a == Action("discover_star", 1, {"resource": "Fuel"})                         # all tied: topmost
    assert str(a) == "Discover: take 1 Fuel for the star icon (the AI's least resource, topmost on a tie)"
