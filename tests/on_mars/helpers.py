"""Scenario helpers: a fresh game edited into the position a rule needs."""
from mars_rules.core import CHANCE, Action
from mars_rules.on_mars import new_game


def game(players=2, seed=7, **options):
    return new_game(players=players, seed=seed, **options)


def setp(state, seat, **changes):
    pieces = list(state.pieces)
    pieces[seat] = pieces[seat]._replace(**changes)
    return state._replace(pieces=tuple(pieces))


def colony(state, seat=0):
    """Everyone at the Colony (seat `seat` first in Turn Order), start of its turn."""
    n = len(state.players)
    order = tuple(4 + ((s - seat) % n) for s in range(n))
    return state._replace(order=order, active=seat, to_move=seat, step="turn")


def orbit(state, seat=0):
    n = len(state.players)
    order = tuple((s - seat) % n for s in range(n))
    return state._replace(order=order, active=seat, to_move=seat, step="turn")


def act(state, kind, **params):
    """Apply the legal action of this kind whose params include `params` (exactly one must match)."""
    found = [a for a in state.legal_actions() if a.kind == kind
             and all(a.get(k) == v for k, v in params.items())]
    assert found, f"no legal {kind} {params}; legal: {[str(a) for a in state.legal_actions()]}"
    return state.apply(found[0])


def draw(state):
    while state.to_move == CHANCE:
        state = state.resolve_chance()
    return state


def action(state, kind, **params):
    return Action(kind, state.to_move, params)


def kinds(state):
    return sorted({a.kind for a in state.legal_actions()})
