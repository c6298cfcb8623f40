"""Teaching helpers: find an action by kind, start a game with chosen mines and hands, edit a colony.

`quick_start` plays the setup's own actions; `edit` and `at_step` are short forms of the position builder
(`state.edit() ... .done()`, in `builder.py`), so an impossible edit raises PositionError listing every
problem.

>>> s = quick_start(["Serge", "Nicolas"], seed=1, mines=["IC", "SW"], hands=["IICO", "SSWO"])
>>> s.step, s.colonies[0].hand
('event', (2, 1, 0, 0, 1))
>>> s = edit(s, 0, build={"comm": 1}, staff=["comm1"])
>>> find_action(s, "reveal_event", card="calm").kind
'reveal_event'
"""
from __future__ import annotations

from mars_rules.core import CHANCE, Action, IllegalAction

from .builder import HABITAT_WORDS, SLOT_NAMES
from .data import LETTERS

__all__ = ["SLOT_NAMES", "find_action", "do", "quick_start", "edit", "at_step"]
HABITAT_STATES_BY_CODE = {code: word for word, code in HABITAT_WORDS.items()}


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
    """A copy of the position with one colony changed: a short form of the position builder
    (`state.edit()`, see `builder.py`), checked by its `done()` (PositionError lists every problem).

    `hand`: letters ("IIS") or 5 counts (the reserve gives or takes the difference); `build`: levels,
    e.g. {"comm": 1, "plant": 1, "habitats": 2} (new habitats come powered with their 3 colonists);
    `staff` / `unstaff`: slot names (see SLOT_NAMES) a colonist moves to from the habitats / back to
    them; `housed`: set the colonists in habitats directly; `habs`: habitat states (2 powered, 1 dark with
    colonists waiting, 0 dark); `played`: R&D card ids face up; `contracts`: pairs like "SI" (silicon
    to iron); `supremacies`: supremacy event ids held.
    """
    b = state.edit()
    if hand is not None:
        b.hand(seat, hand)
    for key, level in (build or {}).items():
        b.build(seat, "habitat" if key == "habitats" else key, level)
    if habs is not None:
        b.habitats(seat, *(HABITAT_STATES_BY_CODE.get(h, h) for h in habs))
    b.staff(seat, list(staff)).unstaff(seat, list(unstaff))
    if housed is not None:
        b.colonists(seat, housed)
    if played is not None:
        b.played(seat, *played)
    if contracts is not None:
        b.contracts(seat, *contracts)
    if supremacies is not None:
        b.supremacies(seat, *supremacies)
    return b.done()


def at_step(state, step, seat=None):
    """The same position at another step of `seat`'s turn (default: the active seat): the builder's
    `set_turn`, checked by `done()`."""
    return state.edit().set_turn(state.active if seat is None else seat, step).done()
