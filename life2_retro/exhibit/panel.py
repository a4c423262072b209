"""The live listing: the 1978 program beside the paper, the line being executed marked as it runs.

It looks like what a 1970s computer room printed a listing on: green-bar
paper, in our own dot-matrix font. The line the BASIC is executing gets a
highlighter bar and an arrow, the page follows it, and a box at the foot shows
the variables that tell the story: B (whose turn), X and Y (the square typed),
M2 and M3 (each side's pieces).

With the museum's copy of the listing (checked by its SHA-256) the panel shows
its lines; with bugs switched off, our patch lines replace theirs and carry a
`*`. Without the listing it shows our own annotations of each line instead.

The static page, its heading and the highlighter bar are drawn once; a frame
blits the heading, the part of the page in view, the bar and the variables
box, so the panel costs little per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..terminals.window.font import ROWS, WIDTH, caption_dots

PAPER = (246, 248, 240)
GREEN_BAR = (214, 236, 214)
INK = (40, 44, 56)
FADED = (120, 126, 136)
HIGHLIGHT = (255, 214, 64, 150)
BOX = (28, 32, 40)
BOX_INK = (240, 236, 210)
ROW_BAND = 3
"""Green-bar paper alternates bands of three lines."""


class DotText:
    """Our font at one size, as cached glyph surfaces of one colour. A cell is the font's rows, the
    two below the baseline included, and a row of dots between lines (the page draws each line a dot
    below its top)."""

    def __init__(self, pygame: Any, dot: int, color: tuple[int, int, int]) -> None:
        self.pygame = pygame
        self.dot = dot
        self.color = color
        self.cell = (dot * (WIDTH + 1), dot * (ROWS + 1))
        self._glyphs: dict[str, Any] = {}

    def glyph(self, char: str) -> Any:
        glyph = self._glyphs.get(char)
        if glyph is None:
            pygame = self.pygame
            glyph = pygame.Surface(self.cell, pygame.SRCALPHA)
            size = max(1, self.dot - (self.dot > 2))
            for x, y in caption_dots(char):
                glyph.fill(self.color, (x * self.dot, y * self.dot, size, size))
            self._glyphs[char] = glyph
        return glyph

    def draw(self, surface: Any, text: str, at: tuple[int, int], limit: int | None = None) -> int:
        """Draw `text` (cut to `limit` characters); returns the width drawn."""
        x, y = at
        for char in text[:limit]:
            if char != " ":
                surface.blit(self.glyph(char), (x, y))
            x += self.cell[0]
        return x - at[0]


class ListingPanel:
    """What a SidePanel of the pygame terminals needs: a share of the width, and a draw."""

    fraction = 0.38

    def __init__(
        self,
        pygame: Any,
        rows: list[tuple[int, str]],
        title: str,
        variables: Callable[[], list[tuple[str, str]]],
        label: str = "LINE",
        places: Mapping[str, int] | None = None,
    ) -> None:
        self.pygame = pygame
        self.label = label
        """What the box calls the place now running: a LINE of the listing, a FUNCTION of a C program."""
        self.where: str | None = None
        """The place now running as the box names it (a function's name); by default the row's number."""
        self.rows = rows
        """(line number, text); number 0 is a heading row, not a line of the program."""
        self.title = title
        self.variables = variables
        self.places = places or {}
        """A part of the program by name (a C function) -> the row it marks."""
        self.current = 0
        self._index = {number: i for i, (number, _) in enumerate(rows) if number}
        self._size = (0, 0)
        self._page: Any = None
        self._box: Any = None
        self._box_text: list[tuple[str, str]] = []

    def follow(self, entered: int | str) -> None:
        """A line entered marks its row; a function entered, the row of its note, and the box names it."""
        if isinstance(entered, int):
            self.current = entered
        else:
            self.current = self.places.get(entered, self.current)
            self.where = entered

    def _build(self, size: tuple[int, int]) -> None:
        pygame = self.pygame
        width, height = size
        self._size = size
        dot = max(1, min(3, height // 420))
        self.text = DotText(pygame, dot, INK)
        self.faded = DotText(pygame, dot, FADED)
        self.box_text = DotText(pygame, dot, BOX_INK)
        self.row_h = self.text.cell[1]
        self.columns = max(10, (width - 2 * self.text.cell[0]) // self.text.cell[0])
        self.header_h = self.row_h * 3
        self.box_h = self.row_h * 4
        page = pygame.Surface((width, max(1, len(self.rows)) * self.row_h)).convert()
        page.fill(PAPER)
        for i, (number, text) in enumerate(self.rows):
            top = i * self.row_h
            if (i // ROW_BAND) % 2:
                page.fill(GREEN_BAR, (0, top, width, self.row_h))
            pen = self.faded if number == 0 else self.text
            pen.draw(page, text, (self.text.cell[0] * 2, top + self.text.dot), self.columns)
        self._page = page
        self._box = None
        heading = pygame.Surface((width, self.header_h)).convert()
        heading.fill(PAPER)
        self.faded.draw(heading, self.title, (self.text.cell[0] * 2, self.row_h), self.columns)
        self._heading = heading
        self._bar = pygame.Surface((width - self.text.cell[0], self.row_h), pygame.SRCALPHA)
        self._bar.fill(HIGHLIGHT)

    def draw(self, surface: Any, rect: tuple[int, int, int, int]) -> None:
        pygame = self.pygame
        left, top, width, height = rect
        if (width, height) != self._size:
            self._build((width, height))
        area = pygame.Rect(rect)
        surface.fill(PAPER, area)
        # the heading, then the page scrolled so the current line sits a third of the way down
        surface.blit(self._heading, (left, top))
        view_top = top + self.header_h
        view_h = height - self.header_h - self.box_h
        index = self._index.get(self.current)
        first = 0 if index is None else max(0, index - view_h // self.row_h // 3)
        first = min(first, max(0, len(self.rows) - view_h // self.row_h))
        surface.blit(self._page, (left, view_top), (0, first * self.row_h, width, view_h))
        if index is not None:
            y = view_top + (index - first) * self.row_h
            if view_top <= y < view_top + view_h - self.row_h // 2:
                surface.blit(self._bar, (left + self.text.cell[0] // 2, y))
                mid = y + self.row_h // 2
                arrow = [
                    (left + 2, mid - self.row_h // 3),
                    (left + 2, mid + self.row_h // 3),
                    (left + self.text.cell[0], mid),
                ]
                pygame.draw.polygon(surface, (200, 40, 40), arrow)
        pygame.draw.line(surface, (200, 196, 184), (left, top), (left, top + height), 2)
        self._draw_box(surface, (left, top + height - self.box_h, width, self.box_h))

    def _draw_box(self, surface: Any, rect: tuple[int, int, int, int]) -> None:
        where = self.where if self.where is not None else str(self.current)
        values = [(self.label, where), *self.variables()]
        if self._box is None or self._box.get_size() != rect[2:]:
            self._box, self._box_text = self.pygame.Surface(rect[2:]).convert(), []
        if values != self._box_text:  # drawn again on the same surface: a line a value, all day long
            box = self._box
            box.fill(BOX)
            line = "  ".join(f"{name}={value}" for name, value in values[1:])
            self.box_text.draw(box, f"{self.label} {where}", (self.text.cell[0] * 2, self.row_h // 2))
            self.box_text.draw(box, line, (self.text.cell[0] * 2, self.row_h * 2), self.columns)
            self._box_text = values
        surface.blit(self._box, rect[:2])


def listing_rows(listing: bytes, patched: dict[int, bytes]) -> list[tuple[int, str]]:
    """The listing as the panel shows it: our patch lines in place of theirs, marked with '*'."""
    from ..reference.listing import listing_lines

    lines = listing_lines(listing)
    rows: list[tuple[int, str]] = []
    for number in sorted({*lines, *patched}):
        text = (patched.get(number) or lines[number]).decode("ascii", "replace")
        rows.append((number, ("*" if number in patched else " ") + text))
    return rows
