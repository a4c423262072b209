"""The plain NumPy reference: neighbour counts from shifted arrays, the next state from the rules' table.

It is written to be obviously right, not fast: one array of cell states,
eight shifted copies summed into a white count and a black count, and the
table `rules.transition_table` read off `next_state` looked up cell by cell.
The engine (engine.py) must give the same lattice, generation by generation.
"""

from __future__ import annotations

from typing import Any

from .coins import coin_plane
from .rules import BLACK, COIN, P2LIFE, WHITE, Rules, transition_table
from .soup import check_boundary

OFFSETS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def shifted(plane: Any, dr: int, dc: int, periodic: bool) -> Any:
    """plane[r + dr, c + dc] at (r, c): the neighbour's value, 0 beyond a cut-off edge."""
    import numpy as np

    if periodic:
        return np.roll(plane, (-dr, -dc), axis=(0, 1))
    height, width = plane.shape
    out = np.zeros_like(plane)
    rows_to, rows_from = slice(max(0, -dr), height - max(0, dr)), slice(max(0, dr), height + min(0, dr))
    cols_to, cols_from = slice(max(0, -dc), width - max(0, dc)), slice(max(0, dc), width + min(0, dc))
    out[rows_to, cols_to] = plane[rows_from, cols_from]
    return out


def neighbour_counts(lattice: Any, periodic: bool) -> tuple[Any, Any]:
    """(white neighbours, black neighbours) of every cell."""
    import numpy as np

    white = (lattice == WHITE).astype(np.uint8)
    black = (lattice == BLACK).astype(np.uint8)
    white_n = sum(shifted(white, dr, dc, periodic) for dr, dc in OFFSETS)
    black_n = sum(shifted(black, dr, dc, periodic) for dr, dc in OFFSETS)
    return white_n, black_n


class ReferenceEngine:
    """One lattice under one rule set, stepped a generation at a time."""

    def __init__(self, lattice: Any, boundary: str, coin_seed: int, rules: Rules = P2LIFE) -> None:
        import numpy as np

        self.lattice = np.array(lattice, dtype=np.uint8)
        self.periodic = check_boundary(boundary) == "periodic"
        self.coin_seed = coin_seed
        self.table = np.array(transition_table(rules), dtype=np.uint8)
        self.generation = 0
        self.coins_tossed = 0

    def step(self) -> Any:
        import numpy as np

        white_n, black_n = neighbour_counts(self.lattice, self.periodic)
        after = self.table[self.lattice, white_n, black_n]
        tossed = after == COIN
        if tossed.any():
            faces = coin_plane(self.coin_seed, self.generation, self.lattice.shape)
            after[tossed] = np.where(faces[tossed], WHITE, BLACK)
            self.coins_tossed += int(tossed.sum())
        self.lattice = after
        self.generation += 1
        return after
