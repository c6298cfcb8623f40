"""1) Event: drawing the card, conflicts, supremacies, Contested Supremacy; the optional military attack."""
from __future__ import annotations

from mars_rules.core import CHANCE, Action

from .data import DARK_WAITING, FIELD_TRACK, HABITAT_COLONISTS, MATERIALS, POWERED, a_material
from .flow import add, enter_attack, enter_research, fix_power, lose_colonists, refill_supply, set_col
from .state import lookup, summary

R_EVENT = "1) Event"
R_CONFLICT = "1) Event: a) Conflicts"
R_SUPREMACY = "1) Event: b) Supremacies"
R_MILITARY = "6) Construction: g) Military bases"


# ----- counting a field ------------------------------------------------------------------------
def field_count(col, field):
    """Active installations in a field (military bases, communications modules, R&D centres)."""
    return getattr(summary(col.staff), FIELD_TRACK[field])


def has_benefit(s, col, field):
    table = lookup(s.cards)
    return any(table[c].effect == "benefit" and table[c].field == field for c in col.played)


def contest(s, field, seats):
    """The conflict rule: most active installations; tie -> an R&D benefit in the field; tie -> more
    colonists in habitats; tie -> nobody (-1). Returns (winner, explanation)."""
    cols = s.colonies
    counts = {p: field_count(cols[p], field) for p in seats}
    best = max(counts.values())
    top = [p for p in seats if counts[p] == best]
    names = s.players
    said = ", ".join(f"{names[p]} {counts[p]}" for p in seats)
    why = f"active {field} installations: {said}"
    if len(top) == 1:
        return top[0], why
    ben = [p for p in top if has_benefit(s, cols[p], field)]
    if ben:
        if len(ben) == 1:
            return ben[0], why + f"; tie broken by {names[ben[0]]}'s R&D benefit in {field}"
        top = ben
        why += "; several have an R&D benefit"
    else:
        why += "; no R&D benefit breaks the tie"
    housed = {p: cols[p].housed for p in top}
    most = max(housed.values())
    tops = [p for p in top if housed[p] == most]
    why += "; colonists in habitats: " + ", ".join(f"{names[p]} {housed[p]}" for p in top)
    if len(tops) == 1:
        return tops[0], why
    return -1, why + "; still tied: nobody wins"


# ----- drawing the event -----------------------------------------------------------------------
def outcomes_event(s):
    evs = s.cards.events
    return tuple((Action.fast("reveal_event", CHANCE, (("card", evs[i].id),),
                              lambda a, n=evs[i].name: f"The event card is {n}"), c)
                 for i, c in enumerate(s.event_deck) if c)


def event_index(s, cid):
    for i, c in enumerate(s.cards.events):
        if c.id == cid:
            return i
    return -1


def discard_event(s, log):
    i = event_index(s, s.card)
    if i >= 0:
        s = s._replace(event_discard=add(s.event_discard, i))
    return s


def finish_event(s, log):
    return enter_attack(discard_event(s, log), log)


def play_reveal(s, a, log):
    cid = a[2][0][1]
    i = event_index(s, cid)
    card = s.cards.events[i]
    p = s.active
    s = s._replace(event_deck=add(s.event_deck, i, -1), card=cid)
    log.append(f"{s.players[p]} draws the event {card.name}: {card.text}")
    t = card.type
    if t == "conflict":
        if field_count(s.colonies[p], card.field) < card.level:
            log.append(f"{s.players[p]} does not meet the prerequisite (an active level-{card.level} "
                       f"{card.field} installation): no conflict, the card is discarded.")
            return finish_event(s, log)
        if len(s.players) < 2:
            return finish_event(s, log)
        return s._replace(step="event_choice", to_move=p, task=("rival",))
    if t == "supremacy":
        if all(field_count(c, card.field) < card.level for c in s.colonies):
            log.append("Nobody meets the prerequisite: the supremacy is discarded.")
            return finish_event(s, log)
        w, why = contest(s, card.field, tuple(range(len(s.players))))
        log.append(why[0].upper() + why[1:] + ".")
        if w < 0:
            log.append("Nobody holds the supremacy: the card is discarded.")
            return finish_event(s, log)
        col = s.colonies[w]
        s = set_col(s, w, col._replace(supremacies=tuple(sorted(col.supremacies + (cid,)))))
        log.append(f"{s.players[w]} holds {card.name}.")
        return enter_attack(s, log)
    if t == "contested":
        if not any(c.supremacies for c in s.colonies):
            log.append("No supremacy is held yet: the card is discarded.")
            return finish_event(s, log)
        return s._replace(step="event_choice", to_move=p, task=("contest",))
    if t == "deposit":
        if not any(s.reserve):
            log.append("The reserve is empty: nothing to take.")
            return finish_event(s, log)
        return s._replace(step="event_choice", to_move=p, task=("deposit", card.amount or 1))
    if t == "supply_ship":
        n = len(s.players)
        seats = tuple((p + k) % n for k in range(n)) * max(1, card.amount)
        return start_supply_draws(s, seats, "event", log)
    if t == "dust_storm":
        s = s._replace(dust=1)
    return finish_event(s, log)


