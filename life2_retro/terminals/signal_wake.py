"""Waiting for typed input in a way no signal can slip past.

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
        while True:
            ready, _, _ = select.select([fd, self._read_end], [], [])
            if self._read_end in ready:
                self._drain()
            if fd in ready:
                return

    def _drain(self) -> None:
        with suppress(BlockingIOError):
            while os.read(self._read_end, 256):
                pass
