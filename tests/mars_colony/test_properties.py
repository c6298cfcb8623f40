"""Random legal play for 2, 3 and 4 players: invariants after every action, round trips, determinism."""
import random
import statistics

from hypothesis import given
from hypothesis import strategies as st

from mars_rules.core import CHANCE, IllegalAction, pick, playout
from mars_rules.mars_colony import from_json, new_game
from mars_rules.mars_colony.data import DARK_WAITING
from mars_rules.mars_colony.flow import contract_limit
from mars_rules.mars_colony.invariants import problems
from mars_rules.mars_colony.scoring import victory_points
from mars_rules.mars_colony.state import capacity, colonists, consumption, hand_limit


def total_colonists(col):
    return colonists(col) + 3 * col.habs.count(DARK_WAITING)


def check(prev, action, s):
    """Invariants after one transition prev --action--> s: the position's own (`invariants.problems`, the very
    list from_json checks, so the two cannot drift apart), then those of the transition itself."""
    assert s.step in {st.key for st in s.game.TURN_STEPS}
    assert problems(s) == [], (action, problems(s))
    for q, (a, b) in enumerate(zip(prev.colonies, s.colonies)):
        ta, tb = total_colonists(a), total_colonists(b)
        if tb > ta:
            assert action.kind == "build" and action.get("installation") == "habitat" and tb == ta + 3
        elif tb < ta:
            assert action.kind == "choose_rival", (action, ta, tb)
    if prev.active != s.active or (s.is_over and not prev.is_over):
        col = s.colonies[prev.active]       # the turn that just ended left its colony within the limits
        assert sum(col.hand) <= hand_limit(col, s.cards)
        limit = contract_limit(col)
        assert limit is None or len(col.contracts) <= limit
        assert consumption(col) <= capacity(col, s.cards) or colonists(col) == 0
        assert col.vp == victory_points(s, prev.active) and col.energy == consumption(col)


def play(players, seed, turn_limit, every=25):
    s = new_game(players=players, seed=seed, turn_limit=turn_limit)
    rng = random.Random(seed)
    n = 0
    stale = None
    tried = set()  # steps whose positions have been round-tripped in this game
    while not s.is_over:
        if s.to_move == CHANCE:
            action = pick(s._outcomes(), s.seed, s.draws)
            nxt = s.apply(action)
            assert nxt == s.resolve_chance()
            check(s, action, nxt)
        else:
            legal = s.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            assert str(action) and "None" not in str(action)
            nxt = s.apply(action)
            check(s, action, nxt)
            if stale is not None and stale not in nxt.legal_actions() and nxt.to_move not in (None, CHANCE):
                try:
                    nxt.apply(stale)
                    raise AssertionError("a stale action was accepted")
                except IllegalAction as e:
                    assert e.reason and e.rule
            stale = action
        s = nxt
        n += 1
        if n % every == 0 or s.step not in tried:  # and each kind of step once, however rare
            tried.add(s.step)
            text = s.to_json()
            assert from_json(text).to_json() == text and from_json(text) == s
    text = s.to_json()
    assert from_json(text).to_json() == text
    assert s.winners() and s.score().final
    return s, n


@given(seed=st.integers(0, 10 ** 6), players=st.sampled_from((2, 3, 4)))
def test_random_play_keeps_every_invariant(seed, players):
    play(players, seed, turn_limit=12)


def test_random_games_end_and_the_same_seed_gives_the_same_game():
    for players in (2, 3, 4):
        for seed in range(2):
            end = playout(new_game(players=players, seed=seed), seed=seed)
            again = playout(new_game(players=players, seed=seed), seed=seed)
            assert end.is_over and end.to_json() == again.to_json()


def test_random_games_from_many_seeds_end_median_length():
    """Every random game with default options ends; the median length is printed (pytest -s)."""
    for players in (2, 3, 4):
        lengths, rounds = [], []
        for seed in range(100, 108):
            count = [0]
            end = playout(new_game(players=players, seed=seed), seed=seed,
                          on_step=lambda st, a: count.__setitem__(0, count[0] + 1))
            assert end.is_over and end.winners()
            lengths.append(count[0])
            rounds.append(end.round)
        print(f"{players} players: median {statistics.median(lengths)} actions, {statistics.median(rounds)} rounds")
        assert statistics.median(rounds) <= 60


def test_a_full_default_game_with_invariants():
    s, n = play(2, 11, turn_limit=60, every=200)
    assert s.is_over and n > 100


def test_a_kept_rd_card_waiting_for_its_choice_reloads_from_json():
    """Soak finding: after drawing a keepable R&D card the draw's task was left set, so the position
    (step research_keep) did not load back from its own JSON."""
    for seed in range(40):
        s = new_game(players=2, seed=seed, turn_limit=12)
        rng = random.Random(seed)
        while not s.is_over and s.step != "research_keep":
            legal = s.legal_actions()
            s = s.resolve_chance() if s.to_move == CHANCE else s.apply(legal[int(rng.random() * len(legal))])
        if s.step == "research_keep":
            assert s.task == () and from_json(s.to_json()) == s
            return
    raise AssertionError("no random game reached research_keep")
