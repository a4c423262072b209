"""The live listing: the 1978 program beside the paper, the line being executed marked as it runs.

It looks like what a 1970s computer room printed a listing on: green-bar
paper. The line the BASIC is executing gets a highlighter bar, an arrow and
bolder type, the page follows it, and a box at the foot shows the variables
that tell the story: B (whose turn), X and Y (the square typed), M2 and M3
(each side's pieces).

A visitor reads it from a couple of metres, on whatever screen the museum has,
so its text is our stroke font sized from the screen's height (captions.py):
about ROWS_PER_SCREEN rows of text from top to bottom at any resolution, the
letters condensed as much as TEXT_COLUMNS need to fit the panel's width. Every
row is set in that one size: a line too long for a row goes on over the rows
below it, under its statement (the listing's line 700 was set at half the
others' height to fit one row).

With the museum's copy of the listing (checked by its SHA-256) the panel shows
its lines; with bugs switched off, our patch lines replace theirs and carry a
`*`. Without the listing it shows our own annotations of each line instead.

The static page, its heading and the highlighter bar are drawn once; a frame
blits the heading, the part of the page in view, the bar (with the line's bold
type, drawn when the line changes) and the variables box, so the panel costs
little per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..terminals.window.captions import ROW, WEIGHT, CaptionPen

PAPER = (246, 248, 240)
GREEN_BAR = (214, 236, 214)
INK = (40, 44, 56)
FADED = (120, 126, 136)
HIGHLIGHT = (255, 214, 64, 150)
ARROW = (200, 40, 40)
BOX = (28, 32, 40)
BOX_INK = (240, 236, 210)
ROW_BAND = 3
"""Green-bar paper alternates bands of three lines."""
ROWS_PER_SCREEN = 36
"""Rows of text from the top of the screen to its foot: capitals about a sixtieth of the screen's
height (18 pixels at 1080, 36 at 2160), which a visitor reads from two metres on a screen a metre
or so across."""
TEXT_COLUMNS = 46
"""The characters a row must show whole: an annotation's 44, its mark, and one to spare."""
RIGHT_MARGIN = 1.2
"""The paper left bare at the panel's right edge, in the capitals' heights: about the arrow's margin
on the left (half a capital left the longest lines touching the edge)."""
BREAKS = " :;,"
"""Where a line that goes on over two rows is best broken: after a space or a statement's end."""
BOLD = 1.7
"""The executing line's pen, in a caption's: the line a visitor follows stands out from afar."""
STATUS = 1.25
"""The status line's capitals (the line or function running), in the rows' capitals."""
PENS = {
    "text": (INK, WEIGHT),
    "faded": (FADED, WEIGHT),
    "bold": (INK, WEIGHT * BOLD),
    "box": (BOX_INK, WEIGHT),
}
"""The panel's pens: their ink and their weight."""


def caption_size(height: int) -> float:
    """The capitals' height, in pixels, for captions on a screen `height` pixels high."""
    return height / ROWS_PER_SCREEN / ROW


