"""The ms1978 dialect, rule by rule, as basic_reference/ms1978.md documents each one with its source."""

from __future__ import annotations

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.errors import BasicError
from life2_retro.basic.msinput import MS_BUFFER_CHARS, MsCursor, scan_ms1978_number
from life2_retro.basic.numbers import format_number
from life2_retro.basic.printer import COMMA, CR, PrintItem, Tab
from life2_retro.events import Stop
from life2_retro.programs.life2.bugs import ANSWERS_THAT_STOP
from life2_retro.session import drive
from life2_retro.terminals.transcript import ScriptedTerminal

from ..support.helpers import FAITHFUL, FIXED, QUICK_GAME, boards, input_loop, play

MS = Dialect.MS1978


def after_prompt(output: bytes, n: int = 1) -> bytes:
    """What follows the n-th `? ` prompt."""
    parts = output.split(b"? ")
    return b"? ".join(parts[n:])


# -- PRINT -------------------------------------------------------------------------------------


def test_chr13_is_a_bare_cr_so_the_mask_overprints_one_line():  # rule P1
    run = play(QUICK_GAME, MS)
    assert b"X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? 1,1\r\n" in run.output
    assert b"\r\n\x00" not in run.output and b"\r\x00" not in run.output  # no NUL fill after CR


def test_end_of_print_line_is_cr_lf():  # rule P2
    output = play(QUICK_GAME, MS).output
    assert output.startswith(b" " * 33 + b"LIFE2\r\n" + b" " * 15 + b"CREATIVE")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, b" 3"),
        (-1, b"-1"),
        (0, b" 0"),
        (0.5, b" .5"),
        (-0.05, b"-.05"),
        (999999, b" 999999"),
        (1000000, b" 1E+06"),
        (0.01, b" .01"),
        (0.001, b" 1E-03"),
        (123456789, b" 1.23457E+08"),
        (2.5e-10, b" 2.5E-10"),
        (1 / 3, b" .333333"),
    ],
)
def test_number_format_six_digits(value, text):  # rule P3
    assert format_number(value, MS) == text


@pytest.mark.parametrize(("dialect", "spaces"), [(MS, (33, 15, 10)), (Dialect.GWBASIC, (32, 14, 9))])
def test_the_title_lines_tab_from_the_dialects_own_first_column(dialect, spaces):  # rule P5
    """Lines 2, 4 and 500 are the only TABs in the listing, each at the left margin.
    The 6502 BASIC counts its carriage from 0, GW-BASIC its screen from column 1."""
    lines = play(QUICK_GAME, dialect).output.split(b"\r\n")
    for count, text in zip(
        spaces, [b"LIFE2", b"CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY", b"U.B. LIFE GAME"], strict=True
    ):
        assert b" " * count + text in lines


# What follows the title the listing never reaches: TAB anywhere but at the left margin, with
# arguments other than 33, 15 and 10, prompts and items near the margin. Each case is derived from
# the source (ms1978.md P4-P7) and tested on the runtime's own printer.


def printed(*items: PrintItem, end: str = "\n") -> bytes:
    from life2_retro.basic.printer import make_printer

    printer = make_printer(MS)
    printer.print_items(items, end)
    return bytes(printer.out)


@pytest.mark.parametrize(
    ("items", "out"),
    [
        pytest.param([Tab(33), "LIFE2"], b" " * 33 + b"LIFE2", id="title: n spaces at column 0"),
        pytest.param([Tab(0), "X"], b"X", id="TAB(0) prints nothing"),
        pytest.param([Tab(1), "X"], b" X", id="TAB(1) at column 0 is one space"),
        pytest.param(["AB", Tab(5), "C"], b"AB   C", id="at column 2: n - 2 spaces"),
        pytest.param(["ABCDE", Tab(5), "C"], b"ABCDEC", id="at the column itself: nothing"),
        pytest.param(["ABCDEF", Tab(3), "X"], b"ABCDEFX", id="left of the carriage: nothing, no new line"),
        pytest.param(["ABCDEF", Tab(0), "X"], b"ABCDEFX", id="TAB(0) left of the carriage"),
        pytest.param([12, Tab(5), "X"], b" 12  X", id="after a number and its space"),
        pytest.param([Tab(5), "A", Tab(10), "B"], b"     A    B", id="two TABs in a statement"),
        pytest.param(["XXXXXX", CR, Tab(3), "Y"], b"XXXXXX\r   Y", id="after a bare CR the count is 0"),
        pytest.param([Tab(71), "Y"], b" " * 71 + b"Y", id="TAB(71): the last column"),
        pytest.param([Tab(72), "Y"], b" " * 72 + b"\r\nY", id="TAB(72): the item wraps"),
        pytest.param([Tab(80), "Y"], b" " * 72 + b"\r\n" + b" " * 8 + b"Y", id="TAB(80) wraps its spaces"),
        pytest.param(
            ["A" * 70, Tab(75), "Y"], b"A" * 70 + b"  \r\n   Y", id="from column 70 to 75 across the margin"
        ),
        pytest.param(
            [Tab(255), "Y"], (b" " * 72 + b"\r\n") * 3 + b" " * 39 + b"Y", id="TAB(255), the largest"
        ),
    ],
)
def test_tab_prints_n_minus_the_carriage_position_spaces(items, out):  # rule P5
    assert printed(*items) == out + b"\r\n"


