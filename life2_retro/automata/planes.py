"""A lattice of cell states to and from two bit-planes of 64-bit words (bitslice.py's layout)."""

from __future__ import annotations

from typing import Any

from .rules import BLACK, EMPTY, WHITE

WORD = 64


def words_per_row(width: int) -> int:
    return -(-width // WORD)


def pack_plane(plane: Any) -> Any:
    """A bool array (rows, columns) as uint64 words (rows, words): column c is bit c % 64 of word c // 64."""
    import numpy as np

    height, width = plane.shape
    padded = np.zeros((height, words_per_row(width) * WORD), dtype=bool)
    padded[:, :width] = plane
    as_bytes = np.packbits(padded, axis=1, bitorder="little")
    return np.ascontiguousarray(as_bytes).view("<u8").astype(np.uint64)


def unpack_plane(words: Any, width: int) -> Any:
    import numpy as np

    as_bytes = np.ascontiguousarray(words.astype("<u8")).view(np.uint8)
    return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :width].astype(bool)


def pack(lattice: Any) -> tuple[Any, Any]:
    """(white words, black words) of a lattice of cell states."""
    return pack_plane(lattice == WHITE), pack_plane(lattice == BLACK)


def unpack(white: Any, black: Any, width: int) -> Any:
    import numpy as np

    lattice = np.full((white.shape[0], width), EMPTY, dtype=np.uint8)
    lattice[unpack_plane(white, width)] = WHITE
    lattice[unpack_plane(black, width)] = BLACK
    return lattice


def padded(words: Any) -> Any:
    """A plane of words (rows, words) inside a halo of ghost cells: a word before and after each row
    and a row above and below, all empty until the engine fills them (kernels.fill_halo); flat."""
    import numpy as np

    height, width = words.shape
    out = np.zeros((height + 2, width + 2), dtype=np.uint64)
    out[1:-1, 1:-1] = words
    return out.reshape(-1)


def unpadded(plane: Any, height: int) -> Any:
    """The lattice's own words (rows, words) of a padded plane, as a view."""
    return plane.reshape(height + 2, -1)[1:-1, 1:-1]
