"""One scenario per rule of the Mars rulebook, named after its section, with the refusal of each forbidden variant."""
from mars_rules.core import CHANCE
from mars_rules.mars_colony import data, new_game, quick_start
from mars_rules.mars_colony.data import COSTS, CONTRACTS, DARK_WAITING, POWERED, SLOT_INDEX
from mars_rules.mars_colony.state import capacity, colonists, consumption, hand_limit, summary

from .helpers import START, act, at, bits, colony, draw_event, has, hands, refused, start

IRON, CARBON, SILICON, WATER, OXYGEN = range(5)


# ----- Setup -----------------------------------------------------------------------------------
def test_setup_mine_draft_is_two_snake_rounds_from_the_real_supply():
    s = new_game(players=3, seed=2)
    order = []
    while s.step == "mine_draft":
        order.append(s.to_move)
        s = act(s, "choose_mine", material=IRON) if has(s, "choose_mine", material=IRON) else s.apply(
            s.legal_actions()[0])
    assert order == [0, 1, 2, 2, 1, 0]
    # 4 iron tiles: the first four picks took iron, the fifth could not
    assert [c.mines.count(IRON) for c in s.colonies] == [1, 1, 2]
    assert s.mine_tiles[IRON] == 0 and s.step == "deal" and s.to_move == CHANCE


def test_setup_exhausted_mine_type_is_refused():
    s = new_game(players=4, seed=1)
    for _ in range(4):
        s = act(s, "choose_mine", material=IRON)
    e = refused(s, "choose_mine", material=IRON)
    assert "No iron mine tile" in e.reason and e.rule == "Setup"


def test_setup_colonists_energy_hands_and_reserve():
    s = start(4, seed=3)
    assert s.step == "event" and s.active == 0 and s.round == 1
    for c in s.colonies:
        assert c.staff == START and c.housed == 3 and colonists(c) == 7 and c.energy == 4 and c.vp == 0
        assert consumption(c) == 4 and capacity(c, s.cards) == 5 and sum(c.hand) == 4
        assert hand_limit(c, s.cards) == 4
    assert sum(s.supply) == 25 - 16 and s.reserve == (7, 7, 7, 7, 7)
    assert new_game(players=2, seed=1).target == 12
    assert new_game(players=2, seed=1, target=10).target == 10


# ----- 1) Event: a) Conflicts --------------------------------------------------------------------
def comm_pair(s, housed=(4, 3), benefit=()):
    s = colony(s, 0, comm=1, staff=START | bits(("comm", 1)), housed=housed[0], played=benefit)
    return colony(s, 1, comm=1, staff=START | bits(("comm", 1)), housed=housed[1])


def test_event_conflicts_rulebook_example_serge_against_nicolas():
    # 1 communications module each, no R&D benefit, 4 colonists in habitats against 3: Serge wins
    # (the position builder: their mines idle so that 4 and 3 colonists are at home, within the room of habitat 0)
    s = (quick_start(["Serge", "Nicolas"], seed=5).edit()
         .unstaff("Serge", "mine1", "mine2").build("Serge", "comm", 1).staff("Serge", "comm1")
         .unstaff("Nicolas", "mine2").build("Nicolas", "comm", 1).staff("Nicolas", "comm1")
         .hand("Serge", "IC").hand("Nicolas", "SS").done())
    assert [c.housed for c in s.colonies] == [4, 3]
    s = draw_event(s, "minor_comm")
    assert s.step == "event_choice" and s.to_move == 0
    s = act(s, "choose_rival", rival=1)
    assert any("Serge wins the conflict" in e for e in s.events)
    assert any("colonists in habitats: Serge 4, Nicolas 3" in e for e in s.events)
    assert s.step == "event_take" and s.to_move == CHANCE
    assert s.chance_outcomes() == ((s.legal_actions()[0], 1),)   # Nicolas holds only silicon
    s = s.resolve_chance()
    assert s.colonies[0].hand == (1, 1, 1, 0, 0) and s.colonies[1].hand == (0, 0, 1, 0, 0)


