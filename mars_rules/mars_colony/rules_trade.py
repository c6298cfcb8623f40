"""5) Trade: with Earth, through contracts, and offers to other colonies built a card at a time."""
from __future__ import annotations

from mars_rules.core import Action

from .data import CONTRACTS, MATERIALS, a_material
from .options import RATES
from .flow import add, add_counts, set_col, sub_counts
from .rules_research import legal_kept
from .state import card_bonus, summary

RULE = "5) Trade"
R_EARTH = "5) Trade: a) Trade with Earth"
R_CONTRACT = "5) Trade: b) Trade contracts"
R_COLONY = "5) Trade: c) Trade with other colonies"
ZERO5 = (0, 0, 0, 0, 0)


def port_rate(rules) -> int:
    """Identical cards Earth takes for one with an active spaceport or a trade-rate R&D card: the option
    `spaceport_rate` (2), capped at the option `earth_rate` (an ASSUMED reading: a spaceport never makes
    Earth dearer)."""
    return min(rules.spaceport_rate, rules.earth_rate)


def earth_rate(s, col):
    """Identical cards Earth takes for one: `port_rate` (2) with an active spaceport or a trade-rate R&D
    card, else the option `earth_rate` (3)."""
    if summary(col.staff).port or card_bonus(col, "trade_rate", s.cards):
        return port_rate(s.options)
    return s.options.earth_rate


def _earth_text(a):
    give, get, n = a[2][0][1], a[2][1][1], a[2][2][1]
    return f"Trade {n} {MATERIALS[give]} cards with Earth for {a_material(get)} card"


def _contract_text(a):
    give, get = a[2][0][1], a[2][1][1]
    return f"Use your {MATERIALS[give]}-to-{MATERIALS[get]} contract: 1 {MATERIALS[give]} for 1 {MATERIALS[get]}"


EARTH = {(p, g, t, n): Action.fast("earth_trade", p, (("give", g), ("get", t), ("count", n)), _earth_text)
         for p in range(4) for g in range(5) for t in range(5) for n in RATES if g != t}
CONTRACT = {(p, g, t): Action.fast("contract_trade", p, (("give", g), ("get", t)), _contract_text)
            for p in range(4) for g, t in CONTRACTS}
END_TRADE = tuple(Action.fast("end_trade", p, (), "Finish trading and go on to construction") for p in range(4))


def legal_trade(s):
    p = s.to_move
    col = s.colonies[p]
    hand, reserve = col.hand, s.reserve
    rate = earth_rate(s, col)
    out = [EARTH[p, g, t, rate] for g in range(5) if hand[g] >= rate for t in range(5) if t != g and reserve[t]]
    for c in col.contracts:
        g, t = CONTRACTS[c]
        if hand[g] and reserve[t]:
            out.append(CONTRACT[p, g, t])
    if summary(col.staff).comm and s.offers < s.options.max_offers and sum(hand):
        for q in range(len(s.players)):
            if q != p and sum(s.colonies[q].hand):
                out.append(Action.fast("start_offer", p, (("partner", q),),
                                       lambda a, n=s.players[q]: f"Start a trade offer to {n}"))
    out.extend(legal_kept(s))
    out.append(END_TRADE[p])
    return tuple(out)


def play_earth(s, a, log):
    g, t, n = a[2][0][1], a[2][1][1], a[2][2][1]
    p = s.active
    col = s.colonies[p]
    hand = add(add(col.hand, g, -n), t)
    s = set_col(s, p, col._replace(hand=hand), reserve=add(add(s.reserve, g, n), t, -1))
    log.append(f"{s.players[p]} trades {n} {MATERIALS[g]} with Earth for 1 {MATERIALS[t]}.")
    return s


def play_contract(s, a, log):
    g, t = a[2][0][1], a[2][1][1]
    p = s.active
    col = s.colonies[p]
    s = set_col(s, p, col._replace(hand=add(add(col.hand, g, -1), t)),
        reserve=add(add(s.reserve, g), t, -1))
    log.append(f"{s.players[p]} uses a contract: 1 {MATERIALS[g]} for 1 {MATERIALS[t]}.")
    return s


def play_start_offer(s, a, log):
    q = a[2][0][1]
    log.append(f"{s.players[s.active]} prepares an offer to {s.players[q]}.")
    return s._replace(step="trade_offer", offer=(q, ZERO5, ZERO5), offers=s.offers + 1)


def _give_text(a):
    m = a[2][0][1]
    return f"Add {a_material(m)} card to what you give"


def _ask_text(a):
    m = a[2][0][1]
    return f"Ask for {a_material(m)} card in return"


GIVE = {(p, m): Action.fast("offer_give", p, (("material", m),), _give_text) for p in range(4) for m in range(5)}
ASK = {(p, m): Action.fast("offer_ask", p, (("material", m),), _ask_text) for p in range(4) for m in range(5)}
SEND = tuple(Action.fast("send_offer", p, (), "Send the offer (the other player accepts or refuses)")
             for p in range(4))
WITHDRAW = tuple(Action.fast("withdraw_offer", p, (), "Withdraw the offer") for p in range(4))


def legal_offer(s):
    p = s.to_move
    q, give, ask = s.offer
    hand = s.colonies[p].hand
    room = sum(s.colonies[q].hand) - sum(ask)
    out = [GIVE[p, m] for m in range(5) if hand[m] > give[m] and not ask[m]]
    if room > 0:
        out += [ASK[p, m] for m in range(5) if not give[m]]
    if sum(give) and sum(ask):
        out.append(SEND[p])
    out.append(WITHDRAW[p])
    return tuple(out)


