"""The analysis board's search: which action is best here, and why.

`analyse(state)` ranks the legal actions of the player to move by their estimated win probability (and
mean final score margin), by Monte Carlo tree search (UCT) over the game contract:

- **Hidden information is respected** (information-set search): every iteration starts from a new position
  sampled consistently with what the player to move sees, `game.determinize(state, player, rng)` (each game
  provides it: the others' hands, Private Goals, face-down cards and the order of the decks are dealt again
  at random from what that player cannot see, and the chance stream gets a new seed). The search never plays
  on the true hidden position, so its answer depends only on `state.view(player)`, the budget and the seed.
- **One tree over the decisions** (single-observer ISMCTS): a node is a sequence of decisions from the root;
  chance is not a level of the tree but drawn by its weights at each visit (open loop), from the sampled
  position's own seeded stream. **Common random numbers**: the n-th game after each root action is played on
  the same sampled position and stream, so two actions are compared on the same deals and dice. A child is chosen
  by UCB1, counting how often it was available rather than how often its parent was visited, since the legal
  actions below the root can differ between sampled positions.
- **The greedy player's choice is a hint** (progressive bias): at each node the game's greedy player's
  choice is tried first and gets a bonus `BIAS / (visits + 1)` that fades as evidence comes in. With a small
  budget and many legal actions (Mars builds and staffs one piece at a time) the search then plays like the
  greedy player unless its games say another action is better, instead of choosing among barely tried ones.
- **Rollouts** play the rest of the game with a cheap policy: the game's own greedy player (its ties broken at
  random; `EPSILON` > 0 would mix in random actions). Pure greedy rollouts model a sensible opponent, and
  with common random numbers they separate the candidates best (measured: benchmarks/bench_policies.py). A rollout still going after
  `ROLLOUT_LIMIT` decisions (or after `horizon` decisions, when a horizon is asked for) is judged instead:
  the seat the game's `evaluate` values most wins (the provisional score where a game has no `evaluate`);
  such rollouts are counted in `Analysis.cut`.
- **The budget counts iterations, not seconds**: the same state, budget and seed give the same result on any
  machine and with any executor. Budgets above `TREE_SIZE` are split into independent trees whose root counts
  are added up (root parallelisation); with `executor` (any `concurrent.futures.Executor`, a dask
  `Client.get_executor()` too) the trees are grown in parallel, with the same result as one after another.

>>> import mars_rules
>>> s = mars_rules.load("ruins").new_game(players=2, seed=3)
>>> a = analyse(s, budget=30, seed=1)
>>> a.player == s.to_move, sum(c.visits for c in a.candidates)
(True, 30)
"""
from __future__ import annotations

import math
import random
import time
from typing import NamedTuple

from .actions import CHANCE
from .chance import pick
from .simulate import game_seed, greedy_policy, wilson

BUDGET = 200
"""Iterations of a default analysis."""
TREE_SIZE = 400
"""Iterations per tree: a larger budget is grown as several trees (in parallel with an executor)."""
EXPLORATION = 0.7
"""The UCB1 constant (rewards are win shares between 0 and 1)."""
BIAS = 0.5
"""The bonus of the greedy player's choice at a node, divided by (its visits + 1)."""
EPSILON = 0.0
"""In a rollout, the share of decisions taken at random instead of by the greedy player."""
ROLLOUT_LIMIT = 1000
"""Decisions a rollout may take before it is judged by the provisional score."""


