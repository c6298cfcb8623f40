"""A slow, obviously correct reference for the legal actions of Mars, written from the rulebook (mars.txt).

`reference_legal(state)` enumerates every action the position's step could take, every kind with every
combination of parameter values from their full domains (every material, seat, card id, installation and
level, slot, habitat, Earth trade count), and keeps those the rulebook allows. It shares no code with the
engine's rules: it reads the State's fields and the data tables (costs, slots, tiles, cards) and works out
what is active, the energy, the hand and contract limits itself. Where the rulebook is silent it follows
the readings of the rules reading (shared/rules/mars.md) and the ASSUMED readings listed in `data.py`; each is named
where it is used. The domains are small enough to enumerate whole (the largest, Earth trades, has
5 x 5 x 6 = 150 values). The one bound: only the seat to move (CHANCE at a chance node) is the actor,
since the rulebook gives each decision to the player whose turn it is (or to the partner answering an
offer, who is then the seat to move); `compare` still checks that another seat's action is refused.

`compare(state)` lists the differences with `legal_actions()` and checks every refused candidate: `apply`
raises IllegalAction with the reason and rule of `_why`, a specific one. `sample_positions(count, seed)`
yields positions from random and greedy play for 2, 3 and 4 players, plus rare positions built with
`state.edit()`.

>>> import mars_rules
>>> s = mars_rules.load("mars_colony").new_game(players=3, seed=1)
>>> sorted(a.get("material") for a in reference_legal(s))      # the mine draft: every tile pile
[0, 1, 2, 3, 4]
>>> compare(s)
[]
"""
from __future__ import annotations

import random
from itertools import islice

import mars_rules
from mars_rules.core import CHANCE, Action
from mars_rules.mars_colony.data import (CONTRACT_LIMITS, CONTRACTS, COSTS, DARK_WAITING, DIE_FACES, KEEPABLE,
                                         MAX_LEVEL, MAX_MINES, POWERED, SLOTS, TILES)
from mars_rules.mars_colony.options import MOST_HABITATS, RATES

from ..refusals import refusal_problem

GAME = mars_rules.load("mars_colony")
TRACKS = ("plant", "silo", "comm", "mil", "rnd", "port")
LEVEL_FIELD = {"plant": "plants", "silo": "silos", "comm": "comm", "mil": "mil", "rnd": "rnd", "port": "port"}
INSTALLATIONS = ("habitat", "mine") + TRACKS


# ----- the colony, read from the rulebook ------------------------------------------------------------
def built(col, slot) -> bool:
    """6) Construction: a slot of data.SLOTS is built (plants and silos have a printed level 0)."""
    track, level = SLOTS[slot]
    if track == "mine":
        return level < len(col.mines)
    have = getattr(col, LEVEL_FIELD[track])
    return level <= have if track in ("plant", "silo") else 1 <= level <= have


def active(col, staff, slot) -> bool:
    """"An installation is not considered active unless there is a colonist in it ... To activate a level 2
    or 3 installation, all installations of the same type at lower levels must be active" (A7)."""
    track, level = SLOTS[slot]
    if not (staff >> slot) & 1 or not built(col, slot):
        return False
    if track == "mine" or level < 2:
        return True
    return all(active(col, staff, j) for j, (t, lv) in enumerate(SLOTS) if t == track and lv < level)


def active_count(col, track, staff=None) -> int:
    staff = col.staff if staff is None else staff
    return sum(active(col, staff, i) for i, (t, _) in enumerate(SLOTS) if t == track)


def card_sum(state, col, effect) -> int:
    """R&D cards "only take effect if they are face up in front of the player"."""
    cards = {c.id: c for c in state.cards.rd1 + state.cards.rd2}
    return sum(cards[cid].value for cid in col.played if cards[cid].effect == effect)


def consumption(col, staff) -> int:
    """c) "Each installation (except the plants themselves) consumes one unit"; habitats "do consume energy"
    (A1: habitat 0 uses 1; A4: a new habitat uses 1 once powered)."""
    workers = sum(active(col, staff, i) for i, (t, _) in enumerate(SLOTS) if t != "plant")
    return 1 + col.habs.count(POWERED) + workers


