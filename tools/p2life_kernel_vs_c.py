"""The engine's one-thread kernels beside a C kernel written by hand for the same work, in one process.

    python tools/p2life_kernel_vs_c.py [--sides 1024,4096] [--before REV] [--rounds 3] [--json FILE]

tools/p2life_kernel.c does what automata/kernels.py does for p2life's own rule
set (variant 0): the same padded planes, halo, rules, coin stream, populations
and digest, one record a generation, in explicit eight-word (512-bit) vectors,
built here with gcc -O3 -march=native. Before anything is timed, its records
and planes are checked against the engine's, generation by generation, on
every lattice timed and on a small one whose width is not a whole number of
words: the yardstick must do the same work, or its figure means nothing.

Then, as `life2 bench --game p2life` does (its soups, its timing), each way is
stepped from the same fresh and settled soups in interleaved rounds, and the
best of each is printed in cell-updates per CPU-second, with the CPU named:
the engine as this checkout has it, the kernels of an earlier revision
(`--before REV`, its kernels.py read from git, for a before/after in the same
run), and the C kernel, with the engine's rate as a fraction of the C kernel's.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from life2_retro.automata import engine as engine_module
from life2_retro.automata.engine import Engine
from life2_retro.automata.soup import random_soup
from life2_retro.commands.bench.machine import cpu_model, describe
from life2_retro.commands.bench.p2life import BOUNDARY, GENERATIONS_A_CALL, _rate, soups

SOURCE = Path(__file__).with_name("p2life_kernel.c")
FLAGS = ("-O3", "-march=native", "-shared", "-fPIC")
CHECKED_GENERATIONS = 8


def build(folder: Path) -> Any:
    """The C kernel, compiled for this CPU and loaded."""
    gcc = shutil.which("gcc")
    if gcc is None:
        sys.exit("p2life_kernel_vs_c: gcc is needed to build the C kernel")
    library = folder / "p2life_kernel.so"
    subprocess.run([gcc, *FLAGS, str(SOURCE), "-o", str(library)], check=True)
    kernel = ctypes.CDLL(str(library)).p2life_advance
    words, long = np.ctypeslib.ndpointer(np.uint64, flags="C_CONTIGUOUS"), ctypes.c_long
    kernel.argtypes = [words, words, words, words, long, long, ctypes.c_int, ctypes.c_uint64, long,
                       ctypes.c_int, long, words]  # fmt: skip
    kernel.restype = None
    return kernel


class CKernel:
    """The C kernel on an Engine's planes, stepped as Engine.advance steps them."""

    def __init__(self, kernel: Any, soup: Any, coin_seed: int) -> None:
        self.kernel = kernel
        self.state = Engine(soup, BOUNDARY, coin_seed)

    def advance(self, generations: int) -> Any:
        state = self.state
        records = np.zeros((generations, 4), dtype=np.uint64)
        spare_white, spare_black = state._spare
        self.kernel(
            state.white, state.black, spare_white, spare_black, state.height, state.width,
            int(state.periodic), int(state.seed), state.generation, 1, generations, records,
        )  # fmt: skip
        if generations % 2:
            state._spare = (state.white, state.black)
            state.white, state.black = spare_white, spare_black
        state.generation += generations
        return records

    def step(self) -> None:
        self.advance(1)

    @property
    def lattice(self) -> Any:
        return self.state.lattice


def kernels_of(revision: str, folder: Path) -> ModuleType:
    """automata/kernels.py as `revision` had it, loaded beside today's (its relative imports are today's)."""
    where = f"{revision}:life2_retro/automata/kernels.py"
    text = subprocess.run(["git", "show", where], capture_output=True, text=True, check=True).stdout
    path = folder / "kernels_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("life2_retro.automata.kernels_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class EngineWith:
    """The Engine, its calls made with another version of the kernels."""

    def __init__(self, kernels: ModuleType, soup: Any, coin_seed: int) -> None:
        self.kernels = kernels
        self.engine = Engine(soup, BOUNDARY, coin_seed)

    def advance(self, generations: int) -> Any:
        with swapped(self.kernels):
            return self.engine.advance(generations)

    def step(self) -> None:
        self.advance(1)

    @property
    def lattice(self) -> Any:
        return self.engine.lattice


