"""The pace of a line: one throttle between the program and a terminal that paces.

A Teletype Model 33 on a 110-baud line receives 11 bits a character (1 start,
7 data, 1 parity, 2 stop): every byte takes exactly 100 ms, 10 a second. A
carriage return needs about 200 ms to bring the carriage home (Teletype
Bulletin 310B). The line goes on meanwhile, which is why a host follows CR with
LF or fill characters: a character that arrives before the carriage is home
would print on its way back. The throttle holds such a character until the
carriage is home.

The throttle holds the bytes a program sent and releases each one when its
time on the line is over, against a clock: the real one when people play, a
simulated one in tests. Nothing else in life2 waits for pacing, so clearing
the throttle (Esc, Break) stops the output at once.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

BITS_PER_CHARACTER = 11
OSI_CHALLENGER_1P_HZ = 983_000
"""The 6502's clock in an Ohio Scientific Challenger 1P, which ran Microsoft's BASIC of 1977: about
0.983 MHz, what the historical speed runs the 1978 program at unless told otherwise."""
CARRIAGE_RETURN_SECONDS = 0.2
_EPSILON = 1e-9
"""Clock steps and character times are floats; a byte due within a nanosecond is due."""


class WallClock:
    """Seconds as they pass."""

    def now(self) -> float:
        return time.monotonic()


class SimulatedClock:
    """Seconds as a test says they pass."""

    def __init__(self, start: float = 0.0, frame_step: float = 1 / 60) -> None:
        self._now = start
        self.frame_step = frame_step
        """How far a pygame terminal's frame moves this clock: a coarse step makes a long soak quick."""

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds


@dataclass(frozen=True)
class LinePace:
    """A line's speed; `baud` None means as fast as it comes."""

    baud: int | None = 110
    carriage_return: float = CARRIAGE_RETURN_SECONDS
    """How long after a CR the carriage is home and the next character can print."""
    bits_per_character: float = BITS_PER_CHARACTER
    """Start bit, data bits, parity bit and stop bits: 11 for a Model 33 (7E2), 10.5 with 1.5 stop bits."""

    @property
    def seconds_per_byte(self) -> float:
        return 0.0 if self.baud is None else self.bits_per_character / self.baud


class Throttle:
    """Bytes in at once, bytes out at the pace of the line."""

    def __init__(self, pace: LinePace, clock: WallClock | SimulatedClock) -> None:
        self.pace = pace
        self.clock = clock
        self._queue: deque[int] = deque()
        self._busy_until = clock.now()
        """When the byte now on the line is done."""
        self._carriage_home = clock.now()
        """When the carriage is back at the left margin after the last CR."""

    def feed(self, data: bytes) -> None:
        if not self._queue:
            self._busy_until = max(self._busy_until, self.clock.now())
        self._queue.extend(data)

    @property
    def pending(self) -> int:
        return len(self._queue)

    def due(self, unlimited: bool = False) -> bytes:
        """The bytes whose time on the line is over (all of them when `unlimited`)."""
        now = self.clock.now()
        if unlimited:
            everything = bytes(self._queue)
            self._queue.clear()
            self._busy_until = self._carriage_home = now
            return everything
        out = bytearray()
        queue = self._queue
        step = self.pace.seconds_per_byte
        while queue:
            byte = queue[0]
            finish = self._finish(byte, step)
            if finish > now + _EPSILON:
                break
            self._busy_until = finish
            if byte == 0x0D:
                self._carriage_home = finish + (self.pace.carriage_return if step else 0.0)
            out.append(queue.popleft())
        return bytes(out)

    def drained_at(self) -> float:
        """When the last byte held will be due (the carriage's waits aside)."""
        if not self._queue:
            return self.clock.now()
        return self._busy_until + len(self._queue) * self.pace.seconds_per_byte

    def next_due(self) -> float | None:
        """When the next held byte is due on the clock (None when nothing is held)."""
        if not self._queue:
            return None
        return self._finish(self._queue[0], self.pace.seconds_per_byte)

    def _finish(self, byte: int, step: float) -> float:
        """When `byte`, next on the line, is done: a printing character also waits for the carriage."""
        finish = self._busy_until + step
        return max(finish, self._carriage_home) if byte >= 0x20 else finish

    def hold(self, seconds: float) -> None:
        """The line stood still this long (a seat away): what it still holds comes out at the pace
        it had, not all at once as if overdue."""
        self._busy_until += seconds
        self._carriage_home += seconds

    def clear(self) -> None:
        """Break: whatever has not been sent is dropped."""
        self._queue.clear()
        self._busy_until = self.clock.now()


class HistoricalPace:
    """The machine's own speed: each BASIC line costs its time, as it did in 1977.

    The machine's time runs ahead line by line; the terminal catches up by idling
    in whole frames. `charge` takes what a line cost and says how long to idle now:
    nothing until the debt is at least `step` (about a frame, so that a line costs
    its share of a second and not a whole frame). A frame that overshot is credited
    to the next lines, but a wait for a key is not (the debt never reaches back more
    than `slack`).
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        step: float = 0.02,
        slack: float = 0.1,
        clock_hz: float = OSI_CHALLENGER_1P_HZ,
    ) -> None:
        self.clock = clock
        self.step = step
        self.slack = slack
        self.clock_hz = clock_hz
        """The old machine's clock, which turns its cycles into seconds."""
        self._machine_time = 0.0

    def charge(self, seconds: float) -> float:
        """A line that took `seconds` on the old machine: how long to idle now (0 for not yet)."""
        now = self.clock()
        self._machine_time = max(self._machine_time, now - self.slack) + seconds
        wait = self._machine_time - now
        return wait if wait >= self.step else 0.0

    def charge_cycles(self, cycles: int) -> float:
        """Work that took the old machine `cycles` of its clock: how long to idle now (0 for not yet)."""
        return self.charge(cycles / self.clock_hz)
