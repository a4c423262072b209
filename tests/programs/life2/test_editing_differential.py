"""GW-BASIC's screen editor at LIFE2's prompt, against PC-BASIC: the cases that first showed where life2 parted from it, and 200
seeded scripts of editing keys (life2_retro/programs/life2/editing.py), 500 with `pytest --full`
(LIFE2_FULL_SUITE=1), as a release runs it: the first 200 already reach every screen row, byte and
length that the test below asks of them.

Each case is compared byte for byte and line for line with PC-BASIC running the
listing, and each hand-written one also states what it shows, so that a case
cannot pass by not reaching its quirk. The generated scripts come in chunks, each
its own test, so that a parallel run spreads them; one PC-BASIC session per
script, in the test's own process.
"""

from __future__ import annotations

import re

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.basic.printer import ScreenPrinter
from life2_retro.commands.compare import CompareResult, compare_scripts
from life2_retro.events import INPUT_REQUEST
from life2_retro.programs import Script
from life2_retro.programs.life2.editing import editing_script
from life2_retro.programs.life2.program import Life2Program
from life2_retro.reference.life2 import oracle_program
from life2_retro.session import run_in_memory

from ...support.helpers import FAITHFUL, FIXED, chunk, life2_mode

SHARE = 200
"""Generated scripts the suite runs by default: the first SHARE."""
FULL = 500
"""Generated scripts it runs with --full."""
PARTS = 20
"""Tests the generated scripts are cut into, so that a parallel run spreads them."""
SEED = 1978
SETUP = [b"1,1", b"1,5", b"5,5"]
"""Player 1's three pieces: the prompt after them is player 2's first, on the bottom row."""
BS, ESC = b"\x08", b"\x1b"


def _compare(scripts: list[list[bytes]], bugs: frozenset[str] = FAITHFUL) -> CompareResult:
    batch = [Script(lines) for lines in scripts]
    return compare_scripts(life2_mode(Dialect.GWBASIC, bugs), oracle_program(None, bugs), batch, 1)


def _report(result: CompareResult) -> str:
    return "\n".join(
        f"script {index}: " + "; ".join(f"{m.what} differs at {m.detail}" for m in found)
        for index, found in result.failures[:5]
    )


def _echo(output: bytes, prompt: int) -> bytes:
    """What the BASIC echoed at its `prompt`-th prompt (from 0)."""
    return output.split(b"? ")[prompt + 1].split(b"\r\n")[0]


def _life2(lines: list[bytes]) -> bytes:
    return run_in_memory(Life2Program(Dialect.GWBASIC, FAITHFUL).run(), lines).output


QUIRK_CASES: dict[str, list[bytes]] = {
    "a line that wraps, then Backspace back across the wrap": [b"1,1" + b"x" * 76 + BS * 76],
    "Esc on the bottom row once the line has scrolled": [*SETUP, b" " * 79 + ESC + b"2,2"],
    "a line longer than 1,918 characters": [b"1,1" + b"7" * 2000],
    "chr 1": [b"\x01"],
    "Tab": [b"1,\t1"],
    "Ctrl-C": [b"12\x033,3"],
    "an 8-bit character": [b"1,1\x82"],
    "a non-breaking space (code page 437's 0xFF)": [b"1,1\xff"],
}


def _shows(name: str, output: bytes) -> bool:
    """What PC-BASIC does in each case, as first found (and life2 must do too)."""
    if name.startswith("a line that wraps"):
        return b"? 1,1x\n\r\n?Redo from start\r\n" in output  # one Backspace was lost on the way back
    if name.startswith("Esc on the bottom row"):
        return b"? ,2\r\nILLEGAL COORDS. RETYPE" in output  # the answer lost its first character
    if name.startswith("a line longer"):
        echo, typed = _echo(output, 0), QUIRK_CASES[name][0]
        return len(echo) < 1920 and typed.endswith(echo) and not echo.startswith(b"1,1")
    if name == "chr 1":
        return b"? \x01\r\n?Redo from start\r\n" in output
    if name == "Tab":
        return b"? 1,    1\r\nX,Y" in output  # the Tab moved the cursor; the blanks it passed are read
    if name == "Ctrl-C":
        return output.endswith(b"? \x0e\r\nBreak in 701\r\n")
    if name == "an 8-bit character":
        return b"? 1,1\x82\r\n?Redo from start\r\n" in output
    return b"? 1,1\xff\r\n?Redo from start\r\n" in output


