"""How many threads the engine's next generations get: as many as the machine has free cores for.

The engine on several threads meets them once a generation. A thread that has
to wait for a core another program holds makes every generation wait for it:
with OpenMP's default, spinning threads (each spins for its partner before it
sleeps, burning the very core the partner needs) two threads ran at 0.01 to
0.13 of one thread's speed beside other work (issue 38). So:

* the wait is passive (OMP_WAIT_POLICY=passive; KMP_BLOCKTIME=0 for Intel's
  runtime): a thread with nothing to do sleeps at once, and gives its core
  back. Set before Numba starts its threads, unless the user chose otherwise;
* a lattice too small to pay for a meeting each generation gets one thread;
* the cores are counted free from what they did since the last look: the
  busy time of the cores this process may use (/proc/stat), less this
  process's own CPU time, is what other programs took. Two threads only when
  the others left a whole core beside the first; else one. The first look,
  before there is an interval to measure, takes the load average.

A user cannot choose the load, so the choice is remade for each call of the
engine that lasts long enough to measure: the engine follows the machine.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

for _name, _value in (("OMP_WAIT_POLICY", "passive"), ("KMP_BLOCKTIME", "0")):
    os.environ.setdefault(_name, _value)  # read by the OpenMP runtime when Numba first loads it

PARALLEL_CELLS = 1024 * 1024
"""The smallest lattice shared between threads: a generation of it takes about half a millisecond
on one core, against some microseconds for the threads' meeting with a passive wait. On 256 x 256
(30 µs a generation) two threads beside other work ran at 0.31 of one."""
SPARE_CORE = 0.75
"""Another thread is started only if the other programs left this much of a core beside the ones
this process's threads take (a core they use a quarter of makes a partner wait a quarter of a
generation)."""
SHORTEST_LOOK = 0.1
"""Seconds between two looks at the cores: /proc/stat counts in hundredths of a second."""


@dataclass(frozen=True)
class Sample:
    """What the cores and this process had done by a moment."""

    wall: float
    busy: float
    """Seconds the cores this process may use were busy, by anyone."""
    own: float
    """Seconds of CPU this process used, in all its threads."""


def cores() -> list[int]:
    """The cores this process may run on (a container may hold it to fewer than the machine has)."""
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return list(range(os.cpu_count() or 1))


def busy_seconds(on: Sequence[int], stat: str = "/proc/stat") -> float | None:
    """Seconds the cores `on` have been busy since boot (all but idle and I/O wait); None where
    the kernel does not say."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    wanted = {f"cpu{core}" for core in on}
    total = 0
    try:
        with open(stat, encoding="ascii") as lines:
            for line in lines:
                name, *figures = line.split()
                if name in wanted:
                    values = [int(figure) for figure in figures]
                    total += sum(values) - values[3] - (values[4] if len(values) > 4 else 0)
    except (OSError, ValueError, IndexError):
        return None
    return total / ticks


def sample(on: Sequence[int]) -> Sample | None:
    busy = busy_seconds(on)
    return None if busy is None else Sample(time.monotonic(), busy, time.process_time())


def threads_for_free_cores(others: float, available: int) -> int:
    """Threads for a machine whose other programs keep `others` of the `available` cores busy: one,
    and one more for each whole core they leave (with SPARE_CORE of one counted whole)."""
    free = available - others
    return max(1, min(available, int(free + (1 - SPARE_CORE))))


class ThreadChoice:
    """The threads an engine's calls get, looked at again after each call long enough to measure."""

    def __init__(
        self,
        cells: int,
        most: int,
        look: Callable[[Sequence[int]], Sample | None] = sample,
        load: Callable[[], float] = lambda: os.getloadavg()[0],
    ) -> None:
        self._on = cores()
        self.most = min(most, len(self._on)) if cells >= PARALLEL_CELLS else 1
        self._look = look
        self._last = look(self._on) if self.most > 1 else None
        self.threads = self._first_guess(load) if self.most > 1 else 1

    def _first_guess(self, load: Callable[[], float]) -> int:
        try:
            others = load()
        except OSError:  # pragma: no cover - no load average on this system
            return 1
        return min(self.most, threads_for_free_cores(others, len(self._on)))

    def after_a_call(self) -> int:
        """The threads for the next call, from what the cores did since the last look."""
        if self.most < 2 or self._last is None:
            return self.threads
        now = self._look(self._on)
        if now is None or now.wall - self._last.wall < SHORTEST_LOOK:
            return self.threads
        interval = now.wall - self._last.wall
        others = max(0.0, (now.busy - self._last.busy) - (now.own - self._last.own)) / interval
        self._last = now
        self.threads = min(self.most, threads_for_free_cores(others, len(self._on)))
        return self.threads
