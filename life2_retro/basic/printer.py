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
from .gwscreen import TextScreen
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

PrintItem = str | Tab | _Comma | float
"""What a PRINT statement lists: strings, TABs, COMMA between items, numbers."""

ZONE_WIDTH = 14


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
        self.suppressed = False
        """The 1978 BASIC's Ctrl-O flag (CNTWFL, m6502.asm L785): while it is set, OUTDO sends
        nothing and counts no column (L2818-2822), though a carriage return still sets the count
        to 0 (CRFIN, L2734-2745). GW-BASIC has no such flag, and its screen never sets it."""
        self.withheld_printing = 0
        self.withheld_control = 0
        """The characters OUTDO was given while the flag held them back, printing and control: a
        cycle model charges them less (basic/m6502.py OUTDO_HELD)."""

    def print_items(self, items: Iterable[PrintItem], end: str = "\n") -> None:
        """One PRINT statement: `end` is '\\n' (new line), ';' (stay) or ',' (next zone)."""
        if end not in ("\n", ";", ","):
            raise ValueError(f"a PRINT statement ends with a newline, ';' or ',', not {end!r}")
        for item in items:
            if isinstance(item, str):
                self.string(item.encode("latin-1"))
            elif isinstance(item, Tab):
                self.tab(item.argument)
            elif isinstance(item, _Comma):  # COMMA, its one instance
                self.comma()
            else:
                self.number(item)
        if end == "\n":
            self.end_statement()
        elif end == ",":
            self.comma()

    def end_statement(self) -> None:
        """The new line that ends a PRINT statement without `;` or `,`."""
        self.newline()

    def newline(self) -> None:
        """The end of a line: CR LF in both dialects (none while Ctrl-O holds the output back)."""
        if not self.suppressed:
            self.out += b"\r\n"
        else:
            self.withheld_control += 2
        self.column = 0

    def toggle_output(self) -> None:
        """Ctrl-O typed: GETLN complements the flag (`COM CNTWFL`, m6502.asm L1763-1768; msbasic
        inline.s GETLN `lda Z14 / eor #$FF / sta Z14`)."""
        self.suppressed = not self.suppressed

    def resume_output(self) -> None:
        """`LSR CNTWFL`: output on again. INPUT (L2914), an error (L1519), READY (L1550) and the
        end of a program (ENDCON, L2244-2245) do it before they print anything."""
        self.suppressed = False

    def write_raw(self, data: bytes) -> None:
        """Bytes the BASIC sends as they are (prompts, messages), with the column kept."""
        raise NotImplementedError

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
        if self.suppressed:  # OUTDO `BIT CNTWFL / BMI OUTRTS`: nothing sent, no column counted
            if b"\r" in text:
                self.column = 0  # CRFIN clears TRMPOS whether or not OUTDO sent the CR
            control = sum(byte < 0x20 for byte in text)
            self.withheld_control += control
            self.withheld_printing += len(text) - control
            return b""
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
    """GW-BASIC on PC-BASIC's 80x25 screen: every byte goes onto the screen (gwscreen.TextScreen),
    and the columns that PRINT, TAB and commas judge by are the screen cursor's.

    `out` is PC-BASIC's output stream: what Console.write copies there, CR as CR LF. `column` is
    the cursor column less one, so it is 0 exactly when an error message needs no new line first
    (Console.start_line)."""

    def __init__(self, dialect: Dialect) -> None:
        super().__init__(dialect)
        self.screen = TextScreen()

    def send(self, data: bytes) -> None:
        """Console.write: onto the screen, and into the stream."""
        self.out += self.screen.write(data)
        self.column = self.screen.col - 1

    def send_to_stream(self, data: bytes) -> None:
        """Bytes PC-BASIC writes to its output stream alone, not to the screen (the 0x0E of a Break)."""
        self.out += data

    def screen_column(self) -> int:
        """The cursor column 1..80 (SCRNFile.col): after a full row it stays on 80, overflowed,
        until the next character."""
        return self.screen.col

    def newline(self) -> None:
        """Console.write_line: a CR, which the screen makes a new line and the stream CR LF."""
        self.send(b"\r")

    def end_statement(self) -> None:
        """A PRINT that ends with the cursor overflowed on column 80 ends two lines: one for the
        overflow, one for the statement (formatter.py Formatter.format)."""
        if self.screen.overflow:
            self.newline()
        self.newline()

    def write_raw(self, data: bytes) -> None:
        """Prompts and messages, given as they appear in the stream: a CR LF in them is one CR
        to the console (as Console.write_line sends it)."""
        self.send(data.replace(b"\r\n", b"\r"))

    def number(self, value: float) -> None:
        self.string(format_number(value, self.dialect) + b" ")

    def string(self, text: bytes) -> None:
        """SCRNFile.write: an item whose first line would pass the right margin starts a new line,
        unless the cursor is in column 1 or the item holds a CR or LF. BS counts -1, other control
        characters 0. Inside an item the screen wraps by itself."""
        width = 0
        for byte in text:
            if byte in (0x0D, 0x0A):
                break
            if byte == 0x08:
                width -= 1
            elif byte >= 0x20:
                width += 1
        else:
            column = self.screen_column()
            if column != 1 and column - 1 + width > self.width:
                self.newline()
        self.send(text)

    def tab(self, argument: int) -> None:
        """Formatter._print_tab: TAB(n) goes to column (n-1) mod 80 + 1; left of the cursor, on a new line."""
        target = max(0, argument - 1) % self.width + 1
        current = self.screen_column()
        if target < current:
            self.newline()
            self.send(b" " * (target - 1))
        else:
            self.send(b" " * (target - current))

    def comma(self) -> None:
        """Formatter._print_comma: on to the next 14-column zone; from the fifth zone, a new line."""
        current = self.screen_column()
        next_zone = (current - 1) // ZONE_WIDTH + 1
        if next_zone >= self.width // ZONE_WIDTH:
            self.newline()
        else:
            self.send(b" " * (1 + ZONE_WIDTH * next_zone - current))