@pytest.mark.parametrize("argument", [256, -1, 1000])
def test_tab_outside_a_byte_is_an_fc_error(argument):  # rule P5: GTBYTC
    from life2_retro.basic.machine import END, Machine

    machine = Machine(MS, object())

    def line10():
        machine.print_(Tab(argument), "X")
        return END

    terminal = ScriptedTerminal([])
    assert drive(machine.run({10: line10}, 10), terminal) is Stop.ERROR
    assert bytes(terminal.output) == b"\r\n?FC ERROR IN  10\r\nOK\r\n"


def test_the_72nd_character_ends_the_line_and_the_73rd_starts_the_next():  # rule P4
    assert printed("A" * 72) == b"A" * 72 + b"\r\n"
    assert printed("A" * 73) == b"A" * 72 + b"\r\nA\r\n"
    assert printed("A" * 72, end=";") == b"A" * 72  # the CR LF waits for a character to need it
    assert (
        printed("A" * 10 + "\n" + "B" * 62 + "C") == b"A" * 10 + b"\n" + b"B" * 62 + b"\r\nC\r\n"
    )  # LF: no reset


def test_width_72_wraps_the_echo_and_a_full_buffer_rings_the_bell():  # rules P4, E4, E5
    typed = "1," + "0" * 73  # 75 characters: 71 fit the buffer, the 4 others ring BEL
    output, _ = input_loop([typed])
    # "? " takes two columns, so the 71st character comes after a CR LF at column 72
    expected = b"1," + b"0" * 68 + b"\r\n" + b"0" + b"\x07" * 4 + b"\r\n" + b" 1  0 \r\n"
    assert after_prompt(output).startswith(expected)


def test_the_prompt_wraps_at_the_margin_like_any_output():  # rules P4, I1: OUTQST and OUTSPC use OUTDO
    from life2_retro.basic.printer import make_printer

    printer = make_printer(MS)
    printer.print_items(["A" * 71], end=";")
    printer.write_raw(b"? ")
    assert bytes(printer.out) == b"A" * 71 + b"?\r\n "
    assert printer.column == 1


def test_a_number_that_would_reach_column_72_starts_a_new_line():  # rule P6
    assert printed("A" * 68, 123) == b"A" * 68 + b"\r\n 123 \r\n"  # 68 + 4 = 72: moved
    assert printed("A" * 67, 123) == b"A" * 67 + b" 123 \r\n"  # 67 + 4 = 71: its space ends the line
    assert printed("A" * 70, "BCD") == b"A" * 70 + b"BC\r\nD\r\n"  # a string is split, not moved


def test_comma_zones_are_14_wide_and_column_56_starts_a_new_line():  # rule P7
    assert printed("A", COMMA, "B", COMMA, "C", COMMA, "D", COMMA, "E", COMMA, "F") == (
        b"A" + b" " * 13 + b"B" + b" " * 13 + b"C" + b" " * 13 + b"D" + b" " * 13 + b"E\r\nF\r\n"
    )
    assert printed(COMMA, "X") == b" " * 14 + b"X\r\n"  # from column 0, a whole zone
    assert printed("A" * 14, COMMA, "X") == b"A" * 14 + b" " * 14 + b"X\r\n"  # at a zone's start: the next
    assert printed("A" * 55, COMMA, "X") == b"A" * 55 + b" X\r\n"  # 55: one space to the last zone
    assert printed("A" * 56, COMMA, "X") == b"A" * 56 + b"\r\nX\r\n"  # 56: a new line


# -- INPUT ------------------------------------------------------------------------------------


def test_redo_from_start_in_capitals_then_the_prompt_again():  # rule I4
    output, _ = input_loop(["3X,2", "1,2"])
    assert after_prompt(output).startswith(b"3X,2\r\n?REDO FROM START\r\n? 1,2\r\n 1  2 \r\n")


