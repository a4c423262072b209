"""FIN, the 1978 BASIC's number reader, step by step as the 6502 ROM rounds (ms1978.md N1-N6).

The values the issue measured on the ROM itself (the OSI 8K BASIC of 1977 in an emulator) are
the first oracle; the others are worked out by hand from m6502.asm's routines, each case saying
how. Every one of them differs from rounding the exact decimal value once, as life2 did before.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.errors import BasicError
from life2_retro.basic.msfloat import Accumulator, figures_step_by_step, printed_figures, sum_for_subscript
from life2_retro.basic.msinput import MsCursor, scan_ms1978_number
from life2_retro.basic.numbers import add_single, format_number, round_to_single


def fin(typed: bytes) -> float:
    """FIN on `typed`, as INPUT calls it (the cursor starts on the comma kept before the buffer)."""
    cursor = MsCursor(typed)
    cursor.get()
    return scan_ms1978_number(cursor)


def nearest(text: str) -> float:
    """The single nearest the exact decimal value: what life2 stored before."""
    return round_to_single(Fraction(text), half_even=False)


@pytest.mark.parametrize(
    ("typed", "rom"),
    [
        (b".99", 0.98999995),  # 31 of 300 two-digit numbers differ; this is the issue's example
        (b"5.0000002", 5.00000095),  # ILLEGAL COORDS in the game, where life2 took 5.0
        (b"0.99999997", 1.0),  # a * at 1,1, where life2 took 0.99999994 (subscript 0)
        (b"1.00000005", 1.0000002),  # not SAME COORD as 1,5, where life2 took 1.0
        (b"363019300.", 363019328.0),  # many units in the last place: life2 took 363019296
        (b"2.93873588E-39", 0.0),  # exactly 2^-128 typed: the last DIV10 underflows
    ],
)
def test_the_values_the_issue_measured_on_the_rom(typed, rom):
    value = fin(typed)
    assert value == round_to_single(rom, half_even=False) if rom else value == 0.0
    assert value != nearest(typed.decode())


@pytest.mark.parametrize(
    "typed",
    [
        b"1.7014117E38",  # a rounding step passes the largest single
        b".00000000000000000000000000001E-100",  # -100 - 29 decimals is the signed byte +127
        b"1E100",  # GETEXP: a third exponent digit of a positive exponent (rule I10)
        b"0E100",
    ],
)
def test_overflow(typed):
    with pytest.raises(BasicError) as raised:
        fin(typed)
    assert raised.value.code == "overflow"


def test_point_99_worked_by_hand():
    """.99 is 99 divided by ten twice, each quotient cut after 26 bits and rounded on the 25th.

    FIN builds 99 exactly: exponent 0x87, mantissa 0xC60000. DIV10 divides the mantissa by
    10.0's (0xA00000): 0xC60000 * 2^25 // 0xA00000 = 0x2799999, 26 bits, the top one set, so
    FAC is 9.9 with mantissa 0x9E6666 and rounding byte 0x40 (top bit clear: MOVAF keeps
    0x9E6666). The second DIV10: 0x9E6666 * 2^25 // 0xA00000 = 0x1FAE146, top bit clear, so
    it shifts left once: mantissa 0xFD70A3, rounding byte 0x00, exponent 0x80. Stored:
    0xFD70A3 / 2^24 = 0.98999995. The nearest single to .99 is 0xFD70A4."""
    accumulator = Accumulator()
    for digit in (9, 9):
        accumulator.times_ten()
        accumulator.add_digit(digit)
    assert (accumulator.exponent, accumulator.wide) == (0x87, 0xC6000000)
    accumulator.divide_by_ten()
    assert (accumulator.exponent, accumulator.wide) == (0x84, 0x9E666640)
    accumulator.divide_by_ten()
    assert (accumulator.exponent, accumulator.wide) == (0x80, 0xFD70A300)
    assert accumulator.stored() == 0xFD70A3 / 2**24 == fin(b".99")
    assert nearest(".99") == 0xFD70A4 / 2**24


def test_the_power_of_ten_is_a_signed_byte():
    """FINE1 subtracts the count of decimals (DECCNT, a byte) from the exponent, as bytes, and
    the loops read the difference as a signed byte. 255 decimals: 0 - 255 is +1, so .0...01
    with 254 zeros is 1 multiplied by ten once. 256 decimals: 0, so the 1 stays 1."""
    assert fin(b"." + b"0" * 254 + b"1") == 10.0
    assert fin(b"." + b"0" * 255 + b"1") == 1.0
    # 29 decimals and E-100: 0 - 100 is 0x9C, less 29 is 0x7F: multiplied 127 times (?OV);
    # with E-99 it is 0x80, divided 128 times (0)
    with pytest.raises(BasicError):
        fin(b"." + b"0" * 28 + b"1E-100")
    assert fin(b"." + b"0" * 28 + b"1E-99") == 0.0


def test_getexp_stops_a_negative_exponent_at_100():
    """GETEXP (FINEDG, L5789-5807): a third exponent digit makes a negative exponent 100, however
    many digits follow; 1E-100 is divided by ten 100 times and underflows to 0."""
    assert fin(b"1E-999") == fin(b"1E-100") == fin(b"1E-99999999") == 0.0
    assert fin(b"2.9E-39") == 0.0  # the last DIV10 leaves less than 2^-128: 0
    assert fin(b"2.938736E-39") == fin(b"2.938736E-039") >= 2.0**-128  # just above: kept


def test_integers_below_two_to_the_24_are_exact():
    """MUL10 and FINLOG lose nothing while every value fits 24 bits: x*4 + x has no bits to drop
    (x shifted two places right keeps them in the rounding byte), and adding a digit neither."""
    for number in [*range(0, 100_000, 37), 16_777_215, 9_999_999]:
        assert fin(str(number).encode()) == number


def test_adding_with_equal_exponents_carries_into_the_rounding_byte():
    """FADD2 adds OLDOV (FAC's old rounding byte) with the carry of `SEC / SBC FACEXP` still set
    when nothing was shifted: the rounding byte gains 1. Two mantissas with their top bits set
    always carry out, so the sum is shifted right once and only an odd rounding byte shows it:
    0x80000003 + 0xC0000000 + 1 = 0x140000004, shifted: 0xA0000002 (without the 1, 0xA0000001).
    FIN never has one (a floated digit's byte is 0); the model keeps it all the same."""
    accumulator = Accumulator()
    accumulator.exponent, accumulator.wide = 0x81, 0x80000003
    accumulator.arg_exponent, accumulator.arg_mantissa = 0x81, 0xC00000
    accumulator.add()
    assert (accumulator.exponent, accumulator.wide) == (0x82, 0xA0000002)


def test_x_plus_1_is_the_sum_qint_takes():
    """Line 741's N(X(B)+1,Y(B)+1): FADDT's sum goes to QINT unrounded. 0.99999994 + 1 shifts X's
    last bit into the rounding byte: the mantissa is 0xFFFFFF, 1.9999999, so the subscript is 1
    where the rounded sum (2.0) would give 2."""
    x = 0xFFFFFF / 2**24
    assert sum_for_subscript(x, 1.0) == 0xFFFFFF / 2**23
    assert int(add_single(x, 1.0, Dialect.MS1978)) == 1
    assert int(round_to_single(Fraction(x) + 1, half_even=False)) == 2
    assert add_single(3.0, 1.0, Dialect.MS1978) == 4.0


# -- FOUT: the number printer, audited against the same rule (rule P3) ---------------------------


@pytest.mark.parametrize(
    ("value", "rom"),
    [
        (500775488.0, b" 5.00776E+08"),
        (8044.794921875, b" 8044.8"),
        (8.97121613108176e-12, b" 8.97121E-12"),
        (-0.00812277477234602, b"-8.12278E-03"),
        (59632148480.0, b" 5.96322E+10"),
    ],
)
def test_fout_prints_the_roms_figures(value, rom):
    """What the ROM's FOUT printed for these singles (in an emulator); rounding the exact value
    to six figures, as life2 did, gives another last figure for each."""
    assert format_number(value, Dialect.MS1978) == rom
    assert f"{abs(value):.5e}".split("e")[0].replace(".", "").rstrip("0") not in rom.decode()


def test_fout_8044_79_worked_by_hand():
    """8044.794921875 (a single) is not above 99999.9499, so FOUT multiplies it by ten: 80447.94921875,
    exactly half way between two singles, which the next MOVAF rounds up to 80447.953125; times
    ten again: 804479.53125, above 99999.9499, so FADDH adds 0.5 and QINT keeps 804480. Two
    multiplications make the power of its first figure 5 - 2 = 3: 8044.8. Rounded once from the
    exact value it would be 8044.79."""
    assert printed_figures(8044.794921875) == (804480, 3)
    assert format_number(8044.794921875, Dialect.MS1978) == b" 8044.8"


def test_whole_numbers_take_fouts_steps_without_a_change():
    """The quick way for a whole number of at most six figures gives what every step gives."""
    for number in [*range(1, 1000), *range(1000, 1_000_000, 997), 99_999, 100_000, 999_999]:
        assert printed_figures(number) == figures_step_by_step(number) == printed_figures(-number)