def test_event_conflicts_without_prerequisite_the_card_is_discarded():
    s = start(2, seed=5)
    i = [c.id for c in s.cards.events].index("minor_comm")
    s = draw_event(s, "minor_comm")
    assert s.step != "event_choice" and s.event_discard[i] == 1
    assert any("does not meet the prerequisite" in e for e in s.events)


def test_event_conflicts_tie_break_chain():
    s = start(2, seed=5)
    # 1. more active installations wins outright (even with fewer colonists)
    a = colony(comm_pair(s, (1, 5)), 0, comm=2, staff=START | bits(("comm", 1), ("comm", 2)))
    a = act(draw_event(a, "minor_comm"), "choose_rival", rival=1)
    assert any("Ada wins" in e for e in a.events)
    # 2. equal installations: an R&D benefit in the field wins
    b = act(draw_event(comm_pair(s, (1, 5), benefit=("comm_benefit",)), "minor_comm"), "choose_rival", rival=1)
    assert any("R&D benefit" in e for e in b.events) and any("Ada wins" in e for e in b.events)
    # 3. no benefit: more colonists in the habitats
    c = act(draw_event(comm_pair(s, (2, 5)), "minor_comm"), "choose_rival", rival=1)
    assert any("Bo wins" in e for e in c.events)
    # 4. still tied: nobody wins and the card is discarded
    d = act(draw_event(comm_pair(s, (3, 3)), "minor_comm"), "choose_rival", rival=1)
    assert any("nobody wins" in e for e in d.events) and d.step != "event_take"


def test_event_conflicts_choosing_yourself_is_refused():
    s = start(3, seed=5)
    s = draw_event(comm_pair(s), "minor_comm")
    e = refused(s, "choose_rival", rival=0)
    assert "cannot choose yourself" in e.reason and e.rule == "1) Event: a) Conflicts"


def test_event_conflicts_military_losses_and_level_0_never_destroyed():
    s = start(2, seed=5)
    mil = START | bits(("mil", 1), ("mil", 2))
    s = colony(s, 0, mil=2, staff=mil)
    # Bo has no habitat beyond level 0: the major military conflict destroys nothing
    t = act(draw_event(s, "major_mil"), "choose_rival", rival=1)
    assert any("never destroyed" in e for e in t.events) and colonists(t.colonies[1]) == 7
    # Bo has a powered habitat: it is destroyed and 3 colonists are lost
    s2 = colony(s, 1, habs=(POWERED,), housed=6)
    t = act(draw_event(s2, "major_mil"), "choose_rival", rival=1)
    assert t.colonies[1].habs == () and colonists(t.colonies[1]) == 7
    # minor military (default card): the loser returns 2 random cards to the reserve
    s = hands(s, (0, 0, 0, 0, 0), (2, 1, 0, 0, 0))
    t = act(draw_event(s, "minor_mil"), "choose_rival", rival=1)
    assert t.step == "event_take" and t.task == (0, 1, 2, "discard")
    t = t.resolve_chance().resolve_chance()
    assert sum(t.colonies[1].hand) == 1 and t.colonies[0].hand == (0, 0, 0, 0, 0)
    assert sum(t.reserve) == sum(s.reserve) + 2
    # a card set may make the loser lose colonists instead (from the habitats first)
    events = tuple(e._replace(effect="lose_colonists") if e.id == "minor_mil" else e for e in s.cards.events)
    custom = s._replace(cards=s.cards._replace(events=events))
    t = act(draw_event(custom, "minor_mil"), "choose_rival", rival=1)
    assert t.colonies[1].housed == 1 and colonists(t.colonies[1]) == 5


