"""The rules reference of Mars (`RULES`): one entry per rulebook section the engine names.

Every refusal (`IllegalAction.rule`), turn step (`TURN_STEPS[*].rule`), score row and the end name a
section of the rulebook; each has an Entry here, in this project's words, stating what the ENGINE does,
the numbers it uses (printed in the rulebook, or ASSUMED here; a rule option is named with its default)
and the coverage items whose notebook cells teach it. Numbers are read from `data` and `OPTIONS`, so
the reference cannot drift from the engine. `tools/make_rules_reference.py` writes it to
docs/rules/mars_colony.md.

>>> RULES.entry("6) Construction: c) Power plants").part
'Installations and their VP'
>>> [n.value for n in RULES.entry("5) Trade: a) Trade with Earth").numbers][:2]
['3 (option `earth_rate`, 2..6)', '2 (option `spaceport_rate`, 1..6; capped at earth_rate, ASSUMED)']
>>> RULES.entry("7) End of Turn").section
'7) End of Turn'
"""
from __future__ import annotations

from mars_rules.core.reference import Entry, Number, RulesReference

from . import data as D
from .options import OPTIONS

__all__ = ["RULES"]


def _item(line: str) -> bool:
    return line.startswith("- ") or (line[:1].isdigit() and line[1:3] == ". ")


def _md(*lines: str) -> str:
    """Markdown from paragraphs and list items ("- …", "1. …"): a blank line between paragraphs and around
    a list, one line per item.

    >>> _md("One.", "- a", "- b", "Two.")
    'One.\\n\\n- a\\n- b\\n\\nTwo.'
    """
    out = ""
    for k, line in enumerate(lines):
        if k:
            out += "\n" if _item(line) and _item(lines[k - 1]) else "\n\n"
        out += line
    return out


def _opt(what: str, name: str, note: str = "") -> Number:
    """A Number that is a rule option: its default, the option's name and range, printed or ASSUMED."""
    o = OPTIONS[name]
    return Number(what, f"{o.default} (option `{name}`, {o.low}..{o.high}{'; ' + note if note else ''})", o.printed)


def _cost(what: str, level: int = 1) -> str:
    """The printed cost of `what` at `level` in words: "1 carbon + 1 water"."""
    cost = D.COSTS[what][level - 1]
    return " + ".join(f"{n} {D.MATERIALS[m]}" for m, n in enumerate(cost) if n)


def _costs(what: str) -> Number:
    levels = len(D.COSTS[what])
    if len(set(D.COSTS[what])) == 1:
        return Number("cost", _cost(what) + (" (every level)" if levels > 1 else ""), True)
    value = "; ".join(f"level {k}: {_cost(what, k)}" for k in range(1, levels + 1))
    return Number("cost", value, True)


def _tiles(what: str) -> Number:
    return Number(f"{D.TRACK_NAMES[what]} tiles in the box (for the whole table)", str(D.TILES[what]), True)


_VP1 = Number("VP while active", "1 each", True)
_CARDS = D.DEFAULT_CARDS
_DIE = ", ".join(f"{face.replace('rd', 'R&D')} {w}" for face, w in zip(D.DIE_FACES, _CARDS.die))
_LIMITS = ", ".join(f"level {k}: {'any number' if n is None else n}" for k, n in enumerate(D.CONTRACT_LIMITS))

