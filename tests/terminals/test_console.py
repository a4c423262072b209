"""The console terminal on a real pty: hidden input, and the terminal always given back."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import termios
import time
from typing import Any

import pytest

from life2_retro.terminals.console import ConsoleTerminal, printable

from ..support.helpers import QUICK_GAME
from ..support.ptygame import PtyGame


@pytest.fixture
def game():
    games: list[PtyGame] = []

    def start(*args: str) -> PtyGame:
        games.append(PtyGame(*args))
        return games[-1]

    yield start
    for started in games:
        started.close()


def play_quick_game(g: PtyGame) -> None:
    for number, move in enumerate(QUICK_GAME, start=1):
        g.read_until_count(b"? ", number)
        assert not g.echo_is_on(), "typed coordinates would show"
        g.type(move + b"\r")


@pytest.mark.parametrize("dialect", ["ms1978", "gwbasic"])
def test_typed_coordinates_are_hidden_and_the_terminal_restored(game, dialect):
    g = game("--dialect", dialect, "--fixed")
    play_quick_game(g)
    assert g.finish() == 0
    assert b"PLAYER 2 IS THE WINNER" in g.output
    for move in QUICK_GAME:
        assert b"? " + move not in g.output
    # the prompt, then only the BASIC's CR LF (the tty adds a CR to each LF): no echo in between
    assert g.output.count(b"? \r\r\n") == len(QUICK_GAME)
    assert g.echo_is_on() and termios.tcgetattr(g.slave) == g.before


def test_the_mask_overprints_one_line_and_the_prompt_shows(game):
    g = game("--dialect", "ms1978")
    g.read_until(b"? ")
    # the bytes the BASIC sends: on the console the last row stays with the prompt over its start
    assert b"XXXXXX\r$$$$$$\r&&&&&&\r? " in g.output
    g.type(b"1,1\r")
    g.read_until(b"X,Y\r\r\nXXXXXX", timeout=10)
    assert b"1,1" not in g.output


def test_ctrl_c_restores_the_terminal(game):
    g = game()
    g.read_until(b"? ")
    assert not g.echo_is_on()
    g.type(b"\x03")
    assert g.finish() == 130
    assert termios.tcgetattr(g.slave) == g.before


def test_ctrl_c_at_a_gwbasic_prompt_is_the_basics_break(game):
    """GW-BASIC's INPUT reads Ctrl-C as a key: the program stops with its own message, as in PC-BASIC."""
    g = game("--dialect", "gwbasic")
    g.read_until(b"? ")
    g.wait_until_reading()
    g.type(b"1,")
    g.type(b"\x03")
    assert g.finish() == 0
    assert g.output.endswith(b"? \r\r\nBreak in 701\r\r\n")  # the console drops PC-BASIC's 0x0E
    assert termios.tcgetattr(g.slave) == g.before


@pytest.mark.parametrize(
    ("dialect", "message"),
    [("ms1978", b"\r\r\nBREAK IN  701\r\r\nOK\r\r\n"), ("gwbasic", b"^C\r\r\nBreak in 701\r\r\n")],
)
def test_ctrl_c_while_the_game_prints_is_the_basics_break_at_its_next_line(game, dialect, message):
    """Ctrl-S, then a move: the game sleeps writing the answer's line end. Ctrl-C then (the kernel
    restarts the output as it sends SIGINT): the BASIC stops before its next statement, line 705,
    naming 701, the line it ran last, as the 6502 ROM's ISCNTC and PC-BASIC do; the status is 0."""
    g = game("--dialect", dialect)
    g.read_until(b"? ")
    g.wait_until_reading()
    waiting_for_a_line = g.asleep_in()
    g.type(b"\x13" + QUICK_GAME[0] + b"\r")  # Ctrl-S, and a move
    g.wait_until_asleep_elsewhere(than=waiting_for_a_line)  # in the write of its answer
    g.type(b"\x03")
    assert g.finish() == 0
    assert g.output.endswith(message)
    assert termios.tcgetattr(g.slave) == g.before


