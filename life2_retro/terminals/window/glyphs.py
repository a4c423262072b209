"""The glass terminal's characters as the phosphor shows them, each drawn once per size.

A character is our 5x7 dot font (font.py) lit by the beam, with the font's two
rows below the baseline for the tails of g, j, p, q and y. Three looks:
* crisp: each dot a small block of the phosphor's colour (no glow);
* glow: each dot a round phosphor spot, its core paler than its rim, with a
  faint halo close around it: the light scattered in the phosphor and the
  glass, which dims within a fraction of a dot's pitch, so the dots of a
  letter stay apart and letters never touch (a tube's glow does not merge
  its dots; the halo's light between two dots stays well under theirs);
* bloom, on top: a faint light around the character, a near and a far halo,
  low enough that the gaps between letters stay dark.
A glyph is drawn with a margin (`pad`) past its cell, wide enough for the halos
of its outer dots and for the bloom, so that no light is cut at the cell's edge
and neighbours' light adds.
"""

from __future__ import annotations

import math
from typing import Any

from .font import HEIGHT, ROWS, WIDTH, dots
from .tube import solid

BLOOM_NEAR, BLOOM_FAR = 0.3, 0.25
"""The bloom's two halos: their strength, 1 being the dots' own light spread out. Bright text on a
real tube lights the glass around it a little; at 0.45 and 0.8 the halos filled the space between
letters and a struck-over `&&&&&&` became one smudge."""
WHITE_CORE = 0.4
"""How far a dot's core is pushed towards white: a bright phosphor spot looks paler than its glow."""
SUPERSAMPLE = 4
SPOT = (0.7, 0.74)
"""A dot's lit spot, across and down, in dot pitches: the beam's spot is smaller than the pitch, so
there is dark between two dots of a letter where the window has the pixels to show it."""
HALO = 0.68
"""A dot's faint halo: its reach from the dot's centre, in dot pitches (across and down each in its
own: a halo as wide as the rows' pitch reached into the next letter where the cell is narrow)."""
HALO_LEVEL = 5
"""The halo's light: the phosphor's colour divided by this (the spots' own light is 1)."""
CAPITAL_TOP = 0.05
"""Where a capital's top row of dots starts, as a share of the cell's height: the capitals as tall as
they always were (HEIGHT rows at PITCH_Y), and the rows below the baseline still in the cell."""
PITCH_Y = 0.72 / HEIGHT
"""The rows' pitch, as a share of the cell's height."""


def bloom_reach(cell_width: float) -> int:
    """How much smaller the far halo is drawn before it is scaled up: about its reach, in pixels."""
    return max(4, round(cell_width * 0.7))


