"""GW-BASIC's INPUT as PC-BASIC 2.0.8 does it: the screen editor, the fields, the numbers.

The measurements behind each rule are in basic_reference/gwbasic.md.
tests/basic/test_gwbasic_input.py runs PC-BASIC itself beside this module on
thousands of lines and compares the echo, the messages and the stored bits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import mbf
from .editing import EditedLine
from .printer import BOTTOM_ROW, ScreenPrinter

LINE_LIMIT = 255
"""Characters of the typed line the field reader sees."""
_BACKSPACE, _ESCAPE = 0x08, 0x1B
_FIELD_BLANKS = b" \x00\n"


def _reaches_basic(byte: int) -> bool:
    return 0x20 <= byte < 0x7F or byte in (_BACKSPACE, _ESCAPE)


def supported_keys(typed: bytes) -> bytes:
    """The bytes of a typed line that life2's GW-BASIC acts on: printable ASCII, Backspace, Esc.

    Every other byte (Tab, the cursor and editing keys, Ctrl-C, 8-bit
    characters) is dropped before the BASIC sees it. PC-BASIC's screen editor
    would act on them in ways that depend on the whole screen; the oracle is
    given the same keys, so a comparison is always about the same keystrokes.
    """
    return bytes(b for b in typed if _reaches_basic(b))


# -- the screen editor -----------------------------------------------------------------------------


class GwLineEditor:
    """PC-BASIC's screen editor, as far as a typed line needs it."""

    def __init__(self, printer: ScreenPrinter) -> None:
        self.printer = printer

    def edit(self, typed: bytes) -> EditedLine:
        printer = self.printer
        start = printer.column  # where typing starts, just after the prompt
        text = bytearray()
        longest = 0
        for char in supported_keys(typed):
            if char == _BACKSPACE:
                if text:
                    text.pop()
            elif char == _ESCAPE:
                text.clear()
            else:
                text.append(char)
            longest = max(longest, len(text))
        # On the bottom row, a line that wraps scrolls the screen while it is typed, and
        # PC-BASIC reads it back from the second column: the prompt's own space comes with
        # it (gwbasic.md, "the bottom row").
        wraps = start + longest > printer.width
        echo = (b" " + text) if printer.row == BOTTOM_ROW and wraps and start == 2 else bytes(text)
        printer.note_echo(len(text))  # the screen holds the prompt and the text, not the extra space
        return EditedLine(bytes(echo[:LINE_LIMIT]).rstrip(b" \t\n"), bytes(echo))


# -- fields ---------------------------------------------------------------------------------------


def read_fields(line: bytes, count: int) -> tuple[list[bytes], bool]:
    """`count` fields of a line, blanks dropped; and whether the count was wrong."""
    position = 0
    fields: list[bytes] = []
    separators: list[bytes] = []
    for _ in range(count):
        while position < len(line) and line[position] in _FIELD_BLANKS:
            position += 1
        word = bytearray()
        separator = b""
        while position < len(line):
            char = line[position]
            position += 1
            if char == ord(","):
                separator = b","
                break
            if char not in _FIELD_BLANKS:
                word.append(char)
            if len(word) >= LINE_LIMIT:  # a full field ends here, its last character its separator
                separator = bytes([char])
                break
        fields.append(bytes(word))
        separators.append(separator)
    wrong_count = bool(separators[-1]) or b"" in separators[:-1]
    return fields, wrong_count


class NotANumber(Exception):
    """The field is not a number: ?Redo from start."""


@dataclass(frozen=True, slots=True)
class Decimal:
    mantissa: int
    exp10: int
    double: bool


def parse_decimal(word: bytes) -> Decimal:
    """A sign, digits, points (only the first counts), an exponent after E or D; '!' or '#' ends it."""
    negative = started = point = in_exponent = exponent_signed = exponent_negative = False
    double = single = False
    mantissa = exp10 = exponent = digits = zeros = 0
    for char in word.upper():
        if char in b" \t\n":
            continue
        if not started:
            started = True
            if char in b"+-":
                negative = char == ord("-")
                continue
        if not in_exponent:
            if 0x30 <= char <= 0x39:
                mantissa = mantissa * 10 + char - 0x30
                exp10 -= point
                if mantissa:
                    digits += 1
                    zeros = zeros + 1 if point and char == 0x30 else 0
            elif char == ord("."):
                point = True
            elif char in b"DE":
                in_exponent = True
                double = char == ord("D")
            elif char in b"!#":
                single, double = char == ord("!"), char == ord("#")
                break
            else:
                raise NotANumber
            continue
        if not exponent_signed:
            exponent_signed = True
            if char in b"+-":
                exponent_negative = char == ord("-")
                continue
        if not 0x30 <= char <= 0x39:
            raise NotANumber
        exponent = exponent * 10 + char - 0x30
    exp10 += -exponent if exponent_negative else exponent
    # eight significant digits or more make a double, unless '!' said single
    return Decimal(-mantissa if negative else mantissa, exp10, (double or digits - zeros > 7) and not single)


def _integer_literal(text: bytes, base: int) -> int:
    """A hex or octal field, read with Python's int() as PC-BASIC reads it, then taken as 16 bits."""
    try:
        value = int(text.decode("ascii"), base) if text else 0
    except ValueError:
        raise NotANumber from None
    if value < 0:
        value += 0x10000
    if not -0x8000 <= value <= 0xFFFF:
        raise NotANumber  # an integer overflow here is a Redo, with no message
    return value - 0x10000 if value >= 0x8000 else value


def field_value(word: bytes, overflow: Callable[[], None]) -> mbf.Mbf:
    """One field as GW-BASIC holds it before assignment (single or double)."""
    word = word.lstrip(b" \n").upper()
    if word.startswith(b"&H"):
        return mbf.from_integer(mbf.SINGLE, _integer_literal(word[2:], 16))
    if word.startswith(b"&"):
        octal = word[2:] if word[1:2] == b"O" else word[1:]
        return mbf.from_integer(mbf.SINGLE, _integer_literal(octal.strip(b" \t\n"), 8))
    if word.isdigit() and int(word) <= 0x7FFF:
        return mbf.from_integer(mbf.SINGLE, int(word))
    number = parse_decimal(word)
    fmt = mbf.DOUBLE if number.double else mbf.SINGLE
    try:
        return mbf.from_decimal(fmt, number.mantissa, number.exp10)
    except mbf.FloatOverflow as exc:
        overflow()
        return mbf.largest(fmt, exc.negative)


def assign_single(number: mbf.Mbf, overflow: Callable[[], None]) -> float:
    """Assignment to a single variable: a double field is rounded a second time."""
    if number.fmt is mbf.SINGLE:
        return number.value()
    try:
        return mbf.double_to_single(number).value()
    except mbf.FloatOverflow as exc:
        overflow()
        return mbf.largest(mbf.SINGLE, exc.negative).value()


def scan_gw_response(line: bytes, count: int, printer: ScreenPrinter) -> list[float] | None:
    """The numbers of a line, or None for ?Redo from start; Overflow messages as GW-BASIC prints them."""

    def overflow() -> None:
        printer.write_raw(b"Overflow\r\n")

    fields, wrong_count = read_fields(line, count)
    numbers: list[mbf.Mbf | None] = []
    for word in fields:  # every field is converted before the count is judged
        try:
            numbers.append(field_value(word, overflow))
        except NotANumber:
            numbers.append(None)
    if wrong_count or None in numbers:
        return None
    return [assign_single(number, overflow) for number in numbers if number is not None]
