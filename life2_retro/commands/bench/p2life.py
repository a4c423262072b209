"""`life2 bench --game p2life`: cell-updates per CPU-second of each way of running p2life, side by side.

On each lattice, from the same soup and the same coin stream: the engine
(Numba, bit-planes) on one thread and on all of them, and on the lattices up to
1024 x 1024 the same bit-plane logic run by NumPy, the plain NumPy reference
(shifted arrays of counts) and the pure-Python single-cell model. Each lattice
is timed twice: from a fresh soup, where coins are frequent, and from a
settled one, what a study's runs spend most of their generations on (a soup
of 256 x 256 run to its end, tiled: on a torus the tiling is a settled state
of the bigger lattice too). Before the figures, each lattice's results are
checked: the engine equals the reference generation by generation, and the
pure-Python model's generation equals the reference's.

Each figure is the best of ROUNDS rounds, interleaved (every way on every
lattice once, then again), so a burst of other work on the machine spoils one
round of each, not every round of one. A figure is per CPU-second of this
process (time.process_time: every thread's, so the engine on several threads
is charged its waiting as well), which other processes on the machine change
far less than the wall clock; the wall-clock figure is beside it, and the CPU
and the load are printed with them. `--json FILE` writes them all as records.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from .machine import cpu_model, describe, usable_cores

PARALLEL_SIDE = 1024
"""automata/threads.py's PARALLEL_CELLS as a side (the bench does not import the engine to say it)."""

SIDES = (64, 256, 1024, 4096)
NUMPY_SIDES = 1024
"""The NumPy ways and the pure-Python model are timed up to this side (at 4096 x 4096 the model
would take half a minute a generation)."""
DENSITY = 0.5
BOUNDARY = "periodic"
SETTLED_SIDE = 256
MIN_SECONDS = 0.5
GENERATIONS_A_CALL = 256
"""At most this many generations a call of Engine.advance: enough that a call's own cost is lost in
a lattice's work from 256 x 256 up, and few enough that the engine on several threads, which meets
its threads once a generation, is not timed for minutes on a small lattice (at 16 x 16 the 2**24
cell-updates a call would be 65,536 generations, 65,536 meetings)."""
ROUNDS = 3
CHECKED_GENERATIONS = 5
GOAL = 1e10
"""Cell-updates per CPU-second on one core at 4096 x 4096, a settled soup (issue 25; the floor 5e9)."""
SOUPS = ("fresh", "settled")


@dataclass(frozen=True)
class Record:
    """One figure: a way of running p2life on one lattice and soup."""

    lattice: int
    """The side of the square lattice."""
    engine: str
    threads: int
    soup: str
    wall_rate: float
    """Cell-updates per second of the wall clock."""
    cpu_rate: float
    """Cell-updates per CPU-second of the process."""


def _rate(make: Callable[[], Any], cells: int, per_call: int = 1) -> tuple[float, float]:
    """(cell-updates per CPU-second, per wall second) of the engine `make` returns, stepped from its
    soup until it has had MIN_SECONDS of CPU time; `per_call` generations a call where the engine
    takes many at once (Engine.advance, digests and all, as a run steps it)."""
    engine = make()
    step = (lambda: engine.advance(per_call)) if per_call > 1 else engine.step
    step()  # loads the compiled code, and fills the caches
    generations, cpu_started, wall_started = 0, time.process_time(), time.perf_counter()
    while True:
        step()
        generations += per_call
        cpu = time.process_time() - cpu_started
        if cpu >= MIN_SECONDS and generations >= 3:
            wall = time.perf_counter() - wall_started
            return cells * generations / cpu, cells * generations / wall


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
        NumpyPlanes(soup, BOUNDARY, seed),
    ]
    for _ in range(CHECKED_GENERATIONS):
        after = reference.step()
        for other in others:
            other.step()
            if not np.array_equal(other.lattice, after):
                raise AssertionError(f"{type(other).__name__} differs from the reference")


