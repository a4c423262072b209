"""What the 1978 BASIC's number routines cost a 6502, by the numbers they were given.

Most of a BASIC line's time goes the same way every time it runs: NEWSTT, the
statement's dispatch, the scan of its text, the variables' searches, the
constants read again by FIN. What changes from one run of a line to the next is
in a few routines whose paths depend on the numbers: QINT (a subscript made an
integer), UMULT (a two-dimensional subscript), FADD (a sum), FCOMP (a
comparison), NEXT (a step and a test), FIN (a number typed at INPUT). Each
function here counts one of them, branch by branch, for the 4-byte numbers of
the OSI ROM.

The counts are read off Microsoft's source, `microsoft/BASIC-M6502`
m6502.asm (labels and lines below), in the OSI build that `mist64/msbasic`
reproduces byte for byte (CONFIG_SMALL: 4-byte numbers, no ROR workaround,
the input buffer in page zero). A 6502 instruction costs its documented cycles:
2 for an immediate or implied one, 3 for page zero, 4 for absolute or page zero
indexed by X (6 when it also writes), 5 for (zp),Y, 6 for JSR and RTS, 3 for a
branch taken and 2 for one not taken. Only differences between paths matter to
the model (a line's fixed part is fitted to the measured figures), so each
function counts from a fixed entry to its return. Where the table of measured
figures can check a count, it agrees to the cycle: QINT and UMULT give line 515's
spread of 160 cycles, FCOMP line 106's spread of 12, NEXT line 60's mean of
1171.2 (see basic_reference/cycles.md).
"""

from __future__ import annotations

import math
from functools import cache

_ZERO_FAC = 14
"""ZEROFC: LDAI 0, STA FACEXP, STA FACSGN, RTS (m6502.asm L5021)."""


@cache
def unpack(value: float) -> tuple[int, int, int]:
    """Sign (1 negative), exponent byte (0 for zero, 129 for 1) and the 24-bit mantissa with its top
    bit set: the FAC after MOVFM."""
    if value == 0:
        return 0, 0, 0
    mantissa, exponent = math.frexp(abs(value))
    return (1 if value < 0 else 0), exponent + 128, round(mantissa * (1 << 24))


def _shift_right(bits: int) -> int:
    """SHIFTR (L5093-5162) moving one operand `bits` right, from the sign test in FADD to its return.

    Short shifts (1 to 7) go bit by bit, 40 cycles a bit (ASL/ROR/ROR of the top byte for the sign,
    ROR of the two others and of ACCA, INY, BNE). Longer ones first move whole bytes, 35 cycles each
    (SHFTR2), then shift the rest."""
    if bits <= 7:
        return 7 + 40 * bits
    whole, rest = divmod(bits, 8)
    return 36 + 35 * whole + 40 * rest if rest else 40 + 35 * whole


@cache
def qint(value: float) -> int:
    """QINT (L5644-5672): a subscript's float made an integer, as AYINT calls it.

    Zero is quick (QINTRT); otherwise the mantissa is shifted right until the
    point is past it, two whole bytes and then bit by bit: 408 cycles for 1,
    368 for 2 and 3, 328 for 4 to 7, 40 fewer for each doubling."""
    if value == 0:
        return 23
    shift = 0x98 - unpack(value)[1]
    whole, rest = divmod(shift, 8)
    exact = rest == 0
    return 59 + 35 * whole + 3 * exact + (40 * rest - 1 if rest else 0)


@cache
def subscript_multiply(last: float) -> int:
    """UMULT (L4080-4098) for N(i,j): the index so far (the last subscript, j) times the next
    dimension's size, 16 shift-and-add rounds, 17 cycles more for each bit set in j. INLPN1 skips
    the multiply when the index so far is 0 (L4037)."""
    index = int(last)
    return 0 if index == 0 else 612 + 17 * bin(index).count("1")


@cache
def element2(first: float, last: float) -> int:
    """The value-dependent part of finding N(first,last): both subscripts through QINT, and UMULT."""
    return qint(first) + qint(last) + subscript_multiply(last)


def round_fac(value: float) -> int:
    """ROUND (L5550): zero returns at once; otherwise the rounding byte is tested (it is 0 for the
    whole numbers the listing computes)."""
    return 12 if value == 0 else 19


