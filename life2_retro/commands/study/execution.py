"""Where the runs are done: in this process, on every core (`--jobs N`), or on a Dask cluster.

A runner hands back each task's runs as they finish. In this process the tasks
are run one after another as they are asked for, a run at a time, so the bar
moves run by run and a signal stops the run in progress at once. The cores and
the cluster are a `concurrent.futures.Executor` each (a process pool, and the
one Dask's client hands out): the study submits its tasks and collects them as
they complete the same way on both, so the cluster runs exactly the code the
tests run on one core.

A study stopped by Ctrl-C or SIGTERM (stopping.py) leaves nothing behind: the
pool's workers are killed and waited for (the resource tracker, which they
share, then ends by itself), the cluster's tasks are cancelled, and a task a
Dask worker is running gives up at its next few generations (tasks.py).
"""

from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...automata.runs import RunEnd
from .scheduler import StudyError, check_scheduler
from .stopping import Stopped, signals_held, stop_on_signals
from .tasks import Point, Task, run_task, tasks_for, worker_starts

CONNECT_SECONDS = 10
STOP_SECONDS = 5.0
"""How long the clean-up after a signal waits for a killed worker, or for Dask, before going on."""

__all__ = ["CONNECT_SECONDS", "Outcome", "StudyError", "Stopped", "run_points"]


class Runner(Protocol):
    runs_per_task: int | None
    """Runs in one task: 1 in this process (nothing to hand off); None, the tasks' own size."""

    def results(self, tasks: Sequence[Task]) -> Iterator[tuple[Task, list[RunEnd]]]:
        """Each task with its runs, as they finish."""
        ...


class InProcess:
    """Runs each task when it is asked for, in this process: one core, no workers to start."""

    runs_per_task: int | None = 1

    def results(self, tasks: Sequence[Task]) -> Iterator[tuple[Task, list[RunEnd]]]:
        for task in tasks:
            yield task, run_task(task)


class Pooled:
    """Every task submitted at once to an executor, collected as each completes."""

    runs_per_task: int | None = None

    def __init__(self, executor: cf.Executor) -> None:
        self.executor = executor
        self.finished_when_stopped: list[tuple[Task, list[RunEnd]]] = []

    def results(self, tasks: Sequence[Task]) -> Iterator[tuple[Task, list[RunEnd]]]:
        # the pool starts its workers as tasks are submitted: they are born with the signals held,
        # so none is half started when the study stops, and Ctrl-C never reaches one before it has
        # learnt to ignore it (tasks.worker_starts)
        with signals_held():
            futures = {self.executor.submit(run_task, task): task for task in tasks}
        try:
            for future in cf.as_completed(futures):
                yield futures[future], future.result()
        except Stopped:
            # tasks that finished while the signal came, their results not yet handed over: they are
            # the study's to keep (a Dask worker's result is fetched, briefly; a pool's is here)
            self.finished_when_stopped = list(_done_results(futures, SALVAGE_SECONDS))
            raise


SALVAGE_SECONDS = 0.5
"""How long a stopped study spends fetching results that finished as the signal came."""


def _done_results(
    futures: dict[cf.Future[list[RunEnd]], Task], seconds: float
) -> Iterator[tuple[Task, list[RunEnd]]]:
    """Each future already done, with its result, within `seconds` in all; a result that cannot be had
    (cancelled, failed, or its worker gone) is left out."""
    deadline = time.monotonic() + seconds
    for future, task in futures.items():
        left = deadline - time.monotonic()
        if left <= 0:
            return
        if future.done() and not future.cancelled():
            try:
                yield task, future.result(timeout=left)
            except Exception:  # a result lost in the stop is a run not kept, no more
                continue


@contextmanager
def runner(jobs: int, scheduler: str | None) -> Iterator[Runner]:
    """The runner for `--jobs` and `--scheduler`; StudyError if the scheduler cannot be reached."""
    if scheduler is not None:
        with _dask(scheduler) as dask_executor:
            yield Pooled(dask_executor)
    elif jobs > 1:
        with _process_pool(jobs) as pool:
            yield Pooled(pool)
    else:
        yield InProcess()


@contextmanager
def _process_pool(jobs: int) -> Iterator[cf.ProcessPoolExecutor]:
    # spawn, not fork: a worker starts clean, with no threads or compiled state of ours half-copied.
    # Made with the signals held: the pool starts multiprocessing's resource tracker, which is born
    # with them held and lets only SIGINT and SIGTERM through. So the SIGHUP of a closed terminal,
    # sent to the whole job, does not kill it: killed, it was started again by the pool's clean-up
    # and printed a traceback for each semaphore it had never heard of, and the one it knew leaked.
    with signals_held():
        pool = cf.ProcessPoolExecutor(
            jobs,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_starts,
            initargs=(os.getpid(),),
        )
    try:
        yield pool
    except BaseException:
        _kill_pool(pool)
        raise
    with signals_held():  # the workers are told to end: a signal now would leave them half told
        pool.shutdown(wait=True)


