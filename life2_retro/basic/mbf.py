"""Microsoft binary floating point, rounded the way GW-BASIC rounds it.

GW-BASIC (and so PC-BASIC, the oracle) does not round like IEEE arithmetic, and
LIFE2's decisions (is X at most 5? is X(1) equal to X(2)? which square does
X+1 name?) depend on the last bit of a typed number. So life2 reproduces the
procedure, step for step, as measured against PC-BASIC (basic_reference/gwbasic.md;
tests/basic/test_gwbasic_input.py checks it bit for bit):

* A number is an exponent byte (0 means zero) and a mantissa of 24 bits
  (single) or 56 bits (double) whose top bit is set:
  value = mantissa * 2^(exponent - 128 - bits).
* While it computes, GW-BASIC keeps 8 more bits below the mantissa (guard
  bits). Only at the end is the value rounded to the mantissa, half to even.
* An integer is cut to the mantissa's width: its low bits are dropped, not
  rounded.
* x10 is 8x + 2x. The 2x is shifted to line up with the 8x, and the bits that
  fall off are lost; if any were set, the lowest guard bit is set instead (a
  "sticky" bit). /10 is a bit-serial division in which a remainder exactly
  equal to the shifted divisor is not subtracted.
* A double becomes a single by keeping its top 24 bits and rounding on the
  next 8 only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class FloatFormat:
    bits: int
    """Mantissa width: 24 for single precision, 56 for double."""

    @property
    def offset(self) -> int:
        """value = mantissa * 2^(exponent - offset)."""
        return 128 + self.bits

    @property
    def top(self) -> int:
        """The leading bit of a working mantissa (mantissa plus 8 guard bits)."""
        return 1 << (self.bits + 7)


SINGLE = FloatFormat(24)
DOUBLE = FloatFormat(56)

Working = tuple[int, int, bool]
"""(exponent, mantissa with 8 guard bits, negative): a value in the middle of a computation."""


class FloatOverflow(ArithmeticError):
    """Too large for the format; GW-BASIC prints Overflow and goes on with the largest value."""

    def __init__(self, negative: bool) -> None:
        super().__init__("Overflow")
        self.negative = negative


@dataclass(frozen=True, slots=True)
class Mbf:
    """A number as it sits in memory."""

    exponent: int
    mantissa: int
    negative: bool
    fmt: FloatFormat

    def value(self) -> float:
        """The exact value (every single is also a Python float)."""
        if self.exponent == 0:
            return 0.0
        magnitude = math.ldexp(self.mantissa, self.exponent - self.fmt.offset)
        return -magnitude if self.negative else magnitude

    def working(self) -> Working:
        """Ready to compute with. A zero keeps a leading 1, which x10 then scales (a GW-BASIC quirk)."""
        leading = 1 << (self.fmt.bits - 1)
        return self.exponent, (self.mantissa | leading) << 8, self.negative


def zero(fmt: FloatFormat) -> Mbf:
    return Mbf(0, 0, False, fmt)


def largest(fmt: FloatFormat, negative: bool) -> Mbf:
    """1.701412E+38 (or its double), what an overflow leaves."""
    return Mbf(255, (1 << fmt.bits) - 1, negative, fmt)


def _stored(fmt: FloatFormat, exponent: int, mantissa: int, negative: bool) -> Mbf:
    if exponent > 255:
        raise FloatOverflow(negative)
    if exponent <= 0:
        return zero(fmt)
    return Mbf(exponent, mantissa, negative, fmt)


def from_integer(fmt: FloatFormat, number: int) -> Mbf:
    """An integer, its low bits dropped if it is wider than the mantissa."""
    if number == 0:
        return zero(fmt)
    magnitude = abs(number)
    excess = magnitude.bit_length() - fmt.bits
    mantissa = magnitude >> excess if excess > 0 else magnitude << -excess
    return _stored(fmt, fmt.offset + excess, mantissa, number < 0)


def from_value(value: float) -> Mbf:
    """A Python float that already holds a single, in memory form."""
    if value == 0:
        return zero(SINGLE)
    fraction, exponent = math.frexp(abs(value))  # fraction in [0.5, 1)
    return Mbf(exponent + 128, int(fraction * (1 << SINGLE.bits)), value < 0, SINGLE)


def round_working(fmt: FloatFormat, working: Working) -> Mbf:
    """The end of a computation: normalise, then round half to even on the guard bits."""
    exponent, mantissa, negative = working
    if mantissa == 0 or exponent <= 0:
        return zero(fmt)
    while mantissa < fmt.top - 1:  # GW-BASIC stops one short of the leading bit
        mantissa <<= 1
        exponent -= 1
    guard = mantissa & 0xFF
    kept = mantissa >> 8
    if guard > 0x80 or (guard == 0x80 and kept & 1):
        kept += 1
        if kept >> fmt.bits:
            kept >>= 1
            exponent += 1
    return _stored(fmt, exponent, kept, negative)


def sum_working(fmt: FloatFormat, a: Working, b: Working) -> Working:
    """a + b, the smaller lined up with the larger by dropping bits (remembered as a sticky bit)."""
    if b[0] == 0:
        return a
    if a[0] == 0:
        return b
    small, large = sorted((a, b), key=lambda w: (w[0], w[1]))
    shift = large[0] - small[0]
    lost_nothing = small[1] & ((1 << shift) - 1) == 0
    aligned = small[1] >> shift
    exponent, negative = large[0], large[2]
    if small[2] == large[2]:
        mantissa = large[1] + aligned
        if mantissa >> (fmt.bits + 8):  # carry out: one more bit is dropped, not remembered
            mantissa >>= 1
            exponent += 1
        if not lost_nothing:
            mantissa |= 1
        return exponent, mantissa, negative
    # a difference: GW-BASIC ignores an aligned operand below half a guard unit, and clears
    # one guard bit in a particular pattern (both measured against PC-BASIC)
    if aligned < 0x80 or (aligned == 0x80 and lost_nothing):
        return large
    mantissa = large[1] - aligned
    if mantissa & 0x1C0 == 0x80 and mantissa & 0x1DF != 0x80:
        mantissa &= ~0x80
    return exponent, mantissa, negative


def times_ten(fmt: FloatFormat, working: Working) -> Working:
    exponent, mantissa, negative = working
    return sum_working(fmt, (exponent + 3, mantissa, negative), (exponent + 1, mantissa, negative))


_TEN = 10 << 28  # ten's working mantissa for a single, 0xA0000000


def tenth(fmt: FloatFormat, working: Working) -> Working:
    """x/10 by GW-BASIC's bit-serial division: the divisor moves right one bit per quotient bit."""
    exponent, remainder, negative = working
    divisor = _TEN << (fmt.bits - 24)
    # subtract ten's exponent (0x84, less the offset and the guard bits), and start one bit up
    exponent += fmt.offset + 8 - 0x84 + 1
    quotient = 0
    while divisor:
        quotient <<= 1
        exponent -= 1
        if remainder > divisor:  # strictly greater: an exact match is not taken
            remainder -= divisor
            quotient += 1
        divisor >>= 1
    while quotient < fmt.top:
        quotient <<= 1
        exponent -= 1
    return exponent, quotient, negative


