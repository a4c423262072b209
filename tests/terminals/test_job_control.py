"""The console game under an interactive shell's job control, as a player's bash runs it on a pty.

Ctrl-Z stops the game and gives the shell a sane terminal; `fg` hides the input again and shows
the prompt that was waiting; a stopped game that is killed and continued in the background exits
at once (it used to stop again on SIGTTOU, restoring the terminal's modes from the background).
"""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import sys
import time

import pytest

from ..support.ptygame import _as_at_a_login_terminal

pytestmark = pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="needs bash for job control")

GAME = shlex.join([sys.executable, "-m", "life2_retro"])


class Shell:
    """An interactive bash on a pty (job control on), driven by what a person types."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "PS1": "$ ", "TERM": "dumb", "HISTFILE": "/dev/null"}
        self.proc = subprocess.Popen(
            ["/bin/bash", "--norc", "--noprofile", "-i"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            preexec_fn=_as_at_a_login_terminal,
            env=env,
        )
        os.close(slave)
        self.output = b""
        self.read_until(b"$ ")

    def read_until(self, marker: bytes, after: int = 0, timeout: float = 20) -> int:
        """Read until `marker` appears at or after offset `after`; its offset."""
        deadline = time.monotonic() + timeout
        while (found := self.output.find(marker, after)) < 0:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} in {self.output[after:][-400:]!r}")
            if select.select([self.master], [], [], left)[0]:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise EOFError(f"the shell went before {marker!r}: {self.output[-400:]!r}")
                self.output += chunk
        return found

    def type(self, data: bytes) -> int:
        """Type `data`; the offset from which what answers it appears."""
        mark = len(self.output)
        os.write(self.master, data)
        return mark

    def command(self, line: str) -> int:
        mark = self.type(line.encode() + b"\r")
        self.read_until(b"$ ", self.read_until(b"\n", mark))
        return mark

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


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
    shell.read_until(b"? ", mark)
    mark = shell.type(b"\x1a")
    shell.read_until(b"$ ", shell.read_until(b"Stopped", mark))


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
    after_fg = shell.read_until(b"\n", mark)
    shell.read_until(b"? ", after_fg)  # the prompt is shown again
    mark = shell.type(b"1,5\r")
    shell.read_until(b"? ", mark)  # the game asks player 1 for its next piece
    assert b"1,5" not in shell.output[mark:], "the move would show"
    mark = shell.type(b"\x04")  # Ctrl-D ends the game; the shell's prompt starts its own line
    shell.read_until(b"$ ", mark)
    assert shell.output[mark:].startswith(b"\r\n") or shell.output[mark:].startswith(b"\r\r\n")
