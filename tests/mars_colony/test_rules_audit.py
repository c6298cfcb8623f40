"""More scenarios per rulebook section: the corners of the tie-breaks, activity chains, the silo limit,
Magna Scientia through play, the supply rebuild and what each player's view may show."""
from mars_rules.core import CHANCE
from mars_rules.mars_colony import new_game
from mars_rules.mars_colony.data import CONTRACTS, MINE_TILES, POWERED, SLOT_INDEX
from mars_rules.mars_colony.state import capacity, hand_limit, summary

from .helpers import START, act, at, bits, colony, draw_event, has, hands, refused, start

IRON, CARBON, SILICON, WATER, OXYGEN = range(5)
MIL1 = START | bits(("mil", 1))


# ----- Setup -------------------------------------------------------------------------------------
def test_setup_mine_draft_supply_and_snake_order_for_every_table():
    assert MINE_TILES == (4, 3, 3, 3, 3) and sum(MINE_TILES) == 16
    for n in (2, 3, 4):
        s = new_game(players=n, seed=n)
        order = []
        while s.step == "mine_draft":
            order.append(s.to_move)
            s = s.apply(s.legal_actions()[-1])          # always the last type offered (oxygen first)
        assert order == list(range(n)) + list(reversed(range(n)))
        # 3 oxygen tiles only: the fourth pick of a 2-round draft must take something else
        assert sum(c.mines.count(OXYGEN) for c in s.colonies) == 3
        assert tuple(MINE_TILES[m] - sum(c.mines.count(m) for c in s.colonies) for m in range(5)) == s.mine_tiles


# ----- 1) Event: a) Conflicts ------------------------------------------------------------------------
def test_event_conflicts_the_card_taken_is_hidden_from_the_other_players():
    s = start(3, seed=5)
    s = (s.edit().build("Ada", "comm", 1).unstaff("Ada", "mine2").staff("Ada", "comm1")
         .hand("Ada", "").hand("Bo", "WW").hand("Cy", "I").done())
    assert s.colonies[0].housed == 3
    s = act(draw_event(s, "minor_comm"), "choose_rival", rival=1)     # Bo has no module: Ada wins
    assert s.step == "event_take" and s.to_move == CHANCE
    t = s.resolve_chance()
    assert t.colonies[0].hand == (0, 0, 0, 1, 0) and t.colonies[1].hand == (0, 0, 0, 1, 0)
    # Cy sees that a card changed hands, not which one; Ada sees it in her own hand
    cy = t.view(2)
    assert any("takes a random card" in e for e in cy.events)
    assert not any("water" in e for e in cy.events)
    assert cy.colonies[0].hand == (0, 0, 0, 0, 0) and cy.masked[0] == (1, 1, 1)
    assert t.view(0).colonies[0].hand == (0, 0, 0, 1, 0)


def test_event_conflicts_the_rival_need_not_meet_the_prerequisite_and_can_win():
    # ASSUMED reading: only the drawer needs the prerequisite; the rival with more modules wins
    s = start(2, seed=5)
    s = (s.edit().build("Ada", "comm", 1).staff("Ada", "comm1")
         .build("Bo", "comm", 2).unstaff("Bo", "mine1", "mine2").staff("Bo", "comm1", "comm2")   # energy 4 of 5
         .hand("Ada", "C").hand("Bo", "").done())
    t = act(draw_event(s, "minor_comm"), "choose_rival", rival=1)
    assert any("Bo wins the conflict" in e for e in t.events)
    t = t.resolve_chance()
    assert t.colonies[1].hand == (0, 1, 0, 0, 0) and t.colonies[0].hand == (0, 0, 0, 0, 0)


