"""The glass terminal's text on the glass: where each cell lands, and the rows drawn into one layer.

Each cell's place is worked out once per layout, after the bulge of the face
if there is one (curvature.py), so a curved picture costs nothing per frame.
A row of text is drawn once from its glyphs and kept; a row that only grew (a
line being printed) gets just its new characters. When the screen changes,
only the rows that changed are drawn again, and only there is the layer
multiplied by the tube's overlay (`lit`): a frame then starts from `lit` as it
is, with no whole-window multiply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .glyphs import PhosphorGlyphs
from .screen import GlassScreen
from .tube import TubeGeometry, solid

ROW_CACHE_BYTES = 24 * 2**20
"""Rows of text kept drawn, in bytes of pixels (boards and prompts come back again and again);
at least two screens of rows whatever the window's size."""
FLICKER_STEP = 247
"""Each dimmer frame of a flickering tube, out of 255 of the one before (3% less light)."""
WHOLE = 8
"""When more rows than this change at once (a scroll), the layer is drawn again whole."""


@dataclass
class PlacedRow:
    """Where one row's cells land on the row's own surface, and where that surface goes."""

    origin: tuple[int, int]
    size: tuple[int, int]
    cells: list[tuple[int, int, int, int]]
    """Each cell's (x, y, w, h) on the row's surface (its glyph goes `pad` up and left of that)."""

    def rect(self, pygame: Any) -> Any:
        return pygame.Rect(self.origin, self.size)


def place_rows(screen: GlassScreen, geometry: TubeGeometry, pad: int) -> list[PlacedRow]:
    """Every cell's place on the glass: on a curved face, where the bulge puts it."""
    x0, y0, width, height = geometry.text
    cell_w, cell_h = width / screen.columns, height / screen.rows
    barrel = geometry.barrel
    rows = []
    for row in range(screen.rows):
        placed = []
        for column in range(screen.columns):
            if barrel is None:  # flat: whole pixels, as the rows have always been laid out
                at = (round(x0) + round(column * cell_w), round(y0 + row * cell_h))
                placed.append((*at, math.ceil(cell_w), math.ceil(cell_h)))
                continue
            left, top = barrel.seen(x0 + column * cell_w, y0 + row * cell_h)
            right, bottom = barrel.seen(x0 + (column + 1) * cell_w, y0 + (row + 1) * cell_h)
            placed.append((round(left), round(top), max(1, round(right - left)), max(1, round(bottom - top))))
        left = min(x for x, _, _, _ in placed) - pad
        top = min(y for _, y, _, _ in placed) - pad
        right = max(x + w for x, _, w, _ in placed) + pad
        bottom = max(y + h for _, y, _, h in placed) + pad + 1
        cells = [(x - left - pad, y - top - pad, w, h) for x, y, w, h in placed]
        rows.append(PlacedRow((left, top), (right - left, bottom - top), cells))
    return rows


