"""The bulge of a picture tube's face, as a map from the flat raster to where it is seen.

A tube's face is part of a sphere, so the picture on it is seen pulled in
towards the corners: its edges bow outward and its corners move inward. The
map is the one CRT shaders use, from a point seen on the glass back to the
flat raster: `flat = seen * (1 + k * r^2)`, with r measured from the centre in
half-diagonals. Drawing needs the other way (where does this cell land?), so
`seen` inverts it by a few fixed-point steps. No pixel is remapped per frame:
the terminal places each character cell where the map says, once per layout.
"""

from __future__ import annotations

from dataclasses import dataclass

STRENGTH = 0.13
"""k: a corner of the raster is seen about 12% nearer the centre, the middle of an edge about 5%."""


@dataclass(frozen=True)
class Barrel:
    centre: tuple[float, float]
    half: tuple[float, float]
    """Half the raster's width and height: the half-diagonal is the unit of r."""
    strength: float = STRENGTH

    def _r2(self, x: float, y: float) -> float:
        cx, cy = self.centre
        hx, hy = self.half
        return ((x - cx) ** 2 + (y - cy) ** 2) / (hx * hx + hy * hy)

    def flat(self, x: float, y: float) -> tuple[float, float]:
        """The raster point that shows at (x, y) on the glass."""
        cx, cy = self.centre
        grow = 1 + self.strength * self._r2(x, y)
        return cx + (x - cx) * grow, cy + (y - cy) * grow

    def seen(self, x: float, y: float) -> tuple[float, float]:
        """Where the raster point (x, y) shows on the glass (the inverse of `flat`)."""
        cx, cy = self.centre
        sx, sy = x, y
        for _ in range(6):  # k is small: each step gains about two decimal places
            shrink = 1 + self.strength * self._r2(sx, sy)
            sx, sy = cx + (x - cx) / shrink, cy + (y - cy) / shrink
        return sx, sy