def capacity(state, col, staff) -> int:
    """c) "Each plant increases maximum energy production by 5 units per turn if it is active" (option
    plant_energy), plus energy R&D cards."""
    return state.options.plant_energy * active_count(col, "plant", staff) + card_sum(state, col, "energy")


def hand_limit(state, col) -> int:
    """d) The level-0 silo keeps 4 "as long as it is active" (A6), "each new active silo" 2 more."""
    silo0 = active(col, col.staff, SLOTS.index(("silo", 0)))
    new = active_count(col, "silo") - silo0
    return state.options.hand_limit * silo0 + state.options.cards_per_silo * new + card_sum(state, col, "hand_limit")


def contract_limit(col):
    """e) no module: 1 contract; level 1: 2; level 2: 4; level 3: unlimited (None): by the highest active level."""
    levels = [lv for i, (t, lv) in enumerate(SLOTS) if t == "comm" and active(col, col.staff, i)]
    return CONTRACT_LIMITS[max(levels, default=0)]


def covers(hand, cost) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def tiles_left(state, track) -> int:
    """Components: the box holds TILES[track] tiles for the whole table."""
    if track == "habitat":
        return TILES["habitat"] - sum(len(c.habs) for c in state.colonies)
    return TILES[track] - sum(getattr(c, LEVEL_FIELD[track]) for c in state.colonies)


def earth_rate(state, col) -> int:
    """5 a) 3 identical cards for 1; i) with a spaceport (active: an inactive installation's "abilities
    cannot be used") 2 instead, as with a Mass driver card (capped at earth_rate, ASSUMED)."""
    port = active(col, col.staff, SLOTS.index(("port", 1)))
    if port or card_sum(state, col, "trade_rate"):
        return min(state.options.spaceport_rate, state.options.earth_rate)
    return state.options.earth_rate


# ----- every candidate ---------------------------------------------------------------------------------
def candidates(state):
    """Every action of every kind with every combination of parameter values from their full domains."""
    n = len(state.players)
    who = state.to_move
    seats, mats = range(n), range(5)
    card_ids = [c.id for c in state.cards.events + state.cards.rd1 + state.cards.rd2]
    pairs = [(g, t) for g in mats for t in mats]
    doms = {
        "choose_mine": [{"material": m} for m in mats],
        "choose_rival": [{"rival": q} for q in seats], "attack": [{"rival": q} for q in seats],
        "contest": [{"holder": q, "card": c} for q in seats for c in card_ids],
        "take_reserve": [{"material": m} for m in mats],
        "play_card": [{"card": c, "material": m} for c in card_ids for m in range(-1, 5)],
        "keep_card": [{"card": c} for c in card_ids],
        "earth_trade": [{"give": g, "get": t, "count": k} for g, t in pairs for k in RATES],
        "contract_trade": [{"give": g, "get": t} for g, t in pairs],
        "start_offer": [{"partner": q} for q in seats],
        "offer_give": [{"material": m} for m in mats], "offer_ask": [{"material": m} for m in mats],
        "build": [{"installation": w, "level": k} for w in INSTALLATIONS for k in range(MOST_HABITATS + 1)],
        "acquire_contract": [{"give": g, "get": t} for g, t in pairs],
        "cancel_contract": [{"give": g, "get": t} for g, t in pairs],
        "return_contract": [{"give": g, "get": t} for g, t in pairs],
        "staff": [{"slot": i} for i in range(len(SLOTS))], "unstaff": [{"slot": i} for i in range(len(SLOTS))],
        "power_habitat": [{"habitat": k, "waiting": w} for k in range(MOST_HABITATS) for w in (0, 1)],
        "discard": [{"material": m} for m in mats],
    }
    for kind in ("no_attack", "roll_die", "skip_research", "end_trade", "send_offer", "withdraw_offer",
                 "accept_offer", "refuse_offer", "end_construction", "end_moves"):
        doms[kind] = [{}]
    chance = {
        "deal": [{"seat": q, "material": m} for q in seats for m in mats],
        "supply_card": [{"seat": q, "material": m} for q in seats for m in mats],
        "reveal_event": [{"card": c} for c in card_ids], "draw_rd": [{"card": c} for c in card_ids],
        "take_card": [{"material": m} for m in mats], "resupply": [{"material": m} for m in mats],
        "die": [{"face": f} for f in DIE_FACES],
    }
    for table, player in ((doms, who), (chance, CHANCE)):
        for kind, params in table.items():
            for p in params:
                yield Action(kind, player, p)


