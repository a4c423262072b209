"""Where the runs are done: in this process, on every core (`--jobs N`), or on a Dask cluster.

All three are a `concurrent.futures.Executor`: this process's is a trivial one,
the cores' a process pool, and Dask's the one its client hands out
(`Client.get_executor`). The study submits its tasks and collects them as they
complete the same way on each, so the cluster runs exactly the code the tests
run on one core.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ...automata.runs import RunEnd
from .tasks import Point, Task, run_task

CONNECT_SECONDS = 10


class StudyError(Exception):
    """Something a person must fix before the study can run (a scheduler out of reach)."""


class InProcess(cf.Executor):
    """Runs each call as it is submitted: one core, no workers to start."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future:
        future: cf.Future = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to whoever asks for the result, as a pool would
            future.set_exception(exc)
        return future


@contextmanager
def executor(jobs: int, scheduler: str | None) -> Iterator[cf.Executor]:
    """The executor for `--jobs` and `--scheduler`; StudyError if the scheduler cannot be reached."""
    if scheduler is not None:
        with _dask(scheduler) as dask_executor:
            yield dask_executor
    elif jobs > 1:
        # spawn, not fork: a worker starts clean, with no threads or compiled state of ours half-copied
        with cf.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            yield pool
    else:
        yield InProcess()


@contextmanager
def _dask(address: str) -> Iterator[cf.Executor]:
    try:
        from distributed import Client
    except ImportError:
        raise StudyError('--scheduler needs Dask: pip install "life2-retro[dask]"') from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise StudyError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        # pure=False: every task is new work, never a result Dask thinks it has already
        yield client.get_executor(pure=False)
    finally:
        client.close()


def run_points(
    needs: dict[Point, int],
    seed: int,
    jobs: int,
    scheduler: str | None,
    progress: bool,
) -> dict[Point, list[RunEnd]]:
    """`runs` runs of each point, numbered from 0, with a progress bar over them all."""
    from .tasks import tasks_for

    tasks: list[Task] = [
        task for point, runs in sorted(needs.items()) for task in tasks_for(point, runs, seed)
    ]
    done: dict[Task, list[RunEnd]] = {}
    with executor(jobs, scheduler) as pool, _bar(sum(task.count for task in tasks), progress) as bar:
        futures = {pool.submit(run_task, task): task for task in tasks}
        for future in cf.as_completed(futures):
            task = futures[future]
            done[task] = future.result()
            bar(task.count)
    results: dict[Point, list[RunEnd]] = {point: [] for point in needs}
    for task in tasks:  # in run order, whatever order they completed in
        results[task.point].extend(done[task])
    return results


@contextmanager
def _bar(total: int, shown: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (tqdm), shown only on a terminal and only when asked for."""
    if not shown:
        yield lambda count: None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="run", desc="life2 study", disable=None, smoothing=0.05) as bar:
        yield bar.update