@cache
def fadd(left: float, right: float) -> int:
    """FADDT (L4945-5062): FAC = ARG + FAC with ARG the left operand and FAC the right one.

    A zero FAC copies ARG (MOVFA); a zero ARG leaves FAC. Otherwise the operand with the smaller
    exponent is shifted right (SHIFTR), the mantissas are added (FADD2, then RNDSHF on a carry) or
    subtracted (SUBIT, NEGFAC when the result is negative), and the result is normalised (NORMAL:
    33 cycles a zero byte, 25 a bit)."""
    if right == 0:
        return 73
    if left == 0:
        return 25
    left_sign, left_exp, left_mant = unpack(left)
    right_sign, right_exp, right_mant = unpack(right)
    cycles = 23
    difference = left_exp - right_exp
    shifted_left = True
    if difference == 0:
        cycles += 3
    elif difference > 0:
        cycles += 27 + _shift_right(difference)
        right_mant >>= difference
        shifted_left = False
    else:
        cycles += 10 + _shift_right(-difference)
        left_mant >>= -difference
    cycles += 3
    if left_sign == right_sign:
        carry = left_mant + right_mant >= 1 << 24
        return cycles + 39 + (35 if carry else 9)
    cycles += 4 + (3 if shifted_left else 4) + 43
    kept, shifted = (right_mant, left_mant) if shifted_left else (left_mant, right_mant)
    result = kept - shifted
    if result < 0:
        cycles += 62
        result = -result
    else:
        cycles += 3
    cycles += 6
    if result == 0:
        return cycles + 98 + _ZERO_FAC
    zero_bytes = 0
    while result < 1 << 16 and zero_bytes < 3:
        result <<= 8
        zero_bytes += 1
    bits = 0
    while result < 1 << 23:
        result <<= 1
        bits += 1
    return cycles + 33 * zero_bytes + 6 + 25 * bits + 25


@cache
def fcomp(packed: float, fac: float) -> int:
    """FCOMP (L5602-5637): compare a packed number with FAC, byte by byte, stopping at the first that
    differs: the signs, the exponents, then the mantissa's three bytes."""
    cycles = 14
    packed_sign, packed_exp, packed_mant = unpack(packed)
    fac_sign, fac_exp, fac_mant = unpack(fac)
    if packed == 0:
        cycles += 3
        return cycles + 12 if fac == 0 else cycles + 12 + (9 if fac_sign else 10)
    cycles += 10
    if fac != 0 and packed_sign != fac_sign:
        return cycles + 10 + (9 if fac_sign else 10)
    cycles += 5
    done = 26  # FCOMPC and FCOMPS: the branch taken, the sign's answer, RTS
    if packed_exp != fac_exp:
        return cycles + done
    cycles += 12
    if packed_mant >> 16 != fac_mant >> 16:
        return cycles + done
    cycles += 12
    if (packed_mant >> 8) & 255 != (fac_mant >> 8) & 255:
        return cycles + done
    cycles += 17
    if packed_mant & 255 == fac_mant & 255:
        return cycles + 9
    return cycles + 25


@cache
def relation(left: float, right: float) -> int:
    """A relational operator's value-dependent part: the left operand pushed (FRMEVL rounds it),
    DOREL's FCOMP of it against the right one, and QCOMP's branch on the answer (L3547-3590). What
    depends on whether the relation holds (the result floated, the IF's way on) is the line's."""
    return round_fac(left) + fcomp(left, right) + (3 if left > right else 7)


@cache
def next_step(before: float, step: float, limit: float) -> int:
    """NEXT (L3110-3150) for a loop variable at `before`: FADD of the step, MOVMF storing the sum
    (ROUND), FCOMP against the limit. Going round again or leaving the loop is the line's."""
    after = before + step
    return fadd(before, step) + round_fac(after) + fcomp(limit, after)


def _copy_rounded(value: float) -> int:
    """MOVAF (L5541): round FAC and copy it to ARG."""
    return 81 + round_fac(value)


def _mul10(value: float) -> int:
    """MUL10 (L5367): FAC times 10, as FAC*4 + FAC, doubled; quick for 0."""
    if value == 0:
        return 17 + _copy_rounded(0)
    return 27 + _copy_rounded(value) + fadd(4 * value, value) - 14 + 13


def _float_digit(digit: int) -> int:
    """FLOAT (L5575) of a digit: normalised bit by bit, or zeroed."""
    if digit == 0:
        return 155
    return 74 + 25 * (8 - digit.bit_length())


def fin_digits(digits: str) -> int:
    """FIN's digit loop (FINDIG/FINLOG, L5765-5790) over a typed number's digits: for each, MUL10 of
    the value so far, FLOAT of the digit, FADD, and CHRGET on to the next character."""
    cycles = 0
    value = 0
    for char in digits:
        digit = ord(char) - 0x30
        sofar = value * 10
        cycles += 59 + _mul10(value) + 34 + _copy_rounded(sofar) + _float_digit(digit) + fadd(sofar, digit)
        value = sofar + digit
    return cycles