# ----- 1) Event: b) Supremacies --------------------------------------------------------------------
def test_event_supremacies_all_players_and_nobody_meets_it():
    s = start(3, seed=4)
    t = draw_event(s, "mil_supremacy")
    assert any("Nobody meets the prerequisite" in e for e in t.events)
    s = colony(s, 2, mil=1, staff=START | bits(("mil", 1)))
    t = draw_event(s, "mil_supremacy")
    assert t.colonies[2].supremacies == ("mil_supremacy",)
    assert t.score().points(2, "Supremacies") == 1
    # two tied players, no benefit, same colonists: nobody holds it
    s = colony(s, 1, mil=1, staff=START | bits(("mil", 1)))
    t = draw_event(s, "mil_supremacy")
    assert not any(c.supremacies for c in t.colonies)


def test_event_contested_supremacy_holder_keeps_on_tie_and_loses_when_beaten():
    s = start(2, seed=4)
    s = colony(s, 1, mil=1, staff=START | bits(("mil", 1)), supremacies=("mil_supremacy",))
    i = [c.id for c in s.cards.events].index("mil_supremacy")
    s = s._replace(event_deck=tuple(d - (1 if k == i else 0) for k, d in enumerate(s.event_deck)))
    # a tie: Ada also has one active base and more colonists, but Bo keeps the card
    tie = colony(s, 0, mil=1, staff=START | bits(("mil", 1)), housed=3)
    tie = act(draw_event(tie, "contested"), "contest", holder=1, card="mil_supremacy")
    assert tie.colonies[1].supremacies == ("mil_supremacy",) and any("keeps" in e for e in tie.events)
    # Ada has more: she takes the card and Bo loses its VP
    win = colony(s, 0, mil=2, staff=START | bits(("mil", 1), ("mil", 2)))
    win = act(draw_event(win, "contested"), "contest", holder=1, card="mil_supremacy")
    assert win.colonies[0].supremacies == ("mil_supremacy",) and win.colonies[1].supremacies == ()
    assert win.score().points(1, "Supremacies") == 0
    e = refused(draw_event(s, "contested"), "contest", holder=0, card="mil_supremacy")
    assert e.rule == "1) Event: b) Supremacies"


# ----- Military attack -------------------------------------------------------------------------------
def test_military_attack_after_the_event_winner_takes_a_random_card():
    s = start(2, seed=6)
    s = s.edit().build("Ada", "military base", 1).staff("Ada", "mil1").hand("Ada", "").hand("Bo", "CC").done()
    s = draw_event(s, "calm")
    assert s.step == "attack" and has(s, "no_attack")
    e = refused(s, "attack", rival=0)
    assert "yourself" in e.reason and "Military" in e.rule
    s = act(s, "attack", rival=1)
    assert s.step == "attack_take"
    s = s.resolve_chance()
    assert s.colonies[0].hand == (0, 1, 0, 0, 0)
    # without an active military base there is no attack step
    t = draw_event(start(2, seed=6), "calm")
    assert t.step != "attack"


# ----- 2) R&D ----------------------------------------------------------------------------------------
def test_rnd_die_level_2_rule():
    s = start(2, seed=8)
    s = colony(s, 0, rnd=1, staff=START | bits(("rnd", 1)))
    s = draw_event(s, "calm")
    assert s.step == "research"
    s = act(s, "roll_die")
    t = act(s, "die", face="rd2")
    assert any("only a level-1 centre" in e for e in t.events) and t.step != "research_draw"
    s2 = colony(s, 0, rnd=2, staff=START | bits(("rnd", 1), ("rnd", 2)))
    t = act(s2, "die", face="rd2")
    assert t.step == "research_draw" and t.task == ("rd2",)
    t = act(t, "draw_rd", card="vp1")
    assert t.colonies[0].played == ("vp1",)
    t = act(act(s, "die", face="rd1"), "draw_rd", card="emergency")
    assert t.step == "research_keep" and has(t, "keep_card")
    assert t.view(1).card == "" and "Emergency" not in " ".join(t.view(1).events)
    assert t.view(0).card == "emergency"
    kept = act(t, "keep_card", card="emergency")
    assert kept.colonies[0].kept == ("emergency",) and kept.view(1).colonies[0].kept == ()


