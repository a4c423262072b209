"""PRINT: turning items into the bytes a BASIC sends, and keeping the carriage column.

The column matters beyond looks: it decides where TAB pads to, when a long
item is moved to a fresh line, and (in GW-BASIC) whether an error message
starts a new line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .dialects import Dialect
from .numbers import format_number


@dataclass(frozen=True, slots=True)
class Tab:
    """TAB(n): move the carriage to column n (1 is the left margin)."""

    column: int


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


class Printer:
    """The carriage of one output device: bytes out, column kept."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._rules = dialect.rules
        self.out = bytearray()
        self.column = 0
        """Characters printed since the carriage last returned (0 is the left margin)."""
        self.row = 1
        """The screen row of the carriage, for GW-BASIC's screen editor (it stops at the bottom row)."""

    def print_items(self, items: Iterable[object], end: str = "\n") -> None:
        """One PRINT statement: `end` is '\\n' (new line), ';' (stay) or ',' (next zone)."""
        for item in items:
            if type(item) is str:
                self._string(item.encode("latin-1"))
            elif type(item) is Tab:
                self._tab(item.column)
            elif item is COMMA:
                self._comma()
            else:
                self._number(item)  # type: ignore[arg-type]
        if end == "\n":
            self.newline()
        elif end == ",":
            self._comma()
        elif end != ";":
            raise ValueError(f"a PRINT statement ends with a newline, ';' or ',', not {end!r}")

    def newline(self) -> None:
        """The end of a PRINT line: CR LF in both dialects."""
        self.out += b"\r\n"
        self.column = 0
        self.advance_rows(1)

    def advance_rows(self, rows: int) -> None:
        """The screen scrolls once the carriage reaches the bottom row."""
        self.row = min(BOTTOM_ROW, self.row + rows)

    def write_raw(self, data: bytes) -> None:
        """Bytes the BASIC sends as they are (messages, prompts), with the column kept."""
        for byte in data:
            if byte in (0x0D, 0x0A):
                self.column = 0
            elif byte >= 0x20:
                self.column += 1
        self.advance_rows(data.count(b"\n"))
        self.out += data

    # -- items ------------------------------------------------------------------------------

    def _number(self, value: float) -> None:
        text = format_number(value, self.dialect)
        if self.dialect is Dialect.MS1978 and self.column + len(text) >= self._rules.width:
            # m6502.asm PRINT (L2687-2695): a number whose text would reach the last column
            # goes to a new line first; the space after it is not counted
            self.newline()
        self._string(text + b" ")

    def _string(self, text: bytes) -> None:
        # PC-BASIC breaks before an item that would pass the right margin, unless the
        # carriage is at the margin or the item holds its own line end
        if self.dialect is Dialect.GWBASIC and b"\r" not in text and b"\n" not in text:
            visible = sum(1 for b in text if b >= 0x20)
            if self.column and self.column + visible > self._rules.width:
                self.newline()
        self.out += self.render(text)

    def render(self, text: bytes) -> bytes:
        """The bytes that carry `text` to the device, keeping the column.

        A printable character at the right margin is preceded by CR LF (m6502.asm
        OUTDO L2825-2828; PC-BASIC's screen wraps the same way). CR returns the
        carriage as the dialect sends it; control characters take no column.
        """
        width = self._rules.width
        cr = self._rules.cr
        lf_returns = self.dialect is Dialect.GWBASIC
        out = bytearray()
        column = self.column
        for byte in text:
            if byte >= 0x20:
                if column >= width:
                    out += b"\r\n"
                    column = 0
                    self.advance_rows(1)
                out.append(byte)
                column += 1
            elif byte == 0x0D:
                out += cr
                column = 0
                self.advance_rows(cr.count(b"\n"))
            else:
                out.append(byte)
                if byte == 0x0A:
                    self.advance_rows(1)
                    if lf_returns:
                        column = 0
        self.column = column
        return bytes(out)

    def _tab(self, column: int) -> None:
        width = self._rules.width
        target = max(0, column - 1) % width
        if target < self.column:
            if not self._rules.tab_left_newline:
                return
            self.newline()
        self.out += b" " * (target - self.column)
        self.column = target

    def _comma(self) -> None:
        width = self._rules.width
        next_zone = self.column // ZONE_WIDTH + 1
        if next_zone >= width // ZONE_WIDTH:
            self.newline()
        else:
            pad = ZONE_WIDTH * next_zone - self.column
            self.out += b" " * pad
            self.column += pad