def test_event_conflicts_both_with_a_benefit_go_on_to_the_colonists():
    s = start(2, seed=5)
    s = colony(s, 0, comm=1, staff=START | bits(("comm", 1)), housed=2, played=("comm_benefit",))
    s = colony(s, 1, comm=1, staff=START | bits(("comm", 1)), housed=3, played=("comm_benefit2",))
    t = act(draw_event(s, "minor_comm"), "choose_rival", rival=1)
    assert any("several have an R&D benefit" in e for e in t.events)
    assert any("Bo wins the conflict" in e for e in t.events)
    # a benefit in another field does not count
    u = colony(s, 1, played=("mil_benefit",))
    u = act(draw_event(u, "minor_comm"), "choose_rival", rival=1)
    assert any("Ada wins the conflict" in e for e in u.events)


# ----- 1) Event: b) Supremacies ------------------------------------------------------------------------
def test_event_supremacies_resolved_among_all_players_with_the_tie_break_chain():
    s = start(3, seed=4)
    # the drawer (Ada) meets no prerequisite: a supremacy is still resolved if anyone meets it
    s = colony(s, 2, mil=1, staff=MIL1)
    t = draw_event(s, "mil_supremacy")
    assert t.colonies[2].supremacies == ("mil_supremacy",) and t.colonies[0].supremacies == ()
    # Bo and Cy tie on bases; Cy's R&D benefit in the military field decides, whatever the colonists
    s = colony(colony(s, 1, mil=1, staff=MIL1, housed=3), 2, housed=1, played=("mil_benefit",))
    t = draw_event(s, "mil_supremacy")
    assert t.colonies[2].supremacies == ("mil_supremacy",) and any("R&D benefit" in e for e in t.events)
    # no benefit: more colonists in the habitats
    u = colony(s, 2, played=())
    u = draw_event(u, "mil_supremacy")
    assert u.colonies[1].supremacies == ("mil_supremacy",)
    assert any("colonists in habitats: Bo 3, Cy 1" in e for e in u.events)
    # the held card stays out of the discard pile; a discarded supremacy goes to it
    i = [c.id for c in s.cards.events].index("mil_supremacy")
    assert u.event_discard[i] == s.event_discard[i]
    v = draw_event(colony(colony(s, 2, played=(), housed=3), 1, housed=3), "mil_supremacy")
    assert not any(c.supremacies for c in v.colonies) and v.event_discard[i] == s.event_discard[i] + 1


def test_event_contested_supremacy_when_the_holder_is_outnumbered():
    s = start(3, seed=4)
    s = colony(s, 2, supremacies=("mil_supremacy",))               # Cy holds it, no base active now
    s = colony(s, 0, mil=1, staff=MIL1, housed=3)
    s = colony(s, 1, mil=1, staff=MIL1, housed=3)
    # Ada and Bo tie all the way down: nobody beats the holder, who keeps it
    t = act(draw_event(s, "contested"), "contest", holder=2, card="mil_supremacy")
    assert t.colonies[2].supremacies == ("mil_supremacy",) and any("Cy keeps it" in e for e in t.events)
    # Bo's R&D benefit breaks the tie between the top players: Bo takes the card and its VP
    u = colony(s, 1, played=("mil_benefit",))
    u = act(draw_event(u, "contested"), "contest", holder=2, card="mil_supremacy")
    assert u.colonies[1].supremacies == ("mil_supremacy",) and u.colonies[2].supremacies == ()
    assert u.score().points(1, "Supremacies") == 1 and u.score().points(2, "Supremacies") == 0
    # the Contested Supremacy card itself is discarded
    i = [c.id for c in s.cards.events].index("contested")
    assert u.event_discard[i] == s.event_discard[i] + 1
    # with no supremacy held anywhere, the card is simply discarded
    w = draw_event(colony(s, 2, supremacies=()), "contested")
    assert w.step != "event_choice" and any("No supremacy is held" in e for e in w.events)