def reference_legal(state) -> list:
    """The candidates the rulebook allows here."""
    if state.to_move is None:
        return []
    return [a for a in candidates(state) if allowed(state, a)]


def allowed(state, a) -> bool:
    step = state.step
    if state.to_move == CHANCE:
        return a.player == CHANCE and chance_allowed(state, a)
    if a.player != state.to_move:
        return False
    rule = DECISIONS.get(step)
    return rule is not None and rule(state, a)


# ----- chance ------------------------------------------------------------------------------------------
def chance_allowed(state, a) -> bool:
    """A card can be drawn from a pile only while the pile holds a copy; the die shows a face it has."""
    k, step, get = a.kind, state.step, a.get
    if step == "deal" and k == "deal":
        # Setup: "Each player draws 4 cards from this supply deck": the first seat short of its hand draws
        short = [q for q, c in enumerate(state.colonies) if sum(c.hand) < state.options.start_hand]
        return bool(short) and get("seat") == short[0] and state.supply[get("material")] > 0
    if step == "event" and k == "reveal_event":
        ids = [c.id for c in state.cards.events]
        return get("card") in ids and state.event_deck[ids.index(get("card"))] > 0
    if step in ("event_take", "attack_take") and k == "take_card":
        loser = state.task[1]        # the loser of the conflict or attack just resolved
        return state.colonies[loser].hand[get("material")] > 0
    if step == "supply_draw" and k == "supply_card":
        return get("seat") == state.task[1] and state.supply[get("material")] > 0
    if step == "research_die" and k == "die":
        return state.cards.die[DIE_FACES.index(get("face"))] > 0
    if step == "research_draw" and k == "draw_rd":
        deck = state.task[0]
        ids = [c.id for c in getattr(state.cards, deck)]
        return get("card") in ids and getattr(state, deck + "_deck")[ids.index(get("card"))] > 0
    if step == "resupply" and k == "resupply":
        return state.supply[get("material")] > 0
    return False


# ----- decisions, step by step ----------------------------------------------------------------------
def mine_draft(state, a):
    """Setup: "each player chooses 2 mines" from the tiles left (4 iron, 3 of each other)."""
    return a.kind == "choose_mine" and state.mine_tiles[a.get("material")] > 0


def event_choice(state, a):
    """1) Event: a conflict's drawer "choose[s] another player"; Contested Supremacy re-assesses a supremacy
    someone holds (G11); a Deposit takes a reserve card of one's choice (G1)."""
    card = next(c for c in state.cards.events if c.id == state.card)
    me = state.to_move
    if card.type == "conflict":
        return a.kind == "choose_rival" and a.get("rival") != me
    if card.type == "contested":
        return a.kind == "contest" and a.get("card") in state.colonies[a.get("holder")].supremacies
    if card.type == "deposit":
        return a.kind == "take_reserve" and state.reserve[a.get("material")] > 0
    return False


def attack(state, a):
    """g) "after drawing the event card, you may start a military conflict against another player" (A3:
    with an active military base)."""
    me = state.to_move
    if not active_count(state.colonies[me], "mil"):
        return False
    return a.kind == "no_attack" or (a.kind == "attack" and a.get("rival") != me)


def research(state, a):
    """2) "If the player has an active research and development centre, they may roll the R&D die"."""
    return a.kind in ("roll_die", "skip_research") and active_count(state.colonies[state.to_move], "rnd") > 0


def play_ways(state, cid, a) -> bool:
    """A keepable card played: Prospecting names a material the reserve has; the others name none (-1)."""
    card = next(c for c in state.cards.rd1 + state.cards.rd2 if c.id == cid)
    if card.effect not in KEEPABLE or a.get("card") != cid:
        return False
    if card.effect == "prospecting":
        return a.get("material") in range(5) and state.reserve[a.get("material")] > 0
    return a.get("material") == -1


def research_keep(state, a):
    """2) "some can be kept in the player's hand and played later": the card just drawn is played or kept."""
    if a.kind == "keep_card":
        return a.get("card") == state.card
    return a.kind == "play_card" and play_ways(state, state.card, a)