def test_rnd_magna_scientia_first_to_3_and_passes_only_when_exceeded():
    s = start(2, seed=8)
    s = colony(s, 0, played=("sci2",))
    s = colony(s, 1, played=("sci1",), rnd=1, staff=START | bits(("rnd", 1)))
    from mars_rules.mars_colony.flow import check_magna
    s = colony(s, 0, played=("sci1", "sci2"))
    s = check_magna(s, 0, [])
    assert s.magna == 0
    s = colony(s, 1, played=("sci1", "sci2"))           # 3 against 3: not exceeded
    assert check_magna(s, 1, []).magna == 0
    s = colony(s, 1, played=("sci1", "sci1", "sci2"))   # 4 against 3
    assert check_magna(s, 1, []).magna == 1


# ----- 3) Resupply, 4) Mining --------------------------------------------------------------------------
def test_resupply_rebuilds_the_supply_deck_and_the_event_deck_reshuffles():
    s = start(2, seed=9)
    s = s._replace(supply=(0, 0, 0, 0, 0), reserve=tuple(r + x for r, x in zip(s.reserve, s.supply)))
    s = at(s, "research", 0)
    s = colony(s, 0, rnd=1, staff=START | bits(("rnd", 1)))
    s = act(s, "skip_research")
    assert s.step == "resupply" and sum(s.supply) == 25
    assert any("new one is shuffled" in e for e in s.events)
    ev = s._replace(event_deck=(0,) * len(s.event_deck), event_discard=tuple(c.copies for c in s.cards.events))
    from mars_rules.mars_colony.flow import enter_event
    ev = enter_event(ev, [])
    assert sum(ev.event_deck) == 30 and sum(ev.event_discard) == 0


def test_mining_production_from_active_mines_only():
    s = start(2, seed=9, mines=[(IRON, WATER), (CARBON, OXYGEN)])
    s = colony(s, 0, staff=START & ~bits(("mine", 1)), housed=4)
    s = hands(s, (0, 0, 0, 0, 0), s.colonies[1].hand)
    s = draw_event(s, "dust_storm")
    assert s.step == "trade" and s.colonies[0].hand == (1, 0, 0, 0, 0)


# ----- 5) Trade ---------------------------------------------------------------------------------------
def test_trade_with_earth_3_for_1_and_2_for_1_with_a_spaceport():
    s = at(hands(start(2, seed=3), (3, 0, 0, 0, 2), (0, 0, 0, 0, 0)), "trade")
    e = refused(s, "earth_trade", give=OXYGEN, get=IRON, count=2)
    assert "spaceport" in e.reason and e.rule == "5) Trade: a) Trade with Earth"
    t = act(s, "earth_trade", give=IRON, get=WATER, count=3)
    assert t.colonies[0].hand == (0, 0, 0, 1, 2) and t.reserve[IRON] == s.reserve[IRON] + 3
    port = colony(s, 0, port=1, staff=START | bits(("port", 1)))
    t = act(port, "earth_trade", give=OXYGEN, get=WATER, count=2)
    assert t.colonies[0].hand == (3, 0, 0, 1, 0)


def test_trade_contracts_one_way_any_number_of_times():
    s = at(hands(start(2, seed=3), (0, 0, 3, 0, 0), (0, 0, 0, 0, 0)), "trade")
    s = colony(s, 0, contracts=(CONTRACTS.index((SILICON, IRON)),))
    for _ in range(3):
        s = act(s, "contract_trade", give=SILICON, get=IRON)
    assert s.colonies[0].hand == (3, 0, 0, 0, 0)
    e = refused(s, "contract_trade", give=IRON, get=SILICON)
    assert "one way only" in e.reason and e.rule == "5) Trade: b) Trade contracts"


