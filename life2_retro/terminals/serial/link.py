"""One serial line through pyserial, kept open through unplugging.

The port is anything `serial_for_url` takes: a device path, `loop://`,
`socket://host:port`, `rfc2217://host:port`. When it goes away (a USB adapter
pulled out, a pty closed, a socket dropped), reads and writes raise LinkLost.
The owner then calls `reopen`, which tries again with backoff (50 ms,
doubling to 5 s) and says on stderr what is going on, or `try_reopen` once a
frame, which never blocks a window.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from .settings import LineSettings

if TYPE_CHECKING:  # pyserial is imported when a port is opened
    from serial import Serial

FIRST_RETRY = 0.05
LAST_RETRY = 5.0
"""Seconds between tries to reopen: a replugged adapter is back within a second or two."""


try:
    from termios import error as termios_error
except ImportError:  # pragma: no cover - not POSIX: pyserial's Windows ports raise OSError only
    _TTY_ERRORS: tuple[type[Exception], ...] = ()
else:
    _TTY_ERRORS = (termios_error,)

PORT_ERRORS: tuple[type[Exception], ...] = (OSError, ValueError, TypeError, AttributeError, *_TTY_ERRORS)
"""What pyserial raises when a port vanishes mid-call: its own SerialException (an OSError), and,
unwrapped, termios.error from flush (tcdrain) and odd errors from its socket handlers."""

POLL = 0.01
"""Seconds a read waits for the first byte: short enough that a BREAK stops the output at once."""


class LinkLost(OSError):
    """The port went away; reopen it."""


def _mark_breaks(port: object) -> bool:
    """Ask the kernel to mark a BREAK (0xFF 0 0) instead of handing it over as a bare NUL: only a
    serial device (a tty) can; True if this one does."""
    fd = getattr(port, "fd", None)
    if not isinstance(fd, int):
        return False
    try:
        import termios

        if not os.isatty(fd):
            return False
        attrs = termios.tcgetattr(fd)
        attrs[0] = (attrs[0] | termios.PARMRK) & ~(termios.IGNBRK | termios.BRKINT | termios.IGNPAR)
        termios.tcsetattr(fd, termios.TCSANOW, attrs)
        return bool(termios.tcgetattr(fd)[0] & termios.PARMRK)
    except (ImportError, OSError, termios.error):
        return False


def say(message: str) -> None:
    print(f"life2: {message}", file=sys.stderr, flush=True)


class SerialLink:
    def __init__(
        self,
        url: str,
        settings: LineSettings,
        log: Callable[[str], None] = say,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.url = url
        self.settings = settings
        self.log = log
        self.sleep = sleep
        self.port: Serial | None = None
        self.losses = 0
        """How many times the port went away."""
        self.marked = False
        """The kernel marks BREAKs and bad characters on this port (see discipline.py)."""
        self._tries = 0
        self._next_try = 0.0
        self._lost_at = 0.0

    def open(self) -> None:
        """The first open: a port that is not there is an error the user must see."""
        try:
            self.port = self._open()
        except PORT_ERRORS as exc:
            raise OSError(f"cannot open the line {self.url}: {exc}") from None

    def _open(self) -> Serial:
        import serial

        port = serial.serial_for_url(self.url, do_not_open=True)
        for name, value in self.settings.pyserial().items():
            setattr(port, name, value)
        port.timeout = POLL
        port.open()
        self.marked = _mark_breaks(port)
        return port

    # -- bytes both ways ------------------------------------------------------------------------

    def read(self) -> bytes:
        """What has arrived, waiting at most POLL seconds for the first byte.

        The wait is set once, when the port opens: changing it later makes pyserial set the
        port's modes again, which a Linux pty refuses once it has put back its own CS8.
        """
        port = self._port()
        try:
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
            return data
        except PORT_ERRORS as exc:
            raise self._lost(exc) from None

    def write(self, data: bytes, flush: bool = True) -> None:
        """Send, and unless told otherwise wait until the bytes are on the wire (flushed)."""
        if not data:
            return
        port = self._port()
        try:
            port.write(data)
            if flush:
                port.flush()
        except PORT_ERRORS as exc:
            raise self._lost(exc) from None

    def send_break(self, seconds: float = 0.25) -> None:
        port = self._port()
        try:
            port.send_break(seconds)
        except PORT_ERRORS + (NotImplementedError,) as exc:
            raise self._lost(exc) from None

    def drop_output(self) -> None:
        """Whatever the driver still holds for the line is thrown away (Ctrl-C, BREAK)."""
        port = self.port
        if port is not None:
            # not every handler can; the next write will tell if the port is gone
            with contextlib.suppress(*PORT_ERRORS, NotImplementedError):
                port.reset_output_buffer()

    def close(self) -> None:
        port, self.port = self.port, None
        if port is not None:
            # closing a port that has gone away can fail; it is closed either way
            with contextlib.suppress(*PORT_ERRORS):
                port.close()

    # -- losing the port and getting it back ----------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self.port is not None

    def _port(self) -> Serial:
        if self.port is None:
            raise LinkLost(f"the line {self.url} is not open")
        return self.port

    def _lost(self, exc: BaseException) -> LinkLost:
        self.close()
        self.losses += 1
        self._tries = 0
        self._lost_at = time.monotonic()
        self._next_try = self._lost_at + FIRST_RETRY
        self.log(f"the line {self.url} went away ({exc}); waiting for it to come back")
        return LinkLost(str(exc))

    def retry_delay(self) -> float:
        """FIRST_RETRY, doubled at each failed try, up to LAST_RETRY. The doubling stops long past
        LAST_RETRY (32 tries): a port away for hours fails a thousand tries, and 2 ** 1024 overflows
        a float."""
        return min(LAST_RETRY, FIRST_RETRY * 2.0 ** min(self._tries, 32))

    def try_reopen(self) -> bool:
        """One try, if its time has come; True once the port is open again."""
        if self.port is not None:
            return True
        now = time.monotonic()
        if now < self._next_try:
            return False
        try:
            self.port = self._open()
        except PORT_ERRORS as exc:
            self._tries += 1
            delay = self.retry_delay()
            self._next_try = now + delay
            if delay == LAST_RETRY and self._tries % 12 == 0:  # once a minute while it stays away
                self.log(f"still waiting for {self.url} ({exc})")
            return False
        waited = now - self._lost_at
        self.log(f"the line {self.url} is back after {waited:.1f} s")
        return True

    def reopen(self) -> None:
        """Wait, trying again with backoff, until the port is open."""
        while not self.try_reopen():
            self.sleep(max(0.0, self._next_try - time.monotonic()))