@pytest.mark.parametrize("name", list(QUIRK_CASES))
def test_the_quirk_cases_are_identical_in_transcript_and_trace(listing, oracle, name):
    lines = QUIRK_CASES[name]
    assert _shows(name, _life2(lines)), name
    result = _compare([lines])
    assert result.identical == 1, _report(result)


EDITED_MOVES = [
    # Backspace, Esc, Delete, insert mode and the cursor keys on short lines, all playing a game
    [b"9\x081,1", b"1,\x1b1,5", b"55\x1d\x1d\x7f5,\x1c", b"3,x\x082", b"\x123,3\x1d\x1d\x1d\x1d", b"3,4"],
    # Ctrl-L clears the screen: the next prompts stand near the top; Ctrl-K and Enter read row 1
    [b"\x0c1,1", b"1,5", b"\x0b", b"5,5", b"2,2\x0b", b"\x1e\x1e\x1e", b"3,3"],
    # Ctrl-J splits a line; Ctrl-E clears to its end; Ctrl-F and Ctrl-B move by words
    [b"1,1\x1d\x1d\x0a", b"1,5xyz\x1d\x1d\x1d\x05", b"5 5\x02,\x06", b"\x0a\x0a3,3"],
]


EVERY_BYTE = [
    # each byte but CR alone as an answer, Ctrl-C last (it ends the game)
    [bytes([byte]) for byte in range(256) if byte not in (0x03, 0x0D)] + [b"\x03"],
    # each byte inside a move, after the comma
    [b"2," + bytes([byte]) + b"4" for byte in range(256) if byte not in (0x03, 0x0D)],
]


def test_every_byte_typed_at_input_is_identical(listing, oracle):
    result = _compare(EVERY_BYTE)
    assert result.identical == len(EVERY_BYTE), _report(result)
    assert _life2(EVERY_BYTE[0]).endswith(b"? \x0e\r\nBreak in 701\r\n")


@pytest.mark.parametrize("bugs", [FAITHFUL, FIXED], ids=["faithful", "fixed"])
def test_edited_moves_are_identical(listing, oracle, bugs):
    result = _compare(EDITED_MOVES, bugs)
    assert result.identical == len(EDITED_MOVES), _report(result)


@pytest.mark.parametrize("part", range(PARTS))
def test_generated_editing_scripts_are_identical(listing, oracle, full_suite, part):
    count = FULL if full_suite else SHARE
    scripts = [editing_script(SEED, index) for index in chunk(range(count), part, PARTS)]
    result = _compare(scripts)
    assert not result.original_failed, result.original_failed
    assert result.identical == len(scripts), _report(result)


def prompt_rows(lines: list[bytes]) -> list[int]:
    """The screen row of each prompt when LIFE2 waits at it (life2's own screen, which the
    differential tests hold to PC-BASIC's)."""
    program = Life2Program(Dialect.GWBASIC, FAITHFUL)
    run = program.run()
    rows = []
    typed = iter(lines)
    try:
        event = next(run)
        while True:
            if event is INPUT_REQUEST:
                printer = program.m.printer
                assert isinstance(printer, ScreenPrinter)  # GW-BASIC prints on its screen
                rows.append(printer.screen.row)
                event = run.send(next(typed, None))
            else:
                event = next(run)
    except StopIteration:
        return rows


PROMPT_ROWS = set(range(3, 25))
"""Every row a LIFE2 prompt can stand on. An answer is read on row 1 at the highest (after Ctrl-L,
Ctrl-K or Up), its new line takes the cursor to row 2, and before the next prompt the listing
prints at least one more row there (`?Redo from start`, or `X,Y` and the mask): row 3."""


def test_the_generated_scripts_reach_every_row_byte_and_length():
    """Prompts on every screen row they can reach, every byte but CR typed (Ctrl-C included),
    lines of 1 to 2,500 characters, and Backspace and Esc in most scripts: in the SHARE the suite
    runs by default (and so also in --full's FULL, which begin with it)."""
    scripts = [editing_script(SEED, index) for index in range(SHARE)]
    rows = {row for lines in scripts for row in prompt_rows(lines)}
    assert rows == PROMPT_ROWS
    typed = {byte for lines in scripts for line in lines for byte in line}
    assert typed == set(range(256)) - {0x0D}
    lengths = [len(line) for lines in scripts for line in lines]
    assert min(lengths) <= 1 and 2400 <= max(lengths) <= 2500
    assert sum(1 for lines in scripts if any(re.search(b"[\x08\x1b]", line) for line in lines)) > SHARE // 2
