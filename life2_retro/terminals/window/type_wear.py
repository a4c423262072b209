"""How a worn Teletype inks: a little, and never whole characters light or bold at random.

Nothing here draws; the paper view asks, for each blow, how much ink it leaves
and where. All of it is seeded, so the same machine prints the same page:

* **force**: every character's type (and the hammer behind it) has its own
  strength, within a few per cent, and each blow varies as little: a Model
  33's hammer is driven by a cam, not by a typist's finger, so its blows are
  alike (at a third apart, whole characters read as random font weights);
* **lean**: a type face that does not meet the platen squarely inks one side
  more than the other: the wear varies within a character's strokes (so does
  the ribbon's cloth, printed_type.py);
* **rise** and **drift**: type on a cylinder sits a little off its place, the
  same way each time for a character, so a line of print wanders up and down;
* **ribbon**: the ribbon moves on with every character printed, and its ink
  is a little uneven along its length, so the print darkens and lightens
  slowly, over lines, by a few per cent.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

from .paper import COLUMNS


@dataclass(frozen=True)
class TypeFace:
    force: float
    """The share of a full blow's ink this character's type leaves: 0.93 to 1."""
    lean: float
    """How much more ink the right side gets than the left, from -0.12 to 0.12: a little."""
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
                force=1 - 0.07 * rng.random() ** 2,  # most near full; a few a shade light
                lean=rng.uniform(-0.12, 0.12),
                rise=rng.uniform(-0.6, 0.6),
                drift=rng.uniform(-0.25, 0.25),
            )
        return face


def blow(strike_seed: int) -> float:
    """How hard this one blow was, from 0.95 to 1: the cam-driven hammer strikes much alike."""
    return random.Random(strike_seed ^ 0x5EED).uniform(0.95, 1.0)


def ribbon(row: int, column: int, seed: int) -> float:
    """The ink the ribbon gives where it is when this place is printed: from 1 - RIBBON_DEPTH to 1,
    changing smoothly over RIBBON_STRETCH characters. The ribbon moves on with every character,
    so its place is counted from the rows and columns printed (a line's full width each row)."""
    along = (row * COLUMNS + column) / RIBBON_STRETCH
    knot = math.floor(along)
    t = along - knot
    t = t * t * (3 - 2 * t)
    low, high = _ribbon_ink(knot, seed), _ribbon_ink(knot + 1, seed)
    return 1 - RIBBON_DEPTH * (low + (high - low) * t)


RIBBON_STRETCH = 150
"""Characters between two places of the ribbon whose ink is drawn at random: about two lines."""
RIBBON_DEPTH = 0.08
"""How much lighter the driest stretch of ribbon prints than the wettest."""


@lru_cache(maxsize=256)
def _ribbon_ink(knot: int, seed: int) -> float:
    """How dry the ribbon is at one of its places, 0 to 1; kept for the places in view, as every
    strike asks (a generator seeded from text costs more than the rest of a strike's wear)."""
    return random.Random(f"{seed}:ribbon:{knot}").random()