def soups(side: int, seed: int) -> dict[str, tuple[Any, int]]:
    """The lattice's fresh and settled soups, each with its coins' seed."""
    import numpy as np

    from ...automata.engine import Engine
    from ...automata.runs import run_to_end
    from ...automata.soup import random_soup

    rng = np.random.default_rng(seed)
    fresh = random_soup((side, side), DENSITY, rng)
    coin_seed = int(rng.integers(2**63))
    small = min(side, SETTLED_SIDE)
    engine = Engine(random_soup((small, small), DENSITY, rng), BOUNDARY, coin_seed)
    run_to_end(engine)
    settled = np.tile(engine.lattice, (side // small, side // small))
    return {"fresh": (fresh, coin_seed), "settled": (settled, coin_seed)}


def ways(side: int, soup: Any, coin_seed: int) -> list[tuple[str, int, Callable[[], Any], int]]:
    """(name, threads, maker, generations a call) of each way timed on this lattice."""
    from functools import partial

    import numba

    from ...automata.engine import Engine
    from ...automata.model import ModelEngine
    from ...automata.numpy_planes import NumpyPlanes
    from ...automata.reference import ReferenceEngine

    per_call = max(1, min(GENERATIONS_A_CALL, (1 << 24) // (side * side)))
    cores = numba.get_num_threads()
    chosen: list[tuple[str, int, Callable[[], Any], int]] = [
        ("engine", 1, partial(Engine, soup, BOUNDARY, coin_seed), per_call)
    ]
    if cores > 1:
        chosen.append(("engine", cores, partial(Engine, soup, BOUNDARY, coin_seed, parallel=True), per_call))
    if side <= NUMPY_SIDES:
        chosen.append(("NumPy bit-planes", 1, partial(NumpyPlanes, soup, BOUNDARY, coin_seed), 1))
        chosen.append(("NumPy reference", 1, partial(ReferenceEngine, soup, BOUNDARY, coin_seed), 1))
        chosen.append(("pure Python", 1, partial(ModelEngine, soup.tolist(), BOUNDARY, coin_seed), 1))
    return chosen


def _model_rate(make: Callable[[], Any], cells: int) -> tuple[float, float]:
    """The pure-Python model: one generation, timed alone (it takes seconds)."""
    engine = make()
    cpu_started, wall_started = time.process_time(), time.perf_counter()
    engine.step()
    cpu, wall = time.process_time() - cpu_started, time.perf_counter() - wall_started
    return cells / cpu, cells / wall


def bench(seed: int = 1, sides: tuple[int, ...] | None = None, json_path: str | None = None) -> int:
    from ...automata.model import ModelEngine
    from ...automata.reference import ReferenceEngine

    sides = sides or SIDES
    print(
        f"life2 bench --game p2life: cell-updates per CPU-second (the process's) and per wall second; "
        f"{BOUNDARY} boundary, seed {seed}; fresh soups of density {DENSITY}, and settled ones "
        f"({SETTLED_SIDE} x {SETTLED_SIDE} soups run to their end, tiled); the best of {ROUNDS} "
        "interleaved rounds"
    )
    started = describe()
    print(f"  on {started}")
    lattices = {side: soups(side, seed) for side in sides}
    for side, by_soup in lattices.items():
        if side <= NUMPY_SIDES:
            fresh, coin_seed = by_soup["fresh"]
            _check(fresh, coin_seed)
            model = ModelEngine(fresh.tolist(), BOUNDARY, coin_seed)
            model.step()
            if model.grid != ReferenceEngine(fresh, BOUNDARY, coin_seed).step().tolist():
                raise AssertionError("the pure-Python model differs from the reference")
    best: dict[tuple[int, str, int, str], Record] = {}
    for _ in range(ROUNDS):
        for side, by_soup in lattices.items():
            for soup_name, (soup, coin_seed) in by_soup.items():
                for name, threads, make, per_call in ways(side, soup, coin_seed):
                    timed = best.get((side, name, 1, "fresh"))
                    if name == "pure Python" and (soup_name == "settled" or timed):
                        continue  # one generation of it, from the fresh soup, is enough
                    cells = side * side
                    cpu, wall = (
                        _model_rate(make, cells) if name == "pure Python" else _rate(make, cells, per_call)
                    )
                    key = (side, name, threads, soup_name)
                    if key not in best or cpu > best[key].cpu_rate:
                        best[key] = Record(side, name, threads, soup_name, wall, cpu)
    records = list(best.values())
    _print(records, sides)
    ended = describe().replace("as it starts", "as it ends")
    print(f"  {ended.split('; ', 1)[-1]}")
    if json_path is not None:
        machine = {"cpu": cpu_model(), "cores": usable_cores(), "started": started, "ended": ended}
        document = {"machine": machine, "records": [asdict(record) for record in records]}
        try:
            with open(json_path, "w", encoding="utf-8") as out:
                json.dump(document, out, indent=1)
                out.write("\n")
        except OSError as exc:
            print(f"life2 bench: cannot write {json_path}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"  wrote {json_path}")
    return 0


def _print(records: list[Record], sides: tuple[int, ...]) -> None:
    columns = list(dict.fromkeys((record.engine, record.threads) for record in records))
    names = [f"{name}, {threads} thr" if name == "engine" else name for name, threads in columns]
    for per, label in (("cpu_rate", "per CPU-second"), ("wall_rate", "per wall second")):
        print(f"  {label}:")
        print(f"  {'lattice':>11} {'soup':>8}" + "".join(f"{name:>18}" for name in names))
        for side in sides:
            for soup in SOUPS:
                found = {(r.engine, r.threads): r for r in records if r.lattice == side and r.soup == soup}
                cells = "".join(
                    f"{getattr(found[column], per):>18.3e}" if column in found else f"{'-':>18}"
                    for column in columns
                )
                print(f"  {f'{side} x {side}':>11} {soup:>8}{cells}")
    print(f"  the engine equals the reference for {CHECKED_GENERATIONS} generations on every lattice up to "
          f"{NUMPY_SIDES} x {NUMPY_SIDES}")  # fmt: skip
    if any(record.threads > 1 for record in records):
        shared = f"{PARALLEL_SIDE} x {PARALLEL_SIDE}"
        print(
            f"  the engine on several threads shares a lattice from {shared} up, on the cores other "
            "programs leave free (automata/threads.py); else, and beside busy programs, one"
        )
    for side in sides:
        one = {r.soup: r for r in records if r.lattice == side and r.engine == "engine" and r.threads == 1}
        many = {r.soup: r for r in records if r.lattice == side and r.engine == "engine" and r.threads > 1}
        reference = {r.soup: r for r in records if r.lattice == side and r.engine == "NumPy reference"}
        for soup in SOUPS:
            if soup not in one:
                continue
            rate = one[soup].cpu_rate
            line = f"  {side} x {side}, {soup}: the engine on one thread {rate:.3e} per CPU-second"
            if soup in reference:
                line += f", {one[soup].cpu_rate / reference[soup].cpu_rate:,.0f}x the NumPy reference"
            if soup in many:
                wall_ratio = many[soup].wall_rate / one[soup].wall_rate
                line += (
                    f"; {many[soup].threads} threads: {wall_ratio:.2f}x one in wall time, at "
                    f"{many[soup].cpu_rate / one[soup].cpu_rate:.2f}x its rate per CPU-second"
                )
            if side == max(sides) and soup == "settled":
                line += f"; goal {GOAL:.0e}: {one[soup].cpu_rate / GOAL:.2f}x"
            print(line)
