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
from .m6502 import _mul10, div10, fin_digits
from .msfloat import Accumulator

BUFFER_KEYS = 71
"""INLIN keeps 71 keys (BUFLEN 72 less the terminator, L1729-1731)."""

STEPS = (
    "line",  # a line read: the prompt, INLIN's start, the Return and CRDO
    "more",  # a line read at `??`: OUTQST's `?` before QINLIN's
    "again",  # ?REDO FROM START and the statement begun again
    "keep",  # a key kept and echoed
    "keep_quiet",  # a key kept while Ctrl-O holds the output back
    "drop",  # a control key dropped
    "ctrl_o",  # Ctrl-O
    "erase",  # `_` taking back a key
    "erase_empty",  # `_` with nothing to take back: `_`, CR LF, a new line
    "kill",  # `@`: the line killed, `@` CR LF
    "full",  # a key past the buffer: BEL
    "quiet_return",  # the Return's CR LF held back by Ctrl-O
    "space",  # CHRGET passing a space
    "value",  # a value read: FIN begun and ended, stored
    "junk",  # a value that is not a number: FIN reads 0 and INPUT stops at the character
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
)

PRICES: dict[str, int] = {
    # measured: begin (tools/fit_input_cycles.py --write)
    "line": 1369,
    "more": -941,
    "again": 594,
    "keep": 167,
    "keep_quiet": 104,
    "drop": 64,
    "ctrl_o": 128,
    "erase": 143,
    "erase_empty": 362,
    "kill": 272,
    "full": 145,
    "quiet_return": -332,
    "space": 18,
    "value": 2494,
    "junk": 594,
    "sign": 43,
    "sign_minus": 54,
    "point": 25,
    "decimal": 13,
    "exponent": -4,
    "exponent_sign": 35,
    "exponent_digit": 126,
    "times_ten": 19,
    "divide": 436,
    "divide_zero": 259,
    "extra": 1842,
    "empty": 906,
    "overflow": 7389,
    # measured: end
}
"""Each step's cycles, measured on the ROM (tools/fit_input_cycles.py writes them here)."""


def _kept(key: int) -> bool:
    return key == 0x07 or 0x20 <= key < 0x7D


def _edit(keys: bytes, steps: Counter[str], quiet: bool) -> bool:
    """INLIN over one line's keys: each key's step. Returns whether Ctrl-O holds output back after."""
    held = 0
    for raw in keys:
        key = raw & 0x7F
        if key == 0x0F:
            steps["ctrl_o"] += 1
            quiet = not quiet
        elif not _kept(key):
            steps["drop"] += 1
        elif key == 0x40:
            steps["kill"] += 1
            held = 0
        elif key == 0x5F:
            if held:
                steps["erase"] += 1
                held -= 1
            else:
                steps["erase_empty"] += 1
        elif held >= BUFFER_KEYS:
            steps["full"] += 1
        else:
            held += 1
            steps["keep_quiet" if quiet else "keep"] += 1
    if quiet:
        steps["quiet_return"] += 1
    return quiet


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
    digits: list[str] = []
    decimals = 0
    point = False
    exponent = 0
    try:
        while True:
            if 0x30 <= char <= 0x39:
                digits.append(chr(char))
                accumulator.times_ten()
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
        raise _Overflow(fin_digits("".join(digits))) from None
    counted = fin_digits("".join(digits))
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
                counted += _mul10(accumulator.stored())
                steps["times_ten"] += 1
                accumulator.times_ten()
        accumulator.stored()
    except BasicError:
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
        quiet = _edit(keys, steps, False)
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
                quiet = _edit(more[1], steps, quiet)
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
                redo = True
                break
        if not redo and reader.got() != 0:
            steps["extra"] += 1
    return steps, counted


@cache
def _one_line(keys: bytes, buffer: bytes, count: int) -> int:
    steps, counted = input_steps([(b"? ", keys, buffer)], count)
    return counted + sum(PRICES[step] * times for step, times in steps.items())


def typed_cycles(typed: list[tuple[bytes, bytes, bytes]], count: int) -> int:
    """What one INPUT of `count` numbers cost beyond its fixed part, for the lines typed at it."""
    if len(typed) == 1:
        _, keys, buffer = typed[0]
        return _one_line(keys, buffer, count)
    steps, counted = input_steps(typed, count)
    return counted + sum(PRICES[step] * times for step, times in steps.items())