def play_give(s, a, log):
    q, give, ask = s.offer
    return s._replace(offer=(q, add(give, a[2][0][1]), ask))


def play_ask(s, a, log):
    q, give, ask = s.offer
    return s._replace(offer=(q, give, add(ask, a[2][0][1])))


def words(counts):
    return " + ".join(f"{n} {MATERIALS[m]}" for m, n in enumerate(counts) if n) or "nothing"


def play_send(s, a, log):
    q, give, ask = s.offer
    log.append(f"{s.players[s.active]} offers {words(give)} to {s.players[q]} for {words(ask)}.")
    return s._replace(step="trade_reply", to_move=q)


def play_withdraw(s, a, log):
    log.append(f"{s.players[s.active]} withdraws the offer.")
    return s._replace(step="trade", offer=())


def legal_reply(s):
    q = s.to_move
    _, give, ask = s.offer
    hand = s.colonies[q].hand
    out = []
    if all(h >= n for h, n in zip(hand, ask)):
        out.append(Action.fast("accept_offer", q, (), lambda a: "Accept the offer"))
    out.append(Action.fast("refuse_offer", q, (), "Refuse the offer"))
    return tuple(out)


def play_accept(s, a, log):
    q, give, ask = s.offer
    p = s.active
    cp, cq = s.colonies[p], s.colonies[q]
    s = set_col(s, p, cp._replace(hand=add_counts(sub_counts(cp.hand, give), ask)))
    s = set_col(s, q, cq._replace(hand=add_counts(sub_counts(cq.hand, ask), give)))
    log.append(f"{s.players[q]} accepts: {words(give)} for {words(ask)}.")
    return s._replace(step="trade", to_move=p, offer=())


def play_refuse(s, a, log):
    log.append(f"{s.players[s.to_move]} refuses the offer.")
    return s._replace(step="trade", to_move=s.active, offer=())


def play_end_trade(s, a, log):
    return s._replace(step="build")


def why_trade(s, a):
    k = a.kind
    p = s.to_move
    col = s.colonies[p] if isinstance(p, int) else None
    if s.step not in ("trade", "trade_offer", "trade_reply"):
        return "Trading happens only in phase 5 of your own turn.", RULE
    if k == "earth_trade":
        g, t, n = a.get("give"), a.get("get"), a.get("count")
        if g not in range(5) or t not in range(5):
            return "Name two raw materials (0-4) to trade.", R_EARTH
        if g == t:
            return "Trading cards for the same material gains nothing: choose another material.", R_EARTH
        rate = earth_rate(s, col)
        if n != rate:
            port = port_rate(s.options)
            why = ("" if s.options.earth_rate == port else " (you have an active spaceport or a trade-rate "
                   "card)" if rate == port else f" (you have no active spaceport: {port} for 1 needs one)")
            return f"Earth takes {rate} identical cards for 1{why}.", R_EARTH
        if col.hand[g] < rate:
            return f"You have {col.hand[g]} {MATERIALS[g]} cards; Earth needs {rate} identical ones.", R_EARTH
        return f"The reserve has no {MATERIALS[t]} card left.", R_EARTH
    if k == "contract_trade":
        g, t = a.get("give"), a.get("get")
        if (g, t) not in CONTRACTS or CONTRACTS.index((g, t)) not in col.contracts:
            held = ", ".join(f"{MATERIALS[CONTRACTS[c][0]]}->{MATERIALS[CONTRACTS[c][1]]}" for c in col.contracts)
            return (f"You hold no contract for that exchange (a contract works one way only; yours: "
                    f"{held or 'none'}).", R_CONTRACT)
        if not col.hand[g]:
            return f"You have no {MATERIALS[g]} card to exchange.", R_CONTRACT
        return f"The reserve has no {MATERIALS[t]} card left.", R_CONTRACT
    if k == "start_offer":
        if not summary(col.staff).comm:
            return "Trading with other colonies needs an active communications module this turn.", R_COLONY
        if s.offers >= s.options.max_offers:
            return (f"You already made {s.offers} offer(s) this turn, the most a turn allows (option max_offers "
                    f"{s.options.max_offers}, an ASSUMED limit).", R_COLONY)
        if a.get("partner") == p:
            return "You cannot trade with yourself.", R_COLONY
        return "Both sides need at least one card to trade.", R_COLONY
    if k in ("offer_give", "offer_ask", "send_offer", "withdraw_offer"):
        if s.step != "trade_offer":
            return "Start an offer to another colony first.", R_COLONY
        if k == "send_offer":
            return ("An offer must give at least one card and ask at least one card back: cards are never "
                    "given away.", R_COLONY)
        m = a.get("material")
        if m not in range(5):
            return f"{m!r} is not a raw material (0-4).", R_COLONY
        if k == "offer_give":
            if s.offer[2][m]:
                return f"You already ask for {MATERIALS[m]}: do not give the same material.", R_COLONY
            return f"You have no more {MATERIALS[m]} cards to add to the offer.", R_COLONY
        if s.offer[1][m]:
            return f"You already give {MATERIALS[m]}: do not ask for the same material.", R_COLONY
        return "You already ask for as many cards as the other player holds.", R_COLONY
    if k == "accept_offer":
        return "You do not have all the cards the offer asks for: you can only refuse.", R_COLONY
    return "That is not possible now.", RULE
