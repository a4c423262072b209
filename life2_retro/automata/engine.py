"""The bit-parallel engine: p2life on two bit-planes, compiled by Numba, 64 cells an operation.

Why Numba and not NumPy: the rule is some 150 bitwise operations on each word
of the planes. NumPy does each of them as a pass over the whole plane, so a
generation of a 1024 x 1024 lattice makes some 150 trips through memory
and allocates as many temporary planes; compiled, the 150 operations are done
on one word while it sits in registers, and the rows are shared between the
cores. `life2 bench --game p2life` measures both (bitslice.py's logic is the
same code in each), beside the plain reference and the pure-Python model.

Each step also returns the populations and a 64-bit hash of the new state, so
a run can find its cycle without another pass over the planes. The coin is
tossed only where a cell has 3 white and 3 black neighbours (coins.py).
"""

from __future__ import annotations

import os
from typing import Any

import numba
import numpy as np
from numba import njit, prange

from . import bitslice
from .coins import GOLDEN, MIX1, MIX2
from .planes import WORD, pack, unpack, words_per_row
from .rules import P2LIFE, Rules
from .soup import check_boundary

if "NUMBA_THREADING_LAYER" not in os.environ:
    # OpenMP's threads spin while they wait for each other, and on a machine whose other core is
    # busy that makes two threads ten times slower than one; Numba's own work queue does not spin
    # (the ignore: numba.config makes its settings at run time, from the environment, unseen by mypy)
    numba.config.THREADING_LAYER = "workqueue"  # type: ignore[attr-defined]

U = np.uint64
ONE, S1, S63 = U(1), U(1), U(63)
K_GOLDEN, K_MIX1, K_MIX2 = U(GOLDEN), U(MIX1), U(MIX2)
M1, M2, M4, H01 = (
    U(0x5555555555555555),
    U(0x3333333333333333),
    U(0x0F0F0F0F0F0F0F0F),
    U(0x0101010101010101),
)


@njit(inline="always")
def _mix(z: Any) -> Any:
    z = (z ^ (z >> U(30))) * K_MIX1
    z = (z ^ (z >> U(27))) * K_MIX2
    return z ^ (z >> U(31))


@njit(inline="always")
def _popcount(x: Any) -> int:
    x = x - ((x >> S1) & M1)
    x = (x & M2) + ((x >> U(2)) & M2)
    x = (x + (x >> U(4))) & M4
    return int((x * H01) >> U(56))


@njit(inline="always")
def _three(row: Any, k: int, last: int, top_bit: Any, periodic: bool) -> tuple[Any, Any, Any]:
    """(west neighbour, the cell, east neighbour) of the 64 cells in word k of a row."""
    centre = row[k]
    west = centre << S1
    if k > 0:
        west |= row[k - 1] >> S63
    elif periodic:
        west |= (row[last] >> top_bit) & ONE
    east = centre >> S1
    if k < last:
        east |= row[k + 1] << S63
    elif periodic:
        east |= (row[0] & ONE) << top_bit
    return west, centre, east


@njit(inline="always")
def _faces(coin: Any, seed: Any, generation: int, r: int, k: int, height: int, width: int) -> Any:
    """The coins' faces (1: white) for the cells of word k of row r where `coin` is set."""
    faces = U(0)
    row_start = (U(generation) * U(height) + U(r)) * U(width)
    for bit in range(WORD):
        if (coin >> U(bit)) & ONE:
            n = row_start + U(k * WORD + bit) + ONE
            if _mix(seed + n * K_GOLDEN) >> S63:
                faces |= ONE << U(bit)
    return faces


@njit(cache=True)
def _row(
    white: Any,
    black: Any,
    out_white: Any,
    out_black: Any,
    r: int,
    width: int,
    periodic: bool,
    flags: Any,
    seed: Any,
    generation: int,
    zeros: Any,
) -> tuple[int, int, Any, int]:
    """One row of the next generation; (white, black, the row's share of the hash, coins tossed)."""
    height, words = white.shape
    last = words - 1
    top_bit = U((width - 1) % WORD)
    last_mask = ~U(0) >> U((WORD - width % WORD) % WORD)
    up, down = r - 1, r + 1
    if periodic:
        up, down = up % height, down % height
    white_up = white[up] if up >= 0 else zeros
    black_up = black[up] if up >= 0 else zeros
    white_down = white[down] if down < height else zeros
    black_down = black[down] if down < height else zeros
    white_row, black_row = white[r], black[r]
    whites = blacks = coins = 0
    share = U(0)
    for k in range(words):
        wnw, wn, wne = _three(white_up, k, last, top_bit, periodic)
        ww, wc, we = _three(white_row, k, last, top_bit, periodic)
        wsw, ws, wse = _three(white_down, k, last, top_bit, periodic)
        bnw, bn, bne = _three(black_up, k, last, top_bit, periodic)
        bw, bc, be = _three(black_row, k, last, top_bit, periodic)
        bsw, bs, bse = _three(black_down, k, last, top_bit, periodic)
        white_bits = bitslice.count8(wnw, wn, wne, ww, we, wsw, ws, wse)
        black_bits = bitslice.count8(bnw, bn, bne, bw, be, bsw, bs, bse)
        new_white, new_black, coin = bitslice.next_planes(wc, bc, white_bits, black_bits, flags)
        if k == last:
            new_white &= last_mask
            new_black &= last_mask
            coin &= last_mask
        if coin:
            faces = _faces(coin, seed, generation, r, k, height, width)
            new_white |= coin & faces
            new_black |= coin & ~faces
            coins += _popcount(coin)
        out_white[r, k] = new_white
        out_black[r, k] = new_black
        whites += _popcount(new_white)
        blacks += _popcount(new_black)
        index = U(r * words + k) * U(2)
        share += _mix(new_white + index * K_GOLDEN) ^ _mix(new_black + (index + ONE) * K_GOLDEN + K_MIX2)
    return whites, blacks, share, coins