SETUP = [
    Entry("Setup", _md(
        "Each player gets a colony board. Seat 0 is the oldest player: they pick first in the draft and play "
        "the first turn; turns then go round the seats in order (clockwise).",
        "- **Mine draft** (step `mine_draft`, a decision): two rounds in snake order (seats 0, 1, …, last, then "
        "last, …, 0). Each pick takes a mine tile of a material the box still has, and a colonist goes onto it "
        "at once.",
        "- **Deal** (step `deal`, chance): the face-down supply deck holds 5 cards of each material; each "
        "player is dealt `start_hand` cards from it, hidden from the others. The remaining raw material cards "
        "lie face up in the reserve, one pile per material.",
        "- Every colony starts with 7 colonists: one each on the level-0 power plant, the level-0 silo and the "
        "two mines, and 3 living in the level-0 habitat. The energy cube starts at 4 (habitat 0, silo 0 and "
        "the two mines; plants use none) and the VP cube at 0.",
        "- The VP that win are the option `target`: the rulebook offers 10 (short), 12 (normal) or 15 (long).",
        "The engine runs the draft before the deal (ASSUMED order: the draft is a decision, the deal is "
        "chance). Choosing a mine outside the draft, or a material whose tiles are gone, is refused here."),
        numbers=(Number("raw material cards", f"{D.CARDS_PER_MATERIAL * 5} ({D.CARDS_PER_MATERIAL} of each of "
                        f"{', '.join(D.MATERIALS)})", True),
                 Number("mine tiles", ", ".join(f"{n} {m}" for m, n in zip(D.MATERIALS, D.MINE_TILES)), True),
                 Number("mines drafted per player", str(D.MINES_IN_DRAFT), True),
                 Number("supply deck", f"{D.SUPPLY_PER_MATERIAL} of each material", True),
                 _opt("starting hand", "start_hand", "the French original: 3"),
                 Number("reserve piles at the start", f"{D.CARDS_PER_MATERIAL - D.SUPPLY_PER_MATERIAL} of each "
                        "material", True),
                 Number("colonists per colony", f"{D.START_COLONISTS}: 4 at work, 3 in habitat 0", True),
                 Number("energy cube / VP cube at the start", "4 / 0", True),
                 _opt("target VP", "target", "10 short, 12 normal, 15 long")),
        teaches=("step:mine_draft", "step:deal", "action:choose_mine", "action:deal"), part="Setup"),
]

