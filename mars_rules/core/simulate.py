"""What-if experiments: play many games from one position, compare candidate actions.

>>> import mars_rules
>>> from mars_rules.core import simulate
>>> game = mars_rules.load("ruins_of_mars")
>>> result = simulate(game.new_game(players=2, seed=1), n=4, seed=1)
>>> len(result.winners), sum(result.win_rates()) > 0
(4, True)
"""
from __future__ import annotations

import hashlib
import math
import os
import pickle
import statistics
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import NamedTuple

from .playout import playout, random_policy

PARALLEL_FROM = 200
"""With no executor given, runs of at least this many games use a process pool."""


def game_seed(seed: int, index: int) -> int:
    """The chance seed of game `index` of a run seeded `seed` (stable across processes)."""
    digest = hashlib.blake2b(b"sim:%d:%d" % (seed, index), digest_size=6).digest()
    return int.from_bytes(digest, "big")


class GameRecord(NamedTuple):
    index: int
    winners: tuple
    totals: tuple
    length: int
    metric: object


class SimulationResult(NamedTuple):
    """The outcome of `simulate`: one GameRecord per game, in game order, and notes."""

    players: tuple
    records: tuple
    notes: tuple = ()

    @property
    def winners(self):
        return [r.winners for r in self.records]

    @property
    def lengths(self):
        return [r.length for r in self.records]

    @property
    def totals(self):
        return [r.totals for r in self.records]

    @property
    def metrics(self):
        return [r.metric for r in self.records]

    def win_rates(self) -> tuple:
        """Each seat's share of wins (a shared win counts as a fraction)."""
        wins = [0.0] * len(self.players)
        for r in self.records:
            for w in r.winners:
                wins[w] += 1 / len(r.winners)
        n = max(1, len(self.records))
        return tuple(w / n for w in wins)

    def win_interval(self, player: int, z: float = 1.96) -> tuple:
        """A Wilson 95% confidence interval for `player`'s win rate."""
        return wilson(self.win_rates()[player] * len(self.records), len(self.records), z)

    def summary(self) -> str:
        lines = [f"{len(self.records)} games; median length {median(self.lengths)} actions"]
        for p, name in enumerate(self.players):
            lo, hi = self.win_interval(p)
            lines.append(f"  {name}: wins {self.win_rates()[p]:.1%} (95% CI {lo:.1%}-{hi:.1%})")
        lines.extend(self.notes)
        return "\n".join(lines)


def median(values):
    """`statistics.median` of the values, 0 when there are none.

    >>> median([3, 1, 2, 10]), median([])
    (2.5, 0)
    """
    values = list(values)
    return statistics.median(values) if values else 0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _play_one(state, index, seed, policies, metric):
    start = state._replace(seed=game_seed(seed, index))
    count = [0]

    def counter(_state, _action):
        count[0] += 1

    end = playout(start, policies, seed=game_seed(seed + 1, index), on_step=counter)
    return GameRecord(index, tuple(end.winners()), tuple(end.score().totals), count[0],
                      metric(end) if metric else None)


def _run_chunk(state, indices, seed, policies, metric):
    return [_play_one(state, i, seed, policies, metric) for i in indices]


def _picklable(*objects) -> bool:
    try:
        pickle.dumps(objects)
        return True
    except Exception:
        return False


