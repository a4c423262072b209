"""The C runtime's stdio against the C library itself: glibc's scanf and getchar on one stdin, printf's
formats. Random inputs and random sequences of calls, seeded, plus the cases Cell Life meets."""

from __future__ import annotations

import random

import pytest

from life2_retro.events import INPUT_REQUEST, RawInput
from life2_retro.libc.stdio import CStdio, Runaway

from ..support.cbuild import build_c, run_c

SCANF_PROBE = r"""
#include <stdio.h>
/* our own probe: the calls named in argv[1] on stdin, in order; each prints what it left */
int main(int argc, char **argv) {
  int a = 111, b = 222, c;
  const char *op;
  for (op = argv[1]; *op; op++) {
    if (*op == 'd') { scanf("%d", &a); printf("d %d\n", a); }
    else if (*op == 'p') { scanf("%d %*c %d", &a, &b); printf("p %d %d\n", a, b); }
    else { c = getchar(); printf("g %d\n", c); }
  }
  return 0;
}
"""
ALPHABET = "0123456789" * 4 + "+-" * 3 + " \t\n\n\n,,..xXa\r\v"


def ours(calls: str, data: bytes) -> bytes:
    """The same calls through the runtime, the input handed over as a pipe hands it: all at once."""
    io = CStdio(futile_limit=10**9, reads_past_end_limit=10**9)
    out: list[str] = []

    def program():
        a, b = 111, 222
        for call in calls:
            if call == "d":
                a = yield from io.scanf_int(a)
                out.append(f"d {a}")
            elif call == "p":
                a, b = yield from io.scanf_pair(a, b)
                out.append(f"p {a} {b}")
            else:
                out.append(f"g {(yield from io.getchar())}")

    steps = program()
    given = [RawInput(data)] if data else []
    try:
        event = next(steps)
        while True:
            event = steps.send(given.pop(0) if given else None) if event is INPUT_REQUEST else next(steps)
    except StopIteration:
        pass
    return "".join(line + "\n" for line in out).encode()


CASES = [
    ("pp", b"3,4\n"),
    ("pp", b"3 4\n5\n"),  # the 4 is the separator, and the second number is on the next line
    ("pp", b"-x\n"),  # the sign is used up, the x stays
    ("pd", b"+\n5\n"),
    ("pg", b"34\n5,5\n"),
    ("pp", b"99999999999,3\n"),  # the low 32 bits
    ("pp", b"-2147483649 1\n"),
    ("pp", b"99999999999999999999,1\n"),  # strtol clamps at LONG_MAX, and the int cast keeps -1
    ("pp", b"0x1A,2\n"),
    ("pp", b"3\t4\n"),
    ("pp", b"3,,4\n"),
    ("pgg", b"3,4\n\n"),  # a move, then the two getchars of Press ENTER
    ("ddd", b"x\n"),  # a letter stops every %d at once
    ("dg", b"  42abc\n"),
    ("pd", b"3,4"),  # no newline before the end
    ("gg", b""),
    # past Python's 4,300-digit limit for int(): strtol saturates, and leading zeros count for nothing
    ("dd", b"1" * 5000 + b"\n" + b"-" + b"9" * 5000 + b"\n"),
    ("pd", b"0" * 5000 + b"2," + b"0" * 5000 + b"3\n" + b"-" + b"0" * 5000 + b"7\n"),
    ("pp", b"1" * 4301 + b" " + b"0" * 4301 + b"\n" + b"+" + b"0" * 4300 + b"2147483648,1\n"),
    ("dg", b"0" * 4301 + b"\n"),
]


@pytest.mark.parametrize(("calls", "data"), CASES)
def test_scanf_and_getchar_do_what_glibc_does(calls, data):
    assert ours(calls, data) == run_c(build_c(SCANF_PROBE), data, calls)


def test_random_inputs_and_calls_agree_with_glibc():
    rng = random.Random(2008)
    probe = build_c(SCANF_PROBE)
    for _ in range(300):
        data = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 40))).encode()
        calls = "".join(rng.choice("ddppg") for _ in range(rng.randint(1, 8)))
        assert ours(calls, data) == run_c(probe, data, calls), (calls, data)


PRINTF_PROBE = r"""
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int i;
  for (i = 1; i < argc; i++) {
    int v = atoi(argv[i]);
    printf("[%d|%2d|%-2d]", v, v, v);
    printf("%c", 32 + (v & 63));
  }
  return 0;
}
"""


def test_printf_formats_agree_with_glibc():
    values = [0, 1, 9, 10, 99, 100, -1, -9, -10, 2147483647, -2147483648, 18, 25]
    io = CStdio()
    for value in values:
        io.printf("[%d|%2d|%-2d]", value, value, value)
        io.printf("%c", 32 + (value & 63))
    assert bytes(io.out) == run_c(build_c(PRINTF_PROBE), b"", *map(str, values))


def _feed(io: CStdio, reading, lines):
    lines = list(lines)
    try:
        event = next(reading)
        while True:
            event = reading.send(lines.pop(0) if lines else None) if event is INPUT_REQUEST else next(reading)
    except StopIteration as done:
        return done.value


def test_a_retry_loop_at_a_letter_is_stopped_after_a_screenful():
    io = CStdio(futile_limit=24)

    def retry():
        t = 0
        while True:
            t = yield from io.scanf_int(t)

    with pytest.raises(Runaway, match=r"failed 24 times in a row at 'x'"):
        _feed(io, retry(), [b"x"])


def test_reading_on_past_the_end_is_stopped():
    io = CStdio(reads_past_end_limit=100)

    def reader():
        while True:
            yield from io.getchar()

    with pytest.raises(Runaway, match="read past the end of input 100 times"):
        _feed(io, reader(), [b"1"])
