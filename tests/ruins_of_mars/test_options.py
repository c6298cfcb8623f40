"""Rule options of Ruins of Mars (OPTIONS): each one changes the rule it names, a variant position is
checked against its own options (and refused under others only where it would be impossible), and no
cache mixes the answers of two games with different options."""
import json
import pickle
import random

import pytest

from mars_rules import CHANCE, Action, PositionError
from mars_rules.ruins_of_mars import OPTIONS, codec, data

from .helpers import at_step, chance, game, go, position, put_in_display, roundtrip, with_player, with_tech

# The helpers' tiles: Wasteland 8 9 10 (GG BB OS), Laboratory 5 7 (RW X), Workshop 0 1 (RO O),
# Dormitory 2 3 (BR RS), Infirmary 4 6 (S WW).


def _problems(text):
    with pytest.raises(PositionError) as e:
        game.from_json(text)
    return e.value.problems


def _with_options(state, **options):
    """The JSON text of `state` with its "options" object replaced by `options`."""
    d = json.loads(state.to_json())
    d["options"] = options
    return json.dumps(d)


def _kinds(s, kind):
    return [a for a in s.legal_actions() if a.kind == kind]


def _settle(s):
    while s.to_move == CHANCE:
        s = s.resolve_chance()
    return s


# ----- new_game: the keyword API, checked ---------------------------------------------------------------------
def test_new_game_takes_options_as_keywords_and_names_a_bad_one():
    s = game.new_game(players=2, seed=1, hourglass=3, resource_cap=5)
    assert s.options.hourglass == 3 and s.options.resource_cap == 5 and s.options.deck_oxygen == 4
    assert [b.hourglass for b in s.boards] == [3, 3]
    assert game.new_game(players=2, seed=1).options == OPTIONS.default
    for given, words in (({"hourglass": 21}, "hourglass: 21 is outside 0..20"),
                         ({"resource_cap": "5"}, 'resource_cap: "5" is not an integer'),
                         ({"display_oxygen": (3, 2, 1)}, "display_oxygen: has 3 entries, expected 4"),
                         ({"resource_capp": 5}, "unknown option resource_capp (did you mean resource_cap?)")):
        with pytest.raises(ValueError) as e:
            game.new_game(players=2, seed=1, **given)
        assert words in str(e.value)


def test_the_setup_choices_stay_keywords_and_are_no_variant():
    s = game.new_game(players=["Ada"], seed=2, characters="deal")
    assert s.setup == ("deal", 0, True) and s.solo and s.variant() == ""
    d = json.loads(s.to_json())
    assert d["setup"] == {"characters": "deal", "first_player": 0, "solo": True} and d["options"] == {}
    assert s.boards[1].hourglass == 0  # the solo AI starts without Hourglasses, whatever the option
    assert game.new_game(players=["Ada"], seed=2, hourglass=5).boards[1].hourglass == 0


def test_a_variant_is_carried_by_the_json_and_named_on_the_score_sheet():
    s = game.new_game(players=3, seed=4, resource_cap=5, display_oxygen=[2, 1, 0, 0])
    assert json.loads(s.to_json())["options"] == {"resource_cap": 5, "display_oxygen": [2, 1, 0, 0]}
    assert roundtrip(s).options.display_oxygen == (2, 1, 0, 0)
    sheet = s.score()
    assert sheet.variant == "resource cap 5 (rulebook: 7), display oxygen 2, 1, 0, 0 (default: 3, 2, 1, 0)"
    assert "resource cap 5" in str(sheet)
    assert game.new_game(players=3, seed=4).score().variant == ""
    assert pickle.loads(pickle.dumps(s)) == s  # simulate's process pool sends positions to its workers


# ----- each option changes the rule it names ---------------------------------------------------------------------
def test_hourglass_is_what_each_human_player_starts_with():
    assert [b.hourglass for b in game.new_game(players=3, seed=1, hourglass=0).boards] == [0, 0, 0]
    assert [b.hourglass for b in game.new_game(players=3, seed=1).boards] == [2, 2, 2]


def test_kickstarter_adds_the_engineer_and_the_savant_to_the_choice():
    def choices(**options):
        s = game.new_game(players=2, seed=1, first_player=0, **options)
        return {a.get("character") for a in s.legal_actions()}
    assert choices() == set(data.CHARACTERS)
    assert choices(kickstarter=True) == set(data.CHARACTERS + data.KICKSTARTER_CHARACTERS)


