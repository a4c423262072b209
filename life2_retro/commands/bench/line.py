"""`life2 bench --line`: characters per second on a serial line, measured at the far end of a pty.

life2 writes through its serial terminal, exactly as in a game, to a
pseudo-terminal; a reader at the other end notes when each character
arrives. A pty has no UART, so what is measured is life2's own pacing: it
must never be faster than the line, and should not be much slower.
"""

from __future__ import annotations

import os
import select
import threading
import time

from ...terminals.serial.link import SerialLink
from ...terminals.serial.settings import LineSettings
from ...terminals.serial.terminal import SerialTerminal

RUNS = ((110, 60), (300, 100), (1200, 240), (9600, 1200))
"""(baud, characters sent): about six seconds at 110 baud, one or two at the others."""


def _quiet(message: str) -> None:
    """The bench's line needs no news on stderr."""


def _arrivals(master: int, count: int, times: list[float]) -> None:
    got = 0
    while got < count:
        if not select.select([master], [], [], 10)[0]:
            return
        data = os.read(master, 4096)
        now = time.monotonic()
        times.extend([now] * len(data))
        got += len(data)


def measure(baud: int, count: int) -> float:
    """Characters a second arriving at the far end while life2 sends `count` of them.

    Timed from the moment life2 is handed the characters to the arrival of the last: a reader
    that wakes late for the first one cannot make the line look faster than it is."""
    master, slave = os.openpty()
    times: list[float] = []
    try:
        reader = threading.Thread(target=_arrivals, args=(master, count, times))
        reader.start()
        settings = LineSettings(baud=baud)
        link = SerialLink(os.ttyname(slave), settings, log=_quiet)
        with SerialTerminal(os.ttyname(slave), baud=baud, link=link, fill_cr=0, fill_lf=0) as line:
            started = time.monotonic()
            line.write(b"A" * count)
        reader.join(timeout=30)
    finally:
        os.close(master)
        os.close(slave)
    if len(times) < count or times[-1] <= started:
        raise OSError(f"the pty delivered {len(times)} of {count} characters")
    return len(times) / (times[-1] - started)


def bench() -> int:
    print("life2 bench --line: life2's serial terminal writing to a pty, 7E2 (11 units a character)")
    for baud, count in RUNS:
        nominal = LineSettings(baud=baud).characters_per_second
        measured = measure(baud, count)
        print(
            f"  {baud:5} baud: {count:5} characters, nominal {nominal:7.2f}/s, "
            f"measured {measured:7.2f}/s, ratio {measured / nominal:.4f}"
        )
    return 0
