"""Teaching helpers: find an action by kind, start a game with chosen mines and hands, edit a colony.

Every edited position goes through `from_json`, so an impossible edit raises PositionError.

>>> s = quick_start(["Serge", "Nicolas"], seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])
>>> s.step, s.colonies[0].hand
('event', (2, 1, 0, 0, 1))
>>> s = edit(s, 0, build={"comm": 1}, staff=["comm1"])
>>> find_action(s, "reveal_event", card="calm").kind
'reveal_event'
"""
from __future__ import annotations

import json

from mars_rules.core import CHANCE, Action, IllegalAction

from .data import LETTERS, SLOT_INDEX

SLOT_NAMES = {}
for (_track, _level), _i in SLOT_INDEX.items():
    SLOT_NAMES[f"{_track}{_level + 1 if _track == 'mine' else _level}" if _track != "port" else "port"] = _i
"""Names of the installation slots: plant0..plant3, silo0..silo3, mine1..mine4, comm1..3, mil1..3, rnd1..2, port."""


def find_action(state, kind, **params) -> Action:
    """The legal action of this kind with these params; otherwise IllegalAction saying why."""
    for a in state.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in params.items()):
            return a
    player = CHANCE if state.to_move == CHANCE else state.to_move
    reason, rule = state._why(Action(kind, player, params))
    raise IllegalAction(reason, rule)


def do(state, kind, **params):
    """Apply the legal action of this kind with these params (see find_action)."""
    return state.apply(find_action(state, kind, **params))


def _counts(hand):
    if isinstance(hand, str):
        return tuple(hand.upper().count(letter) for letter in LETTERS)
    return tuple(hand)


def quick_start(players=2, seed=7, mines=None, hands=None, **options):
    """A game after the mine draft and the deal, at the first event.

    `mines`: per seat two letters (I C S W O) taken in the draft order; `hands`: per seat the 4 dealt
    cards as letters (forced chance outcomes); without them the first tiles offered / the seed's deal.
    """
    from . import new_game
    s = new_game(players=players, seed=seed, **options)
    wanted = {q: list(m.upper()) for q, m in enumerate(mines)} if mines else {}
    while s.step == "mine_draft":
        todo = wanted.get(s.to_move)
        if todo:
            s = do(s, "choose_mine", material=LETTERS.index(todo.pop(0)))
        else:
            s = s.apply(s.legal_actions()[0])
    deal = [list(h.upper()) for h in hands] if hands else None
    while s.step == "deal":
        if deal:
            seat = s.task[0] // 4
            s = do(s, "deal", seat=seat, material=LETTERS.index(deal[seat].pop(0)))
        else:
            s = s.resolve_chance()
    return s


def edit(state, seat, hand=None, build=None, staff=(), unstaff=(), housed=None, habs=None, played=None,
         contracts=None, supremacies=None):
    """A copy of the position with one colony changed, validated by from_json.

    `hand`: letters ("IIS") or 5 counts (the reserve gives or takes the difference); `build`: levels,
    e.g. {"comm": 1, "plant": 1, "habitats": 2} (new habitats come powered with their 3 colonists);
    `staff` / `unstaff`: slot names (see SLOT_NAMES) a colonist moves to from the habitats / back to
    them; `housed`: set the colonists in habitats directly; `habs`: habitat states (2 powered, 1 dark with
    colonists waiting, 0 dark); `played`: R&D card ids face up; `contracts`: pairs like "SI" (silicon
    to iron); `supremacies`: supremacy event ids held.
    """
    from . import from_json
    from .data import CONTRACTS
    d = json.loads(state.to_json())
    c = d["colonies"][seat]
    if hand is not None:
        new = _counts(hand)
        for m in range(5):
            d["reserve"][m] -= new[m] - c["hand"][m]
        c["hand"] = list(new)
    old_habs = list(c["habs"])
    for key, level in (build or {}).items():
        field = {"plant": "plants", "silo": "silos", "habitats": "habs"}.get(key, key)
        if field == "habs":
            c["habs"] = [2] * level
        else:
            c[field] = level
    if habs is not None:
        c["habs"] = list(habs)
    c["housed"] += 3 * (c["habs"].count(2) - old_habs.count(2))
    for name in staff:
        if not (c["staff"] >> SLOT_NAMES[name]) & 1:
            c["staff"] |= 1 << SLOT_NAMES[name]
            c["housed"] -= 1
    for name in unstaff:
        if (c["staff"] >> SLOT_NAMES[name]) & 1:
            c["staff"] &= ~(1 << SLOT_NAMES[name])
            c["housed"] += 1
    if housed is not None:
        c["housed"] = housed
    if played is not None:
        c["played"] = sorted(played)
        for deck in ("rd1", "rd2"):
            for i, card in enumerate(getattr(state.cards, deck)):
                d[deck + "_deck"][i] = card.copies - sum(
                    (col["played"] + col["kept"]).count(card.id) for col in d["colonies"])
    if contracts is not None:
        c["contracts"] = sorted(CONTRACTS.index((LETTERS.index(p[0]), LETTERS.index(p[1]))) for p in contracts)
    if supremacies is not None:
        c["supremacies"] = sorted(supremacies)
        for i, ev in enumerate(state.cards.events):
            held = sum(col["supremacies"].count(ev.id) for col in d["colonies"])
            d["event_deck"][i] = ev.copies - held - d["event_discard"][i]
    return from_json(json.dumps(d))


def at_step(state, step, seat=None):
    """The same position at another step of `seat`'s turn (default: the active seat)."""
    from . import from_json
    d = json.loads(state.to_json())
    seat = d["active"] if seat is None else seat
    d["step"], d["active"] = step, seat
    d["to_move"] = "chance" if step in ("event", "resupply", "research_die") else seat
    d["task"] = [0] if step == "move_colonists" else []
    d["card"], d["offer"] = "", []
    return from_json(json.dumps(d))
