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
    368 for 2 and 3, 328 for 4 to 7, 40 fewer for each doubling. A number so small that the count of
    places (`SBCI 230`, a byte) wraps past 128 is shifted bit by bit: 1E-38 takes some 6,000."""
    if value == 0:
        return 23
    shift = 0x98 - unpack(value)[1]
    if (
        shift > 128
    ):  # `SBCI 230` wraps: a positive byte, so QINT1 shifts it bit by bit (a number below 2^-104)
        return 59 + 40 * shift - 1
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


@cache
def fin_digit(value: float, times_ten: float, digit: int) -> int:
    """FIN's digit loop for one digit: MUL10 of the value so far, FLOAT of the digit, FADD, and
    CHRGET on to the next character; `times_ten` is the value so far times ten as the ROM holds it
    (rounded to its 24 bits, where a long number's exact value would not be)."""
    return 59 + _mul10(value) + 34 + _copy_rounded(times_ten) + _float_digit(digit) + fadd(times_ten, digit)


@cache
def fin_digits(digits: str) -> int:
    """FIN's digit loop (FINDIG/FINLOG, L5765-5790) over a typed number's digits: for each, MUL10 of
    the value so far, FLOAT of the digit, FADD, and CHRGET on to the next character. (Remembered: a
    game's answers are the same few digits again and again.)"""
    cycles = 0
    value = 0
    for char in digits:
        digit = ord(char) - 0x30
        sofar = value * 10
        cycles += 59 + _mul10(value) + 34 + _copy_rounded(sofar) + _float_digit(digit) + fadd(sofar, digit)
        value = sofar + digit
    return cycles


_NZ0999 = 0xC34FF8 / (1 << 24) * 2.0**17
"""99999.9499 as the OSI ROM holds it (bytes 91 43 4F F8 at $B947): FOUT makes a number bigger until
it is above this."""
_NZ9999 = 0xF423F7 / (1 << 24) * 2.0**20
"""999999.499 (94 74 23 F7 at $B94B): a number above it is made smaller (DIV10), which LIFE2's never
are."""
_FOUTBL = (-100000, 10000, -1000, 100, -10, 1)
"""The powers of ten FOUT takes the digits off with, alternately subtracted and added (L6017)."""

_FOUT_START = 28
"""FOUT to JEQ FOUT19 (L5852-5863): the sign's character stored, FBUFPT, the "0" ready, FACEXP read."""
_FOUT_ZERO = 2 + 3 + 5 + 2 + 5 + 4 + 6
"""JEQ (a BNE not taken, then JMP) to FOUT19: the "0" stored, the terminator, FOUT20's pointer, RTS."""
_FOUT_SCALE = 3 + 2 + 2 + 2 + 3 + 3
"""For a number of 1 or more: the branch on to the rest, LDAI 0, CPXI 200, BEQ not taken, BCS FOUT7
taken, STA DECCNT (L5863-5871)."""
_FOUT_COMPARE = 4 + 6 + 2
"""LDWDI of a constant, JSR FCOMP, BEQ not taken: before each FCOMP's own count (L5872-5879)."""
_FOUT_TIMES_TEN = 2 + 6 + 5 + 3
"""FOUT3's BPL not taken, JSR MUL10, DEC DECCNT, BNE FOUT3 (L5880-5884)."""
_FOUT_ROUND = 3 + 6 + 4 + 3 + 6 + 69 + 6
"""BPL FOUT5 taken, JSR FADDH, LDWDI FHALF, JMP FADD, JSR CONUPK and CONUPK itself (L5317-5340),
JSR QINT: around FADDT's and QINT's own counts (L5891-5892)."""
_FOUT_PLACES = 38 + 4
"""From the decimal places (LDXI 1) to FOUTIM, for a number printed without an exponent (L5893-5922)."""
_FOUT_DIGIT = 30 + 3 + 16 + 4
"""Each digit stored: FOUTYP to STA, DEC DECCNT and BNE STXBUF, STXBUF to CPYI, and BNE FOUT2 back
(L5947-5970): a branch across a page, see _digit_loop."""
_FOUT_POINT = 8
"""The digit the decimal point follows: BNE STXBUF not taken, and "." stored (L5956-5959)."""
_FOUT_END = 3 + 15 + 2 + 3 + 3 + 2 + 5 + 4 + 6
"""FOULDY, the trailing zeros' loop ending at ".", LDAI "+", LDX TENEXP, BEQ FOUT17, the terminator,
FOUT20, RTS (L5971-6011); each zero removed is 11 cycles more."""


def _digit_loop(power: int, remainder: int) -> tuple[int, int]:
    """FOUT2 (L5923-5946) for one power of ten: the power added until the sign turns, then FOUT40.

    In the OSI ROM the loop begins at $B9FB and its branches back sit on page $BA, so each branch
    back across the page boundary takes 4 cycles, not 3 (the layout of mist64/msbasic's OSI build,
    orig/osi.bin). A pass that goes round again costs 34 and its branches: 41 where the power is
    subtracted (BCS taken, BMI back), 40 where it is added (BCS not taken, BPL back); the last pass 41
    (BMI FOUT40) or 39 (BCS taken, BMI not). FOUT40 then takes 5 or 8 cycles to the digit."""
    passes = 0
    if power < 0:
        while remainder >= 0:
            remainder += power
            passes += 1
        return 41 * passes + 5, remainder
    while remainder < 0:
        remainder += power
        passes += 1
    return 40 * (passes - 1) + 39 + 8, remainder


@cache
def fout(value: float) -> int:
    """FOUT (L5852-6012): a number PRINT shows, made a string. Zero is stored at once; a whole number
    from 1 to 999999 is made bigger (MUL10) until it is above 99999.9499, rounded (FADDH) and made an
    integer (QINT), and its six digits are taken off by the powers of ten; then the trailing zeros
    and the decimal point are dropped. LIFE2 prints 0 to 6 (the board's border, the players)."""
    if value == 0:
        return _FOUT_START + _FOUT_ZERO
    if value != int(value) or not 1 <= value < 1_000_000:
        raise ValueError(f"FOUT is counted for zero and the whole numbers 1 to 999999, not {value}")
    cycles = _FOUT_START + _FOUT_SCALE + _FOUT_COMPARE + fcomp(_NZ9999, value) + 2
    scaled = value
    while not scaled > _NZ0999:
        cycles += _FOUT_COMPARE + fcomp(_NZ0999, scaled) + _FOUT_TIMES_TEN + _mul10(scaled)
        scaled *= 10
    cycles += _FOUT_COMPARE + fcomp(_NZ0999, scaled) + _FOUT_ROUND + fadd(0.5, scaled) + qint(scaled + 0.5)
    cycles += _FOUT_PLACES + 6 * _FOUT_DIGIT - 2 + _FOUT_POINT
    remainder = int(scaled + 0.5)
    for power in _FOUTBL:
        loop, remainder = _digit_loop(power, remainder)
        cycles += loop
    digits = str(int(scaled + 0.5))
    return cycles + _FOUT_END + 11 * (len(digits) - len(digits.rstrip("0")))


OUTDO_PRINTING = 52
"""OUTDO (L2818-2833, OSI build) for a printing character, from its entry to RTS: the column kept
(TRMPOS), the call of the monitor's output routine (JSR counted, the monitor's own routine not, as
the measured figures do not count it), the OSI build's four NOPs."""
OUTDO_CONTROL = 39
"""OUTDO for a control character (CR, LF): no column kept."""
OUTDO_HELD = 3 + 3 + 2 + 6
"""OUTDO while Ctrl-O holds the output back (L2818-2820, L2848-2849): BIT CNTWFL, BMI OUTRTS taken,
ANDI 255, RTS."""


def strout(text: bytes) -> int:
    """STROUT (L2785-2803, with STRLIT's scan of the text, msbasic string.s) printing `text`, from
    JSR STROUT to its return: 20 cycles a character to find the text's end, then STRPRT's loop, 22
    and OUTDO each character; a CR is followed by CRFIN's nulls (none set: 25). STRLIT's and
    FREFAC's fixed parts (some 190 cycles) are counted to within a few cycles: the descriptor's
    making depends on where the text is."""
    cycles = 6 + 190
    for char in text:
        cycles += 20 + 22 + (OUTDO_PRINTING if char >= 0x20 else OUTDO_CONTROL)
        if char == 0x0D:
            cycles += 2 + 6 + 25 + 3 - 3  # BNE not taken, JSR CRFIN, its nulls, JMP back
    return cycles


CRDO = 2 + 3 + 2 * (2 + 6) + 2 * OUTDO_CONTROL + 25 - 2
"""CRDO (L2711-2745): CR and LF through OUTDO, and the nulls after (none set)."""


def error_message(code: bytes, line: int) -> int:
    """ERROR (L1517-1547) for a two-letter error in program line `line`, up to READY: CRDO, `?`
    and the two letters through OUTDO, STKINI, " ERROR", and INPRT's " IN " and the line number
    (LINPRT: FLOATC of the 16-bit number, FOUT, STROUT of its digits)."""
    cycles = 6 + CRDO + 6 + 2 + OUTDO_PRINTING  # JSR CRDO, JSR OUTQST
    cycles += len(code) * (4 + 6 + OUTDO_PRINTING)  # LDA ERRTAB,X; JSR OUTDO
    cycles += 6 + 35  # JSR STKINI and STKINI itself (the stack and the temporaries reset)
    cycles += 4 + strout(b" ERROR") + 3 + 2 + 2  # LDWDI ERR, ERRFIN, LDY CURLIN+1, INY, BEQ
    cycles += 6 + 4 + 3 + strout(b" IN ") + 3 + 3  # JSR INPRT, LDWDI INTXT, JSR STROU2, LDA, LDX
    cycles += 6 + 2 + 2 + 6 + _float16(line) + 6 + fout(line) + 3 + strout(f" {line}".encode())
    return cycles


def _float16(value: int) -> int:
    """FLOATC (L5575) of a 16-bit whole number, as LINPRT sets it (exponent 16): FADFLT's NORMAL,
    33 cycles a zero byte and 25 a bit."""
    cycles = 30
    bits = 16 - value.bit_length()
    if bits >= 8:
        cycles += 33
        bits -= 8
    return cycles + 25 * bits


READY = 5 + 4 + 6 + 16
"""READY (L1548-1556) around its STROUT of "OK": LSR CNTWFL, LDWDI REDDY, JSR, and MAIN's JSR INLIN
up to the wait for a key."""
OK = strout(b"\r\nOK\r\n")


_TEN_MANTISSA = 0xA00000
"""10.0's mantissa (TENZC, L5381-5385): DIV10's divisor."""


@cache
def div10(mantissa: int) -> int:
    """DIV10 (L5386-5391) of a number whose mantissa is `mantissa` (24 bits, top bit set): the
    value-dependent part of FDIVT's DIVIDE loop (L5405-5452), one pass a quotient bit (24, and two
    more from LD100), each pass comparing ARG with FAC from the top byte down to the first that
    differs and subtracting (DIVSUB) where ARG is the greater; then NORMAL's one shift when the
    quotient is below 1 (ARG's mantissa below 10's)."""
    arg, quotient, index = mantissa, 1, 253
    cycles = 0
    compare = True
    carry = 0
    while True:
        if compare:  # DIVIDE: LDY ARGHO, CPY FACHO, BNE ... down to the lowest byte
            cycles += 6
            if arg >> 16 != _TEN_MANTISSA >> 16:
                cycles += 3
                carry = int(arg >> 16 > _TEN_MANTISSA >> 16)
            elif (arg >> 8) & 0xFF != (_TEN_MANTISSA >> 8) & 0xFF:
                cycles += 2 + 6 + 3
                carry = int((arg >> 8) & 0xFF > (_TEN_MANTISSA >> 8) & 0xFF)
            else:
                cycles += 2 + 6 + 2 + 6
                carry = int(arg & 0xFF >= _TEN_MANTISSA & 0xFF)
        # SAVQUO: PHP, ROL A, BCC QSHFT
        cycles += 5
        saved = carry
        out, quotient = quotient >> 7, ((quotient << 1) | carry) & 0xFF
        if not out:
            cycles += 3
        else:  # a byte of the quotient done: INX, STA RESLO,X, BEQ LD100, BPL DIVNRM, LDAI 1
            index = (index + 1) & 0xFF
            cycles += 2 + 2 + 4
            if index == 0:
                cycles += 3 + 2 + 3  # LD100: LDAI 100 (two bits more), BNE QSHFT
                quotient = 100
            elif index < 0x80:
                cycles += 2 + 3 + 12 + 3 + 4 + 3  # DIVNRM: 6 ASL A, STA FACOV, PLP, JMP MOVFR
                return cycles + (25 if mantissa < _TEN_MANTISSA else 0)
            else:
                cycles += 2 + 2 + 2
                quotient = 1
        cycles += 4  # QSHFT: PLP
        if saved:  # BCS DIVSUB: ARG less FAC, TYA, JMP SHFARG
            cycles += 3 + 2 + 27 + 2 + 3
            arg -= _TEN_MANTISSA
        else:
            cycles += 2
        cycles += 15  # SHFARG: ASL ARGLO, ROL ARGMO, ROL ARGHO
        top, arg = arg >> 23, (arg << 1) & 0xFFFFFF
        if top:  # BCS SAVQUO: a one for this place
            cycles += 3
            carry, compare = 1, False
        elif arg >> 23:  # BMI DIVIDE
            cycles += 2 + 3
            compare = True
        else:  # BPL SAVQUO: a zero
            cycles += 2 + 2 + 3
            carry, compare = 0, False
