"""A real teletype, or any terminal, on a serial line through pyserial.

The port is any URL `serial_for_url` takes. Output goes on the line at its
baud rate and never faster: a throttle releases each byte when the one before
has had its time on the line, so a BREAK or Ctrl-C finds almost nothing
queued and the output stops at once. Input goes through the line discipline
(discipline.py): parity stripped, lower case folded, RUBOUT and line kill, 72
characters at most.

Nothing typed is echoed unless `echo` is on, so the opponent cannot read the
move. With echo on, life2 echoes each key as a full-duplex host does, and on a
Teletype the listing's ink blot then hides the move.

When the port goes away (a USB adapter pulled out), the game waits: the line
is reopened with backoff, stderr says so, and once it is back the terminal
reprints what a player needs to go on (the board and the pending prompt, as
the program marked them) and the game continues. A half-typed answer is
dropped: the player could not see it, and types it again at the prompt.
"""

from __future__ import annotations

import contextlib
import time

from ..base import IdleTimeout, KeyHook, LineInterrupted
from ..options import Option
from ..pacing import LinePace, Throttle, WallClock
from ..redisplay import RedisplayingTerminal
from .discipline import LineDiscipline, LineOutput
from .link import LinkLost, SerialLink
from .settings import LINE_OPTIONS, LineSettings

ECHO = Option(
    "echo",
    "echo each key as a full-duplex host does (the listing's ink blot hides it on paper); "
    "off by default, so the opponent cannot read the move",
    default=False,
    kind=bool,
)
UPPERCASE = Option("uppercase", "fold the output to capitals", default=False, kind=bool)
FILL_CR = Option(
    "fill_cr", "fill characters after CR (default 2)", default=2, kind=int, low=0, high=100, metavar="N"
)
FILL_LF = Option(
    "fill_lf", "fill characters after LF (default 1)", default=1, kind=int, low=0, high=100, metavar="N"
)
"""NULs after CR and after LF by default: time for a Model 33's carriage to return and its paper to feed."""
PACE_BAUD = Option(
    "pace_baud",
    "pace the writes at this speed while the port keeps its --baud",
    kind=int,
    low=1,
    high=4_000_000,
    hidden=True,
)
"""For tests: a game at 110 baud that takes a second."""
WATCHED_POLL = 0.05
"""Seconds between looks at a seat's away line: its watch hears of the wait at least this often."""


