"""stdio as Cell Life uses it: printf's few formats, putchar, getchar, and glibc's scanf for `%d`
and `%d %*c %d`, on one input buffer.

The program's stdin is a FILE: what the player types arrives a line at a time
(with its newline), and getchar and scanf take from the same buffer, so a
newline that scanf leaves is what the next getchar reads. The rules of scanf
are glibc's, measured against the C library itself (tests/libc/test_stdio.py):

* `%d` skips white space, takes one sign (which is used up even when no digit
  follows), then digits; the first character that is not a digit goes back. No
  digit is a matching failure and the variable keeps its value. The digits are
  converted as strtol does into a 64-bit long (clamped at its limits, however
  many digits come; leading zeros count for nothing) and stored in a 32-bit
  int: `99999999999` becomes 1215752191, a number of 5,000 nines -1.
* a space in the format skips any white space, newlines included, so it may
  wait for another line; `%*c` takes any one character and drops it.
* at the end of input every call fails again at once.

A C retry loop that meets a character scanf will not take, or the end of
input, prints for ever. The runtime stops such a loop once one question (a
`question()` of the program: getint, getxy) has had `futile_limit` futile
calls, and a program that goes on reading past the end of input once it has
done so `reads_past_end_limit` times: it raises `Runaway`, which the program
turns into Stop.RUNAWAY and a notice. At a terminal the end of input is the
person's own (Ctrl-D): with `stop_at_end`, the first read past it raises
`EndOfInput`, and the game ends there.
"""

from __future__ import annotations

import re
from collections.abc import Generator

from ..events import INPUT_REQUEST, SHOWN_INPUT_REQUEST, Event, RawInput

EOF = -1
WHITE = frozenset(b" \t\n\v\f\r")
DIGITS = frozenset(b"0123456789")
FUTILE_LIMIT = 24
"""Futile retries before a runaway loop is stopped: a glass terminal's screen of them."""
READS_PAST_END_LIMIT = 2_000
"""Reads after the end of input before a program that cannot end is stopped (a game at the end of its
input reads a few times a round: thousands of rounds, past any game that ends by itself)."""

Reading = Generator[Event, bytes | None, int]


class Runaway(Exception):
    """The program would go on for ever without input it can use; the message says where."""


class EndOfInput(Exception):
    """A person ended the input (Ctrl-D, a closed window): the game ends at its first read past it."""


def _to_int32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - 2**32 if value >= 2**31 else value


LONG_DIGITS = 19
"""The digits of LONG_MAX (9223372036854775807): a number with more is past a 64-bit long."""


def _strtol(significant: bytes, negative: bool) -> int:
    """strtol's value clamped to a 64-bit long, as glibc's scanf stores it before the int cast.

    `significant` is the digits after any leading zeros, at most one more than a long holds:
    like strtol, the reader saturates as it goes and never needs the whole number (Python's
    int() refuses a string of more than 4,300 digits, and a player may type any number)."""
    value = int(significant) if len(significant) <= LONG_DIGITS else 2**64
    value = -value if negative else value
    return max(-(2**63), min(2**63 - 1, value))