# ----- Military attack ------------------------------------------------------------------------------
def test_military_attack_the_defender_can_win_and_an_empty_hand_gives_nothing():
    s = start(2, seed=6)
    s = (s.edit().build("Ada", "mil", 1).staff("Ada", "mil1")
         .build("Bo", "mil", 2).unstaff("Bo", "mine1", "mine2").staff("Bo", "mil1", "mil2")      # energy 4 of 5
         .hand("Ada", "S").hand("Bo", "").done())
    t = act(draw_event(s, "calm"), "attack", rival=1)
    assert any("Bo wins and takes a random card from Ada" in e for e in t.events)
    t = t.resolve_chance()
    assert t.colonies[1].hand == (0, 0, 1, 0, 0) and t.colonies[0].hand == (0, 0, 0, 0, 0)
    assert t.step != "attack"                                           # once per turn
    e = s.edit().build("Bo", "mil", 0).staff("Bo", "mine1", "mine2").done()     # Bo without a base
    e = act(draw_event(e, "calm"), "attack", rival=1)
    assert any("has no card to take" in x for x in e.events) and e.step == "resupply"


# ----- 3) Resupply -------------------------------------------------------------------------------------
def test_resupply_rebuild_takes_only_what_the_reserve_holds():
    s = start(2, seed=9)
    # every card is in the hands or the reserve; the reserve holds only 2 iron
    b = s.edit().hand("Ada", "").hand("Bo", "")
    b.give_cards("Ada", s.supply, pile="supply").take_cards("Ada", s.supply)      # the supply deck to the reserve
    s = (b.hand("Ada", "I" * 10).build("Ada", "R&D centre", 1).staff("Ada", "rnd1")
         .set_turn("Ada", "research").done())
    assert s.supply == (0, 0, 0, 0, 0) and s.reserve == (2, 12, 12, 12, 12)
    t = act(s, "skip_research")
    assert t.supply == (2, 5, 5, 5, 5) and t.reserve == (0, 7, 7, 7, 7)


# ----- 5) Trade ------------------------------------------------------------------------------------------
def test_trade_with_earth_a_spaceport_trades_2_for_1_only_while_active():
    s = at(hands(start(2, seed=3), (3, 0, 0, 0, 0), (0, 0, 0, 0, 0)), "trade")
    port = colony(s, 0, port=1, staff=START | bits(("port", 1)))
    e = refused(port, "earth_trade", give=IRON, get=WATER, count=3)
    assert "Earth takes 2" in e.reason and e.rule == "5) Trade: a) Trade with Earth"
    idle = colony(s, 0, port=1)                                          # built, nobody works it
    assert has(idle, "earth_trade", give=IRON, get=WATER, count=3)
    assert not has(idle, "earth_trade", give=IRON, get=WATER, count=2)


# ----- 6) Construction: f) Trade contracts ----------------------------------------------------------------
def test_construction_trade_contracts_every_ordered_pair_once():
    assert len(CONTRACTS) == len(set(CONTRACTS)) == 20 and all(g != t for g, t in CONTRACTS)
    s = hands(at(start(2, seed=3), "build"), (0, 1, 0, 1, 0), (0, 0, 0, 0, 0))
    s = colony(s, 0, comm=3, staff=START | bits(("comm", 1), ("comm", 2), ("comm", 3)))
    offered = {(a.get("give"), a.get("get")) for a in s.legal_actions() if a.kind == "acquire_contract"}
    assert offered == set(CONTRACTS)
    # unlimited with an active level-3 module: a 5th contract is allowed
    held = tuple(range(4))
    t = act(colony(s, 0, contracts=held), "acquire_contract", give=OXYGEN, get=WATER)
    assert len(t.colonies[0].contracts) == 5
    # the level-2 module allows 4
    two = colony(s, 0, comm=2, staff=START | bits(("comm", 1), ("comm", 2)), contracts=held)
    assert "hold 4 contracts" in refused(two, "acquire_contract", give=OXYGEN, get=WATER).reason


