"""How a worn Teletype inks: each character's type strikes its own way, and the ribbon runs dry.

Nothing here draws; the paper view asks, for each blow, how much ink it leaves
and where. All of it is seeded, so the same machine prints the same page:

* **force**: every character's type (and the hammer behind it) has its own
  strength, so some characters always print lighter; each blow also varies;
* **lean**: a type face that does not meet the platen squarely inks one side
  more than the other;
* **rise** and **drift**: type on a cylinder sits a little off its place, the
  same way each time for a character, so a line of print wanders up and down;
* **ribbon**: ink on the ribbon is used up along a line faster than it soaks
  back, so a line fades towards its end, and the next line starts dark again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .paper import COLUMNS


@dataclass(frozen=True)
class TypeFace:
    force: float
    """The share of a full blow's ink this character's type leaves: 0.68 to 1."""
    lean: float
    """How much more ink the right side gets than the left, from -0.3 to 0.3."""
    rise: float
    """How far the type sits off its row, in 64ths of an inch (positive: lower)."""
    drift: float
    """How far it sits off its column, in 64ths of an inch."""


class TypeBox:
    """The type of one machine, character by character, drawn from its seed once."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._faces: dict[str, TypeFace] = {}

    def face(self, char: str) -> TypeFace:
        face = self._faces.get(char)
        if face is None:
            rng = random.Random(f"{self.seed}:{char}")
            face = self._faces[char] = TypeFace(
                force=1 - 0.32 * rng.random() ** 2,  # most near full; a few plainly light
                lean=rng.uniform(-0.3, 0.3),
                rise=rng.uniform(-0.6, 0.6),
                drift=rng.uniform(-0.25, 0.25),
            )
        return face


def blow(strike_seed: int) -> float:
    """How hard this one blow was, from 0.76 to 1: the hammer never strikes twice alike."""
    return random.Random(strike_seed ^ 0x5EED).uniform(0.76, 1.0)


def ribbon(row: int, column: int, seed: int) -> float:
    """The ink the ribbon gives at this column of this row: full at the margin, fading along the
    line (by a fifth to a third at the last column), full again after the return."""
    fade: float = (column / (COLUMNS - 1)) ** 1.3  # of a column 0 or more: a float (not complex)
    return 1 - _ribbon_depth(row, seed) * fade


@lru_cache(maxsize=256)
def _ribbon_depth(row: int, seed: int) -> float:
    """How dry the ribbon runs along one row; kept for the rows in view, as every strike of a row
    asks (a generator seeded from text costs more than the rest of a strike's wear)."""
    return random.Random(f"{seed}:ribbon:{row}").uniform(0.2, 0.33)
