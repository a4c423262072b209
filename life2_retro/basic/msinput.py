"""The 1978 BASIC's INPUT: INLIN (the line editor) and FIN (reading a number).

Every rule here is in basic_reference/ms1978.md with its line in Microsoft's
6502 source (m6502.asm); the tests name the rules (E1-E5, I1-I10).
"""

from __future__ import annotations

from ..events import UnfinishedLine
from .editing import EditedLine
from .errors import BasicError
from .msfloat import Accumulator
from .printer import Printer

MS_BUFFER_CHARS = 71
"""INLIN keeps 71 characters (BUFLEN 72 less the terminator, m6502.asm L1729-1731)."""
_BEL, _CR, _CTRL_O, _KILL, _ERASE = 0x07, 0x0D, 0x0F, ord("@"), ord("_")
_SEVEN_BITS = 0x7F


def typed_lines(typed: bytes) -> list[tuple[bytes, bool]]:
    """The lines the BASIC reads from keys a terminal handed over as one line: (keys, finished).

    GETLN clears bit 7 of each key before INLIN looks at it (msbasic inline.s GETLN `and #$7F`;
    INCHR `ANDI 127`, m6502.asm L1752), so 0x8D is a Return and ends a line as CR does (L1715-1716).
    The input file's own line end (LF, CR or CR LF) has already been taken off; a 0x8D just before
    it is that same end, as CR LF is one. Keys after the last Return of the input (an
    UnfinishedLine) are a line that is never finished.
    """
    pieces: list[tuple[bytes, bool]] = []
    start = 0
    for index, key in enumerate(typed):
        if key & _SEVEN_BITS == _CR:
            pieces.append((typed[start:index], True))
            start = index + 1
    if start < len(typed) or not pieces:
        pieces.append((typed[start:], not isinstance(typed, UnfinishedLine)))
    return pieces


def edit_ms1978_line(typed: bytes, printer: Printer) -> EditedLine:
    """INLIN (m6502.asm L1672-1741, OSI build): filter, edit and echo one typed line.

    The high bit is stripped; Ctrl-O switches the output off or on again (GETLN) and is then
    dropped with the other control characters but BEL, as are '}', '~' and RUBOUT; '@' kills the
    line and '_' takes back one character; a full buffer rings BEL instead of taking the
    character. Each kept character is echoed through the printer, so the echo wraps at the margin
    like output, and is held back while Ctrl-O holds the output.
    """
    buffer = bytearray()
    echo = bytearray()
    for raw in typed:
        char = raw & _SEVEN_BITS
        if char == _CTRL_O:
            printer.toggle_output()
        elif char == _BEL or 0x20 <= char < 0x7D:
            if char == _KILL:
                echo += printer.render(b"@\r\n")
                buffer.clear()
            elif char == _ERASE:
                echo += printer.render(b"_")
                if buffer:
                    buffer.pop()
                else:  # one erase too many: a second '_' and a fresh line (L1707-1708)
                    echo += printer.render(b"_\r\n")
            elif len(buffer) >= MS_BUFFER_CHARS:
                echo += printer.render(bytes([_BEL]))
            else:
                buffer.append(char)
                echo += printer.render(bytes([char]))
    return EditedLine(bytes(buffer), bytes(echo))


class MsCursor:
    """CHRGET over the input buffer: the BASIC's text pointer, which skips spaces.

    The pointer starts on the comma the BASIC keeps just before its buffer
    (m6502.asm L803, L2921-2922); 0 stands for the end of the line.
    """

    def __init__(self, buffer: bytes) -> None:
        self.text = b"," + buffer
        self.pos = 0

    def got(self) -> int:
        """CHRGOT: the current character, after any spaces."""
        while self.pos < len(self.text) and self.text[self.pos] == 0x20:
            self.pos += 1
        return self.text[self.pos] if self.pos < len(self.text) else 0

    def get(self) -> int:
        """CHRGET: step on, then the current character."""
        self.pos += 1
        return self.got()


def _is_digit(char: int) -> bool:
    return 0x30 <= char <= 0x39


def _scan_sign(cursor: MsCursor, char: int) -> tuple[bool, int]:
    """One optional sign: whether it was '-', and the character after it."""
    if char in (ord("-"), ord("+")):
        return char == ord("-"), cursor.get()
    return False, char


def scan_ms1978_number(cursor: MsCursor) -> float:
    """FIN (m6502.asm L5704-5787): read one number starting at the current character.

    Anything that does not start a number reads as 0. Each digit, also after the
    point, multiplies the value so far by ten and adds itself (FINDIG: MUL10, then
    FINLOG), each step rounding as the ROM's accumulator does (msfloat.py, rules
    N1-N5 in ms1978.md). A digit after the point counts in DECCNT, a byte. 'E' (upper
    case only) takes a signed exponent. Then the value is scaled by ten once a power
    (FINE-FINMUL, L5747-5759): the exponent less the count of decimals, both bytes,
    is a signed byte, so -100 - 29 wraps to +127. ?OV when a step passes the largest
    single; a division below the smallest gives 0.
    """
    negative, char = _scan_sign(cursor, cursor.got())
    accumulator = Accumulator()
    decimals = 0
    point = False
    exponent = 0
    while True:
        if _is_digit(char):
            accumulator.times_ten()
            accumulator.add_digit(char - 0x30)
            decimals += point
            char = cursor.get()
        elif char == ord(".") and not point:
            point = True
            char = cursor.get()
        elif char == ord("E"):
            exponent = _scan_ms1978_exponent(cursor)
            break
        else:
            break
    powers = (exponent - decimals) & 0xFF  # `SEC / SBC DECCNT`, a byte (FINE1, L5748-5750)
    if powers >= 0x80:
        for _ in range(0x100 - powers):
            accumulator.divide_by_ten()
    else:
        for _ in range(powers):
            accumulator.times_ten()
    single = accumulator.stored()  # INPUT stores it rounded (MOVVF, MOVMF)
    return -single if negative and single else single  # NEGOP (FINQNG, L5760-5763)


def _scan_ms1978_exponent(cursor: MsCursor) -> int:
    """The digits after 'E' (L5722-5745, FINEDG L5791-5797)."""
    negative, char = _scan_sign(cursor, cursor.get())
    exponent = 0
    while _is_digit(char):
        if exponent >= 10:
            if not negative:
                raise BasicError("overflow")
            exponent = 100
        else:
            exponent = exponent * 10 + (char - 0x30)
        char = cursor.get()
    return -exponent if negative else exponent