class Candidate(NamedTuple):
    """One legal action of the root, with what the search found after it."""

    action: object
    visits: int
    wins: float          # the player's win shares summed over the games after it (a shared win is a fraction)
    margin: float        # summed final margins: the player's total minus the best other total
    rows: tuple          # ((category, (points summed per seat, ...)), ...) of the final score sheets

    @property
    def win_rate(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def interval(self) -> tuple:
        """A Wilson 95% interval on the win rate (a guide: the games after a candidate are not independent
        draws, since the search sharpens as it goes)."""
        return wilson(self.wins, self.visits)

    @property
    def mean_margin(self) -> float:
        return self.margin / self.visits if self.visits else 0.0

    def clearly_better_than(self, other) -> bool:
        """Whether this candidate's whole 95% interval lies above `other`'s (the search is sure which is better)."""
        return self.interval[0] > other.interval[1]

    def mean_rows(self) -> tuple:
        """((category, (mean points per seat, ...)), ...): where the points came from after this action."""
        n = max(1, self.visits)
        return tuple((cat, tuple(v / n for v in sums)) for cat, sums in self.rows)


class Analysis(NamedTuple):
    """The result of `analyse`: the candidates ranked best first, and how the search went."""

    player: int
    players: tuple
    candidates: tuple    # Candidate, best first (highest win rate; more visits first on a tie)
    budget: int
    iterations: int      # iterations done (fewer than the budget when cancelled)
    seed: int
    seconds: float
    cut: int = 0         # rollouts judged without reaching the end (ROLLOUT_LIMIT or the horizon)
    cancelled: bool = False
    greedy: object = None  # the greedy player's choice here (the search's hint), an Action

    @property
    def best(self) -> Candidate:
        """The candidate with the highest estimated win rate (the top of the ranking)."""
        return self.candidates[0]

    @property
    def choice(self) -> Candidate:
        """The search's own choice, the usual one of tree search: the candidate it played most (a rarely
        tried action that got lucky can top the ranking without being chosen); on a tie the greedy player's
        choice, then the higher win rate."""
        return max(self.candidates, key=lambda c: (c.visits, c.action == self.greedy, c.win_rate))

    def summary(self, limit: int = 10) -> str:
        """A small text table: each action's win rate with its interval, visits and mean margin."""
        head = (f"{self.players[self.player]} to move; {self.iterations} iterations"
                f"{' (cancelled)' if self.cancelled else ''} in {self.seconds:.1f} s, seed {self.seed}")
        lines = [head]
        for c in self.candidates[:limit]:
            lo, hi = c.interval
            lines.append(f"  {str(c.action)[:58]:58} win {c.win_rate:6.1%} [{lo:.0%}, {hi:.0%}]  "
                         f"visits {c.visits:4}  margin {c.mean_margin:+.1f}")
        if len(self.candidates) > limit:
            lines.append(f"  ... and {len(self.candidates) - limit} more")
        return "\n".join(lines)


class _Node:
    __slots__ = ("action", "children", "visits", "avail", "reward", "hint")

    def __init__(self, action=None):
        self.action = action  # the action leading here (one of the first position's Actions)
        self.children = {}   # action key -> _Node
        self.visits = 0
        self.avail = 0
        self.reward = 0.0    # summed reward of the seat that chose the action leading here
        self.hint = None     # the key of the greedy player's choice here (in the first position sampled)


def _key(action):
    return action[0], action[1], action[2]


def _chance(state):
    """A chance outcome drawn by its weight from the position's own stream (its seed, which the sampled
    position got new): the n-th games after two root actions see the same draws."""
    return state.advance(pick(state._outcomes(), state.seed, state.draws))


def rollout_policy(state, rng):
    """The rollouts' cheap player: the game's greedy player, or a random action a share `EPSILON` of the time."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if EPSILON and rng.random() < EPSILON:
        return legal[int(rng.random() * len(legal))]
    return greedy_policy(state, rng)


def _finish(state, rng, policy, limit):
    """Play to the end (or to `limit` decisions): (final state, whether it was cut)."""
    decisions = 0
    while True:
        who = state.to_move
        if who is None:
            return state, False
        if who == CHANCE:
            state = _chance(state)
            continue
        if decisions >= limit:
            return state, True
        decisions += 1
        state = state.advance(policy(state, rng))


def _outcome(state, cut):
    """(win share per seat, score sheet): the winners when the game is over, else the seats the game's
    `evaluate` values most (the provisional leaders where there is no `evaluate`)."""
    sheet = state.score()
    if cut:
        evaluate = getattr(state.game, "evaluate", None)
        values = ([evaluate(state, p) for p in range(len(state.players))] if evaluate is not None
                  else sheet.totals)
        top = max(values)
        winners = [p for p, v in enumerate(values) if v == top]
    else:
        winners = state.winners()
    share = 1.0 / len(winners)
    reward = [0.0] * len(state.players)
    for w in winners:
        reward[w] = share
    return reward, sheet


def _sampler(state):
    own = getattr(state.game, "determinize", None)
    if own is not None:
        return own
    return lambda s, player, rng: s._replace(seed=rng.getrandbits(48))


def _grow(state, player, iterations, seed, policy=None, horizon=None, cancel=None, progress=None, done_before=0,
          total=0):
    """Grow one tree of `iterations` iterations: {root action key: [visits, wins, margin, rows]} and the cut
    count. `progress(done, total)` and `cancel.is_set()` are looked at between iterations.

    Common random numbers: the n-th game after every root action is played on the same sampled position,
    with the same chance stream (its seed), so that two actions are compared on the same deals and dice."""
    rng = random.Random(seed)
    policy = policy or rollout_policy
    limit = min(horizon or ROLLOUT_LIMIT, ROLLOUT_LIMIT)
    determinize = _sampler(state)
    legal = state.legal_actions()
    roots = {_key(a): a for a in legal}
    stats = {k: [0, 0.0, 0.0, {}] for k in roots}
    root = _Node()
    root.hint = _key(greedy_policy(determinize(state, player, random.Random(game_seed(seed, -1))), rng)) \
        if len(legal) > 1 else _key(legal[0])
    cut_count = 0
    for done in range(iterations):
        if cancel is not None and cancel.is_set():
            break
        action, child, new = _choose(root, legal, rng)
        deal = random.Random(game_seed(seed, child.visits))   # the child's n-th game: the same deal for all
        s = determinize(state, player, deal).advance(action)
        path = [(child, player)]
        node = child
        rng_below = deal
        # selection and expansion below the root: down while every available child has been tried
        while not new:
            who = s.to_move
            if who is None:
                break
            if who == CHANCE:
                s = _chance(s)
                continue
            here = s.legal_actions()
            if node.hint is None:
                node.hint = _key(greedy_policy(s, rng_below)) if len(here) > 1 else _key(here[0])
            action, node, new = _choose(node, here, rng_below)
            path.append((node, who))
            s = s.advance(action)
        end, cut = _finish(s, rng_below, policy, limit)
        reward, sheet = _outcome(end, cut)
        cut_count += cut
        for node, who in path:
            node.visits += 1
            node.reward += reward[who]
        entry = stats[_key(path[0][0].action)]
        entry[0] += 1
        entry[1] += reward[player]
        totals = sheet.totals
        entry[2] += totals[player] - max((t for q, t in enumerate(totals) if q != player), default=0)
        rows = entry[3]
        for r in sheet.rows:
            sums = rows.get(r.category)
            if sums is None:
                sums = rows[r.category] = [0] * len(totals)
            sums[r.player] += r.points
        if progress is not None:
            progress(done_before + done + 1, total or iterations)
    packed = {k: (v[0], v[1], v[2], tuple((c, tuple(s)) for c, s in v[3].items())) for k, v in stats.items()}
    return packed, cut_count, root.hint


def _choose(node, legal, rng):
    """(action, child, whether the child is new): the greedy hint if untried, else another untried action at
    random, else the UCB1 choice among the available children."""
    untried, tried = [], []
    hint = node.hint
    children = node.children
    for a in legal:
        child = children.get(_key(a))
        if child is None:
            untried.append(a)
        else:
            child.avail += 1
            tried.append((a, child))
    if untried:
        action = next((a for a in untried if _key(a) == hint), None) or untried[int(rng.random() * len(untried))]
        child = children[_key(action)] = _Node(action)
        child.avail = 1
        return action, child, True
    action, child = _select(tried, hint)
    return action, child, False


def _select(tried, hint):
    """UCB1 over the available children, counting availability, with the greedy hint's fading bonus."""
    best, best_value = None, -1.0
    for a, child in tried:
        n = child.visits
        value = child.reward / n + EXPLORATION * math.sqrt(math.log(child.avail) / n)
        if _key(a) == hint:
            value += BIAS / (n + 1)
        if value > best_value:
            best, best_value = (a, child), value
    return best


def _merge(parts, roots):
    """Add up the root statistics of several trees."""
    merged = {k: [0, 0.0, 0.0, {}] for k in roots}
    for stats in parts:
        for k, (visits, wins, margin, rows) in stats.items():
            m = merged[k]
            m[0] += visits
            m[1] += wins
            m[2] += margin
            for cat, sums in rows:
                have = m[3].get(cat)
                m[3][cat] = list(sums) if have is None else [x + y for x, y in zip(have, sums)]
    return merged


def _trees(state, who, sizes, seeds, policy, horizon, executor, cancel, progress):
    """Grow the trees of these sizes and seeds, one after another (each reporting its progress, stopping
    at a cancel) or in parallel with `executor` (progress after each tree): their `_grow` results in order."""
    budget, done = sum(sizes), 0
    if executor is None:
        for size, tree_seed in zip(sizes, seeds):
            yield _grow(state, who, size, tree_seed, policy, horizon, cancel, progress, done, budget)
            done += size
            if cancel is not None and cancel.is_set():
                return
        return
    futures = [executor.submit(_grow, state, who, size, tree_seed, policy, horizon)
               for size, tree_seed in zip(sizes, seeds)]
    for size, fut in zip(sizes, futures):
        yield fut.result()
        done += size
        if progress is not None:
            progress(done, budget)


def analyse(state, budget: int = BUDGET, seed: int = 0, executor=None, progress=None, cancel=None,
            policy=None, horizon: int | None = None) -> Analysis:
    """Rank the legal actions of the player to move by Monte Carlo tree search (see the module's docstring).

    - `budget`: iterations (one sampled position, one walk down the tree, one rollout each);
    - `seed`: the search's own random stream (tree i of a large budget uses `game_seed(seed, i)`);
    - `executor`: grow the trees in parallel (the result is the same as without);
    - `progress(done, total)`: called as iterations finish (after each tree with an executor);
    - `cancel`: anything with `is_set()` (a `threading.Event`): the search stops at the next iteration and
      returns what it has, marked `cancelled`;
    - `policy`: the rollout player `f(state, rng)` (default `rollout_policy`);
    - `horizon`: end each rollout after this many decisions and judge it by the game's `evaluate` (cheaper,
      for a search used as a seat policy; the default plays every rollout to the end of the game).

    The state must be a decision of a player (not a chance node, not the end of the game), given in full
    (the teacher's position): the search itself only uses what that player sees.
    """
    who = state.to_move
    if who is None or who == CHANCE:
        raise ValueError("analyse needs a position where a player decides (not a chance node, not the end)")
    if getattr(state, "seed", 0) < 0:
        raise ValueError("analyse needs the full position (the teacher's), not a player's view: it samples what "
                         "the player to move cannot see itself")
    if type(budget) is not int or budget < 1:
        raise ValueError(f"the budget is a number of iterations (a positive int), not {budget!r}")
    started = time.perf_counter()
    legal = state.legal_actions()
    roots = {_key(a): a for a in legal}
    trees = -(-budget // TREE_SIZE)
    sizes = [budget // trees + (1 if i < budget % trees else 0) for i in range(trees)]
    seeds = [seed if trees == 1 else game_seed(seed, i) for i in range(trees)]
    parts, hints, cuts = [], [], 0
    for stats, cut, hint in _trees(state, who, sizes, seeds, policy, horizon, executor, cancel, progress):
        hints.append(hint)
        parts.append(stats)
        cuts += cut
    merged = _merge(parts, roots)
    candidates = [Candidate(roots[k], v[0], v[1], v[2], tuple((c, tuple(s)) for c, s in v[3].items()))
                  for k, v in merged.items()]
    order = {k: i for i, k in enumerate(roots)}
    candidates.sort(key=lambda c: (-c.win_rate, -c.visits, order[_key(c.action)]))
    iterations = sum(c.visits for c in candidates)
    hint = roots.get(hints[0]) if hints else None
    return Analysis(who, tuple(state.players), tuple(candidates), budget, iterations, seed,
                    time.perf_counter() - started, cuts, iterations < budget, hint)


class SearchPolicy:
    """A seat policy that plays the search's choice (`Analysis.choice`; for `simulate` and the Explorer's
    "let the computer play"): `SearchPolicy(budget=100)`. A forced move is played without a search; the
    search's seed comes from the caller's `rng`, so a seeded game stays reproducible. Picklable."""

    def __init__(self, budget: int = 100, horizon: int | None = None, policy=None):
        self.budget = budget
        self.horizon = horizon
        self.policy = policy   # the rollout player (default rollout_policy); a module-level function pickles

    def __call__(self, state, rng):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return analyse(state, self.budget, seed=rng.getrandbits(32), horizon=self.horizon,
                       policy=self.policy).choice.action

    def __repr__(self):
        return f"SearchPolicy(budget={self.budget}, horizon={self.horizon})"