TURN = [
    Entry("1) Event", _md(
        "A turn is seven phases, 1) to 7), all played by the active player in this order; then the next seat "
        "takes a turn. Phase 1 draws an event card (step `event`, chance) and applies it at once. Used cards "
        "go to the event discard pile, which is shuffled into a new deck when the deck runs out (supremacy "
        "cards that players hold stay with them).",
        "The rulebook does not list the 30 cards; the engine's illustrative set (ASSUMED, `default_cards.json`; "
        "load your own with `load_cards`) has:",
        "- conflicts, supremacies and Contested supremacy (see *a) Conflicts* and *b) Supremacies*);",
        "- **Rich deposit**: take 1 card of your choice from the reserve (step `event_choice`);",
        "- **Supply ship**: every player, the drawer first, draws 1 card from the supply deck (step "
        "`supply_draw`, chance; an empty deck is first rebuilt as in *3) Resupply*);",
        "- **Dust storm**: no resupply in phase 3 this turn; **Quiet sol**: nothing happens.",
        "After the event a player with an active military base may attack (see *g) Military bases*); then "
        "phase 2 follows. When every event card is held as a supremacy, no event is drawn. Taking a card the "
        "reserve no longer has is refused here."),
        numbers=(Number("event cards", f"{_CARDS.event_count}", True),
                 Number("the mix of the cards", "12 conflicts, 8 supremacies, 2 Contested supremacy, 3 Rich "
                        "deposit, 2 Supply ship, 2 Dust storm, 1 Quiet sol", False),
                 Number("cards a Rich deposit or a Supply ship gives", "1", False)),
        teaches=("step:event", "step:event_choice", "step:supply_draw", "action:reveal_event",
                 "action:take_reserve", "action:supply_card"), part="The turn"),
    Entry("1) Event: a) Conflicts", _md(
        "A conflict card names a field (communications or military) and a prerequisite: an active installation "
        "of a given level in that field. If the drawer lacks it, nothing happens and the card is discarded. "
        "Otherwise the drawer chooses one rival (step `event_choice`; the rival need not meet the prerequisite, "
        "ASSUMED) and the two compare:",
        "- more active installations in the field wins;",
        "- on a tie, the one tied player with a face-up R&D card giving a benefit in that field wins (if both "
        "have one, the tie goes on);",
        "- then the one with more colonists living in habitats wins;",
        "- still tied: nobody wins and the card is discarded.",
        "Either side may win; the card's effect then hits the loser (ASSUMED cards): Minor communications "
        "(level 1) the winner takes 1 random card from the loser's hand; Major communications (level 2) 2 "
        "cards; Minor military (level 1) the loser returns 2 random cards to the reserve; Major military "
        "(level 2) the loser's newest habitat is destroyed with its colonists (habitat 0 never is). "
        "A card taken passes face down (step `event_take`, chance): the log does not name it."),
        numbers=(Number("tie-breaks, in order", "active installations, R&D benefit, colonists in habitats, "
                        "nobody", True),
                 Number("conflict cards", "3 of each of the four kinds", False),
                 Number("cards taken / returned", "minor communications 1, major communications 2, minor "
                        "military 2", False)),
        teaches=("step:event_take", "action:choose_rival", "action:take_card"), part="The turn"),
    Entry("1) Event: b) Supremacies", _md(
        "A supremacy card (military, communications or research in the ASSUMED set, prerequisite: one active "
        "level-1 installation in the field) involves every player. If nobody meets the prerequisite it is "
        "discarded. Otherwise all players are compared as in a conflict (most active installations, then an "
        "R&D benefit in the field, then colonists in habitats): the winner keeps the card face up and scores "
        "1 VP for each supremacy held (score row *Supremacies*); if the tie stands, nobody holds it.",
        "**Contested supremacy**: the drawer picks one supremacy card that someone holds (step "
        "`event_choice`) and it is assessed again among all players. A holder who is among those with the "
        "most active installations keeps it; otherwise the tie-breaks run among the leaders and the winner "
        "takes the card (with its VP) from the holder, and if they stay tied the holder keeps it. With no "
        "supremacy held, the card is simply discarded."),
        numbers=(Number("VP per supremacy held", "1", False),
                 Number("supremacy cards", "3 military, 3 communications, 2 research; 2 Contested", False),
                 Number("on a tie in a Contested supremacy", "the holder keeps the card", True)),
        teaches=("action:contest", "score:supremacies"), part="The turn"),
    Entry("2) R&D", _md(
        "Only with an active R&D centre: the player rolls the R&D die or skips (step `research`); without "
        "one the phase passes. The die (chance): **R&D1** draws an R&D1 card; **R&D2** draws an R&D2 card "
        "only with an active level-2 centre, otherwise nothing; **blank** nothing. A rolled card is always "
        "drawn (ASSUMED); an empty deck is reshuffled from its discard pile.",
        "Most cards go face up in front of the player at once and work while there (ASSUMED set): science "
        "points (towards Magna Scientia), a benefit in a field (conflict and supremacy ties), +1 card in "
        "mining, +2 hand limit, +1 VP (score row *R&D cards*), +5 energy capacity, Earth trades at 2 for 1.",
        "Two cards may instead be kept hidden in hand (step `research_keep`): Emergency supply (draw 2 supply "
        "cards) and Prospecting drone (take 2 cards of one material from the reserve). A kept card is played "
        "during its owner's trade or construction phase, then discarded; playing one you do not hold, or at "
        "another time, is refused here."),
        numbers=(Number("R&D1 / R&D2 cards", f"{_CARDS.rd1_count} / {_CARDS.rd2_count}", True),
                 Number("die faces (weights)", _DIE, False),
                 Number("what the cards do", "science 1 or 2; benefit; mining +1; hand limit +2; +1 VP; "
                        "energy +5; Earth 2 for 1; keepable draw 2 / take 2", False)),
        teaches=("step:research", "step:research_die", "step:research_draw", "step:research_keep",
                 "action:roll_die", "action:skip_research", "action:die", "action:draw_rd", "action:play_card",
                 "action:keep_card", "score:r_d_cards"), part="The turn"),
    Entry("3) Resupply", _md(
        "Earth sends the active player one card from the face-down supply deck (step `resupply`, chance). An "
        "empty deck is rebuilt from up to 5 cards of each material taken from the reserve; if no card is left "
        "anywhere, nothing comes. A Dust storm drawn this turn cancels the phase.",),
        numbers=(Number("cards sent", "1 per turn", True),
                 Number("a rebuilt supply deck", f"{D.SUPPLY_PER_MATERIAL} of each material (fewer if the "
                        "reserve is short)", True)),
        teaches=("step:resupply", "action:resupply"), part="The turn"),
    Entry("4) Mining Production", _md(
        "Automatic (step `mining`, no decision): every active mine, one with a colonist, brings one card of "
        "its material from the reserve into the hand; an empty pile gives nothing. A Deep drilling R&D card "
        "adds one more card of the material of the first active mine. Trade follows.",),
        numbers=(Number("cards per active mine", "1", True),),
        teaches=("step:mining",), part="The turn"),
    Entry("5) Trade", _md(
        "In phase 5 of their own turn (step `trade`) the active player may trade as often as they like, in "
        "the three ways below, and play a kept R&D card; *finish trading* (`end_trade`) goes on to "
        "construction. Any trade action outside phase 5 is refused here.",),
        teaches=("step:trade", "action:end_trade"), part="The turn"),
    Entry("5) Trade: a) Trade with Earth", _md(
        "Give the reserve `earth_rate` identical cards and take one card of another material from the "
        "reserve (which must still have one). With an active spaceport, or a Mass driver R&D card face up, "
        "Earth takes `spaceport_rate` (2), but never more than `earth_rate` (an ASSUMED reading). Any other "
        "count, or a hand short of identical cards, is refused.",),
        numbers=(_opt("identical cards for 1", "earth_rate"),
                 _opt("with a spaceport", "spaceport_rate", "capped at earth_rate, ASSUMED")),
        teaches=("action:earth_trade",), part="The turn"),
    Entry("5) Trade: b) Trade contracts", _md(
        "A contract held (see *f) Trade contracts*) exchanges one card of its first material for one of its "
        "second with the reserve, as many times a turn as the hand allows, but never the other way round. "
        "The rulebook gives no rate: the engine uses 1 card for 1 (ASSUMED).",),
        numbers=(Number("rate", "1 for 1", False),),
        teaches=("action:contract_trade",), part="The turn"),
    Entry("5) Trade: c) Trade with other colonies", _md(
        "Needs an active communications module of the active player's own this turn (the partner needs "
        "none). The player starts an offer to another player (both must hold a card: `start_offer`) and builds it "
        "a card at a time: cards given (`offer_give`) and cards asked (`offer_ask`), never one material both "
        "ways, never more cards asked than the partner holds. Sending it (`send_offer`) needs at least one "
        "card each way, since cards are never given away; it can also be withdrawn. The partner accepts "
        "(only when holding every card asked) or refuses (step `trade_reply`). At most `max_offers` offers a "
        "turn (ASSUMED safeguard, so that play ends)."),
        numbers=(Number("cards each way, at least", "1", True),
                 _opt("offers a turn, at most", "max_offers")),
        teaches=("step:trade_offer", "step:trade_reply", "action:start_offer", "action:offer_give",
                 "action:offer_ask", "action:send_offer", "action:withdraw_offer", "action:accept_offer",
                 "action:refuse_offer"), part="The turn"),
    Entry("6) Construction", _md(
        "In phase 6 (step `build`) the active player builds whatever their cards pay for, in any order, then "
        "ends the phase (`end_construction`); a kept R&D card may also be played. The cost of each item "
        "(see its entry below) goes back to the reserve. Levels are built in order (level 2 needs level 1, "
        "level 3 needs level 2), and the tiles in the box limit the whole table. A new installation arrives "
        "without a colonist, so it is inactive until one is moved onto it at the end of the turn. Building "
        "outside phase 6, or something that is not an installation, is refused here.",),
        numbers=tuple(_tiles(w) for w in ("habitat", "plant", "comm", "mil", "rnd", "silo", "port")),
        teaches=("step:build", "action:build", "action:end_construction"), part="The turn"),
    Entry("7) End of Turn", _md(
        "1. **Move colonists** (step `move_colonists`): one at a time, from the habitats onto any built "
        "installation or back. Each installation may gain or lose its colonist once a turn (ASSUMED: moving "
        "it back would only undo the move). Energy used may never exceed the capacity. A dark habitat may be "
        "powered with 1 spare energy, its waiting colonists (if any) moving in.",
        "2. **Recount** (`end_moves`): the energy cube shows the energy used and the VP cube the VP of what is "
        "active now (never carried over from earlier turns): 1 for each powered habitat, new silo, "
        "communications module, military base, R&D centre and spaceport that is active, 1 for each supremacy "
        "held, 1 for Magna Scientia, plus the VP of R&D cards. Plants, mines and the level-0 installations "
        "score nothing.",
        "3. **Limits** (step `discard`): cards above the hand limit go back to the reserve, one at a time, "
        "the player choosing which; contracts above the contract limit are given back the same way.",
        "4. **Victory check** (see *End of the Game*); otherwise the next seat's turn begins.",
        "Moving a colonist outside this phase, or back onto a place it just left, is refused here."),
        numbers=(Number("VP per active scoring installation", "1", True),
                 Number("energy to power a dark habitat", "1", True)),
        teaches=("step:move_colonists", "step:discard", "action:staff", "action:unstaff",
                 "action:power_habitat", "action:end_moves", "action:discard", "action:return_contract"),
        part="The turn"),
]