class TextLayer:
    def __init__(
        self,
        pygame: Any,
        screen: GlassScreen,
        geometry: TubeGeometry,
        glyphs: PhosphorGlyphs,
        overlay: Any | None,
        dimming: int = 0,
    ) -> None:
        self.pygame = pygame
        self.screen = screen
        self.glyphs = glyphs
        self.overlay = overlay
        self.curved = geometry.barrel is not None
        self.rows = place_rows(screen, geometry, glyphs.pad)
        self._rects = [row.rect(pygame) for row in self.rows]
        width, height = max(row.size for row in self.rows)
        self._cache_rows = max(2 * screen.rows, ROW_CACHE_BYTES // (4 * width * height))
        self.blend = pygame.BLEND_ADD if glyphs.bloom else pygame.BLEND_MAX
        """ADD: neighbours' bloom sums, as light does. MAX: a cell's black margin never clips its
        neighbour's glow."""
        self.text = pygame.Surface(geometry.size).convert()
        self.text.fill((0, 0, 0))
        self.lit = self.text if overlay is None else self.text.copy()
        """The text as seen through the tube's overlay (scanlines, vignette, bezel)."""
        self._dim = solid(pygame, geometry.size, (FLICKER_STEP,) * 3) if dimming else None
        self._brightnesses = [self.lit] + [self.lit.copy() for _ in range(dimming)]
        """`lit`, then `lit` dimmed `dimming` times by FLICKER_STEP: a flickering tube's frames."""
        self._stale: Any | None = None
        """Where the dimmer copies lag behind `lit`: they are brought up to date only when asked
        for, as they are shown only while nothing fades (printing, the afterglow shows `lit`)."""
        self.under: Any | None = None
        """Light that lies under the text (burn-in's wear), added wherever the layer is drawn."""
        self._shown = [""] * screen.rows
        self._drawn: dict[Any, Any] = {}
        self._version = -1

    def cell_rect(self, row: int, column: int) -> tuple[int, int, int, int]:
        """Where one character cell is on the window (after the bulge, if any)."""
        placed = self.rows[row]
        x, y, w, h = placed.cells[column]
        pad = self.glyphs.pad
        return (placed.origin[0] + pad + x, placed.origin[1] + pad + y, w, h)

    def update(self) -> list[Any]:
        """Draw what changed on the screen; the window rectangles that changed."""
        if self.screen.version == self._version:
            return []
        self._version = self.screen.version
        texts = ["".join(line).rstrip() for line in self.screen.cells]
        changed = [row for row, text in enumerate(texts) if text != self._shown[row]]
        if not changed:
            return []
        for row in changed:
            self._prepare(row, texts[row])
        self._shown = texts
        if len(changed) > WHOLE:
            rects = [self._rects[0].unionall(self._rects).clip(self.text.get_rect())]
        else:
            rects = [self._rects[row].clip(self.text.get_rect()) for row in changed]
        for rect in rects:
            self._redraw(rect)
        return rects

    def redraw_all(self) -> None:
        """Draw the whole layer again (what lies under the text changed)."""
        self._redraw(self.text.get_rect())

    def _key(self, row: int, text: str) -> Any:
        return (row, text) if self.curved else text

    def _prepare(self, row: int, text: str) -> None:
        """The row's surface for `text` in the cache, drawn from what was there if it only grew."""
        drawn = self._drawn
        key = self._key(row, text)
        if key in drawn or not text:
            return
        before = self._shown[row]
        surface = drawn.pop(self._key(row, before), None) if before and text.startswith(before) else None
        start = len(before) if surface is not None else 0
        if surface is None:
            surface = self.pygame.Surface(self.rows[row].size).convert()
            surface.fill((0, 0, 0))
        cells = self.rows[row].cells
        for column in range(start, len(text)):
            char = text[column]
            if char != " ":
                x, y, w, h = cells[column]
                surface.blit(self.glyphs.get(char, w, h), (x, y), special_flags=self.blend)
        if len(drawn) >= self._cache_rows:
            del drawn[next(iter(drawn))]  # the row least recently drawn
        drawn[key] = surface

    def _row(self, row: int) -> Any | None:
        text = self._shown[row]
        if not text:
            return None
        key = self._key(row, text)
        surface = self._drawn.pop(key, None)
        if surface is None:
            self._prepare(row, text)
            surface = self._drawn.pop(key)
        self._drawn[key] = surface  # now the most recently used
        return surface

    def _redraw(self, rect: Any) -> None:
        text = self.text
        text.set_clip(rect)
        text.fill((0, 0, 0))
        for row, row_rect in enumerate(self._rects):
            if row_rect.colliderect(rect):
                surface = self._row(row)
                if surface is not None:
                    text.blit(surface, row_rect.topleft, special_flags=self.blend)
        if self.under is not None:
            text.blit(self.under, rect.topleft, rect, special_flags=self.pygame.BLEND_ADD)
        text.set_clip(None)
        if self.lit is not text:
            self.lit.blit(text, rect.topleft, rect)
            self.lit.blit(self.overlay, rect.topleft, rect, special_flags=self.pygame.BLEND_MULT)
        if len(self._brightnesses) > 1:
            self._stale = rect.copy() if self._stale is None else self._stale.union(rect)

    @property
    def brightnesses(self) -> list[Any]:
        """`lit` and its dimmer copies, up to date."""
        rect = self._stale
        if rect is not None:
            for brighter, dim in zip(self._brightnesses, self._brightnesses[1:], strict=False):
                dim.blit(brighter, rect.topleft, rect)
                dim.blit(self._dim, rect.topleft, rect, special_flags=self.pygame.BLEND_MULT)
            self._stale = None
        return self._brightnesses