class CStdio:
    """stdout and stdin of one C program run: output bytes kept until the program yields them."""

    def __init__(
        self,
        futile_limit: int = FUTILE_LIMIT,
        reads_past_end_limit: int = READS_PAST_END_LIMIT,
        stop_at_end: bool = False,
    ) -> None:
        self.out = bytearray()
        self._events: list[Event] = []
        """What the program produced before `out`, in order: earlier output, and traced functions."""
        self._in = bytearray()
        self._pos = 0
        self.at_end = False
        """The input has ended (sticky, as glibc's EOF flag)."""
        self.stop_at_end = stop_at_end
        self.futile_limit = futile_limit
        self.reads_past_end_limit = reads_past_end_limit
        self._futile = 0
        self._reads_past_end = 0
        self.answers_shown = False
        """The lines read now hide nothing from an opponent (the setup's answers): a terminal that
        hides the moves may show them. What the program reads is the same either way."""

    # -- output ---------------------------------------------------------------------------------

    def trace(self, function: str) -> None:
        """A traced function was entered: it goes out in order with the output around it."""
        if self.out:
            self._events.append(bytes(self.out))
            self.out.clear()
        self._events.append(function)

    def drain(self) -> Generator[Event, bytes | None, None]:
        """Yield everything produced so far (before a read, and at the end)."""
        events, self._events = self._events, []
        yield from events
        if self.out:
            data = bytes(self.out)
            self.out.clear()
            yield data

    def putchar(self, char: int) -> None:
        self.out.append(char & 0xFF)

    def printf(self, fmt: str, *args: int) -> None:
        """The formats Cell Life uses: `%d`, `%2d`, `%-2d` and `%c`."""
        values = iter(args)

        def convert(match: re.Match[str]) -> str:
            flags, width, kind = match.groups()
            if kind == "%":
                return "%"
            value = next(values)
            text = chr(value & 0xFF) if kind == "c" else str(_to_int32(value))
            return text.ljust(int(width)) if flags == "-" else text.rjust(int(width or 0))

        self.out += re.sub(r"%(-?)(\d*)([dc%])", convert, fmt).encode("latin-1")

    # -- input ----------------------------------------------------------------------------------

    def _peek(self) -> Reading:
        """The next byte without taking it (EOF at the end), reading a line when the buffer is empty."""
        if self._pos >= len(self._in) and not self.at_end:
            yield from self.drain()  # the prompt is out before the program waits, as on a tty
            line = yield SHOWN_INPUT_REQUEST if self.answers_shown else INPUT_REQUEST
            if line is None:
                self.at_end = True
            else:
                del self._in[: self._pos]
                self._pos = 0
                # a person's line ends with Return; a file's bytes come as they are
                self._in += line if isinstance(line, RawInput) else line + b"\n"
        if self._pos < len(self._in):
            return self._in[self._pos]
        return EOF

    def waits(self) -> bool:
        """Whether the next read waits for a line: nothing is left to read, and the input goes on."""
        return self._pos >= len(self._in) and not self.at_end

    def _take(self) -> Reading:
        char = yield from self._peek()
        if char != EOF:
            self._pos += 1
        return char

    def question(self) -> None:
        """The program asks a new question: its futile calls count from nothing again."""
        self._futile = 0

    def _past_end(self, what: str) -> None:
        if self.stop_at_end:
            raise EndOfInput
        self._reads_past_end += 1
        if self._reads_past_end > self.reads_past_end_limit:
            raise Runaway(f"{what} read past the end of input {self.reads_past_end_limit} times")

    def getchar(self) -> Reading:
        char = yield from self._take()
        if char == EOF:
            self._past_end("getchar")
        return char

    def _skip_white(self) -> Reading:
        while True:
            char = yield from self._peek()
            if char == EOF or char not in WHITE:
                return char
            self._pos += 1

    def _scan_int(self) -> Generator[Event, bytes | None, int | None]:
        """One `%d`: the value, or None for a matching or input failure (what it used stays used)."""
        char = yield from self._skip_white()
        if char == EOF:
            return None
        negative = False
        if char in b"+-":
            negative = char == ord("-")
            self._pos += 1
            char = yield from self._peek()
        any_digit = False
        significant = bytearray()
        while char != EOF and char in DIGITS:
            any_digit = True
            if (significant or char != ord("0")) and len(significant) <= LONG_DIGITS:
                significant.append(char)
            self._pos += 1
            char = yield from self._peek()
        if not any_digit:
            return None
        return _to_int32(_strtol(bytes(significant or b"0"), negative))

    def scanf_int(self, value: int) -> Generator[Event, bytes | None, int]:
        """`scanf("%d", &value)`: the value after the call (unchanged when nothing was converted)."""
        start = self._position()
        got = yield from self._scan_int()
        self._account(start, got is None, 'scanf("%d")')
        return value if got is None else got

    def scanf_pair(self, first: int, second: int) -> Generator[Event, bytes | None, tuple[int, int]]:
        """`scanf("%d %*c %d", &first, &second)`: both values after the call."""
        start = self._position()
        got = yield from self._scan_int()
        if got is None:
            self._account(start, True, 'scanf("%d %*c %d")')
            return first, second
        first = got
        yield from self._skip_white()
        separator = yield from self._take()
        got = None
        if separator != EOF:
            yield from self._skip_white()
            got = yield from self._scan_int()
        self._account(start, False, 'scanf("%d %*c %d")')
        return first, (second if got is None else got)

    def _position(self) -> tuple[int, bool]:
        return (len(self._in) - self._pos, self.at_end)

    def _account(self, start: tuple[int, bool], failed: bool, what: str) -> None:
        """A call that converted nothing and used nothing is futile; too many in a row is a runaway."""
        if self.at_end:
            self._past_end(what)
        if failed and self._position() == start:
            self._futile += 1
            if self._futile >= self.futile_limit:
                left = "the end of input" if self.at_end else repr(chr(self._in[self._pos]))
                raise Runaway(f"{what} failed {self.futile_limit} times in a row at {left}")

    # -- what the fixes use ---------------------------------------------------------------------

    def drop_rest_of_line(self) -> None:
        """Forget what is left of a line already read (the newline a scanf left), waiting for nothing."""
        newline = self._in.find(b"\n", self._pos)
        if newline >= 0:
            self._pos = newline + 1

    def read_line(self) -> Generator[Event, bytes | None, bytes | None]:
        """One whole line (what is left of the current one, else the next); None at the end of input."""
        line = bytearray()
        while True:
            char = yield from self._take()
            if char == EOF:
                self._past_end("a line")
                return bytes(line) if line else None
            if char == ord("\n"):
                return bytes(line)
            line.append(char)