INSTALLATIONS = [
    Entry("6) Construction: Active or inactive installations", _md(
        "An installation works only while a colonist is on it (habitats need none): without one it has no "
        "effect, scores nothing and uses no energy. A level-2 or level-3 installation is active only when "
        "every lower level of its type is active too (for plants and silos, level 0 included); a staffed level "
        "above an idle one stays inactive. A level-1 power plant or silo works even when its level 0 is idle "
        "(ASSUMED).",
        "Every active installation except the power plants uses 1 energy, and so do habitat 0 and each "
        "powered habitat. Staffing an installation not built, or one that already has its colonist, is "
        "refused here."),
        numbers=(Number("energy per active installation (plants: 0)", "1", True),
                 Number("energy of habitat 0", "1", False)),
        teaches=("action:staff", "action:unstaff"), part="Installations and their VP"),
    Entry("6) Construction: a) Habitats", _md(
        "Besides the printed habitat 0 (room for 7, never destroyed) a colony has `max_habitats` habitat "
        "spaces (ASSUMED), built in order. Built with 1 spare energy, a new habitat is powered at once and 3 "
        "new colonists move in; otherwise it stays dark and its 3 colonists wait until it is powered at the "
        "end of a turn (`power_habitat`). A powered habitat uses 1 energy and scores 1 VP (row *Habitats "
        "(powered)*); a dark one does neither (ASSUMED: VP only while powered).",
        "When a habitat is destroyed or loses power, 3 colonists are lost: those living in habitats first, "
        "then workers in a fixed order (spaceport, R&D centres, military bases, communications modules, "
        "silos, mines, power plants last). If energy then runs short, idle plants are staffed, then "
        "installations switched off, then habitats darkened, losing their colonists (all ASSUMED, so that "
        "no other player's decision is needed)."),
        numbers=(_costs("habitat"), _tiles("habitat"),
                 Number("new colonists", str(D.HABITAT_COLONISTS), True),
                 Number("VP / energy of a powered habitat", "1 / 1", True),
                 _opt("habitat spaces besides habitat 0", "max_habitats"),
                 Number("colonists lost with a habitat", str(D.HABITAT_COLONISTS), True)),
        teaches=("action:build", "action:power_habitat", "score:habitats_powered"), part="Installations and their VP"),
    Entry("6) Construction: b) Mines", _md(
        "A mine of any material costs the same and needs a tile of that material still in the box (the "
        "tiles the draft left). A colony holds at most 4. A new mine is inactive until a colonist works it; "
        "active, it uses 1 energy and yields 1 card a turn in *4) Mining Production*. Mines score no VP.",),
        numbers=(_costs("mine"), Number("mines per colony, at most", str(D.MAX_MINES), True),
                 Number("mine tiles", ", ".join(f"{n} {m}" for m, n in zip(D.MATERIALS, D.MINE_TILES)), True)),
        teaches=("action:build",), part="Installations and their VP"),
    Entry("6) Construction: c) Power plants", _md(
        "New power plants have levels 1 to 3. Each active plant, the printed level 0 included, adds "
        "`plant_energy` to the colony's energy capacity; a Fusion cell R&D card adds 5 more. Plants use no "
        "energy and score no VP.",
        "The energy used may never exceed the capacity: staffing an installation that would go above it, or "
        "taking the colonist off a plant that is needed, is refused here."),
        numbers=(_costs("plant"), _tiles("plant"), _opt("capacity per active plant", "plant_energy"),
                 Number("capacity with all four plants active", f"{4 * D.PLANT_ENERGY}", True)),
        teaches=("action:staff", "action:unstaff"), part="Installations and their VP"),
    Entry("6) Construction: d) Silos", _md(
        "New silos have levels 1 to 3. The hand limit at the end of the turn is `hand_limit` while the "
        "level-0 silo is active, plus `cards_per_silo` for each active new silo, plus 2 for a Compressed "
        "storage R&D card; with no silo active it is 0. A level-1 silo works on its own, levels 2 and 3 need "
        "every lower silo active, level 0 included (ASSUMED). Each active new silo scores 1 VP (silo 0 none).",
        "Extra cards are discarded at the end of the turn (see *7) End of Turn*); kept R&D cards do not count. "
        "Discarding while within the limit, or a card you do not hold, is refused here."),
        numbers=(_costs("silo"), _tiles("silo"), _opt("hand limit with silo 0 active", "hand_limit"),
                 _opt("more per active new silo", "cards_per_silo"), _VP1),
        teaches=("step:discard", "action:discard", "score:silos"), part="Installations and their VP"),
    Entry("6) Construction: e) Communications modules", _md(
        "Levels 1 to 3, built in order. Any active module lets its owner trade with other colonies in their "
        "own phase 5 (see *5) Trade: c) Trade with other colonies*). The highest active level sets how many "
        "trade contracts the colony may hold. Each active module scores 1 VP.",),
        numbers=(_costs("comm"), _tiles("comm"),
                 Number("contracts held, by active level", _LIMITS, True), _VP1),
        teaches=("score:communications", "action:start_offer"), part="Installations and their VP"),
    Entry("6) Construction: f) Trade contracts", _md(
        "There is one contract for each ordered pair of different materials, and each is held by one colony "
        "at most. Acquiring one costs its price and needs room under the contract limit (see *e) "
        "Communications modules*). During construction a held contract may be cancelled (no refund); it is "
        "free for anyone again.",
        "If the limit falls below the contracts held (a module switched off), the extra ones are given back "
        "at the end of the turn, the player choosing which (ASSUMED)."),
        numbers=(Number("contracts", str(len(D.CONTRACTS)), True), _costs("contract"),
                 Number("contracts held, by active communications level", _LIMITS, True)),
        teaches=("action:acquire_contract", "action:cancel_contract", "action:return_contract"),
        part="Installations and their VP"),
    Entry("6) Construction: g) Military bases", _md(
        "Levels 1 to 3, built in order; each active base scores 1 VP.",
        "With at least one active base, a player may attack another colony once a turn, right after the "
        "event (step `attack`), or decline (`no_attack`). It is settled like a military conflict: more active "
        "bases, then a military benefit, then colonists in habitats; a tie that stands changes nothing. The "
        "winner, attacker or defender, takes one random card from the loser's hand, face down (step "
        "`attack_take`; nothing if that hand is empty). ASSUMED: the moment (after the event, before R&D) "
        "and the need for an active base."),
        numbers=(_costs("mil"), _tiles("mil"), Number("cards the winner takes", "1", True),
                 Number("attacks a turn", "1", False), _VP1),
        teaches=("step:attack", "step:attack_take", "action:attack", "action:no_attack", "score:military_bases"),
        part="Installations and their VP"),
    Entry("6) Construction: h) Research and Development (R&D) centres", _md(
        "Levels 1 and 2, built in order. An active centre lets its owner roll the R&D die in phase 2 (see "
        "*2) R&D*); an R&D2 result draws only with the level-2 centre active too. Each active centre scores "
        "1 VP. Rolling without an active centre is refused here.",),
        numbers=(_costs("rnd"), _tiles("rnd"), _VP1),
        teaches=("score:r_d_centres", "action:roll_die"), part="Installations and their VP"),
    Entry("6) Construction: h) Magna Scientia", _md(
        "Science points come only from face-up R&D cards. The first player whose cards reach "
        "`science_for_magna` science points takes the Magna Scientia card, worth 1 VP (row *Magna "
        "Scientia*); it moves to another player only when their points exceed the holder's. The engine checks "
        "this whenever a player lays an R&D card face up.",),
        numbers=(_opt("science points that take it first", "science_for_magna"), Number("VP", "1", True)),
        teaches=("score:magna_scientia",), part="Installations and their VP"),
    Entry("6) Construction: i) Spaceport", _md(
        "One per colony (two tiles for the whole table). While active it scores 1 VP and lowers the Earth "
        "trade to `spaceport_rate` (2) identical cards for 1, never above `earth_rate` (see *5) Trade: a) "
        "Trade with Earth*); like any installation it uses 1 energy.",),
        numbers=(_costs("port"), _tiles("port"), _opt("Earth trade with it (cards for 1)", "spaceport_rate",
                                                       "capped at earth_rate, ASSUMED"),
                 _VP1),
        teaches=("score:spaceport", "action:earth_trade"), part="Installations and their VP"),
]

