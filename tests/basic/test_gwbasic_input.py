"""GW-BASIC INPUT against PC-BASIC itself: the echo, ?Redo from start, Overflow, and the stored bits.

A five-line INPUT loop runs in PC-BASIC and, written the same way, on life2's
machine. After every accepted line both print the two singles' MKS$ bytes in
hex, so the conversion is compared to the last bit, not just as printed.
"""

from __future__ import annotations

import random
import struct

import pytest

from life2_retro.basic import mbf
from life2_retro.basic.dialects import Dialect
from life2_retro.basic.gwinput import field_value
from life2_retro.basic.numbers import add_single
from life2_retro.basic.printer import PrintItem
from life2_retro.commands.compare import first_byte_difference
from life2_retro.reference.pcbasic_oracle import run_program

from ..support.helpers import input_loop

LOOP = b"""10 DIM P(2),Q(2)
20 I=1
30 INPUT P(I),Q(I)
40 A$=MKS$(P(I))+MKS$(Q(I)): FOR J=1 TO 8: PRINT RIGHT$("0"+HEX$(ASC(MID$(A$,J,1))),2);: NEXT J: PRINT
50 GOTO 30
"""


def mks(value: float) -> bytes:
    """MKS$ of a single: three mantissa bytes (the sign in the top bit), then the exponent."""
    stored = mbf.from_value(value)
    if stored.exponent == 0:
        return b"\0\0\0\0"
    mantissa = stored.mantissa & 0x7FFFFF | (0x800000 if stored.negative else 0)
    return mantissa.to_bytes(3, "little") + bytes([stored.exponent])


def as_hex(p: float, q: float) -> list[PrintItem]:
    return [(mks(p) + mks(q)).hex().upper()]


def assert_same(responses: list[bytes]) -> None:
    ours, _ = input_loop(responses, Dialect.GWBASIC, as_hex)
    theirs = run_program(LOOP, responses).output
    mismatch = first_byte_difference(ours, theirs)
    assert mismatch is None, mismatch.detail


MEASURED = [
    "1,2",
    "",
    "3",
    "3,4,5",
    "abc",
    "3,",
    ",3",
    "3,,",
    "  3 , 4 ",
    "3 4,5",
    "+3,-4",
    "1e1,2",
    "1E+1,2",
    "1d2,1",
    "1E,2",
    "1e+,2",
    ".,2",
    "-,2",
    "&H3,2",
    "&O7,2",
    "&7,2",
    "&HZZ,2",
    "3!,2",
    "3#,2",
    "3%,2",
    '"3",2',
    '"abc",2',
    "3x,2",
    "3.5.5,2",
    "1-2,3",
    "--3,2",
    "2.5,0.5",
    "0.49999999,1",
    "4.9999999,1",
    "5.0000001,1",
    "1" * 60 + ",1",
    "1e38,1",
    "1e39,1",
    "1e-39,1",
    "1e-40,1",
    "-0,1",
    ".5,.5",
    "0.1,0.2",
    "16777217,1",
    "1.7014118e38,1",
    "1d39,1",
    "x,1e39",
    "1e39,2,3",
    "e5,2",
    "0e1,1",
    "0.0e1,1",
    "&HFFFF,1",
    "&H10000,1",
    "&H-1,1",
    "&8,1",
    "3!x,2",
    "1e5e,2",
    "1 2 3,4",
    "1." + "0" * 38 + ",1",
    "1." + "0" * 39 + ",1",
    "0.1234567890123,1",
    "0.1234567,1",
    "123456789,1",
    "16777217.5,1",
    "99999999999,1",
    "1.5e38,1",
    "1.701411e38,1",
    "1D-2,1",
    "1" * 254,
    "1" * 255,
    "1," + " " * 252 + "2",
    "1," + " " * 253 + "2",
    "0X10,1",
    "&H0X10,1",
    "&H1_0,1",
    "&H-10000,1",
    "& H10,1",
    "&,&H",
    # past Python's 4,300 figures for int(), and leading zeros: the value is what counts
    "1" * 5000 + ",1",
    "0" * 5000 + "3,4",
    "0" * 240 + "3,0004",
    "0" * 240 + "32767,1",
    "0" * 240 + "32768,1",
    "-" + "0" * 240 + "7,1",
]


