"""The pace of a line: one throttle between the program and a terminal that paces.

A Teletype Model 33 on a 110-baud line receives 11 bits a character (1 start,
7 data, 1 parity, 2 stop): exactly 10 characters a second. A carriage return
needs about 200 ms to bring the carriage home (Teletype Bulletin 310B). The
throttle holds the bytes a program sent and releases each one when its time on
the line is over, against a clock: the real one when people play, a simulated
one in tests. Nothing else in life2 waits for pacing, so BREAK (clearing the
throttle) stops the output at once.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

BITS_PER_CHARACTER = 11
CARRIAGE_RETURN_SECONDS = 0.2
_EPSILON = 1e-9
"""Clock steps and character times are floats; a byte due within a nanosecond is due."""


class WallClock:
    """Seconds as they pass."""

    def now(self) -> float:
        return time.monotonic()


class SimulatedClock:
    """Seconds as a test says they pass."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds


@dataclass(frozen=True)
class LinePace:
    """How long each byte takes on the line; `baud` None means as fast as it comes."""

    baud: int | None = 110
    carriage_return: float = CARRIAGE_RETURN_SECONDS

    @property
    def characters_per_second(self) -> float | None:
        return None if self.baud is None else self.baud / BITS_PER_CHARACTER

    def seconds(self, byte: int) -> float:
        cps = self.characters_per_second
        if cps is None:
            return 0.0
        if byte == 0x0D:
            return max(1 / cps, self.carriage_return)
        return 1 / cps


class Throttle:
    """Bytes in at once, bytes out at the pace of the line."""

    def __init__(self, pace: LinePace, clock: WallClock | SimulatedClock) -> None:
        self.pace = pace
        self.clock = clock
        self._queue: deque[int] = deque()
        self._busy_until = clock.now()
        """When the byte now on the line is done."""

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
        out = bytearray()
        queue = self._queue
        while queue:
            finish = self._busy_until + self.pace.seconds(queue[0])
            if finish > now + _EPSILON and not unlimited:
                break
            self._busy_until = now if unlimited else finish
            out.append(queue.popleft())
        return bytes(out)

    def time_left(self) -> float:
        """Seconds until everything queued has been sent."""
        total = sum(self.pace.seconds(byte) for byte in self._queue)
        return max(0.0, self._busy_until + total - self.clock.now())

    def clear(self) -> None:
        """BREAK: whatever has not been sent is dropped."""
        self._queue.clear()
        self._busy_until = self.clock.now()
