"""GW-BASIC's INPUT, as PC-BASIC 2.0.8 does it, measured byte for byte.

Three parts, each documented with its measurements in basic_reference/gwbasic.md:

* the line editor: PC-BASIC edits the typed line on its 80x25 screen and, at
  Enter, writes the whole screen line to its output at once, then CR LF;
* the field reader: commas split fields, blanks inside a number are dropped,
  at most 255 characters are read, and the count must be exact;
* the conversion of a field to a number in Microsoft's binary format, done the
  way GW-BASIC does it: integer steps of x10 and /10 with 8 guard bits,
  truncation on alignment, a sticky bit and rounding half to even, and for 8 or
  more digits a double-precision pass rounded once more to single.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .printer import BOTTOM_ROW, Printer, ScreenPrinter

# -- GW-BASIC binary floating point ----------------------------------------------------------


@dataclass(frozen=True)
class FloatFormat:
    """Single (24-bit mantissa) or double (56-bit) precision, Microsoft binary format."""

    mantissa_bits: int
    bias: int

    @property
    def hidden(self) -> int:
        """The leading mantissa bit of a wide mantissa (mantissa plus 8 guard bits)."""
        return 1 << (self.mantissa_bits + 7)


SINGLE = FloatFormat(24, 152)
DOUBLE = FloatFormat(56, 184)

Wide = tuple[int, int, bool]
"""(exponent byte, mantissa with 8 guard bits below it, negative): GW-BASIC's working form."""

_TEN_EXPONENT = 0x84


class FloatOverflow(Exception):
    """The number does not fit; GW-BASIC then goes on with the largest value."""

    def __init__(self, negative: bool) -> None:
        super().__init__("Overflow")
        self.negative = negative


@dataclass(frozen=True, slots=True)
class Stored:
    """A number as it sits in memory: exponent byte 0 means zero."""

    exponent: int
    mantissa: int  # with its leading bit, mantissa_bits wide
    negative: bool
    fmt: FloatFormat

    def value(self) -> float:
        """The exact value (a single always fits a Python float)."""
        if self.exponent == 0:
            return 0.0
        magnitude = self.mantissa * 2.0 ** (self.exponent - self.fmt.bias)
        return -magnitude if self.negative else magnitude

    def widen(self) -> Wide:
        """The working form; a zero keeps its leading bit, which GW-BASIC's x10 then scales."""
        leading = 1 << (self.fmt.mantissa_bits - 1)
        return self.exponent, (self.mantissa | leading) << 8, self.negative


def largest(fmt: FloatFormat, negative: bool) -> Stored:
    return Stored(255, (1 << fmt.mantissa_bits) - 1, negative, fmt)


def from_integer(fmt: FloatFormat, number: int) -> Stored:
    """An integer in the format, low bits cut off (not rounded) when it is too wide."""
    if number == 0:
        return Stored(0, 0, False, fmt)
    mantissa = abs(number)
    exponent = fmt.bias
    width = mantissa.bit_length()
    if width < fmt.mantissa_bits:
        mantissa <<= fmt.mantissa_bits - width
    elif width > fmt.mantissa_bits:
        mantissa >>= width - fmt.mantissa_bits
    exponent += width - fmt.mantissa_bits
    return _check_range(fmt, exponent, mantissa, number < 0)


def _check_range(fmt: FloatFormat, exponent: int, mantissa: int, negative: bool) -> Stored:
    if exponent > 255:
        raise FloatOverflow(negative)
    if exponent <= 0:
        return Stored(0, 0, False, fmt)
    return Stored(exponent, mantissa, negative, fmt)


def normalise(fmt: FloatFormat, wide: Wide) -> Stored:
    """Round a working value to the format: half to even on the 8 guard bits."""
    exponent, mantissa, negative = wide
    if mantissa == 0 or exponent <= 0:
        return Stored(0, 0, False, fmt)
    hidden = fmt.hidden
    while mantissa < hidden - 1:
        mantissa <<= 1
        exponent -= 1
    guard = mantissa & 0xFF
    round_up = guard > 0x80 or (guard == 0x80 and bool(mantissa & 0x100))
    mantissa = (mantissa >> 8) + round_up
    if mantissa >> fmt.mantissa_bits:
        mantissa >>= 1
        exponent += 1
    return _check_range(fmt, exponent, mantissa, negative)