def test_trade_with_other_colonies_offer_a_card_at_a_time():
    s = at(hands(start(2, seed=3), (2, 0, 0, 0, 0), (0, 0, 0, 1, 0)), "trade")
    e = refused(s, "start_offer", partner=1)
    assert "active communications module" in e.reason
    s = colony(s, 0, comm=1, staff=START | bits(("comm", 1)))
    s = act(s, "start_offer", partner=1)
    assert s.step == "trade_offer"
    s = act(s, "offer_give", material=IRON)
    e = refused(s, "send_offer")
    assert "never given away" in e.reason
    assert not has(s, "offer_ask", material=IRON)             # never X for X
    s = act(s, "offer_ask", material=WATER)
    assert not has(s, "offer_ask", material=OXYGEN)           # Bo holds only 1 card
    r = act(s, "send_offer")
    assert r.to_move == 1 and r.step == "trade_reply"
    no = act(r, "refuse_offer")
    assert no.colonies[0].hand == (2, 0, 0, 0, 0) and no.step == "trade" and no.to_move == 0
    yes = act(r, "accept_offer")
    assert yes.colonies[0].hand == (1, 0, 0, 1, 0) and yes.colonies[1].hand == (1, 0, 0, 0, 0)
    # the offers per turn are limited (ASSUMED), so random play cannot loop forever
    t = yes
    for _ in range(2):
        t = act(act(t, "start_offer", partner=1), "withdraw_offer")
    assert not has(t, "start_offer") and "ASSUMED" in refused(t, "start_offer", partner=1).reason


# ----- 6) Construction -----------------------------------------------------------------------------
def test_construction_printed_costs_of_every_installation_and_level():
    base = at(start(2, seed=3), "build")
    cases = [("habitat", 1, COSTS["habitat"][0]), ("mine", OXYGEN, COSTS["mine"][0]), ("port", 1, COSTS["port"][0])]
    for w in ("plant", "silo", "comm", "mil", "rnd"):
        for lvl in range(1, data.MAX_LEVEL[w] + 1):
            cases.append((w, lvl, COSTS[w][lvl - 1]))
    for what, level, cost in cases:
        field = {"plant": "plants", "silo": "silos"}.get(what, what)
        s = base if what in ("habitat", "mine", "port") or level == 1 else colony(base, 0, **{field: level - 1})
        rich = hands(s, cost, (0, 0, 0, 0, 0))
        poor = hands(s, tuple(max(0, c - (1 if i == cost.index(max(cost)) else 0)) for i, c in enumerate(cost)),
                     (0, 0, 0, 0, 0))
        t = act(rich, "build", installation=what, level=level)
        assert t.colonies[0].hand == (0, 0, 0, 0, 0), what
        assert sum(t.reserve) == sum(rich.reserve) + sum(cost)
        assert not has(poor, "build", installation=what, level=level)
        e = refused(poor, "build", installation=what, level=level)
        assert "costs" in e.reason and e.rule.startswith("6) Construction: "), (what, e.reason)


def test_construction_previous_level_first_and_tile_limits():
    s = hands(at(start(2, seed=3), "build"), (3, 3, 3, 0, 3), (0, 0, 0, 0, 0))
    e = refused(s, "build", installation="comm", level=2)
    assert "level-1 communications module before" in e.reason and e.rule == "6) Construction: e) Communications modules"
    s = colony(s, 0, mines=(0, 1, 2, 3))
    e = refused(s, "build", installation="mine", level=OXYGEN)
    assert "at most 4 mines" in e.reason


def test_construction_habitat_powered_or_dark():
    s = hands(at(start(2, seed=3), "build"), (0, 2, 2, 2, 2), (0, 0, 0, 0, 0))
    t = act(s, "build", installation="habitat", level=1)          # 4 used of 5: powered
    assert t.colonies[0].habs == (POWERED,) and t.colonies[0].housed == 6
    t = act(t, "build", installation="habitat", level=2)          # 5 of 5: dark, colonists wait
    assert t.colonies[0].habs == (POWERED, DARK_WAITING) and t.colonies[0].housed == 6
    t = act(t, "end_construction")
    assert not has(t, "power_habitat")
    t = act(t, "unstaff", slot=SLOT_INDEX[("mine", 0)])            # frees 1 energy
    t = act(t, "power_habitat", habitat=1)
    assert t.colonies[0].habs == (POWERED, POWERED) and colonists(t.colonies[0]) == 13