# ----- 7) End of Turn: activity, energy, silos ----------------------------------------------------------
def test_end_of_turn_levels_2_and_3_need_every_lower_level_active():
    s = start(2, seed=3)
    # plants: level 2 works only with levels 0 and 1 working
    c = s.colonies[0]._replace(plants=2, staff=START & ~bits(("plant", 0)) | bits(("plant", 1), ("plant", 2)))
    assert summary(c.staff).active_plants == 1 and capacity(c, s.cards) == 5
    c = c._replace(staff=c.staff | bits(("plant", 0)))
    assert summary(c.staff).active_plants == 3 and capacity(c, s.cards) == 15
    # military: level 3 without level 2 is inactive, and uses no energy
    m = s.colonies[0]._replace(mil=3, staff=START | bits(("mil", 1), ("mil", 3)))
    assert summary(m.staff).mil == 1
    # a level-1 silo does not need the printed level-0 silo
    k = s.colonies[0]._replace(silos=1, staff=START & ~bits(("silo", 0)) | bits(("silo", 1)))
    assert summary(k.staff).new_silos == 1 and summary(k.staff).silo0 == 0


def test_end_of_turn_silo_hand_limit_without_the_level_0_silo():
    # ASSUMED reading of d) Silos: the 4 cards need the active level-0 silo; each active new silo adds 2
    s = hands(at(start(2, seed=3), "move_colonists", task=(0,)), (3, 0, 0, 0, 0), (0, 0, 0, 0, 0))
    s = colony(s, 0, silos=2, plants=1, staff=START | bits(("plant", 1)), housed=2)
    s = act(s, "unstaff", slot=SLOT_INDEX[("silo", 0)])
    s = act(s, "staff", slot=SLOT_INDEX[("silo", 1)])
    s = act(s, "staff", slot=SLOT_INDEX[("silo", 2)])
    # silo 1 works without silo 0, but silo 2 needs every lower level (silo 0 included): 0 + 2
    assert summary(s.colonies[0].staff).new_silos == 1 and hand_limit(s.colonies[0], s.cards) == 2
    t = act(s, "end_moves")
    assert t.step == "discard" and t.colonies[0].vp == 1
    t = act(t, "discard", material=IRON)
    assert t.active == 1 and t.colonies[0].hand == (2, 0, 0, 0, 0)
    # with silo 0 back at work: 4 + 2 + 2
    w = colony(s, 0, staff=s.colonies[0].staff | bits(("silo", 0)), housed=0)
    assert hand_limit(w.colonies[0], w.cards) == 8


def test_end_of_turn_energy_plants_use_none_and_a_new_plant_adds_5():
    s = at(start(2, seed=3), "move_colonists", task=(0,))
    s = colony(s, 0, plants=1, comm=2, habs=(POWERED,), housed=6)
    before = s.colonies[0]
    t = act(s, "staff", slot=SLOT_INDEX[("plant", 1)])
    assert capacity(t.colonies[0], t.cards) == capacity(before, s.cards) + 5
    from mars_rules.mars_colony.state import consumption
    assert consumption(t.colonies[0]) == consumption(before) == 5         # habitat 0 + 1 + silo + 2 mines
    t = act(act(t, "staff", slot=SLOT_INDEX[("comm", 1)]), "staff", slot=SLOT_INDEX[("comm", 2)])
    assert consumption(t.colonies[0]) == 7 <= capacity(t.colonies[0], t.cards) == 10


