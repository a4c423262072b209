"""`life2 bench --render`: frames per second of each pygame terminal, headless, 1024x768, effects on.

Each terminal gets a full page and is then timed two ways: at rest (the page
only) and printing (new characters every frame, as at 9600 baud). The frames
include everything a real frame does: events, the throttle, drawing, the flip.
"""

from __future__ import annotations

import time

from ...terminals import WINDOW_TERMINALS, open_window
from ...terminals.pacing import SimulatedClock
from ...terminals.window.terminal import headless

SIZE = (1024, 768)
FRAMES = 600
PAGE_LINE = b" 0  1  2  3  4  5  0   PLAYER 2 IS THE WINNER  XXXXXX$$$$$$&&&&&& LIFE2 1978"


def _page(columns: int, rows: int) -> bytes:
    line = (PAGE_LINE * 2)[:columns]
    return (line + b"\r\n") * rows


def measure(name: str) -> tuple[float, float]:
    """(frames per second at rest, while printing) for one terminal."""
    terminal = open_window(name, clock=SimulatedClock(), size=SIZE, sound=False, baud=0)
    with terminal:
        full = _page(72 if name == "teletype" else 80, 64 if name == "teletype" else 24)
        terminal.write(full)
        terminal.settle(1.0)
        started = time.perf_counter()
        for _ in range(FRAMES):
            terminal.frame()
        rest = FRAMES / (time.perf_counter() - started)
        chunk = _page(72, 1)[:16]  # 16 characters a frame: 9600 baud at 60 frames a second
        started = time.perf_counter()
        for _ in range(FRAMES):
            terminal.throttle.feed(chunk)
            terminal.frame()
        printing = FRAMES / (time.perf_counter() - started)
    return rest, printing


GOAL = 240
"""Frames per second: four times 60, so a slower machine still keeps up."""


def bench() -> int:
    """Prints the figures; the status is 1 if a terminal falls short of the goal."""
    headless()
    print(
        f"life2 bench --render: {SIZE[0]}x{SIZE[1]}, headless, effects on, a full page, {FRAMES} frames each"
    )
    short = False
    for name in WINDOW_TERMINALS:
        rest, printing = measure(name)
        short = short or min(rest, printing) < GOAL
        print(
            f"  {name:9} {rest:7.0f} fps at rest, {printing:7.0f} fps printing (goal 240: 4x headroom at 60)"
        )
    return 1 if short else 0