END = [
    Entry("End of the Game", _md(
        "The game ends the moment a player finishes their own turn (after the recount and the discards) with "
        "at least `target` VP on the track; that player alone wins. No one else can get there at the same "
        "moment, so the score sheet needs no tie-breaker.",
        "Not a rule of the game but an ASSUMED safeguard: after `turn_limit` complete rounds (0: none) the "
        "highest VP on the track wins, and players tied there share the win. Uniformly random play almost "
        "always ends this way. Once the game is over every action is refused here."),
        numbers=(_opt("target VP", "target", "10 short, 12 normal, 15 long"),
                 _opt("round limit", "turn_limit", "not a rule")),
        teaches=("step:game_over", "end:target_vp", "end:round_limit"), part="The end"),
]

ENGINE = [
    Entry("The game contract", _md(
        "Not a rulebook section: the engine's own terms. An action is legal only if it equals one of "
        "`state.legal_actions()` here: the same kind, player and params, compared with their types (1.0 is "
        "not 1). The engine refuses under this name an object that is not an Action, an action kind Mars does "
        "not have, a malformed Action, a chance outcome (a card or a die face) offered where a player must "
        "decide, an action applied to a player's view (`state.view(seat)`) instead of the full state, and a "
        "chance draw where no card or die is pending.",
        "At a chance node (`state.to_move` is CHANCE: a card draw or the die) apply one of the listed "
        "outcomes or call `state.resolve_chance()` (a player's action there is refused under the section of "
        "the step); elsewhere the player named by `state.to_move` decides."),
        part="Using the engine"),
]

RULES = RulesReference("Mars", SETUP + TURN + INSTALLATIONS + END + ENGINE)
"""The rules reference of Mars (see the module docstring); `RULES.entry(rule)` finds a section's entry."""
