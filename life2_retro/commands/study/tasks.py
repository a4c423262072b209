"""The study's unit of work: some runs of one point, each from its own seed, done anywhere.

A point is everything a run depends on; a run's seed is drawn from the
study's seed, the point and the run's number alone. So a result never depends
on how the runs were shared out: one process, `--jobs N` or a Dask cluster
give the same numbers, and two experiments that need the same point share its
runs.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass

from ...automata.rules import VARIANTS, rules_for
from ...automata.runs import RunEnd, soup_run
from ...automata.soup import BOUNDARIES


@dataclass(frozen=True, order=True)
class Point:
    size: int
    boundary: str
    density: float
    variant: str = "0"
    colours: int = 2
    """1: every token white, which makes p2life Conway's Life (for comparison)."""
    cap: int = 20_000
    period_bound: int = 64

    def seed_key(self, run: int) -> tuple[int, ...]:
        """Everything but the colours: Conway's soups are p2life's, every token made white."""
        return (
            self.size,
            BOUNDARIES.index(self.boundary),
            round(self.density * 1_000_000),
            list(VARIANTS).index(self.variant),
            self.cap,
            self.period_bound,
            run,
        )


@dataclass(frozen=True)
class Task:
    point: Point
    first: int
    count: int
    seed: int


def run_task(task: Task) -> list[RunEnd]:
    """Runs first .. first + count - 1 of the task's point (called in a worker)."""
    import numpy as np

    point = task.point
    rules = rules_for(point.variant)
    white_share = 0.5 if point.colours == 2 else 1.0
    wanted = _still_wanted_on_dask()
    return [
        soup_run(
            point.size,
            point.density,
            point.boundary,
            np.random.SeedSequence(task.seed, spawn_key=point.seed_key(run)),
            rules,
            point.period_bound,
            point.cap,
            white_share,
            wanted,
        )
        for run in range(task.first, task.first + task.count)
    ]


def _still_wanted_on_dask() -> Callable[[], bool] | None:
    """On a Dask worker, whether the scheduler still wants the task this thread runs; None elsewhere.

    Dask cannot stop a thread: a study stopped by a signal cancels its tasks, and a worker marks the
    one it is running as cancelled and lets it run on, for as long as its runs take. So the runs ask
    between generations, and give up. Elsewhere nobody need ask: a pool's workers are killed, and
    this process is stopped by the signal itself. Dask is not imported to find out (a pool's worker
    would spend a second on it): a Dask worker has imported it already."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return None
    try:
        worker = distributed.get_worker()
    except ValueError:  # not in a task of a Dask worker
        return None
    from dask.context import thread_state  # the key of the task this thread runs (distributed.utils)

    key = thread_state.key
    tasks = worker.state.tasks

    def wanted() -> bool:
        state = tasks.get(key)
        return state is not None and state.state in ("executing", "long-running")

    return wanted


def worker_starts(study: int) -> None:
    """A pool's worker, before its first task: Ctrl-C and a closed terminal's SIGHUP are the study's
    to handle, not each worker's (a terminal sends them to them all), and the worker dies with the
    study whatever kills it.

    The worker was started with SIGINT, SIGTERM and SIGHUP held (execution.Pooled): it ignores
    SIGINT and SIGHUP, then lets them through, SIGTERM ending it at once as it always does.
    `study`: the study's process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # a closed terminal's, sent to the whole job
    signal.pthread_sigmask(signal.SIG_UNBLOCK, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
    _die_with(study)


def _die_with(study: int) -> None:
    """Linux: SIGKILL this process when the study that started it dies, even by SIGKILL (which
    leaves it no time to kill its workers); elsewhere nothing."""
    import ctypes
    import ctypes.util

    if not sys.platform.startswith("linux"):
        return
    pr_set_pdeathsig = 1
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != study:  # the study died before the call above: it cannot be told any more
        os.kill(os.getpid(), signal.SIGKILL)


CELLS_PER_TASK = 1 << 18
"""A task is about a quarter of a million cells' worth of runs: big enough to hide a worker's
hand-off, small enough that the cores share the work evenly and the progress bar moves."""


def tasks_for(
    point: Point, runs: int, seed: int, runs_per_task: int | None = None, done: Collection[int] = ()
) -> list[Task]:
    """The point's runs 0 .. runs - 1 that are not `done` (kept from a study stopped before) as
    tasks of runs in a row: `runs_per_task` each at most, or a quarter million cells'."""
    per_task = runs_per_task or max(1, CELLS_PER_TASK // (point.size * point.size))
    spans: list[list[int]] = []  # [first, count]
    for run in range(runs):
        if run in done:
            continue
        if spans and sum(spans[-1]) == run and spans[-1][1] < per_task:
            spans[-1][1] += 1
        else:
            spans.append([run, 1])
    return [Task(point, first, count, seed) for first, count in spans]