@contextlib.contextmanager
def swapped(kernels: ModuleType) -> Iterator[None]:
    """engine.py's calls made with `kernels` (it reads its module's name `kernels` at each call)."""
    names = vars(engine_module)
    today, names["kernels"] = names["kernels"], kernels
    try:
        yield
    finally:
        names["kernels"] = today


def differences(makers: dict[str, Callable[[Any, int], Any]], soup: Any, coin_seed: int) -> list[str]:
    """Where a way's records or lattice first differ from the engine's, generation by generation:
    none when every way does the engine's work."""
    engine = Engine(soup, BOUNDARY, coin_seed)
    others = {name: make(soup, coin_seed) for name, make in makers.items()}
    found = []
    for generation in range(1, CHECKED_GENERATIONS + 1):
        expected = engine.advance(1)
        for name, other in list(others.items()):
            if not np.array_equal(other.advance(1), expected) or not np.array_equal(
                other.lattice, engine.lattice
            ):
                found.append(f"{name} differs from the engine at generation {generation}")
                del others[name]
    return found


def check(makers: dict[str, Callable[[Any, int], Any]], soup: Any, coin_seed: int) -> None:
    for difference in differences(makers, soup, coin_seed):
        sys.exit(f"p2life_kernel_vs_c: {difference}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sides", default="1024,4096")
    parser.add_argument("--before", metavar="REV", help="also time the kernels of this git revision")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE")
    options = parser.parse_args()
    sides = [int(side) for side in options.sides.split(",")]
    with tempfile.TemporaryDirectory(prefix="p2life-kernel-") as folder:
        kernel = build(Path(folder))
        makers: dict[str, Callable[[Any, int], Any]] = {"engine": lambda s, c: Engine(s, BOUNDARY, c)}
        if options.before:
            before = kernels_of(options.before, Path(folder))
            makers[f"engine at {options.before[:10]}"] = lambda s, c: EngineWith(before, s, c)
        makers["C kernel"] = lambda s, c: CKernel(kernel, s, c)
        print(
            f"p2life, one thread, {BOUNDARY} boundary: cell-updates per CPU-second (the process's), "
            f"a digest every generation, the best of {options.rounds} interleaved rounds"
        )
        print(f"  on {describe()}")
        print(f"  C kernel: gcc {' '.join(FLAGS[:2])}")
        odd = random_soup((37, 150), 0.5, np.random.default_rng(options.seed))
        check(dict(list(makers.items())[1:]), odd, options.seed)
        lattices = {side: soups(side, options.seed) for side in sides}
        for by_soup in lattices.values():
            for soup, coin_seed in by_soup.values():
                check(dict(list(makers.items())[1:]), soup, coin_seed)
        print(f"  every way equals the engine for {CHECKED_GENERATIONS} generations, records and planes")
        best: dict[tuple[int, str, str], float] = {}
        for _ in range(options.rounds):
            for side, by_soup in lattices.items():
                per_call = max(1, min(GENERATIONS_A_CALL, (1 << 24) // (side * side)))
                for soup_name, (soup, coin_seed) in by_soup.items():
                    for name, make in makers.items():
                        cpu, _ = _rate(partial(make, soup, coin_seed), side * side, per_call)
                        key = (side, soup_name, name)
                        best[key] = max(best.get(key, 0.0), cpu)
        names = "".join(f"{name:>22}" for name in makers)
        print(f"  {'lattice':>11} {'soup':>8}{names}{'engine / C':>12}")
        for side, by_soup in lattices.items():
            for soup_name in by_soup:
                rates = [best[(side, soup_name, name)] for name in makers]
                figures = "".join(f"{rate:>22.3e}" for rate in rates)
                print(f"  {f'{side} x {side}':>11} {soup_name:>8}{figures}{rates[0] / rates[-1]:>12.2f}")
        print(f"  load average as it ends: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        if options.json:
            records = [
                {"lattice": side, "soup": soup, "way": name, "cpu_rate": rate}
                for (side, soup, name), rate in best.items()
            ]
            document = {"cpu": cpu_model(), "records": records}
            Path(options.json).write_text(json.dumps(document, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
