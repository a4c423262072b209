"""A game of `life2` on a real pseudo-terminal, driven as a person at the keyboard would."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import subprocess
import sys
import termios
import time
from contextlib import suppress


def _as_at_a_login_terminal() -> None:
    """The child's pty becomes its controlling terminal. (Its signals are a terminal's already: the
    suite's processes take SIGINT, SIGHUP and SIGQUIT as a player's do, tests/conftest.py.)"""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyGame:
    """`python -m life2_retro ARGS` with a pty as its controlling terminal; we hold both ends."""

    def __init__(
        self,
        *args: str,
        env: dict[str, str] | None = None,
        command: list[str] | None = None,
        stderr_apart: bool = False,
    ) -> None:
        """`command` runs in place of the game (a shell that starts it, say). `stderr_apart`: the
        game's stderr is a pipe of its own (`errors()` reads it), so a test can tell it from stdout."""
        self.master, self.slave = os.openpty()
        self.before = termios.tcgetattr(self.slave)
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "life2_retro", *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=subprocess.PIPE if stderr_apart else self.slave,
            start_new_session=True,
            preexec_fn=_as_at_a_login_terminal,
            # faulthandler: a game that does not end is asked for its Python stack (see `finish`)
            env={**os.environ, "PYTHONFAULTHANDLER": "1", **(env or {})},
        )
        self.output = b""
        self.stderr = b""

    def errors(self, until: bytes | None = None, timeout: float = 20) -> bytes:
        """What the game wrote to its stderr pipe so far; with `until`, waiting up to `timeout` for
        it to appear there (else only for what is ready now)."""
        assert self.proc.stderr is not None, "start the game with stderr_apart=True"
        deadline = time.monotonic() + (timeout if until is not None else 0)
        while until is None or until not in self.stderr:
            left = max(0.0, deadline - time.monotonic())
            if not select.select([self.proc.stderr], [], [], left)[0]:
                break
            chunk = os.read(self.proc.stderr.fileno(), 4096)
            if not chunk:
                break
            self.stderr += chunk
        return self.stderr

    def read_until(self, marker: bytes, timeout: float = 20, after: int = 0) -> int:
        """Read until `marker` is in the output at or after offset `after`; where it is."""
        deadline = time.monotonic() + timeout
        while (found := self.output.find(marker, after)) < 0:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {marker!r} in {self.output[after:][-600:]!r}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise EOFError(f"closed before {marker!r}: {self.output[-300:]!r}")
                self.output += chunk
        return found

    def type(self, data: bytes) -> int:
        """Type `data`; the offset in the output from which what answers it appears."""
        mark = len(self.output)
        os.write(self.master, data)
        return mark

    def read_until_count(self, marker: bytes, count: int, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while self.output.count(marker) < count:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{count} x {marker!r} not seen: {self.output[-300:]!r}")
            self.read_until(marker, timeout)
            if self.output.count(marker) < count:
                ready, _, _ = select.select([self.master], [], [], 0.5)
                if ready:
                    self.output += os.read(self.master, 4096)

    def wait_until_reading(self, timeout: float = 20, pid: int | None = None) -> None:
        """Wait until the game (or process `pid`) sleeps on its read: a signal key (Ctrl-C, Ctrl-Z)
        typed as the prompt arrives, before the game has asked for the line, would reach it outside
        the read, as no person could type it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with open(f"/proc/{pid or self.proc.pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "S":
                    return
            time.sleep(0.01)
        raise TimeoutError("the game never waited for a line")

    def asleep_in(self) -> str | None:
        """The system call the game sleeps in, its number and arguments as the kernel shows them
        (compare it with one seen before: the numbers differ between machines); None while it runs."""
        with open(f"/proc/{self.proc.pid}/syscall") as syscall:
            call = syscall.read().split()
        return None if call[0] == "running" else " ".join(call[:7])  # leaving out the stack and pc

    def wait_until_asleep_elsewhere(self, than: str, timeout: float = 20) -> None:
        """Wait until the game sleeps in a system call other than `than` (from `asleep_in`): a read
        and a write differ, and so do a select that waits to read and one that waits to write."""
        deadline = time.monotonic() + timeout
        while self.asleep_in() in (None, than):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the game still sleeps in system call {than}, or runs")
            time.sleep(0.01)

    def echo_is_on(self) -> bool:
        return bool(termios.tcgetattr(self.slave)[3] & termios.ECHO)

    def finish(self, timeout: float = 20) -> int:
        """The game's exit status once it has ended, waiting up to `timeout`; a game that does not
        end fails the test with where it sleeps and what it printed, its Python stack last."""
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(self._still_running(timeout)) from None
        self._drain()
        return code

    def _still_running(self, timeout: float) -> str:
        where = "?"
        with suppress(OSError), open(f"/proc/{self.proc.pid}/wchan") as wchan:
            where = wchan.read() or "?"
        # faulthandler (on, see __init__) prints the Python stack on the game's stderr as SIGABRT ends
        # it; then Ctrl-Q, or a terminal stopped with Ctrl-S would keep the stack from us (and not
        # before: the game would go on from where it hung)
        self.proc.send_signal(signal.SIGABRT)
        time.sleep(0.2)
        with suppress(OSError):
            os.write(self.master, b"\x11")
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)
        self._drain()
        errors = self.errors() if self.proc.stderr is not None else b""
        printed = (self.output[-2000:] + errors[-2000:]).decode("ascii", "replace")
        return f"still running {timeout} s on, asleep in the kernel's {where}; it printed:\n{printed}"

    def _drain(self) -> None:
        """Read what is left on the pty."""
        while select.select([self.master], [], [], 0.1)[0]:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.output += chunk

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr is not None:
            self.proc.stderr.close()
        os.close(self.master)
        os.close(self.slave)