def arrow(left: float, middle: float, size: float) -> list[tuple[float, float]]:
    """The red arrow that points at the executing line: a triangle `size` wide, its tip at the right."""
    return [(left, middle - size * 0.62), (left, middle + size * 0.62), (left + size, middle)]


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
        self._shown: list[tuple[int, str]] = []
        """The rows drawn: (the index of the line in `rows`, its text or a part of it)."""
        self._first: list[int] = []
        """Where each line's first row is among the rows drawn."""
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
        cap = caption_size(height)
        self.indent = round(cap * 1.4)
        """Where the text starts: room for the arrow in the margin."""
        self._room = width - self.indent - round(cap * RIGHT_MARGIN)
        self._pens: dict[tuple[str, int], CaptionPen] = {}
        self.text = self.row_pen("text")
        self.row_h = self.text.row
        self.columns = max(10, int(self._room // self.text.advance))
        self.status_text = CaptionPen.fitting(
            pygame, self.text.cap * STATUS, BOX_INK, self._room, TEXT_COLUMNS // 2
        )
        self.header_h = round(self.row_h * 2.5)
        self.box_h = self.status_text.row + self.row_h * 2
        self._shown, self._first = [], []
        for i, (_, text) in enumerate(self.rows):
            self._first.append(len(self._shown))
            self._shown.extend((i, part) for part in wrapped(text, self.columns))
        page = pygame.Surface((width, max(1, len(self._shown)) * self.row_h)).convert()
        page.fill(PAPER)
        for shown, (i, text) in enumerate(self._shown):
            top = shown * self.row_h
            if (shown // ROW_BAND) % 2:
                page.fill(GREEN_BAR, (0, top, width, self.row_h))
            self.row_pen("faded" if self.rows[i][0] == 0 else "text").draw(page, text, (self.indent, top))
        self._page = page
        self._box = None
        heading = pygame.Surface((width, self.header_h)).convert()
        heading.fill(PAPER)
        title = self.pen("faded", len(self.title))
        title.draw(heading, self.title, (self.indent, (self.header_h - title.row) // 2))
        self._heading = heading
        self._bar: Any = None
        self._bar_row: int | None = None

    def pen(self, kind: str, characters: int) -> CaptionPen:
        """The pen of a kind (faded, box) for a line of the heading or the box this long: the rows'
        size, the letters condensed for a long line, and smaller only for one too long even so."""
        key = (kind, max(TEXT_COLUMNS, characters))
        pen = self._pens.get(key)
        if pen is None:
            colour, weight = PENS[kind]
            cap = caption_size(self._size[1])
            pen = CaptionPen.fitting(self.pygame, cap, colour, self._room, key[1], weight)
            self._pens[key] = pen
        return pen

    def row_pen(self, kind: str) -> CaptionPen:
        """The pen of the listing's rows (text, faded, bold): the capitals a sixtieth of the screen
        high whatever the panel's width, condensed to fit TEXT_COLUMNS characters a row as far as
        they may be (captions.NARROWEST); where the panel is narrower still (a 4:3 screen), a row
        holds fewer, and a longer line goes on below."""
        key = (kind, 0)
        pen = self._pens.get(key)
        if pen is None:
            colour, weight = PENS[kind]
            cap = caption_size(self._size[1])
            pen = CaptionPen(self.pygame, cap, colour, self._room / TEXT_COLUMNS, weight)
            self._pens[key] = pen
        return pen

    def _bar_for(self, index: int) -> Any:
        """The highlighter bar over line `index`, all of its rows, its text in bold: drawn when the
        line changes."""
        if self._bar_row != index:
            pygame = self.pygame
            first = self._first[index]
            parts = [text for i, text in self._shown[first:] if i == index] or [""]
            size = (self._size[0] - self.indent // 2, len(parts) * self.row_h)
            if self._bar is None or self._bar.get_size() != size:
                self._bar = pygame.Surface(size).convert()
            bar = self._bar
            for k in range(len(parts)):
                background = GREEN_BAR if ((first + k) // ROW_BAND) % 2 else PAPER
                bar.fill(background, (0, k * self.row_h, size[0], self.row_h))
            marker = pygame.Surface(size, pygame.SRCALPHA)
            marker.fill(HIGHLIGHT)
            bar.blit(marker, (0, 0))
            pen = self.row_pen("faded" if self.rows[index][0] == 0 else "bold")
            for k, text in enumerate(parts):
                pen.draw(bar, text, (self.indent - self.indent // 2, k * self.row_h))
            self._bar_row = index
        return self._bar

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
        view_h = (height - self.header_h - self.box_h) // self.row_h * self.row_h  # whole rows only
        index = self._index.get(self.current)
        shown = None if index is None else self._first[index]
        first = 0 if shown is None else max(0, shown - view_h // self.row_h // 3)
        first = min(first, max(0, len(self._shown) - view_h // self.row_h))
        surface.blit(self._page, (left, view_top), (0, first * self.row_h, width, view_h))
        if index is not None and shown is not None:
            y = view_top + (shown - first) * self.row_h
            if view_top <= y < view_top + view_h - self.row_h // 2:
                bar = self._bar_for(index)
                room = view_top + view_h - y  # a line of several rows near the foot: what fits
                surface.blit(bar, (left + self.indent // 2, y), (0, 0, bar.get_width(), room))
                size = self.indent * 0.55
                pygame.draw.polygon(
                    surface, ARROW, arrow(left + self.indent * 0.08, y + self.row_h / 2, size)
                )
        rim = max(2, round(self.text.cap / 9))
        pygame.draw.line(surface, (200, 196, 184), (left, top), (left, top + height), rim)
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
            status = self.status_text
            status.draw(box, f"{self.label} {where}", (self.indent, self.row_h // 2), self.columns)
            self.pen("box", len(line)).draw(box, line, (self.indent, self.row_h // 2 + status.row))
            self._box_text = values
        surface.blit(self._box, rect[:2])


def wrapped(text: str, columns: int) -> list[str]:
    """`text` in rows of at most `columns` characters: the first as it starts, the rest indented
    under its statement (past the line's number), each broken after a space or a statement's end
    outside a string (a break inside one would show spaces the string has not), where there is one
    in the row's second half, else where the row is full."""
    if len(text) <= columns:
        return [text]
    number = len(text) - len(text.lstrip())
    number += len(text[number:]) - len(text[number:].lstrip("0123456789*"))
    hang = min(number + 1, columns // 3)
    rows, rest = [], text
    while len(rest) > columns:
        quoted, cut = False, 0
        for at, char in enumerate(rest[:columns]):
            quoted ^= char == '"'
            if char in BREAKS and not quoted:
                cut = at + 1
        if cut <= max(hang, columns // 2):
            cut = columns
        rows.append(rest[:cut].rstrip())
        rest = " " * hang + rest[cut:].lstrip()
    return [*rows, rest]


def listing_rows(listing: bytes, patched: dict[int, bytes]) -> list[tuple[int, str]]:
    """The listing as the panel shows it: our patch lines in place of theirs, marked with '*'."""
    from ..reference.listing import listing_lines

    lines = listing_lines(listing)
    rows: list[tuple[int, str]] = []
    for number in sorted({*lines, *patched}):
        text = (patched.get(number) or lines[number]).decode("ascii", "replace")
        rows.append((number, ("*" if number in patched else " ") + text))
    return rows