def test_construction_trade_contracts_limits_one_copy_and_cancel():
    s = hands(at(start(2, seed=3), "build"), (0, 5, 0, 5, 0), (0, 0, 0, 0, 0))
    s = colony(s, 1, contracts=(CONTRACTS.index((IRON, CARBON)),))
    e = refused(s, "acquire_contract", give=IRON, get=CARBON)
    assert "another colony holds it" in e.reason
    s = act(s, "acquire_contract", give=SILICON, get=IRON)
    e = refused(s, "acquire_contract", give=WATER, get=IRON)
    assert "hold 1 contract" in e.reason and e.rule == "6) Construction: f) Trade contracts"
    t = act(act(s, "cancel_contract", give=SILICON, get=IRON), "acquire_contract", give=WATER, get=IRON)
    assert t.colonies[0].contracts == (CONTRACTS.index((WATER, IRON)),)
    from mars_rules.mars_colony.flow import contract_limit
    for level, limit in ((0, 1), (1, 2), (2, 4), (3, None)):
        staff = START | bits(*[("comm", k) for k in range(1, level + 1)])
        assert contract_limit(s.colonies[0]._replace(comm=level, staff=staff)) == limit


# ----- 7) End of Turn --------------------------------------------------------------------------------
def test_end_of_turn_activation_needs_a_colonist_and_lower_levels():
    s = at(start(2, seed=3), "move_colonists", task=(0,))
    s = colony(s, 0, comm=2, plants=1)
    s = act(s, "staff", slot=SLOT_INDEX[("comm", 2)])
    assert summary(s.colonies[0].staff).comm == 0                # level 2 without level 1: inactive
    e = refused(s, "staff", slot=SLOT_INDEX[("comm", 1)])
    assert "energy" in e.reason and e.rule == "6) Construction: c) Power plants"
    s = act(s, "staff", slot=SLOT_INDEX[("plant", 1)])
    s = act(s, "staff", slot=SLOT_INDEX[("comm", 1)])
    assert summary(s.colonies[0].staff).comm == 2
    e = refused(s, "unstaff", slot=SLOT_INDEX[("comm", 1)])
    assert "already moved" in e.reason


def test_end_of_turn_energy_recount_vp_recounted_and_hand_limit():
    s = start(2, seed=3)
    s = colony(s, 0, silos=1, comm=1, staff=START | bits(("silo", 1), ("comm", 1)), housed=1, plants=1)
    s = colony(s, 0, staff=s.colonies[0].staff | bits(("plant", 1)), housed=0)
    s = hands(at(s, "move_colonists", task=(0,)), (3, 3, 1, 0, 0), (0, 0, 0, 0, 0))
    s = act(s, "end_moves")
    c = s.colonies[0]
    assert c.vp == 2 and c.energy == 6 and s.step == "discard"       # limit 4 + 2 = 6, hand 7
    s = act(s, "discard", material=IRON)
    assert s.active == 1 and sum(s.colonies[0].hand) == 6
    # next turn the silo loses its colonist: VP recounted, not accumulated
    t = at(s, "move_colonists", 0, task=(0,))
    t = act(t, "unstaff", slot=SLOT_INDEX[("silo", 1)])
    t = act(t, "end_moves")
    assert t.colonies[0].vp == 1 and t.step == "discard"          # limit back to 4
    e = refused(t, "discard", player=0, material=OXYGEN)
    assert "no oxygen" in e.reason


