"""Waiting for a terminal in a way no signal can slip past.

Python runs a signal's handler in the main thread, between two bytecodes: the
C-level handler only notes that the signal came. A signal that arrives after
Python last looked and before a blocking read begins (a few microseconds; on a
busy machine the process can lose the CPU just there) is noted, and the read
then sleeps as if nothing had happened. The handler runs only when the read
returns, which at a prompt is when someone types. A museum's SIGTERM, or the
SIGHUP of a closed terminal window, would end nothing.

The cure is the one asyncio uses. `signal.set_wakeup_fd` makes the C-level
handler also write a byte to a pipe. A read begins only once a `select` on the
pipe and the input together says the input is ready. A signal that came before
the `select` has left its byte in the pipe, so the `select` returns at once and
the handler runs. A handler that returns (SIGCONT after `fg`) lets the wait go on.
A write waits the same way: one to a terminal whose output is stopped (Ctrl-S)
sleeps as long as a read at a prompt.
"""

from __future__ import annotations

import os
import select
import signal
from contextlib import suppress


class SignalWake:
    """A pipe the C-level signal handler writes to while this is installed."""

    def __init__(self) -> None:
        self._read_end, self._write_end = os.pipe()
        os.set_blocking(self._read_end, False)
        os.set_blocking(self._write_end, False)  # a handler must never block on a full pipe
        self._previous: int | None = None

    def install(self) -> bool:
        """Whether signals now wake `wait_readable`: only the main thread may arrange it."""
        try:
            self._previous = signal.set_wakeup_fd(self._write_end, warn_on_full_buffer=False)
        except ValueError:
            return False
        return True

    def close(self) -> None:
        """Give the wakeup back to whoever had it, and close the pipe."""
        if self._previous is not None:
            with suppress(ValueError):
                signal.set_wakeup_fd(self._previous)
            self._previous = None
        for end in (self._read_end, self._write_end):
            with suppress(OSError):
                os.close(end)
        self._read_end = self._write_end = -1

    def wait_readable(self, fd: int) -> None:
        """Until `fd` has something to read (a line, its end, or an error). A handler that raises
        (SIGTERM, SIGHUP, Ctrl-C) ends the wait from inside it, whenever its signal came."""
        self._wait(fd, writing=False)

    def wait_writable(self, fd: int) -> None:
        """Until `fd` takes a byte: a terminal whose output is stopped (Ctrl-S) takes none, and a
        write would sleep there as a read does at a prompt."""
        self._wait(fd, writing=True)

    def _wait(self, fd: int, writing: bool) -> None:
        while True:
            readable, writable, _ = select.select(
                [self._read_end] if writing else [fd, self._read_end], [fd] if writing else [], []
            )
            if self._read_end in readable:
                self._drain()
            if fd in (writable if writing else readable):
                return

    def _drain(self) -> None:
        with suppress(BlockingIOError):
            while os.read(self._read_end, 256):
                pass
