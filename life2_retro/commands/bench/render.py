"""`life2 bench --render`: frames per second of each pygame terminal, headless, 1024x768.

Each terminal gets a full page and is then timed two ways: at rest (the page
only) and printing (new characters every frame, as at 9600 baud). The frames
include everything a real frame does: events, the throttle, drawing, the flip.

It times every effect on (the goal: 240 frames a second), every effect off,
and each effect alone, in one run on one window, in rounds that take turns so
that a machine's drift falls on all of them alike; each figure is the median
of its rounds. The cost of an effect is its frame time alone less the frame
time with none, and its ratio is the frames a second it leaves of those with
none.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ...terminals import WINDOW_TERMINALS, open_window
from ...terminals.pacing import SimulatedClock
from ...terminals.window.terminal import headless

SIZE = (1024, 768)
FRAMES = 300
ROUNDS = 3
WARM_UP = 60
"""Frames printed before timing a set of effects: characters drawn once, afterglow under way."""
PAGE_LINE = b" 0  1  2  3  4  5  0   PLAYER 2 IS THE WINNER  XXXXXX$$$$$$&&&&&& LIFE2 1978"
GOAL = 240
"""Frames per second: four times 60, so a slower machine still keeps up."""


def _page(columns: int, rows: int) -> bytes:
    line = (PAGE_LINE * 2)[:columns]
    return (line + b"\r\n") * rows


def _open(name: str) -> Any:
    terminal = open_window(name, clock=SimulatedClock(), size=SIZE, sound=False, baud=0)
    terminal.write(_page(72 if name == "teletype" else 80, 64 if name == "teletype" else 24))
    return terminal


def _time(terminal: Any, frames: int) -> tuple[float, float]:
    """(frames per second at rest, while printing) with the terminal's effects as they are."""
    chunk = _page(72, 1)[:16]  # 16 characters a frame: 9600 baud at 60 frames a second
    for _ in range(WARM_UP):
        terminal.throttle.feed(chunk)
        terminal.frame()
    terminal.settle(1.0)
    started = time.perf_counter()
    for _ in range(frames):
        terminal.frame()
    rest = frames / (time.perf_counter() - started)
    started = time.perf_counter()
    for _ in range(frames):
        terminal.throttle.feed(chunk)
        terminal.frame()
    printing = frames / (time.perf_counter() - started)
    return rest, printing


def measure(name: str) -> tuple[float, float]:
    """(frames per second at rest, while printing) for one terminal, every effect on."""
    with _open(name) as terminal:
        return _time(terminal, FRAMES)


def measure_effects(name: str, rounds: int = ROUNDS) -> dict[str, tuple[float, float]]:
    """For "all", "none" and each effect alone: the median (at rest, printing) of `rounds`."""
    with _open(name) as terminal:
        effects = terminal.effects.all_names()
        sets = {"all": frozenset(effects), "none": frozenset()} | {e: frozenset({e}) for e in effects}
        figures: dict[str, list[tuple[float, float]]] = {label: [] for label in sets}
        for _ in range(rounds):
            for label, names in sets.items():
                terminal.use_effects(names)
                figures[label].append(_time(terminal, FRAMES))
        terminal.use_effects(frozenset(effects))
    return {
        label: (statistics.median(r for r, _ in runs), statistics.median(p for _, p in runs))
        for label, runs in figures.items()
    }


def bench() -> int:
    """Prints the figures; the status is 1 if a terminal with every effect on falls short of the goal."""
    headless()
    print(
        f"life2 bench --render: {SIZE[0]}x{SIZE[1]}, headless, a full page; frames a second at rest and "
        f"printing 16 characters a frame (9600 baud); medians of {ROUNDS} rounds of {FRAMES} frames"
    )
    short = []
    for name in WINDOW_TERMINALS:
        figures = measure_effects(name)
        none_rest, none_printing = figures["none"]
        print(f"  {name:22} {'at rest':>8} {'printing':>9} {'vs none':>8} {'ms printing':>12}")
        for label, (rest, printing) in figures.items():
            shown = {"all": "every effect", "none": "no effect"}.get(label, f"{label} alone")
            cost = 1000 / printing - 1000 / none_printing
            print(
                f"    {shown:20} {rest:8.0f} {printing:9.0f} {printing / none_printing:7.2f}x {cost:+11.3f}"
            )
        worst = min(figures["all"])
        if worst < GOAL:
            short.append(name)
    verdict = "all at least" if not short else f"{', '.join(short)} below"
    print(f"  goal: every effect on, {GOAL} frames a second at rest and printing: {verdict} {GOAL}")
    return 1 if short else 0