def add_wide(fmt: FloatFormat, left: Wide, right: Wide) -> Wide:
    """Working-form addition: the smaller operand is aligned by truncation.

    Lost bits leave a sticky 1 in the guard byte of a sum; a difference takes
    GW-BASIC's own shortcut and rounding quirk.
    """
    if right[0] == 0:
        return left
    if left[0] == 0:
        return right
    if (left[0], left[1]) > (right[0], right[1]):
        left, right = right, left
    l_exp, l_man, l_neg = left
    r_exp, r_man, r_neg = right
    shift = r_exp - l_exp
    exact = l_man & ((1 << shift) - 1) == 0
    subtract = l_neg != r_neg
    l_man >>= shift
    if subtract and (l_man < 0x80 or (l_man == 0x80 and exact)):
        return right
    exponent = r_exp
    if subtract:
        mantissa, negative = r_man - l_man, r_neg
        if mantissa & 0x1C0 == 0x80 and mantissa & 0x1DF != 0x80:
            mantissa &= ~0x80 & ((1 << (fmt.mantissa_bits + 8)) - 1)
    else:
        mantissa, negative = l_man + r_man, l_neg
        if mantissa >> (fmt.mantissa_bits + 8):
            exponent += 1
            mantissa >>= 1
        if not exact:
            mantissa |= 1
    return exponent, mantissa, negative


def _times_ten(fmt: FloatFormat, wide: Wide) -> Wide:
    exponent, mantissa, negative = wide
    return add_wide(fmt, (exponent + 1, mantissa, negative), (exponent + 3, mantissa, negative))


def _tenth(fmt: FloatFormat, wide: Wide) -> Wide:
    """Bit-serial long division by ten, as GW-BASIC divides."""
    exponent, remainder, negative = wide
    divisor = 0xA0 << (fmt.mantissa_bits)  # ten, in working form
    exponent -= _TEN_EXPONENT - fmt.bias - 8
    exponent += 1
    quotient = 0
    while divisor:
        quotient <<= 1
        exponent -= 1
        if remainder > divisor:
            remainder -= divisor
            quotient += 1
        divisor >>= 1
    while quotient < fmt.hidden:
        quotient <<= 1
        exponent -= 1
    return exponent, quotient, negative


_SCALE_LIMIT = 400
"""Exponents this far out of range can only end in overflow or zero; stop scaling there."""


def from_decimal(fmt: FloatFormat, mantissa: int, exp10: int) -> Stored:
    """mantissa x 10^exp10, scaled one power of ten at a time."""
    wide = from_integer(fmt, mantissa).widen()
    step = _tenth if exp10 < 0 else _times_ten
    for _ in range(abs(exp10)):
        wide = step(fmt, wide)
        if not -_SCALE_LIMIT < wide[0] < _SCALE_LIMIT:
            break
    return normalise(fmt, wide)


def double_to_single(number: Stored) -> Stored:
    """Assigning a double to a single: its top 24 bits, rounded on the next 8 only."""
    if number.exponent == 0:
        return Stored(0, 0, False, SINGLE)
    top = number.mantissa >> (DOUBLE.mantissa_bits - SINGLE.mantissa_bits)
    guard = (number.mantissa >> (DOUBLE.mantissa_bits - SINGLE.mantissa_bits - 8)) & 0xFF
    return normalise(SINGLE, (number.exponent, (top << 8) + guard, number.negative))


def add_singles(a: float, b: float) -> float:
    """a + b in GW-BASIC single precision."""
    try:
        return normalise(SINGLE, add_wide(SINGLE, single_of(a).widen(), single_of(b).widen())).value()
    except FloatOverflow as overflow:
        return largest(SINGLE, overflow.negative).value()


