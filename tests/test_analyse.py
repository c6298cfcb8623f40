"""The analysis board's search (mars_rules.core.analyse): its counts add up, it is reproducible whatever
the executor, it stops when asked, it refuses what it cannot analyse, and it plays as a seat policy."""
from __future__ import annotations

import pickle
import random
import threading
from concurrent.futures import ProcessPoolExecutor

import pytest

import mars_rules
from mars_rules import CHANCE
from mars_rules.core import Analysis, SearchPolicy, analyse, simulate
from mars_rules.core import search as search_module

from .walks import positions

GAMES = ("ruins_of_mars", "mars_colony", "ruins", "on_mars")


def decision(name, seed=4, plies=30, players=2):
    """A position some way into a seeded game where the player to move has a choice: the first decision with
    more than one legal action after `plies` random decisions."""
    start = mars_rules.load(name).new_game(players=players, seed=seed)
    return next(s for n, s in enumerate(positions(start, seed, decisions=True))
                if n >= plies and len(s.legal_actions()) > 1)


def same(a: Analysis, b: Analysis) -> bool:
    return [(c.action, c.visits, c.wins, c.margin, c.rows) for c in a.candidates] == \
        [(c.action, c.visits, c.wins, c.margin, c.rows) for c in b.candidates] and a.cut == b.cut


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_action_is_ranked_once_and_the_counts_add_up(name):
    state = decision(name)
    a = analyse(state, budget=24, seed=2)
    assert a.player == state.to_move and a.iterations == 24 and not a.cancelled
    assert sorted(map(str, (c.action for c in a.candidates))) == sorted(map(str, state.legal_actions()))
    assert sum(c.visits for c in a.candidates) == 24
    rates = [c.win_rate for c in a.candidates]
    assert rates == sorted(rates, reverse=True) and a.best is a.candidates[0]
    for c in a.candidates:
        lo, hi = c.interval
        assert 0 <= lo <= c.win_rate <= hi <= 1 and 0 <= c.wins <= c.visits
    # two players: the mean margin is the mean difference of the totals, row by row
    for c in a.candidates:
        if c.visits:
            rows = c.mean_rows()
            diff = sum(v[a.player] - v[1 - a.player] for _, v in rows)
            assert diff == pytest.approx(c.mean_margin)
    assert a.choice in a.candidates and a.greedy in state.legal_actions()
    assert "iterations" in a.summary() and str(a.best.action)[:20] in a.summary()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_and_budget_give_the_same_analysis(name):
    state = decision(name, seed=6)
    assert same(analyse(state, budget=16, seed=5), analyse(state, budget=16, seed=5))


def test_the_result_does_not_depend_on_the_executor_or_the_split_into_trees(monkeypatch):
    monkeypatch.setattr(search_module, "TREE_SIZE", 10)   # 25 iterations = 3 trees of 9, 8, 8
    state = decision("ruins", seed=3)
    alone = analyse(state, budget=25, seed=7)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = analyse(state, budget=25, seed=7, executor=pool)
    assert same(alone, pooled) and pooled.iterations == 25


def test_the_seed_is_hidden_so_changing_it_changes_nothing():
    # the chance stream's seed tells every future draw: the search must not use it
    state = decision("ruins_of_mars", seed=8)
    assert same(analyse(state, budget=16, seed=1), analyse(state._replace(seed=state.seed + 99), budget=16, seed=1))


def test_cancel_stops_the_search_and_progress_counts_up():
    state = decision("ruins", seed=5)
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append((done, total))
        if done == 5:
            stop.set()

    a = analyse(state, budget=50, seed=1, progress=progress, cancel=stop)
    assert a.cancelled and a.iterations == 5 and seen == [(i, 50) for i in range(1, 6)]
    stop = threading.Event()
    stop.set()
    b = analyse(state, budget=50, seed=1, cancel=stop)
    assert b.cancelled and b.iterations == 0 and all(c.visits == 0 and c.win_rate == 0 for c in b.candidates)