@pytest.mark.parametrize(
    ("args", "prompt", "own_words"),
    [
        ((), b"? ", b""),
        (("--game", "cell-life", "--seed", "11"), b"(2 - 4) ", b""),
        (("--game", "p2life", "--seed", "3"), b"? ", b"\r\r\nNO MORE INPUT: THE GAME STOPS HERE.\r\r\n"),
    ],
    ids=["life2", "cell-life", "p2life"],
)
def test_ctrl_d_ends_every_game_alike_and_restores_the_terminal(
    args: tuple[str, ...], prompt: bytes, own_words: bytes
) -> None:
    """One way for a person at a console: Ctrl-D ends the line, the game stops, life2 says so in one
    line on stderr, and the status is 0, whichever program it was. What a program prints itself
    stays its own (p2life has a line of its own for it)."""
    g = PtyGame(*args, stderr_apart=True)
    try:
        g.read_until(prompt)
        g.wait_until_reading()
        g.type(b"\x04")
        assert g.finish() == 0
        assert g.errors() == b"life2: end of input: the game stops here.\n"
        # the shell's prompt will start a line of its own
        assert g.output.endswith(prompt + b"\r\r\n" + own_words)
        assert termios.tcgetattr(g.slave) == g.before
    finally:
        g.close()


PROMPTLY = 5
"""Seconds a signal may take to end a game: it takes milliseconds, and "within a second" is what a
person or a museum's controller expects; the rest is room for a loaded 2-core machine."""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_restores_the_terminal(game, signum):
    """And ends the prompt's line: `kill PID` at `? ` left the shell's prompt after it (issue 34)."""
    g = game()
    g.read_until(b"? ")
    g.wait_until_reading()
    g.proc.send_signal(signum)
    assert g.finish(PROMPTLY) == 128 + signum  # else it fails with what the game printed, and where it sleeps
    assert termios.tcgetattr(g.slave) == g.before
    assert g.output.endswith(b"&&&&&&\r? \r\n")


CAUGHT_ASIDE = """
import runpy, signal, sys, threading

# the main thread, which plays, never takes these two: another thread does, so that each one
# arrives as a signal does that comes just before the main thread starts its read
ASIDE = {signal.SIGTERM, signal.SIGHUP}
signal.pthread_sigmask(signal.SIG_BLOCK, ASIDE)
ready = threading.Event()


def take_them():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, ASIDE)
    ready.set()
    threading.Event().wait()


threading.Thread(target=take_them, daemon=True).start()
ready.wait()
sys.argv = ["life2", *sys.argv[1:]]
runpy.run_module("life2_retro", run_name="__main__")
"""
"""`life2 ARGS`, with SIGTERM and SIGHUP taken by a thread that waits for them."""


@pytest.mark.parametrize(
    ("args", "prompt", "signum"),
    [
        ((), b"? ", signal.SIGTERM),
        (("--game", "cell-life"), b"How many players? (2 - 4) ", signal.SIGHUP),
        (("--game", "p2life"), b"? ", signal.SIGTERM),
    ],
    ids=["life2-SIGTERM", "cell-life-SIGHUP", "p2life-SIGTERM"],
)
def test_a_signal_that_comes_just_before_the_read_still_ends_the_game(
    args: tuple[str, ...], prompt: bytes, signum: int
) -> None:
    """Python runs a signal's handler between two bytecodes; the C-level handler only notes the signal.
    One that came after Python last looked and before the read began was noted, and the read slept
    on: the game ended when someone typed (it hung the signal tests once in a full run on a busy
    machine, SIGTERM found the game asleep in its read with the signal already taken). That window
    lasts microseconds; a signal taken by another thread leaves the main thread in just that state
    for as long as the test likes, every time: noted, and nothing to interrupt the read."""
    g = PtyGame(*args, command=[sys.executable, "-c", CAUGHT_ASIDE, *args])
    try:
        g.read_until(prompt)
        g.wait_until_reading()
        g.proc.send_signal(signum)
        assert g.finish(PROMPTLY) == 128 + signum
        assert termios.tcgetattr(g.slave) == g.before
        assert b"Traceback" not in g.output and b"Exception" not in g.output
    finally:
        g.close()