def single_of(value: float) -> Stored:
    """The stored form of a value that is already a single."""
    if value == 0:
        return Stored(0, 0, False, SINGLE)
    fraction, exponent = math.frexp(abs(value))  # abs(value) = fraction * 2^exponent, 0.5 <= fraction < 1
    return Stored(exponent + 128, int(fraction * (1 << SINGLE.mantissa_bits)), value < 0, SINGLE)


# -- a field of a typed line to a number -------------------------------------------------------


class NotANumber(Exception):
    """The field is not a number: ?Redo from start."""


@dataclass(frozen=True, slots=True)
class Decimal:
    mantissa: int
    exp10: int
    double: bool


def parse_decimal(word: bytes) -> Decimal:
    """Digits, one point (more are ignored), an exponent after E or D, '!' or '#' to stop."""
    negative = False
    started = point = in_exponent = exponent_signed = exponent_negative = False
    double = single = False
    mantissa = exp10 = exponent = digits = zeros = 0
    for char in word:
        if char in b" \t\n":
            continue
        if char in b"\x1c\x1d\x1f":
            return Decimal(0, 0, False)
        if not started:
            started = True
            if char in b"+-":
                negative = char == ord("-")
                continue
        if not in_exponent:
            if 0x30 <= char <= 0x39:
                mantissa = mantissa * 10 + char - 0x30
                if point:
                    exp10 -= 1
                if mantissa:
                    digits += 1
                    zeros = zeros + 1 if point and char == 0x30 else 0
            elif char == ord("."):
                point = True
            elif char in b"DEde":
                in_exponent = True
                double = char in b"Dd"
            elif char == ord("!"):
                single = True
                break
            elif char == ord("#"):
                double = True
                break
            else:
                raise NotANumber
            continue
        if not exponent_signed:
            exponent_signed = True
            if char in b"+-":
                exponent_negative = char == ord("-")
                continue
        if 0x30 <= char <= 0x39:
            exponent = exponent * 10 + char - 0x30
        else:
            raise NotANumber
    exp10 += -exponent if exponent_negative else exponent
    if digits - zeros > 7 and not single:
        double = True
    return Decimal(-mantissa if negative else mantissa, exp10, double)


def _integer_literal(text: bytes, base: int) -> int:
    """Hex and octal fields, read the way PC-BASIC reads them (Python's int, quirks and all)."""
    try:
        value = int(text.decode("ascii"), base) if text else 0
    except ValueError:
        raise NotANumber from None
    if value < 0:
        value += 0x10000
    if not -0x8000 <= value <= 0xFFFF:
        raise NotANumber  # an integer overflow here is a Redo, with no message
    return value - 0x10000 if value >= 0x8000 else value


def field_value(word: bytes, overflow: Callable[[], None]) -> Stored:
    """One field as GW-BASIC stores it before assignment (single or double)."""
    word = word.lstrip(b" \n").upper()
    if not word:
        return Stored(0, 0, False, SINGLE)
    if word.startswith(b"&H"):
        return from_integer(SINGLE, _integer_literal(word[2:], 16))
    if word.startswith(b"&"):
        octal = word[2:] if word[1:2] == b"O" else word[1:]
        return from_integer(SINGLE, _integer_literal(octal.strip(b" \t\n"), 8))
    stripped = word.strip(b" \t\n")
    if stripped.isdigit() and int(stripped) <= 0x7FFF:
        return from_integer(SINGLE, int(stripped))
    number = parse_decimal(word)
    fmt = DOUBLE if number.double else SINGLE
    try:
        return from_decimal(fmt, number.mantissa, number.exp10)
    except FloatOverflow as exc:
        overflow()
        return largest(fmt, exc.negative)


def to_single(number: Stored, overflow: Callable[[], None]) -> float:
    """Assignment to a single variable (the second rounding of a double field)."""
    if number.fmt is SINGLE:
        return number.value()
    try:
        return double_to_single(number).value()
    except FloatOverflow as exc:
        overflow()
        return largest(SINGLE, exc.negative).value()


