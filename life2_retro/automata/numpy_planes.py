"""The engine's bit-plane logic run by NumPy, whole planes at a time: the road the engine did not take.

Same planes, same logic (bitslice.py), same coin stream; only the loop is
NumPy's. `life2 bench --game p2life` times it beside the engine, which is why
engine.py is compiled by Numba instead.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import bitslice
from .coins import coin_plane
from .planes import WORD, pack, pack_plane, unpack
from .rules import P2LIFE, Rules
from .soup import check_boundary

ONE, S63 = np.uint64(1), np.uint64(63)


class NumpyPlanes:
    """One lattice under one rule set, stepped a generation at a time."""

    def __init__(self, lattice: Any, boundary: str, coin_seed: int, rules: Rules = P2LIFE) -> None:
        self.height, self.width = lattice.shape
        self.periodic = check_boundary(boundary) == "periodic"
        self.coin_seed = coin_seed
        self.flags = tuple(np.uint64(flag) for flag in bitslice.rule_flags(rules))
        self.white, self.black = pack(np.asarray(lattice))
        self.top_bit = np.uint64((self.width - 1) % WORD)
        self.last_mask = ~np.uint64(0) >> np.uint64((WORD - self.width % WORD) % WORD)
        self.generation = 0
        self.coins_tossed = 0

    def _west_east(self, plane: Any) -> tuple[Any, Any]:
        """Each cell's west and east neighbours' bits, carried across words and round a torus."""
        west, east = plane << ONE, plane >> ONE
        west[:, 1:] |= plane[:, :-1] >> S63
        east[:, :-1] |= plane[:, 1:] << S63
        if self.periodic:
            west[:, 0] |= (plane[:, -1] >> self.top_bit) & ONE
            east[:, -1] |= (plane[:, 0] & ONE) << self.top_bit
        return west, east

    def _vertical(self, plane: Any, down: int) -> Any:
        """plane[r - down] at row r: the row above (down = 1) or below (-1), empty past a cut edge."""
        if self.periodic:
            return np.roll(plane, down, axis=0)
        moved = np.zeros_like(plane)
        if down > 0:
            moved[down:] = plane[:-down]
        else:
            moved[:down] = plane[-down:]
        return moved

    def _counts(self, plane: Any) -> tuple[Any, ...]:
        west, east = self._west_east(plane)
        rows = [(self._vertical(p, 1), self._vertical(p, -1)) for p in (west, plane, east)]
        (nw, sw), (n, s), (ne, se) = rows
        return bitslice.count8(nw, n, ne, west, east, sw, s, se)

    def step(self) -> None:
        white_after, black_after, coin = bitslice.next_planes(
            self.white, self.black, self._counts(self.white), self._counts(self.black), self.flags
        )
        for plane in (white_after, black_after, coin):
            plane[:, -1] &= self.last_mask
        if coin.any():
            faces = pack_plane(coin_plane(self.coin_seed, self.generation, (self.height, self.width)))
            white_after |= coin & faces
            black_after |= coin & ~faces
            self.coins_tossed += int(np.bitwise_count(coin).sum())
        self.white, self.black = white_after, black_after
        self.generation += 1

    @property
    def lattice(self) -> Any:
        return unpack(self.white, self.black, self.width)