@pytest.mark.parametrize(
    "started",
    [
        pytest.param({"command": [sys.executable, "-c", CAUGHT_ASIDE]}, id="signal-just-before-the-write"),
        pytest.param({"env": {"PYTHONUNBUFFERED": ""}}, id="buffered-bytes-left-at-exit"),
    ],
)
def test_a_signal_ends_the_game_while_its_output_is_stopped(started: dict[str, Any]) -> None:
    """Ctrl-S, then a move: the game's answer waits for Ctrl-Q, and SIGTERM comes. Two ways it hung:
    the signal came in the instant before the write (CAUGHT_ASIDE holds that instant open), and the
    write slept as long as a prompt's read; or the signal interrupted the write, and the game hung
    flushing the same bytes into the same stopped terminal as it exited (stdout buffered, as it is
    for a person)."""
    g = PtyGame(**started)
    try:
        g.read_until(b"? ")
        g.wait_until_reading()
        waiting_for_a_line = g.asleep_in()
        assert waiting_for_a_line is not None
        g.type(b"\x13" + QUICK_GAME[0] + b"\r")  # Ctrl-S, and a move
        g.wait_until_asleep_elsewhere(than=waiting_for_a_line)  # in the write of its answer
        g.proc.send_signal(signal.SIGTERM)
        assert g.finish(PROMPTLY) == 128 + signal.SIGTERM
        assert termios.tcgetattr(g.slave) == g.before
    finally:
        g.type(b"\x11")  # Ctrl-Q
        g.close()


def test_an_exception_restores_the_terminal():
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        stdin = os.fdopen(os.dup(slave), "rb", buffering=0)
        with pytest.raises(RuntimeError), ConsoleTerminal(stdin, io.StringIO()) as terminal:
            assert terminal.is_tty and not termios.tcgetattr(slave)[3] & termios.ECHO
            raise RuntimeError("boom")
        assert termios.tcgetattr(slave) == before
        stdin.close()
    finally:
        os.close(master)
        os.close(slave)


def test_ctrl_z_does_not_leave_the_moves_visible(game):
    """Our pty game leads its own session, so its process group is orphaned and the kernel
    drops the stop: the game goes on, and input must be hidden again."""
    g = game()
    g.read_until(b"? ")
    g.type(b"\x1a")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and g.echo_is_on():
        time.sleep(0.05)
    time.sleep(0.3)
    assert g.proc.poll() is None and not g.echo_is_on()
    g.type(b"1,1\r")
    g.read_until_count(b"? ", 2)
    assert b"1,1" not in g.output


def test_sigquit_restores_the_terminal(game):
    g = game()
    g.read_until(b"? ")
    g.proc.send_signal(signal.SIGQUIT)
    assert g.finish() == 128 + signal.SIGQUIT
    assert termios.tcgetattr(g.slave) == g.before


def test_an_ignored_hangup_stays_ignored():
    code = (
        "import signal, os, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
        "from life2_retro.terminals.console import ConsoleTerminal; "
        "m, s = os.openpty(); t = ConsoleTerminal(os.fdopen(s, 'rb', buffering=0), sys.stdout); "
        "t.__enter__(); print(signal.getsignal(signal.SIGHUP) is signal.SIG_IGN); t.close()"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True
    ).stdout
    assert out.strip() == "True"