@pytest.mark.parametrize("cap,kept,lost", [(7, 6, 0), (5, 5, 1)])
def test_resource_cap_is_the_most_of_a_resource_a_player_keeps(cap, kept, lost):
    s = position(options={"resource_cap": cap})
    s = with_player(s, 0, parts=4)
    s = go(at_step(s, "action", rover="Workshop"), "discover")   # the Workshop: 1 red, 2 orange icons
    assert s.boards[0].resources[1] == kept
    assert (f"({lost} lost: no more than {cap} Parts)" in s.events[0]) == bool(lost)


def test_transfer_cost_is_what_a_transfer_costs():
    for cost, hourglasses in ((1, 1), (2, 1), (2, 2)):
        s = position(options={"transfer_cost": cost} if cost != 2 else None)
        s = at_step(with_player(s, 0, hourglass=hourglasses), "transfer", rover="Workshop")
        offered = [a for a in _kinds(s, "transfer_tile") if a.get("pay") == "Hourglass"]
        assert bool(offered) == (hourglasses >= cost)
        if offered:
            t = s.apply(offered[0])
            assert t.boards[0].hourglass == hourglasses - cost
            assert f"pays {cost} Hourglass" in t.events[0] and f"paying {cost} Hourglass" in str(offered[0])


def test_transfer_wraps_makes_the_wasteland_and_the_infirmary_adjacent():
    for wraps, sources in ((False, {"Laboratory"}), (True, {"Laboratory", "Infirmary"})):
        s = position(options={"transfer_wraps": wraps})
        s = at_step(with_player(s, 0, hourglass=2), "transfer", rover="Wasteland")
        assert {a.get("from") for a in _kinds(s, "transfer_tile")} == sources
    s = at_step(with_player(position(), 0, hourglass=2), "transfer", rover="Wasteland")
    why = s.explain(Action("transfer_tile", 0, {"from": "Infirmary", "tile": 4, "pay": "Hourglass"}))
    assert "not adjacent" in why and "adjacent: the Laboratory" in why


def test_site_radiation_is_the_radiation_printed_on_each_site():
    for printed, taken in (((1, 0, 0, 0, 0), 0), ((1, 0, 0, 0, 2), 2)):
        s = position(options={"site_radiation": printed})
        s = go(go(s, "place_rover", site="Infirmary"), "skip", step="transfer")   # tiles S and WW: no icon
        assert s.boards[0].radiation == taken


def test_wasteland_hourglass_is_the_die_table():
    sites = ((5, 8, 9), (7, 10), (0, 1), (2, 3), (4, 6))                 # a Wrench at the Wasteland
    for table, got in ((data.WASTELAND_HOURGLASS, 1), ((1, 2, 2, 3, 3, 4), 2)):
        s = at_step(position(sites=sites, options={"wasteland_hourglass": table}), "wrench", rover="Wasteland")
        s = go(s, "use_wrench")
        assert [o.get("face") for o, _p in s.chance_outcomes()] == [1, 2, 3, 4, 5, 6]
        assert str(s.chance_outcomes()[1][0]).endswith(f"{got} Hourglass" + ("es" if got > 1 else ""))
        s = chance(s, "wasteland_die", face=2)
        assert s.boards[0].hourglass == got


def test_space_a_and_space_b_are_the_language_requirements_of_level_2_and_3():
    def levels(languages, **options):
        s = with_player(position(options=options), 0, resources=(7, 7, 7, 7), languages=languages)
        return {a.get("level") for a in _kinds(at_step(s, "replicate", rover="Workshop"), "replicate")}
    assert levels((2, 2, 0, 0, 0)) == {1}
    assert levels((2, 2, 0, 0, 0), space_a=2) == {1, 2}
    assert levels((4, 3, 0, 0, 0)) == {1, 2}
    assert levels((4, 3, 0, 0, 0), space_b=4) == {1, 2, 3}
    s = with_player(position(options={"space_b": 4}), 0, languages=(4, 3, 0, 0, 0))
    assert s.edit().give(0, "L3-01", 1).done().boards[0].techs[2] == "L3-01"


def test_display_oxygen_is_added_to_the_price_by_display_space():
    for table, can in ((data.DISPLAY_OXYGEN, False), ((2, 1, 0, 0), True)):
        s = put_in_display(position(options={"display_oxygen": table}), "L1-01", 1)   # costs 1 Fuel, Parts, Plans
        s = at_step(with_player(s, 0, resources=(1, 1, 1, 2)), "replicate", rover="Workshop")
        top = [a for a in _kinds(s, "replicate") if a.get("level") == 1 and a.get("space") == 1]
        assert bool(top) == can
        if can:
            assert "+2 Oxygen" in str(top[0])
            t = s.apply(top[0])
            assert t.boards[0].resources == (0, 0, 0, 0) and "from the +2 Oxygen space" in t.events[0]


