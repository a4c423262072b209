"""What INPUT cost the 1977 6502 BASIC, key by key and number by number.

An INPUT statement's time depends on what was typed: INLIN (m6502.asm L1672-1741) spends one
price on a key it keeps and echoes, another on a control key it drops, on `_` taking a key back,
on `@` killing the line, on a key past its 71-key buffer (a BEL instead), on Ctrl-O; FIN
(L5704-5797) spends its digit loop on each digit, more for a point, a sign, an exponent's digits,
then scales the number by ten once a power (MUL10 or DIV10, L5747-5759); INPUT (L2941-3090) may
stop at an empty answer, ask for more (`??`), say `?EXTRA IGNORED`, or start again after
`?REDO FROM START`; a number too big is `?OV ERROR` and the program's end.

`typed_cycles` walks the keys and the numbers the way the BASIC does (msinput.py is the same
walk for the values) and adds up what each step costs. The steps whose time depends on the
numbers (FIN's MUL10, FLOAT and FADD of each digit, MUL10 in the scaling) are counted from the
source by m6502.py; every other step's price (`PRICES`) was measured on the ROM itself, the
1977 interpreter on the emulated 6502 (osi/), by tools/fit_input_cycles.py: the INPUT's segment
of thousands of generated answers, hostile ones among them, solved for the prices (least
squares) and rounded to the cycle. basic_reference/cycles.md says which price the source
confirms.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .errors import BasicError
from .m6502 import _mul10, div10, fin_digit, fin_digits
from .msfloat import Accumulator

BUFFER_KEYS = 71
"""INLIN keeps 71 keys (BUFLEN 72 less the terminator, L1729-1731)."""

STEPS = (
    "line",  # a line read: the prompt, INLIN's start, the Return and CRDO
    "more",  # a line read at `??`: OUTQST's `?` before QINLIN's
    "again",  # ?REDO FROM START and the statement begun again
    "keep",  # a key kept and echoed
    "wrap",  # the echo reaching the margin: CRDO first
    "drop",  # a control key dropped
    "ctrl_o",  # Ctrl-O
    "erase",  # `_` taking back a key
    "erase_empty",  # `_` with nothing to take back: `_`, CR LF, a new line
    "kill",  # `@`: the line killed, `@` CR LF
    "full",  # a key past the buffer: BEL
    "space",  # CHRGET passing a space
    "value",  # a value read: FIN begun and ended, stored
    "junk",  # a value that is not a number: FIN reads 0 and INPUT stops at the character
    "digit_on_zero",  # a digit while the value so far is 0 (MUL10 and FADD of zero are quick)
    "sign",  # a `+` before a number
    "sign_minus",  # a `-` before a number: NEGOP at the end
    "point",  # a decimal point
    "decimal",  # a digit after the point (DECCNT counted)
    "exponent",  # an `E`
    "exponent_sign",  # its sign
    "exponent_digit",  # a digit of the exponent
    "times_ten",  # a step of the scaling up (MUL10 counted apart)
    "divide",  # a step of the scaling down (DIV10)
    "divide_zero",  # a step of the scaling down on zero
    "extra",  # ?EXTRA IGNORED
    "empty",  # an empty answer: the program stops (ENDCON, OK)
    "overflow",  # ?OV ERROR IN 701 and OK
    "overflow_scaling",  # the ?OV found in the scaling (a MUL10 left half way) rather than a digit
)
HELD = ("held_printing", "held_control")
"""Not priced here: the characters INPUT sent while Ctrl-O held the output back (the echo, the Return's
CR LF, ?REDO FROM START, the `??` prompt), which the printer counts with all other output held back
(printer.Printer.withheld_printing); the walk counts them for tools/fit_input_cycles.py."""

PRICES: dict[str, int] = {
    # measured: begin (tools/fit_input_cycles.py --write)
    "line": 1428,
    "more": -974,
    "again": 616,
    "keep": 165,
    "wrap": 256,
    "drop": 66,
    "ctrl_o": 24,
    "erase": 141,
    "erase_empty": 389,
    "kill": 277,
    "full": 144,
    "space": 19,
    "value": 2419,
    "junk": 616,
    "digit_on_zero": 12,
    "sign": 45,
    "sign_minus": 62,
    "point": 38,
    "decimal": 7,
    "exponent": 271,
    "exponent_sign": 84,
    "exponent_digit": -232,
    "times_ten": 30,
    "divide": 442,
    "divide_zero": 286,
    "extra": 1855,
    "empty": 772,
    "overflow": 8546,
    "overflow_scaling": -679,
    # measured: end
}
"""Each step's cycles, measured on the ROM (tools/fit_input_cycles.py writes them here)."""


