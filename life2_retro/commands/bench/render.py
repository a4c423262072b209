"""`life2 bench --render`: frames per second of each pygame terminal, headless, at a window size.

Each terminal gets a full page and is then timed two ways: at rest (the page
only) and printing (new characters every frame, as at 9600 baud). The frames
include everything a real frame does: events, the throttle, drawing, the flip.

It times every effect on (the goal: 240 frames a second up to 1920x1080, 60 at
3840x2160), every effect off, and each effect alone, in one run on one window
(1024x768 unless `--size` says), in rounds that take turns so that a machine's
drift falls on all of them alike; each figure is the median of its rounds. A
larger window draws fewer frames a round, so a round takes about as long at
any size. The cost of an effect is its frame time alone less the frame time
with none, and its ratio is the frames a second it leaves of those with none.

The figures are frames per CPU-second: the process's CPU time, which another
process on the machine does not change (headless, SDL's dummy drivers start no
thread, and no sound is played). On a core of its own a terminal draws that
many frames a second; the frames per wall second with every effect on follow,
as the load left them.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any

from ...terminals import WINDOW_TERMINALS, open_window
from ...terminals.pacing import SimulatedClock
from ...terminals.window.terminal import headless

SIZE = (1024, 768)
FRAMES = 300
"""Frames timed each way at 1024x768; a larger window times fewer (at least MIN_FRAMES)."""
MIN_FRAMES = 40
ROUNDS = 3
WARM_UP = 60
"""Frames printed before timing a set of effects: characters drawn once, afterglow under way."""
PAGE_LINE = b" 0  1  2  3  4  5  0   PLAYER 2 IS THE WINNER  XXXXXX$$$$$$&&&&&& LIFE2 1978"
GOALS = ((1920 * 1080, 240), (3840 * 2160, 60))
"""Frames per second asked for, by a frame's pixels: 240 up to 1920x1080 (four times 60, so a
slower machine still keeps up), 60 up to 3840x2160 (issue 27)."""


def goal(size: tuple[int, int]) -> int:
    """The frames a second a terminal must draw at this size, every effect on."""
    pixels = size[0] * size[1]
    return next((rate for most, rate in GOALS if pixels <= most), GOALS[-1][1])


def frames_for(size: tuple[int, int], frames: int | None = None) -> int:
    """`frames` (FRAMES) at 1024x768; in a larger window fewer, in proportion to its pixels, but not
    under MIN_FRAMES."""
    frames = FRAMES if frames is None else frames
    scaled = round(frames * SIZE[0] * SIZE[1] / (size[0] * size[1]))
    return min(frames, max(MIN_FRAMES, scaled))


def _page(columns: int, rows: int) -> bytes:
    line = (PAGE_LINE * 2)[:columns]
    return (line + b"\r\n") * rows


def _open(name: str, size: tuple[int, int] = SIZE) -> Any:
    terminal = open_window(name, clock=SimulatedClock(), size=size, sound=False, baud=0)
    terminal.write(_page(72 if name == "teletype" else 80, 64 if name == "teletype" else 24))
    return terminal


@dataclass(frozen=True)
class FrameRates:
    """Frames a second at rest and while printing: per CPU-second, and per wall second."""

    rest: float
    printing: float
    rest_wall: float
    printing_wall: float


def _frames(terminal: Any, frames: int, chunk: bytes | None) -> tuple[float, float]:
    """(frames per CPU-second, per wall second) of `frames` frames, fed `chunk` each when printing."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(frames):
        if chunk is not None:
            terminal.throttle.feed(chunk)
        terminal.frame()
    return frames / (time.process_time() - cpu), frames / (time.perf_counter() - wall)


def _time(terminal: Any, frames: int, warm_up: int = WARM_UP) -> FrameRates:
    """At rest and while printing, with the terminal's effects as they are."""
    chunk = _page(72, 1)[:16]  # 16 characters a frame: 9600 baud at 60 frames a second
    for _ in range(warm_up):
        terminal.throttle.feed(chunk)
        terminal.frame()
    terminal.settle(1.0)
    rest, rest_wall = _frames(terminal, frames, None)
    printing, printing_wall = _frames(terminal, frames, chunk)
    return FrameRates(rest, printing, rest_wall, printing_wall)


def measure(name: str, size: tuple[int, int] = SIZE) -> FrameRates:
    """One terminal, every effect on."""
    with _open(name, size) as terminal:
        return _time(terminal, frames_for(size), frames_for(size, WARM_UP))


def measure_effects(name: str, rounds: int = ROUNDS, size: tuple[int, int] = SIZE) -> dict[str, FrameRates]:
    """For "all", "none" and each effect alone: the medians of `rounds`."""
    frames, warm_up = frames_for(size), frames_for(size, WARM_UP)
    with _open(name, size) as terminal:
        effects = terminal.effects.all_names()
        sets = {"all": frozenset(effects), "none": frozenset()} | {e: frozenset({e}) for e in effects}
        figures: dict[str, list[FrameRates]] = {label: [] for label in sets}
        for _ in range(rounds):
            for label, names in sets.items():
                terminal.use_effects(names)
                figures[label].append(_time(terminal, frames, warm_up))
        terminal.use_effects(frozenset(effects))
    return {label: _median(runs) for label, runs in figures.items()}


def _median(runs: list[FrameRates]) -> FrameRates:
    return FrameRates(
        statistics.median(run.rest for run in runs),
        statistics.median(run.printing for run in runs),
        statistics.median(run.rest_wall for run in runs),
        statistics.median(run.printing_wall for run in runs),
    )


def bench(size: tuple[int, int] = SIZE) -> int:
    """Prints the figures; the status is 1 if a terminal with every effect on falls short of the goal
    per CPU-second (a core of its own could not keep up)."""
    from .machine import describe

    headless()
    target = goal(size)
    print(
        f"life2 bench --render: {size[0]}x{size[1]}, headless, a full page; frames per CPU-second at rest "
        f"and printing 16 characters a frame (9600 baud); medians of {ROUNDS} rounds of "
        f"{frames_for(size)} frames"
    )
    print(f"  on {describe()}")
    short = []
    for name in WINDOW_TERMINALS:
        figures = measure_effects(name, size=size)
        none = figures["none"]
        print(f"  {name:22} {'at rest':>8} {'printing':>9} {'vs none':>8} {'ms printing':>12}")
        for label, rates in figures.items():
            shown = {"all": "every effect", "none": "no effect"}.get(label, f"{label} alone")
            cost = 1000 / rates.printing - 1000 / none.printing
            print(
                f"    {shown:20} {rates.rest:8.0f} {rates.printing:9.0f} "
                f"{rates.printing / none.printing:7.2f}x {cost:+11.3f}"
            )
        every = figures["all"]
        print(
            f"    per wall second, every effect on: {every.rest_wall:.0f} at rest, "
            f"{every.printing_wall:.0f} printing (what the load left)"
        )
        if min(every.rest, every.printing) < target:
            short.append(name)
    verdict = "all at least" if not short else f"{', '.join(short)} below"
    print(f"  goal: every effect on, {target} frames per CPU-second at rest and printing: {verdict} {target}")
    return 1 if short else 0
