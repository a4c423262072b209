"""PRINT in the gwbasic dialect against PC-BASIC, statement by statement; ms1978 facts in test_ms1978."""

from __future__ import annotations

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.numbers import format_number
from life2_retro.basic.printer import COMMA, CR, Tab, make_printer
from life2_retro.reference.pcbasic_oracle import run_program

# (BASIC PRINT statement, the same items for life2's printer, how it ends)
CASES = [
    ('PRINT TAB(30);"TITLE"', [Tab(30), "TITLE"], "\n"),
    ('PRINT "SIDE";2;" - 4 MOVES."', ["SIDE", 2, " - 4 MOVES."], "\n"),
    ('PRINT "OOOO";CHR$(13);"####";CHR$(13);"++++";', ["OOOO", CR, "####", CR, "++++"], ";"),
    ('PRINT "ABCDEF";TAB(3);"X"', ["ABCDEF", Tab(3), "X"], "\n"),
    ('PRINT TAB(75);"ABCDEFGHIJ"', [Tab(75), "ABCDEFGHIJ"], "\n"),
    ("PRINT TAB(78);12345", [Tab(78), 12345], "\n"),
    ("PRINT TAB(70);123;456;789", [Tab(70), 123, 456, 789], "\n"),
    (
        'PRINT "A","B","C","D","E","F","G"',
        ["A", COMMA, "B", COMMA, "C", COMMA, "D", COMMA, "E", COMMA, "F", COMMA, "G"],
        "\n",
    ),
    (
        "PRINT 3;-1;0;.5;-.5;1234567;.0001;.25;100000;1000000;-2.5",
        [3, -1, 0, 0.5, -0.5, 1234567, 0.0001, 0.25, 100000, 1000000, -2.5],
        "\n",
    ),
    ("PRINT 1E+10;1E-10;.000015;123456.7;9999999", [1e10, 1e-10, 0.000015, 123456.703125, 9999999], "\n"),
    (
        'PRINT "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345"',
        ["1234567890123456789012345678901234567890123456789012345678901234567890123456789012345"],
        "\n",
    ),
    (
        'PRINT "1234567890";"1234567890";"1234567890";"1234567890";"1234567890";"1234567890";"1234567890";"1234567890";"1234567890"',
        ["1234567890"] * 9,
        "\n",
    ),
    (
        'PRINT "' + "W" * 85 + '";"ABCDEFGH";TAB(10);"X";TAB(3);"Y"',
        ["W" * 85, "ABCDEFGH", Tab(10), "X", Tab(3), "Y"],
        "\n",
    ),
    ('PRINT "' + "V" * 80 + '";"Z";"12"', ["V" * 80, "Z", "12"], "\n"),
    ('PRINT "' + "U" * 80 + '";"12"', ["U" * 80, "12"], "\n"),
    ('PRINT "' + "T" * 150 + '","A";', ["T" * 150, COMMA, "A"], ";"),
    ('PRINT "' + "S" * 80 + '"', ["S" * 80], "\n"),  # ends overflowed on column 80: two new lines
    ('PRINT "' + "R" * 79 + '";"Q"', ["R" * 79, "Q"], "\n"),
    ("PRINT 0;", [0], ";"),
    ("PRINT", [], "\n"),
]


def test_print_statements_match_pcbasic(oracle):
    program = b"".join(f"{10 * (i + 1)} {statement}\n".encode() for i, (statement, _, _) in enumerate(CASES))
    printer = make_printer(Dialect.GWBASIC)
    for _, items, end in CASES:
        printer.print_items(items, end)
    assert bytes(printer.out) == run_program(program, []).output


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, b" 3"),
        (-1, b"-1"),
        (1e10, b" 1E+10"),
        (0.0001, b" .0001"),
        (1e-10, b" 1E-10"),
        (10000000, b" 1E+07"),
    ],
)
def test_gwbasic_number_format(value, text):
    assert format_number(value, Dialect.GWBASIC) == text


def test_print_rejects_an_unknown_ending():
    with pytest.raises(ValueError):
        make_printer(Dialect.GWBASIC).print_items(["X"], end="?")