def _kill_pool(pool: cf.ProcessPoolExecutor) -> None:
    """End the pool now: its workers killed, not left to finish their tasks (shutdown would wait for
    every task submitted). Python 3.14 has kill_workers(); before it, the pool's own table of them."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for worker in workers:
        worker.kill()
    pool.shutdown(wait=True, cancel_futures=True)
    for worker in workers:
        worker.join(STOP_SECONDS)


@contextmanager
def _logs_held() -> Iterator[None]:
    """Dask's client logs each step of a scheduler going away (dozens of lines, tracebacks among
    them) while it tries to reconnect; the study says in one line what became of it, as it does of
    every other way it can end, and has nothing else to log."""
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(logging.NOTSET)


@contextmanager
def _dask(address: str) -> Iterator[cf.Executor]:
    check_scheduler(address, CONNECT_SECONDS)
    with _logs_held(), _client_executor(address) as executor:
        yield executor


@contextmanager
def _client_executor(address: str) -> Iterator[cf.Executor]:
    from distributed import Client

    with signals_held():  # a client half made by a signal complains at exit
        try:
            client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise StudyError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        # pure=False: every task is new work, never a result Dask thinks it has already
        executor = client.get_executor(pure=False)
        try:
            yield executor
        except BaseException:
            # a task that finished as the signal came is still being gathered: closing the client
            # ends that gather, and tornado logs the closed stream as an error with its traceback,
            # perhaps after the client has closed. The study is ending on purpose: that is no error.
            logging.getLogger("tornado.application").setLevel(logging.CRITICAL)
            executor.shutdown(wait=False)  # cancels every task not yet done
            raise
    finally:
        with signals_held():
            client.close(timeout=STOP_SECONDS)


@dataclass(frozen=True)
class Outcome:
    """What the study's runs came to."""

    results: dict[Point, list[RunEnd]]
    """Each point's runs from run 0 on: all it needs, or after a signal as many as finished in a row
    from run 0, so that a point's partial row is the row a study with that many runs gives."""
    asked: int
    finished: int
    """Runs finished, also those after a gap (which a partial table leaves out), and those kept."""
    stopped: Stopped | None = None
    lost: str | None = None
    """Why the study could not go on (its Dask scheduler went away); None if nothing was lost."""
    runs: dict[Point, dict[int, RunEnd]] = field(default_factory=dict)
    """Every run finished, by number: what a study stopped early keeps for the next (journal.py)."""

    @property
    def whole(self) -> bool:
        return self.stopped is None and self.lost is None


def run_points(
    needs: dict[Point, int],
    seed: int,
    jobs: int,
    scheduler: str | None,
    progress: bool,
    kept: dict[Point, dict[int, RunEnd]] | None = None,
) -> Outcome:
    """`runs` runs of each point, numbered from 0, with a progress bar over them all; a signal ends
    the work early, with the runs that finished. `kept`: runs a study stopped before finished,
    which are not made again."""
    runs: dict[Point, dict[int, RunEnd]] = {point: dict((kept or {}).get(point, {})) for point in needs}
    stopped: Stopped | None = None
    lost: str | None = None
    with stop_on_signals() as received:
        try:
            with runner(jobs, scheduler) as chosen:
                tasks = [
                    task
                    for point, count in sorted(needs.items())
                    for task in tasks_for(point, count, seed, chosen.runs_per_task, runs[point])
                ]
                already = sum(len(numbered) for numbered in runs.values())
                with _bar(sum(needs.values()), already, progress) as bar:
                    try:
                        for task, ends in chosen.results(tasks):
                            _record(runs, task, ends)
                            bar(task.count)
                    except Stopped:
                        for task, ends in getattr(chosen, "finished_when_stopped", ()):
                            _record(runs, task, ends)
                        raise
        except Stopped as stop:
            stopped = stop
        except cf.BrokenExecutor as exc:
            if not received:  # a worker killed from outside the study
                raise StudyError(f"a worker process ended before its work was done: {exc}") from None
            stopped = Stopped(received[0])  # the signal that stopped the study reached the workers first
        except (cf.CancelledError, OSError) as exc:
            if scheduler is None or received:
                raise
            # the client gave up on a scheduler that stopped answering, and cancelled every task
            lost = f"lost the Dask scheduler at {scheduler} ({_said(exc, 'it stopped answering')})"
    results: dict[Point, list[RunEnd]] = {}
    for point, count in needs.items():  # each point's runs in a row from run 0, up to its first gap
        numbered = runs[point]
        in_a_row = 0
        while in_a_row < count and in_a_row in numbered:
            in_a_row += 1
        results[point] = [numbered[run] for run in range(in_a_row)]
    finished = sum(len(numbered) for numbered in runs.values())
    return Outcome(results, sum(needs.values()), finished, stopped, lost, runs)


def _record(runs: dict[Point, dict[int, RunEnd]], task: Task, ends: list[RunEnd]) -> None:
    runs[task.point].update(zip(range(task.first, task.first + task.count), ends, strict=True))


def _said(exc: BaseException, otherwise: str) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else otherwise


@contextmanager
def _bar(total: int, already: int, shown: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr (tqdm), shown only on a terminal and only when asked for."""
    if not shown:
        yield lambda count: None
        return
    from tqdm import tqdm

    bar: Any
    with tqdm(
        total=total, initial=already, unit="run", desc="life2 study", disable=None, smoothing=0.05
    ) as bar:
        yield bar.update
