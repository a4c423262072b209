"""Cell Life played to its end on every terminal: the console on a pty, a serial line on a pty, and both
pygame windows headless; and the Unix tty's output processing that carries a C program's lines there."""

from __future__ import annotations

import contextlib
import re
import termios
import time

import pytest

from life2_retro.programs.cell_life.program import LAST_KEY_STATUS, CellLifeProgram
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


def converse(read_more, type_line, output) -> None:
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


def read_what_came(game: PtyGame) -> None:
    """Read what the game sent until it sleeps on its read (the kernel says when), so that a prompt
    is whole before it is answered. (A third of a second's silence did the same, at that much a prompt.)"""
    with contextlib.suppress(TimeoutError):
        game.read_until(b"\x00never", timeout=0.02)
    if game.proc.poll() is None:
        game.wait_until_reading()
    with contextlib.suppress(TimeoutError):
        game.read_until(b"\x00never", timeout=0.02)


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

        converse(lambda: read_what_came(game), lambda line: game.type(line + b"\r"), lambda: game.output)
        assert game.finish(timeout=30) == 0
        assert b"Key:" in game.output and b"\t" not in game.output  # the tab went out as spaces
        assert termios.tcgetattr(game.slave) == before
    finally:
        game.close()


def test_the_console_shows_the_setup_answers_hides_the_moves_and_says_the_program_waits_at_its_end() -> None:
    """The setup's answers hide nothing, so they stay on the screen; the squares do not show. After
    the result the 2008 program waits for a key in silence: life2 says so on stderr, never among
    the program's bytes, and only then."""
    game = PtyGame("--game", "cell-life", "--seed", "11", stderr_apart=True)
    said_before_the_end: list[bytes] = []
    said_at_the_end: list[bytes] = []
    typed: list[bytes] = []

    def type_line(line: bytes) -> None:
        if any(ending in game.output for ending in ENDINGS):
            said_at_the_end.append(game.errors(until=LAST_KEY_STATUS.encode()))
        else:
            said_before_the_end.append(game.errors())
        typed.append(line)
        game.type(line + b"\r")

    try:
        converse(lambda: read_what_came(game), type_line, lambda: game.output)
        assert game.finish(timeout=30) == 0
        shown = game.output
        assert b"How many players? (2 - 4) 2\r\n" in shown
        assert b"Player 1, (1) human or (2) computer? : 1\r\n" in shown
        assert b"Player 2, (1) human or (2) computer? : 2\r\n" in shown
        assert b"(1) Small or (2) large game? 1\r\n" in shown
        squares = [line for line in typed if b"," in line]
        assert squares and b"<X,Y>: \r" in shown  # the Return's echo, right after the prompt
        assert not any(b": " + square in shown for square in squares)
        assert not any(b"waits" in said for said in said_before_the_end)
        assert said_at_the_end[-1] == f"\nlife2: {LAST_KEY_STATUS}\n".encode()  # a line of its own
        assert b"waits" not in shown and game.errors() == said_at_the_end[-1]  # said once, on stderr
        assert termios.tcgetattr(game.slave) == game.before
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


class _CountingReads(ScriptedTerminal):
    """A script's terminal that notes which read the program's status came before."""

    def __init__(self, responses: list[bytes]) -> None:
        super().__init__(responses)
        self.reads = 0
        self.status_at: int | None = None

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self.reads += 1
        return super().read_line(idle_seconds)

    def status(self, text: str) -> None:
        self.status_at = self.reads


@pytest.mark.parametrize("make", [Teletype, Crt], ids=["teletype", "crt"])
def test_a_window_says_in_its_caption_that_the_program_waits_at_its_end(make: type[Teletype | Crt]) -> None:
    """The window's caption is its status line: it speaks while the last key is awaited, and the
    paper or the screen shows only the program's bytes."""
    import pygame

    script = [b"2", b"1", b"2", b"1"] + [SQUARES[i % 25] if i % 2 else b"" for i in range(80)]
    counting = _CountingReads(list(script))
    drive(CellLifeProgram(seed=11, person=True).run(), UnixTty(counting))
    assert counting.status_at is not None
    script[counting.status_at] = b"q"  # the last getchar's line: a key, so a frame is drawn meanwhile
    with make(clock=SimulatedClock(), baud=0, sound=False, script=script) as window:
        captions: list[str] = []
        window.frame_hooks.append(lambda: captions.append(pygame.display.get_caption()[0]))
        drive(CellLifeProgram(seed=11, person=True).run(), UnixTty(window))
        waiting = [caption for caption in captions if "waits" in caption]
        assert waiting and waiting[0] == f"{window.title} - {LAST_KEY_STATUS}"
        assert captions.index(waiting[0]) > len(captions) - 5  # at the very end, not before
        assert pygame.display.get_caption()[0] == window.title  # gone once the key is typed
        window.settle(0.1)
        if isinstance(window, Crt):
            assert "waits" not in "\n".join(window.screen.text())
