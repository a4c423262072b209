"""Characters of our stroke format drawn anti-aliased at any size, with pygame alone.

A character is the set of points within half a pen's width of its paths
(strokes.py). It is drawn several times larger than wanted, as filled
polygons for the straight pieces and discs at their joints (the round pen),
and scaled down smoothly: each pixel then holds how much of it the ink covers,
which is what anti-aliasing is. The drawing is as sharp at 3840x2160 as at
1024x768, because it is always drawn at the size it is shown.

What is drawn is a mask: the ink's colour everywhere and its coverage in the
alpha channel, so the same surface can be blitted onto paper at any strength.
Surfaces are made by the caller's caches (a character is drawn once per size
and look, and blitted ever after).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .strokes import Path, flatten
from .typeface import ASCENT, BODY_WIDTH, DESCENT

DOT = 1.35
"""A dot (a full stop, the point of a colon) is struck this much wider than the pen's line."""
DETAIL = 64.0
"""The supersampled drawing's capital height, at least, in its own pixels: enough levels of
coverage for a smooth edge whatever the size shown."""


@dataclass(frozen=True)
class GlyphBox:
    """Where a character's paths land on its surface, at one size: `scale` pixels to a unit of the
    format, and `margin` units of room around the paths (the pen's half width and more). A
    `squeeze` under 1 sets the letters narrower (condensed), the pen as wide as ever."""

    scale: float
    margin: float
    squeeze: float = 1.0

    @property
    def size(self) -> tuple[int, int]:
        return (
            math.ceil((BODY_WIDTH * self.squeeze + 2 * self.margin) * self.scale),
            math.ceil((DESCENT - ASCENT + 2 * self.margin) * self.scale),
        )

    @property
    def origin(self) -> tuple[float, float]:
        """Where the format's (0, 0), the top left of a capital's body, is on the surface."""
        return self.margin * self.scale, (self.margin - ASCENT) * self.scale

    def supersample(self) -> int:
        """How many times larger the character is drawn before it is scaled down."""
        return max(2, min(8, math.ceil(DETAIL / (10 * self.scale))))


def draw_paths(
    pygame: Any,
    surface: Any,
    paths: tuple[Path, ...],
    scale: float,
    origin: tuple[float, float],
    pen: float,
    colour: tuple[int, ...],
    squeeze: float = 1.0,
) -> None:
    """The paths with a round pen `pen` units wide, at `scale` pixels a unit (across, `squeeze`
    times that), hard-edged: polygons for the straight pieces, discs at every joint and end."""
    ox, oy = origin
    radius = pen * scale / 2
    across = scale * squeeze
    for path in paths:
        points = [(ox + x * across, oy + y * scale) for x, y in path]
        if len(points) == 1:
            pygame.draw.circle(surface, colour, points[0], radius * DOT)
            continue
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            length = math.hypot(x1 - x0, y1 - y0)
            if length > 0:
                nx, ny = -(y1 - y0) / length * radius, (x1 - x0) / length * radius
                pygame.draw.polygon(
                    surface,
                    colour,
                    [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)],
                )
        for point in points:
            pygame.draw.circle(surface, colour, point, radius)


def big_mask(pygame: Any, strokes: str, box: GlyphBox, pen: float, colour: tuple[int, int, int]) -> Any:
    """The character drawn `box.supersample()` times larger, hard-edged: opaque `colour` where the
    pen went, the same colour fully transparent elsewhere (so smoothing never mixes in another)."""
    factor = box.supersample()
    width, height = box.size
    big = pygame.Surface((width * factor, height * factor), pygame.SRCALPHA)
    big.fill((*colour, 0))
    ox, oy = box.origin
    paths = flatten(strokes)
    draw_paths(
        pygame, big, paths, box.scale * factor, (ox * factor, oy * factor), pen, (*colour, 255), box.squeeze
    )
    return big


def shrink(pygame: Any, big: Any, box: GlyphBox) -> Any:
    """A supersampled drawing scaled down to the box's size: each pixel's alpha is its coverage."""
    return pygame.transform.smoothscale(big, box.size)


def glyph(pygame: Any, strokes: str, box: GlyphBox, pen: float, colour: tuple[int, int, int]) -> Any:
    """A clean character: solid, anti-aliased, the colour with its coverage as alpha."""
    return shrink(pygame, big_mask(pygame, strokes, box, pen, colour), box)