def simulate(state, n: int, policies=None, seed: int = 0, executor: Executor | None = None,
             metric=None, progress=None) -> SimulationResult:
    """Play `n` games from `state` to the end and collect winners, score totals, lengths and metrics.

    - `policies`: None (random play), one policy `f(state, rng) -> Action`, or a list with one per seat.
    - `seed`: game i uses chance seed `game_seed(seed, i)`: the same seed gives the same results
      whatever the executor.
    - `executor`: any `concurrent.futures.Executor` (a dask `Client.get_executor()` too); by default a
      process pool when n >= PARALLEL_FROM. Policies or metrics that cannot be pickled (a lambda
      written in a notebook) run in this process, with a note in the result.
    - `metric(final_state)`: any per-game value to collect.
    - `progress`: True for a text bar on stderr, or a callable progress(done, total).
    """
    notes = []
    if progress is True:
        progress = _text_progress
    if executor is None and n >= PARALLEL_FROM and (os.cpu_count() or 1) > 1:
        executor = "pool"
    if executor is not None and not _picklable(state, policies, metric):
        notes.append("note: a policy or metric could not be pickled (a lambda?), so the games ran in this "
                      "process; define it in a module to run in parallel.")
        executor = None
    records = []
    if executor is None:
        for i in range(n):
            records.append(_play_one(state, i, seed, policies, metric))
            if progress:
                progress(i + 1, n)
    else:
        own = executor == "pool"
        pool = ProcessPoolExecutor(max_workers=os.cpu_count()) if own else executor
        try:
            size = max(1, min(50, n // (4 * (os.cpu_count() or 1)) or 1))
            chunks = [range(i, min(n, i + size)) for i in range(0, n, size)]
            futures = [pool.submit(_run_chunk, state, list(c), seed, policies, metric) for c in chunks]
            for fut in futures:
                records.extend(fut.result())
                if progress:
                    progress(len(records), n)
        finally:
            if own:
                pool.shutdown()
    records.sort(key=lambda r: r.index)
    return SimulationResult(tuple(state.players), tuple(records), tuple(notes))


def _text_progress(done, total):
    width = 30
    filled = width * done // max(1, total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        sys.stderr.write("\n")


class Comparison(NamedTuple):
    action: object
    player: int
    result: SimulationResult

    @property
    def win_rate(self) -> float:
        return self.result.win_rates()[self.player]

    @property
    def interval(self) -> tuple:
        return self.result.win_interval(self.player)

    @property
    def mean_margin(self) -> float:
        """Mean of (player's total - best other total) at the end."""
        margins = [t[self.player] - max((x for i, x in enumerate(t) if i != self.player), default=0)
                   for t in self.result.totals]
        return statistics.fmean(margins) if margins else 0.0


def compare(state, actions, n: int, policies=None, seed: int = 0, executor=None, player=None,
            metric=None) -> list:
    """Play each candidate action from `state`, then `n` games each with common random numbers.

    Returns one Comparison per action (win rate of `player`, default the player to move, with a 95%
    interval, and the mean final margin). The same game seeds are used for every action.
    """
    if player is None:
        player = state.to_move
    out = []
    for action in actions:
        after = state.apply(action)
        out.append(Comparison(action, player, simulate(after, n, policies, seed, executor, metric)))
    return out


def format_comparison(rows) -> str:
    """A small text table of `compare` results."""
    lines = []
    for c in rows:
        lo, hi = c.interval
        lines.append(f"{str(c.action)[:60]:60}  win {c.win_rate:6.1%}  [{lo:.1%}, {hi:.1%}]  "
                     f"margin {c.mean_margin:+.1f}")
    return "\n".join(lines)


def greedy_policy(state, rng):
    """The game's greedy player: its own `greedy(state, rng)` when the game module has one (a game whose
    decisions come in sub-steps plays better with its own), else one-ply greedy play: the action after
    which my position evaluates best.

    The evaluation is the game's `evaluate(state, player)` when it has one, else my provisional
    score minus the best other provisional score. Ties are broken at random.
    """
    own = getattr(state.game, "greedy", None)
    if own is not None:
        return own(state, rng)
    return one_ply_policy(state, rng)


def one_ply_policy(state, rng):
    """One-ply greedy play on the game's `evaluate` (or the provisional score margin), whatever the
    game's own greedy player is: the action after which my position evaluates best, ties at random."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_move
    evaluate = getattr(state.game, "evaluate", None) or _score_margin
    best, best_value = [], None
    for action in legal:
        value = evaluate(state.advance(action), me)
        if best_value is None or value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[int(rng.random() * len(best))]


def _score_margin(state, player):
    totals = state.score().totals
    others = [t for i, t in enumerate(totals) if i != player]
    return totals[player] - (max(others) if others else 0)


POLICIES = {"random": random_policy, "greedy": greedy_policy, "one_ply": one_ply_policy}
