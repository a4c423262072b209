"""The bit-parallel engine: p2life on two bit-planes, compiled by Numba, 64 cells an operation.

Why Numba and not NumPy: the rule is some hundred bitwise operations on each
word of the planes. NumPy does each of them as a pass over the whole plane,
so a generation of a 1024 x 1024 lattice makes a hundred trips through memory
and allocates as many temporary planes; compiled (kernels.py), the operations
are done on eight words at a time while they sit in the CPU's vector
registers, and the rows can be shared between the cores. `life2 bench --game
p2life` measures both (bitslice.py's logic is the same code in each), beside
the plain reference and the pure-Python model.

Each step also gives the populations, and when asked the digest: a 64-bit
hash of the new state, by which a run finds its cycle (runs.py asks for it
only in the generations its check needs). The coin is tossed only where a
cell has 3 white and 3 black neighbours (coins.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
from numba.core import types

from . import kernels
from .planes import pack, padded, unpack, unpadded
from .rules import P2LIFE, Rules
from .soup import check_boundary
from .threads import ThreadChoice

if "NUMBA_THREADING_LAYER" not in os.environ:
    # The engine on several threads meets them once a generation. Measured at 4096 x 4096 on two
    # idle cores: OpenMP's threads give 1.9 to 2.0 times one core; Numba's own work queue gives 1.16
    # times. Beside busy programs (a load of 10 on two cores) at 1024 x 1024, OpenMP's threads as
    # they come spin for each other and ran at 0.10 of one thread, the work queue at 0.49, OpenMP with
    # a passive wait at 1.06: so OpenMP, told to wait passively, on the cores found free (threads.py).
    # The study, which runs many lattices, uses its cores one lattice each instead. Where OpenMP is
    # missing, Numba takes the next in the list. (The ignore: numba.config makes its settings at run
    # time, from the environment, unseen by mypy.)
    numba.config.THREADING_LAYER_PRIORITY = ["omp", "workqueue", "tbb"]  # type: ignore[attr-defined]

WHITES, BLACKS, COINS, DIGEST = range(4)
"""The columns of the records `Engine.advance` returns, one row a generation."""


@dataclass(frozen=True)
class Snapshot:
    """An engine's state at one generation, to go back to (runs.py goes back when it must look at
    generations it ran through without their digests)."""

    white: Any
    black: Any
    generation: int
    coins_tossed: int
    whites: int
    blacks: int
    digest: int


class Engine:
    """One lattice under one rule set, stepped a generation at a time, or many at once.

    `parallel` shares each generation's rows between the cores the machine has free (threads.py):
    right for one big lattice, wrong for a study that already runs a lattice on every core."""

    def __init__(
        self, lattice: Any, boundary: str, coin_seed: int, rules: Rules = P2LIFE, parallel: bool = False
    ) -> None:
        self.height, self.width = lattice.shape
        self.periodic = check_boundary(boundary) == "periodic"
        self.seed = np.uint64(coin_seed & ((1 << 64) - 1))
        self._code = kernels.rule_code(rules)
        self._entries: dict[Any, Any] = {}
        white, black = pack(np.asarray(lattice))
        self.white, self.black = padded(white), padded(black)
        self._spare = (np.zeros_like(self.white), np.zeros_like(self.black))
        self._threads = ThreadChoice(self.height * self.width, numba.get_num_threads()) if parallel else None
        self.generation = 0
        self.coins_tossed = 0
        self.whites = int(np.bitwise_count(white).sum())
        self.blacks = int(np.bitwise_count(black).sum())
        self.digest = 0
        """The hash of the state after the last step that made one (0 before the first)."""

    def step(self, digest: bool = True) -> None:
        """One generation; its digest too, unless told not to."""
        self.advance(1, digest)

    def advance(self, generations: int, digests: bool = True) -> Any:
        """`generations` generations in one call; a row of records for each (columns WHITES, BLACKS,
        COINS: tossed in it, DIGEST: 0 unless `digests`)."""
        records = np.zeros((generations, 4), dtype=np.uint64)
        if generations <= 0:
            return records
        spare_white, spare_black = self._spare
        arguments = (
            self.white, self.black, spare_white, spare_black, self.height, self.width, self.periodic,
            self.seed, self.generation, digests, self._code, records,
        )  # fmt: skip
        threads = 1 if self._threads is None else min(self._threads.threads, self.height)
        if threads > 1:
            numba.set_num_threads(threads)
            self._compiled(kernels.advance_parallel, (*arguments, threads))(*arguments, threads)
        else:
            self._compiled(kernels.advance, arguments)(*arguments)
        if self._threads is not None:
            self._threads.after_a_call()
        if generations % 2:
            self._spare = (self.white, self.black)
            self.white, self.black = spare_white, spare_black
        last = records[-1]
        self.whites, self.blacks = int(last[WHITES]), int(last[BLACKS])
        if digests:
            self.digest = int(last[DIGEST])
        self.coins_tossed += int(records[:, COINS].sum())
        self.generation += generations
        return records

    def _compiled(self, kernel: Any, arguments: tuple[Any, ...]) -> Any:
        """The kernel's machine code for these arguments' types, the rule code a literal. Asked for
        once: a call through Numba's dispatcher with a plain int where the kernel wants a literal
        retries the type search every time, some milliseconds a call."""
        entry = self._entries.get(kernel)
        if entry is None:
            literal: Any = types.literal  # numba's typing helpers carry no annotations
            typeof: Any = numba.typeof
            signature = tuple(
                literal(argument) if at == kernels.CODE_ARGUMENT else typeof(argument)
                for at, argument in enumerate(arguments)
            )
            entry = self._entries[kernel] = kernel.compile(signature)
        return entry

    def snapshot(self) -> Snapshot:
        return Snapshot(
            self.white.copy(), self.black.copy(), self.generation, self.coins_tossed, self.whites,
            self.blacks, self.digest,
        )  # fmt: skip

    def restore(self, snapshot: Snapshot) -> None:
        self.white[:] = snapshot.white
        self.black[:] = snapshot.black
        self.generation, self.coins_tossed = snapshot.generation, snapshot.coins_tossed
        self.whites, self.blacks, self.digest = snapshot.whites, snapshot.blacks, snapshot.digest

    @property
    def lattice(self) -> Any:
        return unpack(unpadded(self.white, self.height), unpadded(self.black, self.height), self.width)