@njit(cache=True)
def _rows(
    white: Any,
    black: Any,
    out_white: Any,
    out_black: Any,
    width: int,
    periodic: bool,
    flags: Any,
    seed: Any,
    generation: int,
    zeros: Any,
    first: int,
    stop: int,
) -> tuple[int, int, Any, int]:
    """Rows first .. stop - 1 of the next generation; the sums of what _row returns."""
    whites = blacks = coins = 0
    digest = U(0)
    for r in range(first, stop):
        w, b, share, c = _row(
            white, black, out_white, out_black, r, width, periodic, flags, seed, generation, zeros
        )
        whites += w
        blacks += b
        digest += share
        coins += c
    return whites, blacks, digest, coins


@njit(cache=True)
def _step(
    white: Any,
    black: Any,
    out_white: Any,
    out_black: Any,
    width: int,
    periodic: bool,
    flags: Any,
    seed: Any,
    generation: int,
    zeros: Any,
) -> tuple[int, int, Any, int]:
    arguments = (white, black, out_white, out_black, width, periodic, flags, seed, generation, zeros)
    return _rows(*arguments, 0, white.shape[0])


@njit(cache=True, parallel=True)
def _step_parallel(
    white: Any,
    black: Any,
    out_white: Any,
    out_black: Any,
    width: int,
    periodic: bool,
    flags: Any,
    seed: Any,
    generation: int,
    zeros: Any,
    blocks: int,
) -> tuple[int, int, Any, int]:
    """The rows in one block per thread (a thread a row costs more in hand-offs than it saves)."""
    height = white.shape[0]
    whites = blacks = coins = 0
    digest = U(0)
    for block in prange(blocks):
        first, stop = block * height // blocks, (block + 1) * height // blocks
        w, b, share, c = _rows(
            white, black, out_white, out_black, width, periodic, flags, seed, generation, zeros, first, stop
        )
        whites += w
        blacks += b
        digest += share
        coins += c
    return whites, blacks, digest, coins


class Engine:
    """One lattice under one rule set, stepped a generation at a time.

    `parallel` shares each generation's rows between the cores: right for one big lattice, wrong
    for a study that already runs a lattice on every core."""

    def __init__(
        self, lattice: Any, boundary: str, coin_seed: int, rules: Rules = P2LIFE, parallel: bool = False
    ) -> None:
        self.height, self.width = lattice.shape
        self.periodic = check_boundary(boundary) == "periodic"
        self.seed = U(coin_seed & ((1 << 64) - 1))
        self.flags = tuple(U(flag) for flag in bitslice.rule_flags(rules))
        self.white, self.black = pack(np.asarray(lattice))
        self._spare = (np.empty_like(self.white), np.empty_like(self.black))
        self._zeros = np.zeros(words_per_row(self.width), dtype=np.uint64)
        self._blocks = min(numba.get_num_threads(), self.height) if parallel else 0
        self.generation = 0
        self.coins_tossed = 0
        self.whites = int(np.bitwise_count(self.white).sum())
        self.blacks = int(np.bitwise_count(self.black).sum())
        self.digest = 0
        """The hash of the state after the last step (0 before the first)."""

    def step(self) -> None:
        out_white, out_black = self._spare
        arguments = (
            self.white,
            self.black,
            out_white,
            out_black,
            self.width,
            self.periodic,
            self.flags,
            self.seed,
            self.generation,
            self._zeros,
        )
        if self._blocks:
            whites, blacks, digest, coins = _step_parallel(*arguments, self._blocks)
        else:
            whites, blacks, digest, coins = _step(*arguments)
        self._spare = (self.white, self.black)
        self.white, self.black = out_white, out_black
        self.whites, self.blacks, self.digest = whites, blacks, int(digest)
        self.coins_tossed += coins
        self.generation += 1

    @property
    def lattice(self) -> Any:
        return unpack(self.white, self.black, self.width)
