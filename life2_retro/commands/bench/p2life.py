"""`life2 bench --game p2life`: cell-updates a second of each way of running p2life, side by side.

On each lattice, from the same soup and the same coin stream: the engine
(Numba, bit-planes) on one core and on all of them, the same bit-plane logic
run by NumPy, the plain NumPy reference (shifted arrays of counts) and the
pure-Python single-cell model. Each is timed for at least half a second (the
pure-Python model for one generation), after one untimed generation that
loads the compiled code. Before the figures, each lattice's results are
checked: the engine equals the reference generation by generation, and the
pure-Python model's generation equals the reference's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

SIDES = (64, 256, 1024)
DENSITY = 0.5
BOUNDARY = "periodic"
MIN_SECONDS = 0.5
CHECKED_GENERATIONS = 5
GOAL = 1e9


def _rate(make: Callable[[], Any], cells: int) -> float:
    """Cell-updates a second of the engine `make` returns, stepped from its soup."""
    engine = make()
    engine.step()  # loads the compiled code, and fills the caches
    generations, started = 0, time.perf_counter()
    while True:
        engine.step()
        generations += 1
        elapsed = time.perf_counter() - started
        if elapsed >= MIN_SECONDS and generations >= 3:
            return cells * generations / elapsed


def _check(soup: Any, seed: int) -> None:
    """The engine (both ways) and the NumPy bit-planes equal the reference generation by generation."""
    import numpy as np

    from ...automata.engine import Engine
    from ...automata.numpy_planes import NumpyPlanes
    from ...automata.reference import ReferenceEngine

    reference = ReferenceEngine(soup, BOUNDARY, seed)
    others = [Engine(soup, BOUNDARY, seed), Engine(soup, BOUNDARY, seed, parallel=True)]
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
        f"life2 bench --game p2life: cell-updates a second; soups of density {DENSITY} (seed {seed}), "
        f"{BOUNDARY} boundary; timed side by side in one run (absolute figures depend on what else the "
        "machine is doing)"
    )
    columns = [
        "engine, 1 core",
        f"engine, {cores} cores",
        "NumPy bit-planes",
        "NumPy reference",
        "pure Python",
    ]
    print(f"  {'lattice':>11}" + "".join(f"{name:>18}" for name in columns))
    figures: dict[int, list[float]] = {}
    for side in sides or SIDES:
        rng = np.random.default_rng(seed)
        soup = random_soup((side, side), DENSITY, rng)
        coin_seed = int(rng.integers(2**63))
        _check(soup, coin_seed)
        single = ModelEngine(soup.tolist(), BOUNDARY, coin_seed)
        started = time.perf_counter()
        single.step()
        model_rate = side * side / (time.perf_counter() - started)
        if single.grid != ReferenceEngine(soup, BOUNDARY, coin_seed).step().tolist():
            raise AssertionError("the pure-Python model differs from the reference")
        makers = [
            partial(Engine, soup, BOUNDARY, coin_seed),
            partial(Engine, soup, BOUNDARY, coin_seed, parallel=True),
            partial(NumpyPlanes, soup, BOUNDARY, coin_seed),
            partial(ReferenceEngine, soup, BOUNDARY, coin_seed),
        ]
        rates = [*(_rate(make, side * side) for make in makers), model_rate]
        figures[side] = rates
        print(f"  {f'{side} x {side}':>11}" + "".join(f"{rate:>18.3e}" for rate in rates))
    print(f"  the engine equals the reference for {CHECKED_GENERATIONS} generations on every lattice")
    for side, rates in figures.items():
        best = max(rates[0], rates[1])
        print(
            f"  {side} x {side}: the engine (the better of its two) is {best / rates[3]:,.0f}x the NumPy "
            "reference, "
            f"{best / rates[4]:,.0f}x pure Python, {best / rates[2]:,.1f}x the NumPy bit-planes; "
            f"{cores} cores give {rates[1] / rates[0]:.2f}x one; goal 1e9: {best / GOAL:.2f}x"
        )
    return 0