def play_kept(state, a) -> bool:
    """Kept cards are played in one's trade or construction phase (ASSUMED reading, data.py)."""
    return a.get("card") in state.colonies[state.to_move].kept and play_ways(state, a.get("card"), a)


def trade(state, a):
    """5) Trade: with Earth, through contracts, with other colonies; kept R&D cards."""
    me = state.to_move
    col = state.colonies[me]
    k, get = a.kind, a.get
    if k == "earth_trade":
        # "Three identical raw material cards may be exchanged for one raw material card of your choice,
        # drawn from the reserve": an exchange gets a different material (the same one is no exchange)
        g, t = get("give"), get("get")
        rate = earth_rate(state, col)
        return g != t and get("count") == rate and col.hand[g] >= rate and state.reserve[t] > 0
    if k == "contract_trade":
        # b) only the direction printed on a contract held; 1 for 1 (G8), from the reserve
        g, t = get("give"), get("get")
        return (g, t) in CONTRACTS and CONTRACTS.index((g, t)) in col.contracts and col.hand[g] > 0 \
            and state.reserve[t] > 0
    if k == "start_offer":
        # c) "the player must have an active communications module that turn"; "Cards may never be given
        # away. There must always be a minimum return of one card": both sides hold a card; at most
        # max_offers offers a turn (ASSUMED safeguard)
        q = get("partner")
        return (q != me and active_count(col, "comm") > 0 and state.offers < state.options.max_offers
                and sum(col.hand) > 0 and sum(state.colonies[q].hand) > 0)
    if k == "play_card":
        return play_kept(state, a)
    return k == "end_trade"


def trade_offer(state, a):
    """c) An offer is built a card at a time. Giving and asking the same material would only cancel out
    (the net exchange is what changes hands), so a material is either given or asked; what is asked is at
    most what the partner holds in all (a hand's size is public); it is sent once it gives and asks a card."""
    q, give, ask = state.offer
    hand = state.colonies[state.to_move].hand
    m = a.get("material")
    if a.kind == "offer_give":
        return hand[m] > give[m] and not ask[m]
    if a.kind == "offer_ask":
        return not give[m] and sum(ask) < sum(state.colonies[q].hand)
    if a.kind == "send_offer":
        return sum(give) > 0 and sum(ask) > 0
    return a.kind == "withdraw_offer"


def trade_reply(state, a):
    """c) The partner accepts only with every card asked in hand; refusing is always possible."""
    q, give, ask = state.offer
    if a.kind == "accept_offer":
        return covers(state.colonies[q].hand, ask) and covers(state.colonies[state.active].hand, give)
    return a.kind == "refuse_offer"


def build(state, a):
    """6) Construction: pay the printed cost; "You must always have a building of the previous level";
    mines at most 4 (b); habitats one per space (max_habitats, ASSUMED); the tiles in the box; contracts."""
    me = state.to_move
    col = state.colonies[me]
    k, get = a.kind, a.get
    if k == "build":
        w, level = get("installation"), get("level")
        if w == "habitat":
            return (level == len(col.habs) + 1 and len(col.habs) < state.options.max_habitats
                    and covers(col.hand, COSTS["habitat"][0]) and tiles_left(state, "habitat") > 0)
        if w == "mine":
            return (level in range(5) and len(col.mines) < MAX_MINES and state.mine_tiles[level] > 0
                    and covers(col.hand, COSTS["mine"][0]))
        have = getattr(col, LEVEL_FIELD[w])
        return (1 <= level <= MAX_LEVEL[w] and level == have + 1 and covers(col.hand, COSTS[w][level - 1])
                and tiles_left(state, w) > 0)
    if k == "acquire_contract":
        # f) "only one contract of each type for each possible exchange"; 1 carbon + 1 water; the limit of
        # the active communications modules (A10: checked when acquired)
        pair = (get("give"), get("get"))
        if pair not in CONTRACTS:
            return False
        held = [c for other in state.colonies for c in other.contracts]
        limit = contract_limit(col)
        return (CONTRACTS.index(pair) not in held and covers(col.hand, COSTS["contract"][0])
                and (limit is None or len(col.contracts) < limit))
    if k == "cancel_contract":
        # f) "you may cancel that contract to replace it with a new one" (A10: everyone may)
        pair = (get("give"), get("get"))
        return pair in CONTRACTS and CONTRACTS.index(pair) in col.contracts
    if k == "play_card":
        return play_kept(state, a)
    return k == "end_construction"


