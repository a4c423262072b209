"""The glass terminal's characters as the phosphor shows them, each drawn once per size.

A character is our 5x7 dot font (font.py) lit by the beam. Three looks:
* crisp: each dot a small block of the phosphor's colour (no glow);
* glow: each dot a soft, wide, low spot (dots along a scan line run together,
  as the beam's do), its core paler than its halo, with a dim halo around it;
* bloom, on top: the light spreading wide around the character, in a near and
  a far halo, in a margin (`pad`) past the cell so that neighbours' light adds.
"""

from __future__ import annotations

from typing import Any

from .font import HEIGHT, WIDTH, dots
from .tube import solid

BLOOM_NEAR, BLOOM_FAR = 0.45, 0.8
"""The bloom's two halos: their strength, 1 being the dots' own light spread out."""
WHITE_CORE = 0.3
"""How far a dot's core is pushed towards white: a bright phosphor spot looks paler than its glow."""
SUPERSAMPLE = 4


def bloom_reach(cell_width: float) -> int:
    """How much smaller the far halo is drawn before it is scaled up: about its reach, in pixels."""
    return max(4, round(cell_width * 0.7))


class PhosphorGlyphs:
    """Glyph surfaces by (character, width, height): a curved face has cells of a few sizes."""

    def __init__(
        self, pygame: Any, colour: tuple[int, int, int], glow: bool, bloom: bool, reach: int
    ) -> None:
        self.pygame = pygame
        self.colour = colour
        self.glow = glow
        self.bloom = bloom
        self.reach = reach
        self.pad = 2 * reach + 2 if bloom else 0
        """The margin around each cell that the light may reach."""
        self._made: dict[tuple[str, int, int], Any] = {}

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

    def _dot_grid(self, width: int, height: int, scale: float = 1.0) -> tuple[float, float, float, float]:
        """(pitch x, pitch y, left, top) of the 5x7 dots in a cell, `scale` times larger."""
        return (
            width * 0.78 / WIDTH * scale,
            height * 0.72 / HEIGHT * scale,
            (self.pad + width * 0.11) * scale,
            (self.pad + height * 0.1) * scale,
        )

    def _crisp_dots(self, glyph: Any, char: str, width: int, height: int) -> None:
        pitch_x, pitch_y, left, top = self._dot_grid(width, height)
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
        pitch_x, pitch_y, left, top = self._dot_grid(width, height, SUPERSAMPLE)
        dim = tuple(c // 5 for c in self.colour)
        core = tuple(round(c + (255 - c) * WHITE_CORE) for c in self.colour)
        halo = max(pitch_x, pitch_y) * 1.05
        spots = [(left + (x + 0.5) * pitch_x, top + (y + 0.5) * pitch_y) for x, y in dots(char)]
        for centre in spots:
            pygame.draw.circle(big, dim, centre, halo)
        for cx, cy in spots:  # wide and low: dots along a scan line run together
            w, h = pitch_x * 1.45, pitch_y * 0.78
            pygame.draw.ellipse(big, self.colour, (cx - w / 2, cy - h / 2, w, h))
            pygame.draw.ellipse(big, core, (cx - w / 3, cy - h / 4, w * 2 / 3, h / 2))
        glyph.blit(pygame.transform.smoothscale(big, glyph.get_size()), (0, 0))
