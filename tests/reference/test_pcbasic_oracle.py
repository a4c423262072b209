"""What the oracle gives PC-BASIC and takes from it: every typed byte as itself, one artefact
removed and no other, and PC-BASIC's own failures reported instead of raised."""

from __future__ import annotations

import re

from life2_retro.reference.pcbasic_oracle import keystrokes, run_program, without_artefact

ACTED_ON = {0, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 18, 27, 28, 29, 30, 31, 127}
"""The keys GW-BASIC's editor acts on instead of putting them on the screen (NUL: it drops it)."""
CODES = b"10 LINE INPUT A$: FOR I=1 TO LEN(A$): PRINT ASC(MID$(A$,I,1));: NEXT: PRINT\n20 GOTO 10\n"


def test_every_byte_reaches_pcbasic_as_itself(oracle):
    """A typed byte is the code page 437 character with that code: LINE INPUT hands back the same codes."""
    typed = bytes(b for b in range(256) if b not in ACTED_ON)
    lines = [typed[:120], typed[120:]]
    run = run_program(CODES, lines)
    codes = [int(number) for number in re.findall(rb"\d+", run.output.split(b"\r\n", 1)[1])]
    assert run.failed is None and bytes(codes) == typed


def test_nul_is_the_keyboards_nul_key_and_enter_ends_each_line():
    assert keystrokes([b"A\x00B", b""]) == "A\x00\x03B\r\r"
    assert keystrokes([b"\xff\x82"]) == "\u00a0\u00e9\r"  # code page 437: NBSP and e acute


def test_only_the_0xff_after_a_stopping_error_is_taken_out(oracle):
    """PC-BASIC writes 0xFF after the message of an error outside INPUT. A typed 0xFF (code page
    437's non-breaking space) is echoed as 0xFF, and stays."""
    run = run_program(b"10 INPUT A$\n20 GOTO 99\n", [b"A\xffB"])
    assert run.output == b"? A\xffB\r\nUndefined line number in 20\r\n"
    assert without_artefact(b"? A\xff\r\n") == b"? A\xff\r\n"
    assert (
        without_artefact(b"X\r\nSubscript out of range in 715\xff\r\n")
        == b"X\r\nSubscript out of range in 715\r\n"
    )


def test_a_break_at_input_has_no_artefact_to_remove(oracle):
    run = run_program(b"10 INPUT A$\n", [b"AB\x03CD"])
    assert run.output == b"? \x0e\r\nBreak in 10\r\n" and run.failed is None


def test_pcbasics_own_failure_is_reported_not_raised(oracle):
    """PC-BASIC 2.0.8 packs &H-10001 to &H-18000 into a 16-bit word with struct and fails."""
    program = b"10 INPUT X,Y\n20 PRINT X;Y\n"
    for field in (b"&H-10001", b"&H-14000", b"&H-18000"):
        run = run_program(program, [field + b",2"])
        assert run.failed is not None and run.failed.startswith("struct.error"), field
        assert run.output == b"? " + field + b",2\r\n"
    assert run_program(program, [b"&H-10000,2"]).failed is None
