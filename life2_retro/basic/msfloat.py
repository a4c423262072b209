"""The 1978 BASIC's floating-point accumulator, operation by operation, as the 6502 ROM rounds.

The 6502 BASIC does its arithmetic in two unpacked registers, FAC and ARG: an
exponent byte (0 means zero, 0x81 is [1, 2)), three mantissa bytes whose top bit
is set, and a sign. FAC has one more byte below its mantissa, the rounding byte
(FACOV in m6502.asm, FACEXTENSION in msbasic): an addition or a division leaves
the bits that do not fit there, and only ROUND looks at it, by its top bit
alone. Every time the ROM copies FAC to ARG (MOVAF) or stores it (MOVMF) it
rounds first. So a typed number is not "the nearest single": FIN reads it digit
by digit, multiplying by ten and adding the digit, then scales it by ten once a
power, and each of those steps rounds (basic_reference/ms1978.md, N1-N5).

Here the mantissa and the rounding byte are one 32-bit integer, `wide`
(mantissa << 8 | rounding byte), which is what the ROM shifts, adds and
normalises. Each method names the routine it models with its label and lines
in Microsoft's m6502.asm; msbasic's float.s, which rebuilds the OSI ROM byte for
byte, names the same routines in its own words (MUL10, DIV10, ADDACC, GETEXP,
ROUND_FAC, ADD_EXPONENTS). Only what FIN and LIFE2's `X+1` use is here: both
only ever add two positive numbers.
"""

from __future__ import annotations

import math

from .errors import BasicError

_WIDE_BITS = 32
_WIDE_TOP = 1 << (_WIDE_BITS - 1)
_MANTISSA_TOP = 0x800000
_EXPONENT_OF_ONE = 0x81
_BIAS = 128 + 24
"""A register holds mantissa * 2^(exponent - _BIAS)."""
TEN = (0x84, 0xA00000)
"""10.0 as DIV10 loads it (TENZC, m6502.asm L5381-5385): exponent 0x84, mantissa 0.625."""


def _overflow() -> BasicError:
    """OVERR (L5086-5087): ?OV ERROR, and the program stops."""
    return BasicError("overflow")