def test_too_few_values_ask_again_with_two_question_marks():  # rule I5
    output, _ = input_loop(["3", "4"])
    assert after_prompt(output).startswith(b"3\r\n?? 4\r\n 3  4 \r\n")


def test_an_empty_line_at_the_double_prompt_makes_the_value_zero():  # rule I5
    output, _ = input_loop(["3", ""])
    assert after_prompt(output).startswith(b"3\r\n?? \r\n 3  0 \r\n")


def test_extra_values_are_ignored_with_a_message():  # rule I6
    output, _ = input_loop(["1,2,3"])
    assert after_prompt(output).startswith(b"1,2,3\r\n?EXTRA IGNORED\r\n 1  2 \r\n")


def test_an_empty_line_at_the_prompt_stops_the_program():  # rule I7
    output, stop = input_loop(["1,2", ""])
    assert stop is Stop.EMPTY_INPUT
    assert output.endswith(b" 1  2 \r\n? \r\n\r\nOK\r\n")


def test_an_empty_line_stops_the_game_too():  # rule I7
    run = play(["1,1", ""], MS)
    assert run.stop is Stop.EMPTY_INPUT and run.output.endswith(b"? \r\n\r\nOK\r\n")
    assert run.trace[-1] == 701


@pytest.mark.parametrize(
    ("typed", "values"),
    [
        ("3,", b" 3  0 "),
        (",5", b" 0  5 "),
        ("3 4,5", b" 34  5 "),
        ("+3,-4", b" 3 -4 "),
        ("1E1,2", b" 10  2 "),
        ("3E,2", b" 3  2 "),
        (".,2", b" 0  2 "),
        ("-,2", b" 0  2 "),
        ("E5,2", b" 0  2 "),
        ("- 3,2", b"-3  2 "),
        ("1.5E-1,2", b" .15  2 "),
        ("  ,  ", b" 0  0 "),
        ("1E-50,1", b" 0  1 "),
    ],
)
def test_number_forms(typed, values):  # rules I3, I8
    output, _ = input_loop([typed])
    assert after_prompt(output).startswith(typed.encode() + b"\r\n" + values + b"\r\n")


@pytest.mark.parametrize(
    "typed", ["3X,2", "1.2.3,4", "3,2X", '"3",2', "--3,2", "1e1,2", "&H3,2", "1-2,3", "3!,2"]
)
def test_anything_after_a_number_is_redo(typed):  # rule I8: FIN stops, the terminator is not , : or the end
    output, _ = input_loop([typed, "1,1"])
    assert after_prompt(output).startswith(typed.encode() + b"\r\n?REDO FROM START\r\n")


def test_a_colon_ends_the_line():  # rule I9
    output, _ = input_loop(["3:4", "5"])
    assert after_prompt(output).startswith(b"3:4\r\n?? 5\r\n 3  5 \r\n")


@pytest.mark.parametrize("typed", ["1" * 40 + ",1", "1E39,1", "1E100,1", "0E100,1", ".1" + "2" * 40 + ",1"])
def test_overflow_stops_the_program(typed):  # rule I10
    output, stop = input_loop([typed])
    assert stop is Stop.ERROR
    assert after_prompt(output) == typed.encode() + b"\r\n\r\n?OV ERROR IN  30\r\nOK\r\n"


def test_a_number_of_5000_figures_fills_the_buffer_and_overflows():  # rules E4, I10
    output, stop = input_loop(["1" * 5000 + ",1"])
    assert stop is Stop.ERROR and output.endswith(b"\r\n?OV ERROR IN  30\r\nOK\r\n")
    assert after_prompt(output).count(b"\x07") == 5000 + 2 - MS_BUFFER_CHARS  # one BEL a key past 71


def test_leading_zeros_count_for_nothing_however_many():  # rules E4, I3
    output, _ = input_loop(["0" * 60 + "3,000004"])
    assert after_prompt(output).endswith(b"\r\n 3  4 \r\n? ")
    # 5,000 zeros: the 71 that fit the buffer are the one value 0, and the second is asked for
    output, _ = input_loop(["0" * 5000 + "3,4", "5"])
    assert after_prompt(output).endswith(b"\r\n?? 5\r\n 0  5 \r\n? ")
    for typed, value in ((b"0" * 5000 + b"3", 3.0), (b"-" + b"0" * 5000 + b"25", -25.0)):
        cursor = MsCursor(typed)
        cursor.get()  # past the comma kept before the buffer
        assert scan_ms1978_number(cursor) == value  # FIN alone, past what INLIN keeps
    # FIN counts the decimals in a byte (rule N4): 5,001 of them count as 137, and 0 - 137 is the
    # signed byte +119, so the 1 is multiplied by ten 119 times: ?OV, as the ROM's own FIN gives
    cursor = MsCursor(b"." + b"0" * 5000 + b"1")
    cursor.get()
    with pytest.raises(BasicError):
        scan_ms1978_number(cursor)