def _kept(key: int) -> bool:
    return key == 0x07 or 0x20 <= key < 0x7D


def _edit(keys: bytes, steps: Counter[str], quiet: bool, column: int) -> bool:
    """INLIN over one line's keys, after a prompt that left the carriage at `column`: each key's
    step, and each time the echo reaches the margin (72: OUTDO sends CR LF first, L2823-2826).
    Returns whether Ctrl-O holds the output back after."""
    held = 0
    for raw in keys:
        key = raw & 0x7F
        printing, control = 0, 0  # what the key echoes (msinput.edit_ms1978_line)
        if key == 0x0F:
            steps["ctrl_o"] += 1
            quiet = not quiet
        elif not _kept(key):
            steps["drop"] += 1
        elif key == 0x40:
            steps["kill"] += 1
            held = 0
            printing, control = 1, 2  # `@`, CR, LF
        elif key == 0x5F and held:
            steps["erase"] += 1
            held -= 1
            printing = 1
        elif key == 0x5F:
            steps["erase_empty"] += 1
            printing, control = 2, 2  # `_`, `_`, CR, LF
        elif held >= BUFFER_KEYS:
            steps["full"] += 1
            control = 1  # BEL
        else:
            held += 1
            steps["keep"] += 1
            printing, control = (1, 0) if key >= 0x20 else (0, 1)
        if quiet:
            steps["held_printing"] += printing
            steps["held_control"] += control
            continue
        for _ in range(printing):
            if column >= _WIDTH:
                steps["wrap"] += 1
                column = 0
            column += 1
        if control > 1:
            column = 0
    if quiet:
        steps["held_control"] += 2  # the Return's CR LF
    return quiet


_WIDTH = 72
"""The terminal's width (LINWID): OUTDO sends CR LF before a printing character at it."""


class _Reader:
    """CHRGET over the buffer, counting the spaces it passes (msinput.MsCursor's walk)."""

    def __init__(self, buffer: bytes, steps: Counter[str]) -> None:
        self.text = b"," + buffer
        self.pos = 0
        self.steps = steps

    def got(self) -> int:
        while self.pos < len(self.text) and self.text[self.pos] == 0x20:
            self.pos += 1
            self.steps["space"] += 1
        return self.text[self.pos] if self.pos < len(self.text) else 0

    def get(self) -> int:
        self.pos += 1
        return self.got()


def _fin(reader: _Reader, steps: Counter[str]) -> int:
    """FIN's walk over one number (msinput.scan_ms1978_number's): the steps, and the cycles counted
    from the source (the digit loop's, the scaling's MUL10s). _Overflow (with the cycles counted up
    to it) on ?OV."""
    char = reader.got()
    if char in (0x2B, 0x2D):
        steps["sign_minus" if char == 0x2D else "sign"] += 1
        char = reader.get()
    accumulator = Accumulator()
    counted = 0
    decimals = 0
    point = False
    exponent = 0
    try:
        while True:
            if 0x30 <= char <= 0x39:
                before = accumulator.stored()
                if not before:
                    steps["digit_on_zero"] += 1
                accumulator.times_ten()
                counted += fin_digit(before, accumulator.stored(), char - 0x30)
                accumulator.add_digit(char - 0x30)
                if point:
                    decimals += 1
                    steps["decimal"] += 1
                char = reader.get()
            elif char == 0x2E and not point:
                point = True
                steps["point"] += 1
                char = reader.get()
            elif char == 0x45:
                steps["exponent"] += 1
                exponent = _exponent(reader, steps)
                break
            else:
                break
    except BasicError:
        raise _Overflow(counted) from None
    powers = (exponent - decimals) & 0xFF
    try:
        if powers >= 0x80:
            for _ in range(0x100 - powers):
                accumulator.copy_to_arg_rounded()
                if accumulator.arg_exponent >= 4:
                    steps["divide"] += 1
                    counted += div10(accumulator.arg_mantissa)
                else:
                    steps["divide_zero"] += 1
                accumulator.divide_by_ten()
        else:
            for _ in range(powers):
                cycles = _mul10(accumulator.stored())
                accumulator.times_ten()
                counted += cycles
                steps["times_ten"] += 1
        accumulator.stored()
    except BasicError:
        steps["overflow_scaling"] += 1
        raise _Overflow(counted) from None
    return counted