class Accumulator:
    """FAC with its rounding byte, and ARG: the registers FIN works in.

    Both stay positive here (FIN takes its sign off first and puts it back at the end,
    NEGOP), so no sign is kept.
    """

    def __init__(self) -> None:
        self.exponent = 0
        self.wide = 0
        """FAC's mantissa and rounding byte: mantissa << 8 | rounding byte."""
        self.arg_exponent = 0
        self.arg_mantissa = 0

    # -- moving and rounding ---------------------------------------------------------------------

    def round(self) -> None:
        """ROUND (L5550-5557): add one to the mantissa when the rounding byte's top bit is set.

        A carry out of the mantissa makes it 0x800000 one exponent up (RNDSHF, L5057-5064),
        ?OV past exponent 255. Every caller clears the rounding byte afterwards (MOVAF,
        MOVMF), so it is cleared here."""
        if self.exponent == 0:
            return
        mantissa = self.wide >> 8
        if self.wide & 0x80:
            mantissa += 1
            if mantissa >> 24:
                mantissa >>= 1
                self._exponent_up()
        self.wide = mantissa << 8

    def copy_to_arg_rounded(self) -> None:
        """MOVAF (L5541-5548): round FAC, then copy it to ARG; the rounding byte is cleared."""
        self.round()
        self.arg_exponent = self.exponent
        self.arg_mantissa = self.wide >> 8

    def _exponent_up(self) -> None:
        """`INC FACEXP / BEQ OVERR`: one exponent up, ?OV when the byte wraps to 0."""
        self.exponent += 1
        if self.exponent > 0xFF:
            raise _overflow()

    def _zero(self) -> None:
        """ZEROFC (L5021-5024)."""
        self.exponent = 0
        self.wide = 0

    # -- addition --------------------------------------------------------------------------------

    def add(self) -> None:
        """FADDT (L4945-4976, FADD2 L5025-5038): FAC = ARG + FAC, both positive.

        A zero FAC takes ARG (MOVFA); a zero ARG leaves FAC. Otherwise the operand with the
        smaller exponent is shifted right (SHFTR2-SHIFTR, L5093-5162): its mantissa and rounding byte
        together, whole bytes first, and the bits that fall off the rounding byte are lost.
        ARG's own rounding byte is 0; FAC's old one (saved in OLDOV) stays with FAC when ARG is
        the one shifted. The sums of the mantissas and of the rounding bytes are one 32-bit
        addition; a carry out of it shifts the result right one place (RNDSHF), no rounding.

        With equal exponents nothing is shifted, and the carry of `SEC / SBC FACEXP` reaches
        the rounding byte's addition: it gains 1 (FADD2 `ADC OLDOV` with C=1). The ROM does
        exactly this, and only the rounding byte's lowest bit can show it."""
        if self.exponent == 0:  # MOVFA (L5530-5539)
            self.exponent, self.wide = self.arg_exponent, self.arg_mantissa << 8
            return
        if self.arg_exponent == 0:
            return
        arg_wide = self.arg_mantissa << 8
        if self.arg_exponent == self.exponent:
            total = self.wide + arg_wide + 1
        elif self.arg_exponent > self.exponent:
            total = arg_wide + (self.wide >> min(self.arg_exponent - self.exponent, _WIDE_BITS))
            self.exponent = self.arg_exponent
        else:
            total = self.wide + (arg_wide >> min(self.exponent - self.arg_exponent, _WIDE_BITS))
        self.wide = total
        if total >> _WIDE_BITS:  # SQUEEZ / RNDSHF: the carry goes back in at the top
            self._exponent_up()
            self.wide = total >> 1

    # -- the three steps of FIN -------------------------------------------------------------------

    def times_ten(self) -> None:
        """MUL10 (L5367-5378): FAC*4 + FAC, then doubled.

        FAC is rounded into ARG (MOVAF); ARG's exponent plus 2 is the four times (`ADCI 2 / BCS
        GOOVER`, ?OV past 255), and FADDC adds FAC to it, FAC shifted right two places, its two
        lowest bits into the rounding byte. The doubling is one more exponent (`INC FACEXP /
        BEQ GOOVER`)."""
        self.copy_to_arg_rounded()
        if self.exponent == 0:
            return
        if self.exponent + 2 > 0xFF:
            raise _overflow()
        self.arg_exponent = self.exponent + 2
        self.add()
        self.arg_exponent -= 2  # ARG itself was never changed: only FADDC's copy of its exponent
        self._exponent_up()

    def divide_by_ten(self) -> None:
        """DIV10 (L5386-5391, FDIVT L5393-5459): FAC rounded into ARG, then ARG / 10.0.

        MULDIV (L5343-5363) subtracts the exponents as bytes: an ARG exponent below 4 is an
        underflow, and the result is 0 (ZEREMV). FDIVT then adds one. The mantissas are divided
        bit by bit (DIVIDE, L5405-5452): 24 quotient bits and 2 more for the top of the rounding
        byte (LD100 L5453, DIVNRM L5455-5459); the remainder is dropped. The quotient is
        normalised (MOVFR L5465, NORMAL), and a normalisation that would take the exponent to 0
        or below makes it 0."""
        self.copy_to_arg_rounded()
        ten_exponent, ten_mantissa = TEN
        if self.arg_exponent < 4:  # ADD_EXPONENTS: no carry and the sum's sign bit clear
            self._zero()
            return
        exponent = self.arg_exponent - ten_exponent + 0x80  # 0 when ARG's exponent is exactly 4
        exponent += 1  # `INC FACEXP`: ARG's exponent is at most 255, so this never wraps here
        quotient = (self.arg_mantissa << 25) // ten_mantissa  # 26 bits: the mantissa and two more
        self.exponent = exponent
        self.wide = quotient << 6
        self._normalise()

    def _normalise(self) -> None:
        """NORMAL (L5003-5024, NORM1-NORM2 L5040-5053): shift left until the top bit is set,
        whole bytes first; a mantissa with nothing in its top three bytes is zero, and so is a
        shift of at least the exponent."""
        if self.wide >> 8 == 0:
            self._zero()
            return
        shift = _WIDE_BITS - self.wide.bit_length()
        if shift >= self.exponent:
            self._zero()
            return
        self.exponent -= shift
        self.wide = (self.wide << shift) & ((1 << _WIDE_BITS) - 1)

    def add_digit(self, digit: int) -> None:
        """FINLOG (L5776-5786): FAC rounded into ARG (MOVAF), the digit floated into FAC
        (FLOAT, L5575-5590: exact, 0 for the digit 0), then FADDT."""
        self.copy_to_arg_rounded()
        if digit == 0:
            self._zero()
        else:
            self.exponent = 0x80 + digit.bit_length()
            self.wide = digit << (_WIDE_BITS - digit.bit_length())
        self.add()

    # -- what FOUT needs besides ------------------------------------------------------------------

    def multiply(self, exponent: int, mantissa: int) -> None:
        """FMULT (L5264-5316) by a constant: FAC = constant * FAC.

        MULDIV (L5343-5363) adds the exponents less the bias: below 0 is 0, past 255 is ?OV. The
        product is built by shift and add from FAC's lowest byte (its rounding byte) up: for each
        bit, ARG is added to the 24-bit RESULT or not, then RESULT and the rounding byte below it
        shift right one place (MLTPL2-MLTPL3); a zero byte is one shift of a whole byte (MULSHF),
        which moves RESULT one bit more when the carry is clear (SHIFTR with A=0: `ADCI 10` then
        `SBCI 10` leaves -1 for C=0). The bits shifted out are lost; the result is normalised."""
        if self.exponent == 0:
            return
        total = exponent + self.exponent
        if total < 0x80:  # TRYOFF `BPL ZEREMV`: the exponent went below 0
            self._zero()
            return
        if total >= 0x180:  # `BMI GOOVER`
            raise _overflow()
        carry = total < 0x100  # what `ADCI 200` leaves in C for the first MLTPLY
        self.exponent = total - 0x80
        multiplier = self.wide
        register = multiplier & 0xFF  # RESULT (0) above FACOV, which is still FAC's rounding byte
        for index in range(4):
            byte = (multiplier >> (8 * index)) & 0xFF
            if byte == 0 and index < 3:
                register >>= 8
                if not carry:
                    register = ((register >> 9) << 8) | (register & 0xFF)
                carry = False  # SHFTRT: CLC
                continue
            for bit in range(8):
                if byte >> bit & 1:
                    register += mantissa << 8
                register >>= 1
            carry = True  # the marker bit shifted out of A
        self.wide = register
        self._normalise()

    def compare(self, exponent: int, mantissa: int) -> int:
        """FCOMP (L5602-5637) of a positive constant with a positive FAC: 1 when the constant is
        less, 0 when equal, -1 when greater. Byte by byte from the exponent; at the last byte
        FAC counts one more when its rounding byte's top bit is set (`LDAI 177 / CMP FACOV / SBC
        FACLO`), and only a difference that is 0 as a byte is equal."""
        if exponent != self.exponent:
            return -1 if exponent > self.exponent else 1
        fac = self.wide >> 8
        for shift in (16, 8):
            mine, theirs = (fac >> shift) & 0xFF, (mantissa >> shift) & 0xFF
            if mine != theirs:
                return -1 if theirs > mine else 1
        difference = (mantissa & 0xFF) - (fac & 0xFF) - (1 if self.wide & 0x80 else 0)
        if difference & 0xFF == 0:
            return 0
        return -1 if difference >= 0 else 1

    def add_half(self) -> None:
        """FADDH (L4900-4901): FAC + 0.5 (FHALF), through FADDT."""
        self.arg_exponent, self.arg_mantissa = HALF
        self.add()

    def integer(self) -> int:
        """QINT (L5644-5672) of a positive FAC below 2^24: the mantissa shifted right until the
        point is past it, the bits below dropped."""
        if self.exponent == 0:
            return 0
        return (self.wide >> 8) >> (0x98 - self.exponent)

    # -- out -------------------------------------------------------------------------------------

    def stored(self) -> float:
        """MOVMF (L5506-5528): the value as INPUT stores it, FAC rounded first."""
        self.round()
        if self.exponent == 0:
            return 0.0
        return math.ldexp(self.wide >> 8, self.exponent - _BIAS)

    def load(self, value: float) -> None:
        """MOVFM (L5477-5497): a stored (positive) single into FAC, its rounding byte 0."""
        if value == 0:
            self._zero()
            return
        fraction, exponent = math.frexp(value)
        self.exponent = exponent + 128
        self.wide = int(fraction * (1 << 24)) << 8


