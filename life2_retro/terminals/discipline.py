"""What a host does with the bytes of a serial line, both ways, as data: no port, no clock.

A Teletype sends whatever its keys and its line make: a parity bit on every
character, lower case from a later terminal, RUBOUTs, noise when the line is
long. The host keeps the 1970s conventions a player of the day expects:

* input: the parity bit is stripped and lower case folded; CR ends the line
  and LF is ignored; RUBOUT or backspace takes back a character; Ctrl-U and
  `@` kill the line; Ctrl-C stops the game, and so does a BREAK. Every other
  byte outside printable ASCII is dropped, and a line holds at most 72
  characters (a BEL says a key was refused);
* output: a line ends in CR LF, and fill characters after CR and LF give the
  carriage time to travel (310B: "must be followed by two fill characters").

A BREAK holds the line at space for longer than a character. The UART reads
it as a NUL with a framing error, and with the settings pyserial leaves
(neither BRKINT nor PARMRK) the kernel hands the program that NUL: so a NUL on
input is taken as BREAK.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LINE_LIMIT = 72
"""Characters a typed line may hold: the width of the paper."""

BREAK = 0x00
CTRL_C = 0x03
BEL = 0x07
BACKSPACE = 0x08
LF = 0x0A
CR = 0x0D
CTRL_U = 0x15
RUBOUT = 0x7F
KILL = ord("@")


@dataclass
class Keyed:
    """What some bytes from the line did."""

    lines: list[bytes] = field(default_factory=list)
    """Lines completed by CR, oldest first."""
    echo: bytes = b""
    """What the host sends back: the echo (when on) and a BEL for a refused key."""
    interrupted: bool = False
    """Ctrl-C or BREAK: the game is to stop."""


class LineDiscipline:
    """Turns typed bytes into lines, with the host's echo when it echoes."""

    def __init__(self, echo: bool = False, limit: int = LINE_LIMIT) -> None:
        self.echo = echo
        self.limit = limit
        self._line = bytearray()

    @property
    def partial(self) -> bytes:
        """What has been typed of the line so far."""
        return bytes(self._line)

    def discard(self) -> None:
        """Forget a half-typed line (the line went away, or the game was abandoned)."""
        self._line.clear()

    def feed(self, data: bytes) -> Keyed:
        keyed = Keyed()
        echo = bytearray()
        line = self._line
        for raw in data:
            if raw == BREAK:
                keyed.interrupted = True
                break
            byte = raw & 0x7F  # the parity bit is the line's business
            if byte == CTRL_C:
                keyed.interrupted = True
                break
            if byte == CR:
                keyed.lines.append(bytes(line))
                line.clear()
            elif byte in (RUBOUT, BACKSPACE):
                if line:
                    line.pop()
                    if self.echo:
                        echo += b"_"  # the BASIC's own erase mark: a carriage cannot back up
            elif byte in (CTRL_U, KILL):
                line.clear()
                if self.echo:
                    echo += b"@\r"  # back to the start of the blot, so a retyped move stays hidden
            elif 0x20 <= byte < 0x7F:
                if len(line) >= self.limit:
                    echo.append(BEL)
                    continue
                if 0x61 <= byte <= 0x7A:
                    byte -= 0x20
                line.append(byte)
                if self.echo:
                    echo.append(byte)
            # LF and every other byte (noise, control keys) are dropped
        keyed.echo = bytes(echo)
        return keyed


class LineOutput:
    """The bytes a program sends, as they go on the line: CR LF line ends, fills, no control codes."""

    SHOWN = frozenset(range(0x20, 0x7F)) | {CR, LF, BEL}

    def __init__(
        self, fill_after_cr: int = 2, fill_after_lf: int = 1, fill: int = 0x00, uppercase: bool = False
    ) -> None:
        if fill_after_cr < 0 or fill_after_lf < 0:
            raise ValueError("fill counts must be 0 or more")
        self.fill_after_cr = bytes([fill]) * fill_after_cr
        self.fill_after_lf = bytes([fill]) * fill_after_lf
        self.uppercase = uppercase
        self._after_cr = False

    def shape(self, data: bytes) -> bytes:
        out = bytearray()
        for byte in data:
            if byte not in self.SHOWN:
                continue
            if byte == LF and not self._after_cr:
                out.append(CR)  # a bare line feed would leave the carriage where it is
                out += self.fill_after_cr
            if self.uppercase and 0x61 <= byte <= 0x7A:
                byte -= 0x20
            out.append(byte)
            if byte == CR:
                out += self.fill_after_cr
            elif byte == LF:
                out += self.fill_after_lf
            self._after_cr = byte == CR
        return bytes(out)
