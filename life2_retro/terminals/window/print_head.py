"""The Model 33's typing unit where the next character will strike, drawn from our own shapes.

What a visitor looking down at a Model 33 sees at the print line: in front
of the paper, the ribbon guide, a thin steel frame with a small window where
the next character goes; the ribbon, two colours, black over red, running
through the guide beneath that window, out to its spools at either side; and
nearer, below the print line, the type element, a steel cylinder with the
characters embossed round it in rows. The ink is struck through the ribbon
onto the paper in the window. Nothing of the unit covers the lines already
printed above it, which the players read.

It is drawn once per page size, four times larger and scaled down smoothly
(soft edges), as one surface with its own shadow, and blitted at the next
character's cell every frame.
"""

from __future__ import annotations

import math
from typing import Any

SUPERSAMPLE = 4
STEEL = (168, 170, 176)
"""The drum and the guide: bright steel, lit from above."""
STEEL_EDGE = (70, 72, 80)
RIBBON_BLACK = (34, 34, 40)
RIBBON_RED = (150, 34, 36)
SHADOW = (40, 30, 20, 60)
DRUM_WIDTH = 2.6
"""The drum's width seen from above the keyboard, in character widths."""
DRUM_BOTTOM = 2.3
"""Where the drum's lower rim is, in lines below the top of the next character's line."""
RIBBON_TOP = 0.92
"""Where the ribbon's upper edge is, in lines below the top of the next character's line: just
under the window."""
RIBBON_REACH = 3.5
"""How far the ribbon shows either side of the window, in character widths, before it turns off
towards its spools (it fades there into the machine's shadow)."""


