"""Single-precision numbers: how the BASICs store them, add them and print them.

Both BASICs keep a number in 24 bits of mantissa with an exponent range of
2^-128 up to just under 2^127 (Microsoft's binary format, not IEEE). Values
here are Python floats that always hold such a number exactly.

LIFE2 only ever prints small whole numbers, but PRINT's format is part of the
runtime, so the general rule is here too.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import mbf, msfloat
from .dialects import Dialect

MANTISSA_BITS = 24
MIN_SINGLE = 2.0**-128
"""The smallest positive single (exponent byte 1); anything smaller is 0."""


class SingleOverflow(ArithmeticError):
    """A value too large for a single."""


def round_to_single(value: Fraction | int | float, *, half_even: bool = True) -> float:
    """The single nearest an exact value; halves go to even, or up with half_even=False.

    Raises SingleOverflow when the rounded magnitude reaches 2^127; values below
    2^-128 become 0, as both BASICs underflow silently.
    """
    exact = Fraction(value)
    if exact == 0:
        return 0.0
    negative = exact < 0
    magnitude = -exact if negative else exact
    # exponent e with 2^(e-1) <= magnitude < 2^e, so the mantissa is magnitude / 2^(e-24)
    e = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** e <= magnitude:
        e += 1
    scaled = magnitude / Fraction(2) ** (e - MANTISSA_BITS)
    whole = scaled.numerator // scaled.denominator
    rest = scaled - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and (not half_even or whole & 1)):
        whole += 1
    result = math.ldexp(whole, e - MANTISSA_BITS)
    if result >= 2.0**127:
        raise SingleOverflow(value)
    if result < MIN_SINGLE:
        return 0.0
    return -result if negative else result


def add_single(a: float, b: float, dialect: Dialect) -> float:
    """a + b of two positive numbers, as a subscript sees it (LIFE2's X+1 in line 741).

    GW-BASIC's own procedure (mbf.add_singles, checked against PC-BASIC); for the
    1978 BASIC its FADDT, whose sum QINT takes without rounding it (msfloat.py,
    ms1978.md N6).
    """
    if dialect is Dialect.GWBASIC:
        return mbf.add_singles(a, b)
    return msfloat.sum_for_subscript(a, b)


def format_number(value: float, dialect: Dialect) -> bytes:
    """The text PRINT shows for `value`, without the trailing space PRINT adds.

    A sign or a space, at most `digits` significant figures with trailing zeros
    dropped, no 0 before the point, and E notation with a two-digit exponent
    when the plain form does not suit: GW-BASIC switches when the number needs
    more than `digits` places before the point or more than `digits + 1` after it;
    the 1978 BASIC below 0.01 and from 10^digits up (m6502.asm FOUT).
    """
    if value == 0:
        return b" 0"
    digits = dialect.rules.significant_digits
    sign = "-" if value < 0 else " "
    if dialect is Dialect.GWBASIC:
        mantissa, _, exponent = f"{abs(value):.{digits - 1}e}".partition("e")
        figures = mantissa.replace(".", "").rstrip("0") or "0"
        exp10 = int(exponent)  # the power of ten of the leading figure
    else:  # FOUT's own figures, each scaling step rounding (ms1978.md P3)
        whole, exp10 = msfloat.printed_figures(value)
        figures = str(whole).rstrip("0") or "0"
    if dialect is Dialect.GWBASIC:
        scientific = exp10 > digits - 1 or len(figures) - exp10 > digits + 1
    else:
        scientific = exp10 < -2 or exp10 >= digits
    if scientific:
        text = figures[0] + ("." + figures[1:] if len(figures) > 1 else "")
        text += f"E{'-' if exp10 < 0 else '+'}{abs(exp10):02d}"
    elif exp10 + 1 >= len(figures):
        text = figures + "0" * (exp10 + 1 - len(figures))
    elif exp10 >= 0:
        text = figures[: exp10 + 1] + "." + figures[exp10 + 1 :]
    else:
        text = "." + "0" * (-exp10 - 1) + figures
    return (sign + text).encode("ascii")