def move_colonists(state, a):
    """7) "Colonists may move from a habitat to an inactive installation ... or to a habitat", one at a
    time (a move between installations passes through the habitats), never twice on the same slot in a
    turn (ASSUMED, data.py); "You may not activate more installations than your maximum energy production
    allows"; a dark habitat is powered with 1 spare energy, its waiting colonists move in (A4)."""
    col = state.colonies[state.to_move]
    moved = state.task[0] if state.task else 0
    staff = col.staff
    k = a.kind
    if k in ("staff", "unstaff"):
        i = a.get("slot")
        if (moved >> i) & 1 or not built(col, i):
            return False
        on = (staff >> i) & 1
        if k == "staff":
            after = staff | (1 << i)
            return not on and col.housed > 0 and consumption(col, after) <= capacity(state, col, after)
        after = staff & ~(1 << i)
        return bool(on) and consumption(col, after) <= capacity(state, col, after)
    if k == "power_habitat":
        h = a.get("habitat")
        return (h < len(col.habs) and col.habs[h] != POWERED and a.get("waiting") == (col.habs[h] == DARK_WAITING)
                and consumption(col, staff) + 1 <= capacity(state, col, staff))
    return k == "end_moves" and consumption(col, staff) <= capacity(state, col, staff)


def discard(state, a):
    """7) "If the capacity of your silos has been exceeded, you must discard the surplus cards" (the player
    chooses, G10); contracts above the limit are given back (A10)."""
    col = state.colonies[state.to_move]
    if a.kind == "discard":
        return sum(col.hand) > hand_limit(state, col) and col.hand[a.get("material")] > 0
    if a.kind == "return_contract":
        pair = (a.get("give"), a.get("get"))
        limit = contract_limit(col)
        return (limit is not None and len(col.contracts) > limit and pair in CONTRACTS
                and CONTRACTS.index(pair) in col.contracts)
    return False


DECISIONS = {"mine_draft": mine_draft, "event_choice": event_choice, "attack": attack, "research": research,
             "research_keep": research_keep, "trade": trade, "trade_offer": trade_offer, "trade_reply": trade_reply,
             "build": build, "move_colonists": move_colonists, "discard": discard}


# ----- the comparison -------------------------------------------------------------------------------
def compare(state) -> list:
    """The differences between `legal_actions()` and the reference, and every refused candidate whose
    IllegalAction is not `_why`'s specific reason; each message holds the position's JSON."""
    pool = list(candidates(state))
    keys = [a.key() for a in pool]
    ref = {k for a, k in zip(pool, keys) if allowed(state, a)}
    eng = {a.key(): a for a in state.legal_actions()}
    out = [f"engine offers {eng[k]!r}, the rules forbid it" for k in sorted(eng.keys() - ref, key=repr)]
    out += [f"engine misses {k!r}, the rules allow it" for k in sorted(ref - eng.keys(), key=repr)]
    others = [q for q in range(len(state.players)) if q != state.to_move]
    wrong_player = [Action(a.kind, others[0], a.items) for a in state.legal_actions()[:1]
                    if isinstance(state.to_move, int) and others]
    out += list(filter(None, (refusal_problem(state, a)
                              for a in [a for a, k in zip(pool, keys) if k not in ref] + wrong_player)))
    return [f"{line}\nposition: {state.to_json()}" for line in out]


# ----- positions --------------------------------------------------------------------------------------
VARIANTS = ({}, {"target": 5, "max_habitats": 6}, {"earth_rate": 2, "spaceport_rate": 1},
            {"max_habitats": 0, "max_offers": 0}, {"plant_energy": 4, "hand_limit": 0, "cards_per_silo": 0})