def test_a_horizon_judges_rollouts_by_the_games_evaluation():
    state = decision("mars_colony", seed=2)
    a = analyse(state, budget=12, seed=1, horizon=1)
    assert a.cut == 12   # no game ends one decision after the tree
    assert analyse(state, budget=12, seed=1).cut == 0


def test_what_cannot_be_analysed_is_refused_with_a_reason():
    game = mars_rules.load("ruins_of_mars")
    s = game.new_game(players=2, seed=1)
    while s.to_move != CHANCE:
        s = s.apply(s.legal_actions()[0])
    with pytest.raises(ValueError, match="chance"):
        analyse(s)
    with pytest.raises(ValueError, match="budget"):
        analyse(decision("ruins"), budget=0)
    with pytest.raises(ValueError, match="budget"):
        analyse(decision("ruins"), budget="100")
    with pytest.raises(ValueError, match="view"):
        analyse(decision("ruins").view(0))
    end = mars_rules.core.playout(game.new_game(players=2, seed=1), seed=1)
    with pytest.raises(ValueError, match="end"):
        analyse(end)


def test_the_search_plays_a_seat_reproducibly():
    policy = SearchPolicy(budget=6, horizon=8)
    assert pickle.loads(pickle.dumps(policy)).budget == 6 and "budget=6" in repr(policy)
    state = decision("ruins", seed=1, plies=0)
    rng = random.Random(3)
    assert policy(state, rng) in state.legal_actions()
    runs = [simulate(mars_rules.load("ruins").new_game(players=2, seed=9), 1, policies=[policy, None], seed=4,
                     executor=None) for _ in range(2)]
    assert runs[0].records == runs[1].records


def _swap_hidden_goal(state, me):
    """On Mars: an opponent's Private Goal exchanged with one of the Goal deck (hidden from `me`)."""
    opp = 1 - me
    pl, deck = state.pieces[opp], state.decks[4]
    assert pl.goals and deck
    pieces = list(state.pieces)
    pieces[opp] = pl._replace(goals=(deck[0],) + pl.goals[1:])
    decks = state.decks[:4] + (tuple(sorted((pl.goals[0],) + deck[1:])),) + state.decks[5:]
    return state._replace(pieces=tuple(pieces), decks=decks)


def test_on_mars_the_answer_does_not_change_when_only_hidden_goals_change():
    state = decision("on_mars", seed=3, plies=12)
    other = _swap_hidden_goal(state, state.to_move)
    assert other.view(state.to_move) == state.view(state.to_move) and other != state
    assert same(analyse(state, budget=12, seed=4), analyse(other, budget=12, seed=4))


def test_ruins_the_answer_does_not_change_when_only_hidden_cards_change():
    state = decision("ruins", seed=2, plies=6)
    me = state.to_move
    opp = 1 - me
    hand, deck = state.hands[opp], state.deck
    hands = list(state.hands)
    hands[opp] = (deck[0],) + hand[1:]
    other = state._replace(hands=tuple(hands), deck=(hand[0],) + deck[1:][::-1])
    assert other.view(me) == state.view(me) and other != state
    assert same(analyse(state, budget=12, seed=4), analyse(other, budget=12, seed=4))


def test_mars_the_answer_does_not_change_when_only_hidden_cards_change():
    state = next(s for s in (decision("mars_colony", seed=2, plies=n) for n in range(20, 200, 5))
                 if any(s.colonies[1 - s.to_move].hand))
    me = state.to_move
    opp = 1 - me
    col = state.colonies[opp]
    give = next(m for m, c in enumerate(col.hand) if c)
    take = next(m for m, c in enumerate(state.supply) if c and m != give)
    hand = list(col.hand)
    supply = list(state.supply)
    hand[give] -= 1; hand[take] += 1; supply[give] += 1; supply[take] -= 1   # noqa: E702
    colonies = list(state.colonies)
    colonies[opp] = col._replace(hand=tuple(hand))
    other = state._replace(colonies=tuple(colonies), supply=tuple(supply), seed=state.seed + 1)
    assert other.view(me) == state.view(me) and other != state
    assert same(analyse(state, budget=12, seed=4), analyse(other, budget=12, seed=4))