MILLION = (0x94, 0xF42400)
"""NZMIL, 10^6 (L5820-5823)."""
JUST_BELOW_A_MILLION = (0x94, 0xF423F7)
"""NZ9999, 999999.499 (L5816-5819): above it FOUT divides by ten."""
JUST_BELOW_100000 = (0x91, 0xC34FF8)
"""NZ0999, 99999.9499 (L5812-5815): at or below it FOUT multiplies by ten."""
HALF = (0x80, 0x800000)
"""FHALF, 0.5 (L6009-6012)."""


def printed_figures(value: float) -> tuple[int, int]:
    """FOUT (L5852-5910) of a stored nonzero value: its six figures as an integer, and the power
    of ten of the first one.

    A value below 1 is first multiplied by 10^6 (FMULT). Then FAC is divided by ten while it is
    more than 999999.499 (FCOMP) and multiplied by ten while it is not more than 99999.9499,
    each step rounding as FIN's do, the count kept in DECCNT (a byte: when it comes back to 0,
    the loop goes on at the other test, as the ROM's branches fall through). 0.5 is added
    (FADDH), unless FAC was equal to 999999.499, and QINT keeps the integer."""
    magnitude = abs(float(value))  # PRINT's items may be ints
    if magnitude.is_integer() and 1 <= magnitude < 1_000_000:
        # a whole number of at most six figures is exact at every step: it is not above 999999.499,
        # each MUL10 gives a whole number below 2^24 (no bit to round), and FADDH's half is cut off
        # again by QINT. The boards' figures are such numbers, and this spares them the loop.
        whole = int(magnitude)
        power = len(str(whole)) - 1
        return whole * 10 ** (5 - power), power
    return figures_step_by_step(magnitude)