SCALE_LIMIT = 400
"""Exponents this far out can only end in overflow or zero; scaling stops there."""


def from_decimal(fmt: FloatFormat, mantissa: int, exp10: int) -> Mbf:
    """mantissa * 10^exp10, scaled one power of ten at a time."""
    working = from_integer(fmt, mantissa).working()
    step = tenth if exp10 < 0 else times_ten
    for _ in range(abs(exp10)):
        working = step(fmt, working)
        if not -SCALE_LIMIT < working[0] < SCALE_LIMIT:
            break
    return round_working(fmt, working)


def double_to_single(number: Mbf) -> Mbf:
    """A double assigned to a single: the top 24 bits, rounded on the next 8 only."""
    if number.exponent == 0:
        return zero(SINGLE)
    keep = DOUBLE.bits - SINGLE.bits
    top = number.mantissa >> keep
    guard = (number.mantissa >> (keep - 8)) & 0xFF
    return round_working(SINGLE, (number.exponent, (top << 8) | guard, number.negative))


def add_singles(a: float, b: float) -> float:
    """a + b in GW-BASIC single precision; an overflow gives the largest single."""
    try:
        return round_working(
            SINGLE, sum_working(SINGLE, from_value(a).working(), from_value(b).working())
        ).value()
    except FloatOverflow as overflow:
        return largest(SINGLE, overflow.negative).value()
