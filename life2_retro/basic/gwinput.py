"""GW-BASIC's INPUT as PC-BASIC 2.0.8 does it: the screen editor's keys, the fields, the numbers.

The rules, with the lines of PC-BASIC's source they come from, are in
basic_reference/gwbasic.md. PC-BASIC itself runs beside this module in the
tests: tests/basic/test_gwbasic_input.py compares the echo, the messages and
the stored bits of thousands of lines; tests/basic/test_gwscreen.py the screen
after random keys, cell by cell; tests/programs/life2/test_editing_differential.py
whole games typed with editing keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import mbf
from .editing import EditedLine
from .errors import BasicError
from .gwscreen import WIDTH
from .printer import Printer, ScreenPrinter

LINE_LIMIT = 255
"""Characters of the typed line the field reader sees (console.py read_line L146-148)."""
_FIELD_BLANKS = b" \x00\n"
EOF_MARK = b"\x1a"

CTRL_C = 0x03
BREAK_MARK = b"\x0e"
"""What PC-BASIC writes to its output stream alone when Ctrl-C breaks an INPUT (console.py L123-125)."""
_CURSOR_KEYS = frozenset(b"\x1e\x1f\x1c\x1d\x0b\x0e")
"""Up, Down, Right, Left, Home, End as Ctrl keys: each one leaves insert mode (console.py L168-173)."""


# -- the screen editor -----------------------------------------------------------------------------


class GwLineEditor:
    """INPUT's keys on PC-BASIC's screen (console.py Console.read_line and _interact).

    Each byte of a typed line is one key: the byte itself for printable characters and the Ctrl
    keys, and for 0x80-0xFF the character of code page 437 with that code, as Alt and the
    number on the keypad type it (inputs/keyboard.py Keyboard._key_up L281-286) and as
    PC-BASIC reads a file of keys. NUL is the keyboard's NUL key (Ctrl-2), an extended code,
    which the editor ignores. Enter ends the line: the answer is the logical line under the
    cursor, wherever the keys left it.
    """

    def __init__(self, printer: ScreenPrinter) -> None:
        self.printer = printer
        self.screen = printer.screen
        self.start_row = self.furthest_left = self.furthest_right = 0
        self.overwrite = True

    def edit(self, typed: bytes) -> EditedLine:
        """The keys of `typed` at the prompt just written, then Enter. Ctrl-C raises BasicError("break")."""
        self.begin()
        for key in typed:
            self.key(key)
        return self.enter()

    def begin(self) -> None:
        """The prompt is written: editing starts just after it (read_line L116-119, _interact L157-161)."""
        screen = self.screen
        if screen.row > 1:  # the prompt's row no longer continues the line above
            screen.set_wrap(screen.row - 1, False)
        self.start_row = screen.row
        self.furthest_left = self.furthest_right = screen.col
        self.overwrite = True

    def key(self, key: int) -> None:
        """One key (_interact L163-251)."""
        screen = self.screen
        if key in _CURSOR_KEYS:
            self.overwrite = True
        if key == CTRL_C:
            self.printer.send_to_stream(BREAK_MARK)
            self.printer.newline()  # where the cursor is: the rest of the line is left as it was
            raise BasicError("break")
        if key == 0x08:
            screen.backspace(self.start_row, self.furthest_left)
        elif key == 0x1B:
            line_start = screen.find_start_of_line(screen.row)
            if line_start == self.start_row:
                screen.clear_line(line_start, self.furthest_left, quirky_scrolling=True)
            else:
                screen.clear_line(line_start, 1)
        elif key == 0x12:
            self.overwrite = not self.overwrite
        elif key in _KEY_ACTIONS:
            _KEY_ACTIONS[key](screen)
        elif key == 0x09:
            screen.tab(self.overwrite)
        elif key in (0x00, 0x07):
            pass  # NUL is an extended code the editor drops (L238); BEL only beeps
        elif self.overwrite:
            screen.write_chars(bytes([key]), scroll_down=True)
        else:
            screen.insert_chars(bytes([key]))
        if screen.row == self.start_row:  # how far the cursor went on the prompt's row
            self.furthest_left = min(screen.col, self.furthest_left)
            self.furthest_right = max(screen.col, self.furthest_right)
            if screen.col == WIDTH and screen.overflow:
                self.furthest_right += 1

    def enter(self) -> EditedLine:
        """Enter: the logical line under the cursor is the answer (read_line L129-148)."""
        screen = self.screen
        text = screen.logical_line(screen.row, self.furthest_left, self.furthest_right - 1)
        screen.move_to_end()
        return EditedLine(text[:LINE_LIMIT].rstrip(b" \t\n"), text)


_KEY_ACTIONS = {
    0x02: lambda screen: screen.skip_word_left(),  # Ctrl-B
    0x05: lambda screen: screen.clear_line(screen.row, screen.col),  # Ctrl-E: to the end of the line
    0x06: lambda screen: screen.skip_word_right(),  # Ctrl-F
    0x0A: lambda screen: screen.line_feed(),  # Ctrl-J
    0x0B: lambda screen: screen.set_pos(1, 1),  # Ctrl-K: home
    0x0C: lambda screen: screen.clear_view(),  # Ctrl-L
    0x0E: lambda screen: screen.move_to_end(),  # Ctrl-N: end
    0x1C: lambda screen: screen.incr_pos(),  # right
    0x1D: lambda screen: screen.decr_pos(),  # left
    0x1E: lambda screen: screen.up(),
    0x1F: lambda screen: screen.down(),
    0x7F: lambda screen: screen.delete_char(),  # DEL (Ctrl-Backspace)
}
"""The editing keys that need nothing but the screen (console.py _interact L201-226)."""


# -- fields ---------------------------------------------------------------------------------------


def read_fields(line: bytes, count: int) -> tuple[list[bytes], bool]:
    """`count` fields of a line, blanks dropped; and whether the count was wrong.

    The line is read as a file is (devicebase.py InputTextFile), and in a file Ctrl-Z (0x1A)
    is the end: nothing after it is read (TextFileBase.read L267-273)."""
    line = line.split(EOF_MARK, 1)[0]
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
    significant = word.lstrip(b"0")
    if word.isdigit() and len(significant) <= 5 and int(significant or b"0") <= 0x7FFF:
        # at most five figures are converted: int() refuses more than 4,300, and a field can
        # be longer than that when it is not typed at the screen (a file, a test)
        return mbf.from_integer(mbf.SINGLE, int(significant or b"0"))
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


def scan_gw_response(line: bytes, count: int, printer: Printer) -> list[float] | None:
    """The numbers of a line, or None for ?Redo from start; Overflow messages as GW-BASIC prints them
    (values.py FloatErrorHandler.handle: Console.write_line)."""

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
