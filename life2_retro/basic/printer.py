"""PRINT: turning items into the bytes a BASIC sends, and keeping the carriage column.

The column matters beyond looks: it decides where TAB pads to, when an item is
moved to a fresh line, and (in GW-BASIC) whether an error starts a new line.
The two dialects keep it differently:

* the 1978 BASIC counts the characters it sent since CR and sends CR LF itself
  before a character at the right margin (m6502.asm OUTDO, L2825-2833);
* GW-BASIC prints to an 80x25 screen: the screen wraps a long line without
  sending anything, and its cursor column (1..80, or 80 "overflowed" after a
  full row) is what TAB, commas and line breaks are judged by (PC-BASIC
  devices/devicebase.py SCRNFile.write and devices/formatter.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .dialects import Dialect
from .errors import BasicError
from .numbers import format_number


@dataclass(frozen=True, slots=True)
class Tab:
    """TAB(n) as the listing writes it. Where it lands is the dialect's business: the
    1978 BASIC counts its carriage from 0, GW-BASIC its screen columns from 1."""

    argument: int


class _Comma:
    """A comma between PRINT items: on to the next 14-column zone."""

    def __repr__(self) -> str:
        return "COMMA"


COMMA = _Comma()
CR = "\r"
"""CHR$(13), as a PRINT item."""

ZONE_WIDTH = 14
BOTTOM_ROW = 24
"""PC-BASIC's last scrolling screen row (the 25th holds the function keys)."""


def make_printer(dialect: Dialect) -> Printer:
    """The carriage a dialect prints on."""
    return ScreenPrinter(dialect) if dialect is Dialect.GWBASIC else TeletypePrinter(dialect)