def test_end_of_turn_no_active_silo_keeps_no_cards():
    s = hands(at(start(2, seed=3), "move_colonists", task=(0,)), (1, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    s = act(s, "unstaff", slot=SLOT_INDEX[("silo", 0)])
    assert hand_limit(s.colonies[0], s.cards) == 0
    s = act(act(s, "end_moves"), "discard", material=IRON)
    assert s.colonies[0].hand == (0, 0, 0, 0, 0)


def test_end_of_turn_habitat_losing_power_loses_its_colonists():
    from mars_rules.mars_colony.flow import fix_power
    s = start(2, seed=3)
    c = s.colonies[0]._replace(habs=(POWERED,), housed=6)           # 5 of 5 used
    c = c._replace(staff=c.staff & ~bits(("plant", 0)))               # the plant loses its worker
    log = []
    fixed = fix_power(c, s.cards, log, "Ada")
    assert consumption(fixed) <= capacity(fixed, s.cards)
    assert fixed.habs == (POWERED,) and any("idle power plant" in e for e in log)   # restaffed first
    # nobody in the habitats: an installation is switched off and its worker runs the plant
    c2 = c._replace(housed=0, staff=c.staff | bits(("comm", 1)), comm=1)
    log = []
    fixed = fix_power(c2, s.cards, log, "Ada")
    assert fixed.habs == (POWERED,) and consumption(fixed) <= capacity(fixed, s.cards)
    assert colonists(fixed) == colonists(c2) and summary(fixed.staff).comm == 0
    # a colony left without any colonist cannot power its habitat: it goes dark
    c3 = c._replace(housed=0, staff=0)
    fixed = fix_power(c3, s.cards, log, "Ada")
    assert fixed.habs == (data.DARK_EMPTY,) and any("loses power" in e for e in log)


# ----- End of the Game ---------------------------------------------------------------------------------
def test_end_of_the_game_at_the_end_of_ones_own_turn():
    s = start(2, seed=3)
    s = s._replace(options=s.options._replace(target=10))
    staff = START | bits(("plant", 1), ("plant", 2), ("silo", 1), ("silo", 2), ("silo", 3), ("comm", 1),
                         ("comm", 2), ("comm", 3), ("mil", 1), ("mil", 2), ("rnd", 1))
    s = colony(s, 1, plants=2, silos=3, comm=3, mil=2, rnd=1, staff=staff, housed=0, habs=(POWERED,))
    assert s.score().totals[1] == 10
    # Bo has 10 VP on the board, but the game goes on until the end of Bo's own turn
    s = at(s, "move_colonists", 0, task=(0,))
    s = act(s, "end_moves")
    assert not s.is_over and s.active == 1
    s = at(s, "move_colonists", 1, task=(0,))
    s = act(s, "end_moves")
    assert s.is_over and s.winners() == (1,) and s.score().final
    e = refused(s, "end_moves", player=1)
    assert e.rule == "End of the Game"


def test_hidden_information_view():
    s = start(3, seed=3)
    v = s.view(1)
    assert v.colonies[1].hand == s.colonies[1].hand
    assert v.colonies[0].hand == (0, 0, 0, 0, 0) and v.masked[0] == (4, 4, 4)
    assert v.legal_actions() == ()
    assert v.rd1_deck == (0,) * len(s.rd1_deck) and v.masked[3] == 15
    assert s.view(None) is s


def test_unknown_and_misplaced_actions_are_refused_with_reasons():
    s = at(start(2, seed=3), "trade")
    assert "no action 'fly'" in refused(s, "fly").reason
    e = refused(s, "build", installation="silo", level=1)
    assert "belongs to step build" in e.reason
    e = refused(s, "end_trade", player=1)
    assert "Ada's decision" in e.reason
    assert "chance outcome" in refused(s, "resupply", player=CHANCE, material=0).reason
    ch = at(s, "event")
    assert "chance node" in refused(ch, "end_trade", player=0).reason
    c = s.apply(s.legal_actions()[-1])
    assert c.step == "build"


# ----- more phases: kept R&D cards, Supply ship, Deposit, contract limit, the safeguard -------------
def test_rnd_kept_card_played_later_during_trade_and_construction():
    s = at(start(2, seed=8), "trade")
    s = colony(s, 0, kept=("drone", "emergency"))
    s = s._replace(rd1_deck=tuple(d - (1 if c.id == "emergency" else 0) for c, d in zip(s.cards.rd1, s.rd1_deck)),
                   rd2_deck=tuple(d - (1 if c.id == "drone" else 0) for c, d in zip(s.cards.rd2, s.rd2_deck)))
    before = sum(s.colonies[0].hand)
    t = act(s, "play_card", card="emergency")
    assert t.step == "supply_draw" and t.to_move == CHANCE
    t = t.resolve_chance().resolve_chance()
    assert t.step == "trade" and t.to_move == 0 and sum(t.colonies[0].hand) == before + 2
    assert t.colonies[0].kept == ("drone",)
    b = act(act(t, "end_trade"), "play_card", card="drone", material=WATER)
    assert b.step == "build" and b.colonies[0].hand[WATER] == t.colonies[0].hand[WATER] + 2
    assert b.colonies[0].kept == () and sum(b.rd2_discard) == 1
    e = refused(b, "play_card", card="drone", material=WATER)
    assert "no kept R&D card" in e.reason


def test_event_supply_ship_and_deposit():
    s = start(3, seed=8)
    t = draw_event(s, "supply_ship", seat=1)
    assert t.step == "supply_draw" and t.task[1:] == (1, 2, 0)
    for _ in range(3):
        t = t.resolve_chance()
    assert [sum(c.hand) for c in t.colonies] == [5, 5, 5]
    d = draw_event(s, "deposit", seat=2)
    d = act(d, "take_reserve", material=OXYGEN)
    assert d.colonies[2].hand[OXYGEN] == s.colonies[2].hand[OXYGEN] + 1


def test_construction_contract_limit_drops_contracts_returned_at_end_of_turn():
    s = start(2, seed=3)
    two = (CONTRACTS.index((IRON, CARBON)), CONTRACTS.index((WATER, OXYGEN)))
    s = colony(s, 0, comm=1, contracts=two)                        # module built but not staffed: limit 1
    s = at(s, "move_colonists", task=(0,))
    s = act(s, "end_moves")
    assert s.step == "discard" and has(s, "return_contract", give=IRON, get=CARBON)
    s = act(s, "return_contract", give=WATER, get=OXYGEN)
    assert s.colonies[0].contracts == (two[0],) and s.active == 1


def test_end_of_the_game_round_limit_safeguard():
    s = start(2, seed=3, turn_limit=1)
    s = colony(s, 0, vp=2)
    s = colony(s, 1, vp=1)
    s = at(s, "move_colonists", 1, task=(0,))
    s = act(s, "end_moves")
    assert s.is_over and s.winners() == (0,) and "ASSUMED" in s.score().tiebreak


def test_more_forbidden_variants_each_with_its_reason():
    s = at(hands(start(2, seed=3), (2, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "trade")
    assert "same material" in refused(s, "earth_trade", give=IRON, get=IRON, count=3).reason
    assert "You have 2 iron cards" in refused(s, "earth_trade", give=IRON, get=WATER, count=3).reason
    s = colony(s, 0, comm=1, staff=START | bits(("comm", 1)))
    r = act(act(act(s, "start_offer", partner=1), "offer_give", material=IRON), "offer_ask", material=WATER)
    r = act(r, "send_offer")
    assert not has(r, "accept_offer")
    assert "do not have all the cards" in refused(r, "accept_offer").reason
    b = at(hands(start(2, seed=3), (0, 1, 1, 1, 1), (0, 0, 0, 0, 0)), "build")
    full = colony(b, 0, habs=(POWERED,) * 4, housed=15)
    assert "4 habitat spaces" in refused(full, "build", installation="habitat", level=5).reason
    used = colony(colony(b, 1, silos=3), 0, silos=3)
    assert "already have a level-3 silo" in refused(used, "build", installation="silo", level=3).reason
    m = at(start(2, seed=3), "move_colonists", task=(0,))
    m = colony(m, 0, habs=(DARK_WAITING,), comm=1, staff=START | bits(("comm", 1)), housed=2)   # 5 of 5 used
    assert "needs 1 spare energy" in refused(m, "power_habitat", habitat=0, waiting=1).reason
    d = at(start(2, seed=3), "move_colonists", task=(0,))
    e = refused(d, "discard", material=IRON)
    assert "belongs to step discard" in e.reason and e.rule == "7) End of Turn"