def test_deck_oxygen_is_paid_to_take_a_tech_from_a_deck():
    for oxygen, can in ((4, False), (2, True)):
        s = position(options={"deck_oxygen": oxygen})
        s = at_step(with_player(s, 0, resources=(2, 2, 2, 2)), "replicate", rover="Workshop")
        search = [a for a in _kinds(s, "search_deck") if a.get("level") == 1]
        assert bool(search) == can
        if can:
            s = s.apply(search[0])
            take = _kinds(s, "take_from_deck")[0]
            card = s.cards.tech[take.get("card")]
            t = s.apply(take)
            assert t.boards[0].resources[3] == 2 - oxygen - card.cost[3]
            assert f"pays {oxygen} Oxygen" in t.events[0]


def _fourth_tech_turn(**options):
    s = position(options=options)
    for row, cid in enumerate(("L1-01", "L1-02", "L1-03")):
        s = with_tech(s, 0, cid, row)
    s = with_player(s, 0, resources=(7, 7, 7, 7), languages=(3, 3, 0, 0, 0))
    s = at_step(s, "replicate", rover="Workshop")
    s = _settle(s.apply(_kinds(s, "replicate")[0]))
    return go(s, "pass_rover")


def test_end_techs_is_the_number_of_techs_that_ends_the_game():
    s = _fourth_tech_turn(end_techs=4)
    assert s.end_turns == 1 and any("completed a 4th Tech" in e for e in s.events)
    assert roundtrip(s).end_turns == 1
    assert _fourth_tech_turn().end_turns == -1


def _third_language_turn(**options):
    """Player 1, with 3 Level 3 Techs and the orange and green Languages mastered (blue on space 8), deciphers
    at the Dormitory (BR RS: the blue Language is mastered, the 3rd), replicates nothing and passes the Rover."""
    s = position(options=options or None)
    for row, cid in enumerate(("L3-01", "L3-02", "L3-03")):
        s = with_tech(s, 0, cid, row)
    s = with_player(s, 0, languages=(0, 9, 9, 8, 0))
    s = _settle(go(at_step(s, "action", rover="Dormitory"), "decipher"))
    s = _settle(go(s, "skip", step="replicate"))
    return go(s, "pass_rover")


def test_end_languages_is_the_number_of_mastered_languages_that_ends_the_game():
    """Random play never masters a Language early enough: this prepared position is the option's scenario."""
    s = _third_language_turn(end_languages=3)
    assert s.boards[0].languages == (2, 9, 9, 9, 1)
    assert s.end_turns == 1 and any("ends the turn with 3 Languages mastered" in e for e in s.events)
    assert roundtrip(s).end_turns == 1 and roundtrip(s).options.end_languages == 3
    assert "of the 3 that end the game" in s.describe() and "END TRIGGERED" in s.describe()
    default = _third_language_turn()                      # the rulebook's 4: the game goes on
    assert default.boards[0].languages == (2, 9, 9, 9, 1) and default.end_turns == -1
    assert not any("End of the game triggered" in e for e in default.events)
    assert "of the 4 that end the game" in default.describe()
    # the position is checked against its own options: final turns with 3 mastered need the option
    probs = _problems(_with_options(s))
    assert probs and probs[0].startswith("end_turns: 1 final turn left, but the end was not triggered") \
        and "where the end needs 4" in probs[0]
    assert game.from_json(_with_options(s, end_languages=3)) == s
    # the finished game is named by that end
    assert game.end_reason(game.finish(s)) == "four_languages"
    assert game.end_reason(game.finish(default)) is None


# ----- the scoring tables: the final score counts the same position another way -----------------------------------
def _scored(**options):
    """A finished 3-player position: Player 1 with three full rows (same, different, other Classifications),
    tracks 9, 6, 3, 0, 2 and 4 Radiation (the most, tied with Player 2); Player 3 with 1 Radiation."""
    b = position(players=3, options=options or None).edit()
    b.set_player(0, languages=(9, 6, 3, 0, 2), radiation=4)
    for row, ids in enumerate((("L1-01", "L2-01", "L3-01"), ("L1-02", "L2-03", "L3-04"),
                               ("L1-05", "L2-05", "L3-02"))):
        for cid in ids:
            b.give(0, cid, row + 1)
    s = b.set_player(1, radiation=4).set_player(2, radiation=1).done()
    return game.finish(s)


