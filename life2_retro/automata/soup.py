"""Random initial configurations, as the paper makes them, and the lattice's two boundaries.

Each cell is occupied with probability rho; an occupied cell then gets a fair
coin for its colour. A lattice is a NumPy array of cell states (rules.EMPTY,
WHITE, BLACK), rows by columns.
"""

from __future__ import annotations

from typing import Any

from .rules import BLACK, EMPTY, WHITE

BOUNDARIES = ("cutoff", "periodic")
"""cutoff: beyond the edge every cell is empty for ever; periodic: the lattice is a torus."""


def check_boundary(boundary: str) -> str:
    if boundary not in BOUNDARIES:
        raise ValueError(f"unknown boundary {boundary!r}: choose from {', '.join(BOUNDARIES)}")
    return boundary


def check_density(density: float) -> float:
    if not 0.0 <= density <= 1.0:  # NaN fails too
        raise ValueError(f"a density is a probability, from 0 to 1: not {density}")
    return density


def random_soup(shape: tuple[int, int], density: float, rng: Any, white_share: float = 0.5) -> Any:
    """A lattice of `shape` from NumPy generator `rng`: occupied with probability `density`, then a
    fair coin for white or black. The two draws are separate, as the paper describes them.
    `white_share` 1 makes every token white: p2life is then Conway's Life, for comparison."""
    import numpy as np

    check_density(density)
    occupied = rng.random(shape) < density
    white = rng.random(shape) < white_share
    return np.where(occupied, np.where(white, WHITE, BLACK), EMPTY).astype(np.uint8)


def counts(lattice: Any) -> tuple[int, int]:
    """(white tokens, black tokens)."""
    return int((lattice == WHITE).sum()), int((lattice == BLACK).sum())
