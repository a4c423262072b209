"""The console game under an interactive shell's job control, as a player's bash runs it on a pty.

Ctrl-Z stops the game and gives the shell a sane terminal; `fg` hides the input again and shows
the prompt that was waiting; a stopped game that is killed and continued in the background exits
at once (it used to stop again on SIGTTOU, restoring the terminal's modes from the background).
"""

from __future__ import annotations

import os
import shlex
import sys
import time

import pytest

from ..support.ptygame import PtyGame

pytestmark = pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="needs bash for job control")

GAME = shlex.join([sys.executable, "-m", "life2_retro"])


class Shell(PtyGame):
    """An interactive bash on a pty (job control on), driven by what a person types."""

    def __init__(self) -> None:
        env = {"PS1": "$ ", "TERM": "dumb", "HISTFILE": "/dev/null"}
        super().__init__(env=env, command=["/bin/bash", "--norc", "--noprofile", "-i"])
        self.read_until(b"$ ")

    def command(self, line: str) -> int:
        mark = self.type(line.encode() + b"\r")
        self.read_until(b"$ ", after=self.read_until(b"\n", after=mark))
        return mark


@pytest.fixture
def shell():
    started = Shell()
    yield started
    started.close()


def start_game_and_stop_it(shell: Shell) -> None:
    """The game's first answer typed, then Ctrl-Z at its second prompt."""
    shell.type(GAME.encode() + b"\r")
    shell.read_until(b"? ")
    mark = shell.type(b"1,1\r")
    shell.read_until(b"? ", after=mark)
    shell.wait_until_reading(pid=os.tcgetpgrp(shell.master))  # the game leads the foreground group
    mark = shell.type(b"\x1a")
    shell.read_until(b"$ ", after=shell.read_until(b"Stopped", after=mark))


def job_status(shell: Shell) -> bytes:
    mark = shell.command("jobs -l; echo done")
    return shell.output[mark:]


@pytest.mark.parametrize("continued_by", ["kill -CONT %1", "bg"])
def test_a_stopped_game_killed_and_continued_exits_at_once(shell, continued_by):
    start_game_and_stop_it(shell)
    mark = shell.command(f"kill %1; {continued_by}")
    deadline = time.monotonic() + 5
    while b"[1]" in (status := job_status(shell)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert b"[1]" not in status, shell.output[mark:]  # gone, not "Stopped (tty output)"
    assert b"Exit 143" in shell.output[mark:]  # SIGTERM's status
    # the shell has a terminal that echoes: what it is typed shows
    mark = shell.command("echo typed-and-$((6*7))")
    assert b"echo typed-and-$((6*7))" in shell.output[mark:]
    assert b"typed-and-42" in shell.output[mark:]


def test_fg_shows_the_waiting_prompt_again_with_the_input_hidden(shell):
    start_game_and_stop_it(shell)
    mark = shell.type(b"fg\r")
    after_fg = shell.read_until(b"\n", after=mark)
    shell.read_until(b"? ", after=after_fg)  # the prompt is shown again
    mark = shell.type(b"1,5\r")
    shell.read_until(b"? ", after=mark)  # the game asks player 1 for its next piece
    assert b"1,5" not in shell.output[mark:], "the move would show"
    mark = shell.type(b"\x04")  # Ctrl-D ends the game; the shell's prompt starts its own line
    shell.read_until(b"$ ", after=mark)
    assert shell.output[mark:].startswith(b"\r\n") or shell.output[mark:].startswith(b"\r\r\n")