def test_measured_cases(oracle):
    assert_same([case.encode() for case in MEASURED])


def test_a_field_longer_than_int_takes_is_read_by_its_value():
    """A typed line stops at 255 characters, but a field from elsewhere may be longer: its leading
    zeros count for nothing, and its value never goes through int() whole."""
    zeros = b"0" * 5000
    assert field_value(zeros + b"7", _no_overflow).value() == 7.0
    assert field_value(zeros + b"32768", _no_overflow).value() == 32768.0
    overflows: list[str] = []
    huge = field_value(b"1" * 5000, lambda: overflows.append("Overflow"))
    assert overflows == ["Overflow"] and huge == mbf.largest(mbf.DOUBLE, False)


def _no_overflow() -> None:
    raise AssertionError("no overflow here")


def _random_field(rng: random.Random) -> str:
    """Digits, points, signs and junk, then maybe an exponent of at most two digits.

    PC-BASIC scales by one power of ten at a time, so an exponent such as E8888888
    would keep it busy for minutes (life2 stops scaling once the result is settled).
    """
    alphabet = "0123456789" * 4 + ".+- !#&HOx" + "  "
    text = "".join(rng.choice(alphabet) for _ in range(rng.choice([1, 2, 3, 5, 8, 12])))
    if rng.random() < 0.3:
        text += rng.choice("EeDd") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 99))[: rng.randint(0, 2)]
    return text


def _random_line(rng: random.Random) -> bytes:
    kind = rng.random()
    if kind < 0.5:
        return f"{_random_field(rng)},{_random_field(rng)}".encode()
    if kind < 0.7:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 12)))
        point = rng.randint(0, len(digits))
        exponent = rng.choice(["", f"E{rng.randint(-45, 45)}", f"D{rng.randint(-45, 45)}"])
        return f"{digits[:point]}.{digits[point:]}{exponent},{rng.randint(-9, 9)}".encode()
    if kind < 0.85:
        return _random_field(rng).encode()
    if kind < 0.92:
        return bytes(rng.choice(b"12,\x08\t\x1b \x01\x7f\xe9") for _ in range(rng.randint(1, 20)))
    return ("".join(rng.choice("0123456789, ") for _ in range(rng.randint(60, 300)))).encode()


@pytest.mark.parametrize("seed", range(8))
def test_random_lines(oracle, seed):
    """Random lines, with long ones reaching the bottom-row quirk once the screen has filled."""
    rng = random.Random(f"gw-input:{seed}")
    assert_same([_random_line(rng) for _ in range(300)])


def test_single_addition_matches_pcbasic(oracle):
    """X+1 (line 741) with GW-BASIC's rounding: truncating alignment, sticky bit, half to even."""
    from pcbasic.basic.values.numbers import Single  # the oracle's own arithmetic, as the reference
    from pcbasic.basic.values.values import Values

    values = Values(None, False)
    rng = random.Random(741)
    for _ in range(5000):
        a = as_single(rng.choice([rng.uniform(-8, 8), rng.uniform(0, 1) * 2.0 ** rng.randint(-30, 30)]))
        b = as_single(rng.choice([1.0, -1.0, rng.uniform(-8, 8)]))
        expected = Single(None, values).from_bytes(mks(a)).iadd(Single(None, values).from_bytes(mks(b)))
        assert add_single(a, b, Dialect.GWBASIC) == expected.to_value(), (a, b)


def as_single(value: float) -> float:
    """A nearby value with a 24-bit mantissa (in range, IEEE single and MBF single agree)."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def test_memory_form_of_singles():
    assert mks(1.0) == b"\x00\x00\x00\x81" and mks(-0.5) == b"\x00\x00\x80\x80" and mks(0.0) == b"\0" * 4