def test_track_pp_is_the_pp_of_the_language_track_spaces():
    from mars_rules.ruins_of_mars.scoring import language_pp
    flat = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10)
    default, variant = _scored(), _scored(track_pp=flat)
    assert default.score().points(0, "Language tracks") == 15 + 6 + 2 + 0 + 1
    assert variant.score().points(0, "Language tracks") == 10 + 6 + 3 + 0 + 2
    assert language_pp(variant.boards[0], variant.options.track_pp) == 21
    assert language_pp(variant.boards[0]) == 24                          # the default table when none is given
    # the greatest PP of a space reached, also when the table falls
    falling = _scored(track_pp=(5, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    assert falling.score().points(0, "Language tracks") == 25
    assert "PP by space: 0, 1, 2, 3, 4, 5, 6, 7, 8, 10." in variant.describe()
    assert "(21 Language PP)" in variant.describe() and "(24 Language PP)" in default.describe()
    assert roundtrip(variant).score() == variant.score() and "track pp 0, 1, 2" in variant.score().variant


def test_row_bonus_is_what_a_full_tech_board_row_scores():
    from mars_rules.ruins_of_mars.scoring import row_bonus as _row_bonus
    assert _scored().score().points(0, "Tech rows") == 9 + 6 + 3
    s = _scored(row_bonus=(12, 6, 0))
    assert s.score().points(0, "Tech rows") == 12 + 6 + 0
    assert [_row_bonus(s, 0, r) for r in range(3)] == [12, 6, 0]
    assert "row 1 (complete: +12 PP)" in s.describe() and "row 3 (complete: +0 PP)" in s.describe()
    assert s.score().points(1, "Tech rows") == 0                            # no full row: nothing, whatever the table
    solo = game.finish(with_player(position(players=["Ada"], options={"row_bonus": [1, 1, 1]}), 0, radiation=0))
    assert solo.options.row_bonus == (1, 1, 1) and solo.score().points(1, "Tech rows") == 0   # the AI: 10 per row


def test_radiation_most_is_the_penalty_per_radiation_of_the_most():
    assert [_scored().score().points(p, "Radiation") for p in range(3)] == [-8, -8, -1]
    s = _scored(radiation_most=3)
    assert [s.score().points(p, "Radiation") for p in range(3)] == [-12, -12, -1]
    assert "Radiation 4 (the most: -3 PP each)" in s.describe()
    calm = game.finish(position(players=2, options={"radiation_most": 5}))       # nobody has Radiation
    assert [calm.score().points(p, "Radiation") for p in range(2)] == [0, 0]
    assert _scored(radiation_most=1).score().totals[0] == _scored().score().totals[0] + 4


def test_the_scoring_tables_change_the_final_score_only():
    for name in ("track_pp", "row_bonus", "radiation_most"):
        example = OPTIONS[name].example
        variant = game.new_game(players=3, seed=5, **{name: example})
        assert _texts(variant, steps=200) == _texts(game.new_game(players=3, seed=5), steps=200), name
        assert OPTIONS.changed(variant.options) == {name: list(example) if isinstance(example, tuple) else example}


# ----- positions are checked against their own options -------------------------------------------------------
def test_a_variant_position_refuses_other_options_only_where_it_is_impossible():
    rich = with_player(position(options={"resource_cap": 10}), 0, fuel=9)
    assert _problems(_with_options(rich)) == ["boards[0].resources.Fuel: 9 is outside 0..7"]
    assert game.from_json(_with_options(rich, resource_cap=9)).boards[0].resources[0] == 9
    modest = with_player(position(options={"resource_cap": 10}), 0, fuel=5)
    assert game.from_json(_with_options(modest)).options == OPTIONS.default           # possible under both
    default = with_player(position(), 0, fuel=6)
    assert _problems(_with_options(default, resource_cap=5)) == ["boards[0].resources.Fuel: 6 is outside 0..5"]

    engineer = position(characters=("Engineer", "Doctor"))
    assert json.loads(engineer.to_json())["options"] == {"kickstarter": True}
    probs = _problems(_with_options(engineer))
    assert len(probs) == 1 and probs[0].startswith('boards[0].character: "Engineer" is not one of') \
        and "need the kickstarter option" in probs[0]

    s = position()
    for row, cid in enumerate(("L1-01", "L1-02", "L1-03")):
        s = with_tech(s, 1, cid, row)                    # Player 2 holds 3 Techs; Player 1 is to move
    assert game.from_json(_with_options(s, end_techs=4)) is not None
    probs = _problems(_with_options(s, end_techs=3))
    assert probs == ["end_turns: null, but Player 2 completed a 3rd Tech on an earlier turn, which triggered the "
                     "end: set it to the final turns still to play"]
    ended = _fourth_tech_turn(end_techs=4)                # the end triggered by a 4th Tech ...
    assert _problems(_with_options(ended))[0].startswith("end_turns: 1 final turn left, but the end was not "
                                                         "triggered (nobody has 9 Techs")


@pytest.mark.parametrize("option", ["transfer_cost", "transfer_wraps", "site_radiation", "wasteland_hourglass",
                                    "display_oxygen", "deck_oxygen", "hourglass", "track_pp", "row_bonus",
                                    "radiation_most"])
def test_options_no_check_depends_on_leave_every_position_loadable_without_them(option):
    s = game.new_game(players=3, seed=6, **{option: OPTIONS[option].example})
    rng = random.Random(6)
    for k in range(240):
        s = s.resolve_chance() if s.to_move == CHANCE else s.apply(rng.choice(s.legal_actions()))
        if k % 40 == 0:
            assert game.from_json(_with_options(s)).options == OPTIONS.default


def test_a_bad_option_in_a_position_is_refused_by_its_path():
    base = game.new_game(players=2, seed=3)
    assert _problems(_with_options(base, end_techs=0)) == ["options.end_techs: 0 is outside 1..9"]
    assert _problems(_with_options(base, site_radiation=[1, 0, 0])) == ["options.site_radiation: has 3 entries, "
                                                                        "expected 5"]
    assert _problems(_with_options(base, kickstarter=1)) == ["options.kickstarter: 1 is not true or false"]
    d = json.loads(base.to_json())
    d["setup"]["characters"] = "draft"
    assert _problems(json.dumps(d)) == ["setup.characters: 'draft' is not one of choose, deal"]


def test_format_1_positions_map_their_options_onto_setup_and_the_record():
    s = game.new_game(players=2, seed=8, characters="deal", hourglass=3, kickstarter=True, end_techs=7)
    old = codec.format_1_dict(s)
    assert old["options"] == {"characters": "deal", "first_player": -1, "hourglass": 3, "kickstarter": True,
                              "solo": False, "end_techs": 7}
    again = game.from_json(json.dumps(old))
    assert again == s and json.loads(again.to_json())["options"] == {"hourglass": 3, "kickstarter": True,
                                                                     "end_techs": 7}
    old["options"]["hourglass"] = 2
    old["options"]["kickstarter"] = False
    del old["options"]["end_techs"]
    assert game.from_json(json.dumps(old)).options == OPTIONS.default
    del old["options"]["solo"]
    assert _problems(json.dumps(old)) == ['options: missing key "solo"']


# ----- caches are keyed by the options they depend on ----------------------------------------------------------
def _texts(s, steps=260, seed=3):
    """Events and the words of every legal action and chance outcome along a random game."""
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if s.is_over:
            break
        if s.to_move == CHANCE:
            out += [str(a) for a, _p in s.chance_outcomes()]
            s = s.resolve_chance()
        else:
            legal = s.legal_actions()
            out += [str(a) for a in legal]
            s = s.apply(legal[rng.randrange(len(legal))])
        out += s.events
    return out


def test_a_variant_played_first_leaves_the_default_games_answers_as_they_were():
    variant = {o.name: o.example for o in OPTIONS}
    alone = _texts(game.new_game(players=2, seed=5))
    mixed = _texts(game.new_game(players=2, seed=5, **variant))
    assert _texts(game.new_game(players=2, seed=5)) == alone and mixed != alone
    # the Wasteland die's outcomes, cached per table: each game reads its own
    sites = ((5, 8, 9), (7, 10), (0, 1), (2, 3), (4, 6))
    for table in ((1, 1, 2, 2, 3, 3), (0, 5, 0, 5, 0, 5), (1, 1, 2, 2, 3, 3)):
        s = at_step(position(sites=sites, options={"wasteland_hourglass": table}), "wrench", rover="Wasteland")
        s = go(s, "use_wrench")
        assert [str(a).split(": ")[-1] for a, _p in s.chance_outcomes()][:2] == \
            [f"{table[0]} Hourglass" + ("es" if table[0] > 1 else ""),
             f"{table[1]} Hourglass" + ("es" if table[1] > 1 else "")]