def test_control_and_escape_characters_never_reach_the_output():
    """With piped input the echo is shown, so a typed escape sequence would show up if it got through."""
    script = b"\x1b[31m\x1b]0;pwned\x07\x0e1,1\n" + b"\n".join(QUICK_GAME[1:]) + b"\n"
    # gwbasic: Esc erases the line so far, BEL and Ctrl-N are dropped; ms1978: control characters
    # are dropped except BEL, which the 1978 BASIC keeps and echoes (ms1978.md E3)
    for dialect, echo in (("gwbasic", b"? ]0;pwned1,1\r\n"), ("ms1978", b"? [31m]0;pwned\x071,1\r\n")):
        result = subprocess.run(
            [sys.executable, "-m", "life2_retro", "--dialect", dialect],
            input=script,
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0 and echo in result.stdout
        assert not set(result.stdout) - set(range(0x20, 0x7F)) - {0x0D, 0x0A, 0x07}, dialect


def test_piped_input_plays_and_shows_the_echo():
    script = b"\n".join(QUICK_GAME) + b"\n"
    result = subprocess.run(
        [sys.executable, "-m", "life2_retro", "--dialect", "gwbasic"],
        input=script,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert b"? 1,1\r\n" in result.stdout and b"PLAYER 2 IS THE WINNER" in result.stdout


def test_only_printable_ascii_cr_lf_and_bel_reach_the_console():
    assert printable(b"? 1,1\r\n\a") == "? 1,1\r\n\a"
    assert printable(b"\x1b[2J\x00\x9b\xff\x7fA\x0e") == "[2JA"


def test_a_signal_ends_the_game_while_output_is_stopped_and_another_program_writes(game):
    """Ctrl-S stops a terminal's output, and a program writing to it (a background job) waits for
    Ctrl-Q. The kernel made a TCSADRAIN change of the modes wait for that writer: the game, told to
    stop, hung in giving the terminal back."""
    g = game()
    g.read_until(b"? ")
    g.wait_until_reading()
    g.type(b"\x13")  # Ctrl-S
    writer = subprocess.Popen([sys.executable, "-c", "import os; os.write(1, b'news')"], stdout=g.slave)
    try:
        g.wait_until_reading(pid=writer.pid)  # asleep in its write
        g.proc.send_signal(signal.SIGTERM)
        assert g.finish(PROMPTLY) == 128 + signal.SIGTERM
        assert termios.tcgetattr(g.slave) == g.before
    finally:
        g.type(b"\x11")  # Ctrl-Q: the writer goes on
        writer.wait(timeout=20)


def run_on_a_pty(code: str) -> PtyGame:
    """`code` run by Python with a pty as its terminal, as a game is."""
    return PtyGame(command=[sys.executable, "-c", code])


SIGNAL_AS_THE_ECHO_GOES_OFF = """
import os, signal
from life2_retro.terminals.console import ConsoleTerminal

hide = ConsoleTerminal._set_echo


def hide_then_signal(terminal):
    hide(terminal)
    os.kill(os.getpid(), signal.SIGTERM)  # its handler runs before os.kill returns


ConsoleTerminal._set_echo = hide_then_signal
with ConsoleTerminal():
    pass
"""


def test_a_signal_as_the_terminal_is_taken_gives_it_back():
    """A signal whose handler raised in `__enter__` (the echo just turned off) skipped `__exit__`."""
    g = run_on_a_pty(SIGNAL_AS_THE_ECHO_GOES_OFF)
    try:
        assert g.finish(PROMPTLY) == 128 + signal.SIGTERM
        assert termios.tcgetattr(g.slave) == g.before
    finally:
        g.close()


SECOND_SIGNAL_WHILE_GIVING_BACK = """
import os, signal
from life2_retro.terminals.console import ConsoleTerminal

put_back = signal.signal


def put_back_then_hang_up(signum, handler):
    previous = put_back(signum, handler)
    if signum == signal.SIGTERM and handler == signal.SIG_DFL:  # close() has begun
        os.kill(os.getpid(), signal.SIGHUP)  # a handler still ours would run before os.kill returns
    return previous


with ConsoleTerminal():
    signal.signal = put_back_then_hang_up
    os.kill(os.getpid(), signal.SIGTERM)
"""


def test_a_second_signal_while_the_terminal_is_given_back_does_not_leave_it_half_done():
    """SIGTERM, and a SIGHUP as the console gives the terminal back (a window closed as the game was
    told to stop): the SIGHUP's handler raised in `close`, before the modes were restored. Now it
    waits until they are, and then ends the process as SIGHUP does."""
    g = run_on_a_pty(SECOND_SIGNAL_WHILE_GIVING_BACK)
    try:
        assert g.finish(PROMPTLY) == -signal.SIGHUP
        assert termios.tcgetattr(g.slave) == g.before
    finally:
        g.close()
