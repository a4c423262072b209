"""Cell Life played to its end on every terminal: the console on a pty, a serial line on a pty, and both
pygame windows headless; and the Unix tty's output processing that carries a C program's lines there."""

from __future__ import annotations

import contextlib
import re
import termios
import time

import pytest

from life2_retro.programs.cell_life import CellLifeProgram
from life2_retro.session import drive
from life2_retro.terminals.pacing import SimulatedClock
from life2_retro.terminals.transcript import ScriptedTerminal
from life2_retro.terminals.unix_tty import UnixTty
from life2_retro.terminals.window.crt import Crt
from life2_retro.terminals.window.teletype import Teletype

from ..support.ptygame import PtyGame
from ..support.serialpty import start_life2

ENDINGS = (b"wins!", b"extinction.", b"takeover!")
SQUARES = [f"{x},{y}".encode() for x in range(1, 6) for y in range(1, 6)]
PROMPTS = (b"(2 - 4) ", b"computer? : ", b"large game? ", b"<X,Y>: ", b"generation:", b"x,y : ", b" : ")


def converse(read_more, type_line, output) -> None:  # type: ignore[no-untyped-def]
    """Play as a person would: read until a prompt is waiting, answer it, until the game ends. Player 1
    is a human, player 2 the computer, on the small board; the human takes the squares in turn."""
    answered = 0
    humans = 0
    square = 0
    deadline = time.monotonic() + 120  # by the clock: a loaded machine sends a board in more pieces
    while time.monotonic() < deadline:
        read_more()
        text = output().replace(b"\0", b"").replace(b"\r", b"")
        if any(ending in text for ending in ENDINGS):
            type_line(b"")  # the program's last getchar
            return
        waiting = text[answered:].rstrip(b"\n") if b"generation:" in text[answered:] else text[answered:]
        if not waiting.endswith(PROMPTS):
            continue
        if waiting.endswith(b"computer? : "):
            humans += 1
            reply = b"1" if humans == 1 else b"2"
        elif waiting.endswith(b"(2 - 4) "):
            reply = b"2"
        elif waiting.endswith(b"large game? "):
            reply = b"1"
        elif waiting.endswith((b"<X,Y>: ", b"x,y : ")):
            reply = SQUARES[square % len(SQUARES)]
            square += 1
        else:
            reply = b""
        answered = len(text)
        type_line(reply)
    raise AssertionError(f"no end: {output()[-400:]!r}")


def test_unix_tty_turns_newlines_into_cr_lf_and_tabs_into_spaces():
    seen = ScriptedTerminal([b"3,4"])
    tty = UnixTty(seen)
    tty.write(b"  12345  \tKey:\n")
    tty.write(b"ab")
    tty.write(b"\tc\n")
    assert bytes(seen.output) == b"  12345         Key:\r\nab      c\r\n"  # the tab stops are every 8
    assert tty.read_line() == b"3,4" and bytes(seen.output).endswith(b"c\r\n\r\n")  # the Return's echo


def test_a_game_on_the_console_ends_and_gives_the_terminal_back():
    game = PtyGame("--game", "cell-life", "--seed", "11")
    try:
        before = termios.tcgetattr(game.slave)

        def read_more() -> None:
            with contextlib.suppress(TimeoutError):
                game.read_until(b"\x00never", timeout=0.3)

        converse(read_more, lambda line: game.type(line + b"\r"), lambda: game.output)
        assert game.finish(timeout=30) == 0
        assert b"Key:" in game.output and b"\t" not in game.output  # the tab went out as spaces
        assert termios.tcgetattr(game.slave) == before
    finally:
        game.close()


def test_a_game_on_a_serial_line_sends_cr_lf_fills_and_no_tabs(far_end):
    proc = start_life2(
        "--terminal", "serial", "--port", str(far_end.link), "--pace-baud", "200000",
        "--game", "cell-life", "--seed", "11",
    )  # fmt: skip
    try:
        converse(
            lambda: far_end.read_available(0.3),
            lambda line: far_end.type(line + b"\r"),
            lambda: far_end.output,
        )
        assert proc.wait(timeout=30) == 0, proc.stderr
        far_end.read_available()
        sent = far_end.output
        assert any(ending in sent for ending in ENDINGS)
        assert b"\t" not in sent and b"Key:" in sent
        assert not re.search(rb"[^\r\0]\0*\n", sent.replace(b"\r\0\0\n", b"\r\n"))  # every LF after a CR
    finally:
        proc.stop()


@pytest.mark.parametrize("make", [Teletype, Crt], ids=["teletype", "crt"])
def test_a_whole_game_plays_in_each_window(make):
    script = [b"2", b"1", b"2", b"1"] + [SQUARES[i % 25] if i % 2 else b"" for i in range(80)]
    with make(clock=SimulatedClock(), baud=0, sound=False, script=script) as window:
        program = CellLifeProgram(seed=11, person=True)
        drive(program.run(), UnixTty(window))
        window.settle(0.2)
        if isinstance(window, Crt):
            shown = "\n".join(window.screen.text())
            assert re.search(r"(wins!|extinction\.)", shown), shown
            assert "X - Player 2" in shown and shown.count("Key:") >= 1
        else:
            printed = []
            for row in range(window.paper.first_row, window.paper.row + 1):
                cells = window.paper.line(row).cells
                printed.append(
                    "".join(
                        cells[c][-1].char if c in cells else " " for c in range(max(cells, default=-1) + 1)
                    )
                )
            paper = "\n".join(printed)
            assert re.search(r"(WINS!|EXTINCTION\.)", paper) and "KEY:" in paper, paper[-500:]
            assert "         KEY:" in paper  # the tab struck as spaces to column 16
