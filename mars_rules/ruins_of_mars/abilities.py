"""Hourglass abilities (Characters and Techs, "any time on your turn", each once per turn) and Free
Abilities of Techs (at their stated time). Offered in every decision of the active player's turn."""
from __future__ import annotations

from functools import partial

from mars_rules.core import CHANCE, Action

from .data import LANGUAGES, RESOURCES, SITES, effect_text
from .effects import advance, can_advance, gain, gain_text, set_board, track_limit
from .flow import has_start_abilities, site_wrench

fast = Action.fast

ACTIVE_STEPS = ("transfer", "wrench", "action", "replicate", "pass_rover")
"""Steps in which there is an Active Site (the Rover was placed this turn)."""

MINER_PAIRS = ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2))


def _wrench_choices(site):
    if site == 1:
        return RESOURCES
    if site == 2:
        return LANGUAGES
    return (None,)


def effect_choices(s, seat, effect):
    """The choices an effect offers now: () if it cannot be used, (None,) if it needs no choice."""
    kind = effect[0] if effect else ""
    if kind == "wrench":
        if s.step not in ACTIVE_STEPS:
            return ()
        return _wrench_choices(s.rover)
    if kind == "radiation":
        return (None,) if s.boards[seat].radiation else ()
    if kind == "advance":
        return (None,) if can_advance(s, seat, effect[1]) else ()
    if kind in ("gain", "hourglass"):
        return (None,)
    return ()


def professor_tracks(s, seat):
    langs = s.boards[seat].languages
    movable = [t for t in range(5) if langs[t] < track_limit(s, seat, t)]
    if not movable:
        return ()
    top = max(langs[t] for t in movable)
    return tuple(t for t in movable if langs[t] == top)


def _items(base, choice):
    return base + ((("choice", choice),) if choice is not None else ())


def actions(s, seat):
    b = s.boards[seat]
    used = s.used
    step = s.step
    tech = s.cards.tech
    out = []
    if step == "start_of_turn" or (step == "replicate" and s.search == 0):
        trig = "start_of_turn" if step == "start_of_turn" else "after_action"
        for cid in b.techs:
            if cid is None:
                continue
            card = tech[cid]
            if card.kind == "free_ability" and card.trigger == trig and "free:" + cid not in used \
                    and effect_choices(s, seat, card.effect):
                out.append(fast("use_free_ability", seat, (("card", cid),), partial(_free_text, card)))
    if b.hourglass < 1:
        return tuple(out)
    ch = b.character
    if ch == "Doctor" and "char" not in used and b.radiation:
        out.append(fast("character_ability", seat, (("character", ch),), _doctor_text))
    elif ch == "Miner" and "char" not in used:
        for i, j in MINER_PAIRS:
            out.append(fast("character_ability", seat, (("character", ch), ("resources", (RESOURCES[i], RESOURCES[j]))),
                            _miner_text))
    elif ch == "Trader" and "char2" not in used and step in ACTIVE_STEPS:
        for c in _wrench_choices(s.rover):
            out.append(fast("character_ability", seat, _items((("character", ch),), c), partial(_trader_text, s.rover)))
    elif ch == "Professor" and "char" not in used:
        held = [r for r in range(4) if b.resources[r]]
        for t in professor_tracks(s, seat):
            for r in held:
                out.append(fast("character_ability", seat,
                                (("character", ch), ("track", LANGUAGES[t]), ("resource", RESOURCES[r])),
                                _professor_text))
    elif ch == "Stowaway" and "stow" not in used:
        for other, ob in enumerate(s.boards):
            if other == seat:
                continue
            for cid, down in zip(ob.techs, ob.face_down):
                if cid is None or down or cid not in tech:
                    continue
                card = tech[cid]
                if card.kind == "ability":
                    for c in effect_choices(s, seat, card.effect):
                        out.append(fast("tech_ability", seat, _items((("card", cid), ("owner", other),
                                                                       ("via", "stowaway")), c),
                                        partial(_tech_text, card, s.players[other])))
    elif ch == "Engineer" and sum(1 for k in used if k[:4] == "eng:") < 2:
        for cid in b.techs:
            if cid is None or "eng:" + cid in used:
                continue
            if "tech:" + cid in used or "free:" + cid in used:
                card = tech[cid]
                for c in effect_choices(s, seat, card.effect):
                    out.append(fast("tech_ability", seat, _items((("card", cid), ("owner", seat), ("via", "engineer")), c),
                                    partial(_tech_text, card, "")))
    for cid in b.techs:
        if cid is None or "tech:" + cid in used:
            continue
        card = tech[cid]
        if card.kind == "ability":
            for c in effect_choices(s, seat, card.effect):
                out.append(fast("tech_ability", seat, _items((("card", cid), ("owner", seat), ("via", "hourglass")), c),
                                partial(_tech_text, card, None)))
    return tuple(out)


# ----- texts --------------------------------------------------------------------------------------
def _doctor_text(a):
    return "Doctor (1 Hourglass): remove 1 Radiation"


def _miner_text(a):
    x, y = a.get("resources")
    return f"Miner (1 Hourglass): take 1 {x} and 1 {y}" if x != y else f"Miner (1 Hourglass): take 2 {x}"


