"""One exit rule, whatever the terminal (exits.py): 130 for Ctrl-C wherever it is typed, 128 + N
for signal N, after the same clean shutdown.

Before: SIGTERM gave 0 at the Teletype and glass windows (SDL took it for a click on the close
button) and 143 at the console; SIGHUP killed a window by the signal itself, with no shutdown;
Ctrl-C at a telnet or serial seat gave 0, at the console 130; the exhibit gave 0 for SIGTERM and
died by SIGHUP. The console's and the seats' own tests hold their cases; these hold the rest, as a
user meets them: the real command, in a process of its own, headless.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from life2_retro.commands.running import run_command
from life2_retro.exits import Signalled
from life2_retro.terminals.base import LineInterrupted

PROMPTLY = 10.0
"""Seconds a signalled window may take to close and end: it takes a fraction of one; the rest is
room for a loaded two-core machine."""
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _running_with_a_window(words: list[str], cwd: Path | None = None) -> subprocess.Popen[bytes]:
    """`life2 WORDS`, once its window is open (SDL loaded and some frames drawn)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "life2_retro", *words],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **HEADLESS},
        cwd=cwd,
    )
    deadline = time.monotonic() + 60
    while "libSDL2" not in Path(f"/proc/{process.pid}/maps").read_text():
        assert process.poll() is None, process.stderr.read() if process.stderr else b""
        assert time.monotonic() < deadline, "no window in 60 s"
        time.sleep(0.1)
    time.sleep(0.5)  # the window open, and drawing
    assert process.poll() is None, process.stderr.read() if process.stderr else b""
    return process


def _ended_by(process: subprocess.Popen[bytes], signum: int) -> tuple[int, bytes]:
    process.send_signal(signum)
    try:
        status = process.wait(PROMPTLY)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        pytest.fail(f"still running {PROMPTLY} s after {signal.Signals(signum).name}")
    assert process.stderr is not None
    return status, process.stderr.read()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("terminal", ["teletype", "crt"])
def test_a_signal_ends_a_game_in_a_window_with_128_plus_its_number(terminal, signum):
    process = _running_with_a_window(["--terminal", terminal, "--dialect", "ms1978"])
    status, said = _ended_by(process, signum)
    assert status == 128 + signum and b"Traceback" not in said, said


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_ends_the_exhibit_cleanly(tmp_path, signum):
    """systemd's SIGTERM, a closed terminal's SIGHUP: the exhibit ends as its exit chord ends it (a
    game under way recorded as stopped by the operator: test_runner.py), with 128 + N, where
    SIGTERM gave 0 and SIGHUP killed it."""
    config = tmp_path / "exhibit.toml"
    config.write_text(
        '[exhibit]\nterminal = "crt"\nfullscreen = false\n[attract]\npause_seconds = 0\n'
        "[crt]\nbaud = 9600\n[teletype]\nsound = false\n"
    )
    process = _running_with_a_window(["exhibit", "--config", str(config)], cwd=tmp_path)
    status, said = _ended_by(process, signum)
    assert status == 128 + signum and b"Traceback" not in said, said


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_ends_life2_terminal_on_its_line(signum):
    process = _running_with_a_window(["terminal", "--port", "loop://"])
    status, said = _ended_by(process, signum)
    assert status == 128 + signum and b"Traceback" not in said, said


def test_ctrl_c_typed_at_a_window_ends_the_game_as_at_the_console(monkeypatch):
    """Ctrl-C in a window's keys did nothing; at the console it ends the game (130), or is the BASIC's
    BREAK where the BASIC reads it as a key, and the window now does what the console does."""
    for name, value in HEADLESS.items():
        monkeypatch.setenv(name, value)
    from tests.support.windows import key, teletype

    tty = teletype()
    try:
        pygame = tty.pygame
        key(pygame, pygame.K_c, mod=pygame.KMOD_LCTRL)
        with pytest.raises(LineInterrupted):
            tty.read_line()
    finally:
        tty.close()


def test_the_status_of_each_way_a_command_ends():
    def raising(exc: BaseException):
        def action() -> None:
            raise exc

        return action

    assert run_command("play", raising(LineInterrupted())) == 130  # Ctrl-C at a window or a seat's line
    assert run_command("play", raising(KeyboardInterrupt())) == 130  # Ctrl-C at the console
    with pytest.raises(SystemExit) as ended:
        run_command("play", raising(Signalled(signal.SIGHUP)))
    assert ended.value.code == 129


def test_a_signal_during_a_held_block_ends_the_command_as_the_block_ends():
    """`import pygame` imports NumPy, whose start-up lost a Signalled raised inside it: a SIGTERM
    sent just after `life2 terminal` started left its window running for good. A signal there is
    held, and raised as the import is done; the block runs to its end first."""
    from life2_retro.exits import ending_on_signals, signals_held

    ran_on = False
    with pytest.raises(Signalled) as ended, ending_on_signals(), signals_held():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)  # the handler runs in here, between two bytecodes
        ran_on = True
    assert ran_on and ended.value.code == 128 + signal.SIGTERM