def play_positions(rng, players, greedy, options, keep):
    """Positions of one game from random (or greedy) play, each kept with probability `keep`, and its end."""
    s = GAME.new_game(players=players, seed=rng.randrange(10 ** 6), **options)
    while not s.is_over:
        if rng.random() < keep:
            yield s
        if s.to_move == CHANCE:
            outs = s.chance_outcomes()
            s = s.advance(rng.choices([o for o, _ in outs], [float(w) for _, w in outs])[0])
        elif greedy and rng.random() < 0.9:
            s = s.advance(GAME.greedy(s, rng))
        else:
            s = s.advance(rng.choice(s.legal_actions()))
    yield s


def game_positions(rng, game_no, per_game):
    """`per_game` positions of game number `game_no`: 2, 3, 4 players in turn, random and greedy play in turn,
    the rule variants in turn. A greedy game is played to its end (the game-end trigger), which is kept;
    a random game (which rarely ends before the round limit) is left after `per_game` positions."""
    players, greedy, options = (2, 3, 4)[game_no % 3], game_no % 2 == 1, VARIANTS[game_no % len(VARIANTS)]
    if greedy:
        seen = list(play_positions(rng, players, True, options, keep=0.05))
        return rng.sample(seen[:-1], min(per_game - 1, len(seen) - 1)) + seen[-1:]
    return list(islice(play_positions(rng, players, False, options, keep=0.01), per_game))


