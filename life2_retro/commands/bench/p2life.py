"""`life2 bench --game p2life`: cell-updates per CPU-second of each way of running p2life, side by side.

On each lattice, from the same soup and the same coin stream: the engine
(Numba, bit-planes) on one core and on all of them, the same bit-plane logic
run by NumPy, the plain NumPy reference (shifted arrays of counts) and the
pure-Python single-cell model. Each is timed for at least half a CPU-second
(the pure-Python model for one generation), after one untimed generation that
loads the compiled code. Before the figures, each lattice's results are
checked: the engine equals the reference generation by generation, and the
pure-Python model's generation equals the reference's.

The figures are per CPU-second, which another process on the machine does not
change (a figure per wall second falls with every process that shares the
cores), and the CPU they were taken on is printed with them. Each way is
charged the CPU time of what did its work: the thread that steps it, for all
but the engine on several cores, whose work is done by Numba's threads, so it
is charged the CPU time of every thread of the process (their waiting
included). Wall-second figures follow, for the cores' speed-up.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from .machine import describe

SIDES = (64, 256, 1024)
DENSITY = 0.5
BOUNDARY = "periodic"
MIN_SECONDS = 0.5
CHECKED_GENERATIONS = 5
GOAL = 1e9

CpuClock = Callable[[], float]


@dataclass(frozen=True)
class Rate:
    """Cell-updates a second, by the CPU time charged and by the wall clock."""

    cpu: float
    wall: float


def _rate(make: Callable[[], Any], cells: int, clock: CpuClock = time.thread_time) -> Rate:
    """Cell-updates per CPU-second (by `clock`) and per wall second of the engine `make` returns,
    stepped from its soup until it has had MIN_SECONDS of CPU time."""
    engine = make()
    engine.step()  # loads the compiled code, and fills the caches
    generations, cpu_started, wall_started = 0, clock(), time.perf_counter()
    while True:
        engine.step()
        generations += 1
        cpu = clock() - cpu_started
        if cpu >= MIN_SECONDS and generations >= 3:
            wall = time.perf_counter() - wall_started
            return Rate(cells * generations / cpu, cells * generations / wall)


def _check(soup: Any, seed: int) -> None:
    """The engine (both ways) and the NumPy bit-planes equal the reference generation by generation."""
    import numpy as np

    from ...automata.engine import Engine
    from ...automata.numpy_planes import NumpyPlanes
    from ...automata.reference import ReferenceEngine

    reference = ReferenceEngine(soup, BOUNDARY, seed)
    others: list[Engine | NumpyPlanes] = [
        Engine(soup, BOUNDARY, seed),
        Engine(soup, BOUNDARY, seed, parallel=True),
    ]
    others.append(NumpyPlanes(soup, BOUNDARY, seed))
    for _ in range(CHECKED_GENERATIONS):
        after = reference.step()
        for other in others:
            other.step()
            if not np.array_equal(other.lattice, after):
                raise AssertionError(f"{type(other).__name__} differs from the reference")


def bench(seed: int = 1, sides: tuple[int, ...] | None = None) -> int:
    import numba
    import numpy as np

    from ...automata.engine import Engine
    from ...automata.model import ModelEngine
    from ...automata.numpy_planes import NumpyPlanes
    from ...automata.reference import ReferenceEngine
    from ...automata.soup import random_soup

    cores = numba.get_num_threads()
    print(
        f"life2 bench --game p2life: cell-updates per CPU-second; soups of density {DENSITY} "
        f"(seed {seed}), {BOUNDARY} boundary; timed side by side in one run"
    )
    print(f"  on {describe()}")
    columns = [
        "engine, 1 core",
        f"engine, {cores} cores",
        "NumPy bit-planes",
        "NumPy reference",
        "pure Python",
    ]
    figures: dict[int, list[Rate]] = {}
    for side in sides or SIDES:
        rng = np.random.default_rng(seed)
        soup = random_soup((side, side), DENSITY, rng)
        coin_seed = int(rng.integers(2**63))
        _check(soup, coin_seed)
        single = ModelEngine(soup.tolist(), BOUNDARY, coin_seed)
        cpu_started, wall_started = time.thread_time(), time.perf_counter()
        single.step()
        cpu, wall = time.thread_time() - cpu_started, time.perf_counter() - wall_started
        model_rate = Rate(side * side / cpu, side * side / wall)
        if single.grid != ReferenceEngine(soup, BOUNDARY, coin_seed).step().tolist():
            raise AssertionError("the pure-Python model differs from the reference")
        timed: list[tuple[Callable[[], Any], CpuClock]] = [
            (partial(Engine, soup, BOUNDARY, coin_seed), time.thread_time),
            (partial(Engine, soup, BOUNDARY, coin_seed, parallel=True), time.process_time),
            (partial(NumpyPlanes, soup, BOUNDARY, coin_seed), time.thread_time),
            (partial(ReferenceEngine, soup, BOUNDARY, coin_seed), time.thread_time),
        ]
        figures[side] = [*(_rate(make, side * side, clock) for make, clock in timed), model_rate]
    for heading, per in (
        ("per CPU-second (the stepping thread's; the engine on several cores: every thread's)", "cpu"),
        ("per wall second (what the load left)", "wall"),
    ):
        print(f"  {heading}:")
        print(f"  {'lattice':>11}" + "".join(f"{name:>18}" for name in columns))
        for side, rates in figures.items():
            row = "".join(f"{getattr(rate, per):>18.3e}" for rate in rates)
            print(f"  {f'{side} x {side}':>11}{row}")
    print(f"  the engine equals the reference for {CHECKED_GENERATIONS} generations on every lattice")
    for side, rates in figures.items():
        one, many, planes, reference, python = (rate.cpu for rate in rates)
        speed_up = rates[1].wall / rates[0].wall
        print(
            f"  {side} x {side}, per CPU-second: the engine on one core is {one / reference:,.0f}x the "
            f"NumPy reference, {one / python:,.0f}x pure Python, {one / planes:,.1f}x the NumPy "
            f"bit-planes; goal 1e9: {one / GOAL:.2f}x; {cores} cores give {speed_up:.2f}x one in wall "
            f"time, at {many / one:.2f}x its cell-updates per CPU-second"
        )
    return 0