def figures_step_by_step(magnitude: float) -> tuple[int, int]:
    """printed_figures of a positive stored value, every step taken."""
    accumulator = Accumulator()
    accumulator.load(magnitude)
    count = 0
    if accumulator.exponent <= 0x80:
        accumulator.multiply(*MILLION)
        count = -6 & 0xFF
    upper = True
    half = True
    while True:
        if upper:  # FOUT4
            above = accumulator.compare(*JUST_BELOW_A_MILLION)
            if above == 0:  # BEQ BIGGES: no half added
                half = False
                break
            if above > 0:  # FOUT9
                accumulator.divide_by_ten()
                count = (count + 1) & 0xFF
                if count == 0:
                    break
                continue
            upper = False
        if accumulator.compare(*JUST_BELOW_100000) > 0:  # FOUT3: `BPL FOUT5`
            break
        accumulator.times_ten()  # FOUT38
        count = (count - 1) & 0xFF
        if count == 0:  # falls into FOUT9
            accumulator.divide_by_ten()
            count = 1
            upper = True
    if half:
        accumulator.add_half()
    power = count - 0x100 if count >= 0x80 else count
    return accumulator.integer(), power + 5


def sum_for_subscript(a: float, b: float) -> float:
    """a + b as a subscript sees it (two positive stored singles): FADDT, then QINT takes the
    mantissa as it is, its rounding byte ignored (QINT, L5644-5672). This is LIFE2's X+1."""
    accumulator = Accumulator()
    accumulator.load(a)
    accumulator.arg_exponent = accumulator.exponent
    accumulator.arg_mantissa = accumulator.wide >> 8
    accumulator.load(b)
    accumulator.add()
    if accumulator.exponent == 0:
        return 0.0
    return math.ldexp(accumulator.wide >> 8, accumulator.exponent - _BIAS)