class _Overflow(Exception):
    """?OV in FIN, after `counted` cycles counted from the source."""

    def __init__(self, counted: int) -> None:
        super().__init__(counted)
        self.counted = counted


def _exponent(reader: _Reader, steps: Counter[str]) -> int:
    char = reader.get()
    negative = False
    if char in (0x2B, 0x2D):
        steps["exponent_sign"] += 1
        negative = char == 0x2D
        char = reader.get()
    exponent = 0
    while 0x30 <= char <= 0x39:
        steps["exponent_digit"] += 1
        if exponent >= 10:
            if not negative:
                raise BasicError("overflow")
            exponent = 100
        else:
            exponent = exponent * 10 + (char - 0x30)
        char = reader.get()
    return -exponent if negative else exponent


def input_steps(typed: list[tuple[bytes, bytes, bytes]], count: int) -> tuple[Counter[str], int]:
    """The steps of one INPUT of `count` numbers over the lines typed at it (prompt, keys, buffer),
    as INPUT (L2941-3090) takes them, and the cycles counted from the source."""
    steps: Counter[str] = Counter()
    counted = 0
    lines = iter(typed)
    quiet = False
    for prompt, keys, buffer in lines:
        if prompt.startswith(b"??"):
            continue  # read below, where the statement asked for it
        if steps["line"]:
            steps["again"] += 1
        steps["line"] += 1
        quiet = _edit(keys, steps, False, len(prompt))
        if not buffer:
            steps["empty"] += 1
            return steps, counted
        reader = _Reader(buffer, steps)
        redo = False
        for _ in range(count):
            if reader.got() in (0, 0x3A):
                more = next(lines, None)
                if more is None:
                    return steps, counted
                steps["line"] += 1
                steps["more"] += 1
                if quiet:
                    steps["held_printing"] += 3  # `?? `
                quiet = _edit(more[1], steps, quiet, len(more[0]))
                reader = _Reader(more[2], steps)
            reader.get()
            steps["value"] += 1
            try:
                counted += _fin(reader, steps)
            except _Overflow as overflow:
                steps["overflow"] += 1
                return steps, counted + overflow.counted
            if reader.got() not in (0, 0x3A, 0x2C):
                steps["junk"] += 1
                if quiet:
                    steps["held_printing"] += 16  # ?REDO FROM START
                    steps["held_control"] += 2
                redo = True
                break
        if not redo and reader.got() != 0:
            steps["extra"] += 1
            if quiet:
                steps["held_printing"] += 14  # ?EXTRA IGNORED
                steps["held_control"] += 2
    return steps, counted


@cache
def _one_line(keys: bytes, buffer: bytes, count: int) -> int:
    if count == 2 and keys == buffer and _plain_pair(buffer):
        return _plain_pair_cycles(buffer)
    steps, counted = input_steps([(b"? ", keys, buffer)], count)
    return counted + sum(PRICES.get(step, 0) * times for step, times in steps.items())


def _plain_pair(buffer: bytes) -> bool:
    """`X,Y` with one to six digits each and nothing else: nearly every answer of a game."""
    first, comma, second = buffer.partition(b",")
    return bool(comma) and 0 < len(first) < 7 and 0 < len(second) < 7 and (first + second).isdigit()


def _plain_pair_cycles(buffer: bytes) -> int:
    """input_steps' price for a plain `X,Y`, without its walk (the first game of a process prices each
    answer it meets, and `life2 run --cycles` is one game): the keys, the two values, their digits (a
    number of six digits is exact, so FIN's loop is fin_digits'), the digits read while the value
    was still 0."""
    cycles = PRICES["line"] + PRICES["keep"] * len(buffer) + 2 * PRICES["value"]
    for digits in buffer.decode("ascii").split(","):
        significant = digits.lstrip("0")
        on_zero = len(digits) - len(significant) + (1 if significant else 0)
        cycles += PRICES["digit_on_zero"] * on_zero + fin_digits(digits)
    return cycles


def typed_cycles(typed: list[tuple[bytes, bytes, bytes]], count: int) -> int:
    """What one INPUT of `count` numbers cost beyond its fixed part, for the lines typed at it."""
    if len(typed) == 1:
        _, keys, buffer = typed[0]
        return _one_line(keys, buffer, count)
    steps, counted = input_steps(typed, count)
    return counted + sum(PRICES.get(step, 0) * times for step, times in steps.items())
