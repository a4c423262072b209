"""Whatever a person or a serial line can send: no crash, no hang, the dialect's own answer.

And nothing reaches the output that the BASIC would not send. In the 1978
BASIC the transcript may hold printable ASCII, CR, LF and BEL (it echoes a
typed BEL and rings it for a full buffer), nothing else. GW-BASIC echoes the
screen line it reads, and that holds every character typed into it, control
characters and code page 437 included, as PC-BASIC's stream does; a Ctrl-C adds
the 0x0E PC-BASIC writes at a Break. Nothing else is allowed there either.
(What a terminal shows of these bytes is the terminal's business: see
tests/terminals.)
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from life2_retro.basic.dialects import Dialect
from life2_retro.events import Stop
from life2_retro.programs.life2.bugs import ANSWERS_THAT_STOP

from ..support.helpers import FAITHFUL, FIXED, QUICK_GAME, play

ALLOWED = set(range(0x20, 0x7F)) | {0x0D, 0x0A, 0x07}


def assert_clean(output: bytes, dialect: Dialect = Dialect.MS1978, typed: bytes = b"") -> None:
    allowed = ALLOWED | (set(typed) | {0x0E} if dialect is Dialect.GWBASIC else set())
    bad = sorted({b for b in output if b not in allowed})
    assert not bad, f"bytes {bad} reached the output"


BREAK = b"\x0e\r\nBreak in 701\r\n"
"""Ctrl-C at GW-BASIC's INPUT: PC-BASIC's 0x0E, a new line, the message; the program stops."""


WINNER = b"PLAYER 2 IS THE WINNER"
AS_THE_BASIC_WAS = FIXED | {ANSWERS_THAT_STOP}
"""The listing's faults fixed, the 1978 BASIC's INPUT as it was: an empty or overflowing answer stops."""


def ms1978_keeps_nothing_of(typed: bytes) -> bool:
    """Whether the 1978 line editor leaves an empty buffer, which stops the program (I7)."""
    from life2_retro.basic.msinput import edit_ms1978_line
    from life2_retro.basic.printer import make_printer

    return not edit_ms1978_line(typed, make_printer(Dialect.MS1978)).buffer


@pytest.mark.parametrize("dialect", list(Dialect))
def test_every_byte_value(dialect):
    """One byte alone as an answer: GW-BASIC asks again (nothing can be two values); the 1978
    BASIC stops on a line its editor empties (with answers-that-stop on), and otherwise asks again
    or for one more value."""
    for value in range(256):
        byte = bytes([value])
        run = play([byte, *QUICK_GAME], dialect, AS_THE_BASIC_WAS)
        assert_clean(run.output, dialect, byte)
        if dialect is Dialect.GWBASIC and value == 0x03:
            assert run.output.endswith(b"? " + BREAK) and run.stop is Stop.ERROR
        elif dialect is Dialect.GWBASIC:
            assert WINNER in run.output and run.stop is Stop.END, value
        elif ms1978_keeps_nothing_of(byte):
            assert run.stop is Stop.EMPTY_INPUT and run.output.endswith(b"\r\nOK\r\n"), value
            fixed = play([byte, *QUICK_GAME], dialect, FIXED)  # answers-that-stop off: asked again
            if value & 0x7F == 0x0F:  # Ctrl-O (E6) holds back the line's end and the message
                assert b"? ? " in fixed.output and b"REDO" not in fixed.output, value
            else:
                assert b"\r\n?REDO FROM START\r\n" in fixed.output, value
            assert WINNER in fixed.output and fixed.stop is Stop.END, value
        else:  # asked again: a bad number, one value short, or "," read as 0,0 (an illegal square)
            answers = (b"?REDO FROM START", b"?? ", b"ILLEGAL COORDS")
            assert any(answer in run.output for answer in answers), value


@pytest.mark.parametrize("dialect", list(Dialect))
@pytest.mark.parametrize(
    "junk",
    [
        b"\x00\x00\x00",
        b"\x1b[2J\x1b[H",
        b"\x1b]0;title\x07",
        b"\x9b31m",
        b"\xff\xfe\xfd",
        b"\xc3\x28\xa0\xa1",
        "\u2593\u00e9\u20ac".encode(),
        b"\x03\x04\x1a\x1c",
        b"\r",
        b"\t\t\t",
        b"\x08" * 50,
        b"@@@",
        b"_" * 80,
    ],
)
def test_escape_sequences_nul_and_invalid_utf8(dialect, junk):
    """Junk as a whole answer never counts as a move: the game that follows plays out as without it
    (unless a Ctrl-C in it breaks GW-BASIC's INPUT)."""
    run = play([junk, *QUICK_GAME], dialect, AS_THE_BASIC_WAS)
    assert_clean(run.output, dialect, junk)
    if dialect is Dialect.MS1978 and ms1978_keeps_nothing_of(junk):
        assert run.stop is Stop.EMPTY_INPUT
    elif dialect is Dialect.GWBASIC and 0x03 in junk:
        assert run.output.endswith(BREAK) and run.stop is Stop.ERROR
    else:
        assert WINNER in run.output and run.stop is Stop.END


MEGABYTES = {
    "one digit": b"4" * 1_000_000,
    "junk": bytes(random.Random(1).choices(b"0123456789,. E-+ABC\x1b\x00\xff", k=1_000_000)),
}
"""A megabyte of one digit (a number far past the 1978 BASIC's range), and of digits, signs, letters,
Esc, NUL and 8-bit bytes mixed. (The junk was once meant here and never typed: a new random.Random(1)
for each byte made the megabyte all 4s, which is worth keeping as its own case.)"""


@pytest.mark.parametrize("what", list(MEGABYTES))
@pytest.mark.parametrize("dialect", list(Dialect))
def test_a_megabyte_line_is_answered_promptly(dialect, what):
    huge = MEGABYTES[what]
    started = time.perf_counter()
    run = play([huge, *QUICK_GAME], dialect, AS_THE_BASIC_WAS)
    assert time.perf_counter() - started < 20
    assert_clean(run.output, dialect, huge)
    if dialect is Dialect.MS1978 and what == "one digit":
        # the buffer keeps 71 characters (a BEL for each one more), which hold 4.4E70: too big
        assert run.output.endswith(b"\x07\r\n\r\n?OV ERROR IN  701\r\nOK\r\n")
    elif dialect is Dialect.MS1978:  # the 71 characters kept are not two numbers: it asks again
        assert b"\x07\r\n?REDO FROM START\r\n? " in run.output and WINNER in run.output
    else:
        assert WINNER in run.output  # the line was refused and the game went on


def test_a_megabyte_line_through_life2_run():
    script = b"9" * 1_000_000 + b"\n" + b"\n".join(QUICK_GAME) + b"\n"
    result = subprocess.run(
        [sys.executable, "-m", "life2_retro", "run", "--input", "-", "--dialect", "gwbasic", "--fixed"],
        input=script,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and b"PLAYER 2 IS THE WINNER" in result.stdout
    assert_clean(result.stdout)


@pytest.mark.parametrize("dialect", list(Dialect))
@pytest.mark.parametrize("bugs", [FAITHFUL, FIXED], ids=["faithful", "fixed"])
def test_random_bytes_never_crash(dialect, bugs):
    rng = random.Random(f"fuzz:{dialect.name}")
    for _ in range(150):
        responses = [
            bytes(rng.randrange(256) for _ in range(rng.choice([0, 1, 3, 8, 40, 200])))
            for _ in range(rng.randint(1, 30))
        ]
        run = play(responses + [b"1,1"] * 3, dialect, bugs)
        assert_clean(run.output, dialect, b"".join(responses))


def test_huge_exponents_do_not_hang():
    answers = [b"1E-999999999,1", b"0E99999999,1", b"1E999999999,1", *QUICK_GAME]
    started = time.perf_counter()
    gw = play(answers, Dialect.GWBASIC, FIXED)
    ms = play(answers, Dialect.MS1978, AS_THE_BASIC_WAS)
    assert time.perf_counter() - started < 5
    # GW-BASIC: 1E-999999999 is 0 (refused square), the others overflow and go on
    assert gw.output.count(b"Overflow\r\n") == 2 and WINNER in gw.output
    # 1978: a negative exponent stops growing at 100 (0 again); 0E99999999 has an exponent of 100 or more
    assert ms.output.endswith(b"0E99999999,1\r\n\r\n?OV ERROR IN  701\r\nOK\r\n")