class SerialTerminal(RedisplayingTerminal):
    """The game's terminal is at the far end of a serial line."""

    DESCRIPTION = "a real teletype on a serial line"
    OPTIONS = (*LINE_OPTIONS, ECHO, UPPERCASE, FILL_CR, FILL_LF, PACE_BAUD)

    def __init__(
        self,
        port: str,
        *,
        baud: int = LineSettings.baud,
        bytesize: int = LineSettings.bytesize,
        parity: str = LineSettings.parity,
        stopbits: float = LineSettings.stopbits,
        flow: str = LineSettings.flow,
        echo: bool = ECHO.default,
        uppercase: bool = UPPERCASE.default,
        fill_cr: int = FILL_CR.default,
        fill_lf: int = FILL_LF.default,
        pace_baud: int | None = PACE_BAUD.default,
        link: SerialLink | None = None,
    ) -> None:
        super().__init__()
        settings = LineSettings(baud, bytesize, parity, stopbits, flow)
        self.output = LineOutput(fill_cr, fill_lf, uppercase=uppercase)
        self.discipline = LineDiscipline(echo=echo)
        pace = LinePace(
            pace_baud or baud, carriage_return=0.0, bits_per_character=settings.bits_per_character
        )
        self.throttle = Throttle(pace, WallClock())
        self.link = link or SerialLink(port, settings)
        self._lines: list[bytes] = []
        self._reading = False
        self._on_key: KeyHook | None = None
        """The wake-up of the call now on the line (write, idle): a key while no line is read."""
        self._last_key = time.monotonic()
        self.link.open()
        self.discipline.marked = self.link.marked
        self.link.log(f"playing on the line {port} ({settings.describe()}); Ctrl-C here ends the game")

    # -- the terminal contract ------------------------------------------------------------------

    def write(self, data: bytes, on_key: KeyHook | None = None) -> None:
        self.remember(data)
        self._on_key = on_key
        try:
            self._send(self.output.shape(data))
        except LinkLost:
            self._recover()
        finally:
            self._on_key = None

    def echo(self, data: bytes) -> None:
        """The BASIC's echo of the whole line: the line discipline has echoed each key already (or
        was told not to)."""

    def read_line(self, idle_seconds: float | None = None) -> bytes | None:
        self._reading = True
        self._last_key = time.monotonic()
        try:
            while not self._lines:
                if self._poll():
                    self._last_key = time.monotonic()  # the time away is not the player's
                if self.meanwhile is not None:
                    self.meanwhile()
                if idle_seconds is not None and time.monotonic() - self._last_key >= idle_seconds:
                    self.discard_input()
                    raise IdleTimeout
        finally:
            self._reading = False
        return self._lines.pop(0)

    def idle(self, seconds: float, on_key: KeyHook | None = None) -> None:
        until = time.monotonic() + seconds
        self._on_key = on_key
        try:
            while time.monotonic() < until:
                self._poll()
        finally:
            self._on_key = None

    def stop_output(self) -> None:
        self.throttle.clear()
        self.link.drop_output()

    def discard_input(self) -> None:
        self.discipline.discard()
        self._lines.clear()

    def close(self) -> None:
        self.link.close()

    # -- the line -------------------------------------------------------------------------------

    def _poll(self) -> bool:
        """Take what was typed and send what is due; True when the line had to be brought back."""
        try:
            self._take(self.link.read())
            self._pump()
        except LinkLost:
            self._recover()
            return True
        return False

    def _pump(self) -> None:
        """Send what is due (the echo of keys, a bell) without waiting for the rest."""
        if self.throttle.pending:
            due = self.throttle.due()
            if due:
                self.link.write(due)

    def _send(self, data: bytes) -> None:
        """Put the bytes on the line at its pace, listening for Ctrl-C and BREAK in between."""
        throttle = self.throttle
        throttle.feed(data)
        while throttle.pending:
            due = throttle.next_due() or 0.0
            if due > time.monotonic():
                self._take(self.link.read())
                continue
            self.link.write(throttle.due())

    def _take(self, data: bytes) -> None:
        """Typed bytes: lines to hand over, an echo to send, or the game to stop."""
        if not data:
            return
        keyed = self.discipline.feed(data)
        if keyed.interrupted:
            self.stop_output()
            with contextlib.suppress(LinkLost):  # stopping anyway
                self.link.write(self.output.shape(b"\r\n"))
            self.link.log("the player stopped the game from the line (Ctrl-C or BREAK)")
            raise LineInterrupted
        if not keyed.keys:
            return  # noise: nobody typed anything
        self._last_key = time.monotonic()
        if not self._reading and self._on_key is not None:
            self._on_key()
        self._lines += keyed.lines
        if keyed.echo:
            self.throttle.feed(self.output.shape(keyed.echo))

    def _recover(self) -> None:
        """The port went away: wait for it, then reprint what the player needs, on a fresh line."""
        self.throttle.clear()
        self.discard_input()
        lost_at = time.monotonic()
        while True:
            self._wait_for_line(lost_at)
            self.discipline.marked = self.link.marked
            try:
                self._send(self.output.shape(b"\r\n" + self.redisplay()))
            except LinkLost:
                continue
            if self.watch is not None:
                self.watch.back()
            return

    def _wait_for_line(self, lost_at: float) -> None:
        """Until the port is open again; a seat's watch hears how long it has been away, and may
        give the line up (SeatLost) instead of waiting for ever."""
        watch = self.watch
        if watch is None:
            self.link.reopen()
            return
        while not self.link.try_reopen():
            watch.away(time.monotonic() - lost_at)
            time.sleep(WATCHED_POLL)