# -- the typed line ----------------------------------------------------------------------------

LINE_LIMIT = 255
"""Characters of the typed line the field reader sees."""
SCREEN_WIDTH = 80
_FIELD_BLANKS = b" \x00\n"
_BACKSPACE, _ESCAPE = 0x08, 0x1B

EDIT_KEYS = frozenset({_BACKSPACE, _ESCAPE})
"""Control keys whose effect on the line life2 reproduces; other control bytes are dropped.

Tab is not among them: PC-BASIC's Tab moves the cursor over the screen without
always making the spaces part of the line, and a Tab across the right edge
cuts the line in two, which only a whole screen model could follow.
"""


def supported_keys(typed: bytes) -> bytes:
    """The bytes of a typed line that reach the BASIC: printable ASCII and the edit keys.

    Everything else (other control characters, 8-bit bytes) is dropped before
    the BASIC sees it, in every dialect and terminal; the oracle is given the
    same keys, so a comparison is always about the same keystrokes.
    """
    return bytes(b for b in typed if 0x20 <= b < 0x7F or b in EDIT_KEYS)


@dataclass(frozen=True, slots=True)
class GwScan:
    """What the field reader made of a line."""

    values: list[float] | None
    """The numbers, or None for ?Redo from start."""


def read_fields(line: bytes, count: int) -> tuple[list[bytes], bool]:
    """Split a line into `count` fields; also say whether the count was wrong."""
    position = 0
    end = len(line)
    fields: list[bytes] = []
    separators: list[bytes] = []
    for _ in range(count):
        while position < end and line[position] in _FIELD_BLANKS:
            position += 1
        word = bytearray()
        separator = b""
        while position < end:
            char = line[position]
            position += 1
            if char in b",\r":
                separator = bytes([char])
                break
            if char not in _FIELD_BLANKS:
                word.append(char)
            if len(word) >= LINE_LIMIT:
                separator = bytes([char])
                break
        fields.append(bytes(word))
        separators.append(separator)
    wrong_count = bool(separators[-1]) or b"" in separators[:-1]
    return fields, wrong_count


class GwLineEditor:
    """PC-BASIC's screen editor as far as a typed line needs it."""

    def __init__(self, printer: ScreenPrinter) -> None:
        self.printer = printer

    def edit(self, typed: bytes):  # noqa: ANN201 - EditedLine, imported late to avoid a cycle
        from .inputs import EditedLine

        printer = self.printer
        start = printer.column  # where typing starts, just after the prompt
        text = bytearray()
        longest = 0
        for char in typed:
            if 0x20 <= char < 0x7F:
                text.append(char)
            elif char == _BACKSPACE:
                if text:
                    text.pop()
            elif char == _ESCAPE:
                text.clear()
            longest = max(longest, len(text))
        # On the bottom row, a line that wraps scrolls the screen while it is typed and
        # PC-BASIC then reads it back from the second column: the prompt's own space
        # comes with it (measured; see gwbasic.md, "the bottom row").
        wrapped_at_bottom = printer.row == BOTTOM_ROW and start + longest > SCREEN_WIDTH and start == 2
        echo = (b" " + bytes(text)) if wrapped_at_bottom else bytes(text)
        printer.note_echo(len(text))  # the screen holds the prompt and the text, not the extra space
        buffer = echo[:LINE_LIMIT].rstrip(b" \t\n")
        return EditedLine(buffer, echo)


def scan_gw_response(buffer: bytes, count: int, printer: Printer) -> GwScan:
    """Fields to numbers; Overflow messages go out as GW-BASIC prints them."""

    def overflow() -> None:
        printer.write_raw(b"Overflow\r\n")

    fields, wrong_count = read_fields(buffer, count)
    numbers: list[Stored | None] = []
    for word in fields:  # every field is converted before the count is judged
        try:
            numbers.append(field_value(word, overflow))
        except NotANumber:
            numbers.append(None)
    if wrong_count or any(number is None for number in numbers):
        return GwScan(None)
    return GwScan([to_single(number, overflow) for number in numbers if number is not None])