class Printer:
    """The carriage of one output device: bytes out, column kept."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.width = dialect.rules.width
        self.out = bytearray()
        self.column = 0
        """Characters sent since the carriage last returned (0 is the left margin)."""
        self.row = 1
        """The screen row of the cursor (GW-BASIC's screen editor depends on it); it stops at the bottom."""

    def print_items(self, items: Iterable[object], end: str = "\n") -> None:
        """One PRINT statement: `end` is '\\n' (new line), ';' (stay) or ',' (next zone)."""
        if end not in ("\n", ";", ","):
            raise ValueError(f"a PRINT statement ends with a newline, ';' or ',', not {end!r}")
        for item in items:
            if type(item) is str:
                self.string(item.encode("latin-1"))
            elif type(item) is Tab:
                self.tab(item.argument)
            elif item is COMMA:
                self.comma()
            else:
                self.number(item)  # type: ignore[arg-type]
        if end == "\n":
            self.newline()
        elif end == ",":
            self.comma()

    def newline(self) -> None:
        """The end of a PRINT line: CR LF in both dialects."""
        self.out += b"\r\n"
        self.column = 0
        self.advance_rows(1)

    def advance_rows(self, rows: int) -> None:
        """The screen scrolls once the cursor reaches the bottom row."""
        self.row = min(BOTTOM_ROW, self.row + rows)

    def write_raw(self, data: bytes) -> None:
        """Bytes the BASIC sends as they are (prompts, messages), with the column kept."""
        for byte in data:
            if byte in (0x0D, 0x0A):
                self.column = 0
            elif byte >= 0x20:
                self.column += 1
        self.advance_rows(data.count(b"\n"))
        self.out += data

    # -- dialect-specific ---------------------------------------------------------------------

    def number(self, value: float) -> None:
        raise NotImplementedError

    def string(self, text: bytes) -> None:
        raise NotImplementedError

    def tab(self, argument: int) -> None:
        raise NotImplementedError

    def comma(self) -> None:
        raise NotImplementedError

    def render(self, text: bytes) -> bytes:
        """The bytes that carry `text` to the device, column kept (used for echo too)."""
        raise NotImplementedError


class TeletypePrinter(Printer):
    """The 1978 BASIC: a character count (TRMPOS, 0 at the left margin), CR LF sent
    before the 73rd character. Every byte it sends goes through OUTDO, so every byte
    is counted and wrapped the same way (basic_reference/ms1978.md P4)."""

    def number(self, value: float) -> None:
        text = format_number(value, self.dialect)
        if self.column + len(text) >= self.width:
            # PRINT (L2687-2695): a number whose text would reach the last column goes to a
            # new line first; the space after it is not counted
            self.newline()
        self.string(text + b" ")

    def string(self, text: bytes) -> None:
        self.out += self.render(text)

    def render(self, text: bytes) -> bytes:
        out = bytearray()
        column = self.column
        for byte in text:
            if byte >= 0x20:
                if column >= self.width:  # OUTDO: CRDO before a character at the margin
                    out += b"\r\n"
                    column = 0
                out.append(byte)
                column += 1
            elif byte == 0x0D:  # a bare CR; CRFIN resets the count (L2798-2800)
                out.append(byte)
                column = 0
            else:  # control characters take no column, LF included
                out.append(byte)
        self.column = column
        return bytes(out)

    def write_raw(self, data: bytes) -> None:
        """Prompts and messages go through OUTDO like any PRINT (STROUT, OUTQST)."""
        self.out += self.render(data)

    def tab(self, argument: int) -> None:
        """TABER (m6502.asm L2764-2776): TAB(n) sends n - TRMPOS spaces, none when that is
        not positive. TRMPOS counts from 0, so TAB(33) on a fresh line sends 33 spaces.

        The spaces go out through OUTDO, so a TAB past the margin wraps like any output
        (P4). The argument is a byte (GTBYTC, L4747-4753): outside 0..255 it is ?FC.
        """
        if not 0 <= argument <= 255:
            raise BasicError("illegal-function-call")
        if argument > self.column:
            self.string(b" " * (argument - self.column))

    def comma(self) -> None:
        last_zone = (self.width // ZONE_WIDTH - 1) * ZONE_WIDTH  # NCMPOS (L2749): 56
        if self.column >= last_zone:
            self.newline()
        else:
            self.string(b" " * (ZONE_WIDTH - self.column % ZONE_WIDTH))


class ScreenPrinter(Printer):
    """GW-BASIC on PC-BASIC's 80-column screen."""

    def screen_column(self) -> int:
        """The cursor column 1..80; after a full row it stays on 80 until the next character."""
        if self.column == 0:
            return 1
        within = self.column % self.width
        return self.width if within == 0 else within + 1

    def number(self, value: float) -> None:
        self.string(format_number(value, self.dialect) + b" ")

    def string(self, text: bytes) -> None:
        # An item that would pass the right margin starts a new line, unless the cursor is
        # at the left margin or the item holds its own line end; inside an item the screen
        # wraps without sending anything.
        if b"\r" not in text and b"\n" not in text:
            visible = sum(1 for b in text if b >= 0x20)
            column = self.screen_column()
            if column != 1 and column - 1 + visible > self.width:
                self.newline()
        self.out += self.render(text)

    def render(self, text: bytes) -> bytes:
        out = bytearray()
        for byte in text:
            if byte == 0x0D:  # the screen turns CR into a new line: CR LF on the stream
                out += b"\r\n"
                self.column = 0
                self.advance_rows(1)
            elif byte == 0x0A:
                out.append(byte)
                self.column = 0
                self.advance_rows(1)
            else:
                if self.column and self.column % self.width == 0:
                    self.advance_rows(1)  # the screen wraps to its next row
                out.append(byte)
                self.column += 1
        return bytes(out)

    def note_echo(self, length: int) -> None:
        """The screen editor wrote a typed line of `length` characters."""
        for _ in range(length):
            if self.column and self.column % self.width == 0:
                self.advance_rows(1)
            self.column += 1

    def tab(self, argument: int) -> None:
        target = max(0, argument - 1) % self.width + 1
        current = self.screen_column()
        if target < current:
            self.newline()
            self.out += self.render(b" " * (target - 1))
        else:
            self.out += self.render(b" " * (target - current))

    def comma(self) -> None:
        current = self.screen_column()
        next_zone = (current - 1) // ZONE_WIDTH + 1
        if next_zone >= self.width // ZONE_WIDTH:
            self.newline()
        else:
            self.out += self.render(b" " * (1 + ZONE_WIDTH * next_zone - current))