def test_overflow_in_the_game_names_line_701():  # rule I10
    run = play(["1" * 60 + ",1"], MS)
    assert run.output.endswith(b"\r\n\r\n?OV ERROR IN  701\r\nOK\r\n")


def test_without_answers_that_stop_an_empty_line_or_an_overflow_asks_again():  # I7, I10 switched off
    run = play(["", "1" * 60 + ",1", "1E39,1", "1,1"], MS, FAITHFUL - {ANSWERS_THAT_STOP})
    assert run.stop is Stop.INPUT_ENDED
    asked = run.output.split(b"PLAYER 1  - 3 LIVE PIECES.")[1]
    redo = b"?REDO FROM START\r\n"
    expected = b"? \r\n" + redo + b"? " + b"1" * 60 + b",1\r\n" + redo + b"? 1E39,1\r\n" + redo + b"? 1,1\r\n"
    assert expected in asked.replace(b"XXXXXX\r$$$$$$\r&&&&&&\r", b"")
    assert b"OK" not in run.output and b"ERROR" not in run.output


def test_answers_that_stop_is_the_1978_basics_alone():  # GW-BASIC asks again by itself
    script = ["", "1" * 60 + ",1", "1,1", "1,2", "1,3", "5,5", "5,4", "4,5"]
    for dialect in Dialect:
        with_it, without_it = (
            play(script, dialect, bugs) for bugs in (FAITHFUL, FAITHFUL - {ANSWERS_THAT_STOP})
        )
        assert (with_it == without_it) is (dialect is Dialect.GWBASIC), dialect


# -- the line editor (INLIN) --------------------------------------------------------------------


def test_at_sign_kills_the_line():  # rule E1
    output, _ = input_loop(["9,9@1,2"])
    assert after_prompt(output).startswith(b"9,9@\r\n1,2\r\n 1  2 \r\n")


def test_underscore_takes_back_one_character():  # rule E2
    output, _ = input_loop(["1,3_2"])
    assert after_prompt(output).startswith(b"1,3_2\r\n 1  2 \r\n")


def test_one_underscore_too_many_starts_a_fresh_line():  # rule E2
    output, _ = input_loop(["_1,2"])
    assert after_prompt(output).startswith(b"__\r\n1,2\r\n 1  2 \r\n")


def test_control_characters_and_rubout_are_dropped_but_bel_is_kept():  # rule E3
    output, _ = input_loop([b"1\x00,\x1b[2\x7f}~", "1,1"])
    # the escape sequence leaves '[' behind: '[2' is not a number, so REDO
    assert after_prompt(output).startswith(b"1,[2\r\n?REDO FROM START\r\n")
    output, _ = input_loop([b"1,\x072", "1,1"])
    assert after_prompt(output).startswith(b"1,\x072\r\n?REDO FROM START\r\n")


def test_the_high_bit_is_stripped():  # rule E3
    output, _ = input_loop([bytes([0x31 | 0x80, ord(","), 0x32 | 0x80])])
    assert after_prompt(output).startswith(b"1,2\r\n 1  2 \r\n")


# -- subscripts, errors --------------------------------------------------------------------------


def test_fractional_subscripts_are_truncated():  # rule S1
    moves = ["2.7,1", "5,5", "5,4", "1,5", "2,5", "3,5"]
    ms = boards(play(moves, MS, FAITHFUL).output)[0]
    gw = boards(play(moves, Dialect.GWBASIC, FAITHFUL).output)[0]
    assert ms[0][1] == "*" and gw[0][2] == "*"


def test_the_missing_line_is_us_error_then_ok():  # rule X1
    run = play(QUICK_GAME, MS, FAITHFUL)
    assert run.output.endswith(b"PLAYER 2 IS THE WINNER\r\n\r\n?US ERROR IN  575\r\nOK\r\n")
    assert run.stop is Stop.ERROR


def test_end_prints_ok():  # rule X2
    run = play(QUICK_GAME, MS, FIXED)
    assert run.output.endswith(b"PLAYER 2 IS THE WINNER\r\n\r\nOK\r\n") and run.stop is Stop.END