class PhosphorGlyphs:
    """Glyph surfaces by (character, width, height): a curved face has cells of a few sizes."""

    def __init__(
        self,
        pygame: Any,
        colour: tuple[int, int, int],
        glow: bool,
        bloom: bool,
        cell: tuple[float, float],
    ) -> None:
        """`cell`: the width and height of a cell on a flat face (a curved face's cells are smaller)."""
        self.pygame = pygame
        self.colour = colour
        self.glow = glow
        self.bloom = bloom
        self.reach = bloom_reach(cell[0])
        width, height = math.ceil(cell[0]), math.ceil(cell[1])
        halo = self.halo_margin(width, height) if glow else 0
        self.pad = max(halo, 2 * self.reach + 2 if bloom else 0)
        """The margin around each cell that the light may reach."""
        self._made: dict[tuple[str, int, int], Any] = {}

    def halo_margin(self, width: int, height: int) -> int:
        """How far past a cell the halos of its outer dots reach, in whole pixels (one more for the
        smoothing): every dot of the font's grid, the rows below the baseline included."""
        pitch_x, pitch_y, left, top = self.dot_grid(width, height, pad=0)
        reach_x, reach_y = pitch_x * HALO, pitch_y * HALO
        past = max(
            reach_x - left - pitch_x / 2,
            left + (WIDTH - 0.5) * pitch_x + reach_x - width,
            reach_y - top - pitch_y / 2,
            top + (ROWS - 0.5) * pitch_y + reach_y - height,
        )
        return math.ceil(past) + 1 if past > 0 else 0

    def get(self, char: str, width: int, height: int) -> Any:
        key = (char, width, height)
        glyph = self._made.get(key)
        if glyph is None:
            glyph = self._made[key] = self._make(char, width, height)
        return glyph

    def _make(self, char: str, width: int, height: int) -> Any:
        pygame = self.pygame
        glyph = solid(pygame, (width + 2 * self.pad, height + 2 * self.pad), (0, 0, 0))
        if self.glow:
            self._soft_dots(glyph, char, width, height)
        else:
            self._crisp_dots(glyph, char, width, height)
        if self.bloom:
            size = glyph.get_size()
            halo = glyph.copy()
            for scale, strength in ((self.reach // 2, BLOOM_NEAR), (self.reach, BLOOM_FAR)):
                small = pygame.transform.smoothscale(
                    glyph, (max(1, size[0] // scale), max(1, size[1] // scale))
                )
                wide = pygame.transform.smoothscale(small, size)
                whole, part = divmod(round(strength * 255), 255)
                for _ in range(whole):
                    halo.blit(wide, (0, 0), special_flags=pygame.BLEND_ADD)
                wide.blit(solid(pygame, size, (part, part, part)), (0, 0), special_flags=pygame.BLEND_MULT)
                halo.blit(wide, (0, 0), special_flags=pygame.BLEND_ADD)
            glyph = halo
        return glyph

    def dot_grid(
        self, width: int, height: int, scale: float = 1.0, pad: int | None = None
    ) -> tuple[float, float, float, float]:
        """(pitch x, pitch y, left, top) of the dots in a glyph of a cell this size, `scale` times
        larger: the font's WIDTH columns and ROWS rows, the rows below the baseline inside the cell."""
        pad = self.pad if pad is None else pad
        return (
            width * 0.78 / WIDTH * scale,
            height * PITCH_Y * scale,
            (pad + width * 0.11) * scale,
            (pad + height * CAPITAL_TOP) * scale,
        )

    def _crisp_dots(self, glyph: Any, char: str, width: int, height: int) -> None:
        pitch_x, pitch_y, left, top = self.dot_grid(width, height)
        for x, y in dots(char):
            rect = (
                round(left + x * pitch_x),
                round(top + y * pitch_y),
                max(1, round(pitch_x * 0.9)),
                max(1, round(pitch_y * 0.8)),
            )
            self.pygame.draw.rect(glyph, self.colour, rect)

    def _soft_dots(self, glyph: Any, char: str, width: int, height: int) -> None:
        """Drawn four times larger and scaled down smoothly: soft-edged spots."""
        pygame = self.pygame
        big = solid(pygame, (glyph.get_width() * SUPERSAMPLE, glyph.get_height() * SUPERSAMPLE), (0, 0, 0))
        pitch_x, pitch_y, left, top = self.dot_grid(width, height, SUPERSAMPLE)
        dim = tuple(c // HALO_LEVEL for c in self.colour)
        core = tuple(round(c + (255 - c) * WHITE_CORE) for c in self.colour)
        reach_x, reach_y = pitch_x * HALO, pitch_y * HALO
        spots = [(left + (x + 0.5) * pitch_x, top + (y + 0.5) * pitch_y) for x, y in dots(char)]
        for cx, cy in spots:
            pygame.draw.ellipse(big, dim, (cx - reach_x, cy - reach_y, 2 * reach_x, 2 * reach_y))
        w, h = pitch_x * SPOT[0], pitch_y * SPOT[1]
        for cx, cy in spots:
            pygame.draw.ellipse(big, self.colour, (cx - w / 2, cy - h / 2, w, h))
            pygame.draw.ellipse(big, core, (cx - w / 4, cy - h / 4, w / 2, h / 2))
        glyph.blit(pygame.transform.smoothscale(big, glyph.get_size()), (0, 0))