def _trader_text(site, a):
    c = a.get("choice")
    what = {0: "roll the Wasteland die", 1: f"gain 1 {c}", 2: f"+1 on the {c} track", 3: "gain 1 Hourglass",
            4: "remove 1 Radiation"}[site]
    return f"Trader (1 Hourglass): the {SITES[site]}'s Wrench bonus: {what}"


def _professor_text(a):
    return (f"Professor (1 Hourglass + 1 {a.get('resource')}): +1 on the {a.get('track')} track "
            f"(your most advanced track that can move)")


def _choice_text(card, a):
    c = a.get("choice")
    t = effect_text(card.effect)
    return t + (f" ({c})" if c else "")


def _tech_text(card, owner, a):
    via = a.get("via")
    what = _choice_text(card, a)
    if via == "stowaway":
        return f"Stowaway (1 Hourglass): use {owner}'s {card.name} ({card.id}): {what}"
    if via == "engineer":
        return f"Engineer (1 Hourglass): use {card.name} ({card.id}) again: {what}"
    return f"Ability of {card.name} ({card.id}), 1 Hourglass: {what}"


def _free_text(card, a):
    when = "start of turn" if card.trigger == "start_of_turn" else "after the Action"
    return f"Free ability of {card.name} ({card.id}, {when}): {effect_text(card.effect)}"


# ----- transitions --------------------------------------------------------------------------------
def apply_effect(s, seat, effect, choice, label):
    kind = effect[0]
    name = s.players[seat]
    b = s.boards[seat]
    if kind == "gain":
        cap = s.options.resource_cap
        b, lost = gain(b, effect[1], effect[2], cap)
        return s._replace(boards=set_board(s, seat, b),
                          events=(f"{label}: " + gain_text(name, effect[1], effect[2], lost, cap) + ".",))
    if kind == "radiation":
        n = min(effect[1], b.radiation)
        return s._replace(boards=set_board(s, seat, b._replace(radiation=b.radiation - n)),
                          events=(f"{label}: {name} removes {n} Radiation.",))
    if kind == "hourglass":
        return s._replace(boards=set_board(s, seat, b._replace(hourglass=b.hourglass + effect[1])),
                          events=(f"{label}: {name} gains {effect[1]} Hourglass{'es' if effect[1] > 1 else ''}.",))
    if kind == "advance":
        s, text = advance(s, seat, effect[1], effect[2])
        return s._replace(events=(f"{label}: {text}.",))
    return site_wrench(s, seat, choice, (), label)


def _spend_hourglass(s, seat, n=1):
    b = s.boards[seat]
    return s._replace(boards=set_board(s, seat, b._replace(hourglass=b.hourglass - n)))


def apply_character_ability(s, a):
    seat = s.current
    ch = a.get("character")
    s = _spend_hourglass(s, seat)
    name = s.players[seat]
    if ch == "Doctor":
        b = s.boards[seat]
        s = s._replace(boards=set_board(s, seat, b._replace(radiation=b.radiation - 1)),
                       events=(f"Doctor: {name} spends 1 Hourglass and removes 1 Radiation.",))
        return s._replace(used=s.used + ("char",))
    if ch == "Miner":
        b = s.boards[seat]
        cap = s.options.resource_cap
        parts = []
        for r in a.get("resources"):
            i = RESOURCES.index(r)
            b, lost = gain(b, i, 1, cap)
            parts.append(gain_text(name, i, 1, lost, cap))
        return s._replace(boards=set_board(s, seat, b), used=s.used + ("char",),
                          events=("Miner (1 Hourglass): " + "; ".join(parts) + ".",))
    if ch == "Trader":
        key = "char2" if "char" in s.used else "char"
        s = s._replace(used=s.used + (key,))
        return site_wrench(s, seat, a.get("choice"), (), "Trader (1 Hourglass)")
    if ch == "Professor":
        r = RESOURCES.index(a.get("resource"))
        b = s.boards[seat]
        res = b.resources
        b = b._replace(resources=res[:r] + (res[r] - 1,) + res[r + 1:])
        s = s._replace(boards=set_board(s, seat, b), used=s.used + ("char",))
        s, text = advance(s, seat, LANGUAGES.index(a.get("track")), 1)
        return s._replace(events=(f"Professor (1 Hourglass + 1 {RESOURCES[r]}): {text}.",))
    raise AssertionError(ch)


def apply_tech_ability(s, a):
    seat = s.current
    cid, owner, via = a.get("card"), a.get("owner"), a.get("via")
    card = s.cards.tech[cid]
    key = {"hourglass": "tech:", "stowaway": "stow", "engineer": "eng:"}[via]
    key = key + cid if key.endswith(":") else key
    s = _spend_hourglass(s, seat)._replace(used=s.used + (key,))
    label = {"hourglass": f"{card.name} (1 Hourglass)", "stowaway": f"Stowaway, with {s.players[owner]}'s {card.name}",
             "engineer": f"Engineer, {card.name} again"}[via]
    return apply_effect(s, seat, card.effect, a.get("choice"), label)


def apply_free_ability(s, a):
    seat = s.current
    cid = a.get("card")
    card = s.cards.tech[cid]
    s = s._replace(used=s.used + ("free:" + cid,))
    s = apply_effect(s, seat, card.effect, None, f"{card.name} (free ability)")
    if s.step == "start_of_turn" and s.to_move != CHANCE:
        if not has_start_abilities(s, seat):
            s = s._replace(step="place_rover")
    return s