# ----- supply draws (Supply ship, Emergency supply) -----------------------------------------------
def start_supply_draws(s, seats, resume, log):
    s = refill_supply(s, log)
    if not seats or not any(s.supply):
        return resume_after_draws(s, resume, log)
    return s._replace(step="supply_draw", to_move=CHANCE, task=(resume,) + tuple(seats))


def outcomes_supply_draw(s):
    seat = s.task[1]
    name = s.players[seat]
    return tuple((Action.fast("supply_card", CHANCE, (("seat", seat), ("material", m)),
                              lambda a, name=name: f"{name} draws {a_material(a[2][1][1])} card from the supply "
                                                   "deck"), c)
                 for m, c in enumerate(s.supply) if c)


def play_supply_card(s, a, log):
    seat, m = a[2][0][1], a[2][1][1]
    col = s.colonies[seat]
    s = set_col(s, seat, col._replace(hand=add(col.hand, m)), supply=add(s.supply, m, -1))
    log.append(f"{s.players[seat]} draws a card from the supply deck (into the hand: the others do not see it).")
    return start_supply_draws(s, s.task[2:], s.task[0], log)


def resume_after_draws(s, resume, log):
    from .flow import enter_resupply
    if resume == "event":
        return finish_event(s, log)
    if resume == "research":
        return enter_resupply(s, log)
    return s._replace(step=resume, to_move=s.active, task=())


# ----- the drawer's choices -------------------------------------------------------------------
def legal_event_choice(s):
    p = s.to_move
    kind = s.task[0]
    if kind == "rival":
        return tuple(Action.fast("choose_rival", p, (("rival", q),),
                                 lambda a, n=s.players[q]: f"Choose {n} as your rival in this conflict")
                     for q in range(len(s.players)) if q != p)
    if kind == "contest":
        out = []
        table = lookup(s.cards)
        for q, col in enumerate(s.colonies):
            for cid in sorted(set(col.supremacies)):
                out.append(Action.fast("contest", p, (("holder", q), ("card", cid)),
                                       lambda a, n=s.players[q], c=table[cid].name:
                                       f"Contest {n}'s {c}: assess it again"))
        return tuple(out)
    return tuple(Action.fast("take_reserve", p, (("material", m),),
                             lambda a: f"Take {a_material(a[2][0][1])} "
                                       "card from the reserve")
                 for m in range(5) if s.reserve[m])


def play_choose_rival(s, a, log):
    p, q = s.active, a[2][0][1]
    card = lookup(s.cards)[s.card]
    w, why = contest(s, card.field, (p, q))
    log.append(f"{s.players[p]} challenges {s.players[q]}: " + why + ".")
    if w < 0:
        log.append("Nobody wins the conflict: the card is discarded.")
        return finish_event(s, log)
    loser = q if w == p else p
    log.append(f"{s.players[w]} wins the conflict.")
    return conflict_effect(s, card, w, loser, log)


def conflict_effect(s, card, w, loser, log):
    name = s.players[loser]
    if card.effect in ("take_cards", "discard_cards"):
        if not sum(s.colonies[loser].hand):
            log.append(f"{name} has no card to lose.")
            return finish_event(s, log)
        mode = "take" if card.effect == "take_cards" else "discard"
        return s._replace(step="event_take", to_move=CHANCE, task=(w, loser, card.amount, mode))
    col = s.colonies[loser]
    if card.effect == "lose_colonists":
        col, lost = lose_colonists(col, card.amount)
        log.append(f"{name} loses {lost} colonist{'s' if lost != 1 else ''}.")
    else:
        if not col.habs:
            log.append(f"{name} has no habitat besides level 0 (which is never destroyed): nothing happens.")
        else:
            last = col.habs[-1]
            col = col._replace(habs=col.habs[:-1])
            lost = 0
            if last == POWERED:
                col, lost = lose_colonists(col, HABITAT_COLONISTS)
            elif last == DARK_WAITING:
                lost = HABITAT_COLONISTS
            log.append(f"{name}'s habitat {len(col.habs) + 1} is destroyed; {lost} colonists are lost.")
    col = fix_power(col, s.cards, log, name, s.options)
    s = set_col(s, loser, col)
    return finish_event(s, log)