class TypingUnit:
    """The drum, the ribbon guide and the ribbon, for a page of `char_w` by `line_h` pixels a cell.
    `offset` is where the surface goes from the top left of the next character's cell."""

    def __init__(self, pygame: Any, char_w: float, line_h: float) -> None:
        self.pygame = pygame
        cw, lh = char_w * SUPERSAMPLE, line_h * SUPERSAMPLE
        left, top = math.ceil(cw * (RIBBON_REACH + 0.5)), math.ceil(lh * 0.2)
        width = 2 * left + math.ceil(cw)
        height = top + math.ceil(lh * (DRUM_BOTTOM + 0.3))
        big = pygame.Surface((width, height), pygame.SRCALPHA)
        big.fill((0, 0, 0, 0))
        self._shapes(big, left, top, cw, lh)
        size = (math.ceil(width / SUPERSAMPLE), math.ceil(height / SUPERSAMPLE))
        self.surface = pygame.transform.smoothscale(big, size)
        self.offset = (-(left // SUPERSAMPLE), -(top // SUPERSAMPLE))

    def draw(self, surface: Any, cell_left: int, cell_top: int) -> None:
        surface.blit(self.surface, (cell_left + self.offset[0], cell_top + self.offset[1]))

    def _shapes(self, big: Any, x: float, y: float, cw: float, lh: float) -> None:
        """Everything, at the supersampled size, the next cell's top left at (x, y)."""
        pygame = self.pygame
        shadow_at = round(lh * 0.08)
        shapes = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        shapes.fill((0, 0, 0, 0))
        self._drum(shapes, x, y, cw, lh)
        self._ribbon(shapes, x, y, cw, lh)
        self._guide(shapes, x, y, cw, lh)
        # a soft shadow on the paper, down and to the right, as the room's light falls from above
        shadow = shapes.copy()
        shadow.fill(SHADOW, special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(shadow, (shadow_at // 2, shadow_at))
        big.blit(shapes, (0, 0))

    def _ribbon(self, surface: Any, x: float, y: float, cw: float, lh: float) -> None:
        """Black over red, under the window, fading out at both ends towards the spools."""
        top, height = y + lh * RIBBON_TOP, lh * 0.3
        left, right = x - cw * RIBBON_REACH, x + cw * (RIBBON_REACH + 1)
        fade = cw * 1.2
        for px in range(round(left), round(right)):
            alpha = round(255 * min(1.0, max(0.0, min(px - left, right - px) / fade)))
            if alpha:
                middle = top + height * 0.5
                self.pygame.draw.line(surface, (*RIBBON_BLACK, alpha), (px, top), (px, middle))
                self.pygame.draw.line(surface, (*RIBBON_RED, alpha), (px, middle), (px, top + height))

    def _drum(self, surface: Any, x: float, y: float, cw: float, lh: float) -> None:
        """The type cylinder nearer than the paper, below the window: shaded as a cylinder lit from
        the upper left, with the embossed characters in rows round it."""
        pygame = self.pygame
        width = cw * DRUM_WIDTH
        left, top, bottom = x + cw / 2 - width / 2, y + lh * (RIBBON_TOP + 0.1), y + lh * DRUM_BOTTOM
        for i in range(round(width)):
            t = (i + 0.5) / width * 2 - 1  # -1 at the left edge, 1 at the right
            light = 0.3 + 0.7 * math.sqrt(max(0.0, 1 - t * t)) * (1 - 0.25 * t)
            colour = tuple(round(c * min(1.0, light)) for c in STEEL)
            pygame.draw.line(surface, (*colour, 255), (left + i, top), (left + i, bottom))
        base = lh * 0.14  # the drum's lower rim, seen a little from above: half an ellipse
        pygame.draw.ellipse(surface, (*STEEL_EDGE, 255), (left, bottom - base / 2, width, base))
        # rows of embossed type: short dark strokes, foreshortened towards the drum's sides
        line = max(1, round(lh * 0.05))
        shade = (*(round(c * 0.42) for c in STEEL), 255)
        for row in range(2):
            row_y = top + lh * 0.42 + row * lh * 0.32
            for k in range(-3, 4):
                angle = k / 3.6 * math.pi / 2
                at = x + cw / 2 + math.sin(angle) * width / 2 * 0.9
                half = (cw * 0.26 * math.cos(angle) + 1) / 2
                pygame.draw.line(surface, shade, (at - half, row_y), (at + half, row_y), line)

    def _guide(self, surface: Any, x: float, y: float, cw: float, lh: float) -> None:
        """The guide: a thin steel frame round the window, its lower bar holding the ribbon."""
        pygame = self.pygame
        rim = max(1, round(cw * 0.05))
        prong = cw * 0.28
        left, right = x - cw * 0.1 - prong, x + cw * 1.1 + prong
        top, bottom = y - lh * 0.06, y + lh * (RIBBON_TOP + 0.42)
        frame = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
        window = pygame.Rect(
            round(left + prong), round(top + lh * 0.06), round(right - left - 2 * prong), round(lh * 0.84)
        )
        radius = max(1, round(prong * 0.6))
        pygame.draw.rect(surface, (*STEEL, 255), frame, border_radius=radius)
        pygame.draw.rect(surface, (*STEEL_EDGE, 255), frame, rim, radius)
        pygame.draw.rect(surface, (0, 0, 0, 0), window)  # the window: the paper shows through
        pygame.draw.rect(surface, (*STEEL_EDGE, 255), window.inflate(2 * rim, 2 * rim), rim)
        pygame.draw.rect(surface, (0, 0, 0, 0), window)
        self._ribbon_through(surface, x, y, cw, lh, frame)

    def _ribbon_through(self, surface: Any, x: float, y: float, cw: float, lh: float, frame: Any) -> None:
        """The ribbon where it runs through the guide, over the frame's lower bar."""
        top, height = y + lh * RIBBON_TOP, lh * 0.3
        middle = top + height * 0.5
        self.pygame.draw.rect(surface, (*RIBBON_BLACK, 255), (frame.left, top, frame.width, middle - top))
        self.pygame.draw.rect(
            surface, (*RIBBON_RED, 255), (frame.left, middle, frame.width, top + height - middle)
        )
