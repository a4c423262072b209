"""The coin of p2life's birth at 3 and 3, as one stream every engine and model shares.

The stream is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
number generators", 2014) seeded with the run's coin seed: its n-th output
(n from 1) is `mix(seed + n * GOLDEN)`. Generation t of an H x W lattice uses
the outputs n = (t * H + r) * W + c + 1 for its cells (r, c), row by row: one
coin plane per generation, in row-major order. A coin comes up white when the
output's top bit is 1.

Why a counter-based stream rather than a plane drawn from NumPy's generator:
any one cell's coin is computed on its own, so the bit-parallel engine
tosses only the few coins its cells need (a cell with 3 white and 3 black
neighbours is rare) instead of drawing a million a generation, and the
pure-Python model, the NumPy reference and a worker on another machine all
get the same face for the same cell whatever order they work in.
"""

from __future__ import annotations

from typing import Any

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def mix64(z: int) -> int:
    """SplitMix64's output function, on a Python int taken modulo 2**64."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def coin_index(generation: int, row: int, column: int, shape: tuple[int, int]) -> int:
    """Which output of the stream (from 1) the cell's coin is."""
    height, width = shape
    return (generation * height + row) * width + column + 1


def coin_white(seed: int, generation: int, row: int, column: int, shape: tuple[int, int]) -> bool:
    """The coin's face for cell (row, column) in the step from `generation` to the next: white?"""
    return mix64(seed + coin_index(generation, row, column, shape) * GOLDEN) >> 63 == 1


def coin_plane(seed: int, generation: int, shape: tuple[int, int]) -> Any:
    """The whole plane of faces for one generation, as a NumPy bool array (True: white)."""
    import numpy as np

    height, width = shape
    first = coin_index(generation, 0, 0, shape)
    n = np.arange(first, first + height * width, dtype=np.uint64).reshape(shape)
    with np.errstate(over="ignore"):
        z = np.uint64(seed & MASK64) + n * np.uint64(GOLDEN)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
        z ^= z >> np.uint64(31)
    return (z >> np.uint64(63)).astype(bool)