def play_contest(s, a, log):
    holder, cid = a[2][0][1], a[2][1][1]
    card = lookup(s.cards)[cid]
    seats = tuple(range(len(s.players)))
    counts = [field_count(c, card.field) for c in s.colonies]
    best = max(counts)
    log.append(f"{s.players[s.active]} contests {s.players[holder]}'s {card.name}: active {card.field} "
               "installations " + ", ".join(f"{s.players[q]} {counts[q]}" for q in seats) + ".")
    if counts[holder] == best:
        log.append(f"{s.players[holder]} is among the most and keeps it (a tie keeps the holder).")
        return finish_event(s, log)
    top = tuple(q for q in seats if counts[q] == best)
    w, why = contest(s, card.field, top) if len(top) > 1 else (top[0], "")
    if w < 0:
        log.append(why[0].upper() + why[1:] + f"; {s.players[holder]} keeps it.")
        return finish_event(s, log)
    old = s.colonies[holder]
    sup = list(old.supremacies)
    sup.remove(cid)
    s = set_col(s, holder, old._replace(supremacies=tuple(sup)))
    new = s.colonies[w]
    s = set_col(s, w, new._replace(supremacies=tuple(sorted(new.supremacies + (cid,)))))
    log.append(f"{s.players[w]} takes {card.name} from {s.players[holder]}.")
    return finish_event(s, log)


def play_take_reserve(s, a, log):
    m = a[2][0][1]
    p = s.active
    col = s.colonies[p]
    s = set_col(s, p, col._replace(hand=add(col.hand, m)), reserve=add(s.reserve, m, -1))
    log.append(f"{s.players[p]} takes {a_material(m)} card from the reserve.")
    left = s.task[1] - 1
    if left > 0 and any(s.reserve):
        return s._replace(task=("deposit", left))
    return finish_event(s, log)


# ----- a random card from the loser's hand (event and attack) ------------------------------------
def outcomes_take(s):
    w, loser, _, mode = s.task
    wn, ln = s.players[w], s.players[loser]
    hand = s.colonies[loser].hand
    if mode == "discard":
        return tuple((Action.fast("take_card", CHANCE, (("material", m),),
                                  lambda a, ln=ln: f"{ln} loses {a_material(a[2][0][1])} card to the reserve"), c)
                     for m, c in enumerate(hand) if c)
    return tuple((Action.fast("take_card", CHANCE, (("material", m),),
                              lambda a, wn=wn, ln=ln: f"{wn} takes {a_material(a[2][0][1])} card from {ln}'s hand"), c)
                 for m, c in enumerate(hand) if c)


def play_take_card(s, a, log):
    m = a[2][0][1]
    w, loser, n, mode = s.task
    lc, wc = s.colonies[loser], s.colonies[w]
    s = set_col(s, loser, lc._replace(hand=add(lc.hand, m, -1)))
    if mode == "discard":
        s = s._replace(reserve=add(s.reserve, m))
        log.append(f"{s.players[loser]} loses a random card to the reserve: {MATERIALS[m]}.")
    else:
        s = set_col(s, w, wc._replace(hand=add(wc.hand, m)))
        # the card passes from hand to hand face down: only these two players learn which it is, so the
        # log (which every player's view shows) does not name it
        log.append(f"{s.players[w]} takes a random card from {s.players[loser]}'s hand (hidden from the others).")
    if n > 1 and sum(s.colonies[loser].hand):
        return s._replace(task=(w, loser, n - 1, mode))
    if s.step == "event_take":
        return finish_event(s, log)
    return enter_research(s, log)


# ----- the optional military attack --------------------------------------------------------------
def legal_attack(s):
    p = s.to_move
    return tuple(Action.fast("attack", p, (("rival", q),),
                             lambda a, n=s.players[q]: f"Attack {n}'s colony (military conflict)")
                 for q in range(len(s.players)) if q != p) + (NO_ATTACK[p],)


NO_ATTACK = tuple(Action.fast("no_attack", p, (), "Do not attack anyone this turn") for p in range(4))


def play_attack(s, a, log):
    p, q = s.active, a[2][0][1]
    w, why = contest(s, "military", (p, q))
    log.append(f"{s.players[p]} attacks {s.players[q]}: " + why + ".")
    if w < 0:
        log.append("Nobody wins the attack.")
        return enter_research(s, log)
    loser = q if w == p else p
    if not sum(s.colonies[loser].hand):
        log.append(f"{s.players[w]} wins, but {s.players[loser]} has no card to take.")
        return enter_research(s, log)
    log.append(f"{s.players[w]} wins and takes a random card from {s.players[loser]}.")
    return s._replace(step="attack_take", to_move=CHANCE, task=(w, loser, 1, "take"))


def play_no_attack(s, a, log):
    return enter_research(s, log)


def why_event(s, a):
    kind = a.kind
    if kind in ("choose_rival", "attack"):
        q = a.get("rival")
        rule = R_CONFLICT if kind == "choose_rival" else R_MILITARY
        if q == s.to_move:
            return "A conflict is against another player: you cannot choose yourself.", rule
        return f"{q!r} is not a seat at this table (seats 0..{len(s.players) - 1}).", rule
    if kind == "contest":
        return ("Contested Supremacy re-assesses a supremacy card that this holder actually holds; "
                "choose one from the list.", R_SUPREMACY)
    if kind == "take_reserve":
        m = a.get("material")
        if m in range(5):
            return f"The reserve has no {MATERIALS[m]} card left.", R_EVENT
        return f"{m!r} is not a raw material (0-4).", R_EVENT
    return "That is not possible now.", R_EVENT

