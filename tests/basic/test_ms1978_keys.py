"""The issue's reproducers through `life2 run`'s own path, each giving the 6502 ROM's bytes.

Each script is a `life2 run` input file for LIFE2 in the ms1978 dialect; what the ROM printed
(the OSI 8K BASIC of 1977 running the 1978 listing, measured in an emulator) is given from byte
185, the end of the mask before the first answer, to the end; the bytes before it are the
title and the first prompt, the same in every run. Rules: N1-N5 (numbers), E6 (Ctrl-O),
E7 (bit 7 and 0x8D), E8 (an unfinished last line); basic_reference/ms1978.md.
"""

from __future__ import annotations

import io

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2.program import Life2Program
from life2_retro.session import drive
from life2_retro.terminals.transcript import TranscriptTerminal

from ..support.helpers import FAITHFUL, life2

MASK_END = 185
"""Bytes before the first answer's echo: the title, X,Y, the mask and `? `... up to the last `&`."""


def life2_run(script: bytes) -> tuple[bytes, Stop]:
    """What `life2 run --input FILE` does with a file holding `script`: the transcript terminal
    reading the file, the driver, LIFE2 on the 1978 BASIC (commands/run.py)."""
    out = io.BytesIO()
    with TranscriptTerminal(io.BytesIO(script), out) as terminal:
        stop = drive(Life2Program(Dialect.MS1978, FAITHFUL).run(), terminal)
    return out.getvalue(), stop


def start() -> bytes:
    output, _ = life2_run(b"")
    return output[:MASK_END]


MASK = b"X,Y\r\nXXXXXX\r$$$$$$\r&&&&&&\r? "

ROM_TAILS = {
    # N1-N5: the ROM's FIN makes 5.0000002 into 5.00000095, past 5
    b"1,5.0000002\r": b"&\r? 1,5.0000002\r\nILLEGAL COORDS. RETYPE\r\n" + MASK,
    b"1,1.7014117E38\r": b"&\r? 1,1.7014117E38\r\n\r\n?OV ERROR IN  701\r\nOK\r\n",
    b"1,.00000000000000000000000000001E-100\r": (
        b"&\r? 1,.00000000000000000000000000001E-100\r\n\r\n?OV ERROR IN  701\r\nOK\r\n"
    ),
    b"1,2.93873588E-39\r": b"&\r? 1,2.93873588E-39\r\nILLEGAL COORDS. RETYPE\r\n" + MASK,
    # E6: Ctrl-O holds everything back until the next INPUT's prompt
    b"1,1\x0f\r": b"&\r? 1,1? ",
    # E6: two of them in one line hide what is between them (the 2 is still typed: 1,21)
    b"1,\x0f2\x0f1\r": b"&\r? 1,1\r\nILLEGAL COORDS. RETYPE\r\n" + MASK,
    # E7: 0x8D is a Return: two answers
    b"1,1\x8d1,5\r": b"&\r? 1,1\r\n" + MASK + b"1,5\r\n" + MASK,
    # E8: the last line's Return never comes: echoed, never taken
    b"1,1": b"&\r? 1,1",
    b"__": b"&\r? __\r\n__\r\n",
}


@pytest.mark.parametrize("script", list(ROM_TAILS))
def test_the_issues_reproducers_give_the_roms_bytes(script):
    output, _ = life2_run(script)
    assert output[:MASK_END] == start()
    assert output[MASK_END:] == ROM_TAILS[script]


def test_a_number_that_rounds_up_to_1_puts_a_piece_on_1_1():
    """0.99999997 is 1.0 in the ROM: the first piece stands at 1,1 (byte 427 of the ROM's 763)."""
    output, _ = life2_run(b"1,0.99999997\r2,2\r3,3\r4,4\r5,5\r4,2\r")
    assert len(output) == 763
    assert output[427:428] == b"*" and b"\r\n 1  *              1 \r\n" in output


def test_a_number_just_above_1_is_not_the_same_coordinate():
    """1.00000005 is 1.0000002 in the ROM: not SAME COORD as player 1's 1,5. The ROM printed 1,018
    bytes; at byte 814, after the answer's CR LF, the CR of the board's blank line, where life2
    printed the S of SAME COORD."""
    output, _ = life2_run(b"2,2\r2,3\r3,2\r5,5\r5,4\r4,5\r1,5\r1.00000005,5\r")
    assert len(output) == 1018 and output[812:816] == b"\r\n\r\n"
    assert output[:812].endswith(b"? 1.00000005,5") and b"SAME COORD" not in output


@pytest.mark.parametrize(
    ("script", "stop"),
    [
        (b"1,1", Stop.INPUT_ENDED),  # E8: not taken, so the game waits at its INPUT
        (b"__", Stop.INPUT_ENDED),  # E8: not an empty answer, so no OK
        (b"\r", Stop.EMPTY_INPUT),  # an empty answer with its Return: the program stops (I7)
        (b"1,1\x8d", Stop.INPUT_ENDED),  # E7: the 0x8D is that line's Return; then the input ends
    ],
)
def test_how_each_run_ends(script, stop):
    assert life2_run(script)[1] is stop


def test_ctrl_o_hides_the_double_prompt_until_the_next_question_mark():
    """(The ROM's bytes, as every case here.) E6 at `??`: QDATA's prompt goes through OUTDO too, so a Ctrl-O typed at the first answer
    hides the line's end, `?? `, the second answer's echo and the board, up to the next INPUT."""
    output, _ = life2_run(b"1\x0f\r1\r1,5\r")
    assert output[MASK_END:] == b"&\r? 1? 1,5\r\n" + MASK


def test_ctrl_o_with_bit_7_and_at_an_empty_line():
    """0x8F is Ctrl-O too (E7). At an empty answer the program stops, and ENDCON turns the output
    on again before READY: the OK is printed, the hidden CR LF of the answer is not."""
    output, stop = life2_run(b"1,1\x8f\r")
    assert output[MASK_END:] == b"&\r? 1,1? "
    output, stop = life2_run(b"\x0f\r")
    assert stop is Stop.EMPTY_INPUT and output[MASK_END:] == b"&\r? \r\nOK\r\n"


def test_bit_7_is_cleared_before_the_line_editor_looks():
    """E7: 0xC0 is @ (kill), 0xB3 is 3, 0xDF is _ (erase): the answer is 1,3 (the ROM's bytes)."""
    output, _ = life2_run(b"9,9\xc01,\xb33\xdf\r")
    assert output[MASK_END:] == b"&\r? 9,9@\r\n1,33_\r\n" + MASK


def test_life2_run_itself_gives_the_roms_bytes():
    """The command as a user runs it, on two of the reproducers: the unfinished line, and 0x8D."""
    for script in (b"1,1", b"1,1\x8d1,5\r"):
        result = life2("run", "--input", "-", stdin=script)
        assert result.returncode == 0, result.stderr
        assert result.stdout[MASK_END:] == ROM_TAILS[script]
