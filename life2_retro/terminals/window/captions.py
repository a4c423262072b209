"""Text of today in our stroke font, at any size: the exhibit's panels, its status lines, its banner.

A museum visitor reads the panel beside the paper from a couple of metres, on
whatever screen the museum has, so its text is sized from the screen, not set
in pixels: the same drawings as the Teletype's type (typeface.py), with the
lower case and today's caret and low line added, drawn clean (no ribbon) and
anti-aliased at the size asked for. Where a line must fit a narrow panel, the
letters are set condensed (narrower, the pen as wide), which keeps them as tall
and as easy to read from afar as the height allows.

A pen is one size, one weight and one colour; each character is drawn once and
blitted after.
"""

from __future__ import annotations

import math
from typing import Any

from .type_render import GlyphBox, glyph
from .typeface import CAP_HEIGHT, DESCENT, PEN, caption_strokes

ROW = 1.6
"""A row of text, in capitals' heights: the capitals, the tails below them, and a little air."""
CAP_TOP = 0.24
"""Where a capital's top is in its row, in capitals' heights."""
ADVANCE = 1.0
"""A character's width, pitch to pitch, in capitals' heights when not condensed: the Model 33's
0.1 inch for capitals 0.1 inch high."""
WEIGHT = 1.2
"""The pen of a caption, in the Teletype type's pen: a little bolder, for a screen seen from afar."""
NARROWEST = 0.6
"""The most a pen condenses its letters: to this share of their width."""


class CaptionPen:
    """Captions with capitals `cap` pixels high, `colour`, each character `advance` pixels on from the
    last (by default the type's own proportion; less condenses the letters)."""

    def __init__(
        self,
        pygame: Any,
        cap: float,
        colour: tuple[int, int, int],
        advance: float | None = None,
        weight: float = WEIGHT,
    ) -> None:
        self.pygame = pygame
        self.cap = cap
        self.colour = colour
        natural = cap * ADVANCE
        self.advance = natural if advance is None else min(natural, max(advance, natural * NARROWEST))
        """Pixels from one character's place to the next's."""
        self.pen = PEN * weight
        scale = cap / CAP_HEIGHT
        tails = cap * CAP_TOP + (DESCENT + self.pen / 2) * scale + 1  # and a pixel of smoothing
        self.row = math.ceil(max(cap * ROW, tails))
        """A row's height, in whole pixels: rows of text stack this far apart, and the tails of g, j,
        p, q and y end inside their own row (at capitals of 37.5 pixels, cap * ROW was a pixel short)."""
        self.squeeze = self.advance / natural
        self.box = GlyphBox(scale, self.pen, self.squeeze)
        ox, oy = self.box.origin
        body = (self.advance - (self.box.size[0] - 2 * ox)) / 2  # the letter centred on its pitch
        self._offset = (body - ox, cap * CAP_TOP - oy)
        """Where a glyph's surface goes from the top left of its place in a row."""
        self._glyphs: dict[str, Any] = {}

    @property
    def above(self) -> float:
        """How far below the top of its row a capital's top is, in pixels."""
        return self.cap * CAP_TOP

    @property
    def cell(self) -> tuple[float, int]:
        """(advance, row): a character's place in a line of text."""
        return self.advance, self.row

    @classmethod
    def fitting(
        cls,
        pygame: Any,
        cap: float,
        colour: tuple[int, int, int],
        width: float,
        characters: int,
        weight: float = WEIGHT,
    ) -> CaptionPen:
        """A pen whose `characters` fit in `width` pixels: as tall as `cap`, condensed as need be,
        and made smaller only if even condensed they do not fit."""
        narrowest = cap * ADVANCE * NARROWEST
        if narrowest * characters > width:
            cap = width / characters / (ADVANCE * NARROWEST)
        return cls(pygame, cap, colour, width / characters, weight)

    def glyph(self, char: str) -> Any:
        made = self._glyphs.get(char)
        if made is None:
            made = self._glyphs[char] = glyph(
                self.pygame, caption_strokes(char), self.box, self.pen, self.colour
            )
        return made

    def inked(self, char: str) -> Any:
        """Where a character's ink is, as a rect from the top left of its place in a row."""
        rect = self.glyph(char).get_bounding_rect()
        return rect.move(round(self._offset[0]), round(self._offset[1]))

    def draw(self, surface: Any, text: str, at: tuple[float, float], limit: int | None = None) -> int:
        """Draw `text` (cut to `limit` characters) in a row whose top left is `at`; returns the width
        drawn, in pixels."""
        x, y = at
        dx, dy = self._offset
        shown = text[:limit]
        placed = [
            (self.glyph(char), (round(x + i * self.advance + dx), round(y + dy)))
            for i, char in enumerate(shown)
            if char != " "
        ]
        surface.blits(placed, doreturn=False)
        return round(len(shown) * self.advance)

    def width(self, text: str) -> int:
        """How wide `text` is drawn, in pixels."""
        return round(len(text) * self.advance)