# ----- 6) h) Magna Scientia ---------------------------------------------------------------------------
def test_rnd_magna_scientia_taken_through_play_and_counted_as_1_vp():
    s = start(2, seed=8)
    s = colony(s, 0, rnd=1, staff=START | bits(("rnd", 1)), housed=2, played=("sci2",))
    s = act(act(draw_event(s, "calm"), "roll_die"), "die", face="rd1")
    t = act(s, "draw_rd", card="sci1")
    assert t.magna == 0 and any("Magna Scientia" in e for e in t.events)
    assert t.score().points(0, "Magna Scientia") == 1
    # Bo reaching 3 as well does not take it; 4 does
    u = colony(t, 1, rnd=1, staff=START | bits(("rnd", 1)), housed=2, played=("sci1", "sci2"))
    u = act(act(act(act(at(u, "move_colonists", 0, task=(0,)), "end_moves"), "reveal_event", card="dust_storm"),
                "roll_die"), "die", face="rd1")
    assert u.active == 1 and u.colonies[0].vp == 2                      # R&D centre + Magna Scientia
    v = act(u, "draw_rd", card="mil_benefit")                            # 3 science points stay at 3
    assert v.magna == 0
    w = act(u, "draw_rd", card="sci1")                                   # 4 against 3
    assert w.magna == 1 and w.score().points(0, "Magna Scientia") == 0


# ----- 1) Event: the deck, and Setup: the length of the game -----------------------------------------
def test_event_deck_reshuffled_from_the_discard_pile_at_the_next_turn():
    s = start(2, seed=3)
    s = colony(s, 0, supremacies=("mil_supremacy",))                      # a held card is not reshuffled
    i = [c.id for c in s.cards.events].index("mil_supremacy")
    s = s._replace(event_deck=(0,) * len(s.event_deck),
                   event_discard=tuple(c.copies - (1 if k == i else 0) for k, c in enumerate(s.cards.events)))
    t = act(at(s, "move_colonists", 1, task=(0,)), "end_moves")
    assert t.active == 0 and t.step == "event" and t.to_move == CHANCE
    assert sum(t.event_deck) == 29 and sum(t.event_discard) == 0 and t.event_deck[i] == 2
    assert any("shuffled into a new deck" in e for e in t.events)


def test_setup_length_of_the_game_is_10_12_or_15():
    import pytest
    assert [new_game(players=2, target=v).target for v in (10, 12, 15)] == [10, 12, 15]
    assert new_game(players=2).target == 12                      # the normal game
    with pytest.raises(ValueError, match="target: 31 is outside 5..30"):   # other targets are house rules
        new_game(players=2, target=31)


# ----- 5) Trade: c) with other colonies ----------------------------------------------------------------
def test_trade_with_other_colonies_needs_the_module_active_this_turn():
    s = at(hands(start(2, seed=3), (2, 0, 0, 0, 0), (0, 0, 0, 1, 0)), "trade")
    idle = colony(s, 0, comm=1)                                          # built, but nobody works it
    e = refused(idle, "start_offer", partner=1)
    assert "active communications module" in e.reason and e.rule == "5) Trade: c) Trade with other colonies"
    # the partner needs no module, and only an active one lets the offer start
    ok = act(colony(s, 0, comm=1, staff=START | bits(("comm", 1))), "start_offer", partner=1)
    assert ok.step == "trade_offer" and ok.colonies[1].comm == 0
    # both sides must hold a card: a partner with an empty hand cannot be asked
    empty = colony(hands(s, (2, 0, 0, 0, 0), (0, 0, 0, 0, 0)), 0, comm=1, staff=START | bits(("comm", 1)))
    assert "at least one card" in refused(empty, "start_offer", partner=1).reason


def test_rnd_die_and_military_attack_need_an_active_installation():
    s = draw_event(start(2, seed=8), "calm")                             # no centre, no base: resupply
    assert s.step == "resupply"
    t = at(s, "trade")
    e = refused(t, "roll_die")
    assert "active R&D centre" in e.reason and e.rule == "6) Construction: h) Research and Development (R&D) centres"
    e = refused(t, "attack", rival=1)
    assert "active military base" in e.reason and e.rule == "6) Construction: g) Military bases"
    # built but not staffed is not enough
    idle = colony(t, 0, rnd=1, mil=1)
    assert "active R&D centre" in refused(idle, "roll_die").reason
    # with the centre active, the refusal names the step instead
    on = colony(t, 0, rnd=1, staff=START | bits(("rnd", 1)))
    assert "belongs to step research" in refused(on, "roll_die").reason
