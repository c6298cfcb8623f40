"""The README's claim: a dask.distributed cluster runs `simulate` and `analyse` unchanged
(`executor=client.get_executor()`), with the same results as a local run with the same seed.

A LocalCluster of two worker processes on 127.0.0.1 (no dashboard) runs both; afterwards no worker process
is left.
"""
import logging
import multiprocessing
import os

import pytest

import mars_rules
from mars_rules.core import analyse, simulate
from mars_rules.core.search import TREE_SIZE

distributed = pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed "
                                  "(it is in requirements.txt: .venv/bin/pip install -r requirements.txt)")


def _alive(pid):
    """Whether process `pid` still runs (a zombie waiting to be reaped counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def test_a_local_dask_cluster_runs_simulate_and_analyse_unchanged():
    # one test, one cluster: the suite's processes (pytest-xdist) take a test each, so a fixture shared by
    # several tests could start a cluster in each process
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=logging.ERROR,
                                       # no dashboard, and the scheduler's health page on any free port
                                       scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
    pids = []
    try:
        with distributed.Client(cluster) as client:
            client.wait_for_workers(2)
            pids = list(client.run(os.getpid).values())
            assert len(set(pids)) == 2 and os.getpid() not in pids  # two worker processes, not this one
            executor = client.get_executor()
            for name in ("ruins", "ruins_of_mars"):
                start = mars_rules.load(name).new_game(players=2, seed=5)
                here = simulate(start, n=4, seed=2, executor=None)
                there = simulate(start, n=4, seed=2, executor=executor)
                assert there.records == here.records and not there.notes  # not: ran here, unpicklable

            state = mars_rules.load("mars_colony").new_game(players=2, seed=5)
            while state.to_move == mars_rules.CHANCE:
                state = state.resolve_chance()
            budget = TREE_SIZE + 2  # two trees, grown on the two workers
            here = analyse(state, budget=budget, seed=2, horizon=10)
            there = analyse(state, budget=budget, seed=2, horizon=10, executor=executor)
            assert [(c.action, c.visits, c.wins) for c in there.candidates] == \
                [(c.action, c.visits, c.wins) for c in here.candidates]
            assert there.candidates == here.candidates and there.iterations == budget
    finally:
        cluster.close()
    assert cluster.status.name == "closed"
    multiprocessing.active_children()  # reaps the finished worker processes
    assert pids and not [pid for pid in pids if _alive(pid)], "a dask worker process is still running"
