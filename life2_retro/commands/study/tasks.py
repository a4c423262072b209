"""The study's unit of work: some runs of one point, each from its own seed, done anywhere.

A point is everything a run depends on; a run's seed is drawn from the
study's seed, the point and the run's number alone. So a result never depends
on how the runs were shared out: one process, `--jobs N` or a Dask cluster
give the same numbers, and two experiments that need the same point share its
runs.
"""

from __future__ import annotations

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
        )
        for run in range(task.first, task.first + task.count)
    ]


CELLS_PER_TASK = 1 << 18
"""A task is about a quarter of a million cells' worth of runs: big enough to hide a worker's
hand-off, small enough that the cores share the work evenly and the progress bar moves."""


def tasks_for(point: Point, runs: int, seed: int) -> list[Task]:
    per_task = max(1, CELLS_PER_TASK // (point.size * point.size))
    return [Task(point, first, min(per_task, runs - first), seed) for first in range(0, runs, per_task)]
