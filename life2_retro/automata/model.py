"""The single-cell model in pure Python: each cell counts its eight neighbours and asks `next_state`.

The slowest of the three and the plainest; the bench times it beside the
engine and the NumPy reference on the same lattice, and the tests hold all
three to the same answers.
"""

from __future__ import annotations

from .coins import coin_white
from .rules import BLACK, EMPTY, P2LIFE, WHITE, Rules, next_state
from .soup import check_boundary

Grid = list[list[int]]


def step(grid: Grid, boundary: str, coin_seed: int, generation: int, rules: Rules = P2LIFE) -> Grid:
    """The next generation of `grid` (rows of cell states)."""
    periodic = check_boundary(boundary) == "periodic"
    height, width = len(grid), len(grid[0])
    shape = (height, width)
    after = [[EMPTY] * width for _ in range(height)]
    for r in range(height):
        for c in range(width):
            white = black = 0
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if dr == dc == 0:
                        continue
                    rr, cc = r + dr, c + dc
                    if periodic:
                        rr, cc = rr % height, cc % width
                    elif not (0 <= rr < height and 0 <= cc < width):
                        continue
                    neighbour = grid[rr][cc]
                    white += neighbour == WHITE
                    black += neighbour == BLACK
            coin = white == black == 3 and coin_white(coin_seed, generation, r, c, shape)
            after[r][c] = next_state(grid[r][c], white, black, coin, rules)
    return after


class ModelEngine:
    """The model with the engines' face: a lattice (rows of states) stepped a generation at a time."""

    def __init__(self, grid: Grid, boundary: str, coin_seed: int, rules: Rules = P2LIFE) -> None:
        self.grid = [list(row) for row in grid]
        self.boundary = check_boundary(boundary)
        self.coin_seed = coin_seed
        self.rules = rules
        self.generation = 0

    def step(self) -> None:
        self.grid = step(self.grid, self.boundary, self.coin_seed, self.generation, self.rules)
        self.generation += 1
