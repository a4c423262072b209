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
it as a NUL with a framing error. Told to mark such things (termios PARMRK,
which serial_link sets on a serial device), the kernel hands over a BREAK as
0xFF 0x00 0x00, a character with a parity or framing error as 0xFF 0x00 and
the character, and a real 0xFF as 0xFF 0xFF. So a BREAK is told apart from a
NUL, and from noise, which is dropped like any other byte outside printable
ASCII. A network port (socket://, rfc2217://) carries no BREAK: there Ctrl-C
stops the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LINE_LIMIT = 72
"""Characters a typed line may hold: the width of the paper."""

MARK = 0xFF
"""PARMRK's escape: MARK MARK is a 0xFF byte, MARK 0 0 a BREAK, MARK 0 c a character c in error."""
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
    keys: int = 0
    """Keys that did something (characters, CR, erase, kill): noise does not count as someone typing."""


class LineDiscipline:
    """Turns typed bytes into lines, with the host's echo when it echoes."""

    def __init__(self, echo: bool = False, limit: int = LINE_LIMIT, marked: bool = False) -> None:
        self.echo = echo
        self.limit = limit
        self.marked = marked
        """The bytes come with the kernel's PARMRK marking (a serial device): BREAK can be seen."""
        self._line = bytearray()
        self._escape = b""
        self._rang = False

    @property
    def partial(self) -> bytes:
        """What has been typed of the line so far."""
        return bytes(self._line)

    def discard(self) -> None:
        """Forget a half-typed line (the line went away, or the game was abandoned)."""
        self._line.clear()
        self._rang = False

    def _unmark(self, data: bytes) -> tuple[bytes, bool]:
        """The characters in PARMRK-marked bytes, and whether a BREAK was among them."""
        data = self._escape + data
        self._escape = b""
        out = bytearray()
        i = 0
        while i < len(data):
            if data[i] != MARK:
                out.append(data[i])
                i += 1
                continue
            rest = data[i + 1 : i + 3]
            if rest[:1] == b"\xff":  # a real 0xFF (RUBOUT with even parity, to a Model 33)
                out.append(MARK)
                i += 2
            elif len(rest) < 2:
                self._escape = data[i:]  # the marking goes on in the next read
                break
            elif rest == b"\x00\x00":
                return bytes(out), True
            else:
                i += 3  # a character with a parity or framing error: noise
        return bytes(out), False

    def feed(self, data: bytes) -> Keyed:
        keyed = Keyed()
        if self.marked:
            data, keyed.interrupted = self._unmark(data)
        echo = bytearray()
        line = self._line
        for raw in data:
            byte = raw & 0x7F  # the parity bit is the line's business
            if byte == CTRL_C:
                keyed.interrupted = True
                break
            if byte == CR:
                keyed.lines.append(bytes(line))
                line.clear()
                self._rang = False
            elif byte in (RUBOUT, BACKSPACE):
                if line:
                    line.pop()
                    self._rang = False
                    if self.echo:
                        echo += b"_"  # the BASIC's own erase mark: a carriage cannot back up
            elif byte in (CTRL_U, KILL):
                line.clear()
                self._rang = False
                if self.echo:
                    echo += b"@\r"  # back to the start of the blot, so a retyped move stays hidden
            elif 0x20 <= byte < 0x7F:
                if len(line) >= self.limit:
                    if not self._rang:  # once: a key held down must not queue a minute of bells
                        echo.append(BEL)
                        self._rang = True
                    keyed.keys += 1
                    continue
                if 0x61 <= byte <= 0x7A:
                    byte -= 0x20
                line.append(byte)
                if self.echo:
                    echo.append(byte)
            else:
                continue  # LF, and every other byte (NUL, noise, control keys), is dropped
            keyed.keys += 1
        keyed.echo = bytes(echo)
        return keyed


class LineOutput:
    """The bytes a program sends, as they go on the line: CR LF line ends, fills, no control codes."""

    SHOWN = frozenset(range(0x20, 0x7F)) | {CR, LF, BEL}

    def __init__(
        self, fill_after_cr: int, fill_after_lf: int, fill: int = 0x00, uppercase: bool = False
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