def sample_positions(count, seed=0):
    """`count` positions: two thirds from play (`game_positions`, a dozen games at least), one third rare
    positions built from them (`rare_position`, the templates in turn)."""
    rng = random.Random(seed)
    per_game = min(25, max(2, count // 18))
    made = game_no = 0
    while True:
        for s in game_positions(rng, game_no, per_game):
            batch = [s]
            if made % 3 == 2:
                batch.append(rare_position(s, rng, TEMPLATES[made // 3 % len(TEMPLATES)]))
            for one in batch:
                if made == count:
                    return
                yield one
                made += 1
        game_no += 1


# ----- rare positions, built with state.edit() ----------------------------------------------------------
SLOT_NAMES = ("plant0", "plant1", "plant2", "plant3", "silo0", "silo1", "silo2", "silo3", "mine1", "mine2",
              "mine3", "mine4", "comm1", "comm2", "comm3", "mil1", "mil2", "mil3", "rnd1", "rnd2", "port")


def _colony(b, rng, seat):
    """Random levels (tiles permitting), habitats powered, waiting or dark, and colonists on random slots."""
    for track in TRACKS:
        b.build(seat, track, rng.randint(0, MAX_LEVEL[track]))
    b.habitats(seat, [rng.choice(("powered", "waiting", "dark")) for _ in range(rng.randint(0, 2))])
    b.colonists(seat, rng.randint(0, 6))
    col = b.state.colonies[seat]
    b.staff(seat, [name for i, name in enumerate(SLOT_NAMES) if rng.random() < 0.5 and built(col, i)])


def _hand(b, rng, seat, most=4):
    b.hand(seat, [rng.randint(0, min(most, b.state.reserve[m] + b.state.colonies[seat].hand[m])) for m in range(5)])


def _empty_reserve(b, rng):
    """A reserve pile (or every pile) goes into a hand: nothing of it to draw."""
    for m in rng.sample(range(5), rng.choice((1, 1, 5))):
        left = b.state.reserve[m]
        b.give_cards(rng.randrange(len(b.state.players)), [left if k == m else 0 for k in range(5)])


def _supremacies(b, rng):
    ids = [c.id for c in b.state.cards.events if c.type == "supremacy"]
    for q in range(len(b.state.players)):
        b.supremacies(q, [c for c in ids if rng.random() < 0.3])


def _contracts(b, rng):
    """Contracts dealt out at random (possibly all 20): over a limit, none left to acquire."""
    pairs = [(g, t) for g in range(5) for t in range(5) if g != t]
    n = len(b.state.players)
    owned = {q: [] for q in range(n)}
    for pair in rng.sample(pairs, rng.choice((3, 8, 20))):
        owned[rng.randrange(n)].append("".join("ICSWO"[m] for m in pair))
    for q, held in owned.items():
        b.contracts(q, held)


TEMPLATES = ("build", "trade", "offer", "reply", "moves", "discard", "conflict", "contested", "deposit",
             "last_event", "last_rd", "last_supply", "keep", "attack")


def rare_position(base, rng, template=None):
    """`base` edited toward a rare case: full hands or empty ones, empty reserve piles, tiles used up,
    contracts all taken or over the limit, conflicts, supremacies, the last card of a pile, energy at the edge.
    Edits the builder refuses are left out (the position stays valid)."""
    template = template or rng.choice(TEMPLATES)
    if base.step in ("mine_draft", "deal") or base.is_over:
        base = GAME.quick_start(len(base.players), seed=rng.randrange(1000))
    n = len(base.players)
    me = rng.randrange(n)
    good = base
    edits = [lambda b: _colony(b, rng, me), lambda b: _hand(b, rng, me, rng.choice((0, 2, 4, 6)))]
    edits += [lambda b, q=q: _colony(b, rng, q) for q in range(n) if q != me and rng.random() < 0.5]
    edits += [lambda b, q=q: _hand(b, rng, q, rng.choice((0, 3))) for q in range(n) if q != me]
    edits += [lambda b: _empty_reserve(b, rng)] * (rng.random() < 0.4)
    edits += [lambda b: _contracts(b, rng)] * (rng.random() < 0.4 or template in ("discard", "build"))
    edits += [lambda b: _supremacies(b, rng)] * (rng.random() < 0.3 or template == "contested")
    edits += [lambda b: b.played(me, rng.sample(["fusion", "compress", "mass_driver", "mil_benefit"],
                                                rng.randint(0, 2)))]
    edits.append(lambda b: _turn(b, rng, me, template))
    for edit in edits:
        b = good.edit()
        edit(b)
        try:
            good = b.done()
        except mars_rules.PositionError:
            continue
    return good


def _turn(b, rng, me, template):
    """Set the step of the template (with its card, offer or moved slots)."""
    s = b.state
    if template in ("build", "trade", "moves", "discard"):
        if template == "discard":
            _hand(b, rng, me, 4)
        if template != "moves":
            b.kept(me, rng.sample(["emergency", "drone"], rng.randint(0, 2)))
        step = {"moves": "move_colonists"}.get(template, template)
        b.set_turn(me, step)
        if template == "moves":
            b.set(task=(rng.getrandbits(len(SLOTS)) & rng.getrandbits(len(SLOTS)),))
    elif template in ("offer", "reply"):
        q = rng.choice([x for x in range(len(s.players)) if x != me])
        if not active_count(s.colonies[me], "comm"):
            b.build(me, "comm", 1).colonists(me, max(1, s.colonies[me].housed)).staff(me, "comm1")
        hand = s.colonies[me].hand
        give = tuple(rng.randint(0, h) for h in hand)
        ask = [0] * 5
        least = 1 if template == "reply" else 0          # a sent offer asks at least one card
        for _ in range(rng.randint(least, max(least, sum(s.colonies[q].hand)))):
            ask[rng.choice([m for m in range(5) if not give[m]] or [0])] += 1
        b.set_turn(me, "trade_offer" if template == "offer" else "trade_reply")
        b.set(offer=(q, give, tuple(ask)), to_move=me if template == "offer" else q)
    elif template in ("conflict", "contested", "deposit"):
        card = {"conflict": rng.choice(["minor_comm", "major_comm", "minor_mil", "major_mil"]),
                "contested": "contested", "deposit": "deposit"}[template]
        b.set_turn(me, "event_choice").resolving(card)
    elif template == "last_event":
        b.event_deck([rng.choice([c.id for c in s.cards.events])]).set_turn(me, "event")
    elif template == "last_rd":
        deck = "rd2" if active_count(s.colonies[me], "rnd") > 1 else "rd1"
        b.rd_deck(deck, [rng.choice([c.id for c in getattr(s.cards, deck)])])
        b.set_turn(me, "research_draw").set(task=(deck,))
    elif template == "last_supply":
        left = [m for m in range(5) for _ in range(s.supply[m])]
        rng.shuffle(left)
        for k, m in enumerate(left[1:]):                # all but one card of the supply deck go to the hands
            b.give_cards(k % len(s.players), [int(x == m) for x in range(5)], pile="supply")
        b.set_turn(me, "resupply")
    elif template == "keep":
        b.set_turn(me, "research_keep").resolving(rng.choice(["emergency", "drone"]))
    else:
        b.build(me, "mil", rng.randint(1, 3)).staff(me, "mil1").set_turn(me, "attack")
